"""Departments, offices and users."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from arcadia.apps.ats.schemas.common import Strict, d
from arcadia.apps.ats.schemas.custom_fields import KeyedValue
from arcadia.apps.kernel import Id, entity


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
