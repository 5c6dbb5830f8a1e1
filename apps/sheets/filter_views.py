"""The batchUpdate requests on filters and sorting: the basic filter (setBasicFilter,
clearBasicFilter), filter views (addFilterView, updateFilterView, deleteFilterView,
duplicateFilterView) and sortRange. (Conditional format rules and bandings are in `rules`.)

The basic filter acts on the sheet as in Sheets: its sortSpecs sort the rows below its
header, and rows failing its criteria are `hiddenByFilter`. Filter views change nothing
(each viewer applies one to their own view).
"""

from __future__ import annotations

import copy
from datetime import date
from typing import Any

from arcadia.apps.kernel import Ctx, invalid
from arcadia.apps.sheets import conditions as cond
from arcadia.apps.sheets import grid, protect, styles
from arcadia.apps.sheets import values as vv
from arcadia.apps.sheets.book import Book, Evaluator, SheetState
from arcadia.apps.sheets.formula import Err, Scalar
from arcadia.apps.sheets.ids import new_id

# -- filters ---------------------------------------------------------------------------------


def _criteria(c: dict[str, Any] | None, field: str) -> dict[str, Any]:
    c = dict(c or {})
    if c.get("condition") is not None:
        bad = cond.problem(c["condition"], allowed=cond.FOR_FILTERS)
        if bad:
            raise invalid(f"Invalid {field}.condition: {bad}.", f"{field}.condition")
    return styles.sync(c)  # type: ignore[no-any-return]


def _filter(book: Book, item: dict[str, Any], f: str, *, view: bool) -> dict[str, Any]:
    """A basic filter or filter view from a request, validated, in canonical form."""
    if item.get("tableId") is not None:
        table = next((t for s in book.sheets for t in s.kind("table")
                      if t["tableId"] == item["tableId"]), None)
        if table is None:
            raise invalid(f"No table with id: {item['tableId']}", f"{f}.tableId")
        rng = table["range"]
    elif view and item.get("namedRangeId") is not None:
        named = next((n for n in book.named if n["namedRangeId"] == item["namedRangeId"]), None)
        if named is None:
            raise invalid(f"No named range with id: {item['namedRangeId']}",
                          f"{f}.namedRangeId")
        rng = named["range"]
    elif item.get("range") is not None:
        rng = grid.check(book, item["range"], f"{f}.range")
    else:
        raise invalid(f"Invalid {f}: a filter needs a range"
                      f"{', namedRangeId' if view else ''} or tableId.", f)
    r0, r1, c0, c1 = grid.clip(book, rng)
    out: dict[str, Any] = {"range": rng}
    for key in ("tableId",) + (("namedRangeId", "title") if view else ()):
        if item.get(key) is not None:
            out[key] = item[key]
    specs = item.get("filterSpecs")
    if specs is None and item.get("criteria"):
        specs = [{"columnIndex": int(k), "filterCriteria": v}
                 for k, v in sorted(item["criteria"].items(), key=lambda kv: _col_key(kv[0], f))]
    clean = []
    for i, spec in enumerate(specs or []):
        col = spec.get("columnIndex")
        if spec.get("dataSourceColumnReference") is not None or col is None:
            raise invalid(f"Invalid {f}.filterSpecs[{i}]: set columnIndex (no data source "
                          "columns here).", f"{f}.filterSpecs[{i}]")
        if not c0 <= col < c1:
            raise invalid(f"Invalid {f}.filterSpecs[{i}].columnIndex: column {col} is outside "
                          f"the filter's range (columns {c0} to {c1 - 1}).",
                          f"{f}.filterSpecs[{i}].columnIndex")
        clean.append({"columnIndex": col, "filterCriteria": _criteria(
            spec.get("filterCriteria"), f"{f}.filterSpecs[{i}].filterCriteria")})
    if clean:
        out["filterSpecs"] = clean
    sorts = _sort_specs(item.get("sortSpecs"), (c0, c1), f"{f}.sortSpecs")
    if sorts:
        out["sortSpecs"] = sorts
    return out


def _col_key(key: str, f: str) -> int:
    if not key.isascii() or not key.isdigit():
        raise invalid(f"Invalid {f}.criteria: keys are column indexes (\"0\", \"3\").",
                      f"{f}.criteria")
    return int(key)


