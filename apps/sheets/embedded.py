"""Charts and slicers (addChart, updateChartSpec, addSlicer, updateSlicerSpec,
updateEmbeddedObjectPosition, updateEmbeddedObjectBorder, deleteEmbeddedObject) and tables
(addTable, updateTable, deleteTable).

The API renders nothing, here as in Sheets: an object is its spec and position, validated
(every source range on an existing sheet, inside its grid) and kept. Charts and slicers
share one id space, and sit over a sheet's grid (`overlayPosition`); a chart on a sheet of
its own is refused.
"""

from __future__ import annotations

import copy
from typing import Any

from arcadia.apps.kernel import Ctx, invalid
from arcadia.apps.sheets import grid, styles
from arcadia.apps.sheets.book import Book, SheetState
from arcadia.apps.sheets.ids import new_id

CHART_TYPES = ("basicChart", "pieChart", "bubbleChart", "candlestickChart", "histogramChart",
               "orgChart", "scorecardChart", "treemapChart", "waterfallChart")
SIZE = {"widthPixels": 600, "heightPixels": 371}
WHITE = {"red": 1, "green": 1, "blue": 1}


def _sources(book: Book, node: Any, field: str) -> Any:
    """A spec with each ChartSourceRange's `sources` validated and canonical."""
    if isinstance(node, list):
        return [_sources(book, x, f"{field}[{i}]") for i, x in enumerate(node)]
    if not isinstance(node, dict):
        return node
    out = {}
    for k, v in node.items():
        if k == "sources" and isinstance(v, list):
            out[k] = [grid.check(book, g if isinstance(g, dict) else {}, f"{field}.sources[{i}]")
                      for i, g in enumerate(v)]
        else:
            out[k] = _sources(book, v, f"{field}.{k}")
    return out


def _chart_spec(book: Book, spec: dict[str, Any] | None, f: str) -> dict[str, Any]:
    spec = spec or {}
    kinds = [k for k in CHART_TYPES if spec.get(k) is not None]
    if len(kinds) != 1:
        raise invalid(f"Invalid {f}: set exactly one chart type ({', '.join(CHART_TYPES)}).", f)
    if kinds[0] == "basicChart" and spec["basicChart"].get("chartType") in (
            None, "BASIC_CHART_TYPE_UNSPECIFIED"):
        raise invalid(f"Invalid {f}.basicChart.chartType: set BAR, LINE, AREA, COLUMN, SCATTER, "
                      "COMBO or STEPPED_AREA.", f"{f}.basicChart.chartType")
    return styles.sync(_sources(book, spec, f))  # type: ignore[no-any-return]


def _position(book: Book, pos: dict[str, Any] | None, f: str, old: dict[str, Any] | None = None,
              names: list[str] | None = None) -> dict[str, Any]:
    pos = pos or {}
    if pos.get("newSheet") or pos.get("sheetId") is not None:
        raise invalid(f"Invalid {f}: an object on a sheet of its own is not supported here; "
                      "place it over a sheet's grid with overlayPosition.", f)
    overlay = pos.get("overlayPosition")
    if overlay is None:
        raise invalid(f"Invalid {f}.overlayPosition: give the object's overlayPosition (its "
                      "anchorCell on a sheet).", f"{f}.overlayPosition")
    merged = dict((old or {}).get("overlayPosition") or {})
    for key in ("anchorCell", "offsetXPixels", "offsetYPixels", "widthPixels", "heightPixels"):
        if names is None or grid.wants(names, key):
            merged.pop(key, None)
            if overlay.get(key) is not None:
                merged[key] = overlay[key]
    cell = merged.get("anchorCell") or {}
    sheet = grid.sheet(book, cell.get("sheetId"), f"{f}.overlayPosition.anchorCell.sheetId")
    if (cell.get("rowIndex") or 0) >= sheet.row_count or \
            (cell.get("columnIndex") or 0) >= sheet.column_count:
        raise invalid(f"Invalid {f}.overlayPosition.anchorCell: outside the grid "
                      f"({sheet.row_count} rows, {sheet.column_count} columns).",
                      f"{f}.overlayPosition.anchorCell")
    merged["anchorCell"] = grid.norm_coordinate({"sheetId": sheet.sheet_id, **cell})
    for key, size in SIZE.items():
        merged.setdefault(key, size)
    return {"overlayPosition": merged}


def home(obj: dict[str, Any]) -> int:
    """The sheet an object sits on."""
    return int(obj["position"]["overlayPosition"]["anchorCell"].get("sheetId") or 0)


