"""Which values of the gold's diff the apps generate: the shadow run.

The walk's gold is replayed in a second episode whose id sequences and clock start
further on, as if an agent had done other work first. A column whose value differs between
the two runs depends on the episode's history (an id, a key of a record added alongside,
a timestamp), so its check judges its type; every other column is determined by the
requests and the world, and its check pins the value.

The equivalence shadow (`equivalence_shadow`) replays the gold with each optional free-text
field of its writes set (a comment, a note, a memo, a reason), as a careful person might,
and measures the columns and records that changes; `derive` leaves those unpinned.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arcadia.apps.kernel import Episode
from arcadia.apps.kernel.db import STATE
from arcadia.grader.diff import Diff, Record
from arcadia.grader.equivalence import TEXT, free_text, optional_query
from arcadia.grader.gate import record_keys
from arcadia.grader.openapi_lookup import Routes
from arcadia.grader.replay import ReplayError, run_steps
from arcadia.grader.runtime import EmbeddedEnvironment
from arcadia.grader.task import Step
from arcadia.world import WorldSpec

OFFSET = 1009  # ids and sequence numbers start this much further on
TICKS = 3  # and the clock this many steps later


def state_keys(episode: Episode) -> dict[str, list[str]]:
    """The kernel sequence keys each opened app database holds (after the walk)."""
    return {app: [k for (k,) in db.conn.execute(f"SELECT key FROM {STATE} WHERE key != 'tick'")]
            for app, db in episode.dbs.opened().items()}


def perturb(episode: Episode, keys: Mapping[str, Sequence[str]]) -> None:
    """Move every sequence (those the walk used too) and the clock of a fresh episode on."""
    for app, names in keys.items():
        conn = episode.dbs[app].conn
        for key in names:
            conn.execute(f"INSERT INTO {STATE} (key, value) VALUES (?, 0) "
                         "ON CONFLICT(key) DO NOTHING", (key,))
        conn.execute(f"UPDATE {STATE} SET value = value + ? WHERE key != 'tick'", (OFFSET,))
        conn.commit()
    episode.clock.advance(episode.clock.tick + TICKS)


def varying(a: Diff, b: Diff) -> dict[tuple[str, str, str, int], set[str]] | None:
    """Per record (app, table, kind, index in its table), the columns whose values differ
    between the two runs; None when the runs changed different records."""
    def keyed(d: Diff) -> dict[tuple[str, str, str, int], Record]:
        out: dict[tuple[str, str, str, int], Record] = {}
        seen: dict[tuple[str, str, str], int] = {}
        for r in d.records:
            k = (r.app, r.table, r.kind)
            seen[k] = seen.get(k, 0) + 1
            out[(*k, seen[k] - 1)] = r
        return out

    ka, kb = keyed(a), keyed(b)
    if set(ka) != set(kb):
        return None
    out = {}
    for key, ra in ka.items():
        rb = kb[key]
        rows = (ra.current, rb.current)
        if set(rows[0]) != set(rows[1]):
            return None
        out[key] = {c for c in rows[0] if _differs(rows[0][c], rows[1][c])}
    return out


def record_key(diff: Diff) -> dict[int, tuple[str, str, str, int]]:
    """id(record) -> its key in `varying`'s terms."""
    seen: dict[tuple[str, str, str], int] = {}
    out = {}
    for r in diff.records:
        k = (r.app, r.table, r.kind)
        seen[k] = seen.get(k, 0) + 1
        out[id(r)] = (*k, seen[k] - 1)
    return out


def _differs(x: Any, y: Any) -> bool:
    return bool(x != y)


# --- the equivalence shadow: what a careful person's free text would change ------------

@dataclass
class Loose:
    """What the gold's equivalent variants change beyond it: per record of the gold's diff
    (keyed as `record_key` keys it) the columns a free-text field wrote, and per table the
    records such a field added where the gold added none. `derive(..., loose=...)` lets
    exactly these through, unpinned."""

    columns: dict[tuple[str, str, str, int], set[str]] = field(default_factory=dict)
    added: dict[tuple[str, str], int] = field(default_factory=dict)
    tried: list[str] = field(default_factory=list)  # "<step id>.<field>" per variant run

    def of(self, key: tuple[str, str, str, int]) -> set[str]:
        return self.columns.get(key, set())


def free_text_variants(steps: Sequence[Step], routes: Routes) -> list[tuple[str, list[Step]]]:
    """The gold with one optional free-text field of one write set (as the certificate's
    equivalence gate sets it): (`<step id>.<field>`, steps) each."""
    out = []
    for i, step in enumerate(steps):
        route = routes.match(step)
        if route is None or not route.write or not isinstance(step.body, dict | None):
            continue
        body = route.body or {}
        required = set(body.get("required", []))
        for name, prop in body.get("properties", {}).items():
            if name in required or name in (step.body or {}) or not free_text(name, prop):
                continue
            changed = step.model_copy(update={"body": {**(step.body or {}), name: TEXT}})
            out.append((f"{step.id}.{name}", [*steps[:i], changed, *steps[i + 1:]]))
        for name, _ in optional_query(route, step):
            changed = step.model_copy(update={"query": {**(step.query or {}), name: TEXT}})
            out.append((f"{step.id}.{name}", [*steps[:i], changed, *steps[i + 1:]]))
    return out


async def equivalence_shadow(env: EmbeddedEnvironment, spec: WorldSpec, actor: int | str,
                             steps: Sequence[Step], routes: Routes, diff: Diff) -> Loose:
    """Replay each free-text variant of the gold `steps` (as `actor`, in a fresh episode of
    `spec`) and measure what it changes beyond the gold's `diff`. A variant the app
    refuses is left out."""
    loose = Loose()
    gold = record_keys(diff)
    for name, variant in free_text_variants(steps, routes):
        episode = await env.store.acreate(spec)
        try:
            token, _ = env.store.mint(episode.id, actor)
            async with env.client() as client:
                await run_steps(client, token, variant)
            other = Diff.from_rows(episode.changes(), env.store.apps)
        except ReplayError:
            continue
        finally:
            await env.store.adelete(episode.id)
        loose.tried.append(name)
        extra: dict[tuple[str, str], int] = {}
        for k, r in record_keys(other).items():
            if k not in gold:
                if r.kind == "added":
                    extra[(r.app, r.table)] = extra.get((r.app, r.table), 0) + 1
                continue
            cols = {c for c in r.current if _differs(r.current.get(c), gold[k].current.get(c))}
            if cols:
                loose.columns.setdefault(k, set()).update(cols)
        for t, n in extra.items():
            loose.added[t] = max(loose.added.get(t, 0), n)
    return loose
