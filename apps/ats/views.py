"""Rows -> Harvest's wire objects (plain dicts shaped like the `XPublic` models)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from arcadia.apps.ats import models as m
from arcadia.apps.kernel import iso, json_value


def ts(value: datetime | None) -> str | None:
    """Harvest's timestamps: ISO 8601, milliseconds, UTC `Z`."""
    return None if value is None else value.isoformat(timespec="milliseconds") + "Z"


CHUNK = 500  # ids per IN (...) query, well under SQLite's bound on parameters


class Look:
    """Lazy look-ups a rendering needs (users, stages, jobs, sources, reasons).

    Small tables are read whole once; users, the one big table, are read by id, only the
    rows a rendering names (a job's hiring team, an application's recruiter)."""

    def __init__(self, session: Session) -> None:
        self.s = session
        self._cache: dict[str, dict[int, Any]] = {}
        self._some: dict[int, m.User | None] = {}

    def _all(self, model: Any) -> dict[int, Any]:
        key = model.__tablename__
        if key not in self._cache:
            self._cache[key] = {r.id: r for r in self.s.exec(select(model)).all()}
        return self._cache[key]

    def users_by_id(self, ids: Iterable[int | None]) -> dict[int, m.User | None]:
        """The users with these ids (None for an id no user has), read in one query."""
        if m.User.__tablename__ in self._cache:
            users = self._cache[m.User.__tablename__]
            return {i: users.get(i) for i in ids if i is not None}
        missing = sorted({i for i in ids if i is not None and i not in self._some})
        for start in range(0, len(missing), CHUNK):
            chunk = missing[start:start + CHUNK]
            found = {u.id: u for u in self.s.exec(select(m.User).where(
                col(m.User.id).in_(chunk))).all()}
            for i in chunk:
                self._some[i] = found.get(i)
        return self._some

    def user(self, user_id: int | None) -> dict[str, Any] | None:
        u = None if user_id is None else self.users_by_id((user_id,)).get(user_id)
        if u is None:
            return None
        return {"id": u.id, "first_name": u.first_name, "last_name": u.last_name,
                "name": f"{u.first_name} {u.last_name}", "employee_id": u.employee_id}

    def users(self) -> dict[int, m.User]:
        return self._all(m.User)

    def user_of_person(self, person_ids: Iterable[int | None]) -> dict[int, int]:
        """person id -> the id of the (last, by id) user who is that person."""
        wanted = sorted({p for p in person_ids if p is not None})
        out: dict[int, int] = {}
        for start in range(0, len(wanted), CHUNK):
            for uid, pid in self.s.exec(select(m.User.id, m.User.person_id).where(
                    col(m.User.person_id).in_(wanted[start:start + CHUNK]))
                    .order_by(m.User.id)).all():
                out[pid] = uid
        return out

    def stage(self, stage_id: int | None) -> m.JobStage | None:
        return None if stage_id is None else self._all(m.JobStage).get(stage_id)

    def job(self, job_id: int | None) -> m.Job | None:
        return None if job_id is None else self._all(m.Job).get(job_id)

    def source(self, source_id: int | None) -> m.Source | None:
        return None if source_id is None else self._all(m.Source).get(source_id)

    def reason(self, reason_id: int | None) -> m.RejectionReason | None:
        return None if reason_id is None else self._all(m.RejectionReason).get(reason_id)

    def close_reason(self, reason_id: int | None) -> dict[str, Any] | None:
        r = None if reason_id is None else self._all(m.CloseReason).get(reason_id)
        return None if r is None else {"id": r.id, "name": r.name}

    def post_of(self, job_id: int | None) -> int | None:
        """The job's (first) job post, the one an application came through."""
        if "posts_by_job" not in self._cache:
            posts: dict[int, Any] = {}
            for p in sorted(self._all(m.JobPost).values(), key=lambda p: p.id):
                posts.setdefault(p.job_id, p.id)
            self._cache["posts_by_job"] = posts
        return None if job_id is None else self._cache["posts_by_job"].get(job_id)

    def department(self, dept_id: int | None) -> m.Department | None:
        return None if dept_id is None else self._all(m.Department).get(dept_id)

    def departments(self) -> dict[int, m.Department]:
        return self._all(m.Department)

    def offices(self) -> dict[int, m.Office]:
        return self._all(m.Office)

    def custom_fields(self, field_type: str) -> dict[str, m.CustomField]:
        return {f.name_key: f for f in self._all(m.CustomField).values()
                if f.field_type == field_type}


