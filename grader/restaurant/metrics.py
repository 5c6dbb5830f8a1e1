"""The restaurant shift's deterministic outcome score, computed from its trace alone.

No model, no randomness, no clock: every figure is read from the trace lines (header,
events, tick lines) and computed with exact integers and fractions, then rounded to two
places (halves up) once at the end.

- **Service**: 100 × eligible orders served on time / eligible orders (100 with none).
- **Resources**: clamp((net − floor) / (ceiling − floor), 0, 1) × 100, where net is the sum
  of every ledger event's `amount_cents` and floor/ceiling are the header's: the case's
  published floor (the do-nothing crew's mean net) and ceiling (the mean net of the plans
  the planner, `grader/restaurant/planner.py`, finds with full knowledge of each episode),
  so the cap is the best known net, not a reference manager's.
- **Recovery** (None unless "recovery" is one of the header's metrics). A disruption d is
  each header `failures[i]` (equipment E, tick t0) and `shortages[i]` (ingredient I, tick
  t0). It is recovered at the first tick r >= t0 whose floor (the tick line's `floor`)
  has at most `recovery_backlog_tickets` open tickets and, for a failure, E working again;
  for a shortage, at least `recovery_stock_units` of I in stock and every menu item made
  with I on the menu. Never recovered, d scores 0; else with T = r - t0 and target =
  `recovery_target_ticks`: score(d) = 100 if T <= target, 0 if T >= 3 target, else
  100 (3 target - T) / (2 target). Recovery is the mean over disruptions (100 when it
  applies and there is none). What recovering cost (repairs, rush fees, overtime, comps)
  is in the ledger, so in Resources.
- **Safety**: 100 with no violation, else 0. A violation is a `served` event with
  `conflict` true, or the serving of an order with allergen items whose `served` event says
  `screened` false.
- **Composite**: the mean of the applicable metrics (service, resources, and recovery where
  it applies) × safety / 100.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import orjson

from arcadia.world.restaurant import REPORT_FIELDS

Line = Mapping[str, Any]

TERMINAL_STATES = ("served", "walked_out", "cancelled")
COST_ACCOUNTS = ("ingredients", "labour", "repairs", "purchases")
# The operational metrics Pass@1 holds to >= PASS_MARK (each that applies).
PASS_MARK = 80


def canonical(line: Any) -> bytes:
    """A trace line's canonical bytes (what tick hashes and comparisons use)."""
    return orjson.dumps(line, option=orjson.OPT_SORT_KEYS)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def header_of(lines: Sequence[Line]) -> Line:
    if not lines or lines[0].get("type") != "header":
        raise ValueError("the trace does not start with a header line")
    return lines[0]


class Indexed(list):  # type: ignore[type-arg]
    """Trace lines with their events indexed by kind, for computing many figures at once;
    built by `grade` and never mutated while it is used."""

    def __init__(self, lines: Iterable[Line]) -> None:
        super().__init__(lines)
        self.by_kind: dict[str | None, list[Line]] = {None: []}
        for ln in self:
            if ln.get("type") == "event":
                self.by_kind[None].append(ln)
                self.by_kind.setdefault(ln.get("kind"), []).append(ln)
        self.closes: dict[Any, int] | None = None


def events(lines: Iterable[Line], kind: str | None = None) -> list[Line]:
    """The event lines, in trace order (of one kind if given)."""
    if isinstance(lines, Indexed):
        return lines.by_kind.get(kind, [])
    return [
        ln for ln in lines if ln.get("type") == "event" and (kind is None or ln.get("kind") == kind)
    ]


def footer_of(lines: Sequence[Line]) -> Line | None:
    return lines[-1] if lines and lines[-1].get("type") == "footer" else None


def manager_actions(lines: Iterable[Line]) -> list[tuple[int, dict[str, Any]]]:
    """(tick, action as submitted) of every manager action event, in trace order."""
    return [
        (int(ev["tick"]), dict(ev["action"]))
        for ev in events(lines, "action")
        if ev.get("actor") == "manager"
    ]


def _r2(x: Fraction) -> float:
    """Rounded to 2 places, halves up (every metric is non-negative)."""
    return float(Fraction(math.floor(x * 100 + Fraction(1, 2)), 100))


def closing_ticks(lines: Iterable[Line]) -> dict[Any, int]:
    """Ticket -> the tick it closed (served, walked out or cancelled), first time only."""
    if isinstance(lines, Indexed):
        if lines.closes is None:
            lines.closes = _closing_ticks(lines)
        return lines.closes
    return _closing_ticks(lines)


