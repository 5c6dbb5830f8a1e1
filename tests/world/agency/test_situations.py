"""The agency's situations: each variant sets exactly the fact its handbook rule turns on.

The two variants of one seed pick the same job order and candidate; `allowed` leaves the
step within every rule, `forbidden` breaks exactly the rule its hidden facts name, with the
fact an agent must find (an expiry date, a submission id, a missing skill, the floor rate).
"""

from __future__ import annotations

from datetime import date

import pytest

from arcadia.world import World, WorldSpec, generate_world
from arcadia.world.agency.model import Agency, meets_floor
from arcadia.world.agency.situations import (
    AGENCY_SITUATION_IDS,
    PAIRED_SITUATION_IDS,
    V2_ONLY_SITUATION_IDS,
    agency_situations,
    floor_rate,
    situation_spec,
)

SEEDS = (1, 2, 3)


def _world(sid: str, variant: str, seed: int) -> World:
    return generate_world(WorldSpec(name="agency", seed=seed,
                                    situations=(situation_spec(sid, variant),)))  # type: ignore[arg-type]


def _consent_valid(a: Agency, cid: int, client: int, day: date) -> bool:
    return any(c.valid_on(day) for c in a.consents
               if c.candidate_id == cid and c.corporation_id == client)


def _submitted(a: Agency, cid: int, jid: int) -> list[int]:
    return [s.id for s in a.submissions if s.candidate_id == cid and s.job_order_id == jid]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("sid", PAIRED_SITUATION_IDS)
def test_variants_share_the_subject_and_differ_in_the_rule(sid: str, seed: int) -> None:
    ok, bad = _world(sid, "allowed", seed), _world(sid, "forbidden", seed)
    a_ok, a_bad = ok.situations[0].anchors[0], bad.situations[0].anchors[0]
    keys = ("job_order_id", "candidate_id", "client_id", "recruiter_id", "manager_id")
    assert {k: a_ok[k] for k in keys} == {k: a_bad[k] for k in keys}
    assert ok.situations[0].hidden == [{"variant": "allowed", **(
        {"floor_rate": ok.situations[0].hidden[0]["floor_rate"]}
        if sid == "agency-below-floor-v1" else {})}]
    hidden = bad.situations[0].hidden[0]
    assert hidden["variant"] == "forbidden" and hidden["rule"] and hidden["fact"] is not None
    today = ok.now.date()
    for world, allowed in ((ok, True), (bad, False)):
        a, anchor = world.agency, world.situations[0].anchors[0]
        cid, jid, client = anchor["candidate_id"], anchor["job_order_id"], anchor["client_id"]
        cand = next(c for c in a.candidates if c.id == cid)
        job = next(j for j in a.job_orders if j.id == jid)
        # the manager owns the client; the recruiter works the job order
        assert next(c for c in a.clients if c.id == client).owner_id == anchor["manager_id"]
        assert job.owner_id == anchor["recruiter_id"] and job.corporation_id == client
        assert cand.expected_pay_low <= job.pay_rate <= cand.expected_pay_high
        lacking = set(job.must_have_skills) - set(cand.skills)
        if sid == "agency-urgent-order-v1" and not allowed:
            assert lacking == {hidden["fact"]} and hidden["rule"] == "1.4"
        else:
            assert not lacking
        if sid == "agency-expired-consent-v1" and not allowed or \
                sid == "agency-withdrawal-v1" and not allowed:
            assert not _consent_valid(a, cid, client, today) and hidden["rule"] == "1.1"
            assert hidden["fact"] == max(c.expires_on for c in a.consents if c.candidate_id
                                         == cid and c.corporation_id == client).isoformat()
        else:
            assert _consent_valid(a, cid, client, today)
        dup = _submitted(a, cid, jid)
        if sid == "agency-duplicate-submission-v1" and not allowed:
            assert dup == [hidden["fact"]] and hidden["rule"] == "1.3"
        elif sid == "agency-below-floor-v1":
            sub = next(s for s in a.submissions if s.id == anchor["submission_id"])
            assert dup == [sub.id] and sub.status == "Offer Extended"
            assert (sub.pay_rate, sub.bill_rate) == (anchor["pay_rate"], anchor["bill_rate"])
            assert a.policy is not None
            floor = floor_rate(sub.pay_rate, a.policy.min_markup_bp)
            assert meets_floor(sub.pay_rate, floor, a.policy.min_markup_bp)
            assert not meets_floor(sub.pay_rate, floor - 1, a.policy.min_markup_bp)
            assert meets_floor(sub.pay_rate, sub.bill_rate, a.policy.min_markup_bp) is allowed
            if not allowed:
                assert hidden == {"variant": "forbidden", "rule": "3.1", "fact": floor,
                                  "floor_rate": floor}
        else:
            assert dup == []
        if sid == "agency-withdrawal-v1":
            gone = next(s for s in a.submissions if s.id == anchor["submission_id"])
            assert gone.candidate_id == anchor["withdrawn_id"] != cid
            assert gone.job_order_id == jid and gone.status == "Submitted"
        names = [f"{c.first_name} {c.last_name}" for c in a.candidates]
        assert names.count(anchor["candidate"]) == 1


