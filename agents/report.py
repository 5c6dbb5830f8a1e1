"""A run's report: summary.json, report.html, its leaderboard line, leaderboards, comparisons.

Everything here reads a run directory written by the runner (`manifest.json`,
`tasks.jsonl`, `results.jsonl`, `traces/<task>/<attempt>.jsonl`) and computes its figures
with `arcadia.agents.metrics`; nothing here runs an agent. A run of a world with scores of
its own adds them, from the world's pack (`arcadia.agents.worlds`; the restaurant's shift
scores and ranking verdict and, in report.html, each episode's timeline and rubric
reviews), and so does a leaderboard with such runs. Every summary re-checks the run's
evidence (`arcadia.agents.seal`: the seal, the rows, each world's stored evidence) and
reads its signed verification record; the leaderboard ranks only complete, verified runs
(docs/verify.md).
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
from rich.markup import escape
from rich.table import Table

from arcadia.agents._report_html import VALIDATION_ONLY, agent_label, fmt_estimate, render_html
from arcadia.agents.metrics import CLASSES, compare, load_results, summarize
from arcadia.agents.seal import evidence, fmt, record_status
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
    figures = _figures(run_dir, manifest)
    check = verification(run_dir)
    worlds = {p.world: p.report.entry(run_dir) for p in reporting()
              if p.report is not None and p.report.owns(run_dir)}
    for entry in worlds.values():
        _unrank_on_evidence(entry, check["problems"])
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
        **figures,
        **costs(figures, manifest),
        "verification": check,
        **worlds,
    }


def verification(run_dir: Path) -> dict[str, Any]:
    """What the report and the leaderboard re-check every time (docs/verify.md): the
    evidence (the seal's hashes, the rows, each world's stored evidence, e.g. every
    restaurant shift trace validated and its outcome recomputed) and this machine's signed
    record of a replay (`arcadia verify`) for the current manifest. `status` is
    "verified" or "verified by sample n/N" for a run that may be ranked, else None with
    `reasons`, each naming the file or attempt."""
    problems = _evidence(run_dir)
    status, why = record_status(run_dir)
    reasons = [fmt(p) for p in problems]
    if why is not None:
        reasons.append(why)
    return {"status": None if reasons else status, "reasons": reasons, "problems": problems}


# Evidence by the bytes it is checked from (every file of the run but what the report
# writes): a report asks three times, and re-validating shift traces is most of it.
_EVIDENCE: dict[str, list[dict[str, Any]]] = {}


def _evidence(run_dir: Path) -> list[dict[str, Any]]:
    digest = hashlib.sha256(str(run_dir.resolve()).encode())
    for path in sorted(p for p in run_dir.rglob("*") if p.is_file()):
        if path.name not in ("summary.json", "report.html"):
            digest.update(path.relative_to(run_dir).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    key = digest.hexdigest()
    if key not in _EVIDENCE:
        _EVIDENCE[key] = evidence(run_dir)
    return copy.deepcopy(_EVIDENCE[key])


def _unrank_on_evidence(entry: dict[str, Any], problems: list[dict[str, Any]]) -> None:
    """A world's own ranking verdict (`rankable`, `unranked_because`) also fails on its
    run's evidence: a row that disagrees with its trace, a broken seal."""
    if "rankable" in entry and problems:
        entry["rankable"] = False
        entry.setdefault("unranked_because", []).append(
            "evidence: " + "; ".join(fmt(p) for p in problems[:3])
            + (f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""))


