"""`/meta`: each entity's fields as Bullhorn describes them (name, label, type, data type,
associated entity, required, read-only), from the field registry (`fields.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arcadia.apps.bullhorn.fields import ENTITIES, MAX_FIELDS, STR_MAX, TEXT_MAX, F
from arcadia.apps.bullhorn.login_service import rest_url
from arcadia.apps.kernel import Ctx, invalid

DATA_TYPES = {"id": "Integer", "int": "Integer", "str": "String", "text": "String",
              "bool": "Boolean", "money": "BigDecimal", "date": "Timestamp",
              "address": "Address", "float": "Double", "decimal": "BigDecimal",
              "composite": "OnboardingReceivedSent"}


def _field_meta(f: F, base: str, read_only: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"name": f.name, "label": f.label}
    if f.kind in ("ref", "person", "many"):
        out["type"] = "TO_MANY" if f.kind == "many" else "TO_ONE"
        target = f.target or "Person"
        out["associatedEntity"] = {"entity": target, "entityMetaUrl": f"{base}meta/{target}"}
    else:
        out["type"] = "ID" if f.kind == "id" else \
            "COMPOSITE" if f.kind in ("address", "composite") else "SCALAR"
        out["dataType"] = DATA_TYPES[f.kind]
        if f.kind in ("str", "text"):
            out["maxLength"] = (f.max_len or STR_MAX) if f.kind == "str" else TEXT_MAX
    out["required"] = f.required
    out["readOnly"] = read_only or not f.writable or (f.kind == "many" and f.via != "assoc")
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
            "fields": [_field_meta(f, rest, spec.read_only and not spec.self_update)
                       for f in chosen]}


def meta_list(ctx: Ctx, *, base: str) -> list[dict[str, Any]]:
    rest = rest_url(ctx, base)
    return [{"entity": e.name, "metaUrl": f"{rest}meta/{e.name}", "label": e.label}
            for e in ENTITIES.values()]


def entity_names() -> Sequence[str]:
    return tuple(ENTITIES)
