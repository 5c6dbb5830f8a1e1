"""Bullhorn's rules: the login flow, entity reads and writes, associations, query, search
and meta, over the field registry (`fields.py`).

Reads work on snapshots (`ctx.snapshot(s)`) and filter, sort and page in memory: one
agency's tables are small (hundreds of clients, a few thousand candidates). A write
validates the whole body first, collecting every field's problem into one Bullhorn error
(`errors: [...]`), and only then changes rows and commits once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import timedelta
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any
from urllib.parse import urlencode

from sqlmodel import delete as sql_delete

from arcadia.apps.bullhorn import models as m
from arcadia.apps.bullhorn.fields import (
    ADDRESS_PARTS,
    ENTITIES,
    MAX_COUNT,
    MAX_FIELDS,
    MAX_IDS,
    SEARCHABLE,
    STR_MAX,
    TEXT_MAX,
    Entity,
    F,
)
from arcadia.apps.bullhorn.query import (
    EPOCH,
    Lookup,
    comparable,
    epoch_ms,
    parse_lucene,
    parse_where,
    resolve,
)
from arcadia.apps.kernel import Ctx, conflict, get_or_404, invalid, not_found, parse_ids
from arcadia.apps.kernel.formats import INT64_MAX
from arcadia.world import World
from arcadia.world.agency.handbook import render_handbook

# How long a session lasts (the `/ping` answer), and an OAuth access token's lifetime.
SESSION_MINUTES, ACCESS_TOKEN_SECONDS = 60, 600
# The latest date a date field takes (2100-01-01), in epoch milliseconds.
MAX_EPOCH_MS = 4_102_444_800_000
INT32_MAX = 2**31 - 1
# To-many associations show at most this many records inside an entity (Bullhorn's 5
# unless `count` asks for more in the association call).
TO_MANY_SHOWN = 5


def corp_token(world: World) -> str:
    """The corporation token of the agency's Bullhorn instance (the restUrl's last part)."""
    return f"arc{world.spec.seed}"


def check_corp(ctx: Ctx, corp: str) -> None:
    if corp != corp_token(ctx.episode.world):
        raise not_found(f"No corporation {corp[:40]!r} here: use the restUrl that "
                        "/rest-services/login returned (its corporation token is "
                        f"{corp_token(ctx.episode.world)!r}).")


def rest_url(ctx: Ctx, base: str) -> str:
    return f"{base}/rest-services/{corp_token(ctx.episode.world)}/"


def _check_user(ctx: Ctx, username: str | None) -> None:
    if username is not None and username.strip().lower() not in (
            ctx.principal.email.lower(), ctx.principal.email.split("@")[0].lower()):
        raise invalid(f"username {username[:60]!r} is not the user of this credential "
                      f"({ctx.principal.email}); send that user's email or login name, "
                      "or leave username out.", "username")


def authorize(ctx: Ctx, *, credential: str, base: str, client_id: str, response_type: str,
              username: str | None, redirect_uri: str | None, state: str | None) -> str:
    """The redirect location carrying the authorization code. The code, the access token
    and the BhRestToken are all the episode's credential (the kernel resolves it on every
    call), so the flow needs no state of its own."""
    if response_type != "code":
        raise invalid("response_type must be 'code'.", "response_type")
    if not client_id.strip():
        raise invalid("client_id must not be empty.", "client_id")
    _check_user(ctx, username)
    target = redirect_uri or f"{base}/oauth/callback"
    params = {"code": credential, "client_id": client_id}
    if state is not None:
        params["state"] = state
    return f"{target}{'&' if '?' in target else '?'}{urlencode(params)}"


def token(ctx: Ctx, *, credential: str, grant_type: str, client_id: str,
          client_secret: str) -> dict[str, Any]:
    if grant_type not in ("authorization_code", "refresh_token"):
        raise invalid("grant_type must be 'authorization_code' or 'refresh_token'.",
                      "grant_type")
    if not client_id.strip() or not client_secret.strip():
        raise invalid("client_id and client_secret must not be empty.", "client_id")
    value = credential
    return {"access_token": value, "token_type": "Bearer", "expires_in": ACCESS_TOKEN_SECONDS,
            "refresh_token": value}


def login(ctx: Ctx, *, credential: str, base: str, version: str) -> dict[str, Any]:
    if not version.strip():
        raise invalid("version must not be empty; send version=*.", "version")
    return {"BhRestToken": credential, "restUrl": rest_url(ctx, base)}


def handbook(ctx: Ctx) -> str:
    """The agency's operating handbook (Markdown), with this world's policy figures."""
    agency = ctx.episode.world.agency
    if agency.policy is None:
        raise not_found("This world has no agency, so no handbook.")
    return render_handbook(agency.policy, agency.name)


def ping(ctx: Ctx) -> dict[str, Any]:
    return {"sessionExpires": epoch_ms(ctx.now + timedelta(minutes=SESSION_MINUTES))}


# ---- reading -------------------------------------------------------------------------------

class Reader:
    """One request's view of the tables: snapshots by entity, and to-many indexes."""

    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.lookup = Lookup(self._load)
        self._many: dict[tuple[str, str], dict[int, list[int]]] = {}
        self._one: dict[tuple[str, int], Any] = {}

    def _load(self, entity: str) -> dict[int, Any]:
        return {r.id: r for r in self.ctx.snapshots(ENTITIES[entity].model)}

    def all(self, entity: str) -> list[Any]:
        return list(self.lookup.rows(entity).values())

    def one(self, entity: str, key: int) -> Any | None:
        if key > INT64_MAX:
            return None
        cached = self.lookup.loaded(entity)
        if cached is not None:
            return cached.get(key)
        if (entity, key) not in self._one:
            self._one[(entity, key)] = self.ctx.snapshot(ENTITIES[entity].model, key)
        return self._one[(entity, key)]

    def many(self, entity: str, f: F) -> dict[int, list[int]]:
        key = (entity, f.name)
        if key not in self._many:
            index: dict[int, list[int]] = {}
            if f.via == "assoc":
                rows = self.ctx.rows("SELECT owner_id, target_id FROM association WHERE "
                                     "entity = ? AND field = ? ORDER BY owner_id, target_id",
                                     (entity, f.name))
            else:
                table = ENTITIES[f.target or ""].model.__tablename__  # type: ignore[attr-defined]
                rows = self.ctx.rows(f"SELECT {f.via}, id FROM {table} WHERE {f.via} IS NOT "
                                     f"NULL ORDER BY {f.via}, id")
            for owner, target in rows:
                index.setdefault(owner, []).append(target)
            self._many[key] = index
        return self._many[key]


