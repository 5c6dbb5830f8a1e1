"""The company's spreadsheets (`world/robotics/sheets.py`): Google-shaped ids, roles, and every
figure as the world has it: headcount from people and the ATS, onboarding from hiring,
budget vs actuals from procurement, the vendor register from the suppliers."""

from __future__ import annotations

import collections
import re
from datetime import timedelta

import pytest

from arcadia.world import WorldSpec
from arcadia.world.model import ROLES
from arcadia.world.robotics.sheets import ONBOARDING_DAYS
from arcadia.world.sheets import Spreadsheet
from arcadia.world.world import World
from tests.world.cached import world_of


@pytest.fixture(scope="module", params=[(11, 800), (40, 40)])
def world(request: pytest.FixtureRequest) -> World:
    seed, headcount = request.param
    return world_of(WorldSpec(seed=seed, headcount=headcount))


def _one(world: World, kind: str) -> Spreadsheet:
    found = [s for s in world.sheets.spreadsheets if s.kind == kind]
    assert len(found) == 1
    return found[0]


def _table(sheet: Spreadsheet, tab: int = 0) -> list[dict[str, object]]:
    header, *rows = sheet.tabs[tab].rows
    return [dict(zip(header, row, strict=True)) for row in rows]


def test_ids_owners_and_roles(world: World) -> None:
    sheets = world.sheets.spreadsheets
    ids = [s.id for s in sheets]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{44}", i) for i in ids)
    people = {p.id for p in world.people if p.status != "terminated"}
    for s in sheets:
        assert s.owner_id in people
        assert set(s.editors) <= set(ROLES) and set(s.readers) <= set(ROLES)
        assert "employee" not in s.editors
        for tab in s.tabs:
            width = len(tab.rows[0])
            assert all(len(r) == width for r in tab.rows)
            assert all(c is None or isinstance(c, str | int | float | bool)
                       for r in tab.rows for c in r)
    kinds = collections.Counter(s.kind for s in sheets)
    assert kinds == {"headcount_plan": 1, "onboarding_tracker": 1, "vendor_register": 1,
                     "exceptions_log": 1, "budget_tracker": len(world.cost_centres)}
    # The headcount plan lists planned hires: managers read it, not everyone.
    plan = _one(world, "headcount_plan")
    assert "employee" not in plan.readers and "manager" in plan.readers


def test_headcount_plan_matches_people_and_the_ats(world: World) -> None:
    plan = _one(world, "headcount_plan")
    rows = _table(plan)
    *depts, total = rows
    assert [r["Department"] for r in depts] == [d.name for d in world.departments]
    for i, (row, dept) in enumerate(zip(depts, world.departments, strict=True), start=2):
        assert row["Current headcount"] == sum(
            1 for p in world.people if p.department_id == dept.id and p.status != "terminated")
        jobs = [j for j in world.hiring.jobs if j.department_id == dept.id and j.status == "open"]
        assert row["Open requisitions"] == len(jobs)
        assert row["Planned hires"] == sum(1 for j in jobs for o in j.openings
                                           if o.status == "open")
        assert row["Planned headcount"] == f"=D{i}+F{i}"
    last = len(depts) + 1
    assert total["Department"] == "Total"
    assert total["Current headcount"] == f"=SUM(D2:D{last})"
    assert total["Planned hires"] == f"=SUM(F2:F{last})"
    roles = _table(plan, 1)
    assert {r["Requisition ID"] for r in roles} == {
        j.requisition_id for j in world.hiring.jobs if j.status == "open"}


