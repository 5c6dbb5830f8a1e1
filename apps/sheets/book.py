"""A spreadsheet in memory: loaded whole from its rows, changed by a request, evaluated,
and written back as the difference from what was loaded (so a request that fails half way
writes nothing, and one that succeeds touches only the rows it changed)."""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from typing import Any

import orjson
from sqlalchemy import delete, insert, select, update
from sqlmodel import Session

from arcadia.apps.sheets import formula as fx
from arcadia.apps.sheets import store
from arcadia.apps.sheets.a1 import Bounds
from arcadia.apps.sheets.models import Cell, Sheet, Spreadsheet
from arcadia.apps.sheets.values import Entered

Key = tuple[int, int]  # (row, col)


@dataclass
class SheetState:
    sheet_id: int
    title: str
    index: int
    row_count: int = 1000
    column_count: int = 26
    frozen_row_count: int = 0
    frozen_column_count: int = 0
    hidden: bool = False
    tab_color: dict[str, Any] | None = None
    cells: dict[Key, Entered] = field(default_factory=dict)
    # Besides the cells (Google's JSON shapes; ranges in `grid`'s canonical form):
    settings: dict[str, Any] = field(default_factory=dict)  # hideGridlines, rightToLeft, ...
    protected: list[dict[str, Any]] = field(default_factory=list)  # ProtectedRange
    merges: list[dict[str, Any]] = field(default_factory=list)  # GridRange
    dims: dict[tuple[str, int], dict[str, Any]] = field(default_factory=dict)  # pixelSize...
    groups: list[dict[str, Any]] = field(default_factory=list)  # DimensionGroup
    objects: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # kind -> objects
    notes: dict[Key, dict[str, Any]] = field(default_factory=dict)  # note, dataValidation
    locks: tuple[Any, ...] = ()  # protected ranges the caller may not edit (not stored)

    def kind(self, name: str) -> list[dict[str, Any]]:
        """The sheet's objects of one kind (filterView, chart, ...), in order."""
        return self.objects.setdefault(name, [])

    def extent(self) -> tuple[int, int]:
        """(rows, columns) up to the last occupied cell with a value."""
        rows = cols = 0
        for (r, c), e in self.cells.items():
            if e.kind is not None:
                rows, cols = max(rows, r + 1), max(cols, c + 1)
        return rows, cols


@dataclass
class Book:
    id: str
    title: str
    locale: str
    time_zone: str
    owner_id: int
    editors: tuple[str, ...]
    readers: tuple[str, ...]
    sheets: list[SheetState]
    kind: str | None = None
    cost_centre_id: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)  # autoRecalc, defaultFormat, ...
    named: list[dict[str, Any]] = field(default_factory=list)  # NamedRange
    metadata: list[dict[str, Any]] = field(default_factory=list)  # DeveloperMetadata
    comments: list[dict[str, Any]] = field(default_factory=list)  # CommentThread + "anchor"

    def by_title(self, title: str) -> SheetState | None:
        low = title.lower()
        return next((s for s in self.sheets if s.title.lower() == low), None)

    def by_id(self, sheet_id: int) -> SheetState | None:
        return next((s for s in self.sheets if s.sheet_id == sheet_id), None)

    def titles(self) -> list[str]:
        return [s.title for s in self.sheets]

    def first(self) -> SheetState:
        return min(self.sheets, key=lambda s: s.index)

    def reindex(self) -> None:
        self.sheets.sort(key=lambda s: s.index)
        for i, s in enumerate(self.sheets):
            s.index = i


# -- evaluation ------------------------------------------------------------------------------

CIRCULAR = fx.Err("#REF!", "Circular dependency detected. To resolve with iterative "
                  "calculation, see File > Settings.")
PARSE = fx.Err("#ERROR!", "Formula parse error.")


class _TooDeep(Exception):
    def __init__(self, key: tuple[int, int, int]) -> None:
        self.key = key


