"""Candidates and prospects, their notes, e-mails and activity feed."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from arcadia.apps.ats.schemas.applications import ApplicationIn, ApplicationPublic
from arcadia.apps.ats.schemas.attachments import Attachment
from arcadia.apps.ats.schemas.common import Strict, UserRef, d
from arcadia.apps.ats.schemas.custom_fields import CustomFieldValue, KeyedValue
from arcadia.apps.kernel import Id, entity


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
