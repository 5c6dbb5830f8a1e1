"""Each entity as a read returns it, for the document: one model per entity type
(`Candidate`, `JobOrder`...), built from the field registry (`fields.py`).

A read returns `id` and the fields `fields=` asks for, so every field but `id` is optional;
an unset field reads null. To-one associations are objects (`{"id", ...}` with the
sub-fields asked for, the entity's display fields by default), to-many ones
`{"total", "data"}`, money and Bullhorn's Double/BigDecimal numbers, dates epoch
milliseconds. Search results add `_score`; a record takes no field its entity lacks, but
the models stay open to the sub-fields a selection adds.
"""

from __future__ import annotations

from typing import Any, Union

from pydantic import BaseModel, ConfigDict, Field, create_model

from arcadia.apps.bullhorn.bodies import tidy
from arcadia.apps.bullhorn.fields import ADDRESS_PARTS, ENTITIES, Entity, F


class ToOneOut(BaseModel):
    """A to-one association as read: its id and the sub-fields asked for."""

    model_config = ConfigDict(extra="allow")
    id: int = Field(description="The associated record's id.")


class ToManyOut(BaseModel):
    """A to-many association as read inside a record: how many, and the first few."""

    total: int = Field(description="How many records are associated.")
    data: list[dict[str, Any]] = Field(description="The first of them (at most 5), each "
                                       "with `id` and the sub-fields asked for.")


class PersonOut(BaseModel):
    """A person field as read (a Candidate or a ClientContact, which `_subtype` names)."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)
    id: int = Field(description="The person's id.")
    subtype: str = Field(alias="_subtype", description="`Candidate` or `ClientContact`.")


AddressOut = create_model(  # type: ignore[call-overload]
    "AddressOut", __doc__="The address composite as read (parts unset read null).",
    **{wire: (int | None if wire == "countryID" else str | None,
              Field(None, description=f"The address's {wire}."))
       for wire, _ in ADDRESS_PARTS})

SCALARS: dict[str, Any] = {"str": str, "text": str, "int": int, "bool": bool,
                           "float": float, "decimal": float, "money": float, "date": int}


def _type(f: F) -> Any:
    if f.kind in SCALARS:
        return SCALARS[f.kind] | None
    if f.kind == "ref":
        return ToOneOut | None
    if f.kind == "person":
        return PersonOut | None
    if f.kind == "address":
        return AddressOut | None
    if f.kind == "many":
        return ToManyOut
    return dict[str, int | None] | None  # composite: counts


UNITS = {"money": " (dollars)", "date": " (epoch ms)", "many": " (to-many)"}


def _finish(spec: Entity) -> Any:
    def finish(schema: dict[str, Any]) -> None:
        tidy(schema, spec.fields)
    return finish


def _model(spec: Entity) -> type[BaseModel]:
    fields: dict[str, Any] = {}
    for f in spec.fields.values():
        if f.kind == "id":
            fields["id"] = (int, Field(description="The record's id (always returned)."))
            continue
        target = f" -> {f.target}" if f.target else ""
        fields[f.name] = (_type(f), Field(None, description=(
            f"{f.label}{UNITS.get(f.kind, '')}{target}.")))
    return create_model(  # type: ignore[call-overload, no-any-return]
        spec.name, __doc__=f"A {spec.name} as read: `id` and the fields asked for.",
        __config__=ConfigDict(extra="allow", json_schema_extra=_finish(spec)), **fields)


RECORD_MODELS = {name: _model(spec) for name, spec in ENTITIES.items()}
# One record of any entity type (the path's entityType says which).
Record = Union[tuple(RECORD_MODELS.values())]  # type: ignore[valid-type]  # noqa: UP007
