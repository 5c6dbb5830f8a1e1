"""A sheet's layout: merges (mergeCells, unmergeCells), row/column sizes and visibility
(updateDimensionProperties, autoResizeDimensions), row/column groups (addDimensionGroup,
deleteDimensionGroup, updateDimensionGroup)."""

from __future__ import annotations

from typing import Any

from arcadia.apps.kernel import Ctx, invalid
from arcadia.apps.sheets import grid, protect
from arcadia.apps.sheets import values as vv
from arcadia.apps.sheets.book import Book, Evaluator, SheetState
from arcadia.apps.sheets.follow import regroup
from arcadia.apps.sheets.values import Entered

DEFAULT_SIZE = {"ROWS": 21, "COLUMNS": 100}
MAX_INDEXES = 200_000  # rows/columns one request may resize (bounds a request's work)
MAX_DEPTH = 8


# -- merges ----------------------------------------------------------------------------------

def _box(g: dict[str, Any]) -> tuple[int, int, int, int]:
    return g["startRowIndex"], g["endRowIndex"], g["startColumnIndex"], g["endColumnIndex"]


def merge_cells(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    rng = grid.check(book, body.get("range"), f"{field}.range", bounded=True)
    sheet = grid.sheet(book, grid.sheet_of(rng), f"{field}.range.sheetId")
    r0, r1, c0, c1 = _box(rng)
    kind = body.get("mergeType") or "MERGE_ALL"
    for frozen, lo, hi, what in ((sheet.frozen_row_count, r0, r1, "rows"),
                                 (sheet.frozen_column_count, c0, c1, "columns")):
        if lo < frozen < hi:
            raise invalid(f"Invalid {field}: You can't merge frozen and non-frozen {what}.",
                          field)
    if kind == "MERGE_ALL":
        boxes = [(r0, r1, c0, c1)]
    elif kind == "MERGE_COLUMNS":
        boxes = [(r0, r1, c, c + 1) for c in range(c0, c1)]
    else:
        boxes = [(r, r + 1, c0, c1) for r in range(r0, r1)]
    if any((b[1] - b[0]) * (b[3] - b[2]) < 2 for b in boxes):
        raise invalid(f"Invalid {field}: a merge needs at least two cells ({kind} of "
                      f"{grid.box_text(book, rng)}).", field)
    protect.check_box(sheet, (r0, r1, c0, c1))
    kept = []
    for m in sheet.merges:
        mb = _box(m)
        if not grid.overlaps(mb, (r0, r1, c0, c1)):
            kept.append(m)
        elif not (r0 <= mb[0] and mb[1] <= r1 and c0 <= mb[2] and mb[3] <= c1):
            raise invalid(f"Invalid {field}: the range partly overlaps the merge "
                          f"{grid.box_text(book, m)}; unmerge it first or include it whole.",
                          field)
    for b in boxes:  # only the top left value of each merge stays, as in Sheets
        for (r, c), e in list(sheet.cells.items()):
            if grid.inside((r, c), b) and (r, c) != (b[0], b[2]) and e.kind is not None:
                sheet.cells[(r, c)] = Entered(None, None, e.fmt) if e.fmt else e
                if not e.fmt:
                    del sheet.cells[(r, c)]
        kept.append(grid.norm({"sheetId": sheet.sheet_id, "startRowIndex": b[0],
                               "endRowIndex": b[1], "startColumnIndex": b[2],
                               "endColumnIndex": b[3]}))
    sheet.merges = sorted(kept, key=_box)
    return {}


def unmerge_cells(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    rng = grid.check(book, body.get("range"), f"{field}.range", bounded=True)
    sheet = grid.sheet(book, grid.sheet_of(rng), f"{field}.range.sheetId")
    box = _box(rng)
    kept = []
    for m in sheet.merges:
        mb = _box(m)
        if not grid.overlaps(mb, box):
            kept.append(m)
        elif not (box[0] <= mb[0] and mb[1] <= box[1] and box[2] <= mb[2] and mb[3] <= box[3]):
            raise invalid(f"Invalid {field}: the range must not partially span a merge "
                          f"({grid.box_text(book, m)}).", field)
    if len(kept) != len(sheet.merges):
        protect.check_box(sheet, box)
    sheet.merges = kept
    return {}


# -- row/column properties -------------------------------------------------------------------

def _set_dims(sheet: SheetState, dim: dict[str, Any], changes: dict[str, Any]) -> None:
    name = dim["dimension"]
    for i in range(dim["startIndex"], dim["endIndex"]):
        props = {**sheet.dims.get((name, i), {}), **changes}
        props = {k: v for k, v in props.items() if v not in (None, False)}
        if props.get("pixelSize") == DEFAULT_SIZE[name]:
            del props["pixelSize"]
        if props:
            sheet.dims[(name, i)] = props
        else:
            sheet.dims.pop((name, i), None)


def _span(book: Book, d: dict[str, Any] | None, field: str
          ) -> tuple[SheetState, dict[str, Any]]:
    dim = grid.check_dimension(book, d, field)
    if dim["endIndex"] - dim["startIndex"] > MAX_INDEXES:
        raise invalid(f"Invalid {field}: at most {MAX_INDEXES} rows or columns per request.",
                      field)
    return grid.sheet(book, dim.get("sheetId"), f"{field}.sheetId"), dim


def update_dimension_properties(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                                ) -> dict[str, Any]:
    if body.get("dataSourceSheetRange") is not None:
        raise invalid(f"Invalid {field}.dataSourceSheetRange: no data source sheets here; use "
                      "range.", f"{field}.dataSourceSheetRange")
    sheet, dim = _span(book, body.get("range"), f"{field}.range")
    names = grid.mask(body.get("fields"), f"{field}.fields")
    props = body.get("properties") or {}
    changes: dict[str, Any] = {}
    if grid.wants(names, "pixelSize"):
        changes["pixelSize"] = props.get("pixelSize")
    if grid.wants(names, "hiddenByUser"):
        changes["hiddenByUser"] = bool(props.get("hiddenByUser"))
    unknown = [n for n in names if n not in ("*", "pixelSize", "hiddenByUser")]
    if unknown:
        raise invalid(f"Invalid {field}.fields: {', '.join(unknown)} cannot be set (only "
                      "pixelSize and hiddenByUser).", f"{field}.fields")
    _set_dims(sheet, dim, changes)
    return {}


def auto_resize(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    """Fit rows/columns to their contents, estimated from the displayed text (about 7
    pixels a character at the default 10pt font, 21 pixels a line), since nothing is
    rendered here."""
    if body.get("dataSourceSheetDimensions") is not None:
        raise invalid(f"Invalid {field}.dataSourceSheetDimensions: no data source sheets here; "
                      "use dimensions.", f"{field}.dataSourceSheetDimensions")
    sheet, dim = _span(book, body.get("dimensions"), f"{field}.dimensions")
    rows = dim["dimension"] == "ROWS"
    need: dict[int, int] = {}
    ev = Evaluator(book)
    for (r, c), e in sorted(sheet.cells.items()):
        i = r if rows else c
        if e.kind is None or not dim["startIndex"] <= i < dim["endIndex"]:
            continue
        text = vv.formatted(ev.value(sheet, r, c), e.fmt)
        lines = text.split("\n")
        size = 21 * len(lines) if rows else 7 * max(len(x) for x in lines) + 10
        need[i] = max(need.get(i, 0), size)
    for i in range(dim["startIndex"], dim["endIndex"]):
        one = {**dim, "startIndex": i, "endIndex": i + 1}
        _set_dims(sheet, one, {"pixelSize": need.get(i, DEFAULT_SIZE[dim["dimension"]])})
    return {}


def inherit(sheet: SheetState, rows: bool, at: int, count: int, before: bool) -> None:
    """Rows/columns just inserted take the size of their neighbour (before or after)."""
    name = "ROWS" if rows else "COLUMNS"
    source = sheet.dims.get((name, at - 1 if before else at + count), {})
    size = source.get("pixelSize")
    if size is not None:
        for i in range(at, at + count):
            sheet.dims[(name, i)] = {"pixelSize": size}


# -- groups ----------------------------------------------------------------------------------

def _groups_of(sheet: SheetState, dim: str) -> list[dict[str, Any]]:
    return [g for g in sheet.groups if g["range"]["dimension"] == dim]


def add_group(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    dim = grid.check_dimension(book, body.get("range"), f"{field}.range")
    sheet = grid.sheet(book, dim.get("sheetId"), f"{field}.range.sheetId")
    groups = regroup(sheet.sheet_id, sheet.groups + [{"range": dim, "depth": 0}], sheet.groups)
    if max((g["depth"] for g in groups), default=0) > MAX_DEPTH:
        raise invalid(f"Invalid {field}: groups nest at most {MAX_DEPTH} deep.", field)
    sheet.groups = groups
    return {"addDimensionGroup": {"dimensionGroups": _groups_of(sheet, dim["dimension"])}}


def delete_group(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    dim = grid.check_dimension(book, body.get("range"), f"{field}.range")
    sheet = grid.sheet(book, dim.get("sheetId"), f"{field}.range.sheetId")
    outer = [g["range"] for g in _groups_of(sheet, dim["dimension"]) if g["depth"] == 1]
    if not any(r["startIndex"] <= dim["startIndex"] and dim["endIndex"] <= r["endIndex"]
               for r in outer):
        raise invalid(f"Invalid {field}: no group covers the whole range; delete groups over "
                      "grouped rows or columns only.", field)
    sheet.groups = regroup(sheet.sheet_id, sheet.groups + [{"range": dim, "weight": -1}],
                           sheet.groups)
    groups = _groups_of(sheet, dim["dimension"])
    return {"deleteDimensionGroup": {"dimensionGroups": groups} if groups else {}}


def update_group(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    item = body.get("dimensionGroup") or {}
    f = f"{field}.dimensionGroup"
    dim = grid.check_dimension(book, item.get("range"), f"{f}.range")
    sheet = grid.sheet(book, dim.get("sheetId"), f"{f}.range.sheetId")
    found = next((g for g in sheet.groups if g["range"] == dim and
                  g["depth"] == item.get("depth")), None)
    if found is None:
        raise invalid(f"Invalid {f}: no group over that range at depth {item.get('depth')}; "
                      "read the sheet's rowGroups/columnGroups for the groups.", f)
    names = grid.mask(body.get("fields"), f"{field}.fields")
    if grid.wants(names, "collapsed"):
        if item.get("collapsed"):
            found["collapsed"] = True
        else:
            found.pop("collapsed", None)
    return {}


HANDLERS = {"mergeCells": merge_cells, "unmergeCells": unmerge_cells,
            "updateDimensionProperties": update_dimension_properties,
            "autoResizeDimensions": auto_resize, "addDimensionGroup": add_group,
            "deleteDimensionGroup": delete_group, "updateDimensionGroup": update_group}
