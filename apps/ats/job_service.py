"""Jobs, their hiring teams and their stages (the pipeline an application moves along)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import delete, func
from sqlmodel import col, select

from arcadia.apps.ats import access, views
from arcadia.apps.ats import models as m
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats.common import (
    JOB_HINT,
    Window,
    get,
    must_exist,
    page_of,
    windowed,
)
from arcadia.apps.kernel import Ctx, Page, invalid, json_text, json_value


def list_jobs(*, ctx: Ctx, w: Window, status: str | None, department_id: int | None,
              office_id: int | None, requisition_id: str | None, opening_id: str | None
              ) -> tuple[list[dict[str, Any]], Page[Any]]:
    q = windowed(select(m.Job).order_by(m.Job.id), w, m.Job.created_at, m.Job.updated_at)
    if status is not None:
        if status not in ("open", "closed", "draft"):
            raise invalid("status must be open, closed or draft.", "status")
        q = q.where(m.Job.status == status)
    if department_id is not None:
        q = q.where(m.Job.department_id == department_id)
    if office_id is not None:
        # office_ids is a JSON list of integers ("[1,3]"): match one whole element.
        q = q.where(func.instr("," + func.trim(m.Job.office_ids, "[]") + ",",
                               f",{office_id},") > 0)
    if requisition_id is not None:
        q = q.where(m.Job.requisition_id == requisition_id)
    if opening_id is not None:
        q = q.where(col(m.Job.id).in_(select(m.Opening.job_id).where(
            m.Opening.opening_id == opening_id)))
    page = page_of(ctx, q, w)
    return views.jobs(views.Look(ctx.session), list(page.items)), page


def get_job(*, ctx: Ctx, job_id: int) -> dict[str, Any]:
    job = get(ctx, m.Job, job_id, "job", JOB_HINT)
    return views.jobs(views.Look(ctx.session), [job])[0]


def update_job(*, ctx: Ctx, job_id: int, body: s.JobUpdate, on_behalf_of: int
               ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    access.require_admin(ctx, "Changing a job")
    job = get(ctx, m.Job, job_id, "job", JOB_HINT)
    data = body.model_dump(exclude_unset=True)
    if "department_id" in data:
        must_exist(ctx, m.Department, data["department_id"], "department_id", "department",
                   "list departments with GET /v1/departments.")
    for office in data.get("office_ids") or []:
        must_exist(ctx, m.Office, office, "office_ids", "office",
                   "list offices with GET /v1/offices.")
    values = json_value(job.custom_fields)
    for cf in body.custom_fields or []:
        key = cf.name_key or next((f.name_key for f in views.Look(ctx.session)
                                   .custom_fields("job").values() if f.id == cf.id), None)
        if key is None or key not in views.Look(ctx.session).custom_fields("job"):
            raise invalid("custom_fields: each needs the id or name_key of a job custom "
                          "field (GET /v1/custom_fields/job).", "custom_fields")
        if key == "salary_range":
            raise invalid("salary_range is set from the compensation band; it cannot be "
                          "changed here.", "custom_fields")
        if cf.delete_value == "true":
            values.pop(key, None)
        else:
            values[key] = cf.value if not isinstance(cf.value, list) else cf.value
    for name in ("name", "notes", "requisition_id"):
        if name in data:
            setattr(job, name, data[name])
    if "department_id" in data:
        job.department_id = data["department_id"]
    if "office_ids" in data and data["office_ids"] is not None:
        job.office_ids = json_text(list(dict.fromkeys(data["office_ids"])))
    job.custom_fields = json_text(_plain(values))
    job.updated_at = ctx.now
    ctx.session.add(job)
    ctx.commit()
    return views.jobs(views.Look(ctx.session), [job])[0]


def _plain(value: Any) -> Any:
    """Decimals from the wire as strings, for JSON columns."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


# -- hiring team ---------------------------------------------------------------------------


