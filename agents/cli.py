"""The `arcadia` command: build worlds, serve the apps, print their OpenAPI documents."""

from __future__ import annotations

import asyncio
import collections
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Annotated

import httpx
import typer
from rich.console import Console

from arcadia.apps.kernel import EpisodeStore, create_app, create_server, get_settings
from arcadia.apps.kernel.control import ControlPlane
from arcadia.apps.registry import APP_NAMES, load_specs
from arcadia.grader import EmbeddedEnvironment, Environment, RemoteEnvironment, load_task
from arcadia.grader.control import install_grading
from arcadia.grader.replay import ReplayError, score_steps
from arcadia.world import SituationSpec, WorldSpec, generate_world
from arcadia.world.figures import org_figures

app = typer.Typer(help="Arcadia: simulated enterprise worlds for measuring AI agents.",
                  no_args_is_help=True)
world_app = typer.Typer(help="Generate and inspect worlds.", no_args_is_help=True)
app.add_typer(world_app, name="world")
task_app = typer.Typer(help="Check tasks: replay gold and no-op through the grader.",
                       no_args_is_help=True)
app.add_typer(task_app, name="task")
console = Console(highlight=False, soft_wrap=True)

SeedOpt = Annotated[int, typer.Option(help="World seed.")]
HeadcountOpt = Annotated[int, typer.Option(help="People in the world.")]
SituationOpt = Annotated[list[str] | None, typer.Option(
    "--situation", help="Situation to seed, as ID or ID:JSON-params; repeatable.")]


def _situations(raw: list[str] | None) -> tuple[SituationSpec, ...]:
    specs = []
    for item in raw or []:
        sid, _, params = item.partition(":")
        specs.append(SituationSpec(sid, json.loads(params) if params else {}))
    return tuple(specs)


@world_app.command("build")
def world_build(seed: SeedOpt = 0, headcount: HeadcountOpt = 800,
                situation: SituationOpt = None) -> None:
    """Generate the world for SEED and print its summary and content hash."""
    start = time.perf_counter()
    world = generate_world(WorldSpec(seed=seed, headcount=headcount,
                                     situations=_situations(situation)))
    elapsed = time.perf_counter() - start
    status = collections.Counter(p.status for p in world.people)
    console.print(f"world: {world.company_name} (seed {seed})")
    console.print(f"people: {len(world.people)}")
    console.print("status: " + ", ".join(f"{k} {status[k]}" for k in sorted(status)))
    console.print(f"departments: {len(world.departments)}")
    console.print(f"locations: {len(world.locations)}")
    org = org_figures(world)
    console.print(f"managers: {org.managers} of {org.people} current "
                  f"({org.manager_share:.1%})")
    console.print(f"span: median {org.median_span:g}, min {org.min_span}, max {org.max_span}")
    for inst in world.situations:
        console.print(f"situation: {inst.id} ({len(inst.anchors)} anchors)")
    console.print(f"now: {world.now.isoformat()}")
    console.print(f"hash: {world.content_hash()}")
    console.print(f"built in: {elapsed * 1000:.0f} ms")


@task_app.command("replay")
def task_replay(
    files: Annotated[list[Path], typer.Argument(help="Task JSON files.", exists=True)],
    url: Annotated[list[str] | None, typer.Option(
        help="APP=URL of an app process (`serve --multi`); default: embedded.")] = None,
) -> None:
    """Replay each task's gold and its no-op, each in a fresh episode, and print the scores.

    Prints `<task id> gold=<score> noop=<score>` per task; exits 1 if any gold is not
    exactly 1.0 or any no-op not exactly 0.
    """
    tasks = [load_task(f) for f in files]
    env: Environment = (RemoteEnvironment(dict(u.split("=", 1) for u in url),
                                          get_settings().admin_token)
                        if url else EmbeddedEnvironment())

    async def run() -> bool:
        ok = True
        for task in tasks:
            try:
                gold = await score_steps(task, env, task.gold)
            except ReplayError as e:
                console.print(f"{task.id} gold=error  [replay failed: {e}]")
                ok = False
                continue
            noop = await score_steps(task, env, [])
            line = f"{task.id} gold={gold.score:g} noop={noop.score:g}"
            for g in (gold, noop):
                if g.error:
                    line += f"  [grader error: {g.error}]"
            if gold.score != 1.0:
                failed = [c.reason for c in gold.checks if not c.passed]
                failed += [g.reason for g in gold.guards if not g.passed]
                line += "  [gold: " + "; ".join(failed) + "]"
            console.print(line)
            ok = ok and gold.score == 1.0 and noop.score == 0.0 and not noop.error
        return ok

    if not asyncio.run(run()):
        raise typer.Exit(1)


