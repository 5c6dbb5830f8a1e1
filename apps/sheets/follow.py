"""What a sheet carries besides its cells follows the sheet's shape, as in Sheets: named
ranges, protected ranges, merges, filters and filter views, conditional format rules,
bandings, charts' and slicers' source ranges, tables, developer metadata on rows and
columns, row/column properties and groups, and notes move with inserted or deleted rows and
columns, and go with a deleted sheet.

Where Sheets' own rule is not published we keep the plainest one: an object whose one range
is deleted entirely is deleted (a named range, protected range, merge, filter, banding,
slicer, table, row/column metadata); a rule or chart losing one of several ranges keeps the
others (a conditional format rule with none left is deleted); a merge left one cell wide is
unmerged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arcadia.apps.sheets import grid
from arcadia.apps.sheets.book import Book, SheetState

GridFn = Callable[[dict[str, Any]], dict[str, Any] | None]
CoordFn = Callable[[dict[str, Any]], dict[str, Any]]
IndexFn = Callable[[int, int], int | None]  # (sheet id, column index) -> moved or None


def _sources(node: Any, fn: GridFn) -> Any:
    """A chart spec with every ChartSourceRange's `sources` mapped (any chart type)."""
    if isinstance(node, list):
        return [_sources(x, fn) for x in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for k, v in node.items():
        if k == "sources" and isinstance(v, list):
            out[k] = [g for g in (fn(x) for x in v) if g is not None]
        else:
            out[k] = _sources(v, fn)
    return out


def _position(pos: dict[str, Any], coord: CoordFn | None) -> dict[str, Any]:
    overlay = pos.get("overlayPosition")
    if coord is None or not overlay or "anchorCell" not in overlay:
        return pos
    return {**pos, "overlayPosition": {**overlay, "anchorCell": coord(overlay["anchorCell"])}}


def _specs(obj: dict[str, Any], sheet_id: int, index: IndexFn | None) -> dict[str, Any]:
    """A filter's column-indexed specs after columns moved (a deleted column's go)."""
    if index is None:
        return obj
    out = dict(obj)
    if "filterSpecs" in obj:
        specs = []
        for spec in obj["filterSpecs"]:
            moved = index(sheet_id, spec.get("columnIndex") or 0)
            if moved is not None:
                specs.append({**spec, "columnIndex": moved})
        out["filterSpecs"] = specs
    if "sortSpecs" in obj:
        sorts = []
        for spec in obj["sortSpecs"]:
            moved = index(sheet_id, spec.get("dimensionIndex") or 0)
            if moved is not None:
                sorts.append({**spec, "dimensionIndex": moved})
        out["sortSpecs"] = sorts
    return {k: v for k, v in out.items() if v != []}


def map_object(kind: str, obj: dict[str, Any], fn: GridFn, coord: CoordFn | None = None,
               index: IndexFn | None = None) -> dict[str, Any] | None:
    """A sheet object with its ranges mapped by `fn` (None: the object is gone)."""
    if kind in ("basicFilter", "filterView", "banding", "table"):
        rng = fn(obj["range"])
        if rng is None:
            return None
        out = {**obj, "range": rng}
        return _specs(out, grid.sheet_of(rng), index) if kind in ("basicFilter",
                                                                   "filterView") else out
    if kind == "conditionalFormat":
        ranges = [g for g in (fn(x) for x in obj["ranges"]) if g is not None]
        return {**obj, "ranges": ranges} if ranges else None
    if kind == "chart":
        out = {**obj, "spec": _sources(obj.get("spec") or {}, fn)}
        if "position" in obj:
            out["position"] = _position(obj["position"], coord)
        return out
    if kind == "slicer":
        spec = dict(obj.get("spec") or {})
        if "dataRange" in spec:
            rng = fn(spec["dataRange"])
            if rng is None:
                return None
            spec["dataRange"] = rng
        out = {**obj, "spec": spec}
        if "position" in obj:
            out["position"] = _position(obj["position"], coord)
        return out
    return obj


def map_sheet_objects(sheet: SheetState, fn: GridFn, coord: CoordFn | None = None,
                      index: IndexFn | None = None) -> None:
    for kind, items in sheet.objects.items():
        sheet.objects[kind] = [o for o in (map_object(kind, x, fn, coord, index)
                                           for x in items) if o is not None]


def _protected(sheet: SheetState, fn: GridFn) -> None:
    kept = []
    for p in sheet.protected:
        rng = fn(p["range"])
        if rng is None:
            continue
        item = {**p, "range": rng}
        if "unprotectedRanges" in p:
            item["unprotectedRanges"] = [g for g in (fn(x) for x in p["unprotectedRanges"])
                                         if g is not None]
            if not item["unprotectedRanges"]:
                del item["unprotectedRanges"]
        kept.append(item)
    sheet.protected = kept


def _merges(sheet: SheetState, fn: GridFn) -> None:
    kept = []
    for m in sheet.merges:
        g = fn(m)
        if g is None:
            continue
        rows = g["endRowIndex"] - g["startRowIndex"]
        cols = g["endColumnIndex"] - g["startColumnIndex"]
        if rows * cols > 1:
            kept.append(g)
    sheet.merges = kept


def shift(book: Book, sheet: SheetState, rows: bool, at: int, count: int) -> None:
    """Rows (or columns) inserted (`count` > 0) or deleted (the span at..at-count) in
    `sheet`: everything that names them follows (its cells are moved by `ops.shift`)."""
    sh = grid.Shift(sheet.sheet_id, rows, at, count)

    def index(sheet_id: int, col: int) -> int | None:
        return col if sheet_id != sheet.sheet_id else sh.index(col)

    col_index = None if rows else index
    book.named = [{**n, "range": g} for n in book.named
                  if (g := sh.grid(n["range"])) is not None]
    names = {n["namedRangeId"] for n in book.named}
    kept = []
    for m in book.metadata:
        dim = m["location"].get("dimensionRange")
        if dim is not None:
            moved = sh.dimension(dim)
            if moved is None:
                continue
            m = {**m, "location": {**m["location"], "dimensionRange": moved}}
        kept.append(m)
    book.metadata = kept
    for t in book.comments:
        if t.get("anchor") is not None:
            moved = sh.grid(t["anchor"])
            if moved is None:
                del t["anchor"]
            else:
                t["anchor"] = moved
    for s in book.sheets:
        _protected(s, sh.grid)
        s.protected = [p for p in s.protected
                       if p.get("namedRangeId") is None or p["namedRangeId"] in names]
        map_sheet_objects(s, sh.grid, sh.coordinate, col_index)
    _merges(sheet, sh.grid)
    dim_name = "ROWS" if rows else "COLUMNS"
    sheet.dims = {(d, i if d != dim_name else moved): v for (d, i), v in sheet.dims.items()
                  if (moved := (i if d != dim_name else sh.index(i))) is not None}
    groups = [{**g, "range": r} for g in sheet.groups
              if (r := sh.dimension(g["range"])) is not None]
    sheet.groups = regroup(sheet.sheet_id, groups, old=groups)
    moved_notes = {}
    for (r, c), extra in sheet.notes.items():
        i = sh.index(r if rows else c)
        if i is not None:
            moved_notes[(i, c) if rows else (r, i)] = extra
    sheet.notes = moved_notes


def sheet_deleted(book: Book, sheet_id: int) -> None:
    """A sheet deleted: named ranges and developer metadata on it go, and other sheets'
    charts and slicers lose the ranges they read from it."""
    def fn(g: dict[str, Any]) -> dict[str, Any] | None:
        return None if grid.sheet_of(g) == sheet_id else g

    book.named = [n for n in book.named if grid.sheet_of(n["range"]) != sheet_id]
    book.metadata = [m for m in book.metadata if _meta_sheet(m) != sheet_id]
    for t in book.comments:
        if t.get("anchor") is not None and grid.sheet_of(t["anchor"]) == sheet_id:
            del t["anchor"]
    for s in book.sheets:
        if s.sheet_id != sheet_id:
            map_sheet_objects(s, fn)


def _meta_sheet(m: dict[str, Any]) -> int | None:
    loc = m["location"]
    if "dimensionRange" in loc:
        return int(loc["dimensionRange"].get("sheetId") or 0)
    return loc.get("sheetId")


def regroup(sheet_id: int, groups: list[dict[str, Any]], old: list[dict[str, Any]]
            ) -> list[dict[str, Any]]:
    """Row/column groups as Sheets keeps them: each index is as deep as the number of groups
    over it, and the groups of depth d are the runs of indexes at least d deep (so adding
    B:E over C:D gives B:E at depth 1 and C:D at depth 2). A group keeps its `collapsed`
    state while its range and depth are unchanged."""
    collapsed = {(g["range"]["dimension"], g["depth"], g["range"]["startIndex"],
                  g["range"]["endIndex"]) for g in old if g.get("collapsed")}
    out = []
    for dim in ("ROWS", "COLUMNS"):
        events: dict[int, int] = {}
        for g in groups:
            rng = g["range"]
            if rng["dimension"] == dim and rng["endIndex"] > rng["startIndex"]:
                weight = g.get("weight", 1)  # -1: deleteDimensionGroup's range
                events[rng["startIndex"]] = events.get(rng["startIndex"], 0) + weight
                events[rng["endIndex"]] = events.get(rng["endIndex"], 0) - weight
        segments: list[tuple[int, int, int]] = []  # (start, end, depth), depth > 0
        level, last = 0, 0
        for at in sorted(events):
            if level > 0 and at > last:
                segments.append((last, at, level))
            level += events[at]
            last = at
        for depth in range(1, max((d for _, _, d in segments), default=0) + 1):
            runs: list[list[int]] = []
            for lo, hi, d in segments:
                if d < depth:
                    continue
                if runs and runs[-1][1] == lo:
                    runs[-1][1] = hi
                else:
                    runs.append([lo, hi])
            for lo, hi in runs:
                item: dict[str, Any] = {"range": grid.norm_dimension({
                    "sheetId": sheet_id, "dimension": dim, "startIndex": lo, "endIndex": hi}),
                    "depth": depth}
                if (dim, depth, lo, hi) in collapsed:
                    item["collapsed"] = True
                out.append(item)
    return out
