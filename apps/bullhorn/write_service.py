"""Writing entities: PUT creates, POST updates, DELETE (soft where Bullhorn soft-deletes),
and `massUpdate`.

A write validates the whole body first, collecting every field's problem into one Bullhorn
error (`errors: [...]`), and only then changes rows and commits once.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from sqlmodel import delete as sql_delete

from arcadia.apps.bullhorn import models as m
from arcadia.apps.bullhorn.fields import (
    ADDRESS_PARTS,
    ENTITIES,
    MAX_FIELDS,
    MAX_IDS,
    STR_MAX,
    TEXT_MAX,
    Entity,
    F,
)
from arcadia.apps.bullhorn.query import EPOCH, epoch_ms
from arcadia.apps.bullhorn.read_service import Reader
from arcadia.apps.kernel import Ctx, conflict, get_or_404, invalid, json_text, not_found
from arcadia.apps.kernel.formats import INT64_MAX

# The latest date a date field takes (2100-01-01), in epoch milliseconds.
MAX_EPOCH_MS = 4_102_444_800_000
INT32_MAX = 2**31 - 1


class Problems:
    def __init__(self, entity: str) -> None:
        self.entity = entity
        self.items: list[dict[str, Any]] = []

    def add(self, name: str | None, kind: str, message: str) -> None:
        self.items.append({"propertyName": name, "severity": "ERROR", "type": kind,
                           "detailMessage": message})

    def raise_any(self, what: str) -> None:
        if self.items:
            first = self.items[0]["detailMessage"]
            more = f" (and {len(self.items) - 1} more problem(s), listed in errors)" \
                if len(self.items) > 1 else ""
            raise invalid(f"Cannot {what} {self.entity}: {first}{more}",
                          self.items[0]["propertyName"],
                          meta={"errors": self.items, "entityName": self.entity})


def _money(value: Any) -> int | None:
    number = _number(value)
    if number is None or number < 0 or number >= 10_000_000:
        return None
    return int((number * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def _number(value: Any) -> Decimal | None:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    try:
        number = Decimal(str(value).strip())
    except InvalidOperation:
        return None
    if not number.is_finite() or abs(number) >= Decimal(10) ** 15:
        return None
    return number.normalize() if number == number.to_integral_value() else number


def _convert(reader: Reader, f: F, value: Any, problems: Problems) -> tuple[bool, Any]:
    """(ok, column value) for a body value of field `f`."""
    name = f.name

    def bad(message: str, kind: str = "INVALID_VALUE") -> tuple[bool, Any]:
        problems.add(name, kind, f"{name}: {message}")
        return False, None

    if value is None:
        if f.required:
            return bad("is required and cannot be null.", "MISSING_REQUIRED_PROPERTY")
        return True, None
    if f.kind in ("str", "text"):
        limit = (f.max_len or STR_MAX) if f.kind == "str" else TEXT_MAX
        if not isinstance(value, str) or len(value) > limit or "\x00" in value:
            return bad(f"takes text of at most {limit} characters.")
        if f.required and not value.strip():
            return bad("must not be empty.", "MISSING_REQUIRED_PROPERTY")
        return True, value
    if f.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > INT32_MAX:
            return bad(f"takes a whole number within ±{INT32_MAX}.")
        return True, value
    if f.kind == "bool":
        if isinstance(value, bool):
            return True, value
        if value in (0, 1) and isinstance(value, int):
            return True, bool(value)
        return bad("takes true or false.")
    if f.kind in ("float", "decimal"):
        number = _number(value)
        if number is None:
            return bad("takes a number (e.g. 12.5) of at most 15 digits before the point.")
        return True, number if f.kind == "decimal" else float(number)
    if f.kind == "money":
        cents = _money(value)
        if cents is None:
            return bad("takes an amount of dollars per hour from 0 up to 9,999,999.99 "
                       "(e.g. 45.5).")
        return True, cents
    if f.kind == "date":
        if isinstance(value, bool) or not isinstance(value, int) \
                or not 0 <= value <= MAX_EPOCH_MS:
            return bad("takes epoch milliseconds (UTC) between 1970 and 2100.")
        return True, EPOCH + timedelta(milliseconds=value)
    if f.kind in ("ref", "person"):
        key = value.get("id") if isinstance(value, dict) else None
        if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key <= INT64_MAX:
            return bad('takes an object naming an existing record: {"id": 123}.')
        if f.kind == "ref":
            if reader.one(f.target or "", key) is None:
                return bad(f"{f.target} {key} does not exist.", "INVALID_ASSOCIATION")
            return True, key
        # Candidates and contacts number their ids apart here (Bullhorn's share one
        # Person sequence): `_subtype` says which; without it a Candidate is meant if
        # one has the id.
        subtype = value.get("_subtype")
        if subtype not in (None, "Candidate", "ClientContact"):
            return bad("_subtype is Candidate or ClientContact.")
        kinds = [k for k in ("Candidate", "ClientContact")
                 if subtype in (None, k) and reader.one(k, key) is not None]
        if not kinds:
            return bad(f"no {subtype or 'Candidate or ClientContact'} {key}.",
                       "INVALID_ASSOCIATION")
        return True, (key, kinds[0])
    if f.kind == "address":
        if not isinstance(value, dict):
            return bad("takes an object with address1, address2, city, state, zip, "
                       "countryID.")
        parts = dict(ADDRESS_PARTS)
        out: dict[str, Any] = {}
        for k, v in value.items():
            if k not in parts:
                return bad(f"has no part {str(k)[:40]!r}; parts: {', '.join(parts)}.")
            if k == "countryID":
                if v is not None and (isinstance(v, bool) or not isinstance(v, int)
                                      or not 0 <= v <= INT32_MAX):
                    return bad("countryID takes a whole number.")
            elif v is not None and (not isinstance(v, str) or len(v) > STR_MAX):
                return bad(f"{k} takes text of at most {STR_MAX} characters.")
            out[parts[k]] = v
        return True, out
    return bad("is a to-many association; change it with PUT or DELETE "
               f"/entity/{problems.entity}/{{id}}/{name}/{{ids}}.", "READ_ONLY_PROPERTY")


# Keys of `validate_body`'s answer naming an `aside` field (wire name after the mark).
ASIDE = "@"


def _stored(value: Any) -> Any:
    """A converted value as `field_value` keeps it (JSON)."""
    if isinstance(value, datetime):
        return epoch_ms(value)
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def split_aside(values: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(column values, aside values by wire name)."""
    cols = {k: v for k, v in values.items() if not k.startswith(ASIDE)}
    return cols, {k[len(ASIDE):]: v for k, v in values.items() if k.startswith(ASIDE)}


