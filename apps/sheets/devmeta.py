"""Developer metadata (createDeveloperMetadata, updateDeveloperMetadata,
deleteDeveloperMetadata) and the lookups that select it: a DataFilter's
developerMetadataLookup selects the locations of the metadata it matches (rows, columns, a
sheet; spreadsheet-level metadata selects every sheet).

Metadata on rows or columns moves with them and is deleted with them (`follow.shift`); on a
sheet, it goes with the sheet.
"""

from __future__ import annotations

from typing import Any

from arcadia.apps.kernel import Ctx, invalid
from arcadia.apps.sheets import grid
from arcadia.apps.sheets.book import Book
from arcadia.apps.sheets.ids import new_id

TYPES = {"ROWS": "ROW", "COLUMNS": "COLUMN"}


def _location(book: Book, loc: dict[str, Any] | None, field: str) -> dict[str, Any]:
    loc = loc or {}
    given = [k for k in ("spreadsheet", "sheetId", "dimensionRange") if loc.get(k) is not None
             and loc.get(k) is not False]
    if len(given) != 1:
        raise invalid(f"Invalid {field}: set exactly one of spreadsheet, sheetId, "
                      "dimensionRange.", field)
    if given[0] == "spreadsheet":
        out: dict[str, Any] = {"locationType": "SPREADSHEET", "spreadsheet": True}
    elif given[0] == "sheetId":
        sheet = grid.sheet(book, loc["sheetId"], f"{field}.sheetId")
        out = {"locationType": "SHEET", "sheetId": sheet.sheet_id}
    else:
        dim = grid.check_dimension(book, loc["dimensionRange"], f"{field}.dimensionRange")
        out = {"locationType": TYPES[dim["dimension"]], "dimensionRange": dim}
    kind = loc.get("locationType")
    if kind not in (None, "DEVELOPER_METADATA_LOCATION_TYPE_UNSPECIFIED", out["locationType"]):
        raise invalid(f"Invalid {field}.locationType: {kind} does not match the location given "
                      f"({out['locationType']}).", f"{field}.locationType")
    return out


def _visibility(value: Any, field: str) -> str:
    if value not in ("DOCUMENT", "PROJECT"):
        raise invalid(f"Invalid {field}: developer metadata needs a visibility, DOCUMENT or "
                      "PROJECT.", field)
    return str(value)


