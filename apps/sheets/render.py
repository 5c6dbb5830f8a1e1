"""A book -> Google's Spreadsheet resource: properties, sheets with everything they carry,
grid data with each cell's effective value and format, named ranges, developer metadata and
(when asked) comments. Unset fields and empty lists are left out, as Sheets leaves them."""

from __future__ import annotations

import copy
from datetime import date
from typing import Any

import orjson

from arcadia.apps.kernel import Ctx
from arcadia.apps.sheets import comments as cm
from arcadia.apps.sheets import grid as gr
from arcadia.apps.sheets import protect, styles
from arcadia.apps.sheets import values as vv
from arcadia.apps.sheets.a1 import Bounds
from arcadia.apps.sheets.book import Book, Evaluator, SheetState
from arcadia.apps.sheets.conditions import holds
from arcadia.apps.sheets.filter_views import hidden_rows, rendered_filter
from arcadia.apps.sheets.service import spreadsheet_url

WHITE = styles.WHITE
# Sheets' defaults for a new spreadsheet (every spreadsheet here starts with them).
DEFAULT_FORMAT = {
    "backgroundColor": WHITE, "padding": {"top": 2, "right": 3, "bottom": 2, "left": 3},
    "verticalAlignment": "BOTTOM", "wrapStrategy": "OVERFLOW_CELL",
    "textFormat": {"foregroundColor": {}, "fontFamily": "arial", "fontSize": 10,
                   "bold": False, "italic": False, "strikethrough": False, "underline": False,
                   "foregroundColorStyle": {"rgbColor": {}}},
    "backgroundColorStyle": {"rgbColor": WHITE}}
THEME: dict[str, Any] = {"primaryFontFamily": "Arial", "themeColors": [
    {"colorType": kind, "color": {"rgbColor": rgb}} for kind, rgb in styles.THEME_RGB.items()]}
SIZES = {"ROWS": 21, "COLUMNS": 100}
SHEET_SETTINGS = ("hideGridlines", "rowGroupControlAfter", "columnGroupControlAfter")


def theme_rgb(book: Book) -> dict[str, dict[str, Any]]:
    theme = book.settings.get("spreadsheetTheme") or THEME
    return {p["colorType"]: (p.get("color") or {}).get("rgbColor") or {}
            for p in theme.get("themeColors") or []}


def sheet_properties(s: SheetState) -> dict[str, Any]:
    grid: dict[str, Any] = {"rowCount": s.row_count, "columnCount": s.column_count}
    if s.frozen_row_count:
        grid["frozenRowCount"] = s.frozen_row_count
    if s.frozen_column_count:
        grid["frozenColumnCount"] = s.frozen_column_count
    for key in SHEET_SETTINGS:
        if s.settings.get(key):
            grid[key] = True
    out: dict[str, Any] = {"sheetId": s.sheet_id, "title": s.title, "index": s.index,
                           "sheetType": "GRID", "gridProperties": grid}
    if s.hidden:
        out["hidden"] = True
    if s.tab_color:
        out["tabColor"] = s.tab_color
        out["tabColorStyle"] = {"rgbColor": s.tab_color}
    elif s.settings.get("tabColorStyle"):
        out["tabColorStyle"] = s.settings["tabColorStyle"]
        rgb = styles.THEME_RGB.get(s.settings["tabColorStyle"].get("themeColor"))
        if rgb is not None:
            out["tabColor"] = rgb
    if s.settings.get("rightToLeft"):
        out["rightToLeft"] = True
    return out


def default_format(book: Book) -> dict[str, Any]:
    return book.settings.get("defaultFormat") or DEFAULT_FORMAT


def book_properties(book: Book) -> dict[str, Any]:
    out = {"title": book.title, "locale": book.locale,
           "autoRecalc": book.settings.get("autoRecalc") or "ON_CHANGE",
           "timeZone": book.time_zone, "defaultFormat": default_format(book),
           "spreadsheetTheme": book.settings.get("spreadsheetTheme") or THEME}
    for key in ("iterativeCalculationSettings", "importFunctionsExternalUrlAccessAllowed"):
        if book.settings.get(key) is not None:
            out[key] = book.settings[key]
    return out


