"""`Shift`: one episode's whole state, advanced a tick at a time; `simulate` replays one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from arcadia.world.restaurant import view
from arcadia.world.restaurant.actions import IllegalAction, _Reject, apply
from arcadia.world.restaurant.cases import TICKS, Case, load_case
from arcadia.world.restaurant.engine import initial_state, open_tickets, run_tick
from arcadia.world.restaurant.trace import (
    ACCOUNTS,
    Events,
    canonical,
    chain,
    header,
    sha256,
)

REPORT_FIELDS = (
    "orders_served",
    "orders_on_time",
    "walkouts",
    "revenue_cents",
    "costs_cents",
    "net_cents",
    "comps_cents",
    "cash_cents",
)
# The floor events `advance_until` can stop at (kinds of the trace's event lines).
FLOOR_EVENTS = (
    "guest_arrived",
    "order_created",
    "screened",
    "unscreened",
    "ticket_moved",
    "served",
    "walked_out",
    "equipment_failed",
    "equipment_repaired",
    "stock_out",
    "low_stock",
    "restock_arrived",
)
DUMP_VERSION = 1


def floor(state: dict[str, Any]) -> dict[str, Any]:
    """The floor at the end of a tick, as its tick line records it (what recovery and a
    reviewer read): open tickets, queue, stock, items off, equipment down, staff, cash."""
    staff: dict[str, int] = {}
    for w in state["workers"]:
        staff[w["station"]] = staff.get(w["station"], 0) + 1
    return {
        "open": len(open_tickets(state)),
        "queue": len(state["queue"]),
        "stock": dict(state["inventory"]),
        "menu_off": sorted(state["menu_off"]),
        "down": sorted(e["equipment"] for e in state["equipment"] if e["status"] != "ok"),
        "staff": dict(sorted(staff.items())),
        "cash_cents": state["cash_cents"],
    }


class Shift:
    """A 120-tick shift of `case` under `seed`; all of it lives in `self.state` (JSON data)."""

    def __init__(self, case: Case, state: dict[str, Any], recent: list[dict[str, Any]]):
        self.case = case
        self.state = state
        self.recent = recent  # the last tick's lines, for the observation (not hashed)

    @classmethod
    def start(cls, case: Case, seed: int) -> Shift:
        prev = sha256(canonical(header(case, seed)))
        return cls(case, initial_state(case, seed, prev), [])

    @property
    def tick(self) -> int:
        return int(self.state["tick"])

    @property
    def finished(self) -> bool:
        return self.tick == TICKS

    @property
    def pending(self) -> list[dict[str, Any]]:
        return list(self.state["pending"])

    def observe(self) -> dict[str, Any]:
        """The manager's view of the floor, JSON-ready."""
        return view.observe(self.case, self.state, self.recent, self.figures())

    def submit(self, actions: list[dict[str, Any]]) -> None:
        """Validate every action (after those already pending) and queue them, or raise."""
        if self.finished:
            raise IllegalAction(0, "the shift is over; no more actions can be taken")
        if not isinstance(actions, list):
            raise IllegalAction(0, "actions must be a list of action objects")
        trial = orjson.loads(orjson.dumps(self.state))
        ev = Events(trial, self.tick + 1, [])
        for action in trial["pending"]:
            apply(self.case, trial, action, ev)
        for index, action in enumerate(actions):
            try:
                apply(self.case, trial, action, ev)
            except _Reject as reject:
                raise IllegalAction(index, str(reject)) from None
        self.state["pending"].extend(orjson.loads(orjson.dumps(actions)))

    def advance(self) -> list[dict[str, Any]]:
        """Run the next tick (pending actions first); return its lines, tick line last."""
        if self.finished:
            raise IllegalAction(0, f"the shift is over; all {TICKS} ticks have run")
        state = self.state
        lines: list[dict[str, Any]] = []
        ev = Events(state, self.tick + 1, lines)
        pending, state["pending"] = state["pending"], []
        for action in pending:
            apply(self.case, state, action, ev)
        run_tick(self.case, state, ev)
        state["tick"] = ev.tick
        digest = chain(state["prev"], canonical(state))
        lines.append(
            {
                "type": "tick",
                "tick": ev.tick,
                "hash": digest,
                "prev": state["prev"],
                "floor": floor(state),
            }
        )
        state["prev"] = digest
        self.recent = orjson.loads(orjson.dumps(lines))  # callers may keep and change theirs
        return lines

    def advance_until(
        self, kinds: Sequence[str] = (), tick: int | None = None, ticks: int | None = None
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """Run ticks until one emits an event of `kinds`, the clock reaches `tick`, `ticks`
        have run, or the shift ends (whichever is first); returns (their lines, why it
        stopped: `{from_tick, to_tick, stopped, events}`)."""
        bad = sorted(set(kinds) - set(FLOOR_EVENTS))
        if bad:
            raise IllegalAction(
                0, f"unknown floor event kind(s) {', '.join(bad)}; known: {', '.join(FLOOR_EVENTS)}"
            )
        if self.finished:
            raise IllegalAction(0, f"the shift is over; all {TICKS} ticks have run")
        start = self.tick
        if tick is not None and not start < tick <= TICKS:
            raise IllegalAction(
                0,
                f"until tick must be after the current tick {start} and "
                f"at most {TICKS}, got {tick}",
            )
        if ticks is not None and not 1 <= ticks <= TICKS - start:
            raise IllegalAction(
                0,
                f"ticks must be 1..{TICKS - start}, the ticks left in the "
                f"shift (tick {start} of {TICKS}); got {ticks}",
            )
        stop = min(
            x for x in (tick, None if ticks is None else start + ticks, TICKS) if x is not None
        )
        lines: list[dict[str, Any]] = []
        hits: list[dict[str, Any]] = []
        while self.tick < stop and not hits:
            new = self.advance()
            lines.extend(new)
            hits = [x for x in new if x["type"] == "event" and x["kind"] in kinds]
        self.recent = orjson.loads(orjson.dumps(lines))
        why = (
            "event"
            if hits
            else "tick"
            if tick is not None and self.tick == tick
            else "ticks"
            if ticks is not None and self.tick == start + ticks
            else "end"
        )
        return lines, {
            "from_tick": start,
            "to_tick": self.tick,
            "stopped": why,
            "events": orjson.loads(orjson.dumps(hits)),
        }

    def file_report(self, report: dict[str, Any]) -> list[dict[str, Any]]:
        """File the manager's report (once, after the last tick); returns its event line."""
        if not self.finished:
            raise IllegalAction(
                0, f"the report is filed after tick {TICKS}; {TICKS - self.tick} ticks are left"
            )
        if self.state["report"] is not None:
            raise IllegalAction(0, "the report has already been filed")
        if not isinstance(report, dict) or sorted(report) != sorted(REPORT_FIELDS):
            raise IllegalAction(0, f"the report has exactly the fields {', '.join(REPORT_FIELDS)}")
        bad = [
            k
            for k in REPORT_FIELDS
            if isinstance(report[k], bool) or not isinstance(report[k], int)
        ]
        if bad:
            raise IllegalAction(0, f"report figures are integers; not {', '.join(bad)}")
        filed = {k: report[k] for k in REPORT_FIELDS}
        self.state["report"] = filed
        lines: list[dict[str, Any]] = []
        Events(self.state, TICKS, lines).emit("manager", "report_filed", report=dict(filed))
        return lines

    def figures(self) -> dict[str, int]:
        """The true values of REPORT_FIELDS so far."""
        ledger = self.state["ledger"]
        counts = self.state["counts"]
        costs = -sum(ledger[a] for a in ACCOUNTS if a not in ("revenue", "comps"))
        net = sum(ledger[a] for a in ACCOUNTS)
        return {
            "orders_served": counts["orders_served"],
            "orders_on_time": counts["orders_on_time"],
            "walkouts": counts["walkouts"],
            "revenue_cents": ledger["revenue"],
            "costs_cents": costs,
            "net_cents": net,
            "comps_cents": -ledger["comps"],
            "cash_cents": self.state["cash_cents"],
        }

    def terminal(self) -> dict[str, Any]:
        """A summary of the state at the end (or now): for the trace footer."""
        s = self.state
        return {
            "tick": self.tick,
            "finished": self.finished,
            "figures": self.figures(),
            "open_tickets": len(open_tickets(s)),
            "queue": len(s["queue"]),
            "equipment": {e["equipment"]: e["status"] for e in s["equipment"]},
            "inventory": dict(s["inventory"]),
            "workers": {w["worker"]: w["station"] for w in s["workers"]},
            "report_filed": s["report"] is not None,
            "state_hash": self.state_hash(),
        }

    def state_hash(self) -> str:
        return sha256(canonical(self.state))

    def dumps(self) -> bytes:
        return canonical({"dump": DUMP_VERSION, "state": self.state, "recent": self.recent})

    @classmethod
    def loads(cls, data: bytes) -> Shift:
        blob = orjson.loads(data)
        if blob.get("dump") != DUMP_VERSION:
            raise ValueError(f"not a shift dump of version {DUMP_VERSION}")
        state = blob["state"]
        case = load_case(state["case"])
        if case.hash != state["case_hash"]:
            raise ValueError(f"the dump was made with another version of case {case.id!r}")
        return cls(case, state, blob["recent"])


def simulate(
    case: Case,
    seed: int,
    actions: Mapping[int, Sequence[dict[str, Any]]],
    report: dict[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """Header + every tick's lines (+ the report line); `actions[t]` apply at tick t."""
    shift = Shift.start(case, seed)
    lines = [header(case, seed)]
    for t in range(1, TICKS + 1):
        batch = actions.get(t)
        if batch:
            shift.submit([dict(a) for a in batch])
        lines.extend(shift.advance())
    if report is not None:
        lines.extend(shift.file_report(report))
    return lines
