"""The manager's rules: observe, queue actions, run ticks, file the report.

Every request loads the shift's state once (one row), works on the simulation in memory,
and stores it once: the simulation validates a whole batch before anything changes, so a
refused request writes nothing (and the kernel then leaves the clock where it was).
"""

from __future__ import annotations

from typing import Any

import orjson

from arcadia.apps.kernel import Ctx, conflict, invalid
from arcadia.apps.restaurant.models import SHIFT_ID
from arcadia.world.restaurant import TICKS, IllegalAction, Shift, canonical

# Trace lines an observation carries at most (the newest); `events` pages the rest.
RECENT_LIMIT = 100


def canonical_text(line: dict[str, Any]) -> str:
    """A trace line's canonical JSON text (the simulation's canonical bytes: sorted keys)."""
    return canonical(line).decode()


class Loaded:
    """The shift's row and its simulation, loaded once per request."""

    def __init__(self, ctx: Ctx) -> None:
        rows = ctx.rows("SELECT lines, state, report FROM shift WHERE id = ?", (SHIFT_ID,))
        if not rows:
            raise conflict(
                "This episode's world runs no shift: create the episode with the "
                "situation restaurant-shift-v1 to have one."
            )
        self.lines, state, self.report = rows[0]
        self.shift = Shift.loads(state.encode())

    def store(self, ctx: Ctx, lines: list[dict[str, Any]], report: str | None = None) -> None:
        """Append `lines` to the trace and write the state back: driver-level statements in
        the request's transaction (one executemany, one UPDATE), as the kernel writes its
        own rows; the ORM's statement building cost more than the simulation's tick."""
        if lines:
            ctx.executemany(
                "INSERT INTO shift_event (seq, tick, kind, line) VALUES (?, ?, ?, ?)",
                [
                    (
                        self.lines + i,
                        line["tick"],
                        line.get("kind", line["type"]),
                        canonical_text(line),
                    )
                    for i, line in enumerate(lines, start=1)
                ],
            )
        ctx.execute(
            "UPDATE shift SET tick = ?, lines = ?, state = ?, report = COALESCE(?, report) "
            "WHERE id = ?",
            (
                self.shift.tick,
                self.lines + len(lines),
                self.shift.dumps().decode(),
                report,
                SHIFT_ID,
            ),
        )
        ctx.commit()


def _recent(ctx: Ctx, since_tick: int) -> list[dict[str, Any]]:
    rows = ctx.rows(
        "SELECT line FROM (SELECT seq, line FROM shift_event WHERE tick > ? "
        "AND kind != 'tick' ORDER BY seq DESC LIMIT ?) AS recent ORDER BY seq",
        (since_tick, RECENT_LIMIT),
    )
    return [orjson.loads(r[0]) for r in rows]


def _observation(
    shift: Shift, report: str | None, events: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    obs = shift.observe()
    obs["report_filed"] = report is not None
    if events is not None:
        obs["recent_events"] = [e for e in events if e["type"] == "event"][-RECENT_LIMIT:]
    return obs


def observe(ctx: Ctx, *, since_tick: int | None) -> dict[str, Any]:
    """The floor now, with the events of the last tick run (or, given `since_tick`, of the
    ticks after it: the newest `RECENT_LIMIT`)."""
    loaded = Loaded(ctx)
    events = None if since_tick is None else _recent(ctx, since_tick)
    return _observation(loaded.shift, loaded.report, events)


def _finished(loaded: Loaded, what: str) -> None:
    if loaded.shift.finished:
        raise conflict(
            f"The shift is over (all {TICKS} ticks have run); {what}. File the "
            "report with POST /restaurant/report if you have not."
        )


def submit(ctx: Ctx, *, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """Validate every action against the floor, then queue them all for the next tick."""
    loaded = Loaded(ctx)
    _finished(loaded, "no action can be queued")
    try:
        loaded.shift.submit(actions)
    except IllegalAction as e:
        kind = actions[e.index].get("type") if 0 <= e.index < len(actions) else None
        raise invalid(
            f"Action {e.index} ({kind}) was refused: {e.reason}. Nothing was queued.",
            f"actions[{e.index}]",
            meta={"code": "illegal_action", "index": e.index},
        ) from None
    loaded.store(ctx, [])
    return {
        "tick": loaded.shift.tick,
        "queued": len(actions),
        "pending": list(loaded.shift.pending),
    }


def advance(ctx: Ctx, *, ticks: int | None, until: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run `ticks` ticks, or until a floor event of `until["events"]` or `until["tick"]`
    (pending actions apply at the first); their lines join the trace."""
    loaded = Loaded(ctx)
    _finished(loaded, "the clock cannot advance")
    left = TICKS - loaded.shift.tick
    if ticks is not None and ticks > left:
        raise invalid(
            f"ticks must be at most {left}, the ticks left in the shift "
            f"(tick {loaded.shift.tick} of {TICKS}); got {ticks}.",
            "ticks",
        )
    stop = None if until is None else until.get("tick")
    if stop is not None and stop <= loaded.shift.tick:
        raise invalid(
            f"until.tick must be after the current tick {loaded.shift.tick} (and at "
            f"most {TICKS}); got {stop}.",
            "until.tick",
        )
    kinds = () if until is None else tuple(until.get("events") or ())
    if until is None and ticks is None:
        ticks = 1
    lines, advanced = loaded.shift.advance_until(kinds, stop, ticks)
    loaded.store(ctx, lines)
    obs = _observation(loaded.shift, loaded.report, lines)
    obs["advanced"] = advanced
    return obs


def file_report(ctx: Ctx, *, report: dict[str, Any]) -> dict[str, Any]:
    """File the end-of-shift report: once, and only when all the ticks have run."""
    loaded = Loaded(ctx)
    if not loaded.shift.finished:
        raise conflict(
            f"The shift is at tick {loaded.shift.tick} of {TICKS}; the report is "
            f"filed at the end. Advance the {TICKS - loaded.shift.tick} ticks left "
            "first."
        )
    if loaded.report is not None:
        raise conflict("The report is already filed; it is filed once.")
    try:
        lines = loaded.shift.file_report(report)
    except IllegalAction as e:
        raise invalid(
            f"The report was refused: {e.reason}.", "report", meta={"code": "illegal_report"}
        ) from None
    loaded.store(ctx, lines, report=canonical_text(report))
    return {"tick": loaded.shift.tick, "report": report, "line": lines[-1]}


def events(ctx: Ctx, *, since_tick: int, after_seq: int, limit: int) -> dict[str, Any]:
    """The trace lines so far (events, tick hashes, the report), in order, from the ticks
    after `since_tick` and the lines after `after_seq`."""
    rows = ctx.rows(
        "SELECT seq, line FROM shift_event WHERE tick > ? AND seq > ? ORDER BY seq LIMIT ?",
        (since_tick, after_seq, limit + 1),
    )
    if not rows and not ctx.rows("SELECT 1 FROM shift WHERE id = ?", (SHIFT_ID,)):
        Loaded(ctx)  # raises: this world runs no shift
    page = rows[:limit]
    return {
        "lines": [orjson.loads(r[1]) for r in page],
        "next_after_seq": page[-1][0] if page else None,
        "has_more": len(rows) > limit,
    }
