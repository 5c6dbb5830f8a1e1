"""Which values of the gold's diff the apps generate: the shadow run.

The walk's gold is replayed in a second episode whose id sequences and clock start
further on, as if an agent had done other work first. A column whose value differs between
the two runs depends on the episode's history (an id, a key of a record added alongside,
a timestamp), so its check judges its type; every other column is determined by the
requests and the world, and its check pins the value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arcadia.apps.kernel import Episode
from arcadia.apps.kernel.db import STATE
from arcadia.grader.diff import Diff, Record

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
