"""Wire models with Greenhouse Harvest's field names (`first_name`, `current_stage`, ...).

Responses are the `XPublic` models; request bodies the `XCreate` / `XUpdate` models (an
update's fields are all optional and applied with `model_dump(exclude_unset=True)`).
Timestamps are ISO 8601 in UTC with a `Z`, as Harvest renders them.

Identities are marked `x-entity`: Harvest's ids carry `Ats...` names; the keys that name a
person, department or office in other systems too are `Email`, `PersonName`,
`EmployeeNumber` (a user's `employee_id`), `DepartmentName` and `LocationName` (an office's
name: the offices are the company's locations).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from arcadia.apps.kernel import Amount, Id, entity


def d(text: str, default: Any = None, ent: str | None = None) -> Any:
    """A field with a description (every wire field has one); `ent` marks it as holding an
    entity's identity or natural key (`x-entity`)."""
    return Field(default, description=text, json_schema_extra=entity(ent) if ent else None)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- shared pieces ---------------------------------------------------------------------------


class UserRef(BaseModel):
    id: int = d("The user's id.", ent="AtsUserId")
    first_name: str = d("First name.")
    last_name: str = d("Last name.")
    name: str = d("Full name.", ent="PersonName")
    employee_id: str | None = d("The user's employee id in the HR system, or null.",
                                ent="EmployeeNumber")


class TeamMemberRef(UserRef):
    responsible: bool | None = d("Whether this recruiter or coordinator is the job's "
                                 "responsible one (recruiters and coordinators only).")


class IdName(BaseModel):
    id: int = d("Id.")
    name: str = d("Name.")


class TypedIdName(BaseModel):
    id: int = d("Id.")
    name: str = d("Name.")
    type: IdName = d("The reason's or source's type (id and name).")


class SourcePublic(TypedIdName):
    id: int = d("Id.", ent="AtsSourceId")


class RejectionReasonPublic(TypedIdName):
    id: int = d("Id.", ent="AtsRejectionReasonId")


class CloseReasonPublic(IdName):
    id: int = d("Id.", ent="AtsCloseReasonId")


class InterviewStepRef(IdName):
    id: int = d("Id.", ent="AtsInterviewStepId")


class UserIdName(IdName):
    id: int = d("Id.", ent="AtsUserId")
    name: str = d("Name.", ent="PersonName")


class KeyedValue(BaseModel):
    name: str = d("The custom field's name.")
    type: str = d("The custom field's value type (short_text, currency, date, ...).")
    value: Any = d("The value.")


class Message(BaseModel):
    message: str = d("What was done.")


class Success(BaseModel):
    success: bool = d("True when the change was made.")


# -- organization ------------------------------------------------------------------------------


class DepartmentPublic(BaseModel):
    id: int = d("The department's id.", ent="AtsDepartmentId")
    name: str = d("The department's name.", ent="DepartmentName")
    parent_id: int | None = d("The parent department's id, or null.", ent="AtsDepartmentId")
    parent_department_external_ids: str | None = d("The parent department's external id.")
    parent_department_external_id: str | None = d("The parent department's external id.")
    child_ids: list[int] = d("Ids of the child departments.", ent="AtsDepartmentId")
    child_department_external_ids: list[str] = d("External ids of the child departments.")
    external_id: str | None = d("The department's id in an external system.")


class DepartmentCreate(Strict):
    name: str = Field(min_length=1, max_length=255, description="The department's name.",
                      json_schema_extra=entity("DepartmentName"))
    parent_id: Id | None = d("The parent department's id.", ent="AtsDepartmentId")
    external_parent_id: str | None = d("The parent department's external id.")
    external_id: str | None = d("The department's id in an external system.")


class DepartmentUpdate(Strict):
    name: str | None = Field(None, min_length=1, max_length=255,
                             description="The department's new name.",
                             json_schema_extra=entity("DepartmentName"))
    external_id: str | None = d("The department's id in an external system.")


class OfficeLocation(BaseModel):
    name: str | None = d("The office's location (city, state, country).")


