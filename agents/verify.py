"""`arcadia verify RUN`: re-execute a run's recorded requests and compare the grades.

Each attempt's `traces/<task>/<attempt>.jsonl` is replayed in a fresh episode of the task's
pinned world (each recorded HTTP request sent again as it was; a recorded tool call that
made no request called again as a tool), the episode is graded as the runner grades it, and
the result is compared with the attempt's row of `results.jsonl`: the class and score, the
grade's outcome, every check and guard verdict, the world's own record (the restaurant's
`shift`, and its `.shift.jsonl` byte for byte), and the replayed trace itself (every
request's status and response; a line deleted or moved shows). Before any replay the seal,
the rows and each world's stored evidence are checked (`arcadia.agents.seal.evidence`) and
the corpus is re-hashed: the task files the run names must hash as sealed, and to the
manifest's corpus hash.

An attempt whose agent failed on its own (crashed, timed out, over budget, malformed
output) scored 0 whatever its grade: its grade is still compared. An environment error is
replayed too (whatever the sample): its replay must fail as well, or it is a mismatch (an
attempt left out of every denominator that the platform can run: resume the run to retry
it).

`--attempts sample:N` replays N attempts drawn with a `random.Random` seeded from the
seal's sha256, so the same run always draws the same sample. The verdict is written to
RUN/verification.json, bound to the manifest's sha256 and signed with this machine's key
(`seal.write_record`); the leaderboard ranks a run only with such a record.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import orjson

from arcadia.agents.base import Budget
from arcadia.agents.registry import ReplayAgent
from arcadia.agents.runner import (
    WorldRelease,
    corpus_hash,
    load_tasks,
    package_version,
    run_attempt,
)
from arcadia.agents.seal import Problem, evidence, fmt, problem, seal_digest, task_hash
from arcadia.agents.seal import write_record as _write_record
from arcadia.grader import Environment, Task

__all__ = ["FAULTS", "VerifyResult", "pick", "resolve_corpus", "verify_run"]

REPO = Path(__file__).resolve().parents[1]
# A row's detail when the agent failed on its own: class agent_error, score 0, whatever the
# world shows (the runner's words).
FAULTS = ("timed out", "budget exceeded", "malformed output", "crashed")
# The row's fields a replay recomputes (beside class and score); usage (tokens, cost,
# turns, duration) and retries are the run's report, which a replay cannot re-measure.
COMPARED = ("situation", "apps", "outcome", "graded_score", "checks", "guards")
Row = dict[str, Any]


class _Replayer(ReplayAgent):
    """The replay agent on entries already read (a verify reads each trace once)."""

    def __init__(self, entries: list[Row]) -> None:
        self._entries = entries

    def entries(self, task_id: str) -> list[Row]:
        return self._entries


def resolve_corpus(manifest: dict[str, Any], tasks: Path | None = None) -> Path:
    """The task files a run names: `tasks`, else the manifest's corpus as written (from the
    working directory), else below the repository."""
    if tasks is not None:
        return tasks
    if not manifest.get("corpus"):
        raise FileNotFoundError("the manifest names no corpus; pass --tasks")
    named = Path(str(manifest["corpus"]))
    if named.exists():
        return named
    if not named.is_absolute() and (REPO / named).exists():
        return REPO / named
    raise FileNotFoundError(f"the run's corpus {named} is not here; pass --tasks")


def pick(
    manifest: dict[str, Any], keys: Sequence[tuple[str, int]], n: int | None
) -> list[tuple[str, int]]:
    """All `keys`, or `n` of them drawn from the seal's sha256 (the same run, the same
    sample)."""
    ordered = sorted(keys)
    if n is None or n >= len(ordered):
        return ordered
    rng = random.Random(int(seal_digest(manifest), 16))
    return sorted(rng.sample(ordered, n))


def _plain(entry: Row) -> bytes:
    """A trace line as it is compared: without the tool call that caused it (a replay
    resends the request itself), in the runner's bytes."""
    return orjson.dumps(
        {k: v for k, v in entry.items() if k != "call"}, default=str, option=orjson.OPT_SORT_KEYS
    )


def _trace_diff(recorded: list[Row], replayed: list[Row]) -> str | None:
    for n, (a, b) in enumerate(zip(recorded, replayed, strict=False), 1):
        if a.get("request") is None and b.get("request") is not None:
            # A call another process made (a remote MCP server): its request was never
            # seen here, and its replay goes direct; the status is what compares.
            same = a.get("status") == b.get("status")
        else:
            same = _plain(a) == _plain(b)
        if not same:
            ra, rb = a.get("request") or {}, b.get("request") or {}
            return (
                f"trace line {n} differs on replay (recorded {ra.get('method')} "
                f"{ra.get('path')} -> {a.get('status')}, replayed {rb.get('method')} "
                f"{rb.get('path')} -> {b.get('status')})"
            )
    if len(recorded) != len(replayed):
        return f"the trace holds {len(recorded)} lines, its replay made {len(replayed)}"
    return None


