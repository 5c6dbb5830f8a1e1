"""`arcadia submit prepare RUN` and `arcadia submit verify BUNDLE`: a run as a submission.

A bundle is one deterministic `.tar.gz` (sorted members, zero times and owners):

- `run/`: the run directory as sealed (manifest, results.jsonl, tasks.jsonl, traces/, and
  the derived files rubric.jsonl, summary.json, report.html), never this machine's
  signatures (verification.json, origin.json);
- `tasks/<id>.json`: each task as the run sealed it, so the bundle says what was run;
- `submission.json`: the agent's declared model and settings (from the manifest: agent,
  model, K, budget, tool transport, concurrency, retries; and what `--model`/`--setting`
  declare beside), the corpus and its hash, and the manifest's sha256.

`submit verify` extracts a bundle (safely: no path leaves the folder), checks that
`submission.json` names the manifest it carries, and runs `arcadia verify` on the run
against the corpus *here* (the maintainer's; the bundle's task copies are only compared):
every attempt replayed, the verdict signed with this machine's key. A verified run is then
ranked by `arcadia leaderboard` like any run verified here (docs/verify.md).
"""

from __future__ import annotations

import gzip
import io
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import orjson
import typer
from rich.console import Console

from arcadia.agents.seal import ORIGIN, RECORD, evidence, fmt, manifest_digest

__all__ = ["BUNDLE_VERSION", "add_commands", "extract", "prepare"]

BUNDLE_VERSION = 1
SETTINGS = ("k", "budget", "tool_transport", "concurrency", "retries", "privileged")


def _members(run_dir: Path) -> list[tuple[str, bytes]]:
    out = []
    for path in sorted(p for p in run_dir.rglob("*") if p.is_file()):
        rel = path.relative_to(run_dir).as_posix()
        if rel not in (RECORD, ORIGIN):  # this machine's signatures stay here
            out.append((f"run/{rel}", path.read_bytes()))
    return out


def _tasks(manifest: dict[str, Any], tasks: Path | None) -> list[tuple[str, bytes]]:
    from arcadia.agents.runner import load_tasks
    from arcadia.agents.verify import resolve_corpus

    loaded = load_tasks(resolve_corpus(manifest, tasks))
    sealed = (manifest.get("seal") or {}).get("tasks") or {}
    return [
        (f"tasks/{t.id}.json", t.model_dump_json(by_alias=True).encode())
        for t in loaded
        if t.id in sealed
    ]


def prepare(
    run_dir: Path, out: Path, *, declared: dict[str, Any] | None = None, tasks: Path | None = None
) -> Path:
    """Write the bundle of a sealed run whose evidence holds; a ValueError names what is
    wrong otherwise."""
    problems = evidence(run_dir)
    if problems:
        raise ValueError(
            f"{run_dir} cannot be submitted: " + "; ".join(fmt(p) for p in problems[:5])
        )
    manifest = orjson.loads((run_dir / "manifest.json").read_bytes())
    submission = {
        "bundle_version": BUNDLE_VERSION,
        "agent": manifest.get("agent"),
        "model": (declared or {}).get("model") or manifest.get("model"),
        "settings": {key: manifest.get(key) for key in SETTINGS},
        "declared": declared or {},
        "package_version": manifest.get("package_version"),
        "git_revision": manifest.get("git_revision"),
        "corpus": manifest.get("corpus"),
        "corpus_hash": manifest.get("corpus_hash"),
        "manifest_sha256": manifest_digest(run_dir),
    }
    members = [
        (
            "submission.json",
            orjson.dumps(submission, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n",
        ),
        *_members(run_dir),
        *_tasks(manifest, tasks),
    ]
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(data), 0, 0o644
            tar.addfile(info, io.BytesIO(data))
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("wb") as f, gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="") as gz:
        gz.write(raw.getvalue())
    return out