class OfficePublic(BaseModel):
    id: int = d("The office's id.", ent="AtsOfficeId")
    name: str = d("The office's name.", ent="LocationName")
    location: OfficeLocation = d("Where the office is.")
    primary_contact_user_id: int | None = d("The office's primary contact (a user id).",
                                            ent="AtsUserId")
    parent_id: int | None = d("The parent office's id, or null.", ent="AtsOfficeId")
    parent_office_external_id: str | None = d("The parent office's external id.")
    child_ids: list[int] = d("Ids of the child offices.", ent="AtsOfficeId")
    child_office_external_ids: list[str] = d("External ids of the child offices.")
    child_office_external_id: list[str] = d("External ids of the child offices.")
    external_id: str | None = d("The office's id in an external system.")


class OfficeCreate(Strict):
    name: str = Field(min_length=1, max_length=255, description="The office's name.",
                      json_schema_extra=entity("LocationName"))
    location: str | None = d("The office's location.")
    primary_contact_user_id: Id | None = d("The office's primary contact (a user id).",
                                           ent="AtsUserId")
    parent_id: Id | None = d("The parent office's id.", ent="AtsOfficeId")
    external_parent_id: str | None = d("The parent office's external id.")
    external_id: str | None = d("The office's id in an external system.")


class OfficeUpdate(Strict):
    name: str | None = Field(None, min_length=1, max_length=255, description="New name.",
                             json_schema_extra=entity("LocationName"))
    location: str | None = d("The office's location.")
    external_id: str | None = d("The office's id in an external system.")


class UserPublic(BaseModel):
    id: int = d("The user's id (the value of On-Behalf-Of for this user).", ent="AtsUserId")
    name: str = d("Full name.", ent="PersonName")
    first_name: str = d("First name.")
    last_name: str = d("Last name.")
    primary_email_address: str = d("The user's e-mail address.", ent="Email")
    updated_at: str = d("When the user was last changed.")
    created_at: str = d("When the user was created.")
    disabled: bool = d("Whether the user is disabled.")
    site_admin: bool = d("Whether the user is a site admin.")
    emails: list[str] = d("Every e-mail address of the user.", ent="Email")
    employee_id: str | None = d("The user's employee id in the HR system.", ent="EmployeeNumber")
    linked_candidate_ids: list[int] = d("Candidates who are this user (internal applicants).",
                                        ent="AtsCandidateId")
    offices: list[OfficePublic] = d("The user's offices.")
    departments: list[DepartmentPublic] = d("The user's departments.")
    custom_fields: dict[str, Any] = d("User custom fields by key.")
    keyed_custom_fields: dict[str, KeyedValue] = d("User custom fields with their types.")


# -- jobs --------------------------------------------------------------------------------------


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


class OpeningsCreate(Strict):
    openings: list[OpeningIn] = Field(min_length=1, max_length=100,
                                      description="The openings to add.")


class OpeningIn(Strict):
    opening_id: str | None = Field(None, max_length=255,
                                   description="The opening's own identifier.",
                                   json_schema_extra=entity("AtsOpeningNumber"))
    custom_fields: list[CustomFieldValue] | None = d("Opening custom field values.")


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


class LocationType(BaseModel):
    id: int = d("Id.")
    name: str = d("Name.")


class JobPostLocation(BaseModel):
    id: int | None = d("The location's id.")
    name: str | None = d("Where the job is.")
    office_id: int | None = d("The office.", ent="AtsOfficeId")
    job_post_custom_location_id: int | None = d("A custom location, or null.")
    job_post_location_type: LocationType = d("Free text, office or custom.")


class QuestionValue(BaseModel):
    label: str = d("Label.")
    value: int = d("Value.")


class JobPostQuestion(BaseModel):
    required: bool | None = d("Whether an answer is required.")
    private: bool = d("Whether answers are private.")
    label: str = d("The question.")
    name: str = d("The answer's field name.")
    type: str = d("input_text, textarea, input_file, multi_value_single_select, ...")
    values: list[QuestionValue] = d("Options of a select question.")
    description: str | None = d("Help text.")


