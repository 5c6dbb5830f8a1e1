"""Generation in worker processes (`Generator(jobs=N)`, `taskgen generate --jobs N`) gives
the bytes one process gives: the same task files and the same generation.json."""

from __future__ import annotations

import asyncio
from pathlib import Path

from arcadia.taskgen.generate import Generator, write_corpus

# Two situations, one goal kind each (named, so that goal kinds another test registers in
# this process, which spawned workers do not know, cannot make the runs differ).
OPTIONS = {"seeds": [3], "situations": ["spend-anomaly-v1", "hr-mismatch-v1"],
           "goals": ["spend-dispute-duplicate-v2", "payroll-title-v2"], "headcount": 120,
           "count": 1}


def corpus(gen: Generator, out: Path) -> dict[Path, bytes]:
    tasks = asyncio.run(gen.run())
    write_corpus(tasks, gen.report(), out)
    return {p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*.json"))}


def test_two_workers_give_the_single_process_bytes(tmp_path: Path) -> None:
    ticks: list[str] = []
    alone = corpus(Generator(jobs=1, **OPTIONS), tmp_path / "one")
    workers = corpus(Generator(jobs=2, progress=ticks.append, **OPTIONS), tmp_path / "two")
    assert workers == alone
    assert sorted(p.parent.name for p in alone if p.name != "generation.json") == \
        ["hr-mismatch-v1", "spend-anomaly-v1"]
    assert len(ticks) == 2  # each walk a worker made reached the caller's progress