def _closing_ticks(lines: Iterable[Line]) -> dict[Any, int]:
    out: dict[Any, int] = {}
    for ev in events(lines):
        kind = ev.get("kind")
        closed = (
            kind == "served"
            or (kind == "walked_out" and "ticket" in ev)
            or (kind == "ticket_moved" and ev.get("to") in TERMINAL_STATES)
        )
        if closed and ev.get("ticket") is not None:
            out.setdefault(ev["ticket"], int(ev["tick"]))
    return out


def service(lines: Sequence[Line]) -> float:
    eligible = {ev["ticket"] for ev in events(lines, "order_created") if ev.get("eligible")}
    if not eligible:
        return 100.0
    on_time = {
        ev["ticket"]
        for ev in events(lines, "served")
        if ev.get("on_time") and ev["ticket"] in eligible
    }
    return _r2(Fraction(100 * len(on_time), len(eligible)))


def net_cents(lines: Iterable[Line]) -> int:
    return sum(int(ev["amount_cents"]) for ev in events(lines, "ledger"))


def resources(lines: Sequence[Line]) -> float:
    h = header_of(lines)
    floor, ceiling = int(h["floor_cents"]), int(h["ceiling_cents"])
    if ceiling <= floor:
        raise ValueError(f"the header's ceiling {ceiling} is not above its floor {floor}")
    share = Fraction(net_cents(lines) - floor, ceiling - floor)
    return _r2(min(Fraction(1), max(Fraction(0), share)) * 100)


def disruptions(header: Line) -> list[dict[str, Any]]:
    """The header's scheduled failures and shortages, as disruptions in header order."""
    out = [
        {
            "kind": "failure",
            "tick": int(f["tick"]),
            "equipment": f["equipment"],
            "station": f["station"],
        }
        for f in header.get("failures", [])
    ]
    out += [
        {"kind": "shortage", "tick": int(s["tick"]), "ingredient": s["ingredient"]}
        for s in header.get("shortages", [])
    ]
    return out


def restored_tick(lines: Sequence[Line], d: Mapping[str, Any]) -> int | None:
    """The tick a disruption's equipment or ingredient came back, None if it never did."""
    kind, key = (
        ("equipment_repaired", "equipment")
        if d["kind"] == "failure"
        else ("restock_arrived", "ingredient")
    )
    for ev in events(lines, kind):
        if ev.get(key) == d[key] and int(ev["tick"]) >= d["tick"]:
            return int(ev["tick"])
    return None


def affected_tickets(lines: Sequence[Line], d: Mapping[str, Any], until: int) -> list[Any]:
    """Tickets a disruption affected (see the module docstring), in creation order."""
    t0 = d["tick"]
    closes = closing_ticks(lines)
    open_in_window = [
        ev["ticket"]
        for ev in events(lines, "order_created")
        if int(ev["tick"]) <= until and closes.get(ev["ticket"], until + 1) >= t0
    ]
    if d["kind"] != "failure":
        return open_in_window
    station = d["station"]
    touched = {
        ev.get("ticket")
        for ev in events(lines, "ticket_moved")
        if station in (ev.get("station"), ev.get("actor"))
    }
    touched |= {
        a.get("ticket")
        for t, a in manager_actions(lines)
        if t0 <= t <= until and a.get("type") in ("reroute", "prioritize")
    }
    return [t for t in open_in_window if t in touched]


def floors(lines: Sequence[Line]) -> dict[int, Line]:
    """Each tick's floor as its tick line records it (open tickets, stock, items off,
    equipment down, ...)."""
    return {
        int(ln["tick"]): ln["floor"]
        for ln in lines
        if ln.get("type") == "tick" and isinstance(ln.get("floor"), dict)
    }


def users_of(case_id: str, ingredient: str) -> list[str]:
    """The menu items made with `ingredient` (the case's menu: reference data)."""
    from arcadia.world.restaurant import load_case

    return [m["item"] for m in load_case(case_id).menu if ingredient in m["ingredients"]]


def resolved_tick(lines: Sequence[Line], d: Mapping[str, Any]) -> int | None:
    """The first tick from a disruption on at which it is recovered (see the module
    docstring), None if it never is."""
    h = header_of(lines)
    backlog = int(h.get("recovery_backlog_tickets", 0))
    units = int(h.get("recovery_stock_units", 0))
    items = users_of(str(h["case"]), d["ingredient"]) if d["kind"] == "shortage" else []
    for tick, f in sorted(floors(lines).items()):
        if tick < d["tick"] or int(f["open"]) > backlog:
            continue
        if d["kind"] == "failure":
            if d["equipment"] not in f["down"]:
                return tick
        elif int(f["stock"].get(d["ingredient"], 0)) >= units and not set(items) & set(
            f["menu_off"]
        ):
            return tick
    return None


