"""The ATS's tables (Greenhouse Harvest's resources), in their own SQLModel registry.

Integer ids like Greenhouse's. Lists a resource carries inline on the wire (a candidate's
phone numbers, a stage's interviews, a scorecard's ratings) are stored as JSON text on the
row; links between resources (hiring team, tags) are tables. Money (an offer's salary) is
a decimal string, never a float.
"""

from __future__ import annotations

from datetime import date

from pydantic import NaiveDatetime
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel


class AtsModel(SQLModel, registry=registry()):
    pass


class User(AtsModel, table=True):
    __tablename__ = "users"

    id: int = Field(primary_key=True)
    person_id: int | None = Field(default=None, index=True)  # world person; never on the wire
    first_name: str
    last_name: str
    primary_email_address: str = Field(index=True)
    employee_id: str | None = None
    site_admin: bool = False
    disabled: bool = False
    department_id: int | None = None
    office_id: int | None = None
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class Department(AtsModel, table=True):
    __tablename__ = "departments"

    id: int = Field(primary_key=True)
    name: str
    parent_id: int | None = None
    external_id: str | None = None


class Office(AtsModel, table=True):
    __tablename__ = "offices"

    id: int = Field(primary_key=True)
    name: str
    location_name: str | None = None
    primary_contact_user_id: int | None = None
    parent_id: int | None = None
    external_id: str | None = None


class Job(AtsModel, table=True):
    __tablename__ = "jobs"

    id: int = Field(primary_key=True)
    name: str
    requisition_id: str | None = None
    notes: str | None = None
    confidential: bool = False
    status: str = "open"  # open, closed, draft
    is_template: bool = False
    copied_from_id: int | None = None
    department_id: int | None = Field(default=None, index=True)
    office_ids: str = "[]"  # JSON list of office ids
    custom_fields: str = "{}"  # JSON object: name_key -> value
    world_key: str | None = None  # the hiring truth's requisition key; never on the wire
    created_at: NaiveDatetime
    opened_at: NaiveDatetime | None = None
    closed_at: NaiveDatetime | None = None
    updated_at: NaiveDatetime


class HiringTeamMember(AtsModel, table=True):
    __tablename__ = "hiring_team_members"

    job_id: int = Field(primary_key=True)
    user_id: int = Field(primary_key=True)
    role: str = Field(primary_key=True)  # hiring_manager, recruiter, coordinator, sourcer
    responsible: bool = False


class CloseReason(AtsModel, table=True):
    __tablename__ = "close_reasons"

    id: int = Field(primary_key=True)
    name: str


class Opening(AtsModel, table=True):
    __tablename__ = "openings"

    id: int = Field(primary_key=True)
    job_id: int = Field(index=True)
    opening_id: str | None = None
    status: str = "open"  # open, closed
    opened_at: NaiveDatetime
    closed_at: NaiveDatetime | None = None
    application_id: int | None = None
    close_reason_id: int | None = None
    custom_fields: str = "{}"


class JobStage(AtsModel, table=True):
    __tablename__ = "job_stages"

    id: int = Field(primary_key=True)
    job_id: int = Field(index=True)
    name: str
    priority: int
    interviews: str = "[]"  # JSON list of the stage's interview steps
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class JobPost(AtsModel, table=True):
    __tablename__ = "job_posts"

    id: int = Field(primary_key=True)
    job_id: int = Field(index=True)
    title: str
    location_name: str | None = None
    internal: bool = False
    external: bool = True
    live: bool = True
    active: bool = True
    content: str = ""
    internal_content: str | None = None
    questions: str = "[]"
    first_published_at: NaiveDatetime | None = None
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class Source(AtsModel, table=True):
    __tablename__ = "sources"

    id: int = Field(primary_key=True)
    name: str
    type_id: int
    type_name: str


class RejectionReason(AtsModel, table=True):
    __tablename__ = "rejection_reasons"

    id: int = Field(primary_key=True)
    name: str
    type_id: int
    type_name: str


class Tag(AtsModel, table=True):
    __tablename__ = "tags"

    id: int = Field(primary_key=True)
    name: str = Field(index=True)


class CandidateTag(AtsModel, table=True):
    __tablename__ = "candidate_tags"

    candidate_id: int = Field(primary_key=True)
    tag_id: int = Field(primary_key=True)