class Evaluator:
    """Computes cell values on demand, once each; circular references are `#REF!`.

    Long dependency chains are evaluated from their far end first (no deep recursion).
    """

    DEPTH = 120

    def __init__(self, book: Book) -> None:
        self.book = book
        self.memo: dict[tuple[int, int, int], fx.Scalar] = {}
        self.active: set[tuple[int, int, int]] = set()
        self.depth = 0
        self.trees: dict[str, fx.Node | None] = {}
        self.rows: dict[int, tuple[list[int], dict[int, list[tuple[int, Entered]]]]] = {}

    def value(self, sheet: SheetState, row: int, col: int) -> fx.Scalar:
        key = (sheet.sheet_id, row, col)
        entered = sheet.cells.get((row, col))
        if entered is None or entered.kind != "formula":
            return None if entered is None else entered.value  # type: ignore[no-any-return]
        stack = [key]
        while stack:
            top = stack[-1]
            if top in self.memo:
                stack.pop()
                continue
            try:
                self._cell(top)
                stack.pop()
            except _TooDeep as deep:
                if deep.key in stack:
                    self.memo[deep.key] = CIRCULAR
                else:
                    stack.append(deep.key)
        return self.memo[key]

    def _cell(self, key: tuple[int, int, int]) -> fx.Scalar:
        if key in self.memo:
            return self.memo[key]
        sheet = self.book.by_id(key[0])
        entered = sheet.cells.get((key[1], key[2])) if sheet else None
        if entered is None or entered.kind is None:
            return None
        if entered.kind != "formula":
            return entered.value  # type: ignore[no-any-return]
        if key in self.active:
            return CIRCULAR
        if self.depth >= self.DEPTH:
            raise _TooDeep(key)
        assert sheet is not None
        tree = self._tree(entered.value)
        self.active.add(key)
        self.depth += 1
        try:
            result = PARSE if tree is None else fx.scalar(
                fx.evaluate(tree, lambda ref: self._resolve(ref, sheet)))
        except RecursionError:
            raise _TooDeep(key) from None  # evaluated again from a shallow stack
        finally:
            self.active.discard(key)
            self.depth -= 1
        self.memo[key] = result
        return result

    def _tree(self, text: str) -> fx.Node | None:
        if text not in self.trees:
            try:
                self.trees[text] = fx.parse(text)
            except fx.ParseError:
                self.trees[text] = None
        return self.trees[text]

    def _resolve(self, ref: fx.Ref, here: SheetState) -> fx.Value:
        if ref.name is not None:
            low = ref.name.lower()
            named = next((n for n in self.book.named if n["name"].lower() == low), None)
            if named is None:
                return fx.Err("#NAME?", f"Unknown range name: '{ref.name}'.")
            g = named["range"]
            target = self.book.by_id(int(g.get("sheetId") or 0))
            assert target is not None
            return self._resolve(fx.Ref(target.title, Bounds(
                g.get("startRowIndex"), g.get("endRowIndex"), g.get("startColumnIndex"),
                g.get("endColumnIndex"))), here)
        sheet = here if ref.sheet is None else self.book.by_title(ref.sheet)
        if sheet is None:
            return fx.Err("#REF!", f"Unresolved sheet name '{ref.sheet}'.")
        b = ref.bounds
        if ref.is_cell:
            assert b.start_row is not None and b.start_col is not None
            if b.start_row >= sheet.row_count or b.start_col >= sheet.column_count:
                return fx.Err("#REF!", "Reference beyond the sheet's grid.")
            return self._cell((sheet.sheet_id, b.start_row, b.start_col))
        return fx.RangeValue(tuple(
            self._cell((sheet.sheet_id, r, c)) for r, c in self.occupied(sheet, b)))

    def occupied(self, sheet: SheetState, b: Bounds) -> list[Key]:
        """The occupied cells within `b`, row by row."""
        if sheet.sheet_id not in self.rows:
            by_row: dict[int, list[tuple[int, Entered]]] = {}
            for (r, c), e in sheet.cells.items():
                if e.kind is not None:
                    by_row.setdefault(r, []).append((c, e))
            for cells in by_row.values():
                cells.sort(key=lambda ce: ce[0])
            self.rows[sheet.sheet_id] = (sorted(by_row), by_row)
        order, by_row = self.rows[sheet.sheet_id]
        r0, r1, c0, c1 = b.clip(sheet.row_count, sheet.column_count)
        out: list[Key] = []
        for r in order[bisect.bisect_left(order, r0):bisect.bisect_left(order, r1)]:
            out.extend((r, c) for c, _ in by_row[r] if c0 <= c < c1)
        return out


