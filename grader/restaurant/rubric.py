"""The trajectory rubric: pass/fail verdicts on how the shift was managed, with evidence.

A separate layer from the outcome score: it runs on valid traces only, reads the manager's
actions, the failure/restoration and floor events, the terminal state and the footer's
grade (as reference evidence; it never recomputes it), and cites the ticks it relied on.
The reviewer is rule-based and deterministic (`rules/1`); `judge.py` is the optional
model-based one. Versions: `restaurant-rubric/v1` has decision quality and recovery
handling; `v2` adds constraint discipline, resource proportionality, coordination and
sequencing, and monitoring and adaptation.

The rules, per criterion (a "disruption" is a header failure or shortage, its window the
ticks from it to its restoration or the end; an action "addresses" a failure when it calls
a repair of its equipment or reroutes a ticket during the window, a shortage when it
restocks its ingredient or takes an item off the menu during the window):

- decision_quality: no ticket rerouted to a station whose equipment is down, no item
  taken off the menu while none of its stations was down and none of its ingredients out
  (the case's menu says what each item needs), no comp of a ticket that was neither late
  nor walked out, no guest seated past screening (`seat_now`), and not idle under
  pressure (three or more walkouts with no action at all).
- recovery_handling: every disruption addressed by the manager (a restock placed before
  the shortage counts) and restored within 3× the recovery target of its start.
- constraint_discipline: no safety violation in the footer's grade, every order with
  allergen items screened, and no allergen-bearing item taken off the menu while no
  disruption was under way (overreaction instead of relying on the screen).
- resource_proportionality: no rush restock without a stock-out or shortage of that
  ingredient, no comp of a ticket that was
  neither late nor walked out, no seating hold on a calm floor (no disruption under way
  and no walkout in the ten ticks before), purchases not above the shift's revenue, and
  the footer grade's Resources at least 50 (below it the net return stayed nearer the
  do-nothing floor than the ceiling; the ticks paying more than one worker per station
  with no ticket open are cited).
- coordination_sequencing: no worker moved again, no item toggled on/off and no ticket
  rerouted twice less than 3 ticks after the last time (a cook lent for three ticks and
  moved back is coordination, not thrash), no disruption left unaddressed
  or left waiting while a later one was addressed first, and orders still served during every outage
  window of 5 ticks or more that had open orders.
- monitoring_adaptation: every disruption addressed within its recovery target of its
  start, every item taken off during a disruption put back after that disruption was
  restored (when at least 5 ticks remained), and, with three or more walkouts, an action
  between the first and the third.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arcadia.grader.restaurant import metrics as M
from arcadia.world import restaurant as sim

Line = Mapping[str, Any]
REVIEWER = "rules/1"
# A repeated or reversed action sooner than this many ticks after the last counts as
# thrash (lending a cook and moving them back three ticks later is not).
THRASH_TICKS = 3
# Ticks of quiet before a seating hold that make the floor calm.
CALM_TICKS = 10
# Evidence ticks cited per verdict at most (the earliest).
MAX_EVIDENCE = 12
# Below this Resources figure (in the footer's grade) the shift's spending was not
# proportionate: its net return stayed nearer the do-nothing floor than the ceiling.
RESOURCES_MIDPOINT = 50


@dataclass(frozen=True)
class Criterion:
    id: str
    name: str
    description: str


CRITERIA = {c.id: c for c in (
    Criterion("decision_quality", "Decision quality",
              "The selected actions fit the restaurant state and available information."),
    Criterion("recovery_handling", "Recovery handling",
              "Disruptions were identified and addressed appropriately."),
    Criterion("constraint_discipline", "Constraint discipline",
              "Explicit safety and task constraints, including allergy requirements, were "
              "respected without unsupported overreaction."),
    Criterion("resource_proportionality", "Resource proportionality",
              "Purchases, wasteful actions and other interventions were proportionate to "
              "observed demand, capacity and cost."),
    Criterion("coordination_sequencing", "Coordination and sequencing",
              "Actions across roles were coordinated and sequenced to keep work moving "
              "without avoidable conflicts."),
    Criterion("monitoring_adaptation", "Monitoring and adaptation",
              "Recorded state changes were noticed and later actions adapted, including "
              "incidents, arrivals and equipment conditions."),
)}

RUBRICS: dict[str, tuple[str, ...]] = {
    "restaurant-rubric/v1": ("decision_quality", "recovery_handling"),
    "restaurant-rubric/v2": ("decision_quality", "recovery_handling", "constraint_discipline",
                             "resource_proportionality", "coordination_sequencing",
                             "monitoring_adaptation"),
}

Finding = tuple[int, str]  # (tick, what went wrong there)

# The trace events that bear on each criterion: a tick cited as evidence for it must carry
# one (a manager's action always does; the judge's verdicts are held to it).
RELEVANT: dict[str, tuple[str, ...]] = {
    "decision_quality": ("action", "equipment_failed", "stock_out", "walked_out"),
    "recovery_handling": ("action", "equipment_failed", "equipment_repaired", "stock_out",
                          "restock_arrived", "low_stock"),
    "constraint_discipline": ("action", "order_created", "screened", "unscreened", "served"),
    # every tick pays its labour: overstaffing is evidence on any tick it was paid for
    "resource_proportionality": ("action", "restock_arrived", "walked_out", "served", "ledger"),
    "coordination_sequencing": ("action", "ticket_moved", "served", "equipment_failed",
                                "equipment_repaired", "stock_out", "restock_arrived"),
    "monitoring_adaptation": ("action", "equipment_failed", "equipment_repaired", "stock_out",
                              "restock_arrived", "low_stock", "walked_out", "unscreened"),
}


def relevant_ticks(lines: Sequence[Line]) -> dict[str, set[int]]:
    """Per criterion, the ticks carrying an event that bears on it (`RELEVANT`)."""
    by_kind: dict[str, set[int]] = {}
    for ev in M.events(lines):
        by_kind.setdefault(str(ev.get("kind")), set()).add(int(ev["tick"]))
    return {c: set().union(*(by_kind.get(k, set()) for k in kinds))
            for c, kinds in RELEVANT.items()}


class Evidence:
    """What the rules read from one trace, computed once."""

    def __init__(self, lines: Sequence[Line]) -> None:
        self.lines = lines
        self.header = M.header_of(lines)
        foot = M.footer_of(lines)
        if foot is None or not isinstance(foot.get("grade"), dict):
            raise ValueError("the rubric reviews complete traces: this one has no footer "
                             "grade")
        self.grade: Mapping[str, Any] = foot["grade"]
        self.end = int(self.header["ticks"])
        self.actions = M.manager_actions(lines)
        self.closes = M.closing_ticks(lines)
        self.orders = {ev["ticket"]: ev for ev in M.events(lines, "order_created")}
        self.walkouts = sorted(int(ev["tick"]) for ev in M.events(lines, "walked_out"))
        self.disruptions = []
        for d in M.disruptions(self.header):
            r = M.restored_tick(lines, d)
            self.disruptions.append({**d, "restored": r, "until": self.end if r is None else r,
                                     "label": self.label(d)})
        self.outages = self._outages()
        # The case's menu (what each item needs): reference data, identical for every agent.
        self.menu = {m["item"]: m for m in sim.load_case(self.header["case"]).menu}

    @staticmethod
    def label(d: Mapping[str, Any]) -> str:
        return (f"the {d['equipment']} failure at tick {d['tick']}" if d["kind"] == "failure"
                else f"the {d['ingredient']} shortage at tick {d['tick']}")

    def _outages(self) -> list[tuple[str, str, int, int]]:
        """(equipment, station, failed tick, repaired tick or end+1) from the events."""
        out: list[tuple[str, str, int, int]] = []
        down: dict[str, tuple[str, int]] = {}
        for ev in M.events(self.lines):
            if ev.get("kind") == "equipment_failed":
                down[ev["equipment"]] = (ev["station"], int(ev["tick"]))
            elif ev.get("kind") == "equipment_repaired" and ev["equipment"] in down:
                station, t = down.pop(ev["equipment"])
                out.append((ev["equipment"], station, t, int(ev["tick"])))
        out += [(e, s, t, self.end + 1) for e, (s, t) in down.items()]
        return out

    def equipment_down(self, equipment: str, tick: int) -> bool:
        return any(e == equipment and t <= tick < r for e, _, t, r in self.outages)

    def station_down(self, station: str, tick: int) -> bool:
        return any(s == station and t <= tick < r for _, s, t, r in self.outages)

    def ingredient_out(self, ingredient: str, tick: int) -> bool:
        """Out of stock at `tick`: a stock-out with no restock arriving since."""
        state = False
        for ev in M.events(self.lines):
            if int(ev["tick"]) > tick:
                break
            if ev.get("ingredient") == ingredient:
                if ev.get("kind") == "stock_out":
                    state = True
                elif ev.get("kind") == "restock_arrived":
                    state = False
        return state or any(d["kind"] == "shortage" and d["ingredient"] == ingredient
                            and d["tick"] <= tick <= d["until"] for d in self.disruptions)

    def item_disrupted(self, item: str, tick: int) -> bool:
        """One of the item's stations is down or one of its ingredients is out at `tick`."""
        spec = self.menu.get(item)
        if spec is None:
            return False
        return (any(self.station_down(st, tick) for st in spec.get("stations", ()))
                or any(self.ingredient_out(i, tick) for i in spec.get("ingredients", {})))

    def idle_staffed_ticks(self) -> list[int]:
        """Ticks whose labour paid for more workers than there are stations while no
        ticket was open."""
        open_at = [0] * (self.end + 2)
        for ticket, ev in self.orders.items():
            for t in range(int(ev["tick"]), min(self.closes.get(ticket, self.end), self.end) + 1):
                open_at[t] += 1
        return [int(ev["tick"]) for ev in M.events(self.lines, "ledger")
                if ev.get("account") == "labour" and int(ev.get("workers", 0)) > len(sim.STATIONS)
                and open_at[int(ev["tick"])] == 0]

    def active(self, tick: int) -> list[dict[str, Any]]:
        """The disruptions under way at `tick`."""
        return [d for d in self.disruptions if d["tick"] <= tick <= d["until"]]

    def addresses(self, tick: int, a: Mapping[str, Any], d: Mapping[str, Any]) -> bool:
        within = d["tick"] <= tick <= d["until"]
        if d["kind"] == "failure":
            return ((a.get("type") == "call_repair" and a.get("equipment") == d["equipment"]
                     and tick >= d["tick"])
                    or (a.get("type") == "reroute" and within))
        return ((a.get("type") == "restock" and a.get("ingredient") == d["ingredient"]
                 and tick <= d["until"])
                or (a.get("type") == "menu_off" and within))

    def first_address(self, d: Mapping[str, Any]) -> int | None:
        ticks = [t for t, a in self.actions if self.addresses(t, a, d)]
        return min(ticks) if ticks else None

    def of_type(self, *types: str) -> list[tuple[int, dict[str, Any]]]:
        return [(t, a) for t, a in self.actions if a.get("type") in types]

    def needless_comps(self) -> list[tuple[int, dict[str, Any]]]:
        """Comps of a ticket that was neither late nor walked out."""
        late_or_gone = {ev["ticket"] for ev in M.events(self.lines, "served")
                        if not ev.get("on_time")}
        late_or_gone |= {ev.get("ticket") for ev in M.events(self.lines, "walked_out")}
        out = []
        for t, a in self.of_type("comp"):
            order = self.orders.get(a.get("ticket"))
            overdue = order is not None and t > int(order.get("deadline", self.end))
            if not overdue and a.get("ticket") not in late_or_gone:
                out.append((t, a))
        return out

    def allergen_items(self) -> set[str]:
        return {str(i) for ev in self.orders.values() for i in ev.get("allergen_items", ())}


