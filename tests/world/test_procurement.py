"""Procurement truth: the approval rule, and a generated year that follows it and adds up."""

from __future__ import annotations

import collections
import functools
import hashlib
from datetime import timedelta
from decimal import Decimal

import orjson
import pytest

from arcadia.world import SituationSpec, WorldSpec, generate_world, to_plain
from arcadia.world.procurement import (
    FINANCE_THRESHOLD,
    OWNER_THRESHOLD,
    Approver,
    Procurement,
    approval_chain,
)
from arcadia.world.robotics.procurement.catalog import CATEGORIES
from arcadia.world.robotics.procurement.generate import year_start
from tests.factories import SPEC
from tests.world.cached import world_of


@pytest.fixture(scope="module")
def world():
    return world_of(WorldSpec(seed=7))


@functools.cache
def small(headcount):
    return generate_world(WorldSpec(seed=3, headcount=headcount))


def proc_hash(proc: Procurement) -> str:
    return hashlib.sha256(orjson.dumps(to_plain(proc), option=orjson.OPT_SORT_KEYS)).hexdigest()


# --- the rule -------------------------------------------------------------------------------

# CEO 1 <- CFO 2 (E1, Finance head) ; CEO 1 <- head 3 (E1) <- director 4 (M2) <- manager 5
# (M1) <- engineer 6 (IC). The cost centre's owner is the head, 3.
ORG = {
    1: Approver(1, None, None),
    2: Approver(2, 1, Decimal(250_000)),
    3: Approver(3, 1, Decimal(250_000)),
    4: Approver(4, 3, Decimal(50_000)),
    5: Approver(5, 4, Decimal(10_000)),
    6: Approver(6, 5, Decimal(0)),
}


def chain(amount, requester=6, owner=3, finance=2, org=ORG):
    return approval_chain(amount, requester, owner, finance, lookup=org.get)


@pytest.mark.parametrize(("amount", "expected"), [
    (0, (5,)),
    (950, (5,)),
    (10_000, (5,)),  # a limit covers an amount equal to it
    ("10000.01", (5, 4)),
    (24_999.99, (5, 4)),
    (25_000, (5, 4, 3)),  # from the owner's threshold, the cost centre's owner too
    (50_000.01, (5, 4, 3)),  # the head is the owner and in the manager chain: once
    (99_999, (5, 4, 3)),
    (100_000, (5, 4, 3, 2)),  # from the Finance threshold, the head of Finance too
    (250_001, (5, 4, 3, 1, 2)),  # above every limit but the CEO's
])
def test_chain_by_amount(amount, expected):
    assert chain(amount) == expected


def test_chain_owner_outside_the_manager_line():
    # A buyer (7) of another department, under manager 5, buying for cost centre owned by 2.
    org = {**ORG, 7: Approver(7, 5, Decimal(0))}
    assert chain(30_000, requester=7, owner=2, org=org) == (5, 4, 2)
    assert chain(9_000, requester=7, owner=2, org=org) == (5,)


def test_nobody_approves_their_own_requisition():
    assert chain(30_000, requester=3) == (1,)  # the head: the CEO, and not themself as owner
    assert chain(150_000, requester=2, owner=3) == (1, 3)  # the CFO: not themself for Finance


def test_inactive_managers_are_passed_over():
    org = {**ORG, 5: Approver(5, 4, Decimal(10_000), active=False)}
    assert chain(500, org=org) == (4,)


@pytest.mark.parametrize("amount", [-1, "NaN", "Infinity", float("inf")])
def test_chain_refuses_bad_amounts(amount):
    with pytest.raises(ValueError, match="finite, non-negative"):
        chain(amount)


def test_chain_refuses_an_unknown_requester():
    with pytest.raises(ValueError, match="unknown requester 99"):
        chain(100, requester=99)


# --- determinism and isolation ----------------------------------------------------------------

