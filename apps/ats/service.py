"""Candidates, prospects, notes, tags, attachments and applications with their transitions
(advance, move, transfer, reject, unreject, hire, convert a prospect).

Transitions a state does not allow answer 422 (Harvest's "not processed") and change
nothing: advancing or moving a rejected or hired application, advancing from a job's last
stage, unrejecting an application that is not rejected, hiring into a closed job.
"""

from __future__ import annotations

from typing import Any

import orjson
from sqlalchemy import delete, func
from sqlmodel import col, select

from arcadia.apps.ats import access, views
from arcadia.apps.ats import models as m
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats.common import Window, dumps, get, loads, must_exist, page_of, windowed
from arcadia.apps.kernel import Ctx, Page, conflict, forbidden, invalid

CAND_HINT = "list candidates with GET /v1/candidates."
APP_HINT = "list applications with GET /v1/applications."


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


# -- candidates --------------------------------------------------------------------------------


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
    return dumps(out)


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


def _custom(ctx: Ctx, field_type: str, current: dict[str, Any],
            items: list[s.CustomFieldValue] | None) -> dict[str, Any]:
    fields = views.Look(ctx.session).custom_fields(field_type)
    by_id = {f.id: k for k, f in fields.items()}
    out = dict(current)
    for cf in items or []:
        key = cf.name_key if cf.name_key is not None else by_id.get(cf.id or -1)
        if key is None or key not in fields:
            raise invalid(f"custom_fields: each needs the id or name_key of a {field_type} "
                          f"custom field (GET /v1/custom_fields/{field_type}).",
                          "custom_fields")
        if cf.delete_value == "true":
            out.pop(key, None)
        elif cf.value is None or isinstance(cf.value, list | bool):
            out[key] = cf.value
        else:
            out[key] = str(cf.value)
    return out


def create_candidate(*, ctx: Ctx, body: s.CandidateCreate | s.ProspectCreate,
                     on_behalf_of: int, prospect: bool = False) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    sc = access.scope(ctx)
    apps_in: list[tuple[int | None, s.ApplicationIn | None]] = []
    if isinstance(body, s.CandidateCreate):
        for a in body.applications:
            apps_in.append((a.job_id, a))
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
        stage = _first_stage(ctx, job.id) if job is not None else None
        if a is not None and a.initial_stage_id is not None:
            stage = _stage_of_job(ctx, job.id if job else None, a.initial_stage_id,
                                  "initial_stage_id")
        if a is not None:
            must_exist(ctx, m.Source, a.source_id, "source_id", "source",
                       "list sources with GET /v1/sources.")
        plans.append((job, stage, a))
    recruiter = _person_ref(ctx, body.recruiter, "recruiter")
    coordinator = _person_ref(ctx, body.coordinator, "coordinator")
    custom = _custom(ctx, "candidate", {}, body.custom_fields)
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
        custom_fields=dumps(custom), created_at=ctx.now, updated_at=ctx.now,
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
            attachments=_attachments(ctx, a.attachments if a else None)))
    ctx.commit()
    return views.candidates(views.Look(ctx.session), [cand], _visible(sc))[0]


def _attachments(ctx: Ctx, items: list[s.AttachmentIn] | None) -> str:
    return dumps([_attachment(ctx, x, "application") for x in items or []])


TYPES = ("resume", "cover_letter", "admin_only", "take_home_test", "offer_packet",
         "offer_letter", "signed_offer_letter", "other")


def _attachment(ctx: Ctx, a: s.AttachmentIn, owner: str) -> dict[str, Any]:
    if a.type not in TYPES:
        raise invalid(f"type must be one of {', '.join(TYPES)}.", "type")
    if (a.content is None) == (a.url is None):
        raise invalid("Send the file as exactly one of content (base64) or url.", "content")
    return {"filename": a.filename, "type": a.type, "created_at": views.ts(ctx.now),
            "url": f"https://files.arcadia.test/ats/{owner}/{ctx.next_seq('attachment')}/"
                   f"{a.filename}"}


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
    custom = _custom(ctx, "candidate", loads(cand.custom_fields), body.custom_fields)
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
    cand.custom_fields = dumps(custom)
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
    entry = _attachment(ctx, body, f"candidates/{cand.id}")
    cand.attachments = dumps([*loads(cand.attachments), entry])
    cand.updated_at = cand.last_activity = ctx.now
    ctx.session.add(cand)
    ctx.commit()
    return {"filename": entry["filename"], "url": entry["url"], "type": entry["type"],
            "content_type": body.content_type}


