"""Applications with their transitions (advance, move, transfer, reject, unreject, hire,
convert a prospect) and files.

Transitions a state does not allow answer 422 (Harvest's "not processed") and change
nothing: advancing or moving a rejected or hired application, advancing from a job's last
stage, unrejecting an application that is not rejected, hiring into a closed job.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete
from sqlmodel import col, select

from arcadia.apps.ats import access, attachments, views
from arcadia.apps.ats import models as m
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats.common import (
    APP_HINT,
    CAND_HINT,
    Window,
    custom_values,
    get,
    must_exist,
    page_of,
    parse_day,
    when,
    windowed,
)
from arcadia.apps.kernel import Ctx, Page, conflict, invalid, json_text, json_value


def first_stage(ctx: Ctx, job_id: int) -> m.JobStage | None:
    """The job's first stage (pipeline order), where a new application starts."""
    return ctx.session.exec(select(m.JobStage).where(m.JobStage.job_id == job_id)
                            .order_by(m.JobStage.priority, m.JobStage.id)).first()


def stage_of_job(ctx: Ctx, job_id: int | None, stage_id: int, field: str) -> m.JobStage:
    """The stage a body names (`field`), or 422 when it is not one of the job's."""
    stage = ctx.session.get(m.JobStage, stage_id)
    if stage is None or stage.job_id != job_id:
        raise invalid(f"{field} {stage_id} is not a stage of job {job_id}; list them with "
                      f"GET /v1/jobs/{job_id}/stages.", field)
    return stage


def list_applications(*, ctx: Ctx, w: Window, job_id: int | None, status: str | None,
                      last_activity_after: str | None
                      ) -> tuple[list[dict[str, Any]], Page[Any]]:
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
    if body.job_id is None:
        raise invalid("job_id is required: the job applied to (list jobs with GET /v1/jobs).",
                      "job_id")
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
    stage = stage_of_job(ctx, job.id, body.initial_stage_id, "initial_stage_id") \
        if body.initial_stage_id is not None else first_stage(ctx, job.id)
    app = m.Application(id=ctx.next_id(m.Application), candidate_id=cand.id, job_id=job.id,
                        current_stage_id=stage.id if stage else None, source_id=body.source_id,
                        recruiter_id=cand.recruiter_id, coordinator_id=cand.coordinator_id,
                        applied_at=ctx.now, last_activity_at=ctx.now,
                        attachments=attachments.for_new_application(ctx, body.attachments))
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
    app.custom_fields = json_text(custom_values(ctx, "application", json_value(app.custom_fields),
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


def add_application_attachment(*, ctx: Ctx, application_id: int, body: s.AttachmentIn,
                               on_behalf_of: int) -> dict[str, Any]:
    """A file on the application (shown on the application and counted on its candidate's
    activity)."""
    access.acting_user(ctx, on_behalf_of)
    _, app = _application(ctx, application_id)
    entry = attachments.entry(ctx, body, f"applications/{app.id}")
    app.attachments = json_text([*json_value(app.attachments), entry])
    _done(ctx, app)
    return {"filename": entry["filename"], "url": entry["url"], "type": entry["type"],
            "content_type": body.content_type}


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
    stage = stage_of_job(ctx, app.job_id, body.to_stage_id, "to_stage_id")
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
    stage = stage_of_job(ctx, job.id, body.new_stage_id, "new_stage_id") \
        if body.new_stage_id is not None else first_stage(ctx, job.id)
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
    stage = stage_of_job(ctx, job.id, body.initial_stage_id, "initial_stage_id") \
        if body.initial_stage_id is not None else first_stage(ctx, job.id)
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