def test_onboarding_tracker_matches_hiring(world: World) -> None:
    tracker = _one(world, "onboarding_tracker")
    rows = _table(tracker)
    today = world.now.date()
    lo, hi = today - timedelta(days=ONBOARDING_DAYS), today + timedelta(days=ONBOARDING_DAYS)
    h = world.hiring
    apps = {a.id: a for a in h.applications}
    candidates = {c.id: c for c in h.candidates}
    people = {p.id: p for p in world.people}
    expected: set[tuple[str, str]] = set()
    linked = set()
    for offer in h.offers:
        if offer.status != "accepted" or not lo <= offer.starts_at <= hi:
            continue
        cand = candidates[apps[offer.application_id].candidate_id]
        if cand.person_id is not None:
            linked.add(cand.person_id)
            if people[cand.person_id].status == "terminated":
                continue
        expected.add((f"{cand.first_name} {cand.last_name}", f"{offer.starts_at:%Y-%m-%d}"))
    for p in world.people:
        if p.id not in linked and p.status != "terminated" and lo <= p.hire_date <= hi:
            expected.add((p.name, f"{p.hire_date:%Y-%m-%d}"))
    assert {(r["Name"], r["Start date"]) for r in rows} == expected
    assert len(rows) == len(expected)
    names = {p.name for p in world.people}
    departments = {d.name for d in world.departments}
    for r in rows:
        assert r["Manager"] in names and r["Department"] in departments
        assert isinstance(r["Accounts created"], bool) and isinstance(r["Payroll set up"], bool)
        assert r["Status"] in ("Not started", "In progress", "Complete")


def test_budget_trackers_match_procurement(world: World) -> None:
    proc = world.procurement
    cost_centre = {r.id: r.cost_centre_id for r in proc.requisitions}
    spend: dict[tuple[str, str], float] = collections.defaultdict(float)
    for o in proc.purchase_orders:
        if o.status != "cancelled":
            spend[(cost_centre[o.requisition_id], f"{o.created_at:%Y-%m}")] += o.total
    trackers = {s.cost_centre_id: s for s in world.sheets.spreadsheets
                if s.kind == "budget_tracker"}
    assert set(trackers) == {cc.id for cc in world.cost_centres}
    total_actual = 0.0
    for cc in world.cost_centres:
        sheet = trackers[cc.id]
        *months, total = _table(sheet)
        lines = sorted((b.period, b.amount) for b in proc.budget_lines if b.cost_centre_id == cc.id)
        assert [(r["Month"], r["Budget"]) for r in months] == lines
        for i, r in enumerate(months, start=2):
            assert r["Actual"] == pytest.approx(spend.get((cc.id, str(r["Month"])), 0.0),
                                                abs=0.01)
            assert r["Variance"] == f"=B{i}-C{i}"
            total_actual += float(r["Actual"])  # type: ignore[arg-type]
        n = len(months) + 1
        assert (total["Budget"], total["Actual"]) == (f"=SUM(B2:B{n})", f"=SUM(C2:C{n})")
        summary = dict(sheet.tabs[1].rows[1:])
        assert summary["Annual budget"] == cc.annual_budget
        assert summary["Actual to date"] == f"=SUM(Monthly!C2:C{n})"
    assert total_actual == pytest.approx(sum(spend.values()), abs=1)


def test_vendor_register_and_exceptions_log_quote_procurement(world: World) -> None:
    proc = world.procurement
    rows = _table(_one(world, "vendor_register"))
    terms = {t.id: t.code for t in proc.payment_terms}
    assert [(r["Supplier"], r["Number"], r["Payment terms"]) for r in rows] == [
        (s.name, s.number, terms[s.payment_term_id]) for s in proc.suppliers]
    contracts = {c.number: c for s in proc.suppliers for c in s.contracts}
    for r in rows:
        if r["Contract #"] is not None:
            assert r["Contract end"] == f"{contracts[str(r['Contract #'])].end_date:%Y-%m-%d}"
    refs = {i.invoice_number: i.total for i in proc.invoices}
    refs |= {o.number: o.total for o in proc.purchase_orders}
    log = _table(_one(world, "exceptions_log"))
    assert log
    for r in log:
        assert r["Amount"] == refs[str(r["Reference"])]
        assert str(r["Date"]) < f"{world.now:%Y-%m-%d}"
