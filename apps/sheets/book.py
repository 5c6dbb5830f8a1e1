"""A spreadsheet in memory (`Book` and its sheets' `SheetState`) and the `Evaluator` of its
formulas. A book is loaded whole from its rows, changed by a request, evaluated, and
written back as the difference from what was loaded (`store`), so a request that fails half
way writes nothing, and one that succeeds touches only the rows it changed."""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from typing import Any

from arcadia.apps.sheets import formula as fx
from arcadia.apps.sheets.a1 import Bounds
from arcadia.apps.sheets.formula_eval import evaluate, scalar
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
            result = PARSE if tree is None else scalar(
                evaluate(tree, lambda ref: self._resolve(ref, sheet)))
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