def extract(bundle: Path, into: Path) -> tuple[Path, dict[str, Any]]:
    """Unpack a bundle into `into`; the run's folder and `submission.json`. A ValueError
    says why a bundle is not one."""
    into.mkdir(parents=True, exist_ok=True)
    try:
        with tarfile.open(bundle, mode="r:gz") as tar:
            tar.extractall(into, filter="data")
    except (tarfile.TarError, OSError) as e:
        raise ValueError(f"{bundle} is not a bundle: {e}") from None
    sub_path = into / "submission.json"
    run = into / "run"
    if not sub_path.exists() or not (run / "manifest.json").exists():
        raise ValueError(f"{bundle} is not a bundle: no submission.json or run/manifest.json")
    submission = orjson.loads(sub_path.read_bytes())
    if submission.get("manifest_sha256") != manifest_digest(run):
        raise ValueError("submission.json names another manifest than the run it carries")
    for name in (RECORD, ORIGIN):  # only what is signed here counts
        (run / name).unlink(missing_ok=True)
    return run, submission


def _declared(model: str | None, setting: list[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {"model": model} if model else {}
    for item in setting or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise typer.BadParameter(f"--setting takes KEY=VALUE, got {item!r}")
        out.setdefault("settings", {})[key] = value
    return out


def add_commands(app: typer.Typer, verify: Callable[..., Any]) -> None:
    """Register `submit prepare` and `submit verify` on the `submit` group; `verify` is
    `arcadia verify`'s own (`cli_eval.verify_command`: run, attempts, tasks, concurrency,
    via)."""
    console = Console(highlight=False, soft_wrap=True)

    @app.command("prepare")
    def prepare_(
        run: Annotated[Path, typer.Argument(help="A run directory.", exists=True, file_okay=False)],
        out: Annotated[
            Path | None,
            typer.Option(
                help="The bundle to write; default: RUN.submission.tar.gz beside the run."
            ),
        ] = None,
        model: Annotated[
            str | None, typer.Option(help="The model the agent ran, as the submitter declares it.")
        ] = None,
        setting: Annotated[
            list[str] | None,
            typer.Option(
                help="A declared setting of the agent, KEY=VALUE (temperature=0); repeat."
            ),
        ] = None,
        tasks: Annotated[
            Path | None,
            typer.Option(
                help="The run's task files, where its manifest's corpus is not found.", exists=True
            ),
        ] = None,
    ) -> None:
        """Write a self-contained bundle of a sealed run (run directory, manifest, the
        task files it ran, the agent's declared model and settings). Exits 1 if the run's
        seal or evidence fails."""
        target = out or run.with_name(run.name + ".submission.tar.gz")
        try:
            path = prepare(run, target, declared=_declared(model, setting), tasks=tasks)
        except (ValueError, FileNotFoundError) as e:
            console.print(f"arcadia: {e}", markup=False)
            raise typer.Exit(1) from None
        console.print(f"bundle: {path}", markup=False)

    @app.command("verify")
    def verify_(
        bundle: Annotated[
            Path, typer.Argument(help="A bundle (`submit prepare`).", exists=True, dir_okay=False)
        ],
        out: Annotated[
            Path | None,
            typer.Option(
                help="Where to unpack it (kept, verified, for the leaderboard); default: a "
                "temporary folder."
            ),
        ] = None,
        attempts: Annotated[str, typer.Option(help="all, or sample:N.")] = "all",
        tasks: Annotated[
            Path | None,
            typer.Option(
                help="The corpus here to verify against; default: the manifest's corpus, "
                "below the working directory or the repository.",
                exists=True,
            ),
        ] = None,
    ) -> None:
        """Re-verify a bundle from scratch against the corpus here: unpack, check the
        seal and the evidence, replay every attempt, compare. Exits 1 on any mismatch."""
        with tempfile.TemporaryDirectory() as tmp:
            where = out or Path(tmp)
            try:
                run, submission = extract(bundle, where)
            except ValueError as e:
                console.print(f"arcadia: {e}", markup=False)
                raise typer.Exit(1) from None
            console.print(
                f"submission: {submission.get('agent')} "
                f"({submission.get('model') or 'no model declared'}) on "
                f"{submission.get('corpus')} "
                f"{str(submission.get('corpus_hash'))[:12]}",
                markup=False,
            )
            verify(run, attempts, tasks, 8, via="submission")
            if out is not None:
                console.print(
                    f"verified run: {run} (rank it with `arcadia leaderboard`)", markup=False
                )
