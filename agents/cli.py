"""The `arcadia` command: build worlds, serve the apps, print their OpenAPI documents."""

from __future__ import annotations

import asyncio
import collections
import json
import signal
import sys
import time
import traceback
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from arcadia.agents import cli_cache, cli_eval, cli_mcp, report
from arcadia.agents.adapters import harbor
from arcadia.agents.multi import GaveUp, Supervisor
from arcadia.agents.worlds import pack_of
from arcadia.apps.kernel import EpisodeStore, create_app, create_server, get_settings
from arcadia.apps.kernel.control import ControlPlane, ControlPlaneError, EnvironmentFailure
from arcadia.apps.kernel.odata.graph_mount import GRAPH_PREFIX, is_graph
from arcadia.apps.registry import APP_NAMES, load_specs
from arcadia.grader import (
    EmbeddedEnvironment,
    Environment,
    Grade,
    RemoteEnvironment,
    Task,
    TaskFormatError,
    first_failure,
    load_task,
)
from arcadia.grader.control import install_grading
from arcadia.grader.replay import ReplayError, score_steps
from arcadia.grader.task import Step
from arcadia.world import SituationSpec, WorldSpec, generate_world

app = typer.Typer(help="Arcadia: simulated enterprise worlds for measuring AI agents.",
                  no_args_is_help=True)
world_app = typer.Typer(help="Generate and inspect worlds.", no_args_is_help=True)
app.add_typer(world_app, name="world")
task_app = typer.Typer(help="Check tasks: replay gold and no-op, certify them.",
                       no_args_is_help=True)
app.add_typer(task_app, name="task")
db_app = typer.Typer(help="PostgreSQL world state (ARCADIA_DATABASE_URL).", no_args_is_help=True)
app.add_typer(db_app, name="db")
console = Console(highlight=False, soft_wrap=True)

SeedOpt = Annotated[int, typer.Option(help="World seed.")]
HeadcountOpt = Annotated[int, typer.Option(help="People in the world.")]
DebugOpt = Annotated[bool, typer.Option(help="Show tracebacks of failures.")]
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
    for line in pack_of(world.spec.name).describe(world):  # what its world adds
        console.print(line)
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
    debug: DebugOpt = False,
) -> None:
    """Replay each task's gold and its no-op, each in a fresh episode, and print the scores.

    Prints `<task id> gold=<score> noop=<score>` per task, where a score the grader could
    not give reads `ungradeable (<reason>)`, or `<task id> error=<what failed>` when the
    environment failed (an app process unreachable, or an episode it lost) and the task
    could not be judged; goes on with the others. Exits 1 if any gold is not exactly 1.0
    or any no-op not exactly 0; otherwise 3 if any task could not be judged (an
    environment failure or an ungradeable grade). A task file that is not a valid task is
    reported like `certify` does, and exits 2 before anything runs.
    """
    try:
        tasks = [load_task(f) for f in files]
    except TaskFormatError as e:
        _fail(e, debug)
        raise typer.Exit(2) from None
    env: Environment = (RemoteEnvironment(dict(u.split("=", 1) for u in url),
                                          get_settings().admin_token)
                        if url else EmbeddedEnvironment())

    async def scored(task: Task, steps: list[Step]) -> Grade:
        g = await score_steps(task, env, steps)
        if g.failure is not None:
            raise g.failure  # the platform failed: reported as `error=`, never a score
        return g

    def shown(g: Grade) -> str:
        return f"{g.score:g}" if g.score is not None else f"ungradeable ({g.reason})"

    async def judge(task: Task) -> bool | None:
        """True: gold 1 and no-op 0; False: a real miss; None: could not be judged."""
        try:
            gold = await scored(task, task.gold)
        except ReplayError as e:
            console.print(f"{task.id} gold=error  [replay failed: {e}]", markup=False)
            return False
        except (ControlPlaneError, ValueError) as e:  # refused: the task's world or actor
            console.print(f"{task.id} gold=error  [episode refused: {e}]", markup=False)
            return False
        noop = await scored(task, [])
        line = f"{task.id} gold={shown(gold)} noop={shown(noop)}"
        if gold.outcome == "fail":
            failed = [c.reason for c in gold.checks if not c.passed]
            failed += [g.reason for g in gold.guards if not g.passed]
            line += "  [gold: " + "; ".join(failed) + "]"
        console.print(line, markup=False)
        if gold.outcome == "fail" or (noop.score is not None and noop.score != 0.0):
            return False
        return None if "ungradeable" in (gold.outcome, noop.outcome) else True

    async def run() -> int:
        failed = unjudged = False
        for task in tasks:
            try:
                verdict = await judge(task)
            except EnvironmentFailure as e:
                if debug:
                    traceback.print_exception(e)
                console.print(f"{task.id} error={first_failure(e)}", markup=False)
                verdict = None
            failed = failed or verdict is False
            unjudged = unjudged or verdict is None
        return 1 if failed else 3 if unjudged else 0

    code = asyncio.run(run())
    if code:
        raise typer.Exit(code)


