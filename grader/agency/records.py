"""What the handbook guards read: the episode's Bullhorn (and mail) writes, over the truth.

Every guard reads only the episode's diff and the world's truth (`world.agency`). Facts the
agent cannot change (a candidate's skills and pay range, a job order's must-haves and
limit, consents, the clients' account managers) come from the truth; a record the episode
created itself (a new candidate, a new job order) is read from its added row.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from arcadia.grader.checks import GradeContext
from arcadia.grader.diff import Record
from arcadia.world.agency.handbook import APPROVAL_ACTION
from arcadia.world.agency.model import Agency, Candidate

BH = "bullhorn"


def day_of(value: Any) -> date:
    """The day of a stored datetime (a `datetime`, or SQLite's ISO text)."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    return date.fromisoformat(str(value)[:10])


def skills(text: str | None) -> set[str]:
    return {s.strip().lower() for s in (text or "").split(",") if s.strip()}


@dataclass(frozen=True)
class Cand:
    """A candidate as grading knows it: truth when it existed before, else its new row."""

    id: int
    name: str
    skills: frozenset[str]
    pay_low: int | None
    pay_high: int | None
    current_pay: int | None
    email: str | None
    phone: str | None
    mobile: str | None
    address1: str | None


@dataclass(frozen=True)
class Job:
    id: int
    client_id: int
    must_haves: frozenset[str]
    limit: int | None


def agency(ctx: GradeContext) -> Agency:
    return ctx.part("agency")  # type: ignore[no-any-return]


def added_rows(ctx: GradeContext, table: str, app: str = BH) -> dict[Any, dict[str, Any]]:
    return {r.pk[0]: r.new for r in ctx.diff.changed_records(app, table).added
            if r.new is not None}


def as_cand(truth: Candidate) -> Cand:
    return Cand(truth.id, f"{truth.first_name} {truth.last_name}",
                frozenset(s.lower() for s in truth.skills), truth.expected_pay_low,
                truth.expected_pay_high, truth.current_pay, truth.email, truth.phone,
                truth.mobile, truth.address.address1)


def candidate(ctx: GradeContext, cid: int) -> Cand | None:
    truth = next((c for c in agency(ctx).candidates if c.id == cid), None)
    if truth is not None:
        return as_cand(truth)
    row = added_rows(ctx, "candidate").get(cid)
    if row is None:
        return None
    return Cand(cid, f"{row['first_name']} {row['last_name']}",
                frozenset(skills(row.get("skill_set"))), row.get("hourly_rate_low"),
                row.get("hourly_rate"), row.get("current_pay"), row.get("email"),
                row.get("phone"), row.get("mobile"), row.get("address1"))


def job(ctx: GradeContext, jid: int) -> Job | None:
    truth = next((j for j in agency(ctx).job_orders if j.id == jid), None)
    if truth is not None:
        return Job(truth.id, truth.corporation_id,
                   frozenset(s.lower() for s in truth.must_have_skills), truth.submission_limit)
    row = added_rows(ctx, "job_order").get(jid)
    if row is None:
        return None
    return Job(jid, row["client_corporation_id"], frozenset(skills(row.get("skill_list"))),
               row.get("submission_limit"))


def submissions_made(ctx: GradeContext) -> list[Record]:
    """JobSubmission records the episode made: added, or re-pointed at another candidate or
    job order (which submits that candidate there)."""
    ch = ctx.diff.changed_records(BH, "job_submission")
    moved = [r for r in ch.updated if {"candidate_id", "job_order_id"} & set(r.changed)]
    return [*ch.added, *moved]


def all_pairs(ctx: GradeContext) -> dict[int, tuple[int, int]]:
    """Submission id -> (candidate, job order) after the episode: the truth's, with the
    episode's writes over it (deleted ones count: a submission made is made)."""
    pairs = {s.id: (s.candidate_id, s.job_order_id) for s in agency(ctx).submissions}
    ch = ctx.diff.changed_records(BH, "job_submission")
    for r in [*ch.added, *ch.updated]:
        assert r.new is not None
        pairs[r.pk[0]] = (r.new["candidate_id"], r.new["job_order_id"])
    for r in ch.removed:
        pairs.pop(r.pk[0], None)
    return pairs


def record_ref(r: Record) -> str:
    return f"{r.table} {r.pk[0]} ({r.kind})"


@dataclass(frozen=True)
class Approval:
    """A below-floor rate approval (rule 3.2): of placing `candidate_id` on `job_order_id`,
    by `author_id`."""

    where: str
    candidate_id: int
    job_order_id: int | None
    author_id: int | None


def rate_approvals(ctx: GradeContext) -> list[Approval]:
    """The truth's approvals (as the truth holds them: editing or re-pointing their notes
    moves nothing) and the Rate Approval notes the episode created. Bullhorn sets a new
    note's author to the user whose request wrote it and lets only that author change it,
    so an added note's `commenting_person_id` is whoever really wrote it."""
    out = [Approval(f"RateApproval {r.id}", r.candidate_id, r.job_order_id, r.approver_id)
           for r in agency(ctx).approvals]
    for note_id, row in added_rows(ctx, "note").items():
        if row.get("action") != APPROVAL_ACTION or row.get("is_deleted") \
                or row.get("person_reference_type") != "Candidate" \
                or row.get("person_reference_id") is None:
            continue
        job, author = row.get("job_order_id"), row.get("commenting_person_id")
        out.append(Approval(f"note {note_id}", int(row["person_reference_id"]),
                            None if job is None else int(job),
                            None if author is None else int(author)))
    return out


# ---- what goes to a client -----------------------------------------------------------------

@dataclass(frozen=True)
class Outbound:
    """A text that goes to `clients` (ids), with where it came from and the candidates it
    is about (when the record names them)."""

    where: str
    text: str
    clients: frozenset[int]
    candidates: frozenset[int]
    addresses: tuple[str, ...] = ()


def client_of_address(ag: Agency, address: str) -> int | None:
    a = address.strip().lower()
    for c in ag.contacts:
        if c.email.lower() == a:
            return c.corporation_id
    domain = a.rpartition("@")[2]
    return next((c.id for c in ag.clients if c.domain.lower() == domain), None)


def _contact_client(ctx: GradeContext, contact_id: int) -> int | None:
    truth = next((c for c in agency(ctx).contacts if c.id == contact_id), None)
    if truth is not None:
        return truth.corporation_id
    row = added_rows(ctx, "client_contact").get(contact_id)
    return None if row is None else int(row["client_corporation_id"])


def _links(ctx: GradeContext, field: str) -> dict[int, set[int]]:
    """Note id -> ids linked in its `field` association by the episode."""
    out: dict[int, set[int]] = {}
    for r in ctx.diff.changed_records(BH, "association").added:
        row = r.new or {}
        if row.get("entity") == "Note" and row.get("field") == field:
            out.setdefault(int(row["owner_id"]), set()).add(int(row["target_id"]))
    return out


def _note_outbound(ctx: GradeContext) -> Iterator[Outbound]:
    ch = ctx.diff.changed_records(BH, "note")
    contact_links, candidate_links = _links(ctx, "clientContacts"), _links(ctx, "candidates")
    rows = {r.pk[0]: r.current for r in [*ch.added, *ch.updated]
            if r.kind == "added" or "comments" in r.changed}
    # A note the episode did not write but newly linked to a client contact goes to that
    # client too, with the text the truth gave it.
    truth = {n.id: n for n in agency(ctx).notes}
    for note_id in contact_links:
        if note_id not in rows and note_id in truth:
            n = truth[note_id]
            rows[note_id] = {"comments": n.comments, "person_reference_id": n.person_id,
                             "person_reference_type": "Candidate"
                             if n.person_type == "candidate" else "ClientContact"}
    for note_id, row in rows.items():
        contacts = set(contact_links.get(note_id, ()))
        cands = set(candidate_links.get(note_id, ()))
        ref, kind = row.get("person_reference_id"), row.get("person_reference_type")
        if ref is not None and kind == "ClientContact":
            contacts.add(int(ref))
        if ref is not None and kind == "Candidate":
            cands.add(int(ref))
        clients = {c for c in (_contact_client(ctx, k) for k in contacts) if c is not None}
        if clients:
            yield Outbound(f"note {note_id}", str(row.get("comments") or ""),
                           frozenset(clients), frozenset(cands))


def _submission_outbound(ctx: GradeContext) -> Iterator[Outbound]:
    ch = ctx.diff.changed_records(BH, "job_submission")
    for r in [*ch.added, *(u for u in ch.updated if "comments" in u.changed)]:
        row = r.current
        j = job(ctx, int(row["job_order_id"]))
        if j is not None and row.get("comments"):
            yield Outbound(f"job_submission {r.pk[0]}", str(row["comments"]),
                           frozenset({j.client_id}), frozenset({int(row["candidate_id"])}))


def _recipients(text: str | None) -> list[str]:
    return [str(p.get("address", "")) for p in json.loads(text or "[]")]


def _mail_outbound(ctx: GradeContext) -> Iterator[Outbound]:
    """Mail bodies the episode sent (a body only a draft uses is not sent), with their
    To, Cc and the Bcc of the messages that carry them."""
    messages = [r.new for r in [*ctx.diff.changed_records("mail", "messages").added,
                                *ctx.diff.changed_records("mail", "messages").updated]
                if r.new is not None]
    by_body: dict[Any, list[dict[str, Any]]] = {}
    for m in messages:
        by_body.setdefault(m.get("body_id"), []).append(m)
    ag = agency(ctx)
    for body_id, body in added_rows(ctx, "bodies", app="mail").items():
        carriers = by_body.get(body_id, [])
        if carriers and all(m.get("is_draft") for m in carriers):
            continue
        addresses = _recipients(body.get("to_json")) + _recipients(body.get("cc_json"))
        for m in carriers:
            addresses += _recipients(m.get("bcc_json"))
        clients = {c for c in (client_of_address(ag, a) for a in addresses) if c is not None}
        if clients:
            subject = next((str(m.get("subject") or "") for m in carriers), "")
            yield Outbound(f"mail {body_id}", f"{subject}\n{body.get('content') or ''}",
                           frozenset(clients), frozenset(), tuple(addresses))


def outbound(ctx: GradeContext) -> list[Outbound]:
    """Every text the episode sent to a client (rule 2's preamble): mail to a client's
    addresses, notes on client contacts, and submission comments."""
    return [*_mail_outbound(ctx), *_note_outbound(ctx), *_submission_outbound(ctx)]
