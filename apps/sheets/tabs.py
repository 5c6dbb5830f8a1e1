"""The batchUpdate requests on a spreadsheet's sheets and its own properties: addSheet,
deleteSheet, duplicateSheet, updateSheetProperties, updateSpreadsheetProperties.

Each handler applies one request to the book in memory (the batch is saved only when every
request applied) and returns its reply ({} when it has none)."""

from __future__ import annotations

import copy
from typing import Any

from arcadia.apps.kernel import Ctx, invalid
from arcadia.apps.sheets import follow, grid, ops, protect, styles
from arcadia.apps.sheets.a1 import MAX_COLS
from arcadia.apps.sheets.book import Book, SheetState
from arcadia.apps.sheets.ids import new_id, new_sheet_id
from arcadia.apps.sheets.render import DEFAULT_FORMAT, THEME, sheet_properties
from arcadia.apps.sheets.service import MAX_GRID_CELLS
from arcadia.apps.sheets.store import ID_KEYS


def title_ok(book: Book, title: str, field: str, but: SheetState | None = None) -> None:
    if not title.strip() or len(title) > 100:
        raise invalid(f"Invalid sheet title {title!r}: use 1 to 100 characters.", field)
    other = book.by_title(title)
    if other is not None and other is not but:
        raise invalid(f'A sheet with the name "{title}" already exists. Please enter another '
                      "name.", field)


def grid_size(rows: int, cols: int, book: Book, field: str, but: SheetState | None = None
               ) -> None:
    if rows < 1 or cols < 1 or cols > MAX_COLS:
        raise invalid(f"Invalid grid size {rows}x{cols}: rows and columns must be at least 1 "
                      f"(at most {MAX_COLS} columns).", field)
    total = rows * cols + sum(s.row_count * s.column_count for s in book.sheets if s is not but)
    if total > MAX_GRID_CELLS:
        raise invalid("This action would increase the number of cells in the workbook above "
                      f"the limit of {MAX_GRID_CELLS} cells.", field)


def add_sheet_to(ctx: Ctx, book: Book, sp: dict[str, Any], field: str) -> SheetState:
    taken = {s.sheet_id for s in book.sheets}
    sid = sp.get("sheetId")
    if sid is None:
        sid = new_sheet_id(ctx, taken)
    elif sid in taken:
        raise invalid(f"Invalid requests[0].addSheet: A sheet with the id {sid} already exists.",
                      f"{field}.sheetId")
    title = sp.get("title")
    if title is None:
        n = len(book.sheets) + 1
        while book.by_title(f"Sheet{n}"):
            n += 1
        title = f"Sheet{n}"
    title_ok(book, title, f"{field}.title")
    gp = sp.get("gridProperties") or {}
    rows, cols = gp.get("rowCount") or 1000, gp.get("columnCount") or 26
    grid_size(rows, cols, book, f"{field}.gridProperties")
    index = sp.get("index")
    index = len(book.sheets) if index is None else min(max(index, 0), len(book.sheets))
    for s in book.sheets:
        if s.index >= index:
            s.index += 1
    frozen_r, frozen_c = gp.get("frozenRowCount") or 0, gp.get("frozenColumnCount") or 0
    sheet = SheetState(sid, title, index, rows, cols, frozen_r, frozen_c,
                       bool(sp.get("hidden")), _color(sp))
    sheet.settings = _sheet_settings(sp, {}, None)
    book.sheets.append(sheet)
    book.reindex()
    return sheet


def _color(sp: dict[str, Any]) -> dict[str, Any] | None:
    style = sp.get("tabColorStyle") or {}
    return style.get("rgbColor") or sp.get("tabColor") or None


def _sheet_settings(sp: dict[str, Any], old: dict[str, Any], names: list[str] | None
                    ) -> dict[str, Any]:
    """A sheet's settings beyond its size: gridlines, direction, group toggles, a theme tab
    color (an RGB tab color is the sheet's `tab_color`)."""
    out = dict(old)
    gp = sp.get("gridProperties") or {}
    for key, value in (("rightToLeft", sp.get("rightToLeft")),
                       *((k, gp.get(k)) for k in ("hideGridlines", "rowGroupControlAfter",
                                                  "columnGroupControlAfter"))):
        name = key if key == "rightToLeft" else f"gridProperties.{key}"
        if names is None or grid.wants(names, name):
            out.pop(key, None)
            if value:
                out[key] = True
    if names is None or grid.wants(names, "tabColorStyle") or grid.wants(names, "tabColor"):
        out.pop("tabColorStyle", None)
        theme = (sp.get("tabColorStyle") or {}).get("themeColor")
        if theme and not _color(sp):
            out["tabColorStyle"] = {"themeColor": theme}
    return out


