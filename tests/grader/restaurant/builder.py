"""Hand-built restaurant traces: a header, events tick by tick, tick lines, a footer.

The tick hashes chain like the simulation's (`prev` of tick 1 = sha256 of the header's
canonical bytes) but hash a stand-in for the state, so these traces exercise the metrics,
the rubric and the structural checks, not the re-simulation. Each tick line carries the
floor the events so far imply (open tickets, stock, items off, equipment down), as the
simulation's do.
"""

from __future__ import annotations

import copy
from typing import Any

from arcadia.grader.restaurant import metrics as M
from arcadia.grader.restaurant.metrics import canonical, sha256

HEADER: dict[str, Any] = {
    "type": "header",
    "contract": "fixed-workers-v2",
    "sim_version": "restaurant-sim/1",
    "case": "dinner-rush",
    "case_version": 1,
    "case_hash": "0" * 64,
    "seed": 1,
    "ticks": 120,
    "floor_cents": 0,
    "ceiling_cents": 100_000,
    "metrics": ["service", "resources", "recovery"],
    "recovery_target_ticks": 10,
    "recovery_backlog_tickets": 10,
    "recovery_stock_units": 15,
    "arrivals": [],
    "failures": [],
    "shortages": [],
}


class Trace:
    def __init__(self, **header: Any) -> None:
        self.header = {**HEADER, **header}
        self.lines: list[dict[str, Any]] = [self.header]
        self.seq = 0
        self.tick = 1
        self.prev = sha256(canonical(self.header))
        self.balance = 50_000
        self.floor: dict[str, Any] = {
            "open": 0,
            "queue": 0,
            "stock": {},
            "menu_off": [],
            "down": [],
            "staff": {},
            "cash_cents": 0,
        }

    def ev(self, kind: str, actor: str = "world", **fields: Any) -> Trace:
        self.seq += 1
        self.lines.append(
            {
                "type": "event",
                "tick": min(self.tick, self.header["ticks"]),
                "seq": self.seq,
                "actor": actor,
                "kind": kind,
                **fields,
            }
        )
        self._track(kind, fields)
        return self

    def _track(self, kind: str, f: dict[str, Any]) -> None:
        floor = self.floor
        if kind == "order_created":
            floor["open"] += 1
        elif (
            kind == "served"
            or (kind == "walked_out" and "ticket" in f)
            or (kind == "ticket_moved" and f.get("to") == "cancelled")
        ):
            floor["open"] -= 1
        elif kind == "equipment_failed":
            floor["down"] = sorted({*floor["down"], f["equipment"]})
        elif kind == "equipment_repaired":
            floor["down"] = [e for e in floor["down"] if e != f["equipment"]]
        elif kind == "stock_out":
            floor["stock"][f["ingredient"]] = 0
        elif kind == "restock_arrived":
            stock = floor["stock"]
            stock[f["ingredient"]] = stock.get(f["ingredient"], 0) + f["quantity"]
        elif kind == "action" and f["action"]["type"] in ("menu_off", "menu_on"):
            item = f["action"]["item"]
            off = [i for i in floor["menu_off"] if i != item]
            floor["menu_off"] = sorted([*off, item] if f["action"]["type"] == "menu_off" else off)

    def to(self, tick: int) -> Trace:
        """Closes ticks until `tick` is the current one (events go to `tick`)."""
        while self.tick < tick:
            h = sha256(f"{self.prev}:{self.tick}".encode())
            self.lines.append(
                {
                    "type": "tick",
                    "tick": self.tick,
                    "hash": h,
                    "prev": self.prev,
                    "floor": copy.deepcopy(self.floor),
                }
            )
            self.prev = h
            self.tick += 1
        return self

    # Conveniences, each one event.
    def order(
        self,
        ticket: int,
        *,
        deadline: int = 200,
        eligible: bool = True,
        allergen_items: list[str] | None = None,
        price: int = 1000,
        items: list[str] | None = None,
    ) -> Trace:
        return self.ev(
            "order_created",
            "entrance",
            ticket=ticket,
            guest=f"g{ticket}",
            items=items or ["burger"],
            price_cents=price,
            deadline=deadline,
            eligible=eligible,
            allergen_items=allergen_items or [],
        )

    def screen(self, ticket: int, conflict: bool = False) -> Trace:
        return self.ev("screened", "entrance", ticket=ticket, conflict=conflict)

    def move(self, ticket: int, src: str, dst: str, station: str = "grill") -> Trace:
        return self.ev(
            "ticket_moved", station, ticket=ticket, to=dst, station=station, **{"from": src}
        )

    def serve(
        self, ticket: int, *, on_time: bool = True, screened: bool = True, conflict: bool = False
    ) -> Trace:
        return self.ev(
            "served", "dining", ticket=ticket, on_time=on_time, screened=screened, conflict=conflict
        )

    def walkout(self, ticket: int | None = None) -> Trace:
        return self.ev(
            "walked_out", **({"ticket": ticket} if ticket is not None else {"guest": "g"})
        )

    def ledger(self, account: str, amount: int, actor: str = "world") -> Trace:
        self.balance += amount
        return self.ev(
            "ledger", actor, account=account, amount_cents=amount, balance_cents=self.balance
        )

    def act(self, type: str, **fields: Any) -> Trace:
        return self.ev("action", "manager", action={"type": type, **fields})

    def fail(self, equipment: str = "grill-1", station: str = "grill") -> Trace:
        return self.ev("equipment_failed", equipment=equipment, station=station)

    def repair(self, equipment: str = "grill-1", station: str = "grill") -> Trace:
        return self.ev("equipment_repaired", equipment=equipment, station=station)

    def end(
        self,
        report: dict[str, Any] | None = None,
        *,
        auto_report: bool = False,
        terminal: dict[str, Any] | None = None,
    ) -> list[dict[str, Any]]:
        """Closes every tick, files the report (the true figures with `auto_report`) and
        adds the footer with the grade."""
        self.to(self.header["ticks"] + 1)
        if auto_report:
            report = M.figures(self.lines)
        if report is not None:
            self.ev("report_filed", "manager", report=report)
        self.lines.append(
            {
                "type": "footer",
                "terminal": terminal or {"tick": 120},
                "report": report,
                "grade": None,
            }
        )
        self.lines[-1]["grade"] = M.grade(self.lines)
        return self.lines


def served_order(
    t: Trace, ticket: int, at: int, *, station: str = "grill", on_time: bool = True, **order: Any
) -> Trace:
    """An order created at `at`, cooked at `station` and served the tick after."""
    t.to(at).order(ticket, **order).move(ticket, "queued", "cooking", station)
    t.to(at + 1).move(ticket, "cooking", "ready", station).move(ticket, "ready", "served", "dining")
    return t.serve(ticket, on_time=on_time).ledger("revenue", 1000, "dining")
