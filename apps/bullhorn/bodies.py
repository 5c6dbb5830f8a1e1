"""Each entity's request body for the document, built from the field registry
(`fields.py`): `<Entity>Create` (PUT /entity/{entityType}) and `<Entity>Update` (POST
/entity/{entityType}/{entityId}), one per entity the API writes.

They describe what the write service accepts, field by field, with Bullhorn's types:
text with its length, whole numbers, Double/BigDecimal numbers, money in dollars, dates in
epoch milliseconds, to-one associations as `{"id": n}`, Note's `personReference` with its
`_subtype`, the `address` composite. To-many associations and read-only fields are left
out (a body naming one is refused). Each model marks the path it belongs to
(`x-path-parameters`: `{"entityType": "Candidate"}`), since the entity type is in the
path, not in the body.

The routes keep taking any JSON value (`CreateBody`, `UpdateBody`): the write service
checks the body against the registry itself and answers every problem in Bullhorn's error
body, as before; these models are the document's account of what it accepts, not a second
validation.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal, Union

from annotated_types import Ge, Le
from pydantic import BaseModel, ConfigDict, Field, PlainValidator, create_model

from arcadia.apps.bullhorn.fields import ADDRESS_PARTS, ENTITIES, STR_MAX, TEXT_MAX, F
from arcadia.apps.bullhorn.write_service import INT32_MAX, MAX_EPOCH_MS
from arcadia.apps.kernel import JSON_INT_MAX

ADDRESS_LABELS = {"address1": "Street address", "address2": "Street address, second line",
                  "city": "City", "state": "State", "zip": "Postal code",
                  "countryID": "Country id (Bullhorn's Country list; 1 is the US)"}


# Every number a body takes is bounded (the write service refuses past these).
RecordId = Annotated[int, Ge(0), Le(JSON_INT_MAX)]
Int32 = Annotated[int, Ge(-INT32_MAX), Le(INT32_MAX)]
EpochMs = Annotated[int, Ge(0), Le(MAX_EPOCH_MS)]  # 1970 to 2100
# Doubles and BigDecimals: at most 15 digits before the point; money: dollars.
Number = Annotated[float, Ge(-999_999_999_999_999), Le(999_999_999_999_999)]
Dollars = Annotated[float, Ge(0), Le(9_999_999.99)]


class ToOne(BaseModel):
    """A to-one association: the associated record's id."""

    model_config = ConfigDict(extra="forbid")
    id: RecordId = Field(description="The id of an existing record of the associated "
                         "entity (GET /meta/{entityType}: `associatedEntity`).")


class PersonRef(BaseModel):
    """Note's `personReference`: a Candidate or a ClientContact."""

    model_config = ConfigDict(extra="forbid")
    id: RecordId = Field(description="The person's id.")
    subtype: Literal["Candidate", "ClientContact"] | None = Field(
        None, alias="_subtype", description="Which entity `id` is in (candidates and "
        "contacts number their ids apart); without it a Candidate is meant if one has it.")


Address = create_model(  # type: ignore[call-overload]
    "Address", __config__=ConfigDict(extra="forbid"),
    __doc__="Bullhorn's address composite (every part optional).",
    **{wire: (Annotated[int, Ge(0), Le(INT32_MAX)] if wire == "countryID" else str,
              Field(None, description=ADDRESS_LABELS[wire],
                    **({} if wire == "countryID" else {"max_length": STR_MAX})))
       for wire, _ in ADDRESS_PARTS})


def _type(f: F) -> tuple[Any, dict[str, Any]]:
    """The field's Python type for the schema, and its bounds."""
    if f.kind == "str":  # 255 (STR_MAX) is said once, in the request body's description
        return str, {"max_length": f.max_len} if f.max_len else {}
    if f.kind == "text":
        return str, {"max_length": TEXT_MAX}
    if f.kind == "int":
        return Int32, {}
    if f.kind == "bool":
        return bool, {}
    if f.kind in ("float", "decimal"):
        return Number, {}
    if f.kind == "money":
        return Dollars, {}
    if f.kind == "date":
        return EpochMs, {}
    if f.kind == "ref":
        return ToOne, {}
    if f.kind == "person":
        return PersonRef, {}
    if f.kind == "address":
        return Address, {}
    raise ValueError(f"{f.name}: {f.kind} fields are not written")


UNITS = {"money": " (dollars)", "date": " (epoch ms)"}


def _description(f: F) -> str:
    target = f": a {f.target}" if f.kind == "ref" else ""
    return f"{f.label}{UNITS.get(f.kind, '')}{target}."