def add_sheet(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    sheet = add_sheet_to(ctx, book, dict(body.get("properties") or {}), f"{field}.properties")
    return {"addSheet": {"properties": sheet_properties(sheet)}}


def delete_sheet(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    sheet = grid.sheet(book, body.get("sheetId"), f"{field}.sheetId")
    if len(book.sheets) == 1:
        raise invalid(f"Invalid {field}: You can't remove all the sheets in a document.", field)
    protect.check_sheet(sheet)
    book.sheets.remove(sheet)
    book.reindex()
    follow.sheet_deleted(book, sheet.sheet_id)
    return {}


def update_sheet_properties(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                            ) -> dict[str, Any]:
    props = body.get("properties") or {}
    sheet = grid.sheet(book, props.get("sheetId"), f"{field}.properties.sheetId")
    names = grid.mask(body.get("fields"), f"{field}.fields")
    gp = props.get("gridProperties") or {}

    def wants(name: str) -> bool:
        return grid.wants(names, name)

    if wants("title"):
        title = props.get("title") or ""
        title_ok(book, title, f"{field}.properties.title", but=sheet)
        if title != sheet.title:
            ops.rename(book, sheet, title)
    if wants("index") and props.get("index") is not None:
        sheet.index = min(max(props["index"], 0), len(book.sheets)) - 0.5  # type: ignore[assignment]
        book.reindex()
    rows = gp.get("rowCount", sheet.row_count) if wants("gridProperties.rowCount") \
        else sheet.row_count
    cols = gp.get("columnCount", sheet.column_count) \
        if wants("gridProperties.columnCount") else sheet.column_count
    if (rows, cols) != (sheet.row_count, sheet.column_count):
        grid_size(rows, cols, book, f"{field}.properties.gridProperties", but=sheet)
        # A smaller grid deletes its last rows/columns (everything on them follows).
        for is_rows, new, old in ((True, rows, sheet.row_count),
                                  (False, cols, sheet.column_count)):
            if new < old:
                protect.check_dimension(sheet, is_rows, new, old, insert=False)
                ops.shift(book, sheet, is_rows, new, new - old)
        sheet.row_count, sheet.column_count = rows, cols
    if wants("gridProperties.frozenRowCount"):
        sheet.frozen_row_count = gp.get("frozenRowCount") or 0
    if wants("gridProperties.frozenColumnCount"):
        sheet.frozen_column_count = gp.get("frozenColumnCount") or 0
    if sheet.frozen_row_count > sheet.row_count or sheet.frozen_column_count > sheet.column_count:
        raise invalid(f"Invalid {field}.properties.gridProperties: frozen rows/columns cannot "
                      "exceed the grid.", f"{field}.properties.gridProperties")
    if wants("hidden"):
        sheet.hidden = bool(props.get("hidden"))
        if sheet.hidden and all(s.hidden for s in book.sheets):
            raise invalid("You can't hide all sheets in a document.", field)
    if wants("tabColorStyle") or wants("tabColor"):
        sheet.tab_color = _color(props)
    sheet.settings = _sheet_settings(props, sheet.settings, names)
    return {}


BOOK_SETTINGS = ("autoRecalc", "defaultFormat", "iterativeCalculationSettings",
                 "spreadsheetTheme", "importFunctionsExternalUrlAccessAllowed")


def update_spreadsheet_properties(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                                  ) -> dict[str, Any]:
    props = body.get("properties") or {}
    names = grid.mask(body.get("fields"), f"{field}.fields")
    if grid.wants(names, "title"):
        book.title = props.get("title") or ""
    if grid.wants(names, "locale"):
        book.locale = props.get("locale") or book.locale
    if grid.wants(names, "timeZone"):
        book.time_zone = props.get("timeZone") or book.time_zone
    settings = dict(book.settings)
    for key in BOOK_SETTINGS:
        parts = [n[len(key) + 1:] for n in names if n.startswith(key + ".")]
        if not grid.wants(names, key) and not parts:
            continue
        value = props.get(key)
        if parts and not grid.wants(names, key):  # `defaultFormat.textFormat.fontSize`
            base = settings.get(key) or {"defaultFormat": DEFAULT_FORMAT,
                                         "spreadsheetTheme": THEME}.get(key) or {}
            if not isinstance(base, dict):
                raise invalid(f"Invalid {field}.fields: {key} has no fields to update "
                              "separately.", f"{field}.fields")
            value = grid.masked(base, value or {}, parts)
        settings.pop(key, None)
        if key == "autoRecalc" and value in ("RECALCULATION_INTERVAL_UNSPECIFIED", "ON_CHANGE"):
            continue
        if key == "spreadsheetTheme" and value is not None:
            kinds = [p.get("colorType") for p in value.get("themeColors") or []]
            if not value.get("primaryFontFamily") or sorted(kinds) != sorted(
                    styles.THEME_RGB) or any("rgbColor" not in (p.get("color") or {})
                                             for p in value["themeColors"]):
                raise invalid(f"Invalid {field}.properties.spreadsheetTheme: give the "
                              "primaryFontFamily and an rgbColor for each of the ten theme "
                              "color types.", f"{field}.properties.spreadsheetTheme")
        if key == "defaultFormat" and value is not None:
            value = styles.sync(value)
        if value is not None:
            settings[key] = value
    book.settings = settings
    return {}


def duplicate_sheet(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    """A copy of a sheet: cells, notes, sizes, merges, groups, protections, filters, filter
    views, conditional formats, bandings, charts, slicers and tables (new ids; ranges and
    chart sources on the source sheet point at the copy). Named ranges and developer
    metadata stay with the source."""
    src = grid.sheet(book, body.get("sourceSheetId"), f"{field}.sourceSheetId")
    taken = {s.sheet_id for s in book.sheets}
    sid = body.get("newSheetId")
    if sid in taken:
        raise invalid(f"Invalid {field}.newSheetId: a sheet with the id {sid} already exists.",
                      f"{field}.newSheetId")
    sid = new_sheet_id(ctx, taken) if sid is None else sid
    title = body.get("newSheetName")
    if not title:
        title, n = f"Copy of {src.title}", 2
        while book.by_title(title):
            title, n = f"Copy of {src.title} {n}", n + 1
    title_ok(book, title, f"{field}.newSheetName")
    total = sum(s.row_count * s.column_count for s in book.sheets)
    if total + src.row_count * src.column_count > MAX_GRID_CELLS:
        raise invalid("This action would increase the number of cells in the workbook above "
                      f"the limit of {MAX_GRID_CELLS} cells.", field)
    index = body.get("insertSheetIndex")
    index = src.index + 1 if index is None else min(index, len(book.sheets))

    def remap(g: dict[str, Any]) -> dict[str, Any]:
        return grid.norm({**g, "sheetId": sid}) if grid.sheet_of(g) == src.sheet_id else g

    copy_ = SheetState(sid, title, index, src.row_count, src.column_count,
                       src.frozen_row_count, src.frozen_column_count, False, src.tab_color,
                       dict(src.cells), copy.deepcopy(src.settings))
    copy_.notes = copy.deepcopy(src.notes)
    copy_.dims = copy.deepcopy(src.dims)
    copy_.merges = [remap(g) for g in src.merges]
    copy_.groups = [{**g, "range": grid.norm_dimension({**g["range"], "sheetId": sid})}
                    for g in src.groups]
    taken_prot = {p["protectedRangeId"] for s in book.sheets for p in s.protected}
    for p in src.protected:
        new = copy.deepcopy(p)
        new.pop("namedRangeId", None)
        new["protectedRangeId"] = new_id(ctx, "protectedRange", taken_prot)
        taken_prot.add(new["protectedRangeId"])
        new["range"] = remap(new["range"])
        if "unprotectedRanges" in new:
            new["unprotectedRanges"] = [remap(g) for g in new["unprotectedRanges"]]
        copy_.protected.append(new)
    copy_.objects = copy.deepcopy(src.objects)
    follow.map_sheet_objects(copy_, remap, lambda c: remap_coordinate(c, src.sheet_id, sid))
    for kind, items in copy_.objects.items():
        for obj in items:
            if kind in ID_KEYS:
                key = ID_KEYS[kind]
                taken_ids = {int(o[key]) for s in book.sheets for o in s.kind(kind)}
                new_oid = new_id(ctx, "object" if kind in ("chart", "slicer") else kind,
                                 taken_ids)
                obj[key] = str(new_oid) if kind == "table" else new_oid
            if kind == "filterView":
                obj.pop("namedRangeId", None)
            if kind in ("chart", "slicer") and "overlayPosition" not in (obj.get("position")
                                                                         or {}):
                obj["position"] = {"overlayPosition": {"anchorCell": {"sheetId": sid}}}
    for s in book.sheets:
        if s.index >= index:
            s.index += 1
    book.sheets.append(copy_)
    book.reindex()
    return {"duplicateSheet": {"properties": sheet_properties(copy_)}}


def remap_coordinate(c: dict[str, Any], old: int, new: int) -> dict[str, Any]:
    return grid.norm_coordinate({**c, "sheetId": new}) if (c.get("sheetId") or 0) == old else c


HANDLERS = {"addSheet": add_sheet, "deleteSheet": delete_sheet,
            "duplicateSheet": duplicate_sheet,
            "updateSheetProperties": update_sheet_properties,
            "updateSpreadsheetProperties": update_spreadsheet_properties}
