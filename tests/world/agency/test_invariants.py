"""The pipeline's history is consistent on every seed (the handbook's rules hold in the truth)."""

from __future__ import annotations

import collections
from datetime import timedelta

import pytest

from arcadia.world.agency import Agency, meets_floor
from arcadia.world.agency.model import LIVE_SUBMISSION_STATUSES, OPEN_JOB_STATUSES, SENIORITIES
from arcadia.world.agency.population import load_population
from arcadia.world.agency.sample import NOW
from tests.world.agency.conftest import SEEDS, agency

PARAMS = load_population()


def _ids_are_one_to_n(agency_: Agency) -> None:
    for kind in ("users", "clients", "contacts", "job_orders", "candidates", "consents",
                 "submissions", "placements", "notes", "appointments"):
        rows = getattr(agency_, kind)
        assert [r.id for r in rows] == list(range(1, len(rows) + 1)), kind


@pytest.fixture(params=SEEDS, ids=[f"seed{s}" for s in SEEDS])
def a(request: pytest.FixtureRequest) -> Agency:
    return agency(request.param)


def test_shape_and_references(a: Agency) -> None:
    _ids_are_one_to_n(a)
    staff = PARAMS["staff"]
    roles = collections.Counter(u.role for u in a.users)
    assert roles == {"recruiter": staff["recruiters"],
                     "account_manager": staff["account_managers"]}
    assert all(u.email.endswith("@arcadia-staffing.example") for u in a.users)
    emails = [u.email for u in a.users] + [c.email for c in a.contacts] + \
        [c.email for c in a.candidates]
    assert len(emails) == len(set(emails))
    assert len(a.clients) == PARAMS["clients"]["count"]
    assert 1200 <= len(a.candidates) <= 1800
    managers = {u.id for u in a.users if u.role == "account_manager"}
    recruiters = {u.id for u in a.users if u.role == "recruiter"}
    contacts = {c.id: c for c in a.contacts}
    assert all(c.owner_id in managers for c in a.clients)
    assert all(c.owner_id in managers for c in a.contacts)
    assert all(c.owner_id in recruiters for c in a.candidates)
    assert {c.corporation_id for c in a.contacts} == {c.id for c in a.clients}
    busy = {o.corporation_id for o in a.job_orders}
    assert all((c.status == "Active Account") == (c.id in busy) for c in a.clients)
    for order in a.job_orders:
        assert order.owner_id in recruiters
        assert contacts[order.contact_id].corporation_id == order.corporation_id
        assert order.is_open == (order.status in OPEN_JOB_STATUSES)
        assert order.submission_limit == PARAMS["submission_limit"]
    people = {"candidate": {c.id for c in a.candidates}, "contact": set(contacts)}
    users = {u.id for u in a.users}
    orders = {o.id for o in a.job_orders}
    for note in a.notes:
        assert note.person_id in people[note.person_type]
        assert note.author_id in users and note.date_added <= NOW
        assert note.job_order_id is None or note.job_order_id in orders
    for appt in a.appointments:
        assert appt.owner_id in users and appt.begin < appt.end


def test_rate_cards_and_rates(a: Agency) -> None:
    clients = {c.id: c for c in a.clients}
    policy = a.policy
    assert policy is not None and policy.min_markup_bp == PARAMS["markup"]["minimum"]
    for order in a.job_orders:
        line = clients[order.corporation_id].rate_line(order.job_family)
        assert line is not None, "a job order's family is on its client's rate card"
        assert line.bill_rate_low <= order.client_bill_rate <= line.bill_rate_high
        assert meets_floor(order.pay_rate, order.client_bill_rate, policy.min_markup_bp)
        assert order.seniority in SENIORITIES


def test_submissions_follow_the_rules(a: Agency) -> None:
    assert a.policy is not None
    candidates = {c.id: c for c in a.candidates}
    orders = {o.id: o for o in a.job_orders}
    consents = collections.defaultdict(list)
    for consent in a.consents:
        consents[(consent.candidate_id, consent.corporation_id)].append(consent)
        assert consent.granted_on >= candidates[consent.candidate_id].date_added.date()
        assert consent.expires_on - consent.granted_on == timedelta(
            days=a.policy.consent_valid_days - 1)
    pairs = [(s.candidate_id, s.job_order_id) for s in a.submissions]
    assert len(pairs) == len(set(pairs)), "never twice to the same job order"
    per_order = collections.Counter(s.job_order_id for s in a.submissions)
    for sub in a.submissions:
        cand, order = candidates[sub.candidate_id], orders[sub.job_order_id]
        assert per_order[order.id] <= order.submission_limit
        assert any(c.valid_on(sub.date_added.date())
                   for c in consents[(cand.id, order.corporation_id)]), "consent recorded"
        assert set(order.must_have_skills) <= set(cand.skills)
        assert cand.job_family == order.job_family and cand.status != "Unavailable"
        assert abs(SENIORITIES.index(cand.seniority) - SENIORITIES.index(order.seniority)) <= 1
        assert cand.expected_pay_low <= sub.pay_rate <= cand.expected_pay_high
        assert meets_floor(sub.pay_rate, sub.bill_rate, a.policy.min_markup_bp)
        assert cand.date_added <= sub.date_added and order.date_added < sub.date_added
        assert sub.date_added <= NOW and sub.sending_user_id == order.owner_id


