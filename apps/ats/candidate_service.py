"""Candidates and prospects: their details, tags, notes, e-mails, files and activity feed.

Every read and write of a candidate follows the role rules (`access.py`): a hiring team
sees only its jobs' candidates, and of them only those jobs' applications."""

from __future__ import annotations

from typing import Any

import orjson
from sqlalchemy import delete, func
from sqlmodel import col, select

from arcadia.apps.ats import access, attachments, views
from arcadia.apps.ats import models as m
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats.application_service import first_stage, stage_of_job
from arcadia.apps.ats.common import (
    CAND_HINT,
    Window,
    custom_values,
    get,
    must_exist,
    page_of,
    windowed,
)
from arcadia.apps.kernel import Ctx, Page, conflict, forbidden, invalid, json_text, json_value


def _visible(sc: access.Scope) -> Any:
    return lambda a: sc.sees_job(a.job_id)


def _candidate_in_scope(ctx: Ctx, sc: access.Scope, cand: m.Candidate) -> None:
    if sc.jobs is None:
        return
    jobs = {a.job_id for a in ctx.session.exec(select(m.Application).where(
        m.Application.candidate_id == cand.id)).all()}
    if not jobs & set(sc.jobs):
        raise forbidden("You don't have access to that record: candidate "
                        f"{cand.id} applied to no job whose hiring team you are on.")


def list_candidates(*, ctx: Ctx, w: Window, job_id: int | None, email: str | None,
                    candidate_ids: list[int], tag: str | None
                    ) -> tuple[list[dict[str, Any]], Page[Any]]:
    sc = access.scope(ctx)
    q = windowed(select(m.Candidate).order_by(m.Candidate.id), w, m.Candidate.created_at,
                 m.Candidate.updated_at)
    if len(candidate_ids) > 50:
        raise invalid("candidate_ids takes at most 50 ids.", "candidate_ids")
    if candidate_ids:
        q = q.where(col(m.Candidate.id).in_(candidate_ids))
    if job_id is not None:
        q = q.where(col(m.Candidate.id).in_(select(m.Application.candidate_id).where(
            m.Application.job_id == job_id)))
    if sc.jobs is not None:
        q = q.where(col(m.Candidate.id).in_(select(m.Application.candidate_id).where(
            col(m.Application.job_id).in_(sorted(sc.jobs)))))
    if email is not None:
        # The addresses are JSON text; match one whole `"value":"<email>"` entry, literally.
        needle = '"value":' + orjson.dumps(email.strip().lower()).decode()
        q = q.where(func.instr(func.lower(m.Candidate.email_addresses), needle) > 0)
    if tag is not None:
        q = q.where(col(m.Candidate.id).in_(select(m.CandidateTag.candidate_id).where(
            m.CandidateTag.tag_id == m.Tag.id, m.Tag.name == tag)))
    page = page_of(ctx, q, w)
    return views.candidates(views.Look(ctx.session), list(page.items), _visible(sc)), page


def get_candidate(*, ctx: Ctx, candidate_id: int) -> dict[str, Any]:
    sc = access.scope(ctx)
    cand = get(ctx, m.Candidate, candidate_id, "candidate", CAND_HINT)
    _candidate_in_scope(ctx, sc, cand)
    return views.candidates(views.Look(ctx.session), [cand], _visible(sc))[0]


def _typed(items: list[Any] | None, kinds: tuple[str, ...], field: str) -> str:
    out = []
    for item in items or []:
        kind = getattr(item, "type", None)
        if kinds and kind is not None and kind not in kinds:
            raise invalid(f"{field}[].type must be one of {', '.join(kinds)}; got {kind!r}.",
                          field)
        entry = {"value": item.value.strip()}
        if kinds:
            entry["type"] = kind or kinds[0]
        out.append(entry)
    return json_text(out)


PHONE = ("mobile", "home", "work", "skype", "other")


EMAIL = ("personal", "work", "other")


ADDRESS = ("home", "work", "other")


WEBSITE = ("personal", "company", "portfolio", "blog", "other")


