"""To-many associations: reading them (`GET /entity/{type}/{ids}/{association}`, the
`/association` pairs) and linking or unlinking records (PUT/DELETE
`/entity/{type}/{id}/{association}/{ids}`).
"""

from __future__ import annotations

from typing import Any

from sqlmodel import delete as sql_delete

from arcadia.apps.bullhorn import models as m
from arcadia.apps.bullhorn.fields import ENTITIES, MAX_IDS, F
from arcadia.apps.bullhorn.read_service import Reader, check_page, entity_ids, parse_fields, render
from arcadia.apps.bullhorn.write_service import writable
from arcadia.apps.kernel import Ctx, conflict, get_or_404, invalid, not_found


def to_many(entity: str, name: str) -> F:
    f = ENTITIES[entity].fields.get(name)
    if f is None or f.kind != "many":
        names = [k for k, v in ENTITIES[entity].fields.items() if v.kind == "many"]
        raise invalid(f"{entity} has no to-many association {name[:60]!r}; its to-many "
                      f"associations are {', '.join(names) or 'none'}.", "association")
    return f


def get_association(ctx: Ctx, *, entity: str, ids: str, association: str, fields: str,
                    count: int, start: int) -> dict[str, Any]:
    check_page(count, start)
    f = to_many(entity, association)
    keys = entity_ids(ids, "entityIds")
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


def associate(ctx: Ctx, *, entity: str, entity_id: int, association: str, ids: str,
              add: bool) -> dict[str, Any]:
    spec = writable(entity)
    f = to_many(entity, association)
    if not f.writable:
        raise invalid(f"{entity}.{association} is read-only.", "association")
    if f.via != "assoc":
        raise invalid(f"{entity}.{association} lists the {f.target} records that point to "
                      f"this {entity}; change it by setting their own field, not here.",
                      "association")
    targets = entity_ids(ids, "associationIds")
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


def association_pairs(ctx: Ctx, *, entity: str, association: str, body: Any
                      ) -> dict[str, Any]:
    """`POST /association/{entity}/{association}`: (owner id, associated id) pairs."""
    f = to_many(entity, association)
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