def test_placements_follow_the_rules(a: Agency) -> None:
    assert a.policy is not None
    subs = {s.id: s for s in a.submissions}
    orders = {o.id: o for o in a.job_orders}
    candidates = {c.id: c for c in a.candidates}
    clients = {c.id: c for c in a.clients}
    placed = collections.Counter(p.job_order_id for p in a.placements)
    approvals = {r.placement_id: r for r in a.approvals}
    assert len(approvals) == len(a.approvals), "one approval per placement at most"
    assert len({p.candidate_id for p in a.placements}) == len(a.placements)
    assert sorted(p.submission_id for p in a.placements) == sorted(
        s.id for s in a.submissions if s.status == "Placed")
    for p in a.placements:
        sub, order = subs[p.submission_id], orders[p.job_order_id]
        assert (sub.candidate_id, sub.job_order_id) == (p.candidate_id, p.job_order_id)
        assert sub.date_added < p.date_added <= NOW
        assert candidates[p.candidate_id].status == "Placed"
        cand = candidates[p.candidate_id]
        assert cand.expected_pay_low <= p.pay_rate <= cand.expected_pay_high
        below = not meets_floor(p.pay_rate, p.client_bill_rate, a.policy.min_markup_bp)
        approval = approvals.get(p.id)
        assert (approval is not None) == below, "below the floor only with an approval"
        if approval is not None:
            assert approval.approver_id == clients[order.corporation_id].owner_id
            assert (approval.candidate_id, approval.job_order_id) == (p.candidate_id,
                                                                      p.job_order_id)
            assert (approval.pay_rate, approval.bill_rate) == (p.pay_rate, p.client_bill_rate)
            assert sub.date_added < approval.approved_at <= p.date_added
        # Every submission to the job order came before its first placement.
        firsts = min(q.date_added for q in a.placements if q.job_order_id == order.id)
        assert all(s.date_added < firsts for s in a.submissions
                   if s.job_order_id == order.id)
    for order in a.job_orders:
        assert placed[order.id] <= order.num_openings
        assert (order.status == "Filled") == (placed[order.id] == order.num_openings)
        if order.status == "Filled":
            assert not any(s.status in LIVE_SUBMISSION_STATUSES for s in a.submissions
                           if s.job_order_id == order.id)


def test_consents_expired_in_the_stated_share(a: Agency) -> None:
    expired = [c for c in a.consents if c.expires_on < NOW.date()]
    share = PARAMS["consent"]["share_expired"]
    assert len(expired) / len(a.consents) == pytest.approx(share, abs=0.005)
    behind = {(s.candidate_id, o.corporation_id) for s in a.submissions
              for o in a.job_orders if o.id == s.job_order_id}
    assert not any((c.candidate_id, c.corporation_id) in behind for c in expired)


def test_statuses_agree_with_the_pipeline(a: Agency) -> None:
    live = {s.candidate_id for s in a.submissions if s.status in LIVE_SUBMISSION_STATUSES}
    placed = {p.candidate_id for p in a.placements}
    for cand in a.candidates:
        if cand.status == "Placed":
            assert cand.id in placed
        elif cand.status == "Submitted":
            assert cand.id in live
    statuses = collections.Counter(s.status for s in a.submissions)
    assert set(statuses) <= {"Submitted", "Interview Scheduled", "Offer Extended", "Placed",
                             "Client Rejected", "Candidate Withdrew"}
    assert statuses["Placed"] and statuses["Client Rejected"] and statuses["Interview Scheduled"]
    interviews = {(x.candidate_id, x.job_order_id) for x in a.appointments
                  if x.type == "Interview"}
    for sub in a.submissions:
        if sub.status in ("Interview Scheduled", "Offer Extended", "Placed"):
            assert (sub.candidate_id, sub.job_order_id) in interviews