Selection = list[tuple[F, list[str] | None]]


def parse_fields(entity: str, text: str | None, param: str = "fields") -> Selection:
    """`fields=`: `*`, or names with optional sub-fields of associations
    (`id,firstName,owner(id,firstName),submissions(id,status)`)."""
    spec = ENTITIES[entity]
    text = (text or "").strip()
    if not text:
        raise invalid(f"{param} is required: name the fields to return (e.g. "
                      f"{param}=id,{next(iter(spec.fields.values())).name}) or send "
                      f"{param}=*.", param)
    if len(text) > 4000:
        raise invalid(f"{param} is at most 4000 characters.", param)
    items: list[str] = []
    depth, start = 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise invalid(f"{param}: a ')' has no '('.", param)
        elif ch == "," and depth == 0:
            items.append(text[start:i].strip())
            start = i + 1
    if depth != 0:
        raise invalid(f"{param}: a '(' is not closed.", param)
    items.append(text[start:].strip())
    out: Selection = [(spec.fields["id"], None)]
    seen = {"id"}
    for item in items:
        if not item:
            continue
        if item == "*":
            for f in spec.fields.values():
                if f.name not in seen:
                    seen.add(f.name)
                    out.append((f, None))
            continue
        name, _, rest = item.partition("(")
        name = name.strip()
        f = spec.fields.get(name)
        if f is None:
            raise invalid(f"{param}: {entity} has no field {name[:60]!r}; its fields are "
                          f"{', '.join(spec.fields)}.", param)
        subs: list[str] | None = None
        if rest:
            if f.kind not in ("ref", "many", "person"):
                raise invalid(f"{param}: {name} is not an association; only associations "
                              "take sub-fields in parentheses.", param)
            subs = [s.strip() for s in rest[:-1].split(",") if s.strip()]
            target = ENTITIES[f.target] if f.target else None
            for s in subs:
                if s == "*" or s == "_subtype":
                    continue
                if target is not None and s not in target.fields:
                    raise invalid(f"{param}: {target.name} has no field {s[:60]!r}.", param)
                if target is None and s not in ("id", "firstName", "lastName", "name",
                                                "email"):
                    raise invalid(f"{param}: personReference takes id, firstName, lastName, "
                                  "name, email or _subtype.", param)
        if name not in seen:
            seen.add(name)
            out.append((f, subs))
    if len(out) > MAX_FIELDS:
        raise invalid(f"{param}: at most {MAX_FIELDS} fields.", param)
    return out


