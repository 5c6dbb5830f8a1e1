"""Build the world templates a run needs before it starts, on every core, with a progress bar.

A template missing from the machine's cache is built in a worker process (one per core), which
writes it to the cache; the run's own store then reads it from there. A run whose templates
are all cached builds nothing and starts at once.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from arcadia.apps.kernel import EpisodeStore
from arcadia.apps.registry import load_specs
from arcadia.world import WorldSpec

__all__ = ["missing", "prebuild"]


def missing(store: EpisodeStore, specs: Sequence[WorldSpec]) -> list[WorldSpec]:
    """The distinct specs among `specs` whose templates the store would have to build."""
    seen: dict[str, WorldSpec] = {}
    for spec in specs:
        seen.setdefault(spec.key(), spec)
    return [spec for spec in seen.values() if not store.cached(spec)]


def _build(apps: tuple[str, ...], spec: WorldSpec) -> str:
    """In a worker: build the template of `spec` for `apps`, which writes it to the cache."""
    EpisodeStore(load_specs(apps)).template(spec)
    return spec.key()


def _context() -> multiprocessing.context.BaseContext:
    # A forked worker starts with the apps already imported (a spawned one imports them
    # again, seconds of its time); fork is only offered where the platform has it.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def prebuild(store: EpisodeStore, specs: Sequence[WorldSpec], *,
             on_start: Callable[[int], None] | None = None,
             on_built: Callable[[WorldSpec], None] | None = None,
             workers: int | None = None) -> int:
    """Build every template of `specs` the machine's cache lacks, `workers` at a time (default:
    one per core); the store reads each from the cache when an episode first needs it.
    Returns how many were built. Only SQLite templates are built so (a PostgreSQL server
    shares its templates already; the store builds any it lacks)."""
    todo = missing(store, specs)
    if on_start is not None:
        on_start(len(todo))
    if todo and store.storage.name == "sqlite" and store.generate is None:
        apps = tuple(store.apps)
        count = max(1, min(len(todo), workers or os.cpu_count() or 1))
        if count == 1:
            for spec in todo:
                _build(apps, spec)
                if on_built is not None:
                    on_built(spec)
        else:
            with ProcessPoolExecutor(max_workers=count, mp_context=_context()) as pool:
                jobs = {pool.submit(_build, apps, spec): spec for spec in todo}
                for job in as_completed(jobs):
                    job.result()
                    if on_built is not None:
                        on_built(jobs[job])
    return len(todo)