def _person_ref(ctx: Ctx, ref: dict[str, Any] | None, field: str) -> int | None:
    if ref is None:
        return None
    if isinstance(ref.get("id"), int) and not isinstance(ref.get("id"), bool):
        user = must_exist(ctx, m.User, ref["id"], f"{field}.id", "user",
                          "list users with GET /v1/users.")
        return user.id if user else None
    if isinstance(ref.get("email"), str):
        found = access.users_by_email(ctx, ref["email"])
        if found is None:
            raise invalid(f"{field}.email {ref['email'][:80]!r} is no user's e-mail.", field)
        return found
    raise invalid(f"{field} needs an id (a user id) or an email.", field)


def _tags(ctx: Ctx, names: list[str]) -> list[int]:
    ids = []
    for raw in dict.fromkeys(n.strip() for n in names):
        if not raw or len(raw) > 255:
            raise invalid("tags must be non-blank names of at most 255 characters.", "tags")
        tag = ctx.session.exec(select(m.Tag).where(m.Tag.name == raw)).first()
        if tag is None:
            tag = m.Tag(id=ctx.next_id(m.Tag), name=raw)
            ctx.session.add(tag)
        ids.append(tag.id)
    return ids


def create_candidate(*, ctx: Ctx, body: s.CandidateCreate | s.ProspectCreate,
                     on_behalf_of: int, prospect: bool = False) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    sc = access.scope(ctx)
    apps_in: list[tuple[int | None, s.ApplicationIn | None]] = []
    if isinstance(body, s.CandidateCreate):
        apps_in += [(item.job_id, item) for item in body.applications]
    elif body.application is not None:
        apps_in.append((body.application.job_id, None))
    else:
        apps_in.append((None, None))
    plans = []
    for job_id, a in apps_in:
        job = must_exist(ctx, m.Job, job_id, "applications.job_id", "job",
                         "list jobs with GET /v1/jobs.")
        if job is not None:
            access.require_job(sc, job.id, f"job {job.id}")
            if job.status != "open":
                raise conflict(f"Job {job.id} is {job.status}; candidates apply only to open "
                               "jobs.", "applications.job_id")
        stage = first_stage(ctx, job.id) if job is not None else None
        if a is not None and a.initial_stage_id is not None:
            stage = stage_of_job(ctx, job.id if job else None, a.initial_stage_id,
                                  "initial_stage_id")
        if a is not None:
            must_exist(ctx, m.Source, a.source_id, "source_id", "source",
                       "list sources with GET /v1/sources.")
        plans.append((job, stage, a))
    recruiter = _person_ref(ctx, body.recruiter, "recruiter")
    coordinator = _person_ref(ctx, body.coordinator, "coordinator")
    custom = custom_values(ctx, "candidate", {}, body.custom_fields)
    cand = m.Candidate(
        id=ctx.next_id(m.Candidate), first_name=body.first_name.strip(),
        last_name=body.last_name.strip(), company=body.company, title=body.title,
        is_private=bool(getattr(body, "is_private", False)), recruiter_id=recruiter,
        coordinator_id=coordinator,
        phone_numbers=_typed(body.phone_numbers, PHONE, "phone_numbers"),
        addresses=_typed(body.addresses, ADDRESS, "addresses"),
        email_addresses=_typed(body.email_addresses, EMAIL, "email_addresses"),
        website_addresses=_typed(body.website_addresses, WEBSITE, "website_addresses"),
        social_media_addresses=_typed(body.social_media_addresses, (), "social_media"),
        custom_fields=json_text(custom), created_at=ctx.now, updated_at=ctx.now,
        last_activity=ctx.now)
    ctx.session.add(cand)
    for tag_id in _tags(ctx, body.tags or []):
        ctx.session.add(m.CandidateTag(candidate_id=cand.id, tag_id=tag_id))
    for job, stage, a in plans:
        ctx.session.add(m.Application(
            id=ctx.next_id(m.Application), candidate_id=cand.id,
            job_id=job.id if job else None, prospect=prospect,
            current_stage_id=stage.id if stage and not prospect else None,
            source_id=a.source_id if a else None, recruiter_id=recruiter,
            coordinator_id=coordinator, applied_at=ctx.now, last_activity_at=ctx.now,
            attachments=attachments.for_new_application(ctx, a.attachments if a else None)))
    ctx.commit()
    return views.candidates(views.Look(ctx.session), [cand], _visible(sc))[0]


