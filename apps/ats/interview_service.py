"""Scheduled interviews (of an application's current stage) and scorecards."""

from __future__ import annotations

from typing import Any

from sqlmodel import col, select

from arcadia.apps.ats import access, views
from arcadia.apps.ats import models as m
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats.common import (
    APP_HINT,
    Window,
    get,
    page_of,
    when,
    windowed,
)
from arcadia.apps.kernel import Ctx, Page, conflict, invalid, json_text, json_value


def _scorecard_ids(ctx: Ctx, interview_ids: list[int]) -> dict[tuple[int, int], int]:
    """(scheduled interview, interviewer user) -> the scorecard they submitted for it."""
    if not interview_ids:
        return {}
    rows = ctx.session.exec(select(m.Scorecard.scheduled_interview_id,
                                   m.Scorecard.interviewer_id, m.Scorecard.id).where(
        col(m.Scorecard.scheduled_interview_id).in_(interview_ids))).all()
    return {(int(i), int(u)): int(sid) for i, u, sid in rows if i is not None}


def _visible_apps(sc: access.Scope) -> Any:
    if sc.jobs is None:
        return None
    return select(m.Application.id).where(col(m.Application.job_id).in_(sorted(sc.jobs)))


def list_interviews(*, ctx: Ctx, w: Window, application_id: int | None,
                    starts_after: str | None, starts_before: str | None
                    ) -> tuple[list[dict[str, Any]], Page[Any]]:
    sc = access.scope(ctx)
    q = windowed(select(m.ScheduledInterview).order_by(m.ScheduledInterview.id), w,
                 m.ScheduledInterview.created_at, m.ScheduledInterview.updated_at)
    if application_id is not None:
        app = get(ctx, m.Application, application_id, "application", APP_HINT)
        access.require_job(sc, app.job_id, f"application {app.id}")
        q = q.where(m.ScheduledInterview.application_id == application_id)
    visible = _visible_apps(sc)
    if visible is not None:
        q = q.where(col(m.ScheduledInterview.application_id).in_(visible))
    for text, field, after in ((starts_after, "starts_after", True),
                               (starts_before, "starts_before", False)):
        value = when(text, field)
        if value is not None:
            column = col(m.ScheduledInterview.start)
            q = q.where(column >= value if after else column < value)
    page = page_of(ctx, q, w)
    look = views.Look(ctx.session)
    cards = _scorecard_ids(ctx, [i.id for i in page.items])
    return [views.interview(look, i, cards) for i in page.items], page


def get_interview(*, ctx: Ctx, interview_id: int) -> dict[str, Any]:
    sc = access.scope(ctx)
    row = get(ctx, m.ScheduledInterview, interview_id, "scheduled interview",
              "list them with GET /v1/scheduled_interviews.")
    app = ctx.session.get(m.Application, row.application_id)
    access.require_job(sc, app.job_id if app else None, f"scheduled interview {row.id}")
    return views.interview(views.Look(ctx.session), row, _scorecard_ids(ctx, [row.id]))


def _interviewers(ctx: Ctx, items: list[s.InterviewerIn]) -> str:
    out = []
    for x in items:
        user = None
        if x.user_id is not None:
            user = ctx.session.get(m.User, x.user_id)
        elif x.email is not None:
            found = access.users_by_email(ctx, x.email)
            user = ctx.session.get(m.User, found) if found is not None else None
        if user is None:
            raise invalid("interviewers: each needs the user_id or email of a user "
                          "(GET /v1/users).", "interviewers")
        status = x.response_status or "needs_action"
        if status not in ("needs_action", "declined", "tentative", "accepted"):
            raise invalid("response_status must be needs_action, declined, tentative or "
                          "accepted.", "interviewers")
        out.append({"user_id": user.id, "response_status": status})
    return json_text(out)


def _span(start: str, end: str) -> tuple[Any, Any]:
    a, b = when(start, "start"), when(end, "end")
    assert a is not None and b is not None
    if b <= a:
        raise invalid("end must be after start.", "end")
    if (b - a).days > 1:
        raise invalid("An interview lasts at most a day.", "end")
    return a, b