def verdict(c: Criterion, problems: list[Finding], good: str, cited: list[int]
            ) -> dict[str, Any]:
    """A criterion's verdict: failed with the problems (their ticks cited), else passed."""
    if problems:
        problems = sorted(problems)
        said = [why for _, why in problems if why]  # an empty reason only cites its tick
        shown = "; ".join(said[:5])
        more = f" (and {len(said) - 5} more)" if len(said) > 5 else ""
        return {"id": c.id, "name": c.name, "passed": False, "rationale": shown + more,
                "evidence_ticks": sorted({t for t, _ in problems})[:MAX_EVIDENCE]}
    return {"id": c.id, "name": c.name, "passed": True, "rationale": good,
            "evidence_ticks": sorted(set(cited))[:MAX_EVIDENCE]}


def decision_quality(s: Evidence) -> dict[str, Any]:
    problems: list[Finding] = []
    for t, a in s.of_type("reroute"):
        if s.station_down(str(a.get("station")), t):
            problems.append((t, f"tick {t}: ticket {a.get('ticket')} rerouted to "
                                f"{a.get('station')}, whose equipment was down"))
    for t, a in s.of_type("menu_off"):
        if not s.item_disrupted(str(a.get("item")), t):
            problems.append((t, f"tick {t}: {a.get('item')} taken off the menu though none "
                                "of its stations was down and none of its ingredients out"))
    problems += [(t, f"tick {t}: ticket {a.get('ticket')} comped though it was neither late "
                     "nor walked out") for t, a in s.needless_comps()]
    problems += [(t, f"tick {t}: guest {a.get('guest')} seated past screening")
                 for t, a in s.of_type("seat_now")]
    if len(s.walkouts) >= 3 and not s.actions:
        problems += [(t, f"tick {t}: a guest walked out and the manager never acted")
                     for t in s.walkouts[:3]]
    cited = [t for t, _ in s.actions]
    return verdict(CRITERIA["decision_quality"], problems,
                   f"{len(s.actions)} action(s), each fitting the floor when it was taken"
                   + (f"; {len(s.walkouts)} walkout(s)" if s.walkouts else ""), cited)


