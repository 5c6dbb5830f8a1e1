"""Jobs, hiring teams, openings, stages, job posts, departments, offices, users and the
look-up lists (sources, rejection and close reasons, tags, custom fields)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func
from sqlmodel import col, select

from arcadia.apps.ats import access, views
from arcadia.apps.ats import models as m
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats.common import (
    Window,
    dumps,
    get,
    loads,
    missing,
    must_exist,
    page_of,
    windowed,
)
from arcadia.apps.kernel import Ctx, Page, conflict, forbidden, invalid

JOB_HINT = "list jobs with GET /v1/jobs."
WRITERS = ("exec", "hr", "recruiter")


def require_admin(ctx: Ctx, what: str) -> None:
    """Organization and job set-up is for HR, Talent Acquisition and executives."""
    if not ctx.principal.has_any(WRITERS):
        raise forbidden(f"{what} is for HR, Talent Acquisition (recruiter) and executives; "
                        "your API key's user holds none of those roles.")


# -- jobs --------------------------------------------------------------------------------------


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
    require_admin(ctx, "Changing a job")
    job = get(ctx, m.Job, job_id, "job", JOB_HINT)
    data = body.model_dump(exclude_unset=True)
    if "department_id" in data:
        must_exist(ctx, m.Department, data["department_id"], "department_id", "department",
                   "list departments with GET /v1/departments.")
    for office in data.get("office_ids") or []:
        must_exist(ctx, m.Office, office, "office_ids", "office",
                   "list offices with GET /v1/offices.")
    values = loads(job.custom_fields)
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
        job.office_ids = dumps(list(dict.fromkeys(data["office_ids"])))
    job.custom_fields = dumps(_plain(values))
    job.updated_at = ctx.now
    ctx.session.add(job)
    ctx.commit()
    return views.jobs(views.Look(ctx.session), [job])[0]


def _plain(value: Any) -> Any:
    """Decimals from the wire as strings, for JSON columns."""
    from decimal import Decimal
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


# -- hiring team -------------------------------------------------------------------------------


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
    require_admin(ctx, "Changing a hiring team")
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
    require_admin(ctx, "Changing a hiring team")
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


# -- openings ----------------------------------------------------------------------------------


def list_openings(*, ctx: Ctx, job_id: int, status: str | None, w: Window
                  ) -> tuple[list[dict[str, Any]], Page[Any]]:
    get(ctx, m.Job, job_id, "job", JOB_HINT)
    q = select(m.Opening).where(m.Opening.job_id == job_id).order_by(m.Opening.id)
    if status is not None:
        if status not in ("open", "closed", "all"):
            raise invalid("status must be open, closed or all.", "status")
        if status != "all":
            q = q.where(m.Opening.status == status)
    page = page_of(ctx, q, w)
    look = views.Look(ctx.session)
    return [views.opening(look, o) for o in page.items], page


def _opening(ctx: Ctx, job_id: int, opening_id: int) -> m.Opening:
    get(ctx, m.Job, job_id, "job", JOB_HINT)
    row = ctx.session.get(m.Opening, opening_id)
    if row is None or row.job_id != job_id:
        raise missing("opening", opening_id,
                      f"list job {job_id}'s openings with GET /v1/jobs/{job_id}/openings.")
    return row


def get_opening(*, ctx: Ctx, job_id: int, opening_id: int) -> dict[str, Any]:
    return views.opening(views.Look(ctx.session), _opening(ctx, job_id, opening_id))


def create_openings(*, ctx: Ctx, job_id: int, body: s.OpeningsCreate, on_behalf_of: int
                    ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    require_admin(ctx, "Adding openings")
    job = get(ctx, m.Job, job_id, "job", JOB_HINT)
    if job.status == "closed":
        raise conflict(f"Job {job_id} is closed; reopen it before adding openings.", "job_id")
    made = []
    for item in body.openings:
        row = m.Opening(id=ctx.next_id(m.Opening), job_id=job_id, opening_id=item.opening_id,
                        status="open", opened_at=ctx.now)
        ctx.session.add(row)
        made.append({"id": row.id, "opening_id": row.opening_id,
                     "open_date": views.ts(row.opened_at)})
    job.updated_at = ctx.now
    ctx.session.add(job)
    ctx.commit()
    return {"openings": made}


def update_opening(*, ctx: Ctx, job_id: int, opening_id: int, body: s.OpeningUpdate,
                   on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    require_admin(ctx, "Changing an opening")
    row = _opening(ctx, job_id, opening_id)
    data = body.model_dump(exclude_unset=True)
    status = data.get("status")
    if status not in (None, "open", "closed"):
        raise invalid("status must be open or closed.", "status")
    must_exist(ctx, m.CloseReason, data.get("close_reason_id"), "close_reason_id",
               "close reason", "list them with GET /v1/close_reasons.")
    if status == "closed" and row.status == "closed":
        raise conflict(f"Opening {opening_id} is already closed.", "status")
    if status == "open" and row.status == "open":
        raise conflict(f"Opening {opening_id} is already open.", "status")
    if status == "open" and row.application_id is not None:
        raise conflict(f"Opening {opening_id} was filled by application {row.application_id};"
                       " add a new opening instead of reopening it.", "status")
    if "close_reason_id" in data and status != "closed":
        raise invalid("close_reason_id goes with status closed.", "close_reason_id")
    if "opening_id" in data:
        row.opening_id = data["opening_id"]
    if status == "closed":
        row.status, row.closed_at = "closed", ctx.now
        row.close_reason_id = data.get("close_reason_id")
    elif status == "open":
        row.status, row.closed_at, row.close_reason_id = "open", None, None
    ctx.session.add(row)
    ctx.commit()
    return {"success": True}


def delete_openings(*, ctx: Ctx, job_id: int, body: s.OpeningsDelete, on_behalf_of: int
                    ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    require_admin(ctx, "Destroying openings")
    rows = [_opening(ctx, job_id, i) for i in dict.fromkeys(body.ids)]
    for row in rows:
        if row.application_id is not None or row.status != "open":
            raise conflict(f"Opening {row.id} is {row.status}"
                           f"{' and filled' if row.application_id else ''}; only open, "
                           "unfilled openings can be destroyed (close it instead).", "ids")
    for row in rows:
        ctx.session.delete(row)
    ctx.commit()
    return {"ids": [r.id for r in rows]}


# -- stages and posts --------------------------------------------------------------------------


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


POST_HINT = "list job posts with GET /v1/job_posts."


def list_posts(*, ctx: Ctx, job_id: int | None, w: Window, live: bool | None,
               active: bool | None) -> tuple[list[dict[str, Any]], Page[Any]]:
    q = windowed(select(m.JobPost).order_by(m.JobPost.id), w, m.JobPost.created_at,
                 m.JobPost.updated_at)
    if job_id is not None:
        get(ctx, m.Job, job_id, "job", JOB_HINT)
        q = q.where(m.JobPost.job_id == job_id)
    if live is not None:
        q = q.where(m.JobPost.live == live)
    if active is not None:
        q = q.where(m.JobPost.active == active)
    page = page_of(ctx, q, w)
    look = views.Look(ctx.session)
    return [views.job_post(look, p) for p in page.items], page


def get_post(*, ctx: Ctx, post_id: int) -> dict[str, Any]:
    return views.job_post(views.Look(ctx.session), get(ctx, m.JobPost, post_id, "job post",
                                                      POST_HINT))


def post_of_job(*, ctx: Ctx, job_id: int) -> dict[str, Any]:
    get(ctx, m.Job, job_id, "job", JOB_HINT)
    post = ctx.session.exec(select(m.JobPost).where(m.JobPost.job_id == job_id)
                            .order_by(m.JobPost.id)).first()
    if post is None:
        raise missing("job post", job_id, f"job {job_id} has no job post (a draft job is "
                      "not posted).")
    return views.job_post(views.Look(ctx.session), post)


def custom_locations(*, ctx: Ctx, post_id: int) -> list[dict[str, Any]]:
    get(ctx, m.JobPost, post_id, "job post", POST_HINT)
    return []  # posts are located at their job's office; none uses a custom location


def update_post(*, ctx: Ctx, post_id: int, body: s.JobPostUpdate, on_behalf_of: int
                ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    require_admin(ctx, "Changing a job post")
    post = get(ctx, m.JobPost, post_id, "job post", POST_HINT)
    data = body.model_dump(exclude_unset=True)
    if "title" in data and data["title"] is not None:
        post.title = data["title"]
    if "location" in data:
        post.location_name = data["location"]
    if "content" in data and data["content"] is not None:
        post.content = data["content"]
    post.updated_at = ctx.now
    ctx.session.add(post)
    ctx.commit()
    return {"success": True}


def post_status(*, ctx: Ctx, post_id: int, body: s.JobPostStatus, on_behalf_of: int
                ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    require_admin(ctx, "Publishing a job post")
    post = get(ctx, m.JobPost, post_id, "job post", POST_HINT)
    if body.status not in ("live", "offline"):
        raise invalid("status must be live or offline.", "status")
    job = ctx.session.get(m.Job, post.job_id)
    if body.status == "live" and job is not None and job.status != "open":
        raise conflict(f"Job {post.job_id} is {job.status}; only an open job's post can go "
                       "live.", "status")
    post.live = body.status == "live"
    if post.live and post.first_published_at is None:
        post.first_published_at = ctx.now
    post.updated_at = ctx.now
    ctx.session.add(post)
    ctx.commit()
    return {"success": True}


# -- departments, offices, users -----------------------------------------------------------------


def list_departments(*, ctx: Ctx, w: Window, external_id: str | None
                     ) -> tuple[list[dict[str, Any]], Page[Any]]:
    q = select(m.Department).order_by(m.Department.id)
    if external_id is not None:
        q = q.where(m.Department.external_id == external_id)
    page = page_of(ctx, q, w)
    look = views.Look(ctx.session)
    return [views.department(look, x) for x in page.items], page


def get_department(*, ctx: Ctx, department_id: int) -> dict[str, Any]:
    row = get(ctx, m.Department, department_id, "department",
              "list departments with GET /v1/departments.")
    return views.department(views.Look(ctx.session), row)


def create_department(*, ctx: Ctx, body: s.DepartmentCreate, on_behalf_of: int
                      ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    require_admin(ctx, "Adding a department")
    parent = must_exist(ctx, m.Department, body.parent_id, "parent_id", "department",
                        "list departments with GET /v1/departments.")
    if body.external_parent_id is not None and parent is None:
        parent = ctx.session.exec(select(m.Department).where(
            m.Department.external_id == body.external_parent_id)).first()
        if parent is None:
            raise invalid(f"external_parent_id {body.external_parent_id!r} names no "
                          "department.", "external_parent_id")
    row = m.Department(id=ctx.next_id(m.Department), name=body.name,
                       parent_id=parent.id if parent else None, external_id=body.external_id)
    ctx.session.add(row)
    ctx.commit()
    return views.department(views.Look(ctx.session), row)


def update_department(*, ctx: Ctx, department_id: int, body: s.DepartmentUpdate,
                      on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    require_admin(ctx, "Changing a department")
    row = get(ctx, m.Department, department_id, "department",
              "list departments with GET /v1/departments.")
    data = body.model_dump(exclude_unset=True)
    if data.get("name") is not None:
        row.name = data["name"]
    if "external_id" in data:
        row.external_id = data["external_id"]
    ctx.session.add(row)
    ctx.commit()
    return views.department(views.Look(ctx.session), row)


def list_offices(*, ctx: Ctx, w: Window, external_id: str | None
                 ) -> tuple[list[dict[str, Any]], Page[Any]]:
    q = select(m.Office).order_by(m.Office.id)
    if external_id is not None:
        q = q.where(m.Office.external_id == external_id)
    page = page_of(ctx, q, w)
    look = views.Look(ctx.session)
    return [views.office(look, x) for x in page.items], page


def get_office(*, ctx: Ctx, office_id: int) -> dict[str, Any]:
    row = get(ctx, m.Office, office_id, "office", "list offices with GET /v1/offices.")
    return views.office(views.Look(ctx.session), row)


def create_office(*, ctx: Ctx, body: s.OfficeCreate, on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    require_admin(ctx, "Adding an office")
    parent = must_exist(ctx, m.Office, body.parent_id, "parent_id", "office",
                        "list offices with GET /v1/offices.")
    must_exist(ctx, m.User, body.primary_contact_user_id, "primary_contact_user_id", "user",
               "list users with GET /v1/users.")
    row = m.Office(id=ctx.next_id(m.Office), name=body.name, location_name=body.location,
                   primary_contact_user_id=body.primary_contact_user_id,
                   parent_id=parent.id if parent else None, external_id=body.external_id)
    ctx.session.add(row)
    ctx.commit()
    return views.office(views.Look(ctx.session), row)


def update_office(*, ctx: Ctx, office_id: int, body: s.OfficeUpdate, on_behalf_of: int
                  ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    require_admin(ctx, "Changing an office")
    row = get(ctx, m.Office, office_id, "office", "list offices with GET /v1/offices.")
    data = body.model_dump(exclude_unset=True)
    if data.get("name") is not None:
        row.name = data["name"]
    if "location" in data:
        row.location_name = data["location"]
    if "external_id" in data:
        row.external_id = data["external_id"]
    ctx.session.add(row)
    ctx.commit()
    return views.office(views.Look(ctx.session), row)


def list_users(*, ctx: Ctx, w: Window, email: str | None, employee_id: str | None
               ) -> tuple[list[dict[str, Any]], Page[Any]]:
    q = windowed(select(m.User).order_by(m.User.id), w, m.User.created_at, m.User.updated_at)
    if email is not None:
        q = q.where(func.lower(m.User.primary_email_address) == email.strip().lower())
    if employee_id is not None:
        q = q.where(m.User.employee_id == employee_id)
    page = page_of(ctx, q, w)
    look = views.Look(ctx.session)
    linked = _linked(ctx, [u.person_id for u in page.items if u.person_id is not None])
    return [views.user(look, u, linked.get(u.person_id or -1, [])) for u in page.items], page


def _linked(ctx: Ctx, person_ids: list[int]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    if person_ids:
        for cid, pid in ctx.session.exec(select(m.Candidate.id, m.Candidate.person_id).where(
                col(m.Candidate.person_id).in_(person_ids)).order_by(m.Candidate.id)).all():
            out.setdefault(int(pid or 0), []).append(cid)
    return out


def get_user(*, ctx: Ctx, user_id: int) -> dict[str, Any]:
    u = get(ctx, m.User, user_id, "user", "list users with GET /v1/users (filter by email).")
    linked = _linked(ctx, [u.person_id] if u.person_id is not None else [])
    return views.user(views.Look(ctx.session), u, linked.get(u.person_id or -1, []))


# -- look-ups ----------------------------------------------------------------------------------


def sources(*, ctx: Ctx, w: Window) -> tuple[list[dict[str, Any]], Page[Any]]:
    page = page_of(ctx, select(m.Source).order_by(m.Source.id), w)
    return [{"id": x.id, "name": x.name, "type": {"id": x.type_id, "name": x.type_name}}
            for x in page.items], page


def rejection_reasons(*, ctx: Ctx, w: Window) -> tuple[list[dict[str, Any]], Page[Any]]:
    page = page_of(ctx, select(m.RejectionReason).order_by(m.RejectionReason.id), w)
    return [{"id": x.id, "name": x.name, "type": {"id": x.type_id, "name": x.type_name}}
            for x in page.items], page


def close_reasons(*, ctx: Ctx) -> list[dict[str, Any]]:
    return [{"id": x.id, "name": x.name}
            for x in ctx.session.exec(select(m.CloseReason).order_by(m.CloseReason.id)).all()]


FIELD_TYPES = ("candidate", "application", "offer", "job", "opening", "rejection_question",
               "referral_question", "user_attribute")


def custom_fields(*, ctx: Ctx, field_type: str, include_inactive: bool
                  ) -> list[dict[str, Any]]:
    if field_type not in FIELD_TYPES:
        raise invalid(f"field_type must be one of {', '.join(FIELD_TYPES)}.", "field_type")
    q = select(m.CustomField).where(m.CustomField.field_type == field_type).order_by(
        m.CustomField.priority, m.CustomField.id)
    if not include_inactive:
        q = q.where(m.CustomField.active == True)  # noqa: E712 (SQL)
    return [views.custom_field(f, _options(ctx, f.id)) for f in ctx.session.exec(q).all()]


def _options(ctx: Ctx, field_id: int) -> list[m.CustomFieldOption]:
    return list(ctx.session.exec(select(m.CustomFieldOption).where(
        m.CustomFieldOption.custom_field_id == field_id).order_by(
        m.CustomFieldOption.priority, m.CustomFieldOption.id)).all())


def custom_field(*, ctx: Ctx, field_id: int) -> dict[str, Any]:
    f = get(ctx, m.CustomField, field_id, "custom field",
            "list them with GET /v1/custom_fields/{field_type}.")
    return views.custom_field(f, _options(ctx, f.id))


def custom_field_options(*, ctx: Ctx, field_id: int) -> list[dict[str, Any]]:
    get(ctx, m.CustomField, field_id, "custom field",
        "list them with GET /v1/custom_fields/{field_type}.")
    return [{"id": o.id, "name": o.name, "priority": o.priority, "external_id": o.external_id}
            for o in _options(ctx, field_id)]


def list_tags(*, ctx: Ctx) -> list[dict[str, Any]]:
    return [{"id": t.id, "name": t.name}
            for t in ctx.session.exec(select(m.Tag).order_by(m.Tag.id)).all()]


def create_tag(*, ctx: Ctx, body: s.TagCreate, on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    access.scope(ctx)
    name = body.name.strip()
    if not name:
        raise invalid("name must not be blank.", "name")
    found = ctx.session.exec(select(m.Tag).where(m.Tag.name == name)).first()
    if found is not None:
        raise conflict(f"A tag named {name!r} already exists (id {found.id}).", "name")
    tag = m.Tag(id=ctx.next_id(m.Tag), name=name)
    ctx.session.add(tag)
    ctx.commit()
    return {"id": tag.id, "name": tag.name}


def delete_tag(*, ctx: Ctx, tag_id: int, on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    require_admin(ctx, "Destroying a tag")
    tag = get(ctx, m.Tag, tag_id, "tag", "list tags with GET /v1/tags/candidate.")
    ctx.session.execute(delete(m.CandidateTag).where(col(m.CandidateTag.tag_id) == tag_id))
    ctx.session.delete(tag)
    ctx.commit()
    return {"message": f"Tag {tag_id} has been destroyed."}