def _taken(book: Book) -> set[int]:
    return {o["chartId"] for s in book.sheets for o in s.kind("chart")} | \
        {o["slicerId"] for s in book.sheets for o in s.kind("slicer")}


def _find(book: Book, oid: Any, field: str, kinds: tuple[str, ...] = ("chart", "slicer")
          ) -> tuple[SheetState, str, dict[str, Any]]:
    for s in book.sheets:
        for kind in kinds:
            for o in s.kind(kind):
                if o["chartId" if kind == "chart" else "slicerId"] == oid:
                    return s, kind, o
    what = "chart" if kinds == ("chart",) else "embedded object"
    raise invalid(f"No {what} with id: {oid}", field)


def _place(book: Book, sheet: SheetState, kind: str, obj: dict[str, Any]) -> None:
    """Keep `obj` on the sheet it is anchored to (after a move)."""
    if home(obj) != sheet.sheet_id:
        sheet.kind(kind).remove(obj)
        book.by_id(home(obj)).kind(kind).append(obj)  # type: ignore[union-attr]


def add_chart(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    item = body.get("chart") or {}
    f = f"{field}.chart"
    taken = _taken(book)
    cid = item.get("chartId")
    if cid in taken:
        raise invalid(f"Invalid {f}.chartId: an object with id {cid} already exists.",
                      f"{f}.chartId")
    chart = {"chartId": cid or new_id(ctx, "object", taken),
             "spec": _chart_spec(book, item.get("spec"), f"{f}.spec"),
             "position": _position(book, item.get("position"), f"{f}.position"),
             "border": styles.sync(item.get("border") or {"colorStyle": {"rgbColor": WHITE}})}
    book.by_id(home(chart)).kind("chart").append(chart)  # type: ignore[union-attr]
    return {"addChart": {"chart": chart}}


def update_chart_spec(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                      ) -> dict[str, Any]:
    _, _, chart = _find(book, body.get("chartId"), f"{field}.chartId", ("chart",))
    chart["spec"] = _chart_spec(book, body.get("spec"), f"{field}.spec")
    return {}


def update_position(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    sheet, kind, obj = _find(book, body.get("objectId"), f"{field}.objectId")
    names = grid.mask(body.get("fields"), f"{field}.fields")
    obj["position"] = _position(book, body.get("newPosition"), f"{field}.newPosition",
                                obj["position"], names)
    _place(book, sheet, kind, obj)
    return {"updateEmbeddedObjectPosition": {"position": obj["position"]}}


def update_border(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    _, _, chart = _find(book, body.get("objectId"), f"{field}.objectId", ("chart",))
    names = grid.mask(body.get("fields"), f"{field}.fields")
    border = dict(chart.get("border") or {})
    given = body.get("border") or {}
    if grid.wants(names, "color") or grid.wants(names, "colorStyle"):
        border = {k: v for k, v in given.items() if v is not None}
    chart["border"] = styles.sync(border)
    return {}


def delete_object(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    sheet, kind, obj = _find(book, body.get("objectId"), f"{field}.objectId")
    sheet.kind(kind).remove(obj)
    return {}


def _slicer_spec(book: Book, spec: dict[str, Any], f: str) -> dict[str, Any]:
    if spec.get("dataRange") is None:
        raise invalid(f"Invalid {f}.dataRange: a slicer needs the data range it filters.",
                      f"{f}.dataRange")
    out = {**spec, "dataRange": grid.check(book, spec["dataRange"], f"{f}.dataRange")}
    _, _, c0, c1 = grid.clip(book, out["dataRange"])
    if spec.get("columnIndex") is not None and not 0 <= spec["columnIndex"] < c1 - c0:
        raise invalid(f"Invalid {f}.columnIndex: {spec['columnIndex']} is outside the data "
                      f"range's {c1 - c0} columns (it counts from the range's first column).",
                      f"{f}.columnIndex")
    return styles.sync({k: v for k, v in out.items() if v is not None})  # type: ignore[no-any-return]


def add_slicer(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    item = body.get("slicer") or {}
    f = f"{field}.slicer"
    taken = _taken(book)
    sid = item.get("slicerId")
    if sid in taken:
        raise invalid(f"Invalid {f}.slicerId: an object with id {sid} already exists.",
                      f"{f}.slicerId")
    slicer = {"slicerId": sid or new_id(ctx, "object", taken),
              "spec": _slicer_spec(book, item.get("spec") or {}, f"{f}.spec"),
              "position": _position(book, item.get("position"), f"{f}.position")}
    book.by_id(home(slicer)).kind("slicer").append(slicer)  # type: ignore[union-attr]
    return {"addSlicer": {"slicer": slicer}}


def update_slicer_spec(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                       ) -> dict[str, Any]:
    _, _, slicer = _find(book, body.get("slicerId"), f"{field}.slicerId", ("slicer",))
    names = grid.mask(body.get("fields"), f"{field}.fields")
    given = body.get("spec") or {}
    spec = copy.deepcopy(slicer["spec"])
    for key in sorted(set(spec) | set(given)):
        if grid.wants(names, key):
            spec.pop(key, None)
            spec.pop(key.removesuffix("Style"), None)
            if given.get(key) is not None:
                spec[key] = given[key]
    slicer["spec"] = _slicer_spec(book, spec, f"{field}.spec")
    return {}


# -- tables ----------------------------------------------------------------------------------

def _table(book: Book, item: dict[str, Any], f: str, but: dict[str, Any] | None = None
           ) -> dict[str, Any]:
    name = item.get("name")
    if not name or not str(name).strip():
        raise invalid(f"Invalid {f}.name: a table needs a name.", f"{f}.name")
    for s in book.sheets:
        for t in s.kind("table"):
            if t is not but and t["name"].lower() == str(name).lower():
                raise invalid(f"Invalid {f}.name: a table named {t['name']!r} already exists.",
                              f"{f}.name")
    rng = grid.check(book, item.get("range"), f"{f}.range", bounded=True)
    box = grid.clip(book, rng)
    for t in book.by_id(grid.sheet_of(rng)).kind("table"):  # type: ignore[union-attr]
        if t is not but and grid.overlaps(box, grid.clip(book, t["range"])):
            raise invalid(f"Invalid {f}.range: it overlaps the table {t['name']!r}.",
                          f"{f}.range")
    width = box[3] - box[2]
    cols = item.get("columnProperties") or []
    for i, c in enumerate(cols):
        if (c.get("columnIndex") or 0) >= width:
            raise invalid(f"Invalid {f}.columnProperties[{i}].columnIndex: the table has "
                          f"{width} columns.", f"{f}.columnProperties[{i}].columnIndex")
    out: dict[str, Any] = {"name": name, "range": rng}
    if item.get("rowsProperties"):
        out["rowsProperties"] = item["rowsProperties"]
    if cols:
        out["columnProperties"] = cols
    return out


def _find_table(book: Book, tid: Any, field: str) -> tuple[SheetState, dict[str, Any]]:
    for s in book.sheets:
        for t in s.kind("table"):
            if t["tableId"] == tid:
                return s, t
    raise invalid(f"No table with id: {tid}", field)


def add_table(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    item = body.get("table") or {}
    taken = {int(t["tableId"]) for s in book.sheets for t in s.kind("table")}
    table = {"tableId": str(new_id(ctx, "table", taken)),
             **_table(book, item, f"{field}.table")}
    book.by_id(grid.sheet_of(table["range"])).kind("table").append(table)  # type: ignore[union-attr]
    return {"addTable": {"table": table}}


def update_table(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    item = body.get("table") or {}
    sheet, old = _find_table(book, item.get("tableId"), f"{field}.table.tableId")
    names = grid.mask(body.get("fields"), f"{field}.fields")
    merged = dict(old)
    for key in ("name", "range", "rowsProperties", "columnProperties"):
        if grid.wants(names, key):
            merged.pop(key, None)
            if item.get(key) is not None:
                merged[key] = item[key]
    new = {"tableId": old["tableId"], **_table(book, merged, f"{field}.table", but=old)}
    tables = sheet.kind("table")
    tables[tables.index(old)] = new
    if grid.sheet_of(new["range"]) != sheet.sheet_id:
        tables.remove(new)
        book.by_id(grid.sheet_of(new["range"])).kind("table").append(new)  # type: ignore[union-attr]
    return {}


def delete_table(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    sheet, old = _find_table(book, body.get("tableId"), f"{field}.tableId")
    sheet.kind("table").remove(old)
    for s in book.sheets:  # filters backed by the table keep its range
        for f in s.kind("basicFilter") + s.kind("filterView"):
            if f.get("tableId") == old["tableId"]:
                del f["tableId"]
    return {}


HANDLERS = {"addChart": add_chart, "updateChartSpec": update_chart_spec,
            "updateEmbeddedObjectPosition": update_position,
            "updateEmbeddedObjectBorder": update_border, "deleteEmbeddedObject": delete_object,
            "addSlicer": add_slicer, "updateSlicerSpec": update_slicer_spec,
            "addTable": add_table, "updateTable": update_table, "deleteTable": delete_table}