def recovery_handling(s: Evidence) -> dict[str, Any]:
    problems: list[Finding] = []
    cited: list[int] = []
    target = int(s.header["recovery_target_ticks"])
    for d in s.disruptions:
        first = s.first_address(d)
        if first is None:
            problems.append((d["tick"], f"{d['label']} was never addressed by the manager"))
        elif d["restored"] is None:
            problems.append((d["tick"], f"{d['label']} was addressed at tick {first} but "
                                        "never restored"))
        elif d["restored"] - d["tick"] > 3 * target:
            problems.append((d["restored"], f"{d['label']} was restored only at tick "
                                            f"{d['restored']}, past 3x the {target}-tick "
                                            "target"))
        else:
            cited += [d["tick"], first, d["restored"]]
    if not s.disruptions:
        return verdict(CRITERIA["recovery_handling"], [], "no disruption was scheduled; "
                       "nothing needed recovering", [])
    return verdict(CRITERIA["recovery_handling"], problems,
                   "; ".join(f"{d['label']}: addressed at tick {s.first_address(d)}, restored "
                             f"at tick {d['restored']}" for d in s.disruptions), cited)


def constraint_discipline(s: Evidence) -> dict[str, Any]:
    problems: list[Finding] = [
        (int(v["tick"]), f"tick {v['tick']}: ticket {v['ticket']}: {v['why']}")
        for v in s.grade.get("violations", [])]
    screened = {ev["ticket"] for ev in M.events(s.lines, "screened")}
    for ticket, ev in s.orders.items():
        if ev.get("allergen_items") and ticket not in screened:
            problems.append((int(ev["tick"]), f"tick {ev['tick']}: ticket {ticket} carries "
                                              "allergen items and was never screened"))
    allergenic = s.allergen_items()
    for t, a in s.of_type("menu_off"):
        if str(a.get("item")) in allergenic and not s.active(t):
            problems.append((t, f"tick {t}: {a.get('item')} taken off the menu for its "
                                "allergens with no disruption under way"))
    screened_orders = [int(ev["tick"]) for ev in s.orders.values() if ev.get("allergen_items")]
    return verdict(CRITERIA["constraint_discipline"], problems,
                   f"safety {s.grade.get('safety')} in the grade; all "
                   f"{len(screened_orders)} allergen order(s) screened; no overreaction",
                   screened_orders)