def store_aside(ctx: Ctx, entity: str, owner: int, values: dict[str, Any]) -> None:
    """Writes the `aside` fields' values (None removes the field's row)."""
    for name, value in values.items():
        row = ctx.session.get(m.FieldValue, (entity, owner, name))
        if value is None:
            if row is not None:
                ctx.session.delete(row)
            continue
        text = json_text(_stored(value))
        if row is None:
            ctx.session.add(m.FieldValue(entity=entity, owner_id=owner, field=name, value=text))
        elif row.value != text:
            row.value = text
            ctx.session.add(row)


def validate_body(reader: Reader, spec: Entity, body: Any, *, creating: bool,
              current_id: int | None) -> dict[str, Any]:
    """Body -> {column: value} (with `address`/`person` expanded), or one error for all."""
    problems = Problems(spec.name)
    if not isinstance(body, dict):
        raise invalid(f"The body must be a JSON object of {spec.name} fields.", "body",
                      meta={"entityName": spec.name})
    if len(body) > MAX_FIELDS:
        raise invalid(f"A body takes at most {MAX_FIELDS} fields.", "body")
    values: dict[str, Any] = {}
    for name, value in body.items():
        f = spec.fields.get(name)
        if f is None:
            problems.add(name, "UNKNOWN_PROPERTY",
                         f"{str(name)[:60]}: {spec.name} has no such field.")
            continue
        if name == "id":
            if creating or value != current_id:
                problems.add(name, "READ_ONLY_PROPERTY", "id is assigned by Bullhorn and "
                             "cannot be set or changed.")
            continue
        if not f.writable:
            problems.add(name, "READ_ONLY_PROPERTY", f"{name} is read-only.")
            continue
        ok, converted = _convert(reader, f, value, problems)
        if not ok:
            continue
        if f.aside:
            values[ASIDE + name] = converted
        elif f.kind == "address":
            values.update(converted or {})
        elif f.kind == "person":
            values["person_reference_id"], values["person_reference_type"] = \
                converted if converted else (None, None)
        else:
            values[f.col or ""] = converted
    if creating:
        for f in spec.fields.values():
            if f.required and f.name not in body:
                problems.add(f.name, "MISSING_REQUIRED_PROPERTY",
                             f"{f.name} is required to create a {spec.name}.")
    problems.raise_any("create" if creating else "update")
    return values


def writable(entity: str, *, ctx: Ctx | None = None, entity_id: int | None = None
             ) -> Entity:
    """The entity, if the request may write it: a read-only entity only where it lets a
    user update their own record (`self_update`: a CorporateUser's own profile)."""
    spec = ENTITIES[entity]
    if spec.read_only:
        if spec.self_update and ctx is not None and entity_id == ctx.principal.id:
            return spec
        own = (f"; you may update your own record (POST /entity/{entity}/"
               f"{ctx.principal.id}), in the fields /meta/{entity} does not mark read-only"
               if spec.self_update and ctx is not None else "")
        raise conflict(f"{entity} records are read-only through this API{own}.",
                       "entityType", meta={"entityName": entity})
    return spec