def keyed(look: Look, field_type: str, values: dict[str, Any]) -> dict[str, Any]:
    fields = look.custom_fields(field_type)
    return {k: {"name": fields[k].name if k in fields else k,
                "type": fields[k].value_type if k in fields else "short_text", "value": v}
            for k, v in values.items()}


# -- organization ----------------------------------------------------------------------------


def department(look: Look, d: m.Department) -> dict[str, Any]:
    depts = look.departments()
    children = sorted(x.id for x in depts.values() if x.parent_id == d.id)
    parent = depts.get(d.parent_id) if d.parent_id is not None else None
    return {"id": d.id, "name": d.name, "parent_id": d.parent_id,
            "parent_department_external_ids": parent.external_id if parent else None,
            "parent_department_external_id": parent.external_id if parent else None,
            "child_ids": children,
            "child_department_external_ids": [depts[c].external_id or "" for c in children],
            "external_id": d.external_id}


def office(look: Look, o: m.Office) -> dict[str, Any]:
    offices = look.offices()
    children = sorted(x.id for x in offices.values() if x.parent_id == o.id)
    parent = offices.get(o.parent_id) if o.parent_id is not None else None
    external = [offices[c].external_id or "" for c in children]
    return {"id": o.id, "name": o.name, "location": {"name": o.location_name},
            "primary_contact_user_id": o.primary_contact_user_id, "parent_id": o.parent_id,
            "parent_office_external_id": parent.external_id if parent else None,
            "child_ids": children, "child_office_external_ids": external,
            "child_office_external_id": external, "external_id": o.external_id}


def user(look: Look, u: m.User, linked: list[int]) -> dict[str, Any]:
    depts = look.departments()
    offices = look.offices()
    return {"id": u.id, "name": f"{u.first_name} {u.last_name}", "first_name": u.first_name,
            "last_name": u.last_name, "primary_email_address": u.primary_email_address,
            "updated_at": ts(u.updated_at), "created_at": ts(u.created_at),
            "disabled": u.disabled, "site_admin": u.site_admin,
            "emails": [u.primary_email_address], "employee_id": u.employee_id,
            "linked_candidate_ids": linked,
            "offices": [office(look, offices[u.office_id])] if u.office_id in offices else [],
            "departments": [department(look, depts[u.department_id])]
            if u.department_id in depts else [],
            "custom_fields": {}, "keyed_custom_fields": {}}


# -- jobs ------------------------------------------------------------------------------------


def opening(look: Look, o: m.Opening) -> dict[str, Any]:
    values = json_value(o.custom_fields)
    return {"id": o.id, "opening_id": o.opening_id, "status": o.status,
            "opened_at": ts(o.opened_at), "closed_at": ts(o.closed_at),
            "application_id": o.application_id,
            "close_reason": look.close_reason(o.close_reason_id),
            "custom_fields": values, "keyed_custom_fields": keyed(look, "opening", values)}


def team_of(session: Session, job_ids: list[int]) -> dict[int, list[m.HiringTeamMember]]:
    out: dict[int, list[m.HiringTeamMember]] = defaultdict(list)
    if job_ids:
        for row in session.exec(select(m.HiringTeamMember).where(
                col(m.HiringTeamMember.job_id).in_(job_ids)).order_by(
                m.HiringTeamMember.job_id, m.HiringTeamMember.role,
                m.HiringTeamMember.user_id)).all():
            out[row.job_id].append(row)
    return out


ROLES = {"hiring_manager": "hiring_managers", "recruiter": "recruiters",
         "coordinator": "coordinators", "sourcer": "sourcers"}


def hiring_team(look: Look, members: list[m.HiringTeamMember]) -> dict[str, Any]:
    out: dict[str, list[dict[str, Any]]] = {v: [] for v in ROLES.values()}
    for t in members:
        ref = look.user(t.user_id)
        if ref is not None:
            out[ROLES[t.role]].append(
                {**ref, "responsible": t.responsible
                 if t.role in ("recruiter", "coordinator") else None})
    return out