def hiring_team(*, ctx: Ctx, job_id: int) -> dict[str, Any]:
    get(ctx, m.Job, job_id, "job", JOB_HINT)
    members = views.team_of(ctx.session, [job_id])[job_id]
    return views.hiring_team_entries(views.Look(ctx.session), members)


_ROLE_OF = {v: k for k, v in views.ROLES.items()}


def _members(ctx: Ctx, body: s.HiringTeamIn) -> list[tuple[str, s.HiringTeamMemberIn]]:
    out = []
    for plural, items in body.model_dump(exclude_unset=True).items():
        for raw in items or []:
            member = s.HiringTeamMemberIn.model_validate(raw)
            must_exist(ctx, m.User, member.user_id, f"{plural}.user_id", "user",
                       "list users with GET /v1/users.")
            out.append((_ROLE_OF[plural], member))
    return out


def replace_hiring_team(*, ctx: Ctx, job_id: int, body: s.HiringTeamIn, on_behalf_of: int,
                        add_only: bool = False) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    access.require_admin(ctx, "Changing a hiring team")
    get(ctx, m.Job, job_id, "job", JOB_HINT)
    members = _members(ctx, body)
    if not members:
        raise invalid("Name at least one member under hiring_managers, recruiters, "
                      "coordinators or sourcers.", "hiring_team")
    if not add_only:
        ctx.session.execute(delete(m.HiringTeamMember).where(
            col(m.HiringTeamMember.job_id) == job_id))
    for role, member in members:
        row = ctx.session.get(m.HiringTeamMember, (job_id, member.user_id, role))
        if row is None:
            row = m.HiringTeamMember(job_id=job_id, user_id=member.user_id, role=role)
        row.responsible = bool(member.responsible) and role in ("recruiter", "coordinator")
        ctx.session.add(row)
    _touch_job(ctx, job_id)
    ctx.commit()
    return {"success": True}


def remove_hiring_team_member(*, ctx: Ctx, job_id: int, user_id: int, role: str | None,
                              on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    access.require_admin(ctx, "Changing a hiring team")
    get(ctx, m.Job, job_id, "job", JOB_HINT)
    if role is not None and role not in views.ROLES:
        raise invalid("role must be hiring_manager, recruiter, coordinator or sourcer.", "role")
    rows = [r for r in views.team_of(ctx.session, [job_id])[job_id]
            if r.user_id == user_id and (role is None or r.role == role)]
    if not rows:
        raise invalid(f"User {user_id} is not on job {job_id}'s hiring team"
                      f"{' as ' + role if role else ''}; see GET /v1/jobs/{job_id}/hiring_team.",
                      "user_id")
    for r in rows:
        ctx.session.delete(r)
    _touch_job(ctx, job_id)
    ctx.commit()
    return {"success": True}


def _touch_job(ctx: Ctx, job_id: int) -> None:
    job = ctx.session.get(m.Job, job_id)
    if job is not None:
        job.updated_at = ctx.now
        ctx.session.add(job)


# -- stages --------------------------------------------------------------------------------


def list_stages(*, ctx: Ctx, job_id: int | None, w: Window
                ) -> tuple[list[dict[str, Any]], Page[Any]]:
    q = windowed(select(m.JobStage).order_by(m.JobStage.job_id, m.JobStage.priority,
                                             m.JobStage.id), w, m.JobStage.created_at,
                 m.JobStage.updated_at)
    if job_id is not None:
        get(ctx, m.Job, job_id, "job", JOB_HINT)
        q = q.where(m.JobStage.job_id == job_id)
    page = page_of(ctx, q, w)
    look = views.Look(ctx.session)
    return [views.stage(look, x) for x in page.items], page


def get_stage(*, ctx: Ctx, stage_id: int) -> dict[str, Any]:
    row = get(ctx, m.JobStage, stage_id, "job stage", "list a job's stages with "
              "GET /v1/jobs/{id}/stages.")
    return views.stage(views.Look(ctx.session), row)
