"""A run's report: summary.json, report.html, its leaderboard line, leaderboards, comparisons.

Everything here reads a run directory written by the runner (`manifest.json`,
`tasks.jsonl`, `results.jsonl`, `traces/<task>/<attempt>.jsonl`) and computes its figures
with `arcadia.agents.metrics`; nothing here runs an agent. A run of a world with scores of
its own adds them, from the world's pack (`arcadia.agents.worlds`; the restaurant's shift
scores and ranking verdict and, in report.html, each episode's timeline and rubric
reviews), and so does a leaderboard with such runs.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import orjson
import typer
from rich.console import Console
from rich.table import Table

from arcadia.agents._report_html import VALIDATION_ONLY, agent_label, fmt_estimate, render_html
from arcadia.agents.metrics import CLASSES, compare, load_results, summarize
from arcadia.agents.worlds import WORLDS, reporting

__all__ = ["Leaderboard", "VALIDATION_ONLY", "add_commands", "agent_label", "compare_runs",
           "fmt_estimate", "leaderboard", "leaderboard_line", "print_compare",
           "print_leaderboard", "print_run", "run_summary", "write_html", "write_summary"]


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """The JSON lines of a file ([] if it is missing; a line cut short is skipped)."""
    if not path.exists():
        return []
    out = []
    for line in path.read_bytes().splitlines():
        if line.strip():
            try:
                out.append(orjson.loads(line))
            except orjson.JSONDecodeError:
                continue
    return out


def read_manifest(run_dir: Path) -> dict[str, Any]:
    path = run_dir / "manifest.json"
    return orjson.loads(path.read_bytes()) if path.exists() else {}


def _require_run(run_dir: Path) -> None:
    if not (run_dir / "results.jsonl").exists():
        raise FileNotFoundError(f"{run_dir} is not a run directory (no results.jsonl)")


def _k(manifest: dict[str, Any], rows: list[dict[str, Any]]) -> int:
    if isinstance(manifest.get("k"), int) and manifest["k"] >= 1:
        return int(manifest["k"])
    return max((r["attempt"] + 1 for r in rows), default=1)


# Figures by the bytes they are computed from: the summary, the report, the run's line and
# the leaderboard all ask for them, and their bootstrap intervals are most of a small run's
# reporting time.
_FIGURES: dict[str, dict[str, Any]] = {}


def _figures(run_dir: Path, manifest: dict[str, Any]) -> dict[str, Any]:
    digest = hashlib.sha256()
    for name in ("results.jsonl", "manifest.json"):
        path = run_dir / name
        digest.update(path.read_bytes() if path.exists() else b"\0missing")
        digest.update(b"\0")
    key = digest.hexdigest()
    if key not in _FIGURES:
        rows = load_results(run_dir)
        _FIGURES[key] = summarize(rows, _k(manifest, rows))
    return copy.deepcopy(_FIGURES[key])


def run_summary(run_dir: Path) -> dict[str, Any]:
    """The run's figures (`metrics.summarize` over its results) with who ran what, and the
    scores of its world's own, under the world's name, for a run that is a world's."""
    _require_run(run_dir)
    manifest = read_manifest(run_dir)
    return {
        "run": str(run_dir),
        "agent": manifest.get("agent"),
        "model": manifest.get("model"),
        "privileged": bool(manifest.get("privileged", False)),
        "completed": bool(manifest.get("completed", False)),
        "tool_transport": manifest.get("tool_transport"),
        "corpus_hash": manifest.get("corpus_hash"),
        "tasks_in_corpus": manifest.get("tasks"),
        "manifest": manifest,
        **_figures(run_dir, manifest),
        **{p.world: p.report.entry(run_dir) for p in reporting()
           if p.report is not None and p.report.owns(run_dir)},
    }


def write_summary(run_dir: Path) -> Path:
    """(Re)write RUN/summary.json; returns its path."""
    path = run_dir / "summary.json"
    path.write_bytes(orjson.dumps(run_summary(run_dir), option=orjson.OPT_INDENT_2) + b"\n")
    return path


def write_html(run_dir: Path) -> Path:
    """(Re)write RUN/report.html, one self-contained page; returns its path."""
    summary = run_summary(run_dir)
    rows = load_results(run_dir)
    tasks = read_jsonl(run_dir / "tasks.jsonl")
    traces = {(r["task"], r["attempt"]): read_jsonl(
        run_dir / "traces" / r["task"] / f"{r['attempt']}.jsonl") for r in rows}
    extra = "".join(p.report.section(run_dir, summary[p.world]) for p in reporting()
                    if p.report is not None and p.world in summary)
    path = run_dir / "report.html"
    page = render_html(summary, leaderboard_line(summary), tasks, rows, traces, extra)
    path.write_text(page, encoding="utf-8")
    return path


# -- text --

