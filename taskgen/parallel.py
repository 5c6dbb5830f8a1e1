"""Generation in worker processes: one situation per job, merged in the situations' order.

Each situation is generated on its own (its own tool usage, near-duplicate set and
`--count`), so a worker that runs one situation alone gives the bytes the single process
gives for it, and merging the parts in the situations' order gives the same corpus and the
same `generation.json` whatever the number of workers and whichever finishes first. Workers
are spawned (fresh interpreters: no state inherited from the caller), so only goal kinds
that the registry's modules register are known to them; `Generator` keeps `jobs=1` for
callers that register their own.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import queue
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from arcadia.taskgen.coverage import Funnel, Shipped


@dataclass
class Part:
    """What generating one situation left behind, for the caller's report."""

    shipped: list[Shipped]
    funnel: Funnel
    cells: set[tuple[str, str, str]]
    details: list[str]
    paraphrases: Counter[str]


_progress: Any = None  # the worker's queue of task ids walked (set by `_init`)


def _init(ticks: Any, parent: int) -> None:
    global _progress
    _progress = ticks
    # A worker outlives a killed parent otherwise (holding gigabytes): it ends itself
    # once its parent is gone.
    threading.Thread(target=_orphaned, args=(parent,), daemon=True).start()


def _orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def _tick(tid: str) -> None:
    if _progress is not None:
        _progress.put(tid)


def _situation(work: Callable[..., Part], options: dict[str, Any], situation: str) -> Part:
    """One situation in this worker, as the single process would generate it (`work`:
    `taskgen.generate.situation_part`, handed over so this module imports no generator)."""
    return work(options, situation, _tick)


async def run_parts(work: Callable[..., Part], options: dict[str, Any],
                    situations: Sequence[str], jobs: int,
                    progress: Callable[[str], None]) -> list[Part]:
    """Each situation in one of `jobs` worker processes; the parts in `situations`' order.
    `progress` gets every task id a worker walks, as it walks it."""
    ctx = multiprocessing.get_context("spawn")
    ticks = ctx.Queue()

    def drain() -> None:
        while True:
            try:
                progress(ticks.get_nowait())
            except queue.Empty:
                return

    # One process per situation (`max_tasks_per_child=1`): a worker that ran several kept
    # each one's templates and grew past 5 GB on the eight situations of 2026-12-04.
    with ProcessPoolExecutor(max_workers=max(1, min(jobs, len(situations))), mp_context=ctx,
                             initializer=_init, initargs=(ticks, os.getpid()),
                             max_tasks_per_child=1) as pool:
        # The biggest first (most goal kinds times worlds), so that the last to finish is a
        # small one; the parts are merged in `situations`' order whatever the finishing one.
        order = sorted(range(len(situations)),
                       key=lambda i: -_size(situations[i], options["generation"]))
        futures = {i: asyncio.wrap_future(pool.submit(_situation, work, options, situations[i]))
                   for i in order}
        pending = set(futures.values())
        while pending:
            _, pending = await asyncio.wait(pending, timeout=0.2)
            drain()
        parts = [futures[i].result() for i in range(len(situations))]  # raises a worker's
    drain()
    return parts


def _size(situation: str, generation: str) -> int:
    from arcadia.taskgen.worlds import situation_goals

    here = situation_goals(situation, generation)
    return len(here.goals) * len(here.worlds())


def merge(parts: Sequence[Part]) -> Part:
    """The parts as one run over their situations in order would have left them."""
    funnel = Funnel()
    out = Part([], funnel, set(), [], Counter())
    for p in parts:
        out.shipped.extend(p.shipped)
        funnel.counts.update(p.funnel.counts)
        funnel.rejected.update(p.funnel.rejected)
        for sit, c in p.funnel.by_situation.items():
            funnel.by_situation.setdefault(sit, Counter()).update(c)
        funnel.skipped += p.funnel.skipped
        funnel.situation = p.funnel.situation or funnel.situation
        out.cells |= p.cells
        out.details.extend(p.details)
        out.paraphrases.update(p.paraphrases)
    return out