class JobPostPublic(BaseModel):
    id: int = d("The post's id.", ent="AtsJobPostId")
    active: bool = d("Whether the post is active.")
    live: bool = d("Whether it is live on a job board.")
    first_published_at: str | None = d("When first published.")
    title: str = d("The public title.")
    location: JobPostLocation = d("The location shown.")
    internal: bool = d("Whether it is on the internal board.")
    external: bool = d("Whether it is on the external board.")
    job_id: int = d("The job.", ent="AtsJobId")
    content: str = d("The post's content (HTML).")
    internal_content: str | None = d("Content for the internal board.")
    updated_at: str = d("When last changed.")
    created_at: str = d("When created.")
    demographic_question_set_id: int | None = d("The demographic question set, or null.")
    questions: list[JobPostQuestion] = d("The application form's questions.")


class CustomLocation(BaseModel):
    id: int = d("Id.")
    value: str = d("The location text.")
    active: bool = d("Active.")
    greenhouse_job_board_id: int = d("The board.")
    created_at: str = d("When created.")
    updated_at: str = d("When last changed.")


class JobPostUpdate(Strict):
    title: str | None = Field(None, min_length=1, max_length=255, description="New title.")
    location: str | None = d("New location text.")
    content: str | None = d("New content (HTML).")


class JobPostStatus(Strict):
    status: str = d("live or offline.")


# -- candidates ------------------------------------------------------------------------------


class TypedValue(BaseModel):
    value: str = d("The value.")
    type: str | None = d("Its type (home, work, mobile, personal, ...).")


class EmailValue(TypedValue):
    value: str = d("The value.", ent="Email")


class TypedValueIn(Strict):
    value: str = Field(min_length=1, max_length=500, description="The value.")
    type: str | None = d("Its type: phone mobile/home/work/skype/other; e-mail "
                         "personal/work/other; address home/work/other; website "
                         "personal/company/portfolio/blog/other.")


class ValueIn(Strict):
    value: str = Field(min_length=1, max_length=500, description="The value.")


class Attachment(BaseModel):
    filename: str = d("File name.")
    url: str = d("Where to download it.")
    type: str = d("resume, cover_letter, admin_only, take_home_test, offer_packet, ...")
    created_at: str = d("When attached.")


class AttachmentIn(Strict):
    filename: str = Field(min_length=1, max_length=255, description="File name.")
    type: str = d("resume, cover_letter, admin_only, take_home_test, offer_packet, "
                  "offer_letter, signed_offer_letter or other.")
    content: str | None = Field(None, max_length=200_000,
                                description="The file, base64 encoded (or give url).")
    url: str | None = Field(None, max_length=2000, description="Where to fetch the file.")
    content_type: str | None = d("The file's MIME type.")


class AttachmentOut(BaseModel):
    filename: str = d("File name.")
    url: str = d("Where to download it.")
    type: str = d("Its type.")
    content_type: str | None = d("The MIME type.")


class Education(BaseModel):
    id: int = d("Id.")
    school_name: str | None = d("School.")
    degree: str | None = d("Degree.")
    discipline: str | None = d("Discipline.")
    start_date: str | None = d("Start.")
    end_date: str | None = d("End.")


class Employment(BaseModel):
    id: int = d("Id.")
    company_name: str | None = d("Employer.")
    title: str | None = d("Title.")
    start_date: str | None = d("Start.")
    end_date: str | None = d("End.")


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


class CandidatePublic(BaseModel):
    id: int = d("The candidate's id.", ent="AtsCandidateId")
    first_name: str = d("First name.")
    last_name: str = d("Last name.")
    company: str | None = d("Current employer.")
    title: str | None = d("Current title.")
    created_at: str = d("When created.")
    updated_at: str = d("When last changed.")
    last_activity: str = d("When anything last happened on the candidate.")
    is_private: bool = d("Whether the candidate is private.")
    photo_url: str | None = d("A photo, or null.")
    attachments: list[Attachment] = d("Files on the candidate.")
    application_ids: list[int] = d("The candidate's applications.", ent="AtsApplicationId")
    phone_numbers: list[TypedValue] = d("Phone numbers.")
    addresses: list[TypedValue] = d("Addresses.")
    email_addresses: list[EmailValue] = d("E-mail addresses.")
    website_addresses: list[TypedValue] = d("Websites.")
    social_media_addresses: list[TypedValue] = d("Social media.")
    recruiter: UserRef | None = d("The candidate's recruiter.")
    coordinator: UserRef | None = d("The candidate's coordinator.")
    can_email: bool = d("Whether the candidate may be e-mailed.")
    tags: list[str] = d("Tag names.")
    applications: list[ApplicationPublic] = d("The candidate's applications.")
    educations: list[Education] = d("Education history.")
    employments: list[Employment] = d("Employment history.")
    linked_user_ids: list[int] = d("Users who are this candidate.", ent="AtsUserId")
    custom_fields: dict[str, Any] = d("Candidate custom fields by key.")
    keyed_custom_fields: dict[str, KeyedValue] = d("Candidate custom fields with types.")


