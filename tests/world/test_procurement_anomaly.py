"""spend-anomaly-v1: each planted anomaly is what it says, and nothing else in the year is."""

from __future__ import annotations

import collections
import dataclasses
from datetime import date
from decimal import Decimal

import pytest
from pydantic import ValidationError

from arcadia.world import SituationSpec, WorldSpec, generate_world
from arcadia.world.procurement import OWNER_THRESHOLD
from arcadia.world.robotics import SITUATIONS
from arcadia.world.robotics.situations.spend_anomaly import ANOMALY_KINDS
from tests.factories import SPEC
from tests.world.cached import world_of

ANOMALY = SituationSpec("spend-anomaly-v1", {})


@pytest.fixture(scope="module")
def world():
    return world_of(WorldSpec(seed=7, situations=(
        SituationSpec("hr-mismatch-v1", {"count": 8}), ANOMALY)))


@pytest.fixture(scope="module")
def facts(world):
    inst = world.situations[-1]
    assert inst.id == "spend-anomaly-v1"
    return {h["kind"]: h for h in inst.hidden}


def test_registered_and_plants_one_of_each_kind(world, facts):
    assert "spend-anomaly-v1" in SITUATIONS
    inst = world.situations[-1]
    assert [a["kind"] for a in inst.anchors] == ANOMALY_KINDS == list(facts)
    suppliers = [h["supplier_id"] for h in inst.hidden]
    assert len(set(suppliers)) == len(suppliers)  # each anomaly its own supplier
    names = {s.id: s.name for s in world.procurement.suppliers}
    for anchor, fact in zip(inst.anchors, inst.hidden, strict=True):
        assert anchor["supplier"] == names[fact["supplier_id"]]
        # anchors are what a person would know: names and periods, never ids
        assert not any(k.endswith("_id") or k.endswith("_ids") for k in anchor)


def test_deterministic_and_kinds_select():
    # 120 people take every anomaly (`test_small_worlds_take_every_anomaly`).
    spec = WorldSpec(seed=2, headcount=120, situations=(SituationSpec(
        "spend-anomaly-v1", {"kinds": ["over-po", "over-limit"]}),))
    a, b = generate_world(spec), generate_world(spec)
    assert a.content_hash() == b.content_hash()
    assert [h["kind"] for h in a.situations[0].hidden] == ["over-po", "over-limit"]
    with pytest.raises(ValidationError):
        generate_world(WorldSpec(seed=2, headcount=120, situations=(SituationSpec(
            "spend-anomaly-v1", {"kinds": ["fraud"]}),)))
    with pytest.raises(ValidationError):
        generate_world(WorldSpec(seed=2, headcount=120, situations=(SituationSpec(
            "spend-anomaly-v1", {"kinds": []}),)))


def test_the_situation_changes_no_truth_but_what_it_adds(world):
    # The same world without the anomalies: the standard test world, which the cache holds.
    assert world.spec == dataclasses.replace(SPEC, situations=(*SPEC.situations, ANOMALY))
    plain = world_of(SPEC)
    a, b = plain.procurement, world.procurement
    for name in ("requisitions", "purchase_orders", "receipts", "invoices", "approvals"):
        before, after = getattr(a, name), getattr(b, name)
        assert after[: len(before)] == before, name
        assert len(after) > len(before) or name == "receipts"
    assert a.users == b.users and a.budget_lines == b.budget_lines
    assert [s.id for s in a.suppliers] == [s.id for s in b.suppliers]


def test_duplicate_invoice(world, facts):
    f = facts["duplicate-invoice"]
    inv = {i.id: i for i in world.procurement.invoices}
    orig, dup = inv[f["original_invoice_id"]], inv[f["duplicate_invoice_id"]]
    assert (orig.supplier_id, orig.order_id, orig.invoice_date, orig.total) == \
        (dup.supplier_id, dup.order_id, dup.invoice_date, dup.total)
    assert orig.invoice_number != dup.invoice_number
    assert orig.received_at < dup.received_at
    # the original approved and awaiting payment, the copy pending: either may be disputed
    assert (orig.status, orig.paid, dup.status, dup.paid) == (
        "approved", False, "pending_approval", False)
    order = world.procurement.order(f["order_id"])
    billed = sum(i.total for i in world.procurement.invoices if i.order_id == order.id)
    assert billed <= order.total  # a duplicate, not also over the order
    quarter = date(2026, 1, 1)
    assert quarter <= dup.invoice_date < world.now.date()
    # the only pair of this supplier's invoices with the same date and amount
    keys = collections.Counter((i.invoice_date, i.total) for i in world.procurement.invoices
                               if i.supplier_id == f["supplier_id"])
    assert [k for k, n in keys.items() if n > 1] == [(dup.invoice_date, dup.total)]


def test_invoice_over_the_order(world, facts):
    f = facts["over-po"]
    p = world.procurement
    order = p.order(f["order_id"])
    invoices = sorted((i for i in p.invoices if i.order_id == order.id), key=lambda i: i.id)
    assert [i.id for i in invoices] == [f["earlier_invoice_id"], f["invoice_id"]]
    first, second = invoices
    assert first.total <= order.total < first.total + second.total
    assert f["remaining"] == pytest.approx(order.total - first.total)
    assert f["excess"] == pytest.approx(second.total - f["remaining"])
    assert second.status == "pending_approval" and first.status == "approved"
    assert not first.paid and not second.paid
    assert first.invoice_date >= date(2026, 1, 1)


