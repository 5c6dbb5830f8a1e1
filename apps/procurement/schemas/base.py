"""How a Coupa wire model is built. A resource's public model carries every field Coupa
documents for it (`documented.py`): the fields this instance keeps are typed and described;
the others are documented as always null, which is how Coupa answers a field with no value.
Inputs accept Coupa's hyphenated names and their underscore spellings (Coupa's JSON takes
both), and ignore fields they do not know, as Coupa does."""

from __future__ import annotations

from typing import Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, create_model

from arcadia.apps.kernel import entity
from arcadia.apps.procurement.documented import DOCUMENTED

_KINDS: dict[str, Any] = {
    "string": str, "integer": int, "boolean": bool, "decimal": str, "datetime": str,
    "object": Any,
}
Ref = dict[str, Any]


def _alias(wire: str) -> AliasChoices:
    return AliasChoices(wire, wire.replace("-", "_"))


def inp(wire: str, description: str, default: Any = None, **kw: Any) -> Any:
    """An input field named `wire` (also accepted with underscores)."""
    return Field(default, validation_alias=_alias(wire), serialization_alias=wire,
                 description=description, **kw)


def _ent(marks: tuple[str, ...]) -> dict[str, Any] | None:
    return entity(marks[0]) if marks else None


def public_model(name: str, resource: str, fields: dict[str, tuple[Any, ...]],
                 doc: str, ident: str | None = None) -> type[BaseModel]:
    """`name`: every documented field of `resource`, typed and described by `fields` where
    this instance keeps it, else always null.

    A field's tuple is (type, description) or (type, description, entity name), the last
    marking the field `x-entity`; `ident` is the entity name of the record's own `id`."""
    spec: dict[str, Any] = {}
    for wire, kind in DOCUMENTED[resource].items():
        if wire in fields:
            continue
        spec[wire.replace("-", "_")] = (_KINDS[kind] | None, Field(
            None, alias=wire, description=f"Coupa's `{wire}` ({kind}); this instance does "
            "not track it, so it is always null."))
    for wire, (annotation, description, *marks) in fields.items():
        if wire == "id" and ident is not None:
            marks = [ident]
        spec[wire.replace("-", "_")] = (annotation | None, Field(
            None, alias=wire, description=description, json_schema_extra=_ent(tuple(marks))))
    model = create_model(name, __config__=ConfigDict(populate_by_name=True), __doc__=doc,
                         **spec)
    return model


def ref_model(name: str, fields: dict[str, tuple[Any, ...]], doc: str) -> type[BaseModel]:
    """An association as responses nest it (`supplier: {id, name, number}`), documented
    for its identities; the keys it carries besides these are allowed."""
    spec: dict[str, Any] = {
        wire.replace("-", "_"): (annotation | None, Field(
            None, alias=wire, description=description, json_schema_extra=_ent(tuple(marks))))
        for wire, (annotation, description, *marks) in fields.items()}
    return create_model(name, __config__=ConfigDict(populate_by_name=True, extra="allow"),
                        __doc__=doc, **spec)


def many(model: type[BaseModel]) -> Any:
    """`list[model]` for a model built at import time (mypy cannot see it as a type)."""
    return list[model]  # type: ignore[valid-type]


def as_type(model: type[BaseModel]) -> Any:
    return model


def blank(resource: str) -> dict[str, None]:
    """Every documented field of `resource`, null: the base a rendered record fills."""
    return dict.fromkeys(DOCUMENTED[resource])


class In(BaseModel):
    model_config = ConfigDict(populate_by_name=True, extra="ignore")