# -- effective formats -----------------------------------------------------------------------

def merge(base: dict[str, Any], over: dict[str, Any] | None) -> dict[str, Any]:
    """`over` laid on `base`: nested parts (textFormat, padding, borders) merge, a color
    replaces both of its spellings."""
    out = copy.deepcopy(base)
    for k, v in (over or {}).items():
        if isinstance(v, dict) and isinstance(out.get(k), dict) and k in (
                "textFormat", "padding", "borders"):
            out[k] = merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
            if k.endswith("Style"):
                out.pop(k[:-5], None)
            elif k.endswith("Color") and not isinstance(v, str):
                out.pop(k + "Style", None)
    return out


class Formats:
    """Each rendered cell's effectiveFormat: the default, the entered format, then the
    sheet's conditional format rules (the first matching rule wins a property)."""

    def __init__(self, book: Book, ev: Evaluator, today: date) -> None:
        self.book, self.ev, self.today = book, ev, today
        self.base = styles.sync({**default_format(book), "hyperlinkDisplayType": "PLAIN_TEXT"})
        self.theme = theme_rgb(book)
        self.spans: dict[tuple[int, int], tuple[float, float, list[float]]] = {}
        self.plain: dict[bytes, dict[str, Any]] = {}

    def of(self, sheet: SheetState, r: int, c: int, fmt: dict[str, Any] | None) -> dict[str, Any]:
        rules = sheet.objects.get("conditionalFormat") or []
        if not any(gr.inside((r, c), gr.clip(self.book, g)) for rule in rules
                   for g in rule["ranges"]):
            key = orjson.dumps(fmt, option=orjson.OPT_SORT_KEYS)  # most cells share a format
            if key not in self.plain:
                self.plain[key] = styles.sync(merge(self.base, fmt), self.theme)
            return self.plain[key]
        out = merge(self.base, fmt)
        applied: list[dict[str, Any]] = []
        for i, rule in enumerate(sheet.objects.get("conditionalFormat") or []):
            if not any(gr.inside((r, c), gr.clip(self.book, g)) for g in rule["ranges"]):
                continue
            value = self.ev.value(sheet, r, c)  # memoised by the evaluator
            if "booleanRule" in rule:
                b = rule["booleanRule"]
                if holds(b["condition"], value, fmt, today=self.today):
                    applied.append(b.get("format") or {})
            elif isinstance(value, float):
                color = self._gradient(sheet, i, rule, value)
                if color is not None:
                    applied.append({"backgroundColor": color})
        for extra in reversed(applied):
            out = merge(out, extra)
        return styles.sync(out, self.theme)  # type: ignore[no-any-return]

    def _gradient(self, sheet: SheetState, i: int, rule: dict[str, Any], x: float
                  ) -> dict[str, Any] | None:
        key = (sheet.sheet_id, i)
        if key not in self.spans:
            nums = sorted(v for g in rule["ranges"] for v in self._numbers(sheet, g))
            self.spans[key] = (nums[0], nums[-1], nums) if nums else (0.0, 0.0, [])
        lo, hi, nums = self.spans[key]
        g = rule["gradientRule"]
        points = []
        for name in ("minpoint", "midpoint", "maxpoint"):
            p = g.get(name)
            if p is not None:
                at = self._point(p, lo, hi, nums)
                if at is not None:
                    points.append((at, self._rgb(p)))
        if len(points) < 2:
            return None
        points.sort(key=lambda p: p[0])
        if x <= points[0][0]:
            return points[0][1]
        for (x0, c0), (x1, c1) in zip(points, points[1:], strict=False):
            if x <= x1:
                t = 0.0 if x1 == x0 else (x - x0) / (x1 - x0)
                mixed = {k: round(c0.get(k, 0) + (c1.get(k, 0) - c0.get(k, 0)) * t, 6)
                         for k in ("red", "green", "blue")}
                return {k: v for k, v in mixed.items() if v}  # Google leaves out zeros
        return points[-1][1]

    def _numbers(self, sheet: SheetState, g: dict[str, Any]) -> list[float]:
        target = self.book.by_id(gr.sheet_of(g))
        if target is None:
            return []
        cells = self.ev.occupied(target, gr.bounds(g))
        return [v for r, c in cells if isinstance(v := self.ev.value(target, r, c), float)
                and not isinstance(v, bool)]

    def _point(self, p: dict[str, Any], lo: float, hi: float, nums: list[float]) -> float | None:
        kind = p.get("type")
        if kind == "MIN":
            return lo
        if kind == "MAX":
            return hi
        parsed = vv.parse_number(str(p.get("value") or "").strip())
        if parsed is None:
            return None
        v = parsed[0] * (100 if str(p.get("value", "")).strip().endswith("%") else 1)
        if kind == "NUMBER":
            return parsed[0]
        if kind == "PERCENT":
            return lo + (hi - lo) * v / 100
        if kind == "PERCENTILE" and nums:
            return nums[min(len(nums) - 1, max(0, round((len(nums) - 1) * v / 100)))]
        return None

    def _rgb(self, p: dict[str, Any]) -> dict[str, Any]:
        style = p.get("colorStyle") or {}
        if "rgbColor" in style:
            return dict(style["rgbColor"])
        if style.get("themeColor") in self.theme:
            return dict(self.theme[style["themeColor"]])
        return dict(p.get("color") or {})