def leaderboard_line(summary: dict[str, Any]) -> str:
    """One line: agent, model, tasks, K, mean score and pass^1..K with 95% bootstrap
    intervals, class counts, and whether the run completed."""
    parts = [agent_label(summary), f"tasks {summary['tasks']}", f"K={summary['k_max']}",
             f"mean {fmt_estimate(summary['mean_score'])}"]
    parts += [f"pass^{p['k']} {fmt_estimate(p)}" for p in summary["pass_k"]]
    parts.append(" ".join(f"{c}={summary['classes'].get(c, 0)}" for c in CLASSES))
    parts.append("complete" if summary["completed"] else "INCOMPLETE")
    return " | ".join(parts)


def print_run(run_dir: Path, console: Console) -> None:
    """Print the run's leaderboard line (95% intervals: bootstrap over tasks), each guard
    kind's states, and for a run of a world with scores of its own their line (a restaurant
    run's shift scores)."""
    summary = run_summary(run_dir)
    console.print(leaderboard_line(summary), markup=False, highlight=False)
    for kind, n in (summary.get("by_guard") or {}).items():
        console.print(f"  guard {kind}: not triggered {n['not_triggered']}, complied "
                      f"{n['complied']}, breached {n['breached']}", markup=False,
                      highlight=False)
    for p in reporting():
        if p.report is not None and p.world in summary:
            console.print(p.report.line(summary[p.world]), markup=False, highlight=False)


# -- leaderboard --

@dataclass
class Leaderboard:
    """Completed runs ranked by pass^1 then mean score; incomplete runs apart, unranked."""

    ranked: list[dict[str, Any]] = field(default_factory=list)
    incomplete: list[dict[str, Any]] = field(default_factory=list)
    corpora: list[str] = field(default_factory=list)  # distinct corpus hashes seen
    # A world's own leaderboard of its runs among these, by the world's name (the
    # restaurant's shift board).
    boards: dict[str, dict[str, Any]] = field(default_factory=dict)

    def snapshot(self) -> dict[str, Any]:
        return {"ranked": self.ranked, "incomplete": self.incomplete, "corpora": self.corpora,
                **self.boards}


def _entry(summary: dict[str, Any]) -> dict[str, Any]:
    keep = ("run", "agent", "model", "privileged", "completed", "corpus_hash", "tasks",
            "k_max", "mean_score", "pass_k", "classes", "tool_transport")
    return {key: summary.get(key) for key in keep}


def _rank_key(entry: dict[str, Any]) -> tuple[float, float, str]:
    p1 = entry["pass_k"][0]["mean"] if entry["pass_k"] else None
    mean = entry["mean_score"]["mean"]
    return (-(p1 if p1 is not None else -1.0), -(mean if mean is not None else -1.0),
            entry["run"])


def leaderboard(run_dirs: list[Path]) -> Leaderboard:
    """Rank the completed runs; list the interrupted or partial ones apart."""
    board = Leaderboard()
    for run_dir in run_dirs:
        entry = _entry(run_summary(run_dir))
        if entry["completed"]:
            board.ranked.append(entry)
        else:
            board.incomplete.append(entry)
        if entry["corpus_hash"] and entry["corpus_hash"] not in board.corpora:
            board.corpora.append(entry["corpus_hash"])
    board.ranked.sort(key=_rank_key)
    for rank, entry in enumerate(board.ranked, 1):
        entry["rank"] = rank
    for p in reporting():
        if p.report is not None and any(p.report.owns(d) for d in run_dirs):
            board.boards[p.world] = p.report.board(run_dirs)
    return board


def print_leaderboard(runs: Sequence[Path] | Leaderboard, console: Console) -> Leaderboard:
    """Print the leaderboard of run directories (or of a built `Leaderboard`): completed
    runs ranked, incomplete ones listed apart; returns it."""
    board = runs if isinstance(runs, Leaderboard) else leaderboard(list(runs))
    k = max((e["k_max"] for e in board.ranked + board.incomplete), default=1)
    table = Table(title="Leaderboard (completed runs; 95% bootstrap intervals over tasks)")
    for col in ("#", "agent", "tasks", "mean score", *(f"pass^{i}" for i in range(1, k + 1)),
                "classes (c/p/a/e)", "run"):
        table.add_column(col)

    def cells(e: dict[str, Any], rank: str) -> list[str]:
        pk = {p["k"]: fmt_estimate(p) for p in e["pass_k"]}
        return [rank, agent_label(e), str(e["tasks"]), fmt_estimate(e["mean_score"]),
                *(pk.get(i, "") for i in range(1, k + 1)),
                "/".join(str(e["classes"].get(c, 0)) for c in CLASSES), e["run"]]

    for e in board.ranked:
        table.add_row(*cells(e, str(e["rank"])))
    console.print(table)
    if len(board.corpora) > 1:
        console.print(f"warning: the runs are on {len(board.corpora)} different corpora "
                      "(corpus hashes differ); their figures are not comparable.",
                      markup=False)
    if board.incomplete:
        console.print("Incomplete runs (interrupted or partial; not ranked):", markup=False)
        for e in board.incomplete:
            console.print("  " + " | ".join(cells(e, "-")[1:]), markup=False)
    for world, its_board in board.boards.items():
        report = WORLDS.get(world).report
        if report is not None:
            report.print_board(its_board, console)
    return board