@app.command()
def openapi(name: Annotated[str, typer.Argument(help=f"One of: {', '.join(APP_NAMES)}.")]
            ) -> None:
    """Print an app's OpenAPI document as JSON (no server is started)."""
    if name not in APP_NAMES:
        raise typer.BadParameter(f"unknown app {name!r}; known: {', '.join(APP_NAMES)}")
    spec = load_specs([name])[0]
    doc = create_app(spec, EpisodeStore([spec])).openapi()
    sys.stdout.write(json.dumps(doc, indent=2, sort_keys=True) + "\n")


@app.command()
def serve(
    multi: Annotated[bool, typer.Option(help="Each app in its own uvicorn process.")] = False,
    host: Annotated[str | None, typer.Option(help="Interface to bind.")] = None,
    port: Annotated[int | None, typer.Option(help="Port (--multi: first app port).")] = None,
    seed: SeedOpt = 0,
    headcount: HeadcountOpt = 800,
    situation: SituationOpt = None,
) -> None:
    """Start the apps (embedded by default), open a demo episode and print how to use it."""
    settings = get_settings()
    host = host or settings.host
    port = port or settings.port
    situations = [{"id": s.id, "params": s.params} for s in _situations(situation)]
    if multi:
        _serve_multi(host, port, seed, headcount, situations, settings.admin_token)
        return
    import uvicorn

    server = create_server(load_specs())
    store: EpisodeStore = server.state.store
    install_grading(server, store)
    spec = WorldSpec(seed=seed, headcount=headcount, situations=_situations(situation))
    episode = store.create(spec, "demo")
    hr = next(p for p in episode.world.people if "hr" in p.roles and p.status != "terminated")
    token, _ = store.mint("demo", hr.id)
    base = f"http://{host}:{port}"
    _print_access({name: f"{base}/{name}" for name in store.apps}, [base],
                  settings.admin_token, token, hr.name)
    uvicorn.run(server, host=host, port=port, log_level="warning")


def _serve_multi(host: str, port: int, seed: int, headcount: int,
                 situations: list[dict[str, object]], admin_token: str) -> None:
    urls = {name: f"http://{host}:{port + i}" for i, name in enumerate(APP_NAMES)}
    # On SIGTERM, unwind through `finally` so the app processes are stopped too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    procs = []
    for i, name in enumerate(APP_NAMES):
        env = dict(os.environ, ARCADIA_APP=name, ARCADIA_ADMIN_TOKEN=admin_token)
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "--factory", "arcadia.apps.server:single",
             "--host", host, "--port", str(port + i), "--log-level", "warning"], env=env))
    try:
        for url in urls.values():
            _wait_until_up(url)

        async def demo() -> tuple[str, str]:
            async with ControlPlane(list(urls.values()), admin_token) as plane:
                ep = await plane.create_episode(seed=seed, headcount=headcount,
                                                situations=situations, episode_id="demo")
                hr = (await plane.principals(ep, role="hr"))[0]
                token, _ = await plane.mint_token(ep, hr["id"])
                return token, str(hr["name"])

        token, who = asyncio.run(demo())
        _print_access(urls, list(urls.values()), admin_token, token, who)
        for proc in procs:
            proc.wait()
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=30)


def _wait_until_up(url: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            httpx.get(f"{url}/openapi.json", timeout=2.0)
            return
        except httpx.TransportError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not come up within {timeout:.0f} s")


def _print_access(apps: dict[str, str], admins: list[str], admin_token: str,
                  token: str, who: str) -> None:
    console.print("Arcadia is serving:")
    for name, url in apps.items():
        console.print(f"  {name:<10} {url}   (OpenAPI: {url}/openapi.json)")
    console.print(f"control plane: {', '.join(a + '/admin' for a in admins)}")
    console.print(f"admin token:   {admin_token}")
    console.print(f"demo episode:  demo, token for {who} (HR): {token}")
    console.print("A token for someone else in an episode:")
    console.print(f"  curl -X POST -H 'Authorization: Bearer {admin_token}' "
                  f"-H 'Content-Type: application/json' "
                  f"-d '{{\"principal\": \"first.last@arcadia-robotics.com\"}}' "
                  f"{admins[0]}/admin/episodes/demo/tokens")
    console.print("A new episode: POST /admin/episodes with {\"seed\": 0, \"situations\": "
                  "[{\"id\": \"hr-mismatch-v1\", \"params\": {\"count\": 4}}]}")


if __name__ == "__main__":
    app()
