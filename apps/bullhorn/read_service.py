"""Reading entities: one request's view of the tables (`Reader`), `fields=` selections,
rendering rows as Bullhorn's wire records, and `GET /entity/{type}/{ids}`.

Reads work on snapshots (`ctx.snapshot(s)`) and filter, sort and page in memory: one
agency's tables are small (hundreds of clients, a few thousand candidates).
"""

from __future__ import annotations

from typing import Any

from arcadia.apps.bullhorn.fields import ADDRESS_PARTS, ENTITIES, MAX_COUNT, MAX_FIELDS, MAX_IDS, F
from arcadia.apps.bullhorn.query import Lookup, comparable
from arcadia.apps.kernel import Ctx, invalid, not_found, parse_ids
from arcadia.apps.kernel.formats import INT64_MAX

# To-many associations show at most this many records inside an entity (Bullhorn's 5
# unless `count` asks for more in the association call).
TO_MANY_SHOWN = 5


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


def entity_ids(text: str, param: str) -> list[int]:
    ids = parse_ids(text, param, what="entity ids")
    if not ids:
        raise invalid(f"{param} must name at least one id.", param)
    if len(ids) > MAX_IDS:
        raise invalid(f"{param}: at most {MAX_IDS} ids at once.", param)
    if any(i > INT64_MAX for i in ids):
        raise invalid(f"{param}: ids are at most {INT64_MAX}.", param)
    return ids


def get_entities(ctx: Ctx, *, entity: str, ids: str, fields: str) -> dict[str, Any]:
    keys = entity_ids(ids, "entityIds")
    selection = parse_fields(entity, fields)
    reader = Reader(ctx)
    rows = [r for r in (reader.one(entity, k) for k in keys) if r is not None]
    if not rows:
        raise not_found(f"No {entity} with id {ids[:80]}; find ids with /search/{entity} "
                        f"or /query/{entity}.", meta={"entityName": entity})
    data = [render(reader, entity, r, selection) for r in rows]
    return {"data": data[0] if len(keys) == 1 else data}


def check_page(count: int, start: int) -> None:
    if count < 1 or count > MAX_COUNT:
        raise invalid(f"count must be 1 to {MAX_COUNT}.", "count")
    if start < 0:
        raise invalid("start must be 0 or more.", "start")