def _scalar(f: F, row: Any) -> Any:
    if f.kind == "address":
        return {wire: getattr(row, col) for wire, col in ADDRESS_PARTS}
    value = comparable(f, getattr(row, f.col or ""))
    if f.kind == "money" and value is not None:
        return float(value)
    return value


def _nested(reader: Reader, target: str, key: int | None, subs: list[str] | None
            ) -> dict[str, Any] | None:
    if key is None:
        return None
    spec = ENTITIES[target]
    row = reader.one(target, key)
    out: dict[str, Any] = {"id": key}
    if row is None:
        return out
    names = spec.display if subs is None else (
        [f for f in spec.fields if spec.fields[f].kind != "many"] if "*" in subs else subs)
    for name in names:
        f = spec.fields[name]
        if f.kind in ("ref", "person"):
            col = getattr(row, f.col or "")
            out[name] = None if col is None else {"id": col}
        elif f.kind == "many":
            ids = reader.many(target, f).get(key, [])
            out[name] = {"total": len(ids), "data": [{"id": i} for i in ids[:TO_MANY_SHOWN]]}
        else:
            out[name] = _scalar(f, row)
    return out


def render(reader: Reader, entity: str, row: Any, selection: Selection) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f, subs in selection:
        if f.kind == "ref":
            out[f.name] = _nested(reader, f.target or "", getattr(row, f.col or ""), subs)
        elif f.kind == "person":
            key, kind = row.person_reference_id, row.person_reference_type
            if key is None or kind is None:
                out[f.name] = None
            else:
                body = _nested(reader, kind, key, [s for s in (subs or ["id", "firstName",
                                                                        "lastName"])
                                                   if s != "_subtype"]) or {"id": key}
                out[f.name] = {**body, "_subtype": kind}
        elif f.kind == "many":
            ids = reader.many(entity, f).get(row.id, [])
            out[f.name] = {"total": len(ids),
                           "data": [_nested(reader, f.target or "", i, subs)
                                    for i in ids[:TO_MANY_SHOWN]]}
        else:
            out[f.name] = _scalar(f, row)
    return out


def _ids(text: str, param: str) -> list[int]:
    ids = parse_ids(text, param, what="entity ids")
    if not ids:
        raise invalid(f"{param} must name at least one id.", param)
    if len(ids) > MAX_IDS:
        raise invalid(f"{param}: at most {MAX_IDS} ids at once.", param)
    if any(i > INT64_MAX for i in ids):
        raise invalid(f"{param}: ids are at most {INT64_MAX}.", param)
    return ids