@task_app.command("digest")
def task_digest(
    files: Annotated[list[Path], typer.Argument(help="Task JSON files.", exists=True)],
) -> None:
    """Replay each task's gold in a fresh embedded episode and print the sha256 of its
    exchanges (every response's method, path, status and body, in order), then of them
    all: `<task id> <sha256> <n> exchanges` per task and `all <sha256> <n> exchanges`. A
    change to the apps that should change no answer must leave every line the same.
    Exits 1 if a gold step fails (`<task id> error=<why>`)."""
    import hashlib

    from arcadia.grader.digest import gold_digest

    try:
        tasks = [load_task(f) for f in files]
    except TaskFormatError as e:
        _fail(e, False)
        raise typer.Exit(2) from None

    async def run() -> int:
        env, everything, total, code = EmbeddedEnvironment(), hashlib.sha256(), 0, 0
        for task in tasks:
            try:
                digest, count = await gold_digest(env, task)
            except ReplayError as e:
                console.print(f"{task.id} error={e}", markup=False)
                code = 1
                continue
            everything.update(digest.encode())
            total += count
            console.print(f"{task.id} {digest} {count} exchanges", markup=False)
        console.print(f"all {everything.hexdigest()} {total} exchanges", markup=False)
        return code

    code = asyncio.run(run())
    if code:
        raise typer.Exit(code)


@task_app.command("certify")
def task_certify(
    files: Annotated[list[Path], typer.Argument(help="Task JSON files.", exists=True)],
    json_out: Annotated[Path | None, typer.Option(
        "--json", help="Write the certificate as JSON: {task id: {gate: {ok, reason}}}.")
    ] = None,
    verbose: Annotated[bool, typer.Option(help="Print every gate's verdict too.")] = False,
) -> None:
    """Run every gate of the validity certificate on each task (see docs/certificate.md).

    Prints `<task id> certified` or `<task id> FAILED <gate>: <reason>` (the first gate
    that failed) per task; exits 1 if any task failed a gate.
    """
    from arcadia.grader.certify import GATES, certified, certify_files, summary_line

    try:
        certs = asyncio.run(certify_files(files))
    except TaskFormatError as e:
        _fail(e, False)
        raise typer.Exit(2) from None
    for task_id, cert in certs.items():
        console.print(summary_line(task_id, cert), markup=False)
        if verbose:
            for gate in GATES:
                if gate in cert:
                    verdict = "ok" if cert[gate].ok else "FAILED"
                    console.print(f"  {gate} {verdict}: {cert[gate].reason}", markup=False)
    if json_out is not None:
        json_out.write_text(json.dumps(
            {tid: {g: {"ok": r.ok, "reason": r.reason} for g, r in cert.items()}
             for tid, cert in certs.items()}, indent=2) + "\n")
    if not all(certified(c) for c in certs.values()):
        raise typer.Exit(1)


@db_app.command("prune")
def db_prune(
    url: Annotated[str | None, typer.Option(
        help="postgresql:// URL (default: ARCADIA_DATABASE_URL).")] = None,
    all_templates: Annotated[bool, typer.Option(
        "--all-templates", help="Drop every template too, current or not.")] = False,
) -> None:
    """Drop the PostgreSQL databases nobody will use again: episodes and scratch builds
    left by stopped processes, and templates built by other code than this checkout's
    (with --all-templates, every template). Run it when no Arcadia process uses the server:
    a running process's episodes are dropped too."""
    from arcadia.apps.kernel import pg

    target = url or get_settings().database_url
    if not target:
        raise typer.BadParameter("no --url and no ARCADIA_DATABASE_URL")
    current = {spec.name: pg.code_hash(spec.seed) for spec in load_specs()}
    dropped = pg.prune(target, templates=all_templates, current=current)
    for name in dropped:
        console.print(f"dropped {name}")
    console.print(f"{len(dropped)} databases dropped")


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
    health_port: Annotated[int | None, typer.Option(
        help="--multi: port of the parent's GET /admin/health (default: after the apps').")
    ] = None,
    max_restarts: Annotated[int, typer.Option(
        help="--multi: restarts of one app allowed within --restart-window; one more exit "
        "and every app is stopped (exit 1).")] = 3,
    restart_window: Annotated[float, typer.Option(help="--multi: seconds.")] = 60.0,
    only: Annotated[list[str] | None, typer.Option(
        "--app", help="Serve only this app (repeatable; default: every app). An app's "
        "events to an app not served are not sent (calendar invitations need mail).")] = None,
    debug: DebugOpt = False,
) -> None:
    """Start the apps (embedded by default), open a demo episode and print how to use it.

    With --multi, each app runs in a child process that the parent restarts if it dies
    (see docs/episodes.md: supervision, health, lost episodes).
    """
    settings = get_settings()
    host = host or settings.host
    port = port or settings.port
    situations = [{"id": s.id, "params": s.params} for s in _situations(situation)]
    names = _apps(only)
    if multi:
        code = _serve_multi(names, host, port, seed, headcount, situations,
                            settings.admin_token, health_port=health_port or port + len(names),
                            max_restarts=max_restarts, window=restart_window, debug=debug)
        if code:
            raise typer.Exit(code)
        return
    import uvicorn

    server = create_server(load_specs(names))
    store: EpisodeStore = server.state.store
    install_grading(server, store)
    spec = WorldSpec(seed=seed, headcount=headcount, situations=_situations(situation))
    episode = store.create(spec, "demo")
    hr = next(p for p in episode.world.people if "hr" in p.roles and p.status != "terminated")
    token, _ = store.mint("demo", hr.id)
    base = f"http://{host}:{port}"
    graph = f"{base}{GRAPH_PREFIX}/v1.0" if any(map(is_graph, store.apps.values())) else None
    _print_access({name: f"{base}/{name}" for name in store.apps}, [base],
                  settings.admin_token, token, hr.name, hr.email, graph=graph)
    uvicorn.run(server, host=host, port=port, log_level="warning")