def _finish_row(spec: Entity, row: Any, problems_entity: str) -> None:
    if spec.person_name:
        row.name = f"{row.first_name} {row.last_name}".strip()
    if spec.name == "Appointment" and row.date_end < row.date_begin:
        raise invalid("Cannot save Appointment: dateEnd is before dateBegin.", "dateEnd",
                      meta={"entityName": problems_entity, "errors": [{
                          "propertyName": "dateEnd", "severity": "ERROR",
                          "type": "INVALID_VALUE",
                          "detailMessage": "dateEnd must not be before dateBegin."}]})


def _author_field(spec: Entity) -> str:
    return next(f.name for f in spec.fields.values() if f.col == spec.author)


def _check_author(ctx: Ctx, spec: Entity, values: dict[str, Any], row: Any | None) -> None:
    """A record with an author is written in its requester's name only, and changed or
    deleted only by that author (`row`: the record as stored, None when creating)."""
    if spec.author is None:
        return
    me, name = ctx.principal.id, _author_field(spec)
    current = None if row is None else getattr(row, spec.author)
    if row is not None and current is not None and current != me:
        raise conflict(f"{spec.name} {row.id} was written by CorporateUser {current}; only "
                       f"its author can change or delete it (you are CorporateUser {me}). "
                       f"Write a new {spec.name} instead.", "entityId",
                       meta={"entityName": spec.name})
    if spec.author in values and values[spec.author] not in (me, current):
        message = (f"{name}: a {spec.name} is written in the name of the user who sends it "
                   f"(CorporateUser {me}), not CorporateUser {values[spec.author]}; leave "
                   f"{name} out, or ask that user to write it.")
        raise invalid(f"Cannot {'create' if row is None else 'update'} {spec.name}: "
                      f"{message}", name, meta={"entityName": spec.name, "errors": [{
                          "propertyName": name, "severity": "ERROR",
                          "type": "INVALID_VALUE", "detailMessage": message}]})


def create(ctx: Ctx, *, entity: str, body: Any) -> dict[str, Any]:
    spec = writable(entity)
    reader = Reader(ctx)
    values, aside = split_aside(validate_body(reader, spec, body, creating=True,
                                              current_id=None))
    _check_author(ctx, spec, values, None)
    if spec.author is not None:
        values[spec.author] = ctx.principal.id  # Bullhorn's default: whoever writes it
    fields = {**spec.defaults, **{k: v for k, v in values.items() if v is not None}}
    if "date_added" in spec.model.model_fields:
        fields["date_added"] = ctx.now
    fields["date_last_modified"] = ctx.now
    if spec.person_name:
        fields["name"] = ""
    row = spec.model(id=ctx.next_id(spec.model), **fields)
    _finish_row(spec, row, entity)
    ctx.session.add(row)
    store_aside(ctx, entity, row.id, aside)
    ctx.commit()
    return {"changedEntityType": entity, "changedEntityId": row.id, "changeType": "INSERT",
            "data": body}


def update(ctx: Ctx, *, entity: str, entity_id: int, body: Any) -> dict[str, Any]:
    spec = writable(entity, ctx=ctx, entity_id=entity_id)
    reader = Reader(ctx)
    row = get_or_404(ctx.session, spec.model, entity_id, what=entity,
                     hint=f"Find ids with /search/{entity} or /query/{entity}.")
    values, aside = split_aside(validate_body(reader, spec, body, creating=False,
                                              current_id=entity_id))
    _check_author(ctx, spec, values, row)
    for col, value in values.items():
        setattr(row, col, value)
    row.date_last_modified = ctx.now
    _finish_row(spec, row, entity)
    ctx.session.add(row)
    store_aside(ctx, entity, entity_id, aside)
    ctx.commit()
    return {"changedEntityType": entity, "changedEntityId": entity_id,
            "changeType": "UPDATE", "data": body}