def _model(entity: str, *, creating: bool) -> type[BaseModel]:
    spec = ENTITIES[entity]
    fields: dict[str, Any] = {}
    if not creating:
        fields["id"] = (RecordId, Field(None, description=(
            "The record's id (only the path's id).")))
    for f in spec.fields.values():
        if not f.writable or f.kind in ("id", "many", "composite"):
            continue
        kind, bounds = _type(f)
        if creating and f.required:
            fields[f.name] = (kind, Field(description=_description(f), **bounds))
        else:  # null clears the field (the schema says so once, in the model's description)
            fields[f.name] = (kind, Field(None, description=_description(f),
                                          **bounds))
    verb = "create" if creating else "update"
    doc = (f"The fields of a new {entity} (PUT /entity/{entity})." if creating else
           f"The {entity} fields to change (POST /entity/{entity}/{{entityId}}); the "
           "others stay.")
    if entity == "CorporateUser":
        doc += " A user may update only their own record."

    def finish(schema: dict[str, Any]) -> None:
        tidy(schema, spec.fields)
        schema["x-path-parameters"] = {"entityType": entity}

    return create_model(  # type: ignore[call-overload, no-any-return]
        f"{entity}{verb.capitalize()}", __doc__=doc,
        __config__=ConfigDict(extra="forbid", populate_by_name=True,
                              json_schema_extra=finish), **fields)


SLOT = re.compile(r"^([a-zA-Z]+?)(\d+)$")


def tidy(schema: dict[str, Any], registry: dict[str, F]) -> None:
    """An entity's generated schema as the document shows it: no per-field titles, no null
    defaults, the numbered slots collapsed (`collapse_slots`)."""
    for prop in schema.get("properties", {}).values():
        prop.pop("title", None)
        if prop.get("default", 0) is None:
            del prop["default"]
    collapse_slots(schema, registry)


def collapse_slots(schema: dict[str, Any], registry: dict[str, F]) -> None:
    """Bullhorn's numbered slots of one type (`customText3` to `customText40`) as one
    `patternProperties` entry: the same field 38 times over says no more than once."""
    groups: dict[tuple[str, str], list[int]] = {}
    props = schema.get("properties", {})
    for name, prop in props.items():
        m = SLOT.match(name)
        if m and registry[name].aside:
            shape = json.dumps({k: v for k, v in prop.items() if k != "description"},
                               sort_keys=True)
            groups.setdefault((m.group(1), shape), []).append(int(m.group(2)))
    for (stem, shape), numbers in groups.items():
        if len(numbers) < 3:
            continue
        for n in numbers:
            del props[f"{stem}{n}"]
        names = f"{stem}{numbers[0]} to {stem}{numbers[-1]}"
        schema.setdefault("patternProperties", {})[f"^{stem}({_numbers(numbers)})$"] = {
            **json.loads(shape), "description": f"The slots {names}."}


def _numbers(numbers: list[int]) -> str:
    """A regular expression alternative matching exactly `numbers` (no leading zeros)."""
    by_tens: dict[int, list[int]] = {}
    for n in sorted(numbers):
        by_tens.setdefault(n // 10, []).append(n % 10)
    parts = []
    for tens, units in by_tens.items():
        head = str(tens) if tens else ""
        if units == list(range(units[0], units[-1] + 1)):
            tail = str(units[0]) if len(units) == 1 else f"[{units[0]}-{units[-1]}]"
        else:
            tail = "[" + "".join(map(str, units)) + "]"
        parts.append(head + tail)
    return "|".join(parts)


# What every entity's body shares, said once (in the request body's description).
CONVENTIONS = (
    "one entity's fields, as GET returns them (the schema of the path's entityType). Every "
    "field but a required one may be null, which clears it; a field not listed (to-many "
    "associations, read-only fields) refuses the body. To-one associations are "
    "`{\"id\": n}` of an existing record; dates are epoch milliseconds (UTC); money is "
    f"dollars; text takes at most {STR_MAX} characters unless its maxLength says otherwise.")

CREATED = tuple(n for n, e in ENTITIES.items() if not e.read_only)
UPDATED = tuple(n for n, e in ENTITIES.items() if not e.read_only or e.self_update)
CREATE_MODELS = {n: _model(n, creating=True) for n in CREATED}
UPDATE_MODELS = {n: _model(n, creating=False) for n in UPDATED}


def _any_object(value: Any) -> Any:
    """The body as sent: the write service checks it (in Bullhorn's error style)."""
    return value


# The bodies as the routes take them: any JSON value, documented as one entity's fields.
CreateBody = Annotated[Any, PlainValidator(_any_object, json_schema_input_type=Union[  # noqa: UP007
    tuple(CREATE_MODELS.values())])]
UpdateBody = Annotated[Any, PlainValidator(_any_object, json_schema_input_type=Union[  # noqa: UP007
    tuple(UPDATE_MODELS.values())])]