def add_application_attachment(*, ctx: Ctx, application_id: int, body: s.AttachmentIn,
                               on_behalf_of: int) -> dict[str, Any]:
    """A file on the application (shown on the application and counted on its candidate's
    activity)."""
    access.acting_user(ctx, on_behalf_of)
    _, app = _application(ctx, application_id)
    entry = _attachment(ctx, body, f"applications/{app.id}")
    app.attachments = dumps([*loads(app.attachments), entry])
    _done(ctx, app)
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
                  cc=dumps(body.cc or []), created_at=ctx.now)
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


# -- applications ------------------------------------------------------------------------------


def _first_stage(ctx: Ctx, job_id: int) -> m.JobStage | None:
    return ctx.session.exec(select(m.JobStage).where(m.JobStage.job_id == job_id)
                            .order_by(m.JobStage.priority, m.JobStage.id)).first()


def _stage_of_job(ctx: Ctx, job_id: int | None, stage_id: int, field: str) -> m.JobStage:
    stage = ctx.session.get(m.JobStage, stage_id)
    if stage is None or stage.job_id != job_id:
        raise invalid(f"{field} {stage_id} is not a stage of job {job_id}; list them with "
                      f"GET /v1/jobs/{job_id}/stages.", field)
    return stage


def list_applications(*, ctx: Ctx, w: Window, job_id: int | None, status: str | None,
                      last_activity_after: str | None
                      ) -> tuple[list[dict[str, Any]], Page[Any]]:
    from arcadia.apps.ats.common import when
    sc = access.scope(ctx)
    q = windowed(select(m.Application).order_by(m.Application.id), w,
                 m.Application.applied_at, None)
    after = when(last_activity_after, "last_activity_after")
    if after is not None:
        q = q.where(col(m.Application.last_activity_at) >= after)
    if job_id is not None:
        q = q.where(m.Application.job_id == job_id)
    if status is not None:
        q = q.where(m.Application.status == status)
    if sc.jobs is not None:
        q = q.where(col(m.Application.job_id).in_(sorted(sc.jobs)))
    page = page_of(ctx, q, w)
    look = views.Look(ctx.session)
    return [views.application(look, a) for a in page.items], page


def _application(ctx: Ctx, application_id: int) -> tuple[access.Scope, m.Application]:
    sc = access.scope(ctx)
    app = get(ctx, m.Application, application_id, "application", APP_HINT)
    access.require_job(sc, app.job_id, f"application {app.id}")
    return sc, app


def get_application(*, ctx: Ctx, application_id: int) -> dict[str, Any]:
    _, app = _application(ctx, application_id)
    return views.application(views.Look(ctx.session), app)


def _done(ctx: Ctx, app: m.Application) -> dict[str, Any]:
    app.last_activity_at = ctx.now
    ctx.session.add(app)
    cand = ctx.session.get(m.Candidate, app.candidate_id)
    if cand is not None:
        cand.last_activity = ctx.now
        ctx.session.add(cand)
    ctx.commit()
    return views.application(views.Look(ctx.session), app)