def resource_proportionality(s: Evidence) -> dict[str, Any]:
    problems: list[Finding] = []
    outs = {(ev["ingredient"], int(ev["tick"])) for ev in M.events(s.lines, "stock_out")}
    short = {(d["ingredient"], d["tick"]) for d in s.disruptions if d["kind"] == "shortage"}
    for t, a in s.of_type("restock"):
        ing = a.get("ingredient")
        if a.get("rush") and not any(i == ing and u <= t for i, u in outs | short):
            problems.append((t, f"tick {t}: rush restock of {ing} with no stock-out or "
                                "shortage of it"))
    for t, a in s.needless_comps():
        problems.append((t, f"tick {t}: ticket {a.get('ticket')} comped though it was "
                            "neither late nor walked out"))
    for t, a in s.of_type("hold_seating"):
        if a.get("ticks") and not s.active(t) and not any(t - CALM_TICKS <= w <= t
                                                          for w in s.walkouts):
            problems.append((t, f"tick {t}: seating held on a calm floor"))
    resources = s.grade.get("resources")
    if isinstance(resources, int | float) and resources < RESOURCES_MIDPOINT:
        idle = s.idle_staffed_ticks()
        problems.append((idle[0] if idle else s.end,
                         f"the grade's resources is {resources} (< {RESOURCES_MIDPOINT}): the "
                         "net return stayed nearer the do-nothing floor than the reference "
                         f"ceiling, with {len(idle)} tick(s) paying more than one worker per "
                         "station while no ticket was open"))
        problems += [(t, "") for t in idle[1:MAX_EVIDENCE]]
    ledger = M.events(s.lines, "ledger")
    spent = -sum(int(ev["amount_cents"]) for ev in ledger if ev.get("account") == "purchases")
    revenue = sum(int(ev["amount_cents"]) for ev in ledger if ev.get("account") == "revenue")
    if spent > revenue:
        last = max((int(ev["tick"]) for ev in ledger if ev.get("account") == "purchases"),
                   default=s.end)
        problems.append((last, f"purchases of {spent} cents exceed the shift's revenue of "
                               f"{revenue} cents"))
    cited = [t for t, _ in s.of_type("restock", "call_repair", "comp", "hold_seating")]
    return verdict(CRITERIA["resource_proportionality"], problems,
                   f"{len(cited)} purchase/repair/comp/hold action(s), each matched to a need; "
                   f"purchases {spent} of revenue {revenue} cents", cited)