def _expected(row: Row, got: Row) -> tuple[str | None, float | None]:
    """The class and score the row should hold, given the replayed grade."""
    if str(row.get("detail") or "").startswith(FAULTS):
        return "agent_error", 0.0
    return got["class"], got["score"]


def _files_of(record: Any, task: str, attempt: int, run_dir: Path) -> list[str]:
    """The world record's own files (a shift trace), written anew and compared with the
    stored ones byte for byte."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        record.write(Path(tmp), task, attempt)
        for path in sorted((Path(tmp) / "traces").rglob("*")):
            if not path.is_file():
                continue
            rel = path.relative_to(tmp).as_posix()
            stored = run_dir / rel
            if not stored.exists():
                out.append(f"{rel} is missing (its replay writes one)")
            elif stored.read_bytes() != path.read_bytes():
                out.append(f"{rel} differs from the one its replay writes")
    return out


async def _replay_one(
    env: Environment, run_dir: Path, task: Task, row: Row, budget: Budget
) -> list[Problem]:
    attempt = int(row["attempt"])
    path = run_dir / "traces" / task.id / f"{attempt}.jsonl"
    where = (task.id, attempt)
    if not path.exists():
        return [problem(f"its trace {path.relative_to(run_dir)} is missing", *where)]
    try:
        entries = [orjson.loads(x) for x in path.read_bytes().splitlines() if x.strip()]
    except orjson.JSONDecodeError:
        return [problem("its trace is not JSON lines", *where)]
    result = await run_attempt(env, task, _Replayer(entries), attempt, budget)
    got = result.row
    if row.get("class") == "environment_error":
        if got["class"] == "environment_error":
            return []  # the platform fails here too: confirmed, out of every denominator
        return [
            problem(
                f"recorded as an environment error ({row.get('detail')}), but its "
                f"replay runs and grades ({got['class']}, score {got['score']!r}): "
                "resume the run (`arcadia eval --resume`) to retry it",
                *where,
            )
        ]
    if got["class"] == "environment_error":
        return [problem(f"its replay met an environment error: {got['detail']}", *where)]
    out = []
    cls, score = _expected(row, got)
    if row.get("class") != cls:
        out.append(f"class {row.get('class')!r} recorded, {cls!r} on replay")
    if row.get("score") != score:
        out.append(f"score {row.get('score')!r} recorded, {score!r} on replay")
    if not str(row.get("detail") or "").startswith(FAULTS) and row.get("detail") != got["detail"]:
        out.append(f"detail {row.get('detail')!r} recorded, {got['detail']!r} on replay")
    for key in COMPARED:
        if key in ("checks", "guards"):
            out += _verdicts(key, row.get(key) or [], got.get(key) or [])
        elif row.get(key) != got.get(key):
            out.append(f"{key} {row.get(key)!r} recorded, {got.get(key)!r} on replay")
    if result.record is not None:
        key = result.record.key
        if row.get(key) != got.get(key):
            out.append(f"its {key} differs from its replay's")
        out += _files_of(result.record, task.id, attempt, run_dir)
    else:
        extra = [k for k, v in row.items() if isinstance(v, dict) and k not in got]
        if extra:
            out.append(f"its row holds {', '.join(extra)}, its replay makes none")
    diff = _trace_diff(entries, result.trace)
    if diff:
        out.append(diff)
    return [problem(what, *where) for what in out]


def _verdicts(kind: str, recorded: list[Row], replayed: list[Row]) -> list[str]:
    """Each check's or guard's verdict (passed, state, weight, reason), by id."""
    name = kind[:-1]
    a = {str(v.get("id")): v for v in recorded}
    b = {str(v.get("id")): v for v in replayed}
    out = []
    for vid in sorted(set(a) | set(b)):
        if vid not in b:
            out.append(f"{name} {vid} recorded, not in its task's grade")
        elif vid not in a:
            out.append(f"{name} {vid} of its task's grade is not recorded")
        elif a[vid] != b[vid]:
            fields = sorted(k for k in set(a[vid]) | set(b[vid]) if a[vid].get(k) != b[vid].get(k))
            shown = ", ".join(
                f"{k} {a[vid].get(k)!r} recorded, {b[vid].get(k)!r} on replay" for k in fields
            )
            out.append(f"{name} {vid}: {shown}")
    return out


class VerifyResult(dict[str, Any]):
    """The verdict: `problems` (each naming its file or attempt), `replayed`, `attempts`,
    `environment_errors`, `mode`, and the sample drawn."""

    @property
    def ok(self) -> bool:
        return not self["problems"]


def _corpus_problems(manifest: dict[str, Any], tasks: Sequence[Task]) -> list[Problem]:
    sealed = (manifest.get("seal") or {}).get("tasks") or {}
    out = []
    here = corpus_hash(tasks)
    if manifest.get("corpus_hash") != here:
        out.append(
            problem(
                f"the run is on corpus hash {str(manifest.get('corpus_hash'))[:12]}, "
                f"its corpus {manifest.get('corpus')} hashes {here[:12]} here"
            )
        )
    by_id = {t.id: t for t in tasks}
    unsealed = sorted(set(by_id) - set(sealed))
    if sealed and unsealed:
        out.append(
            problem(
                f"the corpus here has {len(unsealed)} task(s) the run did not "
                f"seal: {', '.join(unsealed[:5])}"
            )
        )
    for tid, digest in sorted(sealed.items()):
        if tid not in by_id:
            out.append(problem("the task is not in the corpus here", tid))
        elif task_hash(by_id[tid]) != digest:
            out.append(problem("the task file differs from the one the run sealed", tid))
    return out


async def verify_run(
    run_dir: Path,
    env: Environment,
    *,
    sample: int | None = None,
    tasks: Path | None = None,
    concurrency: int = 8,
    write: bool = True,
    only: Sequence[tuple[str, int]] | None = None,
    via: str = "verify",
) -> VerifyResult:
    """Verify a run directory (see the module docstring); with `write`, record the verdict
    in RUN/verification.json. `only`: replay just these attempts (a targeted re-check,
    whose verdict is never recorded)."""
    manifest_path = run_dir / "manifest.json"
    manifest = orjson.loads(manifest_path.read_bytes()) if manifest_path.exists() else {}
    problems = evidence(run_dir)
    rows: dict[tuple[str, int], Row] = {}
    for line in (
        (run_dir / "results.jsonl").read_bytes().splitlines()
        if (run_dir / "results.jsonl").exists()
        else []
    ):
        try:
            r = orjson.loads(line)
        except orjson.JSONDecodeError:
            continue
        rows[(str(r.get("task")), r.get("attempt"))] = r  # type: ignore[index]
    loaded: list[Task] = []
    try:
        loaded = load_tasks(resolve_corpus(manifest, tasks))
    except (FileNotFoundError, ValueError) as e:
        problems.append(problem(f"the run's tasks could not be loaded: {e}"))
    problems += _corpus_problems(manifest, loaded) if loaded else []
    by_id = {t.id: t for t in loaded}
    replayable = [
        key
        for key, r in rows.items()
        if r.get("class") != "environment_error" and key[0] in by_id and isinstance(key[1], int)
    ]
    # Every environment error is replayed, whatever the sample: one that its replay does
    # not meet is an attempt left out of the denominators for nothing (or by an edit).
    failed = sorted(
        key
        for key, r in rows.items()
        if r.get("class") == "environment_error" and key[0] in by_id and isinstance(key[1], int)
    )
    chosen = sorted({*pick(manifest, replayable, sample), *failed})
    if only is not None:
        chosen, write = [k for k in chosen if k in set(only)], False
    budget = Budget(
        max_seconds=float((manifest.get("budget") or {}).get("max_seconds") or 300.0),
        max_turns=10**6,
    )
    gate = asyncio.Semaphore(concurrency)
    worlds = WorldRelease(env, [by_id[k[0]] for k in chosen])

    async def one(key: tuple[str, int]) -> list[Problem]:
        async with gate:
            try:
                return await _replay_one(env, run_dir, by_id[key[0]], rows[key], budget)
            finally:
                worlds.done(by_id[key[0]])

    # World order, so that each world's template is made (or read) once.
    order = sorted(chosen, key=lambda k: (worlds.key(by_id[k[0]]), k))
    for found in await asyncio.gather(*(one(k) for k in order)):
        problems += found
    result = VerifyResult(
        mode="all"
        if len(chosen) == len(replayable) + len(failed)
        else f"sample:{sample}"
        if only is None
        else "only",
        attempts=len(rows),
        replayed=len(chosen),
        sample=[list(k) for k in chosen] if sample is not None else None,
        environment_errors=sum(1 for r in rows.values() if r.get("class") == "environment_error"),
        problems=problems,
        verifier={"package_version": package_version()},
        via=via,
    )
    if write:
        _write_record(run_dir, dict(result))
    return result


def print_result(result: VerifyResult, console: Any) -> None:
    """The mismatches by attempt (the run's own first), then the verdict line."""
    by: dict[str, list[str]] = {}
    for p in result["problems"]:
        head = (
            "run"
            if p.get("task") is None
            else (p["task"] if p.get("attempt") is None else f"{p['task']} attempt {p['attempt']}")
        )
        by.setdefault(head, []).append(p["what"])
    for head in sorted(by, key=lambda h: (h != "run", h)):
        console.print(f"{head}:", markup=False)
        for what in by[head]:
            console.print(f"  {what}", markup=False)
    verdict = "verified" if result.ok else f"NOT VERIFIED: {len(result['problems'])} mismatch(es)"
    console.print(
        f"{verdict} | replayed {result['replayed']} of {result['attempts']} attempts "
        f"({result['mode']}) | environment errors {result['environment_errors']}",
        markup=False,
    )


__all__ += ["fmt", "print_result"]