def test_split_purchase(world, facts):
    f = facts["split-purchase"]
    p = world.procurement
    reqs = [p.requisition(i) for i in f["requisition_ids"]]
    assert len(reqs) == 3
    assert {(r.requester_id, r.supplier_id, r.cost_centre_id) for r in reqs} == {
        (f["requester_id"], f["supplier_id"], f["cost_centre_id"])}
    days = sorted(r.submitted_at.date() for r in reqs)
    assert (days[-1] - days[0]).days <= 4
    combined = Decimal(str(f["combined_total"]))
    assert all(r.total < f["approver_limit"] for r in reqs) and combined >= OWNER_THRESHOLD
    for r in reqs:  # each approved by the manager alone, as the rule allows per requisition
        rows = [a for a in p.approvals if a.approvable_id == r.id
                and a.approvable_type == "RequisitionHeader"]
        assert [(a.approver_id, a.status) for a in rows] == [(f["approver_id"], "approved")]
        assert p.chain(r.total, r.requester_id, r.cost_centre_id) == (f["approver_id"],)
    needed = p.chain(float(combined), f["requester_id"], f["cost_centre_id"])
    assert list(needed) == f["combined_chain"] and len(needed) >= 2
    # the only requisitions of this requester with this supplier
    assert sorted(r.id for r in p.requisitions if r.requester_id == f["requester_id"]
                  and r.supplier_id == f["supplier_id"]) == f["requisition_ids"]


def test_paid_outside_contract(world, facts):
    f = facts["outside-contract"]
    p = world.procurement
    supplier = p.supplier(f["supplier_id"])
    inv = next(i for i in p.invoices if i.id == f["invoice_id"])
    assert supplier.status == "active"
    assert [c.id for c in supplier.contracts] == [f["contract_id"]]
    contract = supplier.contracts[0]
    assert contract.status == "expired" and inv.invoice_date > contract.end_date
    assert inv.paid and inv.payment_date is not None and inv.payment_date > contract.end_date
    assert inv.payment_date < world.now.date()
    # the only invoice of the supplier outside its contract
    outside = [i.id for i in p.invoices if i.supplier_id == supplier.id
               and not contract.start_date <= i.invoice_date <= contract.end_date]
    assert outside == [inv.id]


def test_approved_above_limit(world, facts):
    f = facts["over-limit"]
    p = world.procurement
    req = p.requisition(f["requisition_id"])
    order = p.order(f["order_id"])
    assert order.requisition_id == req.id and order.total == f["amount"]
    rows = [a for a in p.approvals if a.approvable_id == req.id
            and a.approvable_type == "RequisitionHeader"]
    assert [(a.approver_id, a.status) for a in rows] == [(f["approver_id"], "approved")]
    approver = next(u for u in p.users if u.id == f["approver_id"])
    assert approver.approval_limit is not None and approver.approval_limit < order.total
    assert p.chain(req.total, req.requester_id, req.cost_centre_id) == \
        tuple(f["required_chain"])
    assert len(f["required_chain"]) > 1


def test_outside_the_anomalies_the_year_holds_its_invariants(world, facts):
    """Approvals follow the chain, invoices stay within their orders, and suppliers within
    their contracts, except exactly where an anomaly was planted."""
    p = world.procurement
    approvals = collections.defaultdict(list)
    for a in p.approvals:
        if a.approvable_type == "RequisitionHeader":
            approvals[a.approvable_id].append(a.approver_id)
    off_chain = [r.id for r in p.requisitions if r.status == "ordered"
                 and tuple(approvals[r.id]) != p.chain(r.total, r.requester_id,
                                                       r.cost_centre_id)]
    assert off_chain == [facts["over-limit"]["requisition_id"]]
    billed = collections.Counter()
    for i in p.invoices:
        billed[i.order_id] += i.total
    over = [o.id for o in p.purchase_orders if billed[o.id] > o.total + 0.01]
    assert over == [facts["over-po"]["order_id"]]
    contracted = {s.id: s.contracts for s in p.suppliers if s.contracts}
    outside = [i.id for i in p.invoices if i.supplier_id in contracted and not any(
        c.start_date <= i.invoice_date <= c.end_date for c in contracted[i.supplier_id])]
    assert outside == [facts["outside-contract"]["invoice_id"]]
    same = collections.Counter((i.supplier_id, i.invoice_date, i.total) for i in p.invoices)
    assert [k for k, n in same.items() if n > 1] == [
        (facts["duplicate-invoice"]["supplier_id"],
         date.fromisoformat(facts["duplicate-invoice"]["invoice_date"]),
         facts["duplicate-invoice"]["amount"])]


@pytest.mark.parametrize("headcount", [60, 120])
def test_small_worlds_take_every_anomaly(headcount):
    w = generate_world(WorldSpec(seed=5, headcount=headcount, situations=(ANOMALY,)))
    assert [h["kind"] for h in w.situations[0].hidden] == ANOMALY_KINDS


def test_a_world_too_small_says_so():
    """Forty people have no first-line manager to split a purchase under."""
    with pytest.raises(ValueError, match="under a first-line manager; the world has none"):
        generate_world(WorldSpec(seed=5, headcount=40, situations=(ANOMALY,)))
    kinds = ["duplicate-invoice", "over-po", "outside-contract"]
    w = generate_world(WorldSpec(seed=5, headcount=40, situations=(
        SituationSpec("spend-anomaly-v1", {"kinds": kinds}),)))
    assert [h["kind"] for h in w.situations[0].hidden] == kinds


def test_the_procurement_view_carries_the_anomalies(world, facts):
    view = world.view_for("procurement")
    ids = {i.id for i in view.invoices}
    assert facts["duplicate-invoice"]["duplicate_invoice_id"] in ids
    assert facts["over-po"]["invoice_id"] in ids
