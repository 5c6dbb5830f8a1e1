"""Reading entities: one request's view of the tables (`Reader`), `fields=` selections,
rendering rows as Bullhorn's wire records, and `GET /entity/{type}/{ids}`.

Reads work on snapshots (`ctx.snapshot(s)`) and filter, sort and page in memory: one
agency's tables are small (hundreds of clients, a few thousand candidates).
"""

from __future__ import annotations

from typing import Any

from arcadia.apps.bullhorn.fields import (
    ADDRESS_PARTS,
    ENTITIES,
    MAX_COUNT,
    MAX_FIELDS,
    MAX_IDS,
    F,
    core,
    field_names,
)
from arcadia.apps.bullhorn.query import Lookup, comparable
from arcadia.apps.kernel import Ctx, invalid, json_value, not_found, parse_ids
from arcadia.apps.kernel.formats import INT64_MAX

# To-many associations show at most this many records inside an entity (Bullhorn's 5
# unless `count` asks for more in the association call).
TO_MANY_SHOWN = 5


class Reader:
    """One request's view of the tables: snapshots by entity, and to-many indexes."""

    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.lookup = Lookup(self._load, self._load_aside)
        self._many: dict[tuple[str, str], dict[int, list[int]]] = {}
        self._one: dict[tuple[str, int], Any] = {}

    def _load(self, entity: str) -> dict[int, Any]:
        return {r.id: r for r in self.ctx.snapshots(ENTITIES[entity].model)}

    def _load_aside(self, entity: str) -> list[tuple[int, str, str]]:
        return list(self.ctx.rows("SELECT owner_id, field, value FROM field_value WHERE "
                                  "entity = ? ORDER BY owner_id, field", (entity,)))

    def value(self, entity: str, f: F, row: Any) -> Any:
        return self.lookup.value(entity, f, row)

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
            for owner, target in self._links(entity, f):
                index.setdefault(owner, []).append(target)
            self._many[key] = index
        return self._many[key]


    def _links(self, entity: str, f: F) -> list[tuple[int, int]]:
        """(owner, target) pairs of a to-many field, ordered."""
        via = f.via or ""
        if via == "assoc":
            return list(self.ctx.rows(
                "SELECT owner_id, target_id FROM association WHERE entity = ? AND field = ? "
                "ORDER BY owner_id, target_id", (entity, f.name)))
        if via.startswith("rev:"):  # the reverse of another entity's association
            other, _, name = via[4:].partition(".")
            if ENTITIES[other].fields[name].via == "assoc":
                return list(self.ctx.rows(
                    "SELECT target_id, owner_id FROM association WHERE entity = ? AND "
                    "field = ? ORDER BY target_id, owner_id", (other, name)))
            pairs = [(int(json_value(v)), o) for o, v in self.ctx.rows(
                "SELECT owner_id, value FROM field_value WHERE entity = ? AND field = ?",
                (other, name))]
            return sorted(pairs)
        if via.startswith("pairs:"):  # distinct column pairs of a table
            table, owner, target = via[6:].split(":")
            return list(self.ctx.rows(
                f"SELECT DISTINCT {owner}, {target} FROM {table} WHERE {owner} IS NOT NULL "
                f"AND {target} IS NOT NULL ORDER BY {owner}, {target}"))
        table = ENTITIES[f.target or ""].model.__tablename__  # type: ignore[attr-defined]
        where = ""
        params: tuple[Any, ...] = ()
        if f.where is not None:
            where, params = f" AND {f.where[0]} = ?", (f.where[1],)
        return list(self.ctx.rows(f"SELECT {via}, id FROM {table} WHERE {via} IS NOT NULL"
                                  f"{where} ORDER BY {via}, id", params))


# A parsed `fields=` level: each name with its own sub-selection (None: none in parentheses).
Tree = list[tuple[str, "Tree | None"]]
Selection = list[tuple[F, Tree | None]]
# How deep sub-selections may nest (`jobOrder(clientCorporation(id,name))` is 2).
MAX_DEPTH = 4
PERSON_SUBS = ("id", "firstName", "lastName", "name", "email")


def _split(text: str, param: str) -> list[str]:
    """The comma-separated items of one level, parentheses kept whole."""
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
    return [i for i in items if i]


def _tree(text: str, param: str, depth: int = 0) -> Tree:
    if depth > MAX_DEPTH:
        raise invalid(f"{param}: sub-selections nest at most {MAX_DEPTH} deep.", param)
    out: Tree = []
    for item in _split(text, param):
        name, paren, rest = item.partition("(")
        name, rest = name.strip(), rest.strip()
        if paren and not rest.endswith(")"):
            raise invalid(f"{param}: {item[:60]!r} has text after its ')'.", param)
        out.append((name, _tree(rest[:-1], param, depth + 1) if paren else None))
    return out


def _check_subs(owner: str, f: F, subs: Tree, param: str) -> None:
    """A sub-selection names fields of the association's entity; to-one ones may take
    their own sub-selection, to-many ones only at the top level (as Bullhorn)."""
    if f.target is None:  # personReference: a Candidate or a ClientContact
        for s, deeper in subs:
            if s not in (*PERSON_SUBS, "_subtype", "*") or deeper is not None:
                raise invalid(f"{param}: {f.name} takes {', '.join(PERSON_SUBS)} or "
                              "_subtype.", param)
        return
    target = ENTITIES[f.target]
    for s, deeper in subs:
        if s in ("*", "_subtype") and deeper is None:
            continue
        sub = target.fields.get(s)
        if sub is None:
            raise invalid(f"{param}: {target.name} (the entity of {owner}.{f.name}) has no "
                          f"field {s[:60]!r}; its fields are {field_names(target)}.", param)
        if deeper is not None:
            if sub.kind == "many":
                raise invalid(f"{param}: {target.name}.{s} is a to-many association, which "
                              f"takes sub-fields only at the top level, not inside "
                              f"{f.name}(...).", param)
            if sub.kind not in ("ref", "person"):
                raise invalid(f"{param}: {target.name}.{s} is not an association; only "
                              "associations take sub-fields in parentheses.", param)
            _check_subs(target.name, sub, deeper, param)