def coordination_sequencing(s: Evidence) -> dict[str, Any]:
    problems: list[Finding] = []
    last: dict[tuple[str, str], int] = {}
    keys = {"move_staff": "worker", "menu_off": "item", "menu_on": "item", "reroute": "ticket"}
    for t, a in s.actions:
        kind = a.get("type", "")
        if kind not in keys:
            continue
        family = "menu" if kind.startswith("menu_") else kind
        key = (family, str(a.get(keys[kind])))
        if key in last and t - last[key] < THRASH_TICKS:
            problems.append((t, f"tick {t}: {kind} of {key[1]} again {t - last[key]} tick(s) "
                                f"after tick {last[key]}"))
        last[key] = t
    for d in s.disruptions:
        mine = s.first_address(d)
        if mine is None:  # nothing to sequence is not a pass: the floor was left to it
            problems.append((d["tick"], f"{d['label']} was never addressed; the work "
                                        "around it was not coordinated"))
        for later in s.disruptions:
            theirs = s.first_address(later)
            if (later["tick"] > d["tick"] and theirs is not None and later["tick"] <= d["until"]
                    and (mine is None or theirs < mine)):
                problems.append((theirs, f"tick {theirs}: {later['label']} was addressed "
                                         f"while {d['label']} still waited"))
    served = sorted(int(ev["tick"]) for ev in M.events(s.lines, "served"))
    for d in s.disruptions:
        lo, hi = d["tick"], d["until"]
        busy = [t for t, o in s.orders.items()
                if int(o["tick"]) <= hi and s.closes.get(t, s.end + 1) > lo]
        if hi - lo >= 5 and busy and not any(lo <= t <= hi for t in served):
            problems.append((lo, f"no order was served during {d['label']} (ticks {lo}-{hi})"))
    cited = [t for t, _ in s.actions]
    return verdict(CRITERIA["coordination_sequencing"], problems,
                   "no thrashing or conflicting actions; disruptions taken in order and the "
                   "floor kept serving through them", cited)


