"""Finding records: `/query` (SQL-like `where`), `/search` (Lucene) and FastFind (`find`),
each filtering, sorting and paging snapshots in memory.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from arcadia.apps.bullhorn.fields import SEARCHABLE
from arcadia.apps.bullhorn.lucene import parse_lucene
from arcadia.apps.bullhorn.query import parse_where, resolve
from arcadia.apps.bullhorn.read_service import Reader, check_page, parse_fields, render
from arcadia.apps.kernel import Ctx, invalid


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


def _matching(ctx: Ctx, entity: str, fields: str, parse: Any, text: str, order: str | None,
              order_param: str, count: int, start: int
              ) -> tuple[Reader, Any, list[Any], list[Any]]:
    """The rows of `entity` the `parse`d `text` matches, ordered, and the page asked for."""
    check_page(count, start)
    selection = parse_fields(entity, fields)
    reader = Reader(ctx)
    pred = parse(entity, text, reader.lookup)
    matched = _order(reader, entity, [r for r in reader.all(entity) if pred(r)], order,
                     order_param)
    return reader, selection, matched, matched[start:start + count]


def query(ctx: Ctx, *, entity: str, where: str, fields: str, order_by: str | None,
          count: int, start: int, show_total: bool) -> dict[str, Any]:
    reader, selection, matched, page = _matching(ctx, entity, fields, parse_where, where,
                                                 order_by, "orderBy", count, start)
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
    reader, selection, matched, page = _matching(ctx, entity, fields, parse_lucene,
                                                 query_text, sort, "sort", count, start)
    return {"total": len(matched), "start": start, "count": len(page),
            "data": [{**render(reader, entity, r, selection), "_score": 1.0} for r in page]}


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
