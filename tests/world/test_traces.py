"""The situations' traces in mail, calendar and sheets: what `hr-mismatch-v1`,
`new-hire-cohort-v1` and `spend-anomaly-v1` leave behind when applied to a world."""

from __future__ import annotations

import dataclasses
from datetime import date, timedelta
from functools import cache

from arcadia.world import SituationSpec, World, WorldSpec, generate_world
from arcadia.world.comms import Mail
from arcadia.world.robotics.situations.hr_mismatch import payroll_lead
from arcadia.world.robotics.situations.spend_anomaly import procurement_contact
from arcadia.world.robotics.situations.traces import column_key, spreadsheet_id
from tests.world.cached import world_of

ALL = (SituationSpec("hr-mismatch-v1", {}), SituationSpec("new-hire-cohort-v1", {"count": 6}),
       SituationSpec("spend-anomaly-v1", {}))
# The smallest world that takes all three (what determinism and isolation need).
SMALL = WorldSpec(seed=7, headcount=120, situations=ALL)


@cache
def world(seed: int = 7) -> World:
    return world_of(WorldSpec(seed=seed, situations=ALL))


@cache
def small() -> World:
    return generate_world(SMALL)


def instance(w: World, sid: str):
    return next(i for i in w.situations if i.id == sid)


def traces(w: World, prefix: str) -> list[Mail]:
    return [m for m in w.comms.mail if m.id.startswith(f"mail-{prefix}-")]


def rows(w: World, kind: str) -> list[dict[str | None, object]]:
    sheet = next(s for s in w.sheets.spreadsheets if s.kind == kind)
    header = [column_key(h) for h in sheet.tabs[0].rows[0]]
    return [dict(zip(header, r, strict=False)) for r in sheet.tabs[0].rows[1:]]


def test_traces_are_deterministic_and_keyed_apart():
    again = generate_world(SMALL)
    assert again.content_hash() == small().content_hash()
    assert again.comms == small().comms and again.sheets == small().sheets
    ids = [m.id for m in world().comms.mail]
    assert len(ids) == len(set(ids))
    mids = [m.id for m in world().comms.meetings]
    assert len(mids) == len(set(mids))
    assert generate_world(dataclasses.replace(SMALL, seed=8)).comms.mail != small().comms.mail
    assert len(spreadsheet_id("x")) == 44 and spreadsheet_id("x") != spreadsheet_id("y")


def test_every_trace_is_well_formed():
    w = world()
    emails = {p.email for p in w.people}
    keyed = ("hr-mismatch-0-", "new-hire-cohort-1-", "spend-anomaly-2-")
    mine = [m for m in w.comms.mail if m.id.removeprefix("mail-").startswith(keyed)]
    meetings = [m for m in w.comms.meetings if m.id.removeprefix("mtg-").startswith(keyed)]
    assert mine and meetings
    for m in mine:
        assert m.sent_at < w.now, m.id
        assert m.sent_at.weekday() < 5, m.id
        for a in (m.sender, *m.to, *m.cc):
            assert a.address == a.address.lower()
            if a.address.endswith("@" + w.domain):
                assert a.address in emails, (m.id, a.address)
        assert set(m.unread_by) <= {a.address for a in (*m.to, *m.cc)}
        if m.in_reply_to is not None:
            first = next(x for x in w.comms.mail if x.id == m.in_reply_to)
            assert first.conversation_id == m.conversation_id and first.sent_at < m.sent_at
    for mt in meetings:
        assert mt.start < mt.end
        assert mt.organizer.address in emails
        assert all(a.email.address in emails for a in mt.attendees)


def test_hr_mismatch_each_change_is_reported_to_the_payroll_lead():
    w = world()
    inst = instance(w, "hr-mismatch-v1")
    lead = payroll_lead(w)
    mails = traces(w, "hr-mismatch-0")
    for anchor in inst.anchors:
        p = w.person(anchor["person_id"])
        about = [m for m in mails if p.name in m.body or p.name in m.subject
                 or m.sender.address == p.email]
        assert about, anchor
        report = about[0]
        assert [a.address for a in report.to] == [lead.email]
        assert lead.email in report.unread_by
        if anchor["kind"] == "salary":
            assert report.sender.address == p.email
        if anchor["kind"] == "status":
            assert p.termination_date is not None
            assert report.sent_at.date() > p.termination_date
    # the ticket lists only the changes HR itself entered, and the distractor is answered
    ticket = next(m for m in mails if m.subject.startswith("[HR-"))
    salaried = [a for a in inst.anchors if a["kind"] == "salary"]
    assert all(w.person(a["person_id"]).name not in ticket.body for a in salaried)
    answered = [m for m in mails if m.in_reply_to is not None]
    assert len(answered) == 1 and answered[0].sender.address == lead.email
    asker = w.person_by_email(answered[0].to[0].address)
    assert asker is not None and all(asker.id != a["person_id"] for a in inst.anchors)