def _sort_specs(specs: list[dict[str, Any]] | None, cols: tuple[int, int], f: str
                ) -> list[dict[str, Any]]:
    out = []
    for i, spec in enumerate(specs or []):
        col = spec.get("dimensionIndex")
        if spec.get("dataSourceColumnReference") is not None or col is None:
            raise invalid(f"Invalid {f}[{i}]: set dimensionIndex (no data source columns "
                          "here).", f"{f}[{i}]")
        if not cols[0] <= col < cols[1]:
            raise invalid(f"Invalid {f}[{i}].dimensionIndex: column {col} is outside the "
                          f"range (columns {cols[0]} to {cols[1] - 1}).",
                          f"{f}[{i}].dimensionIndex")
        item = styles.sync({**spec, "sortOrder": spec.get("sortOrder") or "ASCENDING"})
        if item["sortOrder"] == "SORT_ORDER_UNSPECIFIED":
            item["sortOrder"] = "ASCENDING"
        out.append(item)
    return out


def rendered_filter(f: dict[str, Any]) -> dict[str, Any]:
    """A filter as Sheets returns it: filterSpecs and the deprecated criteria map both."""
    out = dict(f)
    if f.get("filterSpecs"):
        out["criteria"] = {str(s["columnIndex"]): s["filterCriteria"] for s in f["filterSpecs"]}
    return out