def costs(figures: dict[str, Any], manifest: dict[str, Any]) -> dict[str, Any]:
    """Per attempt of a task: cost and tokens (where the agent reports them), turns and wall
    time; the environment-error rate; the corpus, its split and its hash."""
    usage = figures.get("usage") or {}
    attempts = figures.get("attempts") or 0

    def per(value: float | None) -> float | None:
        return None if value is None or not attempts else round(value / attempts, 4)

    tokens = [usage.get("input_tokens"), usage.get("output_tokens")]
    corpus = str(manifest.get("corpus") or "")
    return {
        "cost_per_task": per(usage.get("cost")),
        "tokens_per_task": per(sum(t for t in tokens if t is not None)
                               if any(t is not None for t in tokens) else None),
        "turns_per_task": per(usage.get("turns")),
        "wall_s": None if usage.get("duration_s") is None else round(usage["duration_s"], 2),
        "environment_error_rate": None if not attempts else round(
            (figures.get("classes") or {}).get("environment_error", 0) / attempts, 4),
        "corpus": corpus or None,
        "split": Path(corpus).stem if corpus.endswith(".split") else None,
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
    check = summary.get("verification") or {}
    if check.get("status"):
        parts.append(check["status"])
    elif check:
        parts.append(f"unranked: {check['reasons'][0]}" + (
            f" (+{len(check['reasons']) - 1} more)" if len(check["reasons"]) > 1 else ""))
    return " | ".join(parts)


def print_run(run_dir: Path, console: Console) -> None:
    """Print the run's leaderboard line (95% intervals: bootstrap over tasks), each guard
    kind's states, and for a run of a world with scores of its own their line (a restaurant
    run's shift scores)."""
    summary = run_summary(run_dir)
    console.print(leaderboard_line(summary), markup=False, highlight=False)
    for why in (summary.get("verification") or {}).get("reasons", [])[1:10]:
        console.print(f"  unranked: {why}", markup=False, highlight=False)
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
    """Complete, verified runs ranked by pass^1 then mean score; every other run apart,
    unranked, with the reasons (each naming its file or attempt)."""

    ranked: list[dict[str, Any]] = field(default_factory=list)
    unranked: list[dict[str, Any]] = field(default_factory=list)
    corpora: list[str] = field(default_factory=list)  # distinct corpus hashes seen
    # A world's own leaderboard of its runs among these, by the world's name (the
    # restaurant's shift board).
    boards: dict[str, dict[str, Any]] = field(default_factory=dict)

    def snapshot(self) -> dict[str, Any]:
        return {"ranked": self.ranked, "unranked": self.unranked, "corpora": self.corpora,
                **self.boards}


_ENTRY = ("run", "agent", "model", "privileged", "completed", "corpus_hash", "tasks", "k_max",
          "mean_score", "pass_k", "classes", "tool_transport", "cost_per_task",
          "tokens_per_task", "turns_per_task", "wall_s", "environment_error_rate", "corpus",
          "split")


def _entry(summary: dict[str, Any]) -> dict[str, Any]:
    entry = {key: summary.get(key) for key in _ENTRY}
    check = summary["verification"]
    entry["verified"] = check["status"]
    entry["unranked_because"] = check["reasons"]
    return entry


def _rank_key(entry: dict[str, Any]) -> tuple[float, float, str]:
    p1 = entry["pass_k"][0]["mean"] if entry["pass_k"] else None
    mean = entry["mean_score"]["mean"]
    return (-(p1 if p1 is not None else -1.0), -(mean if mean is not None else -1.0),
            entry["run"])


def _recheck_board(its_board: dict[str, Any], problems: dict[str, list[str]]) -> None:
    """A world's board ranks no run whose evidence fails (its own verdict aside)."""
    keep = []
    for e in its_board.get("ranked", []):
        why = problems.get(e.get("run"), [])
        if why:
            e.pop("rank", None)
            e["rankable"] = False
            e.setdefault("unranked_because", []).append("evidence: " + "; ".join(why[:3]))
            its_board.setdefault("unranked", []).append(e)
        else:
            keep.append(e)
    for rank, e in enumerate(keep, 1):
        e["rank"] = rank
    its_board["ranked"] = keep


def leaderboard(run_dirs: list[Path]) -> Leaderboard:
    """Rank the complete runs whose evidence holds and which this machine verified by
    replay (all attempts, or a sample: marked so); list every other run apart with why."""
    board = Leaderboard()
    problems: dict[str, list[str]] = {}
    for run_dir in run_dirs:
        summary = run_summary(run_dir)
        entry = _entry(summary)
        problems[entry["run"]] = [fmt(p) for p in summary["verification"]["problems"]]
        if entry["completed"] and entry["verified"]:
            board.ranked.append(entry)
        else:
            board.unranked.append(entry)
        if entry["corpus_hash"] and entry["corpus_hash"] not in board.corpora:
            board.corpora.append(entry["corpus_hash"])
    board.ranked.sort(key=_rank_key)
    for rank, entry in enumerate(board.ranked, 1):
        entry["rank"] = rank
    for p in reporting():
        if p.report is not None and any(p.report.owns(d) for d in run_dirs):
            board.boards[p.world] = p.report.board(run_dirs)
            _recheck_board(board.boards[p.world], problems)
    return board


def _num(value: float | None, spec: str = ".3f") -> str:
    return "-" if value is None else format(value, spec)


def print_leaderboard(runs: Sequence[Path] | Leaderboard, console: Console) -> Leaderboard:
    """Print the leaderboard of run directories (or of a built `Leaderboard`): complete,
    verified runs ranked, the others listed apart with why; returns it."""
    board = runs if isinstance(runs, Leaderboard) else leaderboard(list(runs))
    k = max((e["k_max"] for e in board.ranked + board.unranked), default=1)
    table = Table(title="Leaderboard (complete, verified runs; 95% bootstrap intervals over "
                  "tasks; per task: per attempt)")
    ks = sorted({1, k})
    for col in ("#", "agent", "verified", "tasks", *(f"pass^{i}" for i in ks), "mean score",
                "cost/task", "tokens/task", "turns/task", "env err", "wall s",
                "classes (c/p/a/e)", "corpus (split, hash)", "run"):
        table.add_column(col)

    def cells(e: dict[str, Any], rank: str) -> list[str]:
        pk = {p["k"]: fmt_estimate(p) for p in e["pass_k"]}
        corpus = f"{e.get('split') or e.get('corpus') or '-'} {str(e['corpus_hash'])[:12]}"
        return [rank, agent_label(e), e.get("verified") or "no", str(e["tasks"]),
                *(pk.get(i, "") for i in ks), fmt_estimate(e["mean_score"]),
                _num(e.get("cost_per_task"), ".4f"), _num(e.get("tokens_per_task"), ".0f"),
                _num(e.get("turns_per_task"), ".1f"),
                _num(e.get("environment_error_rate"), ".1%"), _num(e.get("wall_s"), ".1f"),
                "/".join(str(e["classes"].get(c, 0)) for c in CLASSES), corpus, e["run"]]

    for e in board.ranked:  # cells are text: "[validation only]" is not markup
        table.add_row(*(escape(c) for c in cells(e, str(e["rank"]))))
    console.print(table)
    if len(board.corpora) > 1:
        console.print(f"warning: the runs are on {len(board.corpora)} different corpora "
                      "(corpus hashes differ); their figures are not comparable.",
                      markup=False)
    if board.unranked:
        console.print("Unranked runs (incomplete, unverified, or their evidence fails):",
                      markup=False)
        for e in board.unranked:
            console.print("  " + " | ".join(cells(e, "-")[1:]), markup=False)
            for why in e["unranked_because"][:10]:
                console.print(f"    why: {why}", markup=False)
            if len(e["unranked_because"]) > 10:
                console.print(f"    ... and {len(e['unranked_because']) - 10} more",
                              markup=False)
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
        verify: Annotated[bool, typer.Option(
            help="First replay each run without a valid verification (`arcadia verify`).")
        ] = False,
    ) -> None:
        """Rank complete, verified runs (pass^1, then mean score); the others are listed apart
        with the reason. Re-checks each run's seal and evidence every time (restaurant shift
        traces validated, their outcome recomputed); replay is `arcadia verify`'s (or
        --verify's), whose signed record for the current manifest a run needs to be ranked."""
        if verify:
            import asyncio

            from arcadia.agents.verify import verify_run
            from arcadia.grader import EmbeddedEnvironment

            env = EmbeddedEnvironment()
            for run in runs:
                if (run / "results.jsonl").exists() and record_status(run)[0] is None:
                    console.print(f"verifying {run} ...", markup=False)
                    asyncio.run(verify_run(run, env))
        try:
            board = leaderboard(runs)
        except FileNotFoundError as e:
            console.print(f"arcadia: {e}", markup=False)
            raise typer.Exit(2) from None
        print_leaderboard(board, console)
        if out is not None:
            out.write_text(json.dumps(board.snapshot(), indent=2) + "\n")