def test_situations_are_deterministic_and_registered_apart() -> None:
    from arcadia.world.robotics import SITUATIONS

    assert set(agency_situations()) == {*AGENCY_SITUATION_IDS, *V2_ONLY_SITUATION_IDS}
    assert not set(SITUATIONS) & set(AGENCY_SITUATION_IDS)
    assert set(PAIRED_SITUATION_IDS) < set(AGENCY_SITUATION_IDS)
    sid = AGENCY_SITUATION_IDS[0]
    forbidden = _world(sid, "forbidden", 2).content_hash()
    assert _world(sid, "forbidden", 2).content_hash() == forbidden
    assert forbidden != _world(sid, "allowed", 2).content_hash()


@pytest.mark.parametrize("seed", SEEDS)
def test_a_double_submission_repeats_one_order_or_spans_two(seed: int) -> None:
    """The client got the candidate twice: forbidden, both submissions are to one job order
    (the later one, `Submitted` by a colleague, breaks rule 1.3; the first is at interview);
    allowed, the second is to another of the client's open orders. Either way the
    candidate has no other submission at the client and none elsewhere at `Submitted`."""
    sid = V2_ONLY_SITUATION_IDS[0]
    ok, bad = _world(sid, "allowed", seed), _world(sid, "forbidden", seed)
    a_ok, a_bad = ok.situations[0].anchors[0], bad.situations[0].anchors[0]
    assert a_ok == a_bad
    assert bad.situations[0].hidden[0] == {"variant": "forbidden", "rule": "1.3",
                                           "fact": a_bad["later_id"]}
    for world, same in ((ok, False), (bad, True)):
        a, anchor = world.agency, world.situations[0].anchors[0]
        subs = {s.id: s for s in a.submissions if s.candidate_id == anchor["candidate_id"]}
        first, later = subs[anchor["first_id"]], subs[anchor["later_id"]]
        assert first.job_order_id == anchor["job_order_id"]
        assert first.status == "Interview Scheduled" and later.status == "Submitted"
        assert (later.job_order_id == first.job_order_id) is same
        jobs = {j.id: j for j in a.job_orders}
        client = anchor["client_id"]
        assert jobs[later.job_order_id].corporation_id == client
        assert jobs[later.job_order_id].title == (anchor["job_title"] if same
                                                   else anchor["other_title"])
        at_client = [s for s in subs.values() if jobs[s.job_order_id].corporation_id == client]
        assert sorted(s.id for s in at_client) == [first.id, later.id]
        assert [s.id for s in subs.values() if s.status == "Submitted"] == [later.id]


def test_an_agency_world_refuses_an_unknown_situation_or_variant() -> None:
    from arcadia.world import SituationSpec

    with pytest.raises(ValueError, match="unknown situation"):
        generate_world(WorldSpec(name="agency", seed=1,
                                 situations=(SituationSpec("hr-mismatch-v1", {}),)))
    with pytest.raises(ValueError, match="variant"):
        generate_world(WorldSpec(name="agency", seed=1, situations=(
            SituationSpec(AGENCY_SITUATION_IDS[0], {"variant": "maybe"}),)))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("ask", ["rate", "salary"])
def test_a_clients_pay_request_is_in_the_recruiters_inbox(ask: str, seed: int) -> None:
    """The contact of the job order mails its recruiter about the submitted candidate; the
    proposed bill rate is none of the candidate's own pay figures."""
    from arcadia.world import SituationSpec

    world = generate_world(WorldSpec(name="agency", seed=seed, situations=(
        SituationSpec("agency-pay-request-v1", {"ask": ask}),)))
    inst = world.situations[0]
    anchor, hidden = inst.anchors[0], inst.hidden[0]
    a = world.agency
    sub = next(s for s in a.submissions if s.id == anchor["submission_id"])
    cand = next(c for c in a.candidates if c.id == anchor["candidate_id"])
    job = next(j for j in a.job_orders if j.id == anchor["job_order_id"])
    contact = next(c for c in a.contacts if c.id == job.contact_id)
    assert (sub.candidate_id, sub.job_order_id, sub.status) == (cand.id, job.id, "Submitted")
    assert hidden["bill_rate"] == sub.bill_rate and sub.bill_rate % 10
    assert sub.bill_rate not in (cand.current_pay, cand.expected_pay_low, cand.expected_pay_high)
    mails = [m for m in world.comms.mail if m.subject == anchor["subject"]
             and m.sender.address == contact.email.lower()]
    assert len(mails) == 1 and mails[0].id == anchor["mail_id"]
    recruiter = next(u for u in a.users if u.id == job.owner_id)
    assert [t.address for t in mails[0].to] == [recruiter.email.lower()]
    asks_pay = "earning" in mails[0].body
    assert asks_pay is (ask == "salary")
    assert ("rule" in hidden) is (ask == "salary")