def delete(ctx: Ctx, *, entity: str, entity_id: int) -> dict[str, Any]:
    spec = writable(entity)
    row = get_or_404(ctx.session, spec.model, entity_id, what=entity,
                     hint=f"Find ids with /search/{entity} or /query/{entity}.")
    if spec.delete is None:
        raise conflict(f"{entity} records cannot be deleted; change their status instead "
                       f"(POST /entity/{entity}/{entity_id}).", "entityId",
                       meta={"entityName": entity})
    _check_author(ctx, spec, {}, row)
    if spec.delete == "soft":
        if row.is_deleted:  # type: ignore[attr-defined]
            raise conflict(f"{entity} {entity_id} is already deleted.", "entityId",
                           meta={"entityName": entity})
        row.is_deleted = True  # type: ignore[attr-defined]
        row.date_last_modified = ctx.now  # type: ignore[attr-defined]
        ctx.session.add(row)
    else:
        links = [(e.name, f.name) for e in ENTITIES.values() for f in e.fields.values()
                 if f.kind == "many" and f.via == "assoc" and f.target == entity]
        for owner, name in links:
            ctx.session.execute(sql_delete(m.Association).where(
                m.Association.entity == owner, m.Association.field == name,  # type: ignore[arg-type]
                m.Association.target_id == entity_id))  # type: ignore[arg-type]
        pointing = [(e.name, f.name) for e in ENTITIES.values() for f in e.fields.values()
                    if f.aside and f.kind == "ref" and f.target == entity]
        for owner, name in pointing:  # the to-one values naming the record go with it
            ctx.session.execute(sql_delete(m.FieldValue).where(
                m.FieldValue.entity == owner, m.FieldValue.field == name,  # type: ignore[arg-type]
                m.FieldValue.value == str(entity_id)))  # type: ignore[arg-type]
        ctx.session.execute(sql_delete(m.FieldValue).where(
            m.FieldValue.entity == entity, m.FieldValue.owner_id == entity_id))  # type: ignore[arg-type]
        ctx.session.delete(row)
    ctx.commit()
    return {"changedEntityType": entity, "changedEntityId": entity_id, "changeType": "DELETE"}


MASS_UPDATE: dict[str, dict[str, str]] = {
    "Candidate": {"isDeleted": "Mass Delete Candidate", "owner": "Mass Update Candidate Owner",
                  "status": "Mass Update Candidate Status"},
    "ClientContact": {"isDeleted": "Mass Delete Contact",
                      "owner": "Mass Update Contact Owner",
                      "status": "Mass Update Contact Status"},
    "ClientCorporation": {"status": "Mass Update Company Status"},
    "JobOrder": {"isDeleted": "Mass Delete Job", "isOpen": "Mass Open/Close Job",
                 "owner": "Mass Update Job Owner", "status": "Mass Update Job Status"},
    "JobSubmission": {"isDeleted": "Mass Delete Submission",
                      "status": "Mass Update Submission Status"},
    "Placement": {"status": "Mass Update Placement Status"},
}


def mass_update_entities() -> list[str]:
    return list(MASS_UPDATE)


def _mass(entity: str) -> dict[str, str]:
    if entity not in MASS_UPDATE:
        raise invalid(f"{entity} does not support mass update; these do: "
                      f"{', '.join(MASS_UPDATE)}.", "entityType")
    return MASS_UPDATE[entity]


def mass_update_fields(*, entity: str) -> list[dict[str, str]]:
    return [{"propertyName": name, "entitlementRequired": right}
            for name, right in _mass(entity).items()]


def mass_update(ctx: Ctx, *, entity: str, body: Any) -> dict[str, Any]:
    """Sets the same properties on every record named in `ids`; all or nothing."""
    allowed = _mass(entity)
    spec = writable(entity)
    if not isinstance(body, dict) or not isinstance(body.get("ids"), list) \
            or not body["ids"]:
        raise invalid('The body is {"ids": [1, 2], "<property>": <value>, ...}.', "ids")
    ids = body["ids"]
    if len(ids) > MAX_IDS or any(isinstance(i, bool) or not isinstance(i, int)
                                 or not 0 <= i <= INT64_MAX for i in ids):
        raise invalid(f"ids takes at most {MAX_IDS} record ids (whole numbers).", "ids")
    changes = {k: v for k, v in body.items() if k != "ids"}
    if not changes:
        raise invalid("Name at least one property to set besides ids.", "body")
    refused = [k for k in changes if k not in allowed]
    if refused:
        raise invalid(f"Mass update of {entity} sets only {', '.join(allowed)}; not "
                      f"{', '.join(str(k)[:40] for k in refused)}.", str(refused[0])[:60])
    reader = Reader(ctx)
    values = validate_body(reader, spec, changes, creating=False, current_id=None)
    keys = list(dict.fromkeys(ids))
    rows = [ctx.session.get(spec.model, k) for k in keys]
    missing = [k for k, r in zip(keys, rows, strict=True) if r is None]
    if missing:
        raise not_found(f"No {entity} with id {', '.join(map(str, missing[:10]))}; nothing "
                        "was changed.", meta={"entityName": entity})
    for row in rows:
        for col, value in values.items():
            setattr(row, col, value)
        row.date_last_modified = ctx.now
        ctx.session.add(row)
    ctx.commit()
    return {"count": len(rows)}