class CustomFieldValue(Strict):
    id: Id | None = d("The custom field's id (or give name_key).", ent="AtsCustomFieldId")
    name_key: str | None = d("The custom field's immutable key (or give id).")
    value: str | Amount | bool | list[Id] | None = d(
        "The new value: text, a number, a custom field option id, a list of option ids.")
    unit: str | None = d("ISO 4217 currency for a currency field (USD).")
    min_value: Amount | None = d("Lower bound of a range field.")
    max_value: Amount | None = d("Upper bound of a range field.")
    delete_value: str | None = d("\"true\" removes the field's value.")


class ApplicationIn(Strict):
    job_id: Id = d("The job applied to.", ent="AtsJobId")
    source_id: Id | None = d("Where the applicant came from (GET /v1/sources).", ent="AtsSourceId")
    initial_stage_id: Id | None = d("The stage to start in (default: the job's first).",
                                    ent="AtsJobStageId")
    referrer: dict[str, Any] | None = d("Who referred the applicant: {type: id, value}.")
    attachments: list[AttachmentIn] | None = Field(None, max_length=10,
                                                   description="Files to attach.")


class CandidateCreate(Strict):
    first_name: str = Field(min_length=1, max_length=255, description="First name.")
    last_name: str = Field(min_length=1, max_length=255, description="Last name.")
    company: str | None = Field(None, max_length=255, description="Current employer.")
    title: str | None = Field(None, max_length=255, description="Current title.")
    is_private: bool | None = d("Make the candidate private.")
    phone_numbers: list[TypedValueIn] | None = Field(None, max_length=20, description="Phones.")
    addresses: list[TypedValueIn] | None = Field(None, max_length=20, description="Addresses.")
    email_addresses: list[TypedValueIn] | None = Field(None, max_length=20,
                                                       description="E-mail addresses.")
    website_addresses: list[TypedValueIn] | None = Field(None, max_length=20,
                                                         description="Websites.")
    social_media_addresses: list[ValueIn] | None = Field(None, max_length=20,
                                                         description="Social media.")
    tags: list[str] | None = Field(None, max_length=50, description="Tag names to apply.",
                                   json_schema_extra=entity("AtsTagName"))
    recruiter: dict[str, Any] | None = d("The recruiter: {id} or {email}.")
    coordinator: dict[str, Any] | None = d("The coordinator: {id} or {email}.")
    custom_fields: list[CustomFieldValue] | None = d("Candidate custom field values.")
    applications: list[ApplicationIn] = Field(min_length=1, max_length=20,
                                              description="The jobs applied to.")


class ProspectApplicationIn(Strict):
    job_id: Id | None = d("A job considered (optional for a prospect).", ent="AtsJobId")


class ProspectCreate(Strict):
    first_name: str = Field(min_length=1, max_length=255, description="First name.")
    last_name: str = Field(min_length=1, max_length=255, description="Last name.")
    company: str | None = Field(None, max_length=255, description="Current employer.")
    title: str | None = Field(None, max_length=255, description="Current title.")
    phone_numbers: list[TypedValueIn] | None = Field(None, max_length=20, description="Phones.")
    addresses: list[TypedValueIn] | None = Field(None, max_length=20, description="Addresses.")
    email_addresses: list[TypedValueIn] | None = Field(None, max_length=20,
                                                       description="E-mail addresses.")
    website_addresses: list[TypedValueIn] | None = Field(None, max_length=20,
                                                         description="Websites.")
    social_media_addresses: list[ValueIn] | None = Field(None, max_length=20,
                                                         description="Social media.")
    tags: list[str] | None = Field(None, max_length=50, description="Tag names to apply.",
                                   json_schema_extra=entity("AtsTagName"))
    recruiter: dict[str, Any] | None = d("The recruiter: {id} or {email}.")
    coordinator: dict[str, Any] | None = d("The coordinator: {id} or {email}.")
    custom_fields: list[CustomFieldValue] | None = d("Candidate custom field values.")
    application: ProspectApplicationIn | None = d("The prospect application: job_ids.")


