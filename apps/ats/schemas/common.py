"""What the ATS's wire models share: the field helper, strict bodies, user and
id-name references, the plain answers of writes."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from arcadia.apps.kernel import entity


def d(text: str, default: Any = None, ent: str | None = None) -> Any:
    """A field with a description (every wire field has one); `ent` marks it as holding an
    entity's identity or natural key (`x-entity`)."""
    return Field(default, description=text, json_schema_extra=entity(ent) if ent else None)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class UserRef(BaseModel):
    id: int = d("The user's id.", ent="AtsUserId")
    first_name: str = d("First name.")
    last_name: str = d("Last name.")
    name: str = d("Full name.", ent="PersonName")
    employee_id: str | None = d("The user's employee id in the HR system, or null.",
                                ent="EmployeeNumber")


class IdName(BaseModel):
    id: int = d("Id.")
    name: str = d("Name.")


class Message(BaseModel):
    message: str = d("What was done.")


class Success(BaseModel):
    success: bool = d("True when the change was made.")