class Candidate(AtsModel, table=True):
    __tablename__ = "candidates"

    id: int = Field(primary_key=True)
    first_name: str
    last_name: str
    company: str | None = None
    title: str | None = None
    is_private: bool = False
    can_email: bool = True
    recruiter_id: int | None = None
    coordinator_id: int | None = None
    phone_numbers: str = "[]"  # JSON [{value, type}]
    addresses: str = "[]"
    email_addresses: str = "[]"
    website_addresses: str = "[]"
    social_media_addresses: str = "[]"
    attachments: str = "[]"  # JSON [{filename, url, type, created_at}]
    educations: str = "[]"
    employments: str = "[]"
    custom_fields: str = "{}"
    person_id: int | None = None  # the world person this candidate became; never on the wire
    world_key: str | None = None  # the hiring truth's candidate key; never on the wire
    created_at: NaiveDatetime
    updated_at: NaiveDatetime
    last_activity: NaiveDatetime


class Note(AtsModel, table=True):
    """An activity feed entry: a note, or an e-mail logged on the candidate."""

    __tablename__ = "notes"

    id: int = Field(primary_key=True)
    candidate_id: int = Field(index=True)
    kind: str = "note"  # note, email
    user_id: int | None = None
    body: str
    visibility: str = "public"
    subject: str | None = None
    to: str | None = None
    from_: str | None = None
    cc: str = "[]"
    created_at: NaiveDatetime


class Application(AtsModel, table=True):
    __tablename__ = "applications"

    id: int = Field(primary_key=True)
    candidate_id: int = Field(index=True)
    job_id: int | None = Field(default=None, index=True)  # None: a prospect for no job
    prospect: bool = False
    status: str = "active"  # active, rejected, hired, converted
    current_stage_id: int | None = None
    source_id: int | None = None
    credited_to_id: int | None = None
    recruiter_id: int | None = None
    coordinator_id: int | None = None
    rejection_reason_id: int | None = None
    rejection_note: str | None = None
    rejected_at: NaiveDatetime | None = None
    applied_at: NaiveDatetime
    last_activity_at: NaiveDatetime
    location: str | None = None
    answers: str = "[]"
    attachments: str = "[]"
    prospect_detail: str = "{}"
    custom_fields: str = "{}"
    world_key: str | None = None  # the hiring truth's application key; never on the wire


class ScheduledInterview(AtsModel, table=True):
    __tablename__ = "scheduled_interviews"

    id: int = Field(primary_key=True)
    application_id: int = Field(index=True)
    interview_id: int | None = None  # the stage's interview step
    interview_name: str
    external_event_id: str | None = None
    start: NaiveDatetime
    end: NaiveDatetime
    location: str | None = None
    video_conferencing_url: str | None = None
    status: str = "scheduled"  # scheduled, awaiting_feedback, complete
    organizer_id: int | None = None
    interviewers: str = "[]"  # JSON [{user_id, response_status}]
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class Scorecard(AtsModel, table=True):
    __tablename__ = "scorecards"

    id: int = Field(primary_key=True)
    application_id: int = Field(index=True)
    candidate_id: int
    scheduled_interview_id: int | None = Field(default=None, index=True)
    interview_id: int | None = None  # the stage's interview step
    interview: str
    interviewed_at: NaiveDatetime
    submitted_by_id: int
    interviewer_id: int
    submitted_at: NaiveDatetime
    overall_recommendation: str  # definitely_not, no, yes, strong_yes, no_decision
    attributes: str = "[]"
    questions: str = "[]"
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class Offer(AtsModel, table=True):
    __tablename__ = "offers"

    id: int = Field(primary_key=True)
    version: int = 1
    application_id: int = Field(index=True)
    job_id: int
    candidate_id: int
    opening_id: int | None = None
    status: str = "unresolved"  # unresolved, accepted, rejected, deprecated
    sent_at: date | None = None
    resolved_at: NaiveDatetime | None = None
    starts_at: date | None = None
    salary: str | None = None  # decimal string, annual (or hourly for hourly roles)
    currency: str = "USD"
    employment_type: str | None = None
    custom_fields: str = "{}"  # other offer custom fields: name_key -> value
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class CustomField(AtsModel, table=True):
    __tablename__ = "custom_fields"

    id: int = Field(primary_key=True)
    name: str
    name_key: str = Field(index=True)
    field_type: str  # candidate, application, offer, job, opening, ...
    value_type: str  # short_text, long_text, yes_no, single_select, currency, date, ...
    priority: int = 0
    active: bool = True
    private: bool = False
    required: bool = False
    require_approval: bool = False
    trigger_new_version: bool = False
    description: str | None = None
    expose_in_job_board_api: bool = False
    api_only: bool = False


class CustomFieldOption(AtsModel, table=True):
    __tablename__ = "custom_field_options"

    id: int = Field(primary_key=True)
    custom_field_id: int = Field(index=True)
    name: str
    priority: int = 0
    external_id: str | None = None