def get_entities(ctx: Ctx, *, entity: str, ids: str, fields: str) -> dict[str, Any]:
    keys = _ids(ids, "entityIds")
    selection = parse_fields(entity, fields)
    reader = Reader(ctx)
    rows = [r for r in (reader.one(entity, k) for k in keys) if r is not None]
    if not rows:
        raise not_found(f"No {entity} with id {ids[:80]}; find ids with /search/{entity} "
                        f"or /query/{entity}.", meta={"entityName": entity})
    data = [render(reader, entity, r, selection) for r in rows]
    return {"data": data[0] if len(keys) == 1 else data}


def _order(reader: Reader, entity: str, rows: list[Any], spec: str | None, param: str
           ) -> list[Any]:
    keys: list[tuple[Callable[[Any], Any], bool]] = []
    for item in [s.strip() for s in (spec or "").split(",") if s.strip()][:5]:
        desc = item.startswith("-")
        path = item.lstrip("-+")
        _, get = resolve(entity, path, reader.lookup, param)
        keys.append((get, desc))
    rows = sorted(rows, key=lambda r: r.id)
    for get, desc in reversed(keys):
        present = [r for r in rows if get(r) is not None]
        missing = [r for r in rows if get(r) is None]
        present.sort(key=lambda r: _key(get(r)), reverse=desc)
        rows = (present + missing) if desc else (missing + present)
    return rows


def _key(value: Any) -> Any:
    return value.casefold() if isinstance(value, str) else value


def _page(count: int, start: int) -> None:
    if count < 1 or count > MAX_COUNT:
        raise invalid(f"count must be 1 to {MAX_COUNT}.", "count")
    if start < 0:
        raise invalid("start must be 0 or more.", "start")


def query(ctx: Ctx, *, entity: str, where: str, fields: str, order_by: str | None,
          count: int, start: int, show_total: bool) -> dict[str, Any]:
    _page(count, start)
    selection = parse_fields(entity, fields)
    reader = Reader(ctx)
    pred = parse_where(entity, where, reader.lookup)
    matched = [r for r in reader.all(entity) if pred(r)]
    matched = _order(reader, entity, matched, order_by, "orderBy")
    page = matched[start:start + count]
    body: dict[str, Any] = {"start": start, "count": len(page),
                            "data": [render(reader, entity, r, selection) for r in page]}
    if show_total:
        body = {"total": len(matched), **body}
    return body


def search(ctx: Ctx, *, entity: str, query_text: str, fields: str, sort: str | None,
           count: int, start: int) -> dict[str, Any]:
    if entity not in SEARCHABLE:
        raise invalid(f"{entity} is not in the search index; use /query/{entity}?where=.",
                      "entityType")
    _page(count, start)
    selection = parse_fields(entity, fields)
    reader = Reader(ctx)
    pred = parse_lucene(entity, query_text, reader.lookup)
    matched = [r for r in reader.all(entity) if pred(r)]
    matched = _order(reader, entity, matched, sort, "sort")
    page = matched[start:start + count]
    return {"total": len(matched), "start": start, "count": len(page),
            "data": [{**render(reader, entity, r, selection), "_score": 1.0} for r in page]}


def _association(entity: str, name: str) -> F:
    f = ENTITIES[entity].fields.get(name)
    if f is None or f.kind != "many":
        names = [k for k, v in ENTITIES[entity].fields.items() if v.kind == "many"]
        raise invalid(f"{entity} has no to-many association {name[:60]!r}; its to-many "
                      f"associations are {', '.join(names) or 'none'}.", "association")
    return f


