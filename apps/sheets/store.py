"""A book <-> its rows: the spreadsheet, its sheets and cells, and its named ranges,
protected ranges, merges, developer metadata, row/column properties and groups, sheet
objects (filters, conditional formats, bandings, charts, slicers, tables), notes and
settings.

`load` reads a book whole; `snapshot` records what its rows are (the objects' rows by table
and primary key); `save` writes the difference between the book and a snapshot, so a
request touches only what it changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import and_, delete, insert, select, update
from sqlmodel import Session, SQLModel

from arcadia.apps.kernel import Ctx, json_text, json_value
from arcadia.apps.sheets import grid
from arcadia.apps.sheets.book import Book, SheetState
from arcadia.apps.sheets.models import (
    Cell,
    CellNote,
    Comment,
    DeveloperMetadata,
    DimensionGroup,
    DimensionProperty,
    Merge,
    NamedRange,
    ProtectedRange,
    Sheet,
    SheetObject,
    SheetSettings,
    Spreadsheet,
)
from arcadia.apps.sheets.values import Entered

Rows = dict[str, dict[tuple[Any, ...], dict[str, Any]]]
BOOK = -1  # the sheet_id of the spreadsheet's own settings row
MODELS: dict[str, type[SQLModel]] = {m.__tablename__: m for m in (  # type: ignore[misc]
    SheetSettings, NamedRange, ProtectedRange, Merge, DeveloperMetadata, DimensionProperty,
    DimensionGroup, SheetObject, CellNote, Comment)}


def _entered(kind: str | None, value: str | None, fmt: str | None) -> Entered:
    v: Any = value
    if kind == "number":
        v = float(value or 0)
    elif kind == "bool":
        v = value == "TRUE"
    return Entered(kind, v, json_value(fmt))


def cell_row(e: Entered) -> tuple[str | None, str | None, str | None]:
    """(kind, value, fmt) as stored."""
    if e.kind == "number":
        text: str | None = repr(float(e.value))
    elif e.kind == "bool":
        text = "TRUE" if e.value else "FALSE"
    else:
        text = e.value
    return e.kind, text, json_text(e.fmt, sort_keys=True)


def load(ctx: Ctx, spreadsheet_id: str) -> Book | None:
    """The book whole, its rows read as snapshots (a book is read on every request; the
    ORM's objects and statements would cost more than the rows)."""
    row = ctx.snapshot(Spreadsheet, spreadsheet_id)
    if row is None:
        return None
    mine = {"spreadsheet_id": [spreadsheet_id]}
    sheets = {s.sheet_id: SheetState(
        s.sheet_id, s.title, s.index, s.row_count, s.column_count, s.frozen_row_count,
        s.frozen_column_count, s.hidden, json_value(s.tab_color))
        for s in ctx.snapshots(Sheet, where=mine)}
    session = ctx.session
    cells = session.execute(select(Cell.sheet_id, Cell.row, Cell.col, Cell.kind, Cell.value,
                                   Cell.fmt).where(Cell.spreadsheet_id == spreadsheet_id))
    for sid, r, c, kind, value, fmt in cells:
        if sid in sheets:
            sheets[sid].cells[(r, c)] = _entered(kind, value, fmt)
    book = Book(row.id, row.title, row.locale, row.time_zone, row.owner_id,
                tuple(json_value(row.editors)), tuple(json_value(row.readers)),
                sorted(sheets.values(), key=lambda s: s.index), row.kind, row.cost_centre_id)
    _load_objects(ctx, book)
    return book


def sheet_row(book_id: str, s: SheetState) -> dict[str, Any]:
    return {"spreadsheet_id": book_id, "sheet_id": s.sheet_id, "title": s.title,
            "index": s.index, "row_count": s.row_count, "column_count": s.column_count,
            "frozen_row_count": s.frozen_row_count,
            "frozen_column_count": s.frozen_column_count, "hidden": s.hidden,
            "tab_color": json_text(s.tab_color, sort_keys=True)}


@dataclass
class Snapshot:
    """What a book's rows were when loaded (to write back only the difference)."""

    head: dict[str, Any]
    sheets: dict[int, dict[str, Any]]
    cells: dict[tuple[int, int, int], tuple[str | None, str | None, str | None]]
    extra: dict[str, dict[tuple[Any, ...], dict[str, Any]]] = field(default_factory=dict)


def head_row(book: Book) -> dict[str, Any]:
    return {"id": book.id, "title": book.title, "locale": book.locale,
            "time_zone": book.time_zone, "owner_id": book.owner_id,
            "editors": json_text(list(book.editors)),
            "readers": json_text(list(book.readers)), "kind": book.kind,
            "cost_centre_id": book.cost_centre_id}


def snapshot(book: Book) -> Snapshot:
    return Snapshot(head_row(book), {s.sheet_id: sheet_row(book.id, s) for s in book.sheets},
                    {(s.sheet_id, r, c): cell_row(e) for s in book.sheets
                     for (r, c), e in s.cells.items()}, _object_rows(book))


def save(session: Session, book: Book, before: Snapshot | None) -> None:
    """Write `book` as the difference from `before` (None: a new spreadsheet)."""
    after = snapshot(book)
    if before is None:
        session.execute(insert(Spreadsheet), [after.head])
        before = Snapshot(after.head, {}, {})
    elif after.head != before.head:
        session.execute(update(Spreadsheet).where(Spreadsheet.id == book.id)  # type: ignore[arg-type]
                        .values(**{k: v for k, v in after.head.items() if k != "id"}))
    for sid in sorted(set(before.sheets) - set(after.sheets)):
        session.execute(delete(Sheet).where(Sheet.spreadsheet_id == book.id,  # type: ignore[arg-type]
                                            Sheet.sheet_id == sid))  # type: ignore[arg-type]
    new_sheets = [after.sheets[s] for s in sorted(set(after.sheets) - set(before.sheets))]
    if new_sheets:
        session.execute(insert(Sheet), new_sheets)
    for sid in sorted(set(after.sheets) & set(before.sheets)):
        if after.sheets[sid] != before.sheets[sid]:
            values = {k: v for k, v in after.sheets[sid].items()
                      if k not in ("spreadsheet_id", "sheet_id")}
            session.execute(update(Sheet).where(
                Sheet.spreadsheet_id == book.id, Sheet.sheet_id == sid)  # type: ignore[arg-type]
                .values(**values))
    gone = sorted(set(before.cells) - set(after.cells))
    for sid, r, c in gone:
        session.execute(delete(Cell).where(
            Cell.spreadsheet_id == book.id, Cell.sheet_id == sid,  # type: ignore[arg-type]
            Cell.row == r, Cell.col == c))  # type: ignore[arg-type]
    added = [{"spreadsheet_id": book.id, "sheet_id": k[0], "row": k[1], "col": k[2],
              "kind": v[0], "value": v[1], "fmt": v[2]}
             for k, v in sorted(after.cells.items()) if k not in before.cells]
    if added:
        session.execute(insert(Cell), added)
    for k in sorted(set(after.cells) & set(before.cells)):
        v = after.cells[k]
        if v != before.cells[k]:
            session.execute(update(Cell).where(
                Cell.spreadsheet_id == book.id, Cell.sheet_id == k[0],  # type: ignore[arg-type]
                Cell.row == k[1], Cell.col == k[2])  # type: ignore[arg-type]
                .values(kind=v[0], value=v[1], fmt=v[2]))
    _save_objects(session, before.extra, after.extra)


# -- named ranges, protections, merges and the other objects <-> their rows ---------------------

def _range_cols(g: dict[str, Any]) -> dict[str, Any]:
    return {"sheet_id": grid.sheet_of(g), "start_row": g.get("startRowIndex"),
            "end_row": g.get("endRowIndex"), "start_col": g.get("startColumnIndex"),
            "end_col": g.get("endColumnIndex")}


def _range_of(row: Any) -> dict[str, Any]:
    return grid.norm({"sheetId": row.sheet_id, "startRowIndex": row.start_row,
                      "endRowIndex": row.end_row, "startColumnIndex": row.start_col,
                      "endColumnIndex": row.end_col})


def _object_rows(book: Book) -> Rows:
    """Every row of these tables for `book`, by table and primary key."""
    out: Rows = {name: {} for name in MODELS}
    sid = book.id

    def put(table: str, key: tuple[Any, ...], row: dict[str, Any]) -> None:
        out[table][key] = {"spreadsheet_id": sid, **row}

    # Canonical texts (sorted keys): `save` finds changed rows by comparing them.
    if book.settings:
        put("sheet_settings", (sid, BOOK), {
            "sheet_id": BOOK, "body": json_text(book.settings, sort_keys=True)})
    for n in book.named:
        put("named_ranges", (sid, n["namedRangeId"]), {
            "named_range_id": n["namedRangeId"], "name": n["name"], **_range_cols(n["range"])})
    for m in book.metadata:
        loc = m["location"]
        dim = loc.get("dimensionRange") or {}
        put("developer_metadata", (sid, m["metadataId"]), {
            "metadata_id": m["metadataId"], "metadata_key": m["metadataKey"],
            "metadata_value": m.get("metadataValue"), "visibility": m["visibility"],
            "location_type": loc["locationType"],
            "sheet_id": loc.get("sheetId", dim.get("sheetId", 0) if dim else None),
            "start_index": dim.get("startIndex"), "end_index": dim.get("endIndex")})
    for t in book.comments:
        anchor = t.get("anchor")
        put("comments", (sid, t["commentId"]), {
            "comment_id": t["commentId"], "status": t["status"],
            "sheet_id": None if anchor is None else grid.sheet_of(anchor),
            "row": None if anchor is None else anchor["startRowIndex"],
            "col": None if anchor is None else anchor["startColumnIndex"],
            "body": json_text({k: v for k, v in t.items()
                               if k not in ("commentId", "status", "anchor")}, sort_keys=True)})
    for s in book.sheets:
        if s.settings:
            put("sheet_settings", (sid, s.sheet_id), {
                "sheet_id": s.sheet_id, "body": json_text(s.settings, sort_keys=True)})
        for p in s.protected:
            put("protected_ranges", (sid, p["protectedRangeId"]), {
                "protected_range_id": p["protectedRangeId"], **_range_cols(p["range"]),
                "named_range_id": p.get("namedRangeId"), "description": p.get("description"),
                "warning_only": bool(p.get("warningOnly")),
                "editors": json_text(p.get("editors") or {}, sort_keys=True),
                "unprotected_ranges": json_text(p.get("unprotectedRanges") or [],
                                                sort_keys=True)})
        for g in s.merges:
            put("merges", (sid, s.sheet_id, g["startRowIndex"], g["startColumnIndex"]), {
                "sheet_id": s.sheet_id, "start_row": g["startRowIndex"],
                "start_col": g["startColumnIndex"], "end_row": g["endRowIndex"],
                "end_col": g["endColumnIndex"]})
        for (dim_name, index), props in s.dims.items():
            put("dimension_properties", (sid, s.sheet_id, dim_name, index), {
                "sheet_id": s.sheet_id, "dimension": dim_name, "index": index,
                "pixel_size": props.get("pixelSize"), "hidden": bool(props.get("hiddenByUser"))})
        for g in s.groups:
            rng = g["range"]
            put("dimension_groups", (sid, s.sheet_id, rng["dimension"], g["depth"],
                                     rng["startIndex"]), {
                "sheet_id": s.sheet_id, "dimension": rng["dimension"], "depth": g["depth"],
                "start_index": rng["startIndex"], "end_index": rng["endIndex"],
                "collapsed": bool(g.get("collapsed"))})
        for kind, items in sorted(s.objects.items()):
            for position, obj in enumerate(items):
                oid = object_id(kind, obj, s.sheet_id, position)
                put("sheet_objects", (sid, kind, oid), {"kind": kind, "object_id": oid,
                                                        "sheet_id": s.sheet_id,
                                                        "position": position,
                                                        "body": json_text(obj, sort_keys=True)})
        for (r, c), extra in s.notes.items():
            dv = extra.get("dataValidation")
            put("cell_notes", (sid, s.sheet_id, r, c), {
                "sheet_id": s.sheet_id, "row": r, "col": c, "note": extra.get("note"),
                "data_validation": json_text(dv, sort_keys=True)})
    return out


ID_KEYS = {"filterView": "filterViewId", "banding": "bandedRangeId", "chart": "chartId",
           "slicer": "slicerId", "table": "tableId"}


def object_id(kind: str, obj: dict[str, Any], sheet_id: int, position: int) -> int:
    """A sheet object's key: its own id, its sheet's for the basic filter, its position for
    a conditional format rule (which Sheets names by index)."""
    if kind == "basicFilter":
        return sheet_id
    if kind == "conditionalFormat":
        return position
    return int(obj[ID_KEYS[kind]])


def _load_objects(ctx: Ctx, book: Book) -> None:
    """Fill `book` (sheets and cells loaded) with its rows of these tables."""
    sid = book.id
    sheets = {s.sheet_id: s for s in book.sheets}

    def of(model: type[SQLModel]) -> list[Any]:  # by primary key
        return ctx.snapshots(model, where={"spreadsheet_id": [sid]})

    for row in of(SheetSettings):
        body = json_value(row.body)
        if row.sheet_id == BOOK:
            book.settings = body
        elif row.sheet_id in sheets:
            sheets[row.sheet_id].settings = body
    book.named = [{"namedRangeId": r.named_range_id, "name": r.name, "range": _range_of(r)}
                  for r in of(NamedRange)]
    for r in of(DeveloperMetadata):
        loc: dict[str, Any] = {"locationType": r.location_type}
        if r.location_type == "SPREADSHEET":
            loc["spreadsheet"] = True
        elif r.location_type == "SHEET":
            loc["sheetId"] = r.sheet_id
        else:
            loc["dimensionRange"] = grid.norm_dimension({
                "sheetId": r.sheet_id, "dimension": "ROWS" if r.location_type == "ROW"
                else "COLUMNS", "startIndex": r.start_index, "endIndex": r.end_index})
        item = {"metadataId": r.metadata_id, "metadataKey": r.metadata_key,
                "location": loc, "visibility": r.visibility}
        if r.metadata_value is not None:
            item["metadataValue"] = r.metadata_value
        book.metadata.append(item)
    for r in of(ProtectedRange):
        if r.sheet_id not in sheets:
            continue
        p: dict[str, Any] = {"protectedRangeId": r.protected_range_id, "range": _range_of(r)}
        if r.named_range_id:
            p["namedRangeId"] = r.named_range_id
        if r.description:
            p["description"] = r.description
        if r.warning_only:
            p["warningOnly"] = True
        editors = json_value(r.editors)
        if editors:
            p["editors"] = editors
        unprotected = json_value(r.unprotected_ranges)
        if unprotected:
            p["unprotectedRanges"] = unprotected
        sheets[r.sheet_id].protected.append(p)
    for r in of(Merge):
        if r.sheet_id in sheets:
            sheets[r.sheet_id].merges.append(grid.norm({
                "sheetId": r.sheet_id, "startRowIndex": r.start_row, "endRowIndex": r.end_row,
                "startColumnIndex": r.start_col, "endColumnIndex": r.end_col}))
    for r in of(DimensionProperty):
        if r.sheet_id in sheets:
            props: dict[str, Any] = {}
            if r.pixel_size is not None:
                props["pixelSize"] = r.pixel_size
            if r.hidden:
                props["hiddenByUser"] = True
            sheets[r.sheet_id].dims[(r.dimension, r.index)] = props
    for r in of(DimensionGroup):
        if r.sheet_id in sheets:
            sheets[r.sheet_id].groups.append({
                "range": grid.norm_dimension({"sheetId": r.sheet_id, "dimension": r.dimension,
                                              "startIndex": r.start_index,
                                              "endIndex": r.end_index}),
                "depth": r.depth, **({"collapsed": True} if r.collapsed else {})})
    objects = sorted(of(SheetObject), key=lambda r: (r.sheet_id, r.kind, r.position))
    for r in objects:
        if r.sheet_id in sheets:
            sheets[r.sheet_id].kind(r.kind).append(json_value(r.body))
    for r in of(CellNote):
        if r.sheet_id in sheets:
            extra: dict[str, Any] = {}
            if r.note is not None:
                extra["note"] = r.note
            if r.data_validation is not None:
                extra["dataValidation"] = json_value(r.data_validation)
            sheets[r.sheet_id].notes[(r.row, r.col)] = extra
    for r in of(Comment):  # ids are minted in order (`comments.new_thread`)
        thread = {"commentId": r.comment_id, "status": r.status, **json_value(r.body)}
        if r.sheet_id is not None:
            thread["anchor"] = grid.norm({"sheetId": r.sheet_id, "startRowIndex": r.row,
                                          "endRowIndex": r.row + 1, "startColumnIndex": r.col,
                                          "endColumnIndex": r.col + 1})
        book.comments.append(thread)
    for s in book.sheets:
        s.groups.sort(key=lambda g: (g["range"]["dimension"], g["depth"],
                                     g["range"]["startIndex"]))


def _save_objects(session: Session, before: Rows, after: Rows) -> None:
    """Write the difference between two `_object_rows(...)` results."""
    for name, model in MODELS.items():
        old, new = before.get(name, {}), after.get(name, {})
        if old == new:
            continue
        table: Any = model.__table__  # type: ignore[attr-defined]
        pk = [c.name for c in table.primary_key.columns]

        def where(key: tuple[Any, ...], table: Any = table, pk: list[str] = pk) -> Any:
            return and_(*(table.c[c] == v for c, v in zip(pk, key, strict=True)))

        for key in sorted(set(old) - set(new)):
            session.execute(delete(table).where(where(key)))
        added = [new[k] for k in sorted(set(new) - set(old))]
        if added:
            session.execute(insert(table), added)
        for key in sorted(set(old) & set(new)):
            if old[key] != new[key]:
                values = {k: v for k, v in new[key].items() if k not in pk}
                session.execute(update(table).where(where(key)).values(**values))
