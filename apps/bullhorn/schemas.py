"""Bullhorn's wire models for the document: login answers, entity envelopes, change
results, list pages and meta. An entity's own fields depend on `fields=`, so an entity is
an object of Bullhorn's camelCase fields (see `GET /meta/{entityType}`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from annotated_types import Ge, Le
from pydantic import BaseModel, Field

from arcadia.apps.bullhorn.records import Record
from arcadia.apps.kernel import JSON_INT_MAX, entity

EntityType = Literal["ClientCorporation", "ClientContact", "JobOrder", "Candidate",
                     "JobSubmission", "Placement", "Note", "Appointment", "CorporateUser",
                     "Skill", "Category", "BusinessSector", "CorporationDepartment"]
SearchType = Literal["ClientCorporation", "ClientContact", "JobOrder", "Candidate",
                     "JobSubmission", "Placement", "Note"]


class TokenOut(BaseModel):
    access_token: str = Field(description="The OAuth access token, for /rest-services/login.")
    token_type: str = Field(description="Always `Bearer`.")
    expires_in: int = Field(description="Seconds the access token is valid for.")
    refresh_token: str = Field(description="Exchanges for a new access token "
                               "(grant_type=refresh_token).")


class LoginOut(BaseModel):
    BhRestToken: str = Field(description="The session token: send it as the `BhRestToken` "
                             "header or query parameter on every call.")
    restUrl: str = Field(description="The base URL of every REST call "
                         "(`.../rest-services/{corpToken}/`).")


class PingOut(BaseModel):
    sessionExpires: int = Field(description="When the session expires (epoch ms).")


class EntityOut(BaseModel):
    data: Record | list[Record] = Field(description=(
        "The entity (one id) or entities (several ids), with `id` and the fields asked for; "
        "to-one associations as objects (`{\"id\", ...}`), to-many as "
        "`{\"total\", \"data\"}`, money as dollars, dates as epoch milliseconds."))


class ChangeOut(BaseModel):
    changedEntityType: str = Field(description="The entity type changed.")
    changedEntityId: int = Field(description="The id of the entity created or changed.",
                                 json_schema_extra=entity("BullhornEntityId"))
    changeType: str = Field(description="`INSERT`, `UPDATE`, `DELETE`, `ASSOCIATE` or "
                            "`DISASSOCIATE`.")
    data: dict[str, Any] | None = Field(None, description="The fields sent (create and "
                                        "update).")


class ListOut(BaseModel):
    total: int | None = Field(None, description="How many records matched (search, "
                              "associations; query with showTotalMatched=true).")
    start: int = Field(description="The offset of the first record returned.")
    count: int = Field(description="How many records this page holds.")
    data: list[Record] = Field(description="The records (of the path's entityType), with "
                               "`id` and the fields asked for (search adds `_score`).")


class MetaOut(BaseModel):
    entity: str = Field(description="The entity type.")
    entityMetaUrl: str = Field(description="This document's URL.")
    label: str = Field(description="The entity's display name.")
    fields: list[dict[str, Any]] = Field(description=(
        "Each field: `name`, `type` (ID, SCALAR, COMPOSITE, TO_ONE, TO_MANY), `dataType`, "
        "`label`, `required`, `readOnly`, `maxLength`, `associatedEntity`."))


class MetaEntry(BaseModel):
    entity: str = Field(description="An entity type.")
    metaUrl: str = Field(description="Its meta document's URL.")
    label: str = Field(description="Its display name.")


class SearchIn(BaseModel):
    query: str = Field(max_length=4000, description="The Lucene query (see GET /search).")


class QueryIn(BaseModel):
    where: str = Field(max_length=4000, description="The where clause (see GET /query).")


class AssociationIn(BaseModel):
    ids: list[Annotated[int, Ge(0), Le(JSON_INT_MAX)]] = Field(
        max_length=500, description="The entities whose associations to list.",
        json_schema_extra=entity("BullhornEntityId"))
    start: int = Field(0, ge=0, le=10**6, description="Offset of the first pair.")
    count: int = Field(20, ge=1, le=500, description="Pairs per page.")
    showTotalMatched: bool = Field(False, description="Also return `total`.")


class PairsOut(BaseModel):
    total: int | None = Field(None, description="How many pairs (showTotalMatched).")
    data: list[list[int]] = Field(description="[entity id, associated id] pairs.")


class FindOut(BaseModel):
    data: list[dict[str, Any]] = Field(description=(
        "Hits grouped by entity type: `id`, `entityType`, `entityId`, `title`, `byLine`."))


class MassUpdateField(BaseModel):
    propertyName: str = Field(description="A property mass update can set.")
    entitlementRequired: str = Field(description="The entitlement it needs.")


class MassUpdateOut(BaseModel):
    count: int = Field(description="How many records were updated.")