class CandidateUpdate(Strict):
    first_name: str | None = Field(None, min_length=1, max_length=255, description="First.")
    last_name: str | None = Field(None, min_length=1, max_length=255, description="Last.")
    company: str | None = Field(None, max_length=255, description="Current employer.")
    title: str | None = Field(None, max_length=255, description="Current title.")
    is_private: bool | None = d("Make the candidate private.")
    phone_numbers: list[TypedValueIn] | None = Field(None, max_length=20,
                                                     description="Replace phone numbers.")
    addresses: list[TypedValueIn] | None = Field(None, max_length=20,
                                                 description="Replace addresses.")
    email_addresses: list[TypedValueIn] | None = Field(None, max_length=20,
                                                       description="Replace e-mails.")
    website_addresses: list[TypedValueIn] | None = Field(None, max_length=20,
                                                         description="Replace websites.")
    social_media_addresses: list[ValueIn] | None = Field(None, max_length=20,
                                                         description="Replace social media.")
    tags: list[str] | None = Field(None, max_length=50, description="Replace the tags.",
                                   json_schema_extra=entity("AtsTagName"))
    recruiter: dict[str, Any] | None = d("The recruiter: {id} or {email}.")
    coordinator: dict[str, Any] | None = d("The coordinator: {id} or {email}.")
    custom_fields: list[CustomFieldValue] | None = d("Candidate custom field values.")


class NoteIn(Strict):
    user_id: Id = d("The user writing the note.", ent="AtsUserId")
    body: str = Field(min_length=1, max_length=10_000, description="The note.")
    visibility: str = d("admin_only, private or public.")


class EmailNoteIn(Strict):
    user_id: Id = d("The user logging the e-mail.", ent="AtsUserId")
    to: str = Field(min_length=1, max_length=500, description="Recipient address.",
                    json_schema_extra=entity("Email"))
    from_: str = Field(alias="from", min_length=1, max_length=500, description="Sender.",
                       json_schema_extra=entity("Email"))
    cc: list[str] | None = Field(None, max_length=20, description="Copied addresses.",
                                 json_schema_extra=entity("Email"))
    subject: str = Field(min_length=1, max_length=500, description="Subject.")
    body: str = Field(min_length=1, max_length=10_000, description="Body.")


class NotePublic(BaseModel):
    id: int = d("The note's id.", ent="AtsNoteId")
    created_at: str = d("When written.")
    body: str = d("The note.")
    user: UserRef | None = d("Who wrote it.")
    private: bool = d("Whether the note is private.")
    visiblity: str = d("Greenhouse's original (misspelt) visibility key.")
    visibility: str = d("admin_only, private or public.")