def test_new_hire_recruiter_mail_tracker_and_interview_loops():
    w = world()
    inst = instance(w, "new-hire-cohort-v1")
    lead = next(a for a in inst.anchors if a["kind"] == "onboarding-lead")
    starters = [a for a in inst.anchors if a["kind"] == "starter"]
    mails = traces(w, "new-hire-cohort-1")
    cohort = next(m for m in mails if m.subject.startswith("Starters for Monday"))
    assert [a.address for a in cohort.to] == [lead["email"]]
    for s in starters:
        line = next(ln for ln in cohort.body.splitlines() if s["name"] in ln)
        assert s["start_date"] in line and s["title"] in line
    # an earlier cohort's mail with the same shape precedes it, about people already here
    earlier = [m for m in mails if m.subject.startswith("Starters:")]
    assert earlier and earlier[0].sent_at < cohort.sent_at
    assert not any(s["name"] in earlier[0].body for s in starters)
    salary = [f for f in inst.hidden if f["stage"] == "salary"]
    revised = [m for m in mails if m.subject.startswith("Revised offer")]
    assert len(revised) == len(salary) == 1
    assert w.person(salary[0]["person_id"]).name in revised[0].subject
    # the tracker lacks exactly the starters the HRIS does not have yet
    tracked = {r["name"] for r in rows(w, "onboarding_tracker")}
    for f in inst.hidden:
        assert (w.person(f["person_id"]).name in tracked) == f["in_hris"], f
    # each starter's interviews are on the interviewers' calendars
    people = {p.id: p for p in w.people}
    for f in inst.hidden:
        loop = [i for i in w.hiring.interviews if i.application_id == f["application_id"]]
        assert loop
        for iv in loop:
            name = w.hiring.candidate(f["candidate_id"]).name
            mt = next(m for m in w.comms.meetings if m.kind == "interview"
                      and m.start == iv.start and name in m.subject
                      and m.subject.endswith(iv.interview))
            assert {a.email.address for a in mt.attendees} == {
                people[i].email for i in iv.interviewers} - {mt.organizer.address}


def test_spend_anomaly_ap_mail_register_and_log():
    w = world()
    inst = instance(w, "spend-anomaly-v1")
    facts = {f["kind"]: f for f in inst.hidden}
    mails = traces(w, "spend-anomaly-2")
    buyer = procurement_contact(w)
    dup = facts["duplicate-invoice"]
    about_dup = [m for m in mails if dup["duplicate_invoice_number"] in m.subject]
    assert len(about_dup) == 1 and [a.address for a in about_dup[0].to] == [buyer.email]
    assert dup["original_invoice_number"] not in about_dup[0].body
    over = facts["over-po"]
    assert any(over["invoice_number"] in m.subject and over["order_number"] in m.body
               for m in mails)
    # a similar-looking question about an ordinary invoice, already answered
    planted = {f["supplier_id"] for f in inst.hidden}
    names = {s.id: s.name for s in w.procurement.suppliers}
    ordinary = [m for m in mails if m.subject.startswith("Invoice ")
                and not any(names[s] in m.subject for s in planted)]
    assert len(ordinary) == 1
    # the vendor register still has the lapsed contract in force a year past its end
    lapsed = facts["outside-contract"]
    supplier = names[lapsed["supplier_id"]]
    row = next(r for r in rows(w, "vendor_register") if r["supplier"] == supplier)
    assert str(row["status"]).lower() == "active"
    end = date.fromisoformat(lapsed["contract_end"])
    assert row["contract_end"] == (end + timedelta(days=365)).isoformat()
    # the exceptions log holds the over-limit approval and none of the others
    log = rows(w, "exceptions_log")
    logged = {r["supplier"] for r in log}
    assert names[facts["over-limit"]["supplier_id"]] in logged
    for kind in ("duplicate-invoice", "over-po", "split-purchase", "outside-contract"):
        assert names[facts[kind]["supplier_id"]] not in logged, kind


def test_traces_leave_the_rest_of_the_world_alone(monkeypatch):
    """The traces come last, from each situation's own stream: without them the org chart,
    the ATS, procurement and the situations' facts are exactly the same."""
    from arcadia.world.robotics.situations import hr_mismatch, new_hire_cohort, spend_anomaly
    w = small()  # before the traces are taken out: the determinism test shares it
    monkeypatch.setattr(hr_mismatch, "_hr_traces", lambda *a: None)
    monkeypatch.setattr(new_hire_cohort, "_cohort_traces", lambda *a: None)
    monkeypatch.setattr(spend_anomaly, "_traces", lambda *a: None)
    bare = generate_world(SMALL)
    assert bare.people == w.people and bare.hiring == w.hiring
    assert bare.procurement == w.procurement and bare.situations == w.situations
    assert len(w.comms.mail) > len(bare.comms.mail)
    assert w.comms.mail[:len(bare.comms.mail)] == bare.comms.mail  # background first
    assert column_key("Start Date") == "start_date" and column_key("Hiring manager") == \
        "manager" and column_key("Employee") == "name" and column_key("Zzz") is None