def parse_fields(entity: str, text: str | None, param: str = "fields") -> Selection:
    """`fields=`: `*`, or names with optional sub-fields of associations, to-one ones
    nested (`id,firstName,owner(id,firstName),submissions(id,jobOrder(id,title))`)."""
    spec = ENTITIES[entity]
    text = (text or "").strip()
    if not text:
        raise invalid(f"{param} is required: name the fields to return (e.g. "
                      f"{param}=id,{next(iter(spec.fields.values())).name}) or send "
                      f"{param}=*.", param)
    if len(text) > 4000:
        raise invalid(f"{param} is at most 4000 characters.", param)
    out: Selection = [(spec.fields["id"], None)]
    seen = {"id"}
    for name, subs in _tree(text, param):
        if name == "*" and subs is None:
            for f in core(spec):
                if f.name not in seen:
                    seen.add(f.name)
                    out.append((f, None))
            continue
        f = spec.fields.get(name)
        if f is None:
            raise invalid(f"{param}: {entity} has no field {name[:60]!r}; its fields are "
                          f"{field_names(spec)}.", param)
        if subs is not None:
            if f.kind not in ("ref", "many", "person"):
                raise invalid(f"{param}: {name} is not an association; only associations "
                              "take sub-fields in parentheses.", param)
            _check_subs(entity, f, subs, param)
        if name not in seen:
            seen.add(name)
            out.append((f, subs))
    if len(out) > MAX_FIELDS:
        raise invalid(f"{param}: at most {MAX_FIELDS} fields.", param)
    return out


def _scalar(reader: Reader, entity: str, f: F, row: Any) -> Any:
    if f.kind == "address":
        if f.aside:
            parts = reader.value(entity, f, row) or {}
            return {wire: parts.get(col) for wire, col in ADDRESS_PARTS}
        return {wire: getattr(row, col) for wire, col in ADDRESS_PARTS}
    if f.kind == "composite":
        fields = ENTITIES[entity].fields
        parts = reader.value(entity, f, row)
        return {p: comparable(fields[p], parts[p]) for p in f.parts}
    value = comparable(f, reader.value(entity, f, row))
    if f.kind in ("money", "float", "decimal") and value is not None:
        return float(value)
    return value


def _names(spec: Any, subs: Tree | None) -> Tree:
    """The sub-fields to show: the entity's defaults when none are asked for, `*` as
    every field but the to-many ones."""
    if subs is None:
        return [(n, None) for n in spec.display]
    out: Tree = []
    for name, deeper in subs:
        if name == "*":
            out += [(f.name, None) for f in core(spec) if f.kind != "many"]
        elif name != "_subtype":
            out.append((name, deeper))
    return out


def _nested(reader: Reader, target: str, key: int | None, subs: Tree | None
            ) -> dict[str, Any] | None:
    if key is None:
        return None
    spec = ENTITIES[target]
    row = reader.one(target, key)
    out: dict[str, Any] = {"id": key}
    if row is None:
        return out
    for name, deeper in _names(spec, subs):
        f = spec.fields[name]
        if f.kind == "ref":
            col = reader.value(target, f, row)
            out[name] = (None if col is None else {"id": col}) if deeper is None else \
                _nested(reader, f.target or "", col, deeper)
        elif f.kind == "person":
            out[name] = _person(reader, _who(reader, target, f, row), deeper or [("id", None)])
        elif f.kind == "many":
            ids = reader.many(target, f).get(key, [])
            out[name] = {"total": len(ids), "data": [{"id": i} for i in ids[:TO_MANY_SHOWN]]}
        else:
            out[name] = _scalar(reader, target, f, row)
    return out


def _who(reader: Reader, entity: str, f: F, row: Any) -> tuple[Any, Any]:
    """A person field's (id, entity type): Note's `personReference` columns, or the
    stored pair of an `aside` one (`referredByPerson`)."""
    if f.aside:
        return reader.value(entity, f, row) or (None, None)
    return row.person_reference_id, row.person_reference_type


def _person(reader: Reader, who: tuple[Any, Any], subs: Tree | None
            ) -> dict[str, Any] | None:
    """A person field: the Candidate or ClientContact, with its `_subtype`."""
    key, kind = who
    if key is None or kind is None:
        return None
    names = [n for n, _ in (subs or [(n, None) for n in ("id", "firstName", "lastName")])
             if n != "_subtype"]
    body = _nested(reader, kind, key, [(n, None) for n in names]) or {"id": key}
    return {**body, "_subtype": kind}


def render(reader: Reader, entity: str, row: Any, selection: Selection) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f, subs in selection:
        if f.kind == "ref":
            out[f.name] = _nested(reader, f.target or "", reader.value(entity, f, row), subs)
        elif f.kind == "person":
            out[f.name] = _person(reader, _who(reader, entity, f, row), subs)
        elif f.kind == "many":
            ids = reader.many(entity, f).get(row.id, [])
            out[f.name] = {"total": len(ids),
                           "data": [_nested(reader, f.target or "", i, subs)
                                    for i in ids[:TO_MANY_SHOWN]]}
        else:
            out[f.name] = _scalar(reader, entity, f, row)
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