def hiring_team_entries(look: Look, members: list[m.HiringTeamMember]) -> dict[str, Any]:
    out: dict[str, list[dict[str, Any]]] = {v: [] for v in ROLES.values()}
    users = look.users_by_id(t.user_id for t in members)
    for t in members:
        u = users.get(t.user_id)
        out[ROLES[t.role]].append({
            "user_id": t.user_id, "active": bool(u and not u.disabled),
            "responsible": t.responsible if t.role in ("recruiter", "coordinator") else None})
    return out


def jobs(look: Look, rows: list[m.Job]) -> list[dict[str, Any]]:
    ids = [j.id for j in rows]
    teams = team_of(look.s, ids)
    look.users_by_id(t.user_id for members in teams.values() for t in members)
    openings: dict[int, list[m.Opening]] = defaultdict(list)
    if ids:
        for o in look.s.exec(select(m.Opening).where(col(m.Opening.job_id).in_(ids))
                             .order_by(m.Opening.id)).all():
            openings[o.job_id].append(o)
    depts, offices = look.departments(), look.offices()
    out = []
    for j in rows:
        values = json_value(j.custom_fields)
        out.append({
            "id": j.id, "name": j.name, "requisition_id": j.requisition_id, "notes": j.notes,
            "confidential": j.confidential, "status": j.status, "created_at": ts(j.created_at),
            "opened_at": ts(j.opened_at), "closed_at": ts(j.closed_at),
            "updated_at": ts(j.updated_at), "is_template": j.is_template,
            "copied_from_id": j.copied_from_id,
            "departments": [department(look, depts[j.department_id])]
            if j.department_id in depts else [],
            "offices": [office(look, offices[i]) for i in json_value(j.office_ids) if i in offices],
            "custom_fields": values, "keyed_custom_fields": keyed(look, "job", values),
            "hiring_team": hiring_team(look, teams[j.id]),
            "openings": [opening(look, o) for o in openings[j.id]]})
    return out


def stage(look: Look, s: m.JobStage) -> dict[str, Any]:
    steps = []
    for i in json_value(s.interviews):
        steps.append({
            "id": i["id"], "name": i["name"], "schedulable": True,
            "estimated_minutes": i.get("estimated_minutes", 45),
            "default_interviewer_users": [u for u in (look.user(x) for x in i["interviewers"])
                                          if u is not None],
            "interview_kit": {"id": i["id"], "content": f"<p>{i['name']}</p>",
                              "questions": []},
            "created_at": ts(s.created_at), "updated_at": ts(s.updated_at), "job_id": s.job_id})
    return {"id": s.id, "name": s.name, "created_at": ts(s.created_at),
            "updated_at": ts(s.updated_at), "job_id": s.job_id, "priority": s.priority,
            "interviews": steps}


def job_post(look: Look, p: m.JobPost) -> dict[str, Any]:
    job = look.job(p.job_id)
    offices = json_value(job.office_ids) if job is not None else []
    office_id = offices[0] if offices else None
    return {"id": p.id, "active": p.active, "live": p.live,
            "first_published_at": ts(p.first_published_at), "title": p.title,
            "location": {"id": office_id, "name": p.location_name, "office_id": office_id,
                         "job_post_custom_location_id": None,
                         "job_post_location_type": {"id": 2, "name": "Office"}},
            "internal": p.internal, "external": p.external, "job_id": p.job_id,
            "content": p.content, "internal_content": p.internal_content,
            "updated_at": ts(p.updated_at), "created_at": ts(p.created_at),
            "demographic_question_set_id": None, "questions": json_value(p.questions)}


# -- candidates and applications -------------------------------------------------------------


