"""The look-up lists: sources, rejection and close reasons, candidate tags."""

from __future__ import annotations

from pydantic import BaseModel, Field

from arcadia.apps.ats.schemas.common import IdName, Strict, d
from arcadia.apps.kernel import entity


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


class TagPublic(BaseModel):
    id: int = d("The tag's id.", ent="AtsTagId")
    name: str = d("The tag's name.", ent="AtsTagName")


class TagCreate(Strict):
    name: str = Field(min_length=1, max_length=255, description="The new tag's name.",
                      json_schema_extra=entity("AtsTagName"))
