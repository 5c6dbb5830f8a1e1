"""`arcadia eval`: the main job, with a live progress bar."""

from __future__ import annotations

import asyncio
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from arcadia.agents.base import Agent, Budget
from arcadia.agents.metrics import CLASSES
from arcadia.agents.registry import AGENTS, make_agent
from arcadia.agents.runner import EvalConfig, RunDir, load_tasks, run_eval
from arcadia.agents.worlds import WORLDS, corpora, regrading
from arcadia.apps.kernel import get_settings
from arcadia.grader import (
    EmbeddedEnvironment,
    Environment,
    RemoteEnvironment,
    Task,
    TaskFormatError,
)

console = Console(highlight=False, soft_wrap=True)

REPO = Path(__file__).resolve().parents[1]
# What `arcadia eval` runs without --tasks or --world: a task of every goal kind of every
# situation and world, in few worlds (the file says which and why).
DEFAULT_SPLIT = Path("corpus") / "default.split"


def default_split() -> Path:
    """The default split: below the working directory, else in the repository."""
    return DEFAULT_SPLIT if DEFAULT_SPLIT.exists() else REPO / DEFAULT_SPLIT


def world_corpus(world: str) -> Path:
    """The corpus `--world` names (a world's pack's own corpus; the enterprise world's corpora
    are chosen with --tasks): below the working directory, else in the repository."""
    known = corpora()
    if world not in known:
        raise typer.BadParameter(f"unknown world {world!r}; known: {', '.join(sorted(known))}")
    rel = known[world]
    return rel if rel.exists() else REPO / rel


def _world_help() -> str:
    worlds = " or ".join(f"{w} ({path.as_posix()})" for w, path in corpora().items())
    return (f"A world's own corpus instead of --tasks: {worlds}; default out "
            "runs/<world>/<agent>.")


def _rubric_help() -> str:
    examples = ", ".join(p.regrader.example for p in WORLDS.values() if p.regrader)
    return f"Rubric version(s) to re-run, e.g. {examples}; repeat for several."


def _mcp_caller(url: str | None) -> Any:
    """A factory giving each session an MCP client on the tool server at `url` (one that
    forwards calls to the same apps), or an in-process MCP server on the session's apps."""
    from arcadia.agents.mcp import session_caller

    return session_caller(url)