def application(look: Look, a: m.Application) -> dict[str, Any]:
    job = look.job(a.job_id)
    # Harvest: a hired application no longer has a current stage.
    stg = None if a.status == "hired" else look.stage(a.current_stage_id)
    src = look.source(a.source_id)
    reason = look.reason(a.rejection_reason_id)
    values = json_value(a.custom_fields)
    detail = json_value(a.prospect_detail)
    return {
        "id": a.id, "candidate_id": a.candidate_id, "prospect": a.prospect,
        "applied_at": ts(a.applied_at), "rejected_at": ts(a.rejected_at),
        "last_activity_at": ts(a.last_activity_at),
        "location": {"address": a.location} if a.location else None,
        "source": {"id": src.id, "public_name": src.name} if src else None,
        "credited_to": look.user(a.credited_to_id), "recruiter": look.user(a.recruiter_id),
        "coordinator": look.user(a.coordinator_id),
        "rejection_reason": {"id": reason.id, "name": reason.name,
                             "type": {"id": reason.type_id, "name": reason.type_name}}
        if reason else None,
        "rejection_details": {"custom_fields": {}, "keyed_custom_fields": {}}
        if a.status == "rejected" else None,
        "jobs": [{"id": job.id, "name": job.name}] if job else [],
        "job_post_id": None if a.prospect else look.post_of(a.job_id), "status": a.status,
        "current_stage": {"id": stg.id, "name": stg.name} if stg else None,
        "answers": json_value(a.answers), "prospective_office": None,
        "prospective_department": None,
        "prospect_detail": {"prospect_pool": detail.get("prospect_pool"),
                            "prospect_stage": detail.get("prospect_stage"),
                            "prospect_owner": detail.get("prospect_owner")},
        "custom_fields": values, "keyed_custom_fields": keyed(look, "application", values),
        "attachments": json_value(a.attachments)}


def candidates(look: Look, rows: list[m.Candidate], visible: Any) -> list[dict[str, Any]]:
    """`visible(application)` says which of a candidate's applications the principal sees."""
    ids = [c.id for c in rows]
    apps: dict[int, list[m.Application]] = defaultdict(list)
    tags: dict[int, list[str]] = defaultdict(list)
    linked: dict[int, list[int]] = defaultdict(list)
    if ids:
        for a in look.s.exec(select(m.Application).where(
                col(m.Application.candidate_id).in_(ids)).order_by(m.Application.id)).all():
            if visible(a):
                apps[a.candidate_id].append(a)
        for cid, name in look.s.exec(select(m.CandidateTag.candidate_id, m.Tag.name).where(
                m.CandidateTag.tag_id == m.Tag.id, col(m.CandidateTag.candidate_id).in_(ids))
                .order_by(m.Tag.name)).all():
            tags[cid].append(name)
    people = look.user_of_person(c.person_id for c in rows)
    for c in rows:
        if c.person_id is not None and c.person_id in people:
            linked[c.id].append(people[c.person_id])
    out = []
    for c in rows:
        values = json_value(c.custom_fields)
        out.append({
            "id": c.id, "first_name": c.first_name, "last_name": c.last_name,
            "company": c.company, "title": c.title, "created_at": ts(c.created_at),
            "updated_at": ts(c.updated_at), "last_activity": ts(c.last_activity),
            "is_private": c.is_private, "photo_url": None, "attachments": json_value(c.attachments),
            "application_ids": [a.id for a in apps[c.id]],
            "phone_numbers": json_value(c.phone_numbers), "addresses": json_value(c.addresses),
            "email_addresses": json_value(c.email_addresses),
            "website_addresses": json_value(c.website_addresses),
            "social_media_addresses": json_value(c.social_media_addresses),
            "recruiter": look.user(c.recruiter_id), "coordinator": look.user(c.coordinator_id),
            "can_email": c.can_email, "tags": tags[c.id],
            "applications": [application(look, a) for a in apps[c.id]],
            "educations": json_value(c.educations), "employments": json_value(c.employments),
            "linked_user_ids": linked[c.id], "custom_fields": values,
            "keyed_custom_fields": keyed(look, "candidate", values)})
    return out


def note(look: Look, n: m.Note) -> dict[str, Any]:
    return {"id": n.id, "created_at": ts(n.created_at), "body": n.body,
            "user": look.user(n.user_id), "private": n.visibility != "public",
            "visiblity": n.visibility, "visibility": n.visibility}