def add_application(*, ctx: Ctx, candidate_id: int, body: s.ApplicationIn, on_behalf_of: int
                    ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    sc = access.scope(ctx)
    cand = get(ctx, m.Candidate, candidate_id, "candidate", CAND_HINT)
    job = must_exist(ctx, m.Job, body.job_id, "job_id", "job", "list jobs with GET /v1/jobs.")
    assert job is not None
    access.require_job(sc, job.id, f"job {job.id}")
    if job.status != "open":
        raise conflict(f"Job {job.id} is {job.status}; candidates apply only to open jobs.",
                       "job_id")
    dup = ctx.session.exec(select(m.Application).where(
        m.Application.candidate_id == cand.id, m.Application.job_id == job.id,
        m.Application.status == "active")).first()
    if dup is not None:
        raise conflict(f"Candidate {cand.id} already has active application {dup.id} on job "
                       f"{job.id}.", "job_id")
    must_exist(ctx, m.Source, body.source_id, "source_id", "source",
               "list sources with GET /v1/sources.")
    stage = _stage_of_job(ctx, job.id, body.initial_stage_id, "initial_stage_id") \
        if body.initial_stage_id is not None else _first_stage(ctx, job.id)
    app = m.Application(id=ctx.next_id(m.Application), candidate_id=cand.id, job_id=job.id,
                        current_stage_id=stage.id if stage else None, source_id=body.source_id,
                        recruiter_id=cand.recruiter_id, coordinator_id=cand.coordinator_id,
                        applied_at=ctx.now, last_activity_at=ctx.now,
                        attachments=_attachments(ctx, body.attachments))
    return _done(ctx, app)


def update_application(*, ctx: Ctx, application_id: int, body: s.ApplicationUpdate,
                       on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    _, app = _application(ctx, application_id)
    data = body.model_dump(exclude_unset=True)
    must_exist(ctx, m.Source, data.get("source_id"), "source_id", "source",
               "list sources with GET /v1/sources.")
    if ("prospect_pool_id" in data or "prospect_stage_id" in data) and not app.prospect:
        raise conflict(f"Application {app.id} is not a prospect; prospect pools apply only "
                       "to prospects.", "prospect_pool_id")
    if ("prospect_pool_id" in data or "prospect_stage_id" in data):
        raise invalid("This ATS has no prospect pools (GET /v1/prospect_pools is empty).",
                      "prospect_pool_id")
    app.custom_fields = dumps(_custom(ctx, "application", loads(app.custom_fields),
                                      body.custom_fields))
    if "source_id" in data:
        app.source_id = data["source_id"]
    return _done(ctx, app)


def delete_application(*, ctx: Ctx, application_id: int, on_behalf_of: int
                       ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    _, app = _application(ctx, application_id)
    if app.status == "hired":
        raise conflict(f"Application {app.id} is hired; a hire cannot be deleted.")
    for model in (m.Offer, m.Scorecard, m.ScheduledInterview):
        ctx.session.execute(delete(model).where(col(model.application_id) == app.id))
    ctx.session.delete(app)
    ctx.commit()
    return {"message": f"Application {app.id} has been deleted."}


def _active(app: m.Application, verb: str) -> None:
    if app.prospect:
        raise conflict(f"Application {app.id} is a prospect; convert it with PATCH "
                       f"/v1/applications/{app.id}/convert_prospect before you {verb} it.")
    if app.status == "rejected":
        raise conflict(f"Application {app.id} is rejected; unreject it (POST "
                       f"/v1/applications/{app.id}/unreject) before you {verb} it.")
    if app.status != "active":
        raise conflict(f"Application {app.id} is {app.status}; only an active application "
                       f"can be {verb}d.")


def _from_stage(app: m.Application, from_stage_id: int) -> None:
    if app.current_stage_id != from_stage_id:
        raise invalid(f"from_stage_id {from_stage_id} is not application {app.id}'s current "
                      f"stage ({app.current_stage_id}); read it with GET "
                      f"/v1/applications/{app.id}.", "from_stage_id")


def advance(*, ctx: Ctx, application_id: int, body: s.AdvanceIn, on_behalf_of: int
            ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    _, app = _application(ctx, application_id)
    _active(app, "advance")
    _from_stage(app, body.from_stage_id)
    stages = list(ctx.session.exec(select(m.JobStage).where(m.JobStage.job_id == app.job_id)
                                   .order_by(m.JobStage.priority, m.JobStage.id)).all())
    at = next(i for i, x in enumerate(stages) if x.id == app.current_stage_id)
    if at + 1 >= len(stages):
        raise conflict(f"Application {app.id} is in {stages[at].name!r}, the job's last "
                       "stage; it cannot advance. Hire it (POST /v1/applications/"
                       f"{app.id}/hire) or move it to an earlier stage.", "from_stage_id")
    app.current_stage_id = stages[at + 1].id
    return _done(ctx, app)


def move(*, ctx: Ctx, application_id: int, body: s.MoveIn, on_behalf_of: int
         ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    _, app = _application(ctx, application_id)
    _active(app, "move")
    _from_stage(app, body.from_stage_id)
    stage = _stage_of_job(ctx, app.job_id, body.to_stage_id, "to_stage_id")
    if stage.id == app.current_stage_id:
        raise invalid(f"Application {app.id} is already in stage {stage.id}.", "to_stage_id")
    app.current_stage_id = stage.id
    return _done(ctx, app)


def transfer(*, ctx: Ctx, application_id: int, body: s.TransferIn, on_behalf_of: int
             ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    sc, app = _application(ctx, application_id)
    _active(app, "move")
    job = must_exist(ctx, m.Job, body.new_job_id, "new_job_id", "job",
                     "list jobs with GET /v1/jobs.")
    assert job is not None
    access.require_job(sc, job.id, f"job {job.id}")
    if job.status != "open":
        raise conflict(f"Job {job.id} is {job.status}; applications move only to open jobs.",
                       "new_job_id")
    if job.id == app.job_id:
        raise invalid(f"Application {app.id} is already on job {job.id}; use POST "
                      f"/v1/applications/{app.id}/move to change its stage.", "new_job_id")
    stage = _stage_of_job(ctx, job.id, body.new_stage_id, "new_stage_id") \
        if body.new_stage_id is not None else _first_stage(ctx, job.id)
    app.job_id, app.current_stage_id = job.id, stage.id if stage else None
    return _done(ctx, app)


def convert_prospect(*, ctx: Ctx, application_id: int, body: s.ConvertProspectIn,
                     on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    sc, app = _application(ctx, application_id)
    if not app.prospect:
        raise conflict(f"Application {app.id} is not a prospect application.")
    job = must_exist(ctx, m.Job, body.job_id, "job_id", "job", "list jobs with GET /v1/jobs.")
    assert job is not None
    access.require_job(sc, job.id, f"job {job.id}")
    if job.status != "open":
        raise conflict(f"Job {job.id} is {job.status}; prospects convert only onto open jobs.",
                       "job_id")
    stage = _stage_of_job(ctx, job.id, body.initial_stage_id, "initial_stage_id") \
        if body.initial_stage_id is not None else _first_stage(ctx, job.id)
    app.prospect, app.job_id = False, job.id
    app.current_stage_id = stage.id if stage else None
    _done(ctx, app)
    return {"success": True, "old_application_id": app.id, "new_application_id": app.id,
            "new_job_id": job.id, "new_stage_id": app.current_stage_id or 0}


def reject(*, ctx: Ctx, application_id: int, body: s.RejectIn, on_behalf_of: int
           ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    _, app = _application(ctx, application_id)
    if app.status == "rejected":
        raise conflict(f"Application {app.id} is already rejected; change its reason with "
                       f"PATCH /v1/applications/{app.id}/reject.")
    if app.status == "hired":
        raise conflict(f"Application {app.id} is hired; a hire cannot be rejected.")
    must_exist(ctx, m.RejectionReason, body.rejection_reason_id, "rejection_reason_id",
               "rejection reason", "list them with GET /v1/rejection_reasons.")
    if body.rejection_email is not None:
        raise invalid("This ATS sends no e-mail (it has no e-mail templates); leave out "
                      "rejection_email.", "rejection_email")
    app.status, app.rejected_at = "rejected", ctx.now
    app.rejection_reason_id, app.rejection_note = body.rejection_reason_id, body.notes
    return _done(ctx, app)


def update_rejection(*, ctx: Ctx, application_id: int, body: s.RejectUpdate,
                     on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    _, app = _application(ctx, application_id)
    if app.status != "rejected":
        raise conflict(f"Application {app.id} is {app.status}, not rejected; reject it with "
                       f"POST /v1/applications/{app.id}/reject.")
    must_exist(ctx, m.RejectionReason, body.rejection_reason_id, "rejection_reason_id",
               "rejection reason", "list them with GET /v1/rejection_reasons.")
    app.rejection_reason_id = body.rejection_reason_id
    _done(ctx, app)
    return {"success": True, "message": f"Rejection reason updated on application {app.id}.",
            "id": app.id}


def unreject(*, ctx: Ctx, application_id: int, on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    _, app = _application(ctx, application_id)
    if app.status != "rejected":
        raise conflict(f"Application {app.id} is {app.status}, not rejected; there is "
                       "nothing to unreject.")
    app.status, app.rejected_at = "active", None
    app.rejection_reason_id, app.rejection_note = None, None
    return _done(ctx, app)


def hire(*, ctx: Ctx, application_id: int, body: s.HireIn, on_behalf_of: int
         ) -> dict[str, Any]:
    from arcadia.apps.ats.common import parse_day
    access.acting_user(ctx, on_behalf_of)
    _, app = _application(ctx, application_id)
    _active(app, "hire")
    job = ctx.session.get(m.Job, app.job_id)
    if job is None or job.status != "open":
        raise conflict(f"Job {app.job_id} is {job.status if job else 'gone'}; only an "
                       "application on an open job can be hired.")
    start = parse_day(body.start_date, "start_date") if body.start_date else None
    opening = None
    if body.opening_id is not None:
        opening = ctx.session.get(m.Opening, body.opening_id)
        if opening is None or opening.job_id != job.id:
            raise invalid(f"opening_id {body.opening_id} is not an opening of job {job.id}; "
                          f"see GET /v1/jobs/{job.id}/openings.", "opening_id")
    else:
        opening = ctx.session.exec(select(m.Opening).where(
            m.Opening.job_id == job.id, m.Opening.status == "open").order_by(
            m.Opening.id)).first()
    if opening is None or opening.status != "open":
        raise conflict(f"Job {job.id} has no open opening to fill; add one with POST "
                       f"/v1/jobs/{job.id}/openings.", "opening_id")
    must_exist(ctx, m.CloseReason, body.close_reason_id, "close_reason_id", "close reason",
               "list them with GET /v1/close_reasons.")
    offer = ctx.session.exec(select(m.Offer).where(
        m.Offer.application_id == app.id, m.Offer.status != "deprecated").order_by(
        col(m.Offer.version).desc())).first()
    if offer is not None:
        if start is not None:
            offer.starts_at = start
        offer.status, offer.resolved_at, offer.updated_at = "accepted", \
            offer.resolved_at or ctx.now, ctx.now
        offer.opening_id = opening.id
        ctx.session.add(offer)
    opening.status, opening.closed_at, opening.application_id = "closed", ctx.now, app.id
    opening.close_reason_id = body.close_reason_id or 1
    ctx.session.add(opening)
    app.status = "hired"
    return _done(ctx, app)