def create_interview(*, ctx: Ctx, body: s.ScheduledInterviewCreate, on_behalf_of: int
                     ) -> dict[str, Any]:
    user = access.acting_user(ctx, on_behalf_of)
    sc = access.scope(ctx)
    app = None if body.application_id is None else \
        ctx.session.get(m.Application, body.application_id)
    if app is None:
        raise invalid(f"application_id {body.application_id} is not an application; "
                      f"{APP_HINT}", "application_id")
    access.require_job(sc, app.job_id, f"application {app.id}")
    if app.status != "active" or app.prospect:
        raise conflict(f"Application {app.id} is {app.status}"
                       f"{' (a prospect)' if app.prospect else ''}; interviews are scheduled "
                       "for active applications only.", "application_id")
    stage = ctx.session.get(m.JobStage, app.current_stage_id or -1)
    steps = {x["id"]: x for x in json_value(stage.interviews)} if stage else {}
    if body.interview_id not in steps:
        raise invalid(f"interview_id {body.interview_id} is not an interview of application "
                      f"{app.id}'s current stage; see GET /v1/jobs/{app.job_id}/stages.",
                      "interview_id")
    start, end = _span(body.start, body.end)
    row = m.ScheduledInterview(
        id=ctx.next_id(m.ScheduledInterview), application_id=app.id,
        interview_id=body.interview_id, interview_name=steps[body.interview_id]["name"],
        external_event_id=body.external_event_id, start=start, end=end,
        location=body.location, status="scheduled", organizer_id=user,
        interviewers=_interviewers(ctx, body.interviewers), created_at=ctx.now,
        updated_at=ctx.now)
    app.last_activity_at = ctx.now
    ctx.session.add_all([row, app])
    ctx.commit()
    return views.interview(views.Look(ctx.session), row, {})


def update_interview(*, ctx: Ctx, interview_id: int, body: s.ScheduledInterviewUpdate,
                     on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    sc = access.scope(ctx)
    row = get(ctx, m.ScheduledInterview, interview_id, "scheduled interview",
              "list them with GET /v1/scheduled_interviews.")
    app = ctx.session.get(m.Application, row.application_id)
    access.require_job(sc, app.job_id if app else None, f"scheduled interview {row.id}")
    if row.status == "complete":
        raise conflict(f"Scheduled interview {row.id} is complete; it cannot be changed.")
    data = body.model_dump(exclude_unset=True)
    start = body.start or views.ts(row.start) or ""
    end = body.end or views.ts(row.end) or ""
    row.start, row.end = _span(start, end)
    if body.interviewers is not None:
        row.interviewers = _interviewers(ctx, body.interviewers)
    if "external_event_id" in data:
        row.external_event_id = data["external_event_id"]
    if "location" in data:
        row.location = data["location"]
    row.updated_at = ctx.now
    ctx.session.add(row)
    ctx.commit()
    return views.interview(views.Look(ctx.session), row, _scorecard_ids(ctx, [row.id]))


def delete_interview(*, ctx: Ctx, interview_id: int, on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    sc = access.scope(ctx)
    row = get(ctx, m.ScheduledInterview, interview_id, "scheduled interview",
              "list them with GET /v1/scheduled_interviews.")
    app = ctx.session.get(m.Application, row.application_id)
    access.require_job(sc, app.job_id if app else None, f"scheduled interview {row.id}")
    if row.status == "complete":
        raise conflict(f"Scheduled interview {row.id} is complete; its scorecards keep it.")
    ctx.session.delete(row)
    ctx.commit()
    return {"message": f"Interview {row.id} has been deleted."}


def list_scorecards(*, ctx: Ctx, w: Window, application_id: int | None
                    ) -> tuple[list[dict[str, Any]], Page[Any]]:
    sc = access.scope(ctx)
    q = windowed(select(m.Scorecard).order_by(m.Scorecard.id), w, m.Scorecard.created_at,
                 m.Scorecard.updated_at)
    if application_id is not None:
        app = get(ctx, m.Application, application_id, "application", APP_HINT)
        access.require_job(sc, app.job_id, f"application {app.id}")
        q = q.where(m.Scorecard.application_id == application_id)
    visible = _visible_apps(sc)
    if visible is not None:
        q = q.where(col(m.Scorecard.application_id).in_(visible))
    page = page_of(ctx, q, w)
    look = views.Look(ctx.session)
    return [views.scorecard(look, x) for x in page.items], page


def get_scorecard(*, ctx: Ctx, scorecard_id: int) -> dict[str, Any]:
    sc = access.scope(ctx)
    row = get(ctx, m.Scorecard, scorecard_id, "scorecard",
              "list them with GET /v1/scorecards.")
    app = ctx.session.get(m.Application, row.application_id)
    access.require_job(sc, app.job_id if app else None, f"scorecard {row.id}")
    return views.scorecard(views.Look(ctx.session), row)