def get_association(ctx: Ctx, *, entity: str, ids: str, association: str, fields: str,
                    count: int, start: int) -> dict[str, Any]:
    _page(count, start)
    f = _association(entity, association)
    keys = _ids(ids, "entityIds")
    target = f.target or ""
    selection = parse_fields(target, fields)
    reader = Reader(ctx)
    if not [k for k in keys if reader.one(entity, k) is not None]:
        raise not_found(f"No {entity} with id {ids[:80]}.", meta={"entityName": entity})
    index = reader.many(entity, f)
    linked = [t for k in keys for t in index.get(k, [])]
    rows = [r for r in (reader.one(target, t) for t in linked) if r is not None]
    page = rows[start:start + count]
    return {"total": len(rows), "start": start, "count": len(page),
            "data": [render(reader, target, r, selection) for r in page]}


# ---- writing -------------------------------------------------------------------------------

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
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    try:
        number = Decimal(str(value).strip())
    except InvalidOperation:
        return None
    if not number.is_finite() or number < 0 or number >= 10_000_000:
        return None
    return int((number * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


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
        limit = STR_MAX if f.kind == "str" else TEXT_MAX
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


def _validate(reader: Reader, spec: Entity, body: Any, *, creating: bool,
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
        if f.kind == "address":
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


def _writable(entity: str) -> Entity:
    spec = ENTITIES[entity]
    if spec.read_only:
        raise conflict(f"{entity} records are read-only through this API.", "entityType",
                       meta={"entityName": entity})
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


def create(ctx: Ctx, *, entity: str, body: Any) -> dict[str, Any]:
    spec = _writable(entity)
    reader = Reader(ctx)
    values = _validate(reader, spec, body, creating=True, current_id=None)
    fields = {**spec.defaults, **{k: v for k, v in values.items() if v is not None}}
    if "date_added" in spec.model.model_fields:
        fields["date_added"] = ctx.now
    if spec.person_name:
        fields["name"] = ""
    row = spec.model(id=ctx.next_id(spec.model), **fields)
    _finish_row(spec, row, entity)
    ctx.session.add(row)
    ctx.commit()
    return {"changedEntityType": entity, "changedEntityId": row.id, "changeType": "INSERT",
            "data": body}


def update(ctx: Ctx, *, entity: str, entity_id: int, body: Any) -> dict[str, Any]:
    spec = _writable(entity)
    reader = Reader(ctx)
    row = get_or_404(ctx.session, spec.model, entity_id, what=entity,
                     hint=f"Find ids with /search/{entity} or /query/{entity}.")
    values = _validate(reader, spec, body, creating=False, current_id=entity_id)
    for col, value in values.items():
        setattr(row, col, value)
    _finish_row(spec, row, entity)
    ctx.session.add(row)
    ctx.commit()
    return {"changedEntityType": entity, "changedEntityId": entity_id,
            "changeType": "UPDATE", "data": body}


def delete(ctx: Ctx, *, entity: str, entity_id: int) -> dict[str, Any]:
    spec = _writable(entity)
    row = get_or_404(ctx.session, spec.model, entity_id, what=entity,
                     hint=f"Find ids with /search/{entity} or /query/{entity}.")
    if spec.delete is None:
        raise conflict(f"{entity} records cannot be deleted; change their status instead "
                       f"(POST /entity/{entity}/{entity_id}).", "entityId",
                       meta={"entityName": entity})
    if spec.delete == "soft":
        if row.is_deleted:  # type: ignore[attr-defined]
            raise conflict(f"{entity} {entity_id} is already deleted.", "entityId",
                           meta={"entityName": entity})
        row.is_deleted = True  # type: ignore[attr-defined]
        ctx.session.add(row)
    else:
        links = [(e.name, f.name) for e in ENTITIES.values() for f in e.fields.values()
                 if f.kind == "many" and f.via == "assoc" and f.target == entity]
        for owner, name in links:
            ctx.session.execute(sql_delete(m.Association).where(
                m.Association.entity == owner, m.Association.field == name,  # type: ignore[arg-type]
                m.Association.target_id == entity_id))  # type: ignore[arg-type]
        ctx.session.delete(row)
    ctx.commit()
    return {"changedEntityType": entity, "changedEntityId": entity_id, "changeType": "DELETE"}


def associate(ctx: Ctx, *, entity: str, entity_id: int, association: str, ids: str,
              add: bool) -> dict[str, Any]:
    spec = _writable(entity)
    f = _association(entity, association)
    if f.via != "assoc":
        raise invalid(f"{entity}.{association} lists the {f.target} records that point to "
                      f"this {entity}; change it by setting their own field, not here.",
                      "association")
    targets = _ids(ids, "associationIds")
    get_or_404(ctx.session, spec.model, entity_id, what=entity)
    reader = Reader(ctx)
    missing = [t for t in targets if reader.one(f.target or "", t) is None]
    if missing:
        raise not_found(f"No {f.target} with id {', '.join(map(str, missing[:10]))}.",
                        meta={"entityName": f.target})
    linked = set(reader.many(entity, f).get(entity_id, []))
    clash = [t for t in targets if (t in linked) == add]
    if clash:
        state = "already" if add else "not"
        verb = "is" if len(clash) == 1 else "are"
        raise conflict(f"{f.target} {', '.join(map(str, clash[:10]))} {verb} "
                       f"{state} associated with {entity} {entity_id} as {association}; "
                       "nothing was changed.", "associationIds", meta={"entityName": entity})
    for t in targets:
        if add:
            ctx.session.add(m.Association(entity=entity, field=association, owner_id=entity_id,
                                          target_id=t))
        else:
            ctx.session.execute(sql_delete(m.Association).where(
                m.Association.entity == entity, m.Association.field == association,  # type: ignore[arg-type]
                m.Association.owner_id == entity_id, m.Association.target_id == t))  # type: ignore[arg-type]
    ctx.commit()
    return {"changedEntityType": entity, "changedEntityId": entity_id,
            "changeType": "ASSOCIATE" if add else "DISASSOCIATE"}


# ---- meta ----------------------------------------------------------------------------------

DATA_TYPES = {"id": "Integer", "int": "Integer", "str": "String", "text": "String",
              "bool": "Boolean", "money": "BigDecimal", "date": "Timestamp",
              "address": "Address"}


def _field_meta(f: F, base: str) -> dict[str, Any]:
    out: dict[str, Any] = {"name": f.name, "label": f.label}
    if f.kind in ("ref", "person", "many"):
        out["type"] = "TO_MANY" if f.kind == "many" else "TO_ONE"
        target = f.target or "Person"
        out["associatedEntity"] = {"entity": target, "entityMetaUrl": f"{base}meta/{target}"}
    else:
        out["type"] = "ID" if f.kind == "id" else \
            "COMPOSITE" if f.kind == "address" else "SCALAR"
        out["dataType"] = DATA_TYPES[f.kind]
        if f.kind in ("str", "text"):
            out["maxLength"] = STR_MAX if f.kind == "str" else TEXT_MAX
    out["required"] = f.required
    out["readOnly"] = not f.writable or f.kind == "many"
    return out


def meta(ctx: Ctx, *, entity: str, fields: str | None, base: str) -> dict[str, Any]:
    spec = ENTITIES[entity]
    rest = rest_url(ctx, base)
    names = [s.strip() for s in (fields or "*").split(",") if s.strip()][:MAX_FIELDS]
    chosen: list[F] = []
    for name in names or ["*"]:
        if name == "*":
            chosen += [f for f in spec.fields.values() if f not in chosen]
        elif name in spec.fields:
            if spec.fields[name] not in chosen:
                chosen.append(spec.fields[name])
        else:
            raise invalid(f"fields: {entity} has no field {name[:60]!r}.", "fields")
    return {"entity": entity, "entityMetaUrl": f"{rest}meta/{entity}", "label": spec.label,
            "fields": [_field_meta(f, rest) for f in chosen]}


def meta_list(ctx: Ctx, *, base: str) -> list[dict[str, Any]]:
    rest = rest_url(ctx, base)
    return [{"entity": e.name, "metaUrl": f"{rest}meta/{e.name}", "label": e.label}
            for e in ENTITIES.values()]


def entity_names() -> Sequence[str]:
    return tuple(ENTITIES)


# ---- FastFind, mass update, association pairs ----------------------------------------------

FIND_ENTITIES = ("ClientContact", "JobOrder", "Candidate", "ClientCorporation")
_PHONE = re.compile(r"^\+?[\d\s().-]{7,}$")


def _words(text: str | None) -> list[str]:
    return re.findall(r"\w+", (text or "").lower())


def find(ctx: Ctx, *, query_text: str, count_per_entity: int) -> dict[str, Any]:
    """FastFind: ids, emails, phone numbers or names, across clients, contacts, job orders
    and candidates; each hit names its entity type, id, a title and a by-line."""
    text = query_text.strip()
    if not text:
        raise invalid("query must not be empty; send a name, an email, a phone or an id.",
                      "query")
    reader = Reader(ctx)
    digits = re.sub(r"\D", "", text)
    wanted = _words(text)
    out: list[dict[str, Any]] = []
    for entity in FIND_ENTITIES:
        hits = []
        for row in reader.all(entity):
            if getattr(row, "is_deleted", False):
                continue
            if text.isdigit():
                hit = row.id == int(text) if len(text) < 19 else False
            elif "@" in text:
                hit = (getattr(row, "email", None) or "").lower() == text.lower()
            elif _PHONE.match(text) and len(digits) >= 7:
                hit = any(re.sub(r"\D", "", getattr(row, col, None) or "").endswith(digits)
                          for col in ("phone", "mobile"))
            else:
                title = row.title if entity == "JobOrder" else row.name
                have = _words(title)
                hit = all(any(h.startswith(w) for h in have) for w in wanted)
            if hit:
                hits.append(row)
            if len(hits) >= count_per_entity:
                break
        for row in hits:
            title = row.title if entity == "JobOrder" else row.name
            if entity in ("JobOrder", "ClientContact"):
                corp = reader.one("ClientCorporation", row.client_corporation_id)
                by_line = corp.name if corp is not None else ""
            else:
                by_line = row.status if entity != "Candidate" else (row.email or "")
            out.append({"id": row.id, "entityType": entity, "entityId": row.id,
                        "title": title, "byLine": by_line})
    return {"data": out}


# Per entity: the properties mass update changes, and the entitlement each needs.
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
    spec = _writable(entity)
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
    values = _validate(reader, spec, changes, creating=False, current_id=None)
    keys = list(dict.fromkeys(ids))
    rows = [ctx.session.get(spec.model, k) for k in keys]
    missing = [k for k, r in zip(keys, rows, strict=True) if r is None]
    if missing:
        raise not_found(f"No {entity} with id {', '.join(map(str, missing[:10]))}; nothing "
                        "was changed.", meta={"entityName": entity})
    for row in rows:
        for col, value in values.items():
            setattr(row, col, value)
        ctx.session.add(row)
    ctx.commit()
    return {"count": len(rows)}


def association_pairs(ctx: Ctx, *, entity: str, association: str, body: Any
                      ) -> dict[str, Any]:
    """`POST /association/{entity}/{association}`: (owner id, associated id) pairs."""
    f = _association(entity, association)
    ids = body.ids
    if not ids or len(ids) > MAX_IDS:
        raise invalid(f"ids names 1 to {MAX_IDS} {entity} ids.", "ids")
    reader = Reader(ctx)
    index = reader.many(entity, f)
    pairs = [[k, t] for k in dict.fromkeys(ids) for t in index.get(k, [])]
    page = pairs[body.start:body.start + body.count]
    out: dict[str, Any] = {"data": page}
    if body.showTotalMatched:
        out = {"total": len(pairs), **out}
    return out