def _apps(only: list[str] | None) -> list[str]:
    """The apps `serve --app` names, in the registry's order; every app without it."""
    unknown = sorted(set(only or ()) - set(APP_NAMES))
    if unknown:
        raise typer.BadParameter(f"unknown app(s) {', '.join(unknown)}; known: "
                                 f"{', '.join(APP_NAMES)}", param_hint="--app")
    return [name for name in APP_NAMES if not only or name in only]


def _serve_multi(names: list[str], host: str, port: int, seed: int, headcount: int,
                 situations: list[dict[str, object]], admin_token: str, *,
                 health_port: int, max_restarts: int, window: float, debug: bool) -> int:
    supervisor = Supervisor({name: port + i for i, name in enumerate(names)}, host=host,
                            admin_token=admin_token, max_restarts=max_restarts, window=window)
    # On SIGTERM, unwind through `finally` so the app processes are stopped too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        with supervisor.serving_health(health_port) as health:
            supervisor.start()

            async def demo() -> tuple[str, str, str]:
                async with ControlPlane(supervisor.urls, admin_token) as plane:
                    ep = await plane.create_episode(seed=seed, headcount=headcount,
                                                    situations=situations, episode_id="demo")
                    hr = (await plane.principals(ep, role="hr"))[0]
                    token, _ = await plane.mint_token(ep, hr["id"])
                    return token, str(hr["name"]), str(hr["email"])

            token, who, email = asyncio.run(demo())
            urls = supervisor.urls
            # Each Graph app's process serves `/graph/v1.0` (the others' routes forwarded).
            graph = next((f"{urls[s.name]}{GRAPH_PREFIX}/v1.0" for s in load_specs(names)
                          if is_graph(s)), None)
            _print_access(urls, list(urls.values()), admin_token, token, who, email, health,
                          graph=graph)
            supervisor.watch()
    except (GaveUp, EnvironmentFailure, ControlPlaneError) as e:
        _fail(e, debug)
        return 1
    finally:
        supervisor.stop()
    return 0


def _fail(e: BaseException, debug: bool) -> None:
    """One line on stderr (the traceback too with --debug)."""
    if debug:
        traceback.print_exception(e)
    print(f"arcadia: {e}", file=sys.stderr, flush=True)


def _print_access(apps: dict[str, str], admins: list[str], admin_token: str,
                  token: str, who: str, email: str, health: str | None = None, *,
                  graph: str | None = None) -> None:
    """How to reach the demo episode; `who` and `email` are its principal's (the example
    of another principal is an address at the same domain). `graph` is the one base URL
    of the Graph-shaped apps."""
    console.print("Arcadia is serving:")
    for name, url in apps.items():
        console.print(f"  {name:<10} {url}   (OpenAPI: {url}/openapi.json)")
    if graph:
        console.print(f"  {'graph':<10} {graph}   (mail and calendar, as Microsoft Graph)")
    console.print(f"control plane: {', '.join(a + '/admin' for a in admins)}")
    if health:
        console.print(f"health:        {health}")
    console.print(f"admin token:   {admin_token}")
    console.print(f"demo episode:  demo, token for {who} (HR): {token}")
    console.print("A token for someone else in an episode:")
    console.print(f"  curl -X POST -H 'Authorization: Bearer {admin_token}' "
                  f"-H 'Content-Type: application/json' "
                  f"-d '{{\"principal\": \"first.last@{email.partition('@')[2]}\"}}' "
                  f"{admins[0]}/admin/episodes/demo/tokens")
    console.print("A new episode: POST /admin/episodes with {\"seed\": 0, \"situations\": "
                  "[{\"id\": \"hr-mismatch-v1\", \"params\": {\"count\": 4}}]}")


cli_eval.add_commands(app)
cli_cache.add_commands(app)
report.add_commands(app)
cli_mcp.add_commands(app)
harbor.add_commands(app)


if __name__ == "__main__":
    app()