def test_same_seed_same_procurement_and_another_seed_differs():
    # A world of 120 people has a whole procurement year (`test_small_worlds_have_...`).
    world = small(120)
    assert proc_hash(generate_world(WorldSpec(seed=3, headcount=120)).procurement) == \
        proc_hash(world.procurement)
    assert proc_hash(generate_world(WorldSpec(seed=4, headcount=120)).procurement) != \
        proc_hash(world.procurement)


# The fields the world had before procurement (other additions, such as hiring, are not
# this test's business).
BEFORE = ("spec", "company_name", "domain", "locations", "departments", "cost_centres", "bands",
          "people", "benefits", "enrolments", "time_off", "situations")


def test_procurement_left_every_other_value_of_the_world_as_it_was():
    """The hr-mismatch corpus pinned this world before procurement existed: everything that
    was there hashes as it did (the standard test world, which the cache holds)."""
    assert SPEC == WorldSpec(seed=7, situations=(SituationSpec("hr-mismatch-v1", {"count": 8}),))
    w = world_of(SPEC)
    plain = {k: v for k, v in to_plain(w).items() if k in BEFORE}
    assert "procurement" in to_plain(w) and len(plain) == len(BEFORE)
    # Hiring added `present` to every holding (an app holding the person at all); the
    # hr-mismatch holdings all hold them, which is what the older shape meant.
    for instance in plain["situations"]:
        for holding in instance["holdings"]:
            assert holding.pop("present") is True
    assert hashlib.sha256(orjson.dumps(plain, option=orjson.OPT_SORT_KEYS)).hexdigest() == \
        "767fd3c113d533066635f0107bb90d13009aecd673845f9089939103cba2390e"


def test_dates_come_from_the_world_not_the_machine():
    """A world 400 days later has its whole procurement year 400 days later."""
    later = generate_world(WorldSpec(seed=7, headcount=120,
                                     now=WorldSpec().now + timedelta(days=400)))
    p, first = later.procurement, year_start(later)
    assert first == WorldSpec().now.date() + timedelta(days=400 - 365)
    assert all(first <= r.submitted_at.date() < later.now.date() for r in p.requisitions)
    assert all(first <= i.invoice_date < later.now.date() for i in p.invoices)
    second = first.replace(day=1) + timedelta(days=31)
    assert [b.period for b in p.budget_lines[:2]] == [f"{first:%Y-%m}", f"{second:%Y-%m}"]


# --- what the year looks like -------------------------------------------------------------------

