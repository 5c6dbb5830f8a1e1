"""Custom fields: their definitions and options, a record's typed values, and the
values a write sets."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from arcadia.apps.ats.schemas.common import IdName, Strict, d
from arcadia.apps.kernel import Amount, Id


class KeyedValue(BaseModel):
    name: str = d("The custom field's name.")
    type: str = d("The custom field's value type (short_text, currency, date, ...).")
    value: Any = d("The value.")


class CustomFieldValue(Strict):
    id: Id | None = d("The custom field's id (or give name_key).", ent="AtsCustomFieldId")
    name_key: str | None = d("The custom field's immutable key (or give id).")
    value: str | Amount | bool | list[Id] | None = d(
        "The new value: text, a number, a custom field option id, a list of option ids.")
    unit: str | None = d("ISO 4217 currency for a currency field (USD).")
    min_value: Amount | None = d("Lower bound of a range field.")
    max_value: Amount | None = d("Upper bound of a range field.")
    delete_value: str | None = d("\"true\" removes the field's value.")


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