# -- comparison --

def compare_runs(run_a: Path, run_b: Path) -> dict[str, Any]:
    """Paired differences (B - A) per task on the tasks both runs have; see
    `metrics.compare`."""
    _require_run(run_a)
    _require_run(run_b)
    ma, mb = read_manifest(run_a), read_manifest(run_b)
    ra, rb = load_results(run_a), load_results(run_b)
    result = compare(ra, rb, min(_k(ma, ra), _k(mb, rb)))
    result["a"] = {"run": str(run_a), "agent": ma.get("agent"), "model": ma.get("model"),
                   "privileged": bool(ma.get("privileged")),
                   "corpus_hash": ma.get("corpus_hash")}
    result["b"] = {"run": str(run_b), "agent": mb.get("agent"), "model": mb.get("model"),
                   "privileged": bool(mb.get("privileged")),
                   "corpus_hash": mb.get("corpus_hash")}
    return result


def print_compare(result: dict[str, Any], console: Console) -> None:
    a, b = result["a"], result["b"]
    table = Table(title=f"B - A on {result['tasks']} shared tasks, paired per task "
                  "(95% intervals: bootstrap / t)")
    for col in ("metric", "A", "B", "B - A", "bootstrap", "t", "B better / A better / ties"):
        table.add_column(col)

    def row(name: str, m: dict[str, Any]) -> None:
        d = m["diff"]

        def interval(kind: str) -> str:
            return f"[{d[kind][0]:+.3f}, {d[kind][1]:+.3f}]" if d.get(kind) else "-"

        def num(x: float | None, sign: str = "") -> str:
            return "-" if x is None else f"{x:{sign}.3f}"

        table.add_row(name, num(m["a"]), num(m["b"]), num(d["mean"], "+"), interval("bootstrap"),
                      interval("t"), f"{m['b_better']} / {m['a_better']} / {m['ties']}")

    row("mean score", result["mean_score"])
    for p in result["pass_k"]:
        row(f"pass^{p['k']}", p)
    console.print(f"A: {agent_label(a)}  {a['run']}", markup=False)
    console.print(f"B: {agent_label(b)}  {b['run']}", markup=False)
    console.print(table)
    if a["corpus_hash"] != b["corpus_hash"]:
        console.print("warning: the runs' corpus hashes differ; only shared task ids are "
                      "compared.", markup=False)
    for side in ("only_a", "only_b"):
        if result[side]:
            console.print(f"{len(result[side])} task(s) only in {side[-1].upper()} (left out): "
                          + ", ".join(result[side]), markup=False)


# -- commands --

def add_commands(app: typer.Typer) -> None:
    """Register `arcadia report` and `arcadia leaderboard`."""
    console = Console(highlight=False, soft_wrap=True)

    @app.command("report")
    def report_(
        run: Annotated[Path, typer.Argument(help="A run directory.", exists=True,
                                            file_okay=False)],
        run_b: Annotated[Path | None, typer.Argument(
            help="A second run: compare the two, paired per task.", exists=True,
            file_okay=False)] = None,
    ) -> None:
        """(Re)write a run's summary.json and report.html and print its leaderboard line;
        with two runs, print their paired comparison (B - A per shared task)."""
        try:
            if run_b is None:
                write_summary(run)
                html = write_html(run)
                print_run(run, console)
                console.print(f"report: {html}", markup=False)
            else:
                print_compare(compare_runs(run, run_b), console)
        except FileNotFoundError as e:
            console.print(f"arcadia: {e}", markup=False)
            raise typer.Exit(2) from None

    @app.command("leaderboard")
    def leaderboard_(
        runs: Annotated[list[Path], typer.Argument(help="Run directories.", exists=True,
                                                   file_okay=False)],
        out: Annotated[Path | None, typer.Option(
            help="Also write the leaderboard snapshot as JSON.")] = None,
    ) -> None:
        """Rank completed runs (pass^1, then mean score); incomplete runs are listed apart
        and never ranked."""
        try:
            board = leaderboard(runs)
        except FileNotFoundError as e:
            console.print(f"arcadia: {e}", markup=False)
            raise typer.Exit(2) from None
        print_leaderboard(board, console)
        if out is not None:
            out.write_text(json.dumps(board.snapshot(), indent=2) + "\n")
