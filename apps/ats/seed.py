"""The ATS's view of the world -> the ATS's tables (reads only `world.view_for("ats")`).

Users are the org chart's people still employed (everyone can be put on an interview
panel; who may see what is decided by roles and hiring teams, `access.py`). Departments
and offices are the world's departments and locations. Jobs, stages, openings, hiring
teams, candidates, applications, interviews, scorecards and offers are the hiring truth
(`view.hiring`, world/hiring.py), whose person ids become user ids here. Everything is
written with Core bulk inserts.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, time
from typing import Any

from sqlmodel import Session

from arcadia.apps.ats import models as m
from arcadia.apps.kernel import json_text, money
from arcadia.apps.kernel.bulk import insert_rows
from arcadia.world import World

APP = "ats"
USER_BASE = 1000  # user ids: USER_BASE + the person's rank by person id (not their HR id)
SOURCE_TYPES = ("Prospecting", "Job Board", "Referral", "Agency", "Company Marketing",
                "Other")
REASON_TYPES = ("We rejected them", "They rejected us", "None specified")
CLOSE_REASONS = ("Hire - New Headcount", "Hire - Backfill", "Position cancelled",
                 "Budget change")
ATTRIBUTES = ("Technical skills", "Communication", "Problem solving", "Ownership")


def ts(value: datetime) -> str:
    return value.isoformat(timespec="milliseconds") + "Z"


def _bulk(session: Session, model: Any, rows: Sequence[dict[str, Any]]) -> None:
    # None as NULL (`render_nulls`): rows whose None values differ stay one executemany,
    # not one statement per distinct set of non-null keys.
    insert_rows(session, model, rows, none="null")


def seed(world: World, session: Session) -> None:
    """Write the world as the ATS holds it. Does not commit."""
    view = world.view_for(APP)
    hiring = view.hiring
    start = datetime.combine(min((p.hire_date for p in view.people), default=view.today),
                             time(9, 0))
    dept_ids = {d.id: i + 1 for i, d in enumerate(view.departments)}
    office_ids = {loc.id: i + 1 for i, loc in enumerate(view.locations)}
    users = sorted((p for p in view.people if p.status != "terminated"), key=lambda p: p.id)
    user_of = {p.id: USER_BASE + i + 1 for i, p in enumerate(users)}
    heads = {d.id: d.head_id for d in view.departments}
    _bulk(session, m.Department, [{"id": dept_ids[d.id], "name": d.name, "parent_id": None,
                                   "external_id": d.id} for d in view.departments])
    _bulk(session, m.Office, [{
        "id": office_ids[loc.id], "name": loc.name,
        "location_name": f"{loc.city}, {loc.state}, {loc.country}", "parent_id": None,
        "primary_contact_user_id": None, "external_id": loc.id} for loc in view.locations])
    _bulk(session, m.User, [{
        "id": user_of[p.id], "person_id": p.id, "first_name": p.first_name,
        "last_name": p.last_name, "primary_email_address": p.email,
        "employee_id": p.employee_number,
        "site_admin": heads.get(p.department_id) == p.id and p.department_id == "HR",
        "disabled": False, "department_id": dept_ids.get(p.department_id),
        "office_id": office_ids.get(p.location_id),
        "created_at": max(start, datetime.combine(p.hire_date, time(9, 0))),
        "updated_at": max(start, datetime.combine(p.hire_date, time(9, 0)))} for p in users])

    def uid(person_id: int | None) -> int | None:
        return None if person_id is None else user_of.get(person_id)

    type_ids = {name: i + 1 for i, name in enumerate(SOURCE_TYPES)}
    _bulk(session, m.Source, [{"id": s.id, "name": s.name,
                               "type_id": type_ids.get(s.type, len(SOURCE_TYPES)),
                               "type_name": s.type} for s in hiring.sources])
    reason_types = {name: i + 1 for i, name in enumerate(REASON_TYPES)}
    _bulk(session, m.RejectionReason, [{
        "id": r.id, "name": r.name, "type_id": reason_types.get(r.type, 3),
        "type_name": r.type} for r in hiring.rejection_reasons])
    close_names = list(CLOSE_REASONS) + sorted(
        {o.close_reason for j in hiring.jobs for o in j.openings
         if o.close_reason and o.close_reason not in CLOSE_REASONS})
    close_ids = {name: i + 1 for i, name in enumerate(close_names)}
    _bulk(session, m.CloseReason, [{"id": i, "name": n} for n, i in close_ids.items()])
    _seed_custom_fields(session)

    jobs, teams, openings, stages, posts = [], [], [], [], []
    step_ids: dict[tuple[int, str], int] = {}
    next_step = 1
    for j in hiring.jobs:
        dept = next((d for d in view.departments if d.id == j.department_id), None)
        loc = next((x for x in view.locations if x.id == j.location_id), None)
        jobs.append({
            "id": j.id, "name": j.name, "requisition_id": j.requisition_id,
            "notes": j.notes or None, "confidential": j.confidential, "status": j.status,
            "department_id": dept_ids.get(j.department_id),
            "office_ids": json_text([office_ids[j.location_id]]
                                if j.location_id in office_ids else []),
            "custom_fields": json_text({
                "employment_type": j.employment_type, "level": j.level,
                "salary_range": {"min_value": money(j.pay_min), "max_value": money(j.pay_max),
                                 "unit": "USD"}}),
            "created_at": j.created_at, "opened_at": j.opened_at, "closed_at": j.closed_at,
            "updated_at": j.closed_at or j.opened_at or j.created_at,
            "world_key": j.requisition_id})
        seen: set[tuple[int, str]] = set()
        for role, people in (("hiring_manager", j.team.hiring_managers),
                             ("recruiter", j.team.recruiters),
                             ("coordinator", j.team.coordinators)):
            for i, pid in enumerate(people):
                user = uid(pid)
                if user is None or (user, role) in seen:
                    continue
                seen.add((user, role))
                teams.append({"job_id": j.id, "user_id": user, "role": role,
                              "responsible": i == 0 and role != "hiring_manager"})
        for o in j.openings:
            openings.append({
                "id": o.id, "job_id": j.id, "opening_id": o.opening_id, "status": o.status,
                "opened_at": o.opened_at, "closed_at": o.closed_at,
                "application_id": o.application_id,
                "close_reason_id": close_ids.get(o.close_reason) if o.close_reason else None,
                "custom_fields": "{}"})
        panel = [u for u in (uid(p) for p in j.team.interviewers) if u is not None]
        for s in j.stages:
            steps = []
            for k, name in enumerate(s.interviews):
                step_ids[(s.id, name)] = next_step
                steps.append({"id": next_step, "name": name, "estimated_minutes": 45,
                              "interviewers": panel[k % len(panel):][:2] if panel else []})
                next_step += 1
            stages.append({"id": s.id, "job_id": j.id, "name": s.name, "priority": s.priority,
                           "interviews": json_text(steps), "created_at": j.created_at,
                           "updated_at": j.created_at})
        if j.status != "draft":
            posts.append({
                "id": j.id, "job_id": j.id, "title": j.name,
                "location_name": loc.name if loc else None, "internal": True,
                "external": not j.confidential, "live": j.status == "open",
                "active": j.status == "open",
                "content": f"<p>Arcadia Robotics is hiring a {j.name}"
                           f"{' in ' + dept.name if dept else ''}.</p>",
                "internal_content": None, "questions": json_text(_QUESTIONS),
                "first_published_at": j.opened_at, "created_at": j.created_at,
                "updated_at": j.opened_at or j.created_at})
    _bulk(session, m.Job, jobs)
    _bulk(session, m.HiringTeamMember, teams)
    _bulk(session, m.Opening, openings)
    _bulk(session, m.JobStage, stages)
    _bulk(session, m.JobPost, posts)

    tag_ids = {name: i + 1 for i, name in enumerate(sorted({t for c in hiring.candidates
                                                             for t in c.tags}))}
    _bulk(session, m.Tag, [{"id": i, "name": n} for n, i in tag_ids.items()])
    cands, cand_tags = [], []
    for c in hiring.candidates:
        cands.append({
            "id": c.id, "first_name": c.first_name, "last_name": c.last_name,
            "company": c.company, "title": c.title, "is_private": c.is_private,
            "recruiter_id": uid(c.recruiter_id), "coordinator_id": uid(c.coordinator_id),
            "phone_numbers": json_text([{"value": v.value, "type": v.type} for v in c.phones]),
            "addresses": json_text([{"value": a.value, "type": a.type} for a in c.addresses]),
            "email_addresses": json_text([{"value": v.value, "type": v.type} for v in c.emails]),
            "attachments": json_text([{
                "filename": a.filename, "type": a.type, "created_at": ts(a.created_at),
                "url": f"https://files.arcadia.test/ats/candidates/{c.id}/{a.filename}"}
                for a in c.attachments]),
            "person_id": c.person_id, "world_key": str(c.id), "created_at": c.created_at,
            "updated_at": c.updated_at, "last_activity": c.last_activity})
        cand_tags += [{"candidate_id": c.id, "tag_id": tag_ids[t]} for t in dict.fromkeys(c.tags)]
    _bulk(session, m.Candidate, cands)
    _bulk(session, m.CandidateTag, cand_tags)

    by_candidate = {c.id: c for c in hiring.candidates}
    loc_of_job = {j.id: j.location_id for j in hiring.jobs}
    cities = {loc.id: f"{loc.city}, {loc.state}" for loc in view.locations}
    _bulk(session, m.Application, [{
        "id": a.id, "candidate_id": a.candidate_id, "job_id": a.job_id,
        "prospect": a.prospect, "status": a.status, "current_stage_id": a.current_stage_id,
        "source_id": a.source_id, "credited_to_id": uid(a.credited_to),
        "recruiter_id": uid(by_candidate[a.candidate_id].recruiter_id),
        "coordinator_id": uid(by_candidate[a.candidate_id].coordinator_id),
        "rejection_reason_id": a.rejection_reason_id, "rejected_at": a.rejected_at,
        "applied_at": a.applied_at, "last_activity_at": a.last_activity_at,
        "location": cities.get(loc_of_job.get(a.job_id, ""), None),
        "world_key": str(a.id)} for a in hiring.applications])

    _bulk(session, m.ScheduledInterview, [{
        "id": i.id, "application_id": i.application_id,
        "interview_id": step_ids.get((i.stage_id, i.interview)),
        "interview_name": i.interview, "external_event_id": f"evt-{i.id}",
        "start": i.start, "end": i.end, "location": i.location,
        "video_conferencing_url": f"https://meet.arcadia.test/{i.id}", "status": i.status,
        "organizer_id": uid(i.organizer_id),
        "interviewers": json_text([{"user_id": uid(p), "response_status": "accepted"}
                               for p in i.interviewers if uid(p) is not None]),
        "created_at": min(i.start, i.start.replace(hour=8)),
        "updated_at": min(i.start, i.start.replace(hour=8))} for i in hiring.interviews])
    apps = {a.id: a for a in hiring.applications}
    interview_step = {i.id: step_ids.get((i.stage_id, i.interview)) for i in hiring.interviews}
    _bulk(session, m.Scorecard, [{
        "id": s.id, "application_id": s.application_id,
        "candidate_id": apps[s.application_id].candidate_id,
        "scheduled_interview_id": s.interview_id,
        "interview_id": interview_step.get(s.interview_id), "interview": s.interview,
        "interviewed_at": s.interviewed_at, "submitted_by_id": uid(s.submitted_by),
        "interviewer_id": uid(s.interviewer_id), "submitted_at": s.submitted_at,
        "overall_recommendation": s.overall_recommendation,
        "attributes": json_text([{"name": r.name, "type": "Skills", "note": None,
                              "rating": r.type} for r in s.attributes]),
        "questions": json_text([]), "created_at": s.submitted_at, "updated_at": s.submitted_at}
        for s in hiring.scorecards if uid(s.submitted_by) and uid(s.interviewer_id)])

    job_of = {a.id: a.job_id for a in hiring.applications}
    opening_of = {o.application_id: o.id for j in hiring.jobs for o in j.openings
                  if o.application_id is not None}
    _bulk(session, m.Offer, [{
        "id": o.id, "version": o.version, "application_id": o.application_id,
        "job_id": job_of[o.application_id], "candidate_id": apps[o.application_id].candidate_id,
        "opening_id": opening_of.get(o.application_id), "status": o.status,
        "sent_at": o.sent_at, "resolved_at": o.resolved_at, "starts_at": o.starts_at,
        "salary": money(o.salary), "currency": o.currency,
        "employment_type": o.employment_type,
        "custom_fields": json_text({"pay_type": o.pay_type}), "created_at": o.created_at,
        "updated_at": o.resolved_at or o.created_at}
        for o in hiring.offers if job_of.get(o.application_id) is not None])

    # The activity feed: the recruiter's note on each accepted offer (the truth's own facts:
    # who recruited, which job, when the offer was accepted and the start date).
    names = {j.id: j.name for j in hiring.jobs}
    accepted = sorted((o for o in hiring.offers if o.status == "accepted"
                       and o.resolved_at is not None and job_of.get(o.application_id)),
                      key=lambda o: o.id)
    _bulk(session, m.Note, [{
        "id": i + 1, "candidate_id": apps[o.application_id].candidate_id, "kind": "note",
        "user_id": uid(by_candidate[apps[o.application_id].candidate_id].recruiter_id),
        "body": f"Offer accepted for {names[job_of[o.application_id] or 0]}; starts "
                f"{o.starts_at.isoformat()}.", "visibility": "public", "subject": None,
        "to": None, "from_": None, "cc": "[]", "created_at": o.resolved_at}
        for i, o in enumerate(accepted)])


_QUESTIONS = [
    {"required": True, "private": False, "label": "First Name", "name": "first_name",
     "type": "input_text", "values": [], "description": None},
    {"required": True, "private": False, "label": "Last Name", "name": "last_name",
     "type": "input_text", "values": [], "description": None},
    {"required": True, "private": False, "label": "Email", "name": "email",
     "type": "input_text", "values": [], "description": None},
    {"required": False, "private": False, "label": "Resume", "name": "resume",
     "type": "input_file", "values": [], "description": None},
]

# (id, field_type, name, name_key, value_type, options)
_CUSTOM_FIELDS: tuple[tuple[int, str, str, str, str, tuple[str, ...]], ...] = (
    (1, "offer", "Employment Type", "employment_type", "single_select",
     ("Full-time", "Part-time", "Intern", "Contractor")),
    (2, "offer", "Salary", "salary", "currency", ()),
    (3, "offer", "Start Date", "start_date", "date", ()),
    (4, "offer", "Pay Type", "pay_type", "single_select", ("salary", "hourly")),
    (5, "job", "Employment Type", "employment_type", "single_select",
     ("Full-time", "Part-time", "Intern", "Contractor")),
    (6, "job", "Level", "level", "short_text", ()),
    (7, "job", "Salary Range", "salary_range", "currency_range", ()),
    (8, "candidate", "Preferred Name", "preferred_name", "short_text", ()),
    (9, "application", "Referral Notes", "referral_notes", "long_text", ()),
)


def _seed_custom_fields(session: Session) -> None:
    fields, options = [], []
    next_option = 1
    for fid, field_type, name, key, value_type, choices in _CUSTOM_FIELDS:
        fields.append({"id": fid, "name": name, "name_key": key, "field_type": field_type,
                       "value_type": value_type, "priority": fid, "active": True,
                       "private": key in ("salary", "salary_range"), "required": False,
                       "require_approval": key == "salary",
                       "trigger_new_version": key == "salary", "description": None,
                       "expose_in_job_board_api": False, "api_only": False})
        for k, choice in enumerate(choices):
            options.append({"id": next_option, "custom_field_id": fid, "name": choice,
                            "priority": k, "external_id": None})
            next_option += 1
    _bulk(session, m.CustomField, fields)
    _bulk(session, m.CustomFieldOption, options)
