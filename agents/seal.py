"""A run's seal and the evidence checks that need no replay.

The runner seals a run when it completes: `manifest.json["seal"]` holds the sha256 of
`results.jsonl`, `tasks.jsonl` and every file below `traces/`, the hash of each task (its
canonical JSON, as `runner.corpus_hash` hashes it) and the corpus hash. Everything else in a
run directory (summary.json, report.html, rubric.jsonl, verification.json) is derived and
rewritten by later commands, so it is not sealed.

`evidence(run_dir)` is what the report and the leaderboard re-check every time (hashes and
bookkeeping, and each world's own stored evidence, e.g. the restaurant's shift traces,
validated and their outcome recomputed): a list of problems, each naming its file or its
attempt. Replaying the attempts is `arcadia.agents.verify`'s, whose signed record this
module reads and writes (`record_status`): a record is bound to the sha256 of the manifest
it verified, and signed with this machine's key (`cache_root()/verify.key`), so neither a
record copied from another run nor one written by hand is taken for a verification. The
runner signs the manifest it wrote the same way (`origin.json`), so a manifest relabelled
afterwards (another agent, model or privilege) is not ranked even once verified again.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import orjson

from arcadia.agents.worlds import WORLDS
from arcadia.apps.kernel.cache import cache_root
from arcadia.grader import Task

__all__ = [
    "ORIGIN",
    "RECORD",
    "origin_status",
    "write_origin",
    "Problem",
    "evidence",
    "fmt",
    "manifest_digest",
    "read_record",
    "record_status",
    "seal",
    "seal_digest",
    "task_hash",
    "write_record",
]

SEAL_VERSION = 1
SEALED_FILES = ("results.jsonl", "tasks.jsonl")
RECORD = "verification.json"
ORIGIN = "origin.json"
Problem = dict[str, Any]  # {"task": str | None, "attempt": int | None, "what": str}
Row = dict[str, Any]


def problem(what: str, task: str | None = None, attempt: int | None = None) -> Problem:
    return {"task": task, "attempt": attempt, "what": what}


def fmt(p: Problem) -> str:
    """A problem in one line: `task attempt N: what`, or the run's own."""
    if p.get("task") is None:
        return str(p["what"])
    where = p["task"] if p.get("attempt") is None else f"{p['task']} attempt {p['attempt']}"
    return f"{where}: {p['what']}"


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _canonical(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def task_hash(task: Task) -> str:
    return _sha(task.model_dump_json(by_alias=True).encode())


def _sealed_paths(run_dir: Path) -> list[str]:
    traces = run_dir / "traces"
    found = (
        sorted(p.relative_to(run_dir).as_posix() for p in traces.rglob("*") if p.is_file())
        if traces.is_dir()
        else []
    )
    return [name for name in SEALED_FILES if (run_dir / name).exists()] + found


def seal(run_dir: Path, tasks: Sequence[Task], corpus_hash: str) -> dict[str, Any]:
    """The seal of a completed run directory (deterministic: sorted, content hashes)."""
    return {
        "version": SEAL_VERSION,
        "files": {name: _sha((run_dir / name).read_bytes()) for name in _sealed_paths(run_dir)},
        "tasks": {t.id: task_hash(t) for t in sorted(tasks, key=lambda t: t.id)},
        "corpus_hash": corpus_hash,
    }


def seal_digest(manifest: dict[str, Any]) -> str:
    """The sha256 of the manifest's seal (what a sample is drawn from)."""
    return _sha(_canonical(manifest.get("seal")))


def manifest_digest(run_dir: Path) -> str | None:
    path = run_dir / "manifest.json"
    return _sha(path.read_bytes()) if path.exists() else None


def _read(path: Path) -> Any:
    return orjson.loads(path.read_bytes()) if path.exists() else None


def _rows(run_dir: Path) -> tuple[list[Row], list[Problem]]:
    """Every line of results.jsonl (a line that is not JSON is a problem, not skipped: a
    completed run has no line cut short)."""
    path = run_dir / "results.jsonl"
    rows, problems = [], []
    if not path.exists():
        return [], [problem("results.jsonl is missing")]
    for n, line in enumerate(path.read_bytes().splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(orjson.loads(line))
        except orjson.JSONDecodeError:
            problems.append(problem(f"results.jsonl line {n} is not JSON"))
    return rows, problems


def check_seal(run_dir: Path, manifest: dict[str, Any]) -> list[Problem]:
    """Each sealed file's hash; a missing, edited or foreign (unsealed) file is named, and a
    trace holding another sealed trace's bytes says whose."""
    sealed = (manifest.get("seal") or {}).get("files")
    if not isinstance(sealed, dict):
        return [
            problem(
                "the manifest holds no seal (the run did not complete, or was "
                "written before runs were sealed)"
            )
        ]
    out: list[Problem] = []
    by_hash: dict[str, list[str]] = {}
    for name, digest in sealed.items():
        by_hash.setdefault(digest, []).append(name)
    present = set(_sealed_paths(run_dir))
    for name in sorted(set(sealed) | present):
        path = run_dir / name
        if name not in sealed:
            out.append(problem(f"{name} is foreign: the seal does not list it"))
        elif not path.exists():
            out.append(problem(f"{name} is missing (sealed)"))
        else:
            digest = _sha(path.read_bytes())
            if digest == sealed[name]:
                continue
            twins = [n for n in by_hash.get(digest, []) if n != name]
            out.append(
                problem(
                    f"{name} was edited: it holds {twins[0]}'s bytes"
                    if twins
                    else f"{name} was edited (its sha256 differs from the seal)"
                )
            )
    return out


def check_rows(run_dir: Path, manifest: dict[str, Any], rows: Sequence[Row]) -> list[Problem]:
    """One row per task and attempt of the run (tasks x K, task ids the seal's), each with
    its sealed trace; a row for an attempt that never ran, a duplicate or a gap is named."""
    tasks = sorted((manifest.get("seal") or {}).get("tasks") or {})
    if not tasks:
        return []  # no seal: `check_seal` says so
    listed = [str(t.get("id")) for t in _jsonl(run_dir / "tasks.jsonl")]
    out: list[Problem] = []
    if sorted(listed) != tasks:
        out.append(problem("tasks.jsonl does not list the sealed tasks"))
    k = manifest.get("k")
    if not isinstance(k, int) or k < 1:
        return [*out, problem("the manifest has no K")]
    if isinstance(manifest.get("tasks"), int) and manifest["tasks"] != len(tasks):
        out.append(problem(f"the manifest counts {manifest['tasks']} tasks, the seal {len(tasks)}"))
    seen = Counter((r.get("task"), r.get("attempt")) for r in rows)
    sealed = (manifest.get("seal") or {}).get("files") or {}
    known = set(tasks)
    for (task, attempt), n in sorted(seen.items(), key=lambda x: (str(x[0][0]), str(x[0][1]))):
        if task not in known or not isinstance(attempt, int) or not 0 <= attempt < k:
            out.append(
                problem(
                    f"a results row for an attempt the run never ran (its "
                    f"{len(known)} tasks x K={k})",
                    task,
                    attempt,
                )
            )
            continue
        if n > 1:
            out.append(problem(f"{n} results rows for one attempt", task, attempt))
        if f"traces/{task}/{attempt}.jsonl" not in sealed:
            out.append(problem("no sealed trace for this row", task, attempt))
    for task in tasks:
        for attempt in range(k):
            if (task, attempt) not in seen:
                out.append(problem("no results row (the attempt is missing)", task, attempt))
    return out


def _jsonl(path: Path) -> list[Row]:
    if not path.exists():
        return []
    return [orjson.loads(x) for x in path.read_bytes().splitlines() if x.strip()]


def _consistency(rows: Iterable[Row]) -> list[Problem]:
    """A row's class agrees with its score, and its score with its grade."""
    out = []
    for r in rows:
        cls, score, graded = r.get("class"), r.get("score"), r.get("graded_score")
        where = (r.get("task"), r.get("attempt"))
        if cls == "environment_error":
            if score is not None:
                out.append(problem("an environment error with a score", *where))
            continue
        want = (
            "completed"
            if score == 1.0
            else "partial"
            if isinstance(score, float | int) and score > 0
            else "agent_error"
        )
        if cls != want:
            out.append(problem(f"class {cls!r} with score {score!r}", *where))
        fault = str(r.get("detail") or "") not in ("", "score 0")
        if not fault and score != graded:
            out.append(problem(f"score {score!r} is not its grade's {graded!r}", *where))
        if fault and score != 0.0:
            out.append(problem(f"an agent error ({r.get('detail')}) scored {score!r}", *where))
    return out


def evidence(run_dir: Path) -> list[Problem]:
    """Everything re-checked without replay: the run completed, its seal, its rows, each
    row's own consistency, and each world's stored evidence (`AgentsPack.evidence`)."""
    manifest = _read(run_dir / "manifest.json") or {}
    out: list[Problem] = []
    if not manifest:
        return [problem("manifest.json is missing")]
    if not manifest.get("completed"):
        out.append(problem("the run did not complete"))
    out += check_seal(run_dir, manifest)
    rows, bad = _rows(run_dir)
    out += bad
    out += check_rows(run_dir, manifest, rows)
    out += _consistency(rows)
    for pack in WORLDS.values():
        if pack.evidence is not None:
            out += pack.evidence(run_dir, rows)
    return out


# -- the signed verification record --


def _key() -> bytes:
    """This machine's verification key, made on first use (never part of a run)."""
    path = cache_root() / "verify.key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"verify.key.{os.getpid()}.tmp")
        tmp.write_bytes(os.urandom(32).hex().encode())
        tmp.chmod(0o600)
        try:
            os.link(tmp, path)  # atomic, and never replaces a key another process made
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    return path.read_bytes().strip()


def _mac(body: dict[str, Any]) -> str:
    return hmac.new(_key(), _canonical(body), hashlib.sha256).hexdigest()


def write_origin(run_dir: Path) -> Path:
    """RUN/origin.json: this machine's runner wrote the manifest as it is now (its agent,
    privilege, model, settings and seal), signed with this machine's key."""
    body = {"manifest_sha256": manifest_digest(run_dir)}
    path = run_dir / ORIGIN
    path.write_bytes(orjson.dumps({**body, "mac": _mac(body)}, option=orjson.OPT_SORT_KEYS))
    return path


def origin_status(run_dir: Path) -> str | None:
    """None when this machine's runner signed the current manifest; else why not."""
    try:
        origin = _read(run_dir / ORIGIN)
    except orjson.JSONDecodeError:
        origin = None
    if not isinstance(origin, dict):
        return (
            "not run here (no origin.json): a run made elsewhere is accepted with "
            "`arcadia submit verify`"
        )
    body = {k: v for k, v in origin.items() if k != "mac"}
    if not hmac.compare_digest(str(origin.get("mac")), _mac(body)):
        return "origin.json is not signed by this machine"
    if origin.get("manifest_sha256") != manifest_digest(run_dir):
        return "manifest.json was edited after the run (origin.json signs another manifest)"
    return None


def write_record(run_dir: Path, body: dict[str, Any]) -> Path:
    """RUN/verification.json: `body` bound to the manifest's sha256 and signed here."""
    body = {**body, "manifest_sha256": manifest_digest(run_dir)}
    path = run_dir / RECORD
    path.write_bytes(
        orjson.dumps({**body, "mac": _mac(body)}, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS)
        + b"\n"
    )
    return path


def read_record(run_dir: Path) -> dict[str, Any] | None:
    try:
        record = _read(run_dir / RECORD)
    except orjson.JSONDecodeError:
        return None
    return record if isinstance(record, dict) else None


def record_status(run_dir: Path) -> tuple[str | None, str | None]:
    """(`"verified"` or `"verified by sample n/N"`, None) for a run whose record this
    machine signed for its current manifest with no mismatch; else (None, why not)."""
    record = read_record(run_dir)
    if record is None:
        return None, "not verified (run `arcadia verify RUN`)"
    body = {k: v for k, v in record.items() if k != "mac"}
    if not hmac.compare_digest(str(record.get("mac")), _mac(body)):
        return None, "verification.json is not signed by this machine (run `arcadia verify`)"
    if record.get("manifest_sha256") != manifest_digest(run_dir):
        return None, "verification.json is for another manifest (run `arcadia verify` again)"
    if record.get("problems"):
        first = fmt(record["problems"][0])
        return None, f"verification found {len(record['problems'])} mismatch(es): {first}"
    if not record.get("replayed"):
        return None, "verification replayed no attempt (every one an environment error?)"
    if record.get("via") != "submission":
        why = origin_status(run_dir)
        if why is not None:
            return None, why
    status = (
        "verified"
        if record.get("mode") == "all"
        else f"verified by sample {record.get('replayed')}/{record.get('attempts')}"
    )
    return status + (" (submission)" if record.get("via") == "submission" else ""), None