# -- grid data -------------------------------------------------------------------------------

def cell_data(ev: Evaluator, fx: Formats, sheet: SheetState, r: int, c: int) -> dict[str, Any]:
    e = sheet.cells.get((r, c))
    extra = sheet.notes.get((r, c)) or {}
    out: dict[str, Any] = {}
    if e is not None and e.kind is not None:
        v = ev.value(sheet, r, c)
        out["userEnteredValue"] = vv.extended(e)
        eff = vv.effective(v)
        if eff is not None:
            out["effectiveValue"] = eff
            out["formattedValue"] = vv.formatted(v, e.fmt)
    if e is not None and e.fmt:
        out["userEnteredFormat"] = e.fmt
    if e is not None:
        out["effectiveFormat"] = fx.of(sheet, r, c, e.fmt)
    if extra.get("note"):
        out["note"] = extra["note"]
    if extra.get("dataValidation"):
        out["dataValidation"] = extra["dataValidation"]
    return out


def _metadata_on(book: Book, sheet: SheetState, dim: str) -> dict[int, list[dict[str, Any]]]:
    out: dict[int, list[dict[str, Any]]] = {}
    for m in sorted(book.metadata, key=lambda m: m["metadataId"]):
        d = m["location"].get("dimensionRange")
        if d and (d.get("sheetId") or 0) == sheet.sheet_id and d["dimension"] == dim:
            for i in range(d["startIndex"], min(d["endIndex"], d["startIndex"] + 5000)):
                out.setdefault(i, []).append(m)
    return out


def _dimension(sheet: SheetState, dim: str, i: int, hidden: set[int],
               meta: dict[int, list[dict[str, Any]]]) -> dict[str, Any]:
    props = sheet.dims.get((dim, i), {})
    out: dict[str, Any] = {"pixelSize": props.get("pixelSize", SIZES[dim])}
    if props.get("hiddenByUser"):
        out["hiddenByUser"] = True
    if i in hidden:
        out["hiddenByFilter"] = True
    if i in meta:
        out["developerMetadata"] = meta[i]
    return out