def email(look: Look, n: m.Note) -> dict[str, Any]:
    return {"id": n.id, "created_at": ts(n.created_at), "subject": n.subject, "body": n.body,
            "to": n.to, "from": n.from_, "cc": json_value(n.cc), "user": look.user(n.user_id)}


# -- interviews, scorecards, offers ------------------------------------------------------------


def interview(look: Look, i: m.ScheduledInterview, scorecards: dict[tuple[int, int], int]
              ) -> dict[str, Any]:
    people = []
    entries = json_value(i.interviewers)
    users = look.users_by_id(entry["user_id"] for entry in entries)
    for entry in entries:
        u = users.get(entry["user_id"])
        if u is None:
            continue
        people.append({"id": u.id, "employee_id": u.employee_id,
                       "name": f"{u.first_name} {u.last_name}",
                       "email": u.primary_email_address,
                       "response_status": entry.get("response_status", "accepted"),
                       "scorecard_id": scorecards.get((i.id, u.id))})
    return {"id": i.id, "application_id": i.application_id,
            "external_event_id": i.external_event_id, "created_at": ts(i.created_at),
            "updated_at": ts(i.updated_at), "start": {"date_time": ts(i.start), "date": None},
            "end": {"date_time": ts(i.end), "date": None}, "location": i.location,
            "video_conferencing_url": i.video_conferencing_url, "status": i.status,
            "interview": {"id": i.interview_id, "name": i.interview_name}
            if i.interview_id is not None else None,
            "organizer": look.user(i.organizer_id), "interviewers": people}


RATINGS = ("definitely_not", "no", "mixed", "yes", "strong_yes")


def scorecard(look: Look, s: m.Scorecard) -> dict[str, Any]:
    attributes = json_value(s.attributes)
    ratings: dict[str, list[str]] = {r: [] for r in RATINGS}
    for a in attributes:
        if a["rating"] in ratings:
            ratings[a["rating"]].append(a["name"])
    return {"id": s.id, "updated_at": ts(s.updated_at), "created_at": ts(s.created_at),
            "interview": s.interview,
            "interview_step": {"id": s.interview_id, "name": s.interview}
            if s.interview_id is not None else None,
            "candidate_id": s.candidate_id, "application_id": s.application_id,
            "interviewed_at": ts(s.interviewed_at), "submitted_by": look.user(s.submitted_by_id),
            "interviewer": look.user(s.interviewer_id), "submitted_at": ts(s.submitted_at),
            "overall_recommendation": s.overall_recommendation, "attributes": attributes,
            "ratings": ratings, "questions": json_value(s.questions)}


def offer(look: Look, o: m.Offer, opening_row: m.Opening | None, *, pay: bool
          ) -> dict[str, Any]:
    salary = {"value": float(o.salary), "currency": o.currency} \
        if pay and o.salary is not None else None
    values: dict[str, Any] = {"employment_type": o.employment_type, "salary": salary,
                              "start_date": iso(o.starts_at), **json_value(o.custom_fields)}
    return {"id": o.id, "version": o.version, "application_id": o.application_id,
            "job_id": o.job_id, "candidate_id": o.candidate_id,
            "opening": opening(look, opening_row) if opening_row is not None else None,
            "created_at": ts(o.created_at), "updated_at": ts(o.updated_at),
            "sent_at": iso(o.sent_at), "resolved_at": ts(o.resolved_at),
            "starts_at": iso(o.starts_at), "status": o.status, "custom_fields": values,
            "keyed_custom_fields": keyed(look, "offer", values)}


def custom_field(f: m.CustomField, options: list[m.CustomFieldOption]) -> dict[str, Any]:
    return {"id": f.id, "name": f.name, "active": f.active, "field_type": f.field_type,
            "priority": f.priority, "value_type": f.value_type, "private": f.private,
            "required": f.required, "require_approval": f.require_approval,
            "trigger_new_version": f.trigger_new_version, "name_key": f.name_key,
            "description": f.description, "expose_in_job_board_api": f.expose_in_job_board_api,
            "api_only": f.api_only, "offices": [], "departments": [],
            "template_token_string": f"{{{{{f.name_key.upper()}}}}}",
            "custom_field_options": [
                {"id": o.id, "name": o.name, "priority": o.priority,
                 "external_id": o.external_id} for o in options]}