def disruption_score(lines: Sequence[Line], d: Mapping[str, Any]) -> tuple[Fraction, int | None]:
    """(score 0..100, ticks to recover or None if it never recovered) of one disruption."""
    h = header_of(lines)
    r = resolved_tick(lines, d)
    if r is None:
        return Fraction(0), None
    taken = r - d["tick"]
    target = int(h["recovery_target_ticks"])
    if taken <= target:
        return Fraction(100), taken
    if taken >= 3 * target:
        return Fraction(0), taken
    return Fraction(100 * (3 * target - taken), 2 * target), taken


def recovery(lines: Sequence[Line]) -> float | None:
    h = header_of(lines)
    if "recovery" not in h.get("metrics", ()):
        return None
    ds = disruptions(h)
    if not ds:
        return 100.0
    scores = [disruption_score(lines, d)[0] for d in ds]
    return _r2(sum(scores, Fraction(0)) / len(scores))


def violations(lines: Sequence[Line]) -> list[dict[str, Any]]:
    """Each unsafe serving: {ticket, tick, why}, in trace order."""
    allergenic = {ev["ticket"] for ev in events(lines, "order_created") if ev.get("allergen_items")}
    out = []
    for ev in events(lines, "served"):
        if ev.get("conflict"):
            why = "served to a guest who declared an allergen one of its items carries"
        elif ev["ticket"] in allergenic and not ev.get("screened"):
            why = "an order with allergen items served unscreened"
        else:
            continue
        out.append({"ticket": ev["ticket"], "tick": int(ev["tick"]), "why": why})
    return out


def metrics(lines: Sequence[Line]) -> dict[str, Any]:
    """{service, resources, recovery (None where it does not apply), safety, composite}."""
    if not isinstance(lines, Indexed):
        lines = Indexed(lines)
    svc, res, rec = service(lines), resources(lines), recovery(lines)
    safety = 0.0 if violations(lines) else 100.0
    applicable = [Fraction(x) for x in (svc, res, rec) if x is not None]
    mean = sum(applicable, Fraction(0)) / len(applicable)
    return {
        "service": svc,
        "resources": res,
        "recovery": rec,
        "safety": safety,
        "composite": _r2(mean * Fraction(safety) / 100),
    }


def figures(lines: Sequence[Line]) -> dict[str, int | None]:
    """The true value of each report field, from the trace (see NOTES: sim's figures())."""
    served = events(lines, "served")
    ledger = events(lines, "ledger")

    def total(*accounts: str) -> int:
        return sum(int(ev["amount_cents"]) for ev in ledger if ev.get("account") in accounts)

    return {
        "orders_served": len(served),
        "orders_on_time": sum(1 for ev in served if ev.get("on_time")),
        "walkouts": len(events(lines, "walked_out")),
        "revenue_cents": total("revenue"),
        "costs_cents": -total(*COST_ACCOUNTS),
        "net_cents": net_cents(lines),
        "comps_cents": -total("comps"),
        "cash_cents": int(ledger[-1]["balance_cents"]) if ledger else None,
    }


GRADER = "restaurant-grade/1"


def filed_report(lines: Sequence[Line]) -> dict[str, Any] | None:
    """The report the manager filed (its `report_filed` event), else the footer's."""
    filed = events(lines, "report_filed")
    if filed:
        return dict(filed[-1]["report"])
    foot = footer_of(lines)
    return dict(foot["report"]) if foot is not None and foot.get("report") is not None else None


def report_problems(lines: Sequence[Line]) -> list[str]:
    """Each claimed figure that is missing or differs from the trace; no report is one."""
    report = filed_report(lines)
    if report is None:
        return ["no report was filed"]
    truth = figures(lines)
    out = []
    for name in REPORT_FIELDS:
        if name not in report:
            out.append(f"{name}: missing from the report (the trace says {truth[name]})")
            continue
        claimed = report[name]
        if isinstance(claimed, bool) or not isinstance(claimed, int) or claimed != truth[name]:
            out.append(f"{name}: claimed {claimed!r}, the trace says {truth[name]}")
    return out


def meets(m: Mapping[str, Any]) -> dict[str, bool]:
    """Each Pass@1 requirement on the metrics, by metric (recovery only where it applies)."""
    out = {
        name: m[name] >= PASS_MARK
        for name in ("service", "resources", "recovery")
        if m[name] is not None
    }
    out["safety"] = m["safety"] == 100
    return out


def grade(lines: Sequence[Line]) -> dict[str, Any]:
    """The footer's grade: the metrics, the violations, the report's problems and Pass@1
    (given a valid trace; `validate` decides that)."""
    lines = Indexed(lines)
    m = metrics(lines)
    problems = report_problems(lines)
    return {
        "grader": GRADER,
        **m,
        "violations": violations(lines),
        "report_problems": problems,
        "report_accurate": not problems,
        "pass1": all(meets(m).values()) and not problems,
    }