class EmailPublic(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    id: int = d("The entry's id.", ent="AtsEmailNoteId")
    created_at: str = d("When logged.")
    subject: str | None = d("Subject.")
    body: str = d("Body.")
    to: str | None = d("Recipient.", ent="Email")
    from_: str | None = Field(None, alias="from", description="Sender.",
                              json_schema_extra=entity("Email"))
    cc: list[str] = d("Copied addresses.", ent="Email")
    user: UserRef | None = d("Who logged it.")


class ActivityPublic(BaseModel):
    id: int = d("The activity's id.", ent="AtsActivityId")
    created_at: str = d("When it happened.")
    subject: str = d("What happened.")
    body: str | None = d("Details.")
    user: UserRef | None = d("Who did it.")


class ActivityFeed(BaseModel):
    notes: list[NotePublic] = d("Notes on the candidate.")
    emails: list[EmailPublic] = d("E-mails logged on the candidate.")
    activities: list[ActivityPublic] = d("Stage changes and other activity.")


class TagPublic(BaseModel):
    id: int = d("The tag's id.", ent="AtsTagId")
    name: str = d("The tag's name.", ent="AtsTagName")


class TagCreate(Strict):
    name: str = Field(min_length=1, max_length=255, description="The new tag's name.",
                      json_schema_extra=entity("AtsTagName"))


# -- applications ------------------------------------------------------------------------------


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


# -- interviews, scorecards, offers ----------------------------------------------------------


class DateTime(BaseModel):
    date_time: str | None = d("ISO 8601 timestamp (null for an all-day interview).")
    date: str | None = d("The day of an all-day interview (else null).")


class InterviewerPublic(BaseModel):
    id: int = d("The interviewer's user id.", ent="AtsUserId")
    employee_id: str | None = d("Their employee id.", ent="EmployeeNumber")
    name: str = d("Their name.", ent="PersonName")
    email: str = d("Their e-mail.", ent="Email")
    response_status: str = d("needs_action, declined, tentative or accepted.")
    scorecard_id: int | None = d("The scorecard they submitted, or null.", ent="AtsScorecardId")


class ScheduledInterviewPublic(BaseModel):
    id: int = d("The scheduled interview's id.", ent="AtsScheduledInterviewId")
    application_id: int = d("The application.", ent="AtsApplicationId")
    external_event_id: str | None = d("The calendar event.")
    created_at: str = d("When scheduled.")
    updated_at: str = d("When last changed.")
    start: DateTime = d("Start.")
    end: DateTime = d("End.")
    location: str | None = d("Where.")
    video_conferencing_url: str | None = d("The video call link.")
    status: str = d("scheduled, awaiting_feedback or complete.")
    interview: InterviewStepRef | None = d("The job stage's interview step.")
    organizer: UserRef | None = d("Who organised it.")
    interviewers: list[InterviewerPublic] = d("Who interviews.")


class InterviewerIn(Strict):
    user_id: Id | None = d("The interviewer's user id (or email).", ent="AtsUserId")
    email: str | None = d("The interviewer's e-mail (or user_id).", ent="Email")
    response_status: str | None = d("needs_action, declined, tentative or accepted.")


class ScheduledInterviewCreate(Strict):
    application_id: Id = d("The application.", ent="AtsApplicationId")
    interview_id: Id = d("The interview step of the application's current stage.",
                         ent="AtsInterviewStepId")
    interviewers: list[InterviewerIn] = Field(min_length=1, max_length=20,
                                              description="Who interviews.")
    start: str = d("Start, ISO 8601.")
    end: str = d("End, ISO 8601.")
    external_event_id: str = Field(min_length=1, max_length=255,
                                   description="The calendar event's id.")
    location: str | None = Field(None, max_length=500, description="Where.")


class ScheduledInterviewUpdate(Strict):
    interviewers: list[InterviewerIn] | None = Field(None, min_length=1, max_length=20,
                                                     description="Who interviews.")
    start: str | None = d("Start, ISO 8601.")
    end: str | None = d("End, ISO 8601.")
    external_event_id: str | None = Field(None, max_length=255, description="Calendar id.")
    location: str | None = Field(None, max_length=500, description="Where.")


class ScorecardAttribute(BaseModel):
    name: str = d("The attribute.")
    type: str = d("Its focus area.")
    note: str | None = d("A note.")
    rating: str = d("definitely_not, no, mixed, yes, strong_yes or no_decision.")


class Ratings(BaseModel):
    definitely_not: list[str] = d("Attributes rated definitely not.")
    no: list[str] = d("Attributes rated no.")
    mixed: list[str] = d("Attributes rated mixed.")
    yes: list[str] = d("Attributes rated yes.")
    strong_yes: list[str] = d("Attributes rated strong yes.")


class ScorecardQuestion(BaseModel):
    id: int | None = d("The question's id.", ent="AtsScorecardQuestionId")
    question: str = d("The question.")
    answer: str = d("The answer.")


class ScorecardPublic(BaseModel):
    id: int = d("The scorecard's id.", ent="AtsScorecardId")
    updated_at: str = d("When last changed.")
    created_at: str = d("When created.")
    interview: str = d("The interview's name.")
    interview_step: InterviewStepRef | None = d("The interview step.")
    candidate_id: int = d("The candidate.", ent="AtsCandidateId")
    application_id: int = d("The application.", ent="AtsApplicationId")
    interviewed_at: str = d("When the interview took place.")
    submitted_by: UserRef = d("Who submitted it.")
    interviewer: UserRef = d("Who interviewed.")
    submitted_at: str = d("When submitted.")
    overall_recommendation: str = d("definitely_not, no, yes, strong_yes or no_decision.")
    attributes: list[ScorecardAttribute] = d("Rated attributes.")
    ratings: Ratings = d("Attribute names by rating.")
    questions: list[ScorecardQuestion] = d("Questions answered.")


class Salary(BaseModel):
    value: float = d("The amount (annual, or per hour for hourly roles).")
    currency: str = d("ISO 4217 currency (USD).")


class OfferCustomFields(BaseModel):
    employment_type: str | None = d("Full-time, Part-time, Intern or Contractor.")
    salary: Salary | None = d("The offered base pay (annual, or hourly for hourly roles); "
                              "withheld (null) from principals who may not see pay.")
    start_date: str | None = d("The start date as entered on the offer.")


class OfferPublic(BaseModel):
    id: int = d("The offer's id.", ent="AtsOfferId")
    version: int = d("The offer's version (a new version deprecates the previous one).")
    application_id: int = d("The application.", ent="AtsApplicationId")
    job_id: int = d("The job.", ent="AtsJobId")
    candidate_id: int = d("The candidate.", ent="AtsCandidateId")
    opening: OpeningPublic | None = d("The opening the offer is for, or null.")
    created_at: str = d("When created.")
    updated_at: str = d("When last changed.")
    sent_at: str | None = d("When sent to the candidate (a date).")
    resolved_at: str | None = d("When accepted or rejected.")
    starts_at: str | None = d("The start date (a date).")
    status: str = d("unresolved, accepted, rejected or deprecated.")
    custom_fields: OfferCustomFields = d("Offer custom fields by key.")
    keyed_custom_fields: dict[str, KeyedValue] = d("Offer custom fields with their types.")


class OfferUpdate(Strict):
    start_date: str | None = d("The start date, YYYY-MM-DD.")
    sent_at: str | None = d("When the offer was sent, YYYY-MM-DD.")
    created_at: str | None = d("When the offer was created, ISO 8601.")
    custom_fields: list[CustomFieldValue] | None = Field(None, max_length=50, description=(
        "Offer custom field values: salary (value: a non-negative amount, unit: USD), "
        "employment_type."))


# -- lookups ---------------------------------------------------------------------------------


class CustomFieldOptionPublic(BaseModel):
    id: int = d("The option's id.", ent="AtsCustomFieldOptionId")
    name: str = d("The option.")
    priority: int = d("Its order.")
    external_id: str | None = d("Its external id.")


class CustomFieldPublic(BaseModel):
    id: int = d("The field's id.", ent="AtsCustomFieldId")
    name: str = d("Its name.")
    active: bool = d("Whether it is in use.")
    field_type: str = d("What it describes: candidate, application, offer, job, opening.")
    priority: int = d("Its order.")
    value_type: str = d("short_text, long_text, yes_no, single_select, currency, date, ...")
    private: bool = d("Whether it is private.")
    required: bool = d("Whether a value is required.")
    require_approval: bool = d("Whether a change needs approval.")
    trigger_new_version: bool = d("Whether a change makes a new offer version.")
    name_key: str = d("The immutable key.")
    description: str | None = d("A description.")
    expose_in_job_board_api: bool = d("Shown on job boards.")
    api_only: bool = d("Set only through the API.")
    offices: list[IdName] = d("Offices it applies to (empty: all).")
    departments: list[IdName] = d("Departments it applies to (empty: all).")
    template_token_string: str | None = d("The token in e-mail templates.")
    custom_field_options: list[CustomFieldOptionPublic] = d("Options of a select field.")


for _model in (JobUpdate, OpeningsCreate, OpeningIn, OpeningUpdate, CandidateCreate,
               ProspectCreate, CandidateUpdate, ApplicationUpdate, OfferUpdate):
    _model.model_rebuild()