def grid_data(book: Book, ev: Evaluator, fx: Formats, sheet: SheetState, b: Bounds | None
              ) -> dict[str, Any]:
    r0, r1, c0, c1 = (b or gr.FULL).clip(sheet.row_count, sheet.column_count)
    keys = sorted({*sheet.cells, *sheet.notes})
    present = [(r, c) for (r, c) in keys if r0 <= r < r1 and c0 <= c < c1]
    out: dict[str, Any] = {}
    if r0:
        out["startRow"] = r0
    if c0:
        out["startColumn"] = c0
    if present:
        last_r = max(r for r, _ in present)
        by_row: dict[int, list[int]] = {}
        for r, c in present:
            by_row.setdefault(r, []).append(c)
        rows: list[dict[str, Any]] = []
        for r in range(r0, last_r + 1):
            cols = by_row.get(r)
            if not cols:
                rows.append({})
                continue
            rows.append({"values": [cell_data(ev, fx, sheet, r, c)
                                    for c in range(c0, max(cols) + 1)]})
        out["rowData"] = rows
    hidden = hidden_rows(book, ev, sheet, fx.today)
    row_meta, col_meta = _metadata_on(book, sheet, "ROWS"), _metadata_on(book, sheet, "COLUMNS")
    out["rowMetadata"] = [_dimension(sheet, "ROWS", i, hidden, row_meta)
                          for i in range(r0, min(r1, r0 + 5000))]
    out["columnMetadata"] = [_dimension(sheet, "COLUMNS", i, set(), col_meta)
                             for i in range(c0, min(c1, c0 + 1000))]
    return out


# -- the resource ----------------------------------------------------------------------------

LISTS = (("bandedRanges", "banding"), ("charts", "chart"), ("slicers", "slicer"),
         ("tables", "table"))


def _sheet_objects(ctx: Ctx, book: Book, s: SheetState, with_comments: bool) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if s.merges:
        out["merges"] = s.merges
    if s.objects.get("conditionalFormat"):
        out["conditionalFormats"] = s.objects["conditionalFormat"]
    if s.objects.get("filterView"):
        out["filterViews"] = [rendered_filter(v) for v in s.objects["filterView"]]
    if s.protected:
        out["protectedRanges"] = [protect.rendered(ctx, book, p) for p in s.protected]
    if s.objects.get("basicFilter"):
        out["basicFilter"] = rendered_filter(s.objects["basicFilter"][0])
    for key, kind in LISTS:
        if s.objects.get(kind):
            out[key] = s.objects[kind]
    meta = [m for m in book.metadata if m["location"].get("sheetId") == s.sheet_id
            and m["location"]["locationType"] == "SHEET"]
    if meta:
        out["developerMetadata"] = sorted(meta, key=lambda m: m["metadataId"])
    for key, dim in (("rowGroups", "ROWS"), ("columnGroups", "COLUMNS")):
        groups = [g for g in s.groups if g["range"]["dimension"] == dim]
        if groups:
            out[key] = groups
    if with_comments:
        anchors = [{"anchorId": t["anchorId"], "range": t["anchor"]} for t in book.comments
                   if t.get("anchor") is not None and gr.sheet_of(t["anchor"]) == s.sheet_id]
        if anchors:
            out["commentAnchors"] = anchors
    return out


def render_book(ctx: Ctx, book: Book, *, ranges: list[tuple[SheetState, Bounds]] | None = None,
                grid: bool = False, comments: str | None = None) -> dict[str, Any]:
    ev = Evaluator(book)
    fx = Formats(book, ev, ctx.now.date())
    with_comments = comments in cm.INCLUDED
    sheets = []
    for s in sorted(book.sheets, key=lambda s: s.index):
        if ranges and not any(sh is s for sh, _ in ranges):
            continue
        item: dict[str, Any] = {"properties": sheet_properties(s)}
        if grid:
            data = [grid_data(book, ev, fx, s, b) for sh, b in ranges if sh is s] if ranges \
                else [grid_data(book, ev, fx, s, None)]
            if data:
                item["data"] = data
        item.update(_sheet_objects(ctx, book, s, with_comments))
        sheets.append(item)
    out: dict[str, Any] = {"spreadsheetId": book.id, "properties": book_properties(book),
                           "sheets": sheets, "spreadsheetUrl": spreadsheet_url(book.id)}
    if book.named:
        out["namedRanges"] = book.named
    meta = [m for m in book.metadata if m["location"]["locationType"] == "SPREADSHEET"]
    if meta:
        out["developerMetadata"] = sorted(meta, key=lambda m: m["metadataId"])
    if with_comments and book.comments:
        out["comments"] = [cm.rendered(ctx, t) for t in book.comments]
    if comments:
        out["commentsViewMode"] = comments
    return out
