"""Applications and the bodies of their transitions (advance, move, transfer, convert
a prospect, reject, hire)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from arcadia.apps.ats.schemas.attachments import Attachment, AttachmentIn
from arcadia.apps.ats.schemas.common import IdName, Strict, UserRef, d
from arcadia.apps.ats.schemas.custom_fields import CustomFieldValue, KeyedValue
from arcadia.apps.ats.schemas.lookups import RejectionReasonPublic
from arcadia.apps.ats.schemas.organization import DepartmentPublic, OfficePublic
from arcadia.apps.kernel import Id


class Location(BaseModel):
    address: str | None = d("The applicant's location.")


class SourceRef(BaseModel):
    id: int = d("The source's id.", ent="AtsSourceId")
    public_name: str = d("The source's name.")


class JobRef(BaseModel):
    id: int = d("The job's id.", ent="AtsJobId")
    name: str = d("The job's name.", ent="AtsJobName")


class StageRef(BaseModel):
    id: int = d("The stage's id.", ent="AtsJobStageId")
    name: str = d("The stage's name.")


class Answer(BaseModel):
    question: str = d("The application question.")
    answer: str | None = d("The applicant's answer.")


class UserIdName(IdName):
    id: int = d("Id.", ent="AtsUserId")
    name: str = d("Name.", ent="PersonName")


class ProspectDetail(BaseModel):
    prospect_pool: IdName | None = d("The prospect pool.")
    prospect_stage: IdName | None = d("The prospect stage.")
    prospect_owner: UserIdName | None = d("The prospect's owner (a user).")


class RejectionDetails(BaseModel):
    custom_fields: dict[str, Any] = d("Rejection custom fields.")
    keyed_custom_fields: dict[str, KeyedValue] = d("Rejection custom fields with types.")


class ApplicationPublic(BaseModel):
    id: int = d("The application's id.", ent="AtsApplicationId")
    candidate_id: int = d("The candidate.", ent="AtsCandidateId")
    prospect: bool = d("Whether this is a prospect (not yet applied).")
    applied_at: str = d("When the candidate applied.")
    rejected_at: str | None = d("When rejected, or null.")
    last_activity_at: str = d("When anything last happened on it.")
    location: Location | None = d("The applicant's location.")
    source: SourceRef | None = d("Where the applicant came from.")
    credited_to: UserRef | None = d("The user credited with the referral or sourcing.")
    recruiter: UserRef | None = d("The application's recruiter.")
    coordinator: UserRef | None = d("The application's coordinator.")
    rejection_reason: RejectionReasonPublic | None = d("Why it was rejected, or null.")
    rejection_details: RejectionDetails | None = d("Rejection custom fields, or null.")
    jobs: list[JobRef] = d("The job applied to (a list of one; empty for a prospect "
                           "without a job).")
    job_post_id: int | None = d("The job post applied through.", ent="AtsJobPostId")
    status: str = d("active, rejected, hired or converted.")
    current_stage: StageRef | None = d("The stage the application is in.")
    answers: list[Answer] = d("Answers to the job post's questions.")
    prospective_office: OfficePublic | None = d("For prospects: the office considered.")
    prospective_department: DepartmentPublic | None = d(
        "For prospects: the department considered.")
    prospect_detail: ProspectDetail = d("Prospect pool, stage and owner.")
    custom_fields: dict[str, Any] = d("Application custom fields by key.")
    keyed_custom_fields: dict[str, KeyedValue] = d("Application custom fields with types.")
    attachments: list[Attachment] = d("Files on the application.")


class ApplicationIn(Strict):
    job_id: Id = d("The job applied to.", ent="AtsJobId")
    source_id: Id | None = d("Where the applicant came from (GET /v1/sources).", ent="AtsSourceId")
    initial_stage_id: Id | None = d("The stage to start in (default: the job's first).",
                                    ent="AtsJobStageId")
    referrer: dict[str, Any] | None = d("Who referred the applicant: {type: id, value}.")
    attachments: list[AttachmentIn] | None = Field(None, max_length=10,
                                                   description="Files to attach.")


class ApplicationUpdate(Strict):
    source_id: Id | None = d("Where the applicant came from.", ent="AtsSourceId")
    referrer: dict[str, Any] | None = d("Who referred them: {type: id, value}.")
    prospect_pool_id: Id | None = d("Prospect pool (prospects only).")
    prospect_stage_id: Id | None = d("Prospect stage (prospects only).")
    custom_fields: list[CustomFieldValue] | None = d("Application custom field values.")


class AdvanceIn(Strict):
    from_stage_id: Id = d("The stage the application is in now (a guard against races).",
                          ent="AtsJobStageId")


class MoveIn(Strict):
    from_stage_id: Id = d("The stage the application is in now.", ent="AtsJobStageId")
    to_stage_id: Id = d("The stage of the same job to move it to.", ent="AtsJobStageId")


class TransferIn(Strict):
    new_job_id: Id = d("The job to move the application to.", ent="AtsJobId")
    new_stage_id: Id | None = d("The stage of the new job (default: its first).",
                                ent="AtsJobStageId")


class ConvertProspectIn(Strict):
    job_id: Id = d("The job the prospect now applies to.", ent="AtsJobId")
    initial_stage_id: Id | None = d("The stage to start in.", ent="AtsJobStageId")


class ConvertProspectOut(BaseModel):
    success: bool = d("True when converted.")
    old_application_id: int = d("The prospect application.", ent="AtsApplicationId")
    new_application_id: int = d("The candidate application (the same id).", ent="AtsApplicationId")
    new_job_id: int = d("The job.", ent="AtsJobId")
    new_stage_id: int = d("The stage.", ent="AtsJobStageId")


class RejectionEmail(Strict):
    send_email_at: str | None = d("When to send.")
    email_template_id: Id = d("The template.", ent="AtsEmailTemplateId")


class RejectIn(Strict):
    rejection_reason_id: Id = d("Why (GET /v1/rejection_reasons).", ent="AtsRejectionReasonId")
    notes: str | None = Field(None, max_length=10_000, description="A note on the rejection.")
    rejection_email: RejectionEmail | None = d("An e-mail to send the candidate.")


class RejectUpdate(Strict):
    rejection_reason_id: Id = d("The new rejection reason.", ent="AtsRejectionReasonId")


class RejectUpdated(BaseModel):
    success: bool = d("True when updated.")
    message: str = d("What was done.")
    id: int = d("The application.", ent="AtsApplicationId")


class HireIn(Strict):
    start_date: str | None = d("The new hire's start date (YYYY-MM-DD).")
    opening_id: Id | None = d("The opening the hire fills (an open opening of the job).",
                              ent="AtsOpeningId")
    close_reason_id: Id | None = d("Why that opening closes.", ent="AtsCloseReasonId")