# -- rows <-> book ---------------------------------------------------------------------------

def _loads(text: str | None) -> Any:
    return None if text is None else orjson.loads(text)


def _dumps(value: Any) -> str | None:
    return None if value is None else orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()


def _entered(kind: str | None, value: str | None, fmt: str | None) -> Entered:
    v: Any = value
    if kind == "number":
        v = float(value or 0)
    elif kind == "bool":
        v = value == "TRUE"
    return Entered(kind, v, _loads(fmt))


def cell_row(e: Entered) -> tuple[str | None, str | None, str | None]:
    """(kind, value, fmt) as stored."""
    if e.kind == "number":
        text: str | None = repr(float(e.value))
    elif e.kind == "bool":
        text = "TRUE" if e.value else "FALSE"
    else:
        text = e.value
    return e.kind, text, _dumps(e.fmt)


def load(session: Session, spreadsheet_id: str) -> Book | None:
    row = session.get(Spreadsheet, spreadsheet_id)
    if row is None:
        return None
    sheets = {s.sheet_id: SheetState(
        s.sheet_id, s.title, s.index, s.row_count, s.column_count, s.frozen_row_count,
        s.frozen_column_count, s.hidden, _loads(s.tab_color))
        for s in session.execute(select(Sheet).where(
            Sheet.spreadsheet_id == spreadsheet_id)).scalars()}  # type: ignore[arg-type]
    cells = session.execute(select(Cell.sheet_id, Cell.row, Cell.col, Cell.kind, Cell.value,
                                   Cell.fmt).where(Cell.spreadsheet_id == spreadsheet_id))
    for sid, r, c, kind, value, fmt in cells:
        if sid in sheets:
            sheets[sid].cells[(r, c)] = _entered(kind, value, fmt)
    book = Book(row.id, row.title, row.locale, row.time_zone, row.owner_id,
                tuple(orjson.loads(row.editors)), tuple(orjson.loads(row.readers)),
                sorted(sheets.values(), key=lambda s: s.index), row.kind, row.cost_centre_id)
    store.load(session, book)
    return book


def sheet_row(book_id: str, s: SheetState) -> dict[str, Any]:
    return {"spreadsheet_id": book_id, "sheet_id": s.sheet_id, "title": s.title,
            "index": s.index, "row_count": s.row_count, "column_count": s.column_count,
            "frozen_row_count": s.frozen_row_count,
            "frozen_column_count": s.frozen_column_count, "hidden": s.hidden,
            "tab_color": _dumps(s.tab_color)}


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
            "editors": orjson.dumps(list(book.editors)).decode(),
            "readers": orjson.dumps(list(book.readers)).decode(), "kind": book.kind,
            "cost_centre_id": book.cost_centre_id}


def snapshot(book: Book) -> Snapshot:
    return Snapshot(head_row(book), {s.sheet_id: sheet_row(book.id, s) for s in book.sheets},
                    {(s.sheet_id, r, c): cell_row(e) for s in book.sheets
                     for (r, c), e in s.cells.items()}, store.rows(book))


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
    store.save(session, before.extra, after.extra)