def prebuild_templates(env: Environment, tasks: Sequence[Task]) -> int:
    """Build the templates the tasks need and the machine's cache lacks, on every core, with
    a progress bar (an embedded environment's; app processes build their own). Returns how
    many were built."""
    if not isinstance(env, EmbeddedEnvironment):
        return 0
    from arcadia.agents.prebuild import prebuild

    with Progress(TextColumn("building world templates"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=False) as progress:
        bar = progress.add_task("templates", total=None, visible=False)

        def start(n: int) -> None:
            progress.update(bar, total=n, visible=n > 0)

        return prebuild(env.store, [t.world_spec() for t in tasks],
                        on_start=start, on_built=lambda spec: progress.advance(bar))


def _run_one(cfg: EvalConfig, env: Environment, agent: Agent, n_tasks: int,
             dispatch: Any = None, report: bool = True) -> None:
    """One agent's run with a live progress bar, then its summary, report and line
    (`report=False`: the line only, when a verification that writes them follows)."""
    done_before = len({(r["task"], r["attempt"]) for r in RunDir(cfg.out).recorded()
                       if r["class"] != "environment_error"}) if cfg.resume else 0
    counts: Counter[str] = Counter()
    label = " [validation only]" if agent.privileged else ""
    with Progress(TextColumn(f"{agent.name}{label}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[rate]}"), TextColumn("{task.fields[classes]}"),
                  TimeElapsedColumn(), console=console) as progress:
        bar = progress.add_task("eval", total=n_tasks * cfg.k, completed=done_before,
                                rate="", classes="")

        def tick(row: dict[str, Any]) -> None:
            counts[row["class"]] += 1
            elapsed = progress.tasks[bar].elapsed or 0.0
            rate = sum(counts.values()) / elapsed if elapsed else 0.0
            progress.update(bar, advance=1, rate=f"{rate:.1f}/s", classes=" ".join(
                f"{c}={counts[c]}" for c in CLASSES if counts[c]))

        try:
            asyncio.run(run_eval(cfg, env, agent, on_attempt=tick,
                                 caller=_mcp_caller(None) if cfg.transport == "mcp" else None,
                                 dispatch=dispatch))
        except FileExistsError as e:
            print(f"arcadia: {e}", file=sys.stderr)
            raise typer.Exit(2) from None
    from arcadia.agents.report import print_run, write_html, write_summary

    if report:
        write_summary(cfg.out)
        write_html(cfg.out)
    print_run(cfg.out, console)
    console.print(f"report: {cfg.out / 'report.html'}")


def parse_attempts(attempts: str) -> int | None:
    """`all` -> None, `sample:N` -> N."""
    if attempts == "all":
        return None
    kind, _, n = attempts.partition(":")
    if kind != "sample" or not n.isdigit() or int(n) < 1:
        raise typer.BadParameter("--attempts is all or sample:N (N >= 1)")
    return int(n)


def verify_command(run: Path, attempts: str, tasks: Path | None, concurrency: int,
                   via: str = "verify", env: EmbeddedEnvironment | None = None) -> bool:
    """`arcadia verify` (and `submit verify`, `via="submission"`): verify, print, rewrite
    the summary and report.html; exits 1 on a mismatch. `env`: the embedded apps to replay
    in (`eval --verify`'s own, whose templates are the same images); default: new ones."""
    import orjson

    from arcadia.agents.report import write_html, write_summary
    from arcadia.agents.verify import print_result, resolve_corpus, verify_run

    sample = parse_attempts(attempts)
    env = env or EmbeddedEnvironment()
    manifest_path = run / "manifest.json"
    manifest = orjson.loads(manifest_path.read_bytes()) if manifest_path.exists() else {}
    try:
        prebuild_templates(env, load_tasks(resolve_corpus(manifest, tasks)))
    except (FileNotFoundError, ValueError, TaskFormatError):
        pass  # verify_run names the problem
    result = asyncio.run(verify_run(run, env, sample=sample, tasks=tasks,
                                    concurrency=concurrency, via=via))
    print_result(result, console)
    if via != "submission":
        from arcadia.agents.seal import origin_status

        why = origin_status(run)
        console.print("origin: run here" if why is None else f"origin: {why}", markup=False)
    if (run / "results.jsonl").exists():
        write_summary(run)
        write_html(run)  # its line says verified, or why not
    if not result.ok:
        raise typer.Exit(1)
    return True


def _factory(name: str, options: dict[str, Any]) -> Any:
    """The agent `name` made anew in each Ray worker."""
    return lambda: make_agent(name, **options)


def add_commands(app: typer.Typer) -> None:
    @app.command("eval")
    def eval_(
        agent: Annotated[list[str], typer.Option(
            help=f"One of: {', '.join(sorted(AGENTS))}; repeat to run several, each into "
            "its own run directory below --out, then the leaderboard of them.")],
        tasks: Annotated[Path | None, typer.Option(
            help="A task file, a folder of them, or a split (`*.split`, a list of task "
            "files); default: corpus/default.split.", exists=True)] = None,
        world: Annotated[str | None, typer.Option(help=_world_help())] = None,
        k: Annotated[int, typer.Option("-k", min=1, help="Attempts per task.")] = 1,
        concurrency: Annotated[int, typer.Option(min=1, help="Attempts at a time.")] = 8,
        out: Annotated[Path | None, typer.Option(
            help="Run directory (several agents: their parent). Default: runs/<tasks>/"
            "<agent>.")] = None,
        resume: Annotated[bool, typer.Option(help="Go on with the run in --out.")] = False,
        retries: Annotated[int, typer.Option(
            min=0, help="Retries of an attempt that met an environment error.")] = 2,
        max_turns: Annotated[int | None, typer.Option(
            help="Turns per attempt; default: the task's own (30 unless its world "
            "declares its own).")] = None,
        max_seconds: Annotated[float, typer.Option(help="Seconds per attempt.")] = 300.0,
        max_tokens: Annotated[int | None, typer.Option(help="Tokens per attempt.")] = None,
        max_cost: Annotated[float | None, typer.Option(help="Cost per attempt.")] = None,
        tools: Annotated[str, typer.Option(
            help="How tool calls reach the apps: http (direct) or mcp.")] = "http",
        trajectories: Annotated[Path | None, typer.Option(
            help="replay: a run directory (its traces) or one trace file.")] = None,
        url: Annotated[list[str] | None, typer.Option(
            help="APP=URL of an app process (`serve --multi`); default: embedded.")] = None,
        backend: Annotated[str, typer.Option(
            help="Where attempts run: local (this process) or ray (Ray workers, each with "
            "its own apps, or the --url processes).")] = "local",
        address: Annotated[str | None, typer.Option(
            help="--backend ray: the cluster (auto, or ray://host:10001); default: a local "
            "Ray on this machine.")] = None,
        workers: Annotated[int, typer.Option(
            min=1, help="--backend ray: Ray workers (actors).")] = 2,
        verify: Annotated[bool, typer.Option(
            help="Verify each run once it is done (`arcadia verify`: every attempt replayed), "
            "so that the leaderboard ranks it.")] = False,
    ) -> None:
        """Run K attempts per task with an agent, grade and classify each, and report.

        Writes the run directory (manifest, results.jsonl, traces, summary.json,
        report.html), prints the leaderboard line and where the report is. Exits 2 if the
        tasks or the agent could not be loaded.
        """
        if tools not in ("http", "mcp"):
            raise typer.BadParameter("--tools is http or mcp")
        if backend not in ("local", "ray"):
            raise typer.BadParameter("--backend is local or ray")
        if backend == "ray" and tools != "http":
            raise typer.BadParameter("--backend ray runs --tools http")
        if tasks is not None and world is not None:
            raise typer.BadParameter("give --tasks or --world, not both")
        if world is not None:
            tasks = world_corpus(world)
        elif tasks is None:
            tasks = default_split()
        assert tasks is not None
        try:
            loaded = load_tasks(tasks)
        except (ValueError, TaskFormatError) as e:
            print(f"arcadia: {e}", file=sys.stderr)
            raise typer.Exit(2) from None
        env: Environment = (RemoteEnvironment(dict(u.split("=", 1) for u in url),
                                              get_settings().admin_token)
                            if url else EmbeddedEnvironment())
        root = out or Path("runs") / (world or tasks.stem)
        if backend == "local":
            prebuild_templates(env, loaded)
        dirs = []
        for name in agent:
            run_dir = root / name if (len(agent) > 1 or out is None) else root
            options: dict[str, Any] = {}
            if name == "replay":
                if trajectories is None:
                    raise typer.BadParameter("the replay agent needs --trajectories")
                options["source"] = trajectories
            try:
                the_agent = make_agent(name, **options)
            except ValueError as e:
                print(f"arcadia: {e}", file=sys.stderr)
                raise typer.Exit(2) from None
            cfg = EvalConfig(agent=name, tasks=tasks, out=run_dir, k=k,
                             concurrency=concurrency, resume=resume, retries=retries,
                             transport=tools, model=getattr(the_agent, "model", None),
                             budget=Budget(max_turns=max_turns, max_seconds=max_seconds,
                                           max_tokens=max_tokens, max_cost=max_cost))
            dispatch = None
            if backend == "ray":
                from arcadia.agents.distributed import RayDispatcher

                dispatch = RayDispatcher(
                    _factory(name, options), workers=workers,
                    per_worker=max(1, concurrency // workers), address=address,
                    urls=dict(u.split("=", 1) for u in url) if url else None,
                    admin_token=get_settings().admin_token)
            try:
                _run_one(cfg, env, the_agent, len(loaded), dispatch, report=not verify)
            finally:
                if dispatch is not None:
                    dispatch.shutdown()
            dirs.append(run_dir)
        failed = False
        for run_dir in dirs if verify else []:
            try:
                # Replayed on this process's apps when they are embedded: every attempt
                # still in a fresh episode cloned from the same template images.
                verify_command(run_dir, "all", None, concurrency,
                               env=env if isinstance(env, EmbeddedEnvironment) else None)
            except typer.Exit:
                failed = True
        if len(dirs) > 1:
            from arcadia.agents.report import print_leaderboard

            print_leaderboard(dirs, console)
        if failed:
            raise typer.Exit(1)

    @app.command("regrade")
    def regrade_(
        run: Annotated[Path, typer.Argument(help="A run directory.", exists=True,
                                            file_okay=False)],
        rubric: Annotated[list[str], typer.Option(help=_rubric_help())],
        judge: Annotated[bool, typer.Option(
            help="Review with the OpenAI-compatible model of ARCADIA_JUDGE_BASE_URL, "
            "ARCADIA_JUDGE_MODEL and ARCADIA_JUDGE_API_KEY instead of the rule-based "
            "reviewer. Every reply is stored with the model id and prompt hash in "
            "RUN/judge.jsonl and replayed on the next regrade instead of asking again.")
        ] = False,
    ) -> None:
        """Re-run a trajectory rubric over a run's stored shift traces into rubric.jsonl
        (rows of other versions kept side by side); results.jsonl is never touched. Then
        rewrite summary.json and report.html."""
        from arcadia.agents.report import write_html, write_summary

        # The model reviewers first (one per world that regrades), as the versions ask.
        reviewers = {p.world: p.regrader.judge(run) for p in WORLDS.values()
                     if judge and p.regrader is not None}
        for version in rubric:
            try:
                world, regrader = regrading(version)
                rows = regrader.regrade(run, version, reviewers.get(world))
            except (KeyError, ValueError, FileNotFoundError) as e:
                print(f"arcadia: {e}", file=sys.stderr)
                raise typer.Exit(2) from None
            reviewed = [r for r in rows if "criteria" in r]
            passed = sum(int(r["passed"]) for r in reviewed)
            total = sum(int(r["total"]) for r in reviewed)
            console.print(f"{version}: {len(reviewed)} trajectories reviewed, {passed}/{total} "
                          f"criteria passed -> {run / 'rubric.jsonl'}", markup=False)
            for r in rows:
                if "criteria" not in r:
                    console.print(f"  {r['task']} attempt {r['attempt']}: not reviewed, the "
                                  f"trace is invalid: {r.get('reason')}", markup=False)
        if (run / "results.jsonl").exists():
            write_summary(run)
            console.print(f"report: {write_html(run)}", markup=False)

    @app.command("verify")
    def verify_(
        run: Annotated[Path, typer.Argument(help="A run directory.", exists=True,
                                            file_okay=False)],
        attempts: Annotated[str, typer.Option(
            help="all, or sample:N (N attempts drawn from the run's seal: the same run, "
            "the same sample).")] = "all",
        tasks: Annotated[Path | None, typer.Option(
            help="The run's task files, where its manifest's corpus is not found.",
            exists=True)] = None,
        concurrency: Annotated[int, typer.Option(min=1, help="Attempts at a time.")] = 8,
    ) -> None:
        """Re-execute every attempt's recorded requests in a fresh episode of its pinned
        world, grade it and compare with results.jsonl (class, score, each check and guard,
        the world's own record), after checking the seal, the rows and the corpus hash.
        Prints the mismatches by attempt, writes RUN/verification.json; exits 1 on any."""
        verify_command(run, attempts, tasks, concurrency)

    from arcadia.agents import submit

    submit_app = typer.Typer(help="A run as a submission: a bundle, and its re-verification.",
                             no_args_is_help=True)
    submit.add_commands(submit_app, verify_command)
    app.add_typer(submit_app, name="submit")

    env_app = typer.Typer(help="The environment API (reset/step/grade) over HTTP.",
                          no_args_is_help=True)
    app.add_typer(env_app, name="env")

    @env_app.command("serve")
    def env_serve(
        tasks: Annotated[Path, typer.Option(help="A task file or a folder of them.",
                                            exists=True)],
        host: Annotated[str, typer.Option(help="Interface to bind.")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="Port.")] = 8790,
        max_turns: Annotated[int | None, typer.Option(
            help="Steps before an episode is cut; default: the task's own.")] = None,
        opaque_ids: Annotated[bool, typer.Option(
            help="Name each task by a handle that says nothing of it (task-<12 hex>), "
            "for an agent given this API itself: a task's id can tell twins apart.")
        ] = False,
    ) -> None:
        """Serve reset/step/grade over HTTP: POST /sessions, POST /sessions/{id}/step,
        POST /sessions/{id}/grade, DELETE /sessions/{id}."""
        import uvicorn

        from arcadia.agents.env import env_server

        try:
            server = env_server(tasks, max_turns=max_turns, opaque=opaque_ids)
        except (ValueError, TaskFormatError) as e:  # a task that does not load: its world
            print(f"arcadia: {e}", file=sys.stderr)
            raise typer.Exit(2) from None
        console.print(f"environment API on http://{host}:{port} (docs: /docs)")
        uvicorn.run(server, host=host, port=port, log_level="warning")