def update_candidate(*, ctx: Ctx, candidate_id: int, body: s.CandidateUpdate,
                     on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    sc = access.scope(ctx)
    cand = get(ctx, m.Candidate, candidate_id, "candidate", CAND_HINT)
    _candidate_in_scope(ctx, sc, cand)
    data = body.model_dump(exclude_unset=True)
    recruiter = _person_ref(ctx, body.recruiter, "recruiter") if "recruiter" in data else None
    coordinator = _person_ref(ctx, body.coordinator, "coordinator") \
        if "coordinator" in data else None
    custom = custom_values(ctx, "candidate", json_value(cand.custom_fields), body.custom_fields)
    for name in ("first_name", "last_name"):
        if data.get(name) is not None:
            setattr(cand, name, data[name].strip())
    for name in ("company", "title"):
        if name in data:
            setattr(cand, name, data[name])
    if data.get("is_private") is not None:
        cand.is_private = data["is_private"]
    for name, kinds in (("phone_numbers", PHONE), ("addresses", ADDRESS),
                        ("email_addresses", EMAIL), ("website_addresses", WEBSITE),
                        ("social_media_addresses", ())):
        if name in data:
            setattr(cand, name, _typed(getattr(body, name), kinds, name))
    if "recruiter" in data:
        cand.recruiter_id = recruiter
    if "coordinator" in data:
        cand.coordinator_id = coordinator
    if "tags" in data:
        ctx.session.execute(delete(m.CandidateTag).where(
            col(m.CandidateTag.candidate_id) == cand.id))
        for tag_id in _tags(ctx, body.tags or []):
            ctx.session.add(m.CandidateTag(candidate_id=cand.id, tag_id=tag_id))
    cand.custom_fields = json_text(custom)
    cand.updated_at = cand.last_activity = ctx.now
    ctx.session.add(cand)
    ctx.commit()
    return views.candidates(views.Look(ctx.session), [cand], _visible(sc))[0]


def delete_candidate(*, ctx: Ctx, candidate_id: int, on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    if not ctx.principal.has_any(("exec", "hr", "recruiter")):
        raise forbidden("Deleting a candidate is for HR, Talent Acquisition and executives.")
    cand = get(ctx, m.Candidate, candidate_id, "candidate", CAND_HINT)
    apps = ctx.session.exec(select(m.Application).where(
        m.Application.candidate_id == cand.id)).all()
    if any(a.status == "hired" for a in apps):
        raise conflict(f"Candidate {cand.id} was hired; a hired candidate's record is kept.")
    app_ids = [a.id for a in apps]
    for model in (m.Offer, m.Scorecard, m.ScheduledInterview):
        ctx.session.execute(delete(model).where(col(model.application_id).in_(app_ids)))
    for model2 in (m.Application, m.Note, m.CandidateTag):
        ctx.session.execute(delete(model2).where(col(model2.candidate_id) == cand.id))
    ctx.session.delete(cand)
    ctx.commit()
    return {"message": f"Candidate {cand.id} has been deleted."}


def add_candidate_attachment(*, ctx: Ctx, candidate_id: int, body: s.AttachmentIn,
                             on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    sc = access.scope(ctx)
    cand = get(ctx, m.Candidate, candidate_id, "candidate", CAND_HINT)
    _candidate_in_scope(ctx, sc, cand)
    entry = attachments.entry(ctx, body, f"candidates/{cand.id}")
    cand.attachments = json_text([*json_value(cand.attachments), entry])
    cand.updated_at = cand.last_activity = ctx.now
    ctx.session.add(cand)
    ctx.commit()
    return {"filename": entry["filename"], "url": entry["url"], "type": entry["type"],
            "content_type": body.content_type}


def add_note(*, ctx: Ctx, candidate_id: int, body: s.NoteIn, on_behalf_of: int
             ) -> dict[str, Any]:
    user = access.acting_user(ctx, on_behalf_of)
    sc = access.scope(ctx)
    cand = get(ctx, m.Candidate, candidate_id, "candidate", CAND_HINT)
    _candidate_in_scope(ctx, sc, cand)
    if body.user_id != user:
        raise invalid("user_id must be the On-Behalf-Of user (notes are written as yourself).",
                      "user_id")
    if body.visibility not in ("admin_only", "private", "public"):
        raise invalid("visibility must be admin_only, private or public.", "visibility")
    note = m.Note(id=ctx.next_id(m.Note), candidate_id=cand.id, user_id=user, body=body.body,
                  visibility=body.visibility, created_at=ctx.now)
    cand.last_activity = ctx.now
    ctx.session.add_all([note, cand])
    ctx.commit()
    return views.note(views.Look(ctx.session), note)


def add_email_note(*, ctx: Ctx, candidate_id: int, body: s.EmailNoteIn, on_behalf_of: int
                   ) -> dict[str, Any]:
    user = access.acting_user(ctx, on_behalf_of)
    sc = access.scope(ctx)
    cand = get(ctx, m.Candidate, candidate_id, "candidate", CAND_HINT)
    _candidate_in_scope(ctx, sc, cand)
    if body.user_id != user:
        raise invalid("user_id must be the On-Behalf-Of user.", "user_id")
    note = m.Note(id=ctx.next_id(m.Note), candidate_id=cand.id, kind="email", user_id=user,
                  body=body.body, subject=body.subject, to=body.to, from_=body.from_,
                  cc=json_text(body.cc or []), created_at=ctx.now)
    cand.last_activity = ctx.now
    ctx.session.add_all([note, cand])
    ctx.commit()
    return views.email(views.Look(ctx.session), note)


def activity_feed(*, ctx: Ctx, candidate_id: int) -> dict[str, Any]:
    sc = access.scope(ctx)
    cand = get(ctx, m.Candidate, candidate_id, "candidate", CAND_HINT)
    _candidate_in_scope(ctx, sc, cand)
    look = views.Look(ctx.session)
    notes = ctx.session.exec(select(m.Note).where(m.Note.candidate_id == cand.id)
                             .order_by(col(m.Note.id).desc())).all()
    activities = []
    for a in ctx.session.exec(select(m.Application).where(
            m.Application.candidate_id == cand.id).order_by(m.Application.id)).all():
        if not sc.sees_job(a.job_id):
            continue
        job = look.job(a.job_id)
        activities.append({"id": a.id, "created_at": views.ts(a.applied_at),
                           "subject": f"Applied to {job.name}" if job else "Added as prospect",
                           "body": None, "user": None})
    return {"notes": [views.note(look, n) for n in notes if n.kind == "note"],
            "emails": [views.email(look, n) for n in notes if n.kind == "email"],
            "activities": activities}


def candidate_tags(*, ctx: Ctx, candidate_id: int) -> list[dict[str, Any]]:
    sc = access.scope(ctx)
    cand = get(ctx, m.Candidate, candidate_id, "candidate", CAND_HINT)
    _candidate_in_scope(ctx, sc, cand)
    return [{"id": t.id, "name": t.name} for t in ctx.session.exec(
        select(m.Tag).where(m.Tag.id == m.CandidateTag.tag_id,
                            m.CandidateTag.candidate_id == cand.id).order_by(m.Tag.id)).all()]


def tag_candidate(*, ctx: Ctx, candidate_id: int, tag_id: int, on_behalf_of: int,
                  add: bool) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    sc = access.scope(ctx)
    cand = get(ctx, m.Candidate, candidate_id, "candidate", CAND_HINT)
    _candidate_in_scope(ctx, sc, cand)
    tag = get(ctx, m.Tag, tag_id, "tag", "list tags with GET /v1/tags/candidate.")
    link = ctx.session.get(m.CandidateTag, (cand.id, tag.id))
    if add and link is not None:
        raise conflict(f"Candidate {cand.id} already has tag {tag.name!r}.")
    if not add and link is None:
        raise conflict(f"Candidate {cand.id} does not have tag {tag.name!r}; see GET "
                       f"/v1/candidates/{cand.id}/tags.")
    if add:
        ctx.session.add(m.CandidateTag(candidate_id=cand.id, tag_id=tag.id))
    else:
        ctx.session.delete(link)
    cand.updated_at = ctx.now
    ctx.session.add(cand)
    ctx.commit()
    verb = "added to" if add else "removed from"
    return {"message": f"Tag {tag.id} {verb} candidate {cand.id}."}