def set_basic_filter(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    f = _filter(book, body.get("filter") or {}, f"{field}.filter", view=False)
    sheet = grid.sheet(book, grid.sheet_of(f["range"]), f"{field}.filter.range.sheetId")
    sheet.objects["basicFilter"] = [f]
    if f.get("sortSpecs"):
        r0, r1, c0, c1 = grid.clip(book, f["range"])
        sort_rows(book, sheet, (r0 + 1, r1, c0, c1), f["sortSpecs"])
    return {}


def clear_basic_filter(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                       ) -> dict[str, Any]:
    sheet = grid.sheet(book, body.get("sheetId"), f"{field}.sheetId")
    sheet.objects.pop("basicFilter", None)
    return {}


def _view(book: Book, vid: Any, field: str) -> tuple[SheetState, dict[str, Any]]:
    for s in book.sheets:
        for v in s.kind("filterView"):
            if v["filterViewId"] == vid:
                return s, v
    raise invalid(f"No filter view with id: {vid}", field)


def _taken_views(book: Book) -> set[int]:
    return {v["filterViewId"] for s in book.sheets for v in s.kind("filterView")}


def add_filter_view(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    item = body.get("filter") or {}
    taken = _taken_views(book)
    vid = item.get("filterViewId")
    if vid in taken:
        raise invalid(f"Invalid {field}.filter.filterViewId: a filter view with id {vid} "
                      "already exists.", f"{field}.filter.filterViewId")
    view = {"filterViewId": vid or new_id(ctx, "filterView", taken),
            **_filter(book, item, f"{field}.filter", view=True)}
    book.by_id(grid.sheet_of(view["range"])).kind("filterView").append(view)  # type: ignore[union-attr]
    return {"addFilterView": {"filter": rendered_filter(view)}}


def update_filter_view(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                       ) -> dict[str, Any]:
    item = body.get("filter") or {}
    f = f"{field}.filter"
    sheet, old = _view(book, item.get("filterViewId"), f"{f}.filterViewId")
    names = grid.mask(body.get("fields"), f"{field}.fields")
    merged = {**old}
    for key in ("title", "range", "namedRangeId", "tableId", "filterSpecs", "sortSpecs",
                "criteria"):
        if grid.wants(names, key):
            merged.pop(key, None)
            if item.get(key) is not None:
                merged[key] = item[key]
    if grid.wants(names, "range") and item.get("range") is not None:
        merged.pop("namedRangeId", None)
    if grid.wants(names, "criteria") and not grid.wants(names, "filterSpecs"):
        merged.pop("filterSpecs", None)
    new = {"filterViewId": old["filterViewId"], **_filter(book, merged, f, view=True)}
    views = sheet.kind("filterView")
    views[views.index(old)] = new
    if grid.sheet_of(new["range"]) != sheet.sheet_id:
        views.remove(new)
        book.by_id(grid.sheet_of(new["range"])).kind("filterView").append(new)  # type: ignore[union-attr]
    return {}


def delete_filter_view(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                       ) -> dict[str, Any]:
    sheet, old = _view(book, body.get("filterId"), f"{field}.filterId")
    sheet.kind("filterView").remove(old)
    return {}


def duplicate_filter_view(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                          ) -> dict[str, Any]:
    sheet, old = _view(book, body.get("filterId"), f"{field}.filterId")
    new = copy.deepcopy(old)
    new["filterViewId"] = new_id(ctx, "filterView", _taken_views(book))
    new["title"] = f"Copy of {old.get('title') or 'Filter'}"
    sheet.kind("filterView").append(new)
    return {"duplicateFilterView": {"filter": rendered_filter(new)}}


def hidden_rows(book: Book, ev: Evaluator, sheet: SheetState, today: date) -> set[int]:
    """The rows the sheet's basic filter hides (below its header row)."""
    filters = sheet.objects.get("basicFilter") or []
    if not filters or not filters[0].get("filterSpecs"):
        return set()
    f = filters[0]
    r0, r1, _, _ = grid.clip(book, f["range"])
    hidden = set()
    for r in range(r0 + 1, r1):
        for spec in f["filterSpecs"]:
            crit = spec.get("filterCriteria") or {}
            col = spec["columnIndex"]
            value = ev.value(sheet, r, col)
            entered = sheet.cells.get((r, col))
            shown = vv.formatted(value, entered.fmt if entered else None)
            if shown in (crit.get("hiddenValues") or []) or (
                    crit.get("condition") and not cond.holds(
                        crit["condition"], value, entered.fmt if entered else None,
                        today=today)):
                hidden.add(r)
                break
    return hidden


# -- sorting ---------------------------------------------------------------------------------

def _sort_key(v: Scalar, descending: bool) -> tuple[int, Any]:
    """Sheets' order: numbers, text (ignoring case), booleans, errors; blanks always last."""
    if v is None or v == "":
        return (9, 0)
    x: Any
    if isinstance(v, bool):
        rank, x = 2, int(v)
    elif isinstance(v, float):
        rank, x = 0, v
    elif isinstance(v, Err):
        rank, x = 3, v.code
    else:
        rank, x = 1, v.lower()
    if descending:
        return (-rank, _Neg(x))
    return (rank, x)


class _Neg:
    """Reverses the order of a comparable value (descending sorts stay stable)."""

    def __init__(self, x: Any) -> None:
        self.x = x

    def __lt__(self, other: _Neg) -> bool:
        return bool(other.x < self.x)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Neg) and bool(self.x == other.x)


def sort_rows(book: Book, sheet: SheetState, box: tuple[int, int, int, int],
              specs: list[dict[str, Any]]) -> None:
    """Sort the rows of `box` (values, formats and notes move together)."""
    r0, r1, c0, c1 = box
    if r1 - r0 < 2:
        return
    protect.check_box(sheet, box)
    ev = Evaluator(book)
    rows = list(range(r0, r1))

    def key(r: int) -> tuple[Any, ...]:
        out: list[Any] = []
        for spec in specs:
            descending = spec.get("sortOrder") == "DESCENDING"
            k = _sort_key(ev.value(sheet, r, spec["dimensionIndex"]), descending)
            out.append((9, 0) if k[0] == 9 else k)  # blanks last either way
        return tuple(out)

    order = sorted(rows, key=key)
    if order == rows:
        return
    moved_cells, moved_notes = {}, {}
    for new_r, old_r in zip(rows, order, strict=True):
        for c in range(c0, c1):
            if (old_r, c) in sheet.cells:
                moved_cells[(new_r, c)] = sheet.cells[(old_r, c)]
            if (old_r, c) in sheet.notes:
                moved_notes[(new_r, c)] = sheet.notes[(old_r, c)]
    for store, moved in ((sheet.cells, moved_cells), (sheet.notes, moved_notes)):
        for k in [k for k in store if r0 <= k[0] < r1 and c0 <= k[1] < c1]:
            del store[k]
        store.update(moved)  # type: ignore[attr-defined]


def sort_range(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    rng = grid.check(book, body.get("range"), f"{field}.range", bounded=True)
    sheet = grid.sheet(book, grid.sheet_of(rng), f"{field}.range.sheetId")
    box = grid.clip(book, rng)
    specs = _sort_specs(body.get("sortSpecs"), (box[2], box[3]), f"{field}.sortSpecs")
    if not specs:
        raise invalid(f"Invalid {field}.sortSpecs: give at least one column to sort by.",
                      f"{field}.sortSpecs")
    sort_rows(book, sheet, box, specs)
    return {}


HANDLERS = {"setBasicFilter": set_basic_filter, "clearBasicFilter": clear_basic_filter,
            "addFilterView": add_filter_view, "updateFilterView": update_filter_view,
            "deleteFilterView": delete_filter_view,
            "duplicateFilterView": duplicate_filter_view, "sortRange": sort_range}