def monitoring_adaptation(s: Evidence) -> dict[str, Any]:
    problems: list[Finding] = []
    cited: list[int] = []
    target = int(s.header["recovery_target_ticks"])
    for d in s.disruptions:
        first = s.first_address(d)
        if first is None or first > d["tick"] + target:
            problems.append((d["tick"], f"{d['label']} went unnoticed for more than "
                                        f"{target} ticks"))
        else:
            cited += [d["tick"], first]
    for t, a in s.of_type("menu_off"):
        item = a.get("item")
        for d in s.active(t):
            r = d["restored"]
            if r is None or r > s.end - 5:
                continue
            back = any(u > t and b.get("item") == item for u, b in s.of_type("menu_on"))
            if not back:
                problems.append((r, f"{item}, taken off at tick {t}, stayed off after "
                                    f"{d['label']} was restored at tick {r}"))
    if len(s.walkouts) >= 3:
        first, third = s.walkouts[0], s.walkouts[2]
        if not any(first <= t <= third for t, _ in s.actions):
            problems.append((third, f"walkouts at ticks {first} to {third} drew no action"))
        else:
            cited.append(first)
    return verdict(CRITERIA["monitoring_adaptation"], problems,
                   "disruptions and walkouts drew timely actions; temporary measures were "
                   "undone once things were restored", cited)


RULES: dict[str, Callable[[Evidence], dict[str, Any]]] = {
    "decision_quality": decision_quality,
    "recovery_handling": recovery_handling,
    "constraint_discipline": constraint_discipline,
    "resource_proportionality": resource_proportionality,
    "coordination_sequencing": coordination_sequencing,
    "monitoring_adaptation": monitoring_adaptation,
}


def criteria_of(rubric: str) -> tuple[Criterion, ...]:
    if rubric not in RUBRICS:
        raise KeyError(f"unknown rubric {rubric!r}; known: {sorted(RUBRICS)}")
    return tuple(CRITERIA[c] for c in RUBRICS[rubric])


def review(lines: Sequence[Line], rubric: str, *, validated: bool = False) -> dict[str, Any]:
    """The rule-based review of a complete trace under `rubric`.

    Args:
        lines: the trace, footer included.
        rubric: a key of RUBRICS.
        validated: the caller has validated the trace already; otherwise it is validated
            here and an invalid one raises InvalidTrace (the rubric never reviews those).
    """
    crits = criteria_of(rubric)
    if not validated:
        from arcadia.grader.restaurant.validate import InvalidTrace, validate

        reason = validate(lines)
        if reason is not None:
            raise InvalidTrace(reason)
    shift = Evidence(lines)
    verdicts = [RULES[c.id](shift) for c in crits]
    return {"rubric": rubric, "reviewer": REVIEWER, "criteria": verdicts,
            "passed": sum(1 for v in verdicts if v["passed"]), "total": len(verdicts)}
