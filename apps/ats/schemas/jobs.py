"""Jobs with their hiring teams, openings and stages."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from arcadia.apps.ats.schemas.common import Strict, UserRef, d
from arcadia.apps.ats.schemas.custom_fields import CustomFieldValue, KeyedValue
from arcadia.apps.ats.schemas.lookups import CloseReasonPublic
from arcadia.apps.ats.schemas.organization import DepartmentPublic, OfficePublic
from arcadia.apps.kernel import Id, entity


class OpeningPublic(BaseModel):
    id: int = d("The opening's id.", ent="AtsOpeningId")
    opening_id: str | None = d("The opening's own identifier (like a requisition number).",
                               ent="AtsOpeningNumber")
    status: str = d("open or closed.")
    opened_at: str = d("When the opening opened.")
    closed_at: str | None = d("When it closed, or null.")
    application_id: int | None = d("The hired application that filled it, or null.",
                                   ent="AtsApplicationId")
    close_reason: CloseReasonPublic | None = d("Why it closed, or null.")
    custom_fields: dict[str, Any] = d("Opening custom fields by key.")
    keyed_custom_fields: dict[str, KeyedValue] = d("Opening custom fields with their types.")


class TeamMemberRef(UserRef):
    responsible: bool | None = d("Whether this recruiter or coordinator is the job's "
                                 "responsible one (recruiters and coordinators only).")


class HiringTeam(BaseModel):
    hiring_managers: list[TeamMemberRef] = d("The job's hiring managers.")
    recruiters: list[TeamMemberRef] = d("The job's recruiters.")
    coordinators: list[TeamMemberRef] = d("The job's coordinators.")
    sourcers: list[TeamMemberRef] = d("The job's sourcers.")


class JobPublic(BaseModel):
    id: int = d("The job's id.", ent="AtsJobId")
    name: str = d("The job's name (internal title).", ent="AtsJobName")
    requisition_id: str | None = d("The requisition id.", ent="AtsRequisitionId")
    notes: str | None = d("Notes on the hiring plan.")
    confidential: bool = d("Whether the job is confidential.")
    status: str = d("open, closed or draft.")
    created_at: str = d("When the job was created.")
    opened_at: str | None = d("When the job opened.")
    closed_at: str | None = d("When the job closed, or null.")
    updated_at: str = d("When the job last changed.")
    is_template: bool | None = d("Whether the job is a template.")
    copied_from_id: int | None = d("The job this one was copied from.", ent="AtsJobId")
    departments: list[DepartmentPublic] = d("The job's department (a list of one).")
    offices: list[OfficePublic] = d("The job's offices.")
    custom_fields: dict[str, Any] = d("Job custom fields by key.")
    keyed_custom_fields: dict[str, KeyedValue] = d("Job custom fields with their types.")
    hiring_team: HiringTeam = d("Who hires for the job.")
    openings: list[OpeningPublic] = d("The job's openings (headcount).")


class JobUpdate(Strict):
    name: str | None = Field(None, min_length=1, max_length=255, description="New name.",
                             json_schema_extra=entity("AtsJobName"))
    notes: str | None = d("Notes on the hiring plan.")
    anywhere: bool | None = d("Whether the job can be done from anywhere.")
    requisition_id: str | None = d("The requisition id.", ent="AtsRequisitionId")
    team_and_responsibilities: str | None = d("The team and responsibilities text.")
    how_to_sell_this_job: str | None = d("The selling points text.")
    office_ids: list[Id] | None = d("Replace the job's offices with these.", ent="AtsOfficeId")
    department_id: Id | None = d("Move the job to this department.", ent="AtsDepartmentId")
    external_department_id: str | None = d("The department, by its external id.")
    external_office_ids: list[str] | None = d("The offices, by their external ids.")
    custom_fields: list[CustomFieldValue] | None = d("Custom field values to set.")


class HiringTeamEntry(BaseModel):
    user_id: int = d("The member's user id.", ent="AtsUserId")
    active: bool = d("Whether the user is active.")
    responsible: bool | None = d("Responsible recruiter or coordinator (those roles only).")


class HiringTeamPublic(BaseModel):
    hiring_managers: list[HiringTeamEntry] = d("Hiring managers.")
    recruiters: list[HiringTeamEntry] = d("Recruiters.")
    coordinators: list[HiringTeamEntry] = d("Coordinators.")
    sourcers: list[HiringTeamEntry] = d("Sourcers.")


class HiringTeamMemberIn(Strict):
    user_id: Id = d("The user to add.", ent="AtsUserId")
    responsible: bool | None = d("Make them the responsible recruiter or coordinator.")
    responsible_for_future_candidates: bool | None = d("Responsible for future candidates.")
    responsible_for_active_candidates: bool | None = d("Responsible for active candidates.")
    responsible_for_inactive_candidates: bool | None = d("Responsible for inactive ones.")


class HiringTeamIn(Strict):
    hiring_managers: list[HiringTeamMemberIn] | None = d("Hiring managers.")
    recruiters: list[HiringTeamMemberIn] | None = d("Recruiters.")
    coordinators: list[HiringTeamMemberIn] | None = d("Coordinators.")
    sourcers: list[HiringTeamMemberIn] | None = d("Sourcers.")


class OpeningIn(Strict):
    opening_id: str | None = Field(None, max_length=255,
                                   description="The opening's own identifier.",
                                   json_schema_extra=entity("AtsOpeningNumber"))
    custom_fields: list[CustomFieldValue] | None = d("Opening custom field values.")


class OpeningsCreate(Strict):
    openings: list[OpeningIn] = Field(min_length=1, max_length=100,
                                      description="The openings to add.")


class OpeningCreated(BaseModel):
    id: int = d("The new opening's id.", ent="AtsOpeningId")
    opening_id: str | None = d("Its identifier.", ent="AtsOpeningNumber")
    open_date: str = d("When it opened.")


class OpeningsCreated(BaseModel):
    openings: list[OpeningCreated] = d("The openings created.")


class OpeningUpdate(Strict):
    opening_id: str | None = Field(None, max_length=255, description="New identifier.",
                                   json_schema_extra=entity("AtsOpeningNumber"))
    status: str | None = d("closed to close the opening (a close_reason_id is then required "
                           "when the job has close reasons), or open to reopen it.")
    close_reason_id: Id | None = d("Why the opening is closing (GET /v1/close_reasons).",
                                   ent="AtsCloseReasonId")
    custom_fields: list[CustomFieldValue] | None = d("Opening custom field values.")


class OpeningsDelete(Strict):
    ids: list[Id] = Field(min_length=1, max_length=100,
                          description="Ids of the openings to destroy (open, unfilled ones).",
                          json_schema_extra=entity("AtsOpeningId"))


class IdsOut(BaseModel):
    ids: list[int] = d("The ids affected.")


class InterviewKitQuestion(BaseModel):
    id: int = d("The question's id.")
    question: str = d("The question.")


class InterviewKit(BaseModel):
    id: int = d("The kit's id.")
    content: str = d("The kit's guidance (HTML).")
    questions: list[InterviewKitQuestion] = d("The kit's questions.")


class StageInterview(BaseModel):
    id: int = d("The interview step's id.", ent="AtsInterviewStepId")
    name: str = d("Its name.")
    schedulable: bool = d("Whether it is scheduled on a calendar.")
    estimated_minutes: int = d("How long it takes.")
    default_interviewer_users: list[UserRef] = d("Who usually interviews.")
    interview_kit: InterviewKit = d("The kit interviewers use.")
    created_at: str = d("When created.")
    updated_at: str = d("When last changed.")
    job_id: int = d("The job.", ent="AtsJobId")


class JobStagePublic(BaseModel):
    id: int = d("The stage's id.", ent="AtsJobStageId")
    name: str = d("The stage's name.")
    created_at: str = d("When created.")
    updated_at: str = d("When last changed.")
    job_id: int = d("The job the stage belongs to.", ent="AtsJobId")
    priority: int = d("The stage's order in the job's pipeline (0 first).")
    interviews: list[StageInterview] = d("The stage's interview steps.")