def test_counts_look_like_a_company(world):
    p = world.procurement
    assert 250 <= len(p.suppliers) <= 400
    assert {s.category for s in p.suppliers} == {c.code for c in CATEGORIES}
    assert len({s.name for s in p.suppliers}) == len(p.suppliers)
    assert len(p.users) == len(world.people)
    assert 1000 <= len(p.requisitions) <= 3000
    assert len(p.purchase_orders) >= 0.9 * len(p.requisitions)
    assert len(p.invoices) >= 0.9 * len(p.purchase_orders)
    assert 0.2 <= sum(1 for s in p.suppliers if s.contracts) / len(p.suppliers) <= 0.6
    statuses = collections.Counter(o.status for o in p.purchase_orders)
    assert statuses["closed"] > statuses["issued"] > statuses["cancelled"] > 0
    assert any(o.version > 1 for o in p.purchase_orders)  # change orders
    assert collections.Counter(r.status for r in p.requisitions).keys() >= {
        "ordered", "pending_approval", "withdrawn", "draft"}
    # spend is concentrated: the top tenth of suppliers take most of it
    spend = collections.Counter()
    for o in p.purchase_orders:
        spend[o.supplier_id] += o.total
    top = sorted(spend.values(), reverse=True)
    assert sum(top[: len(p.suppliers) // 10]) > 0.4 * sum(top)


def test_users_carry_the_limits_of_their_level(world):
    by_id = {p.id: p for p in world.people}
    for u in world.procurement.users:
        person = by_id[u.id]
        assert u.email == person.email and u.manager_id == person.manager_id
        assert u.active == (person.status != "terminated")
        expected = {"M1": 10_000, "M2": 50_000, "E1": 250_000}.get(person.level, 0)
        assert u.approval_limit == (None if person.manager_id is None else expected)
    assert sum(1 for u in world.procurement.users if "Buyer" in u.roles) >= 5


def test_every_approval_follows_the_chain(world):
    p = world.procurement
    approvals = collections.defaultdict(list)
    for a in p.approvals:
        if a.approvable_type == "RequisitionHeader":
            approvals[a.approvable_id].append(a)
    for req in p.requisitions:
        rows = sorted(approvals[req.id], key=lambda a: a.position)
        assert [a.position for a in rows] == list(range(1, len(rows) + 1))
        rule = p.chain(req.total, req.requester_id, req.cost_centre_id)
        who = tuple(a.approver_id for a in rows)
        states = [a.status for a in rows]
        if req.status == "ordered":
            assert who == rule and set(states) == {"approved"}, req.id
            assert req.approved_at == max(a.approval_date for a in rows)
        elif req.status == "pending_approval":
            assert who == rule and states.count("pending_approval") == 1
            k = states.index("pending_approval")
            assert set(states[:k]) <= {"approved"} and set(states[k + 1:]) <= {"waiting"}
        elif req.status == "draft":  # returned by a rejection: the chain up to the rejecter
            assert who == rule[: len(who)] and states[-1] == "rejected"
        else:
            assert req.status == "withdrawn" and who == rule
        assert req.requester_id not in who


def test_every_invoice_approval_follows_the_chain(world):
    """Invoices are approved along the rule too: their total, the order's requester, the
    requisition's cost centre; paid only once approved, after the last approval."""
    p = world.procurement
    approvals = collections.defaultdict(list)
    for a in p.approvals:
        assert a.approvable_type in ("RequisitionHeader", "InvoiceHeader")
        if a.approvable_type == "InvoiceHeader":
            approvals[a.approvable_id].append(a)
    reqs = {r.id: r for r in p.requisitions}
    seen = collections.Counter()
    for inv in p.invoices:
        order = p.order(inv.order_id)
        rule = p.chain(inv.total, order.buyer_id, reqs[order.requisition_id].cost_centre_id)
        rows = sorted(approvals[inv.id], key=lambda a: a.position)
        assert tuple(a.approver_id for a in rows) == rule, inv.id
        states = [a.status for a in rows]
        seen[inv.status] += 1
        if inv.status == "approved":
            assert set(states) <= {"approved"}
            if inv.paid and rows:
                assert max(a.approval_date for a in rows).date() < inv.payment_date
        elif inv.status == "pending_approval":
            assert states.count("pending_approval") == 1
            k = states.index("pending_approval")
            assert set(states[:k]) <= {"approved"} and set(states[k + 1:]) <= {"waiting"}
        else:
            assert inv.status == "disputed" and "withdrawn" in states
        assert all(a.approval_date is None or inv.received_at < a.approval_date < world.now
                   for a in rows)
    assert seen["approved"] > seen["pending_approval"] > 0 and seen["disputed"] > 0


def test_spend_roughly_adds_up_to_budget(world):
    p = world.procurement
    first = year_start(world)
    budget = collections.Counter()
    for b in p.budget_lines:
        if b.start_date >= first.replace(day=1) and b.end_date < world.now.date().replace(day=1):
            budget[b.cost_centre_id] += b.amount
    spend = collections.Counter()
    ordered = {o.requisition_id: o for o in p.purchase_orders if o.status != "cancelled"}
    for r in p.requisitions:
        if r.id in ordered:
            spend[r.cost_centre_id] += ordered[r.id].total
    use = {cc.id: spend[cc.id] / budget[cc.id] for cc in world.cost_centres}
    over = [cc for cc, u in use.items() if u > 1.0]
    assert 1 <= len(over) <= 3, use
    assert all(0.6 <= u <= 1.2 for u in use.values()), use


def test_contract_dates_and_values_hold(world):
    p = world.procurement
    for s in p.suppliers:
        for c in s.contracts:
            assert c.start_date < c.end_date
            assert c.status == ("published" if c.end_date >= world.now.date() else "expired")
            placed = sum(o.total for o in p.purchase_orders if o.contract_id == c.id
                         and o.status != "cancelled")
            assert placed <= c.maximum_value
    contracted = {s.id: s.contracts for s in p.suppliers if s.contracts}
    for inv in p.invoices:
        if inv.supplier_id in contracted:
            assert any(c.start_date <= inv.invoice_date <= c.end_date
                       for c in contracted[inv.supplier_id]), inv
    for o in p.purchase_orders:
        if o.contract_id is not None:
            c = next(c for c in contracted[o.supplier_id] if c.id == o.contract_id)
            assert c.start_date <= o.created_at.date() <= c.end_date


def _quantities(p: Procurement):
    received, invoiced = collections.Counter(), collections.Counter()
    for r in p.receipts:
        received[r.order_line_id] += r.quantity
    for inv in p.invoices:
        if inv.status != "voided":
            for line in inv.lines:
                invoiced[line.order_line_id] += line.quantity
    return received, invoiced


def test_receipts_within_ordered_and_invoices_within_received(world):
    p = world.procurement
    received, invoiced = _quantities(p)
    for o in p.purchase_orders:
        billed = sum(i.total for i in p.invoices if i.order_id == o.id)
        assert billed <= o.total + 0.01
        for line in o.lines:
            assert invoiced[line.id] <= received[line.id] <= line.quantity
        if o.status == "cancelled":
            assert not any(r.order_id == o.id for r in p.receipts)


def test_the_life_of_a_purchase_runs_forward_in_time(world):
    p = world.procurement
    reqs = {r.id: r for r in p.requisitions}
    orders = {o.id: o for o in p.purchase_orders}
    now = world.now
    for o in p.purchase_orders:
        r = reqs[o.requisition_id]
        assert r.status == "ordered" and r.supplier_id == o.supplier_id
        assert r.submitted_at < r.approved_at <= o.created_at < now
    for rc in p.receipts:
        assert orders[rc.order_id].created_at.date() <= rc.transaction_date < now.date()
    for inv in p.invoices:
        assert orders[inv.order_id].created_at.date() <= inv.invoice_date < now.date()
        assert inv.received_at < now
        assert (inv.payment_date is not None) == inv.paid
        if inv.paid:
            assert inv.status == "approved" and inv.payment_date < now.date()
    numbers = [(i.supplier_id, i.invoice_number) for i in p.invoices]
    assert len(set(numbers)) == len(numbers)


def test_budget_lines_cover_every_month_of_every_cost_centre(world):
    lines = collections.Counter(b.cost_centre_id for b in world.procurement.budget_lines)
    assert set(lines) == {cc.id for cc in world.cost_centres}
    assert len(set(lines.values())) == 1 and 12 <= next(iter(lines.values())) <= 13
    ids = {a.cost_centre_id for a in world.procurement.accounts}
    assert ids == {cc.id for cc in world.cost_centres}


@pytest.mark.parametrize("headcount", [40, 60, 120])
def test_small_worlds_have_procurement_too(headcount):
    w = small(headcount)
    assert w.procurement.requisitions and w.procurement.invoices


def test_the_view_holds_the_truth_and_the_rule(world):
    view = world.view_for("procurement")
    assert view.app == "procurement"
    assert view.invoices == tuple(world.procurement.invoices)
    assert view.users == tuple(world.procurement.users)
    fin = world.department("FIN").head_id
    assert view.finance_approver_id == fin
    for cc in world.cost_centres:
        assert view.owner(cc.id) == world.department(cc.department_id).head_id
    req = max(world.procurement.requisitions, key=lambda r: r.total)
    assert Decimal(str(req.total)) >= OWNER_THRESHOLD
    assert view.chain(req.total, req.requester_id, req.cost_centre_id) == \
        world.procurement.chain(req.total, req.requester_id, req.cost_centre_id)
    assert FINANCE_THRESHOLD > OWNER_THRESHOLD