def create(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    item = body.get("developerMetadata") or {}
    f = f"{field}.developerMetadata"
    if not item.get("metadataKey"):
        raise invalid(f"Invalid {f}.metadataKey: a key is required.", f"{f}.metadataKey")
    taken = {m["metadataId"] for m in book.metadata}
    mid = item.get("metadataId")
    if mid in taken:
        raise invalid(f"Invalid {f}.metadataId: metadata with id {mid} already exists.",
                      f"{f}.metadataId")
    meta: dict[str, Any] = {"metadataId": mid or new_id(ctx, "metadata", taken),
                            "metadataKey": item["metadataKey"],
                            "location": _location(book, item.get("location"), f"{f}.location"),
                            "visibility": _visibility(item.get("visibility"),
                                                      f"{f}.visibility")}
    if item.get("metadataValue") is not None:
        meta["metadataValue"] = item["metadataValue"]
    book.metadata.append(meta)
    return {"createDeveloperMetadata": {"developerMetadata": meta}}


def _same_location(a: dict[str, Any], b: dict[str, Any], intersecting: bool) -> bool:
    if a["locationType"] == "SPREADSHEET" or b["locationType"] == "SPREADSHEET":
        return a["locationType"] == b["locationType"] or (
            intersecting and b["locationType"] == "SPREADSHEET")
    if "sheetId" in b:  # looking up a sheet
        if "sheetId" in a:
            return bool(a["sheetId"] == b["sheetId"])
        return intersecting and int(a["dimensionRange"].get("sheetId") or 0) == b["sheetId"]
    if "dimensionRange" not in a:
        return False
    x, y = a["dimensionRange"], b["dimensionRange"]
    if (x.get("sheetId") or 0) != (y.get("sheetId") or 0) or x["dimension"] != y["dimension"]:
        return False
    if not intersecting:
        return bool(x == y)
    return bool(x["startIndex"] < y["endIndex"] and y["startIndex"] < x["endIndex"])


def matching(book: Book, lookup: dict[str, Any], field: str) -> list[dict[str, Any]]:
    """The metadata a DeveloperMetadataLookup selects, in id order."""
    where = None
    if lookup.get("metadataLocation") is not None:
        where = _location(book, lookup["metadataLocation"], f"{field}.metadataLocation")
    intersecting = lookup.get("locationMatchingStrategy") == "INTERSECTING_LOCATION"
    out = []
    for m in sorted(book.metadata, key=lambda m: m["metadataId"]):
        if lookup.get("metadataId") is not None and m["metadataId"] != lookup["metadataId"]:
            continue
        if lookup.get("metadataKey") is not None and m["metadataKey"] != lookup["metadataKey"]:
            continue
        if lookup.get("metadataValue") is not None and \
                m.get("metadataValue") != lookup["metadataValue"]:
            continue
        if lookup.get("visibility") not in (None, "DEVELOPER_METADATA_VISIBILITY_UNSPECIFIED") \
                and m["visibility"] != lookup["visibility"]:
            continue
        kind = lookup.get("locationType")
        if kind not in (None, "DEVELOPER_METADATA_LOCATION_TYPE_UNSPECIFIED") and \
                m["location"]["locationType"] != kind:
            continue
        if where is not None and not _same_location(m["location"], where, intersecting):
            continue
        out.append(m)
    return out


def selected(book: Book, data_filter: dict[str, Any], field: str) -> list[dict[str, Any]]:
    """The metadata a DataFilter selects (only developerMetadataLookup filters select
    metadata; a range filter selects the metadata on rows/columns/sheets it overlaps)."""
    lookup = data_filter.get("developerMetadataLookup")
    if lookup is not None:
        return matching(book, lookup, f"{field}.developerMetadataLookup")
    raise invalid(f"Invalid {field}: select developer metadata with a "
                  "developerMetadataLookup.", field)


def grid_ranges(book: Book, m: dict[str, Any]) -> list[dict[str, Any]]:
    """The cells a piece of metadata is attached to, as GridRanges."""
    loc = m["location"]
    if loc["locationType"] == "SPREADSHEET":
        return [grid.norm({"sheetId": s.sheet_id}) for s in sorted(book.sheets,
                                                                   key=lambda s: s.index)]
    if loc["locationType"] == "SHEET":
        return [grid.norm({"sheetId": loc["sheetId"]})]
    dim = loc["dimensionRange"]
    keys = grid.ROW_KEYS if dim["dimension"] == "ROWS" else grid.COL_KEYS
    return [grid.norm({"sheetId": dim.get("sheetId") or 0, keys[0]: dim["startIndex"],
                       keys[1]: dim["endIndex"]})]


def update(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    filters = body.get("dataFilters") or []
    if not filters:
        raise invalid(f"Invalid {field}.dataFilters: name the metadata to update with at "
                      "least one DataFilter.", f"{field}.dataFilters")
    names = grid.mask(body.get("fields"), f"{field}.fields")
    item = body.get("developerMetadata") or {}
    f = f"{field}.developerMetadata"
    found: dict[int, dict[str, Any]] = {}
    for i, df in enumerate(filters):
        for m in selected(book, df, f"{field}.dataFilters[{i}]"):
            found[m["metadataId"]] = m
    if grid.wants(names, "metadataId"):
        raise invalid(f"Invalid {field}.fields: metadataId cannot be updated.", f"{field}.fields")
    changes: dict[str, Any] = {}
    if grid.wants(names, "metadataKey"):
        if not item.get("metadataKey"):
            raise invalid(f"Invalid {f}.metadataKey: a key is required.", f"{f}.metadataKey")
        changes["metadataKey"] = item["metadataKey"]
    if grid.wants(names, "metadataValue"):
        changes["metadataValue"] = item.get("metadataValue")
    if grid.wants(names, "visibility"):
        changes["visibility"] = _visibility(item.get("visibility"), f"{f}.visibility")
    if grid.wants(names, "location"):
        changes["location"] = _location(book, item.get("location"), f"{f}.location")
    updated = []
    for mid in sorted(found):
        m = found[mid]
        m.update(changes)
        if m.get("metadataValue") is None:
            m.pop("metadataValue", None)
        updated.append(m)
    return {"updateDeveloperMetadata": {"developerMetadata": updated}}


def delete(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    gone = selected(book, body.get("dataFilter") or {}, f"{field}.dataFilter")
    ids = {m["metadataId"] for m in gone}
    book.metadata = [m for m in book.metadata if m["metadataId"] not in ids]
    return {"deleteDeveloperMetadata": {"deletedDeveloperMetadata": gone}}


HANDLERS = {"createDeveloperMetadata": create, "updateDeveloperMetadata": update,
            "deleteDeveloperMetadata": delete}
