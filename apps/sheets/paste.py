"""Cell-range edits: copyPaste, cutPaste, setDataValidation, updateBorders,
trimWhitespace, deleteDuplicates.

Copying a formula moves its relative references as Sheets does (`formula.translate`);
cutting keeps them, and references elsewhere to the cut cells follow them to their new place.
"""

from __future__ import annotations

import re
from typing import Any

from arcadia.apps.kernel import Ctx, invalid
from arcadia.apps.sheets import conditions as cond
from arcadia.apps.sheets import formula as fx
from arcadia.apps.sheets import grid, ops, protect, rewrite, styles
from arcadia.apps.sheets import values as vv
from arcadia.apps.sheets.a1 import Bounds, quote_title
from arcadia.apps.sheets.book import Book, Evaluator, SheetState
from arcadia.apps.sheets.service import MAX_WRITE_CELLS, locate, put
from arcadia.apps.sheets.values import Entered

Box = tuple[int, int, int, int]
WIDTHS = {"SOLID": 1, "DOTTED": 1, "DASHED": 1, "DOUBLE": 1, "SOLID_MEDIUM": 2,
          "SOLID_THICK": 3}


def _limit(cells: int, field: str) -> None:
    if cells > MAX_WRITE_CELLS:
        raise invalid(f"Invalid {field}: at most {MAX_WRITE_CELLS} cells per request.", field)


def _target(book: Book, sheet: SheetState, r0: int, c0: int, height: int, width: int,
            field: str) -> Box:
    if r0 + height > sheet.row_count or c0 + width > sheet.column_count:
        raise invalid(f"Invalid {field}: the paste reaches past the grid of "
                      f"{quote_title(sheet.title)} ({sheet.row_count} rows, {sheet.column_count}"
                      " columns); append rows or columns first (appendDimension).", field)
    return r0, r0 + height, c0, c0 + width


def _write(sheet: SheetState, r: int, c: int, e: Entered | None, note: dict[str, Any] | None
           ) -> None:
    if e is None:
        if (r, c) in sheet.cells:
            put(sheet, r, c, Entered(None, None, None))
    else:
        put(sheet, r, c, e)
    if note:
        sheet.notes[(r, c)] = note
    else:
        sheet.notes.pop((r, c), None)


def _pasted(e: Entered | None, note: dict[str, Any] | None, old: Entered | None,
            old_note: dict[str, Any] | None, kind: str, value: fx.Scalar, dr: int, dc: int
            ) -> tuple[Entered | None, dict[str, Any] | None]:
    """What lands in a destination cell for each pasteType."""
    fmt = e.fmt if e else None
    keep = old.fmt if old else None
    if kind == "PASTE_VALUES":
        shown = _as_value(value)
        return (shown.with_fmt(keep) if shown else (Entered(None, None, keep) if keep else None),
                old_note)
    if kind in ("PASTE_FORMAT", "PASTE_DATA_VALIDATION", "PASTE_CONDITIONAL_FORMATTING"):
        base = old or Entered(None, None, None)
        if kind == "PASTE_FORMAT":
            return Entered(base.kind, base.value, fmt), old_note
        if kind == "PASTE_DATA_VALIDATION":
            extra = {k: v for k, v in (old_note or {}).items() if k != "dataValidation"}
            if note and "dataValidation" in note:
                extra["dataValidation"] = note["dataValidation"]
            return old, extra or None
        return old, old_note
    moved = e
    if e is not None and e.kind == "formula":
        moved = Entered("formula", rewrite.translate(e.value, dr, dc), e.fmt)
    if kind == "PASTE_FORMULA":
        if moved is None:
            return (Entered(None, None, keep) if keep else None), old_note
        return moved.with_fmt(keep), old_note
    if kind == "PASTE_NO_BORDERS" and moved is not None and moved.fmt:
        rest = {k: v for k, v in moved.fmt.items() if k != "borders"}
        if old and old.fmt and "borders" in old.fmt:
            rest["borders"] = old.fmt["borders"]
        moved = moved.with_fmt(rest)
    return moved, note


def _as_value(v: fx.Scalar) -> Entered | None:
    if v is None or v == "":
        return None
    if isinstance(v, bool):
        return Entered("bool", v)
    if isinstance(v, float):
        return Entered("number", v)
    if isinstance(v, fx.Err):
        return Entered("string", v.code)
    return Entered("string", str(v))


def copy_paste(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    src_rng = grid.check(book, body.get("source"), f"{field}.source", bounded=True)
    dst_rng = grid.check(book, body.get("destination"), f"{field}.destination", bounded=True)
    src = grid.sheet(book, grid.sheet_of(src_rng), f"{field}.source.sheetId")
    dst = grid.sheet(book, grid.sheet_of(dst_rng), f"{field}.destination.sheetId")
    s0, s1, t0, t1 = grid.clip(book, src_rng)
    d0, d1, e0, e1 = grid.clip(book, dst_rng)
    transpose = body.get("pasteOrientation") == "TRANSPOSE"
    kind = body.get("pasteType") or "PASTE_NORMAL"
    height, width = (t1 - t0, s1 - s0) if transpose else (s1 - s0, t1 - t0)
    if not height or not width:
        return {}
    reps_r = max(1, (d1 - d0) // height) if (d1 - d0) % height == 0 else 1
    reps_c = max(1, (e1 - e0) // width) if (e1 - e0) % width == 0 else 1
    _limit(height * width * reps_r * reps_c, field)
    box = _target(book, dst, d0, e0, height * reps_r, width * reps_c, f"{field}.destination")
    protect.check_box(dst, box)
    ev = Evaluator(book)
    source = {(r, c): (src.cells.get((r, c)), src.notes.get((r, c)), ev.value(src, r, c))
              for r in range(s0, s1) for c in range(t0, t1)}
    for i in range(reps_r):
        for j in range(reps_c):
            for (r, c), (e, note, value) in source.items():
                dr, dc = (c - t0, r - s0) if transpose else (r - s0, c - t0)
                tr, tc = d0 + i * height + dr, e0 + j * width + dc
                new, new_note = _pasted(e, note, dst.cells.get((tr, tc)), dst.notes.get((tr, tc)),
                                        kind, value, tr - r, tc - c)
                _write(dst, tr, tc, new, new_note)
    if kind == "PASTE_NORMAL" and not transpose:
        _copy_merges(src, dst, (s0, s1, t0, t1), box, height, width)
    if kind == "PASTE_CONDITIONAL_FORMATTING":
        _copy_rules(book, src, dst, (s0, s1, t0, t1), (box[0], box[2]))
    return {}


def _copy_merges(src: SheetState, dst: SheetState, sbox: Box, dbox: Box, height: int,
                 width: int) -> None:
    inner = [m for m in src.merges if sbox[0] <= m["startRowIndex"] and m["endRowIndex"] <= sbox[1]
             and sbox[2] <= m["startColumnIndex"] and m["endColumnIndex"] <= sbox[3]]
    if not inner:
        return
    new = []
    for i in range((dbox[1] - dbox[0]) // height):
        for j in range((dbox[3] - dbox[2]) // width):
            dr, dc = dbox[0] + i * height - sbox[0], dbox[2] + j * width - sbox[2]
            new += [grid.norm({"sheetId": dst.sheet_id,
                               "startRowIndex": m["startRowIndex"] + dr,
                               "endRowIndex": m["endRowIndex"] + dr,
                               "startColumnIndex": m["startColumnIndex"] + dc,
                               "endColumnIndex": m["endColumnIndex"] + dc}) for m in inner]
    boxes = [(m["startRowIndex"], m["endRowIndex"], m["startColumnIndex"], m["endColumnIndex"])
             for m in new]
    dst.merges = [m for m in dst.merges if not any(grid.overlaps(
        (m["startRowIndex"], m["endRowIndex"], m["startColumnIndex"], m["endColumnIndex"]), b)
        for b in boxes)] + new


def _copy_rules(book: Book, src: SheetState, dst: SheetState, sbox: Box, at: tuple[int, int]
                ) -> None:
    for rule in list(src.kind("conditionalFormat")):
        pieces = []
        for g in rule["ranges"]:
            r0, r1, c0, c1 = grid.clip(book, g)
            lo_r, hi_r, lo_c, hi_c = max(r0, sbox[0]), min(r1, sbox[1]), max(c0, sbox[2]), \
                min(c1, sbox[3])
            if lo_r < hi_r and lo_c < hi_c:
                dr, dc = at[0] - sbox[0], at[1] - sbox[2]
                pieces.append(grid.norm({"sheetId": dst.sheet_id, "startRowIndex": lo_r + dr,
                                         "endRowIndex": hi_r + dr, "startColumnIndex": lo_c + dc,
                                         "endColumnIndex": hi_c + dc}))
        if pieces:
            dst.kind("conditionalFormat").append({**rule, "ranges": pieces})


def cut_paste(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    src_rng = grid.check(book, body.get("source"), f"{field}.source", bounded=True)
    src = grid.sheet(book, grid.sheet_of(src_rng), f"{field}.source.sheetId")
    to = body.get("destination") or {}
    dst = grid.sheet(book, to.get("sheetId"), f"{field}.destination.sheetId")
    s0, s1, t0, t1 = grid.clip(book, src_rng)
    _limit((s1 - s0) * (t1 - t0), field)
    r0, c0 = to.get("rowIndex") or 0, to.get("columnIndex") or 0
    box = _target(book, dst, r0, c0, s1 - s0, t1 - t0, f"{field}.destination")
    protect.check_box(src, (s0, s1, t0, t1))
    protect.check_box(dst, box)
    kind = body.get("pasteType") or "PASTE_NORMAL"
    ev = Evaluator(book)
    moved = {(r, c): (src.cells.get((r, c)), src.notes.get((r, c)), ev.value(src, r, c))
             for r in range(s0, s1) for c in range(t0, t1)}
    for (r, c) in moved:  # all of the source is cut, whatever is pasted
        _write(src, r, c, None, None)
    for (r, c), (e, note, value) in moved.items():
        tr, tc = r0 + r - s0, c0 + c - t0
        if kind == "PASTE_NORMAL":
            new, new_note = e, note
        else:
            new, new_note = _pasted(e, note, dst.cells.get((tr, tc)), dst.notes.get((tr, tc)),
                                    kind, value, 0, 0)
        _write(dst, tr, tc, new, new_note)
    _follow_cut(book, src, (s0, s1, t0, t1), dst, r0 - s0, c0 - t0)
    return {}


def _follow_cut(book: Book, src: SheetState, sbox: Box, dst: SheetState, dr: int, dc: int
                ) -> None:
    """References to cells entirely inside the cut box now name their new place."""
    def change(here: SheetState, name: str | None, b: Bounds) -> str | None:
        target = here if name is None else book.by_title(name)
        if target is not src or None in (b.start_row, b.end_row, b.start_col, b.end_col):
            return None
        assert b.start_row is not None and b.end_row is not None
        assert b.start_col is not None and b.end_col is not None
        if not (sbox[0] <= b.start_row and b.end_row <= sbox[1] and sbox[2] <= b.start_col
                and b.end_col <= sbox[3]):
            return None
        nb = Bounds(b.start_row + dr, b.end_row + dr, b.start_col + dc, b.end_col + dc)
        prefix = "" if (name is None and here is dst) else quote_title(dst.title) + "!"
        return prefix + ops.ref_text(nb, as_range=not fx.Ref(None, b).is_cell)

    ops.rewrite_all(book, change)


# -- validation, borders, text ---------------------------------------------------------------

def set_data_validation(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                        ) -> dict[str, Any]:
    rng = grid.check(book, body.get("range"), f"{field}.range")
    sheet = grid.sheet(book, grid.sheet_of(rng), f"{field}.range.sheetId")
    r0, r1, c0, c1 = grid.clip(book, rng)
    _limit((r1 - r0) * (c1 - c0), field)
    rule = body.get("rule")
    if rule is not None:
        bad = cond.problem(rule.get("condition"), allowed=cond.FOR_VALIDATION)
        if bad:
            raise invalid(f"Invalid {field}.rule.condition: {bad}.", f"{field}.rule.condition")
        if rule["condition"]["type"] == "ONE_OF_RANGE":
            text = rule["condition"]["values"][0].get("userEnteredValue") or ""
            locate(book, text.removeprefix("="), f"{field}.rule.condition.values[0]")
        rule = {k: v for k, v in rule.items() if v not in (None, False, "")}
    protect.check_box(sheet, (r0, r1, c0, c1))
    for r in range(r0, r1):
        for c in range(c0, c1):
            extra = {k: v for k, v in sheet.notes.get((r, c), {}).items()
                     if k != "dataValidation"}
            if rule:
                extra["dataValidation"] = rule
            if extra:
                sheet.notes[(r, c)] = extra
            else:
                sheet.notes.pop((r, c), None)
    return {}


def _border(b: dict[str, Any] | None) -> dict[str, Any] | None:
    if b is None:
        return None
    style = b.get("style") or "SOLID"
    if style == "NONE":
        return {}
    out = {"style": style, "width": b.get("width") or WIDTHS.get(style, 1)}
    color = b.get("colorStyle") or ({"rgbColor": b["color"]} if b.get("color") else
                                    {"rgbColor": {}})
    out["colorStyle"] = color
    return styles.sync(out)  # type: ignore[no-any-return]


def update_borders(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    rng = grid.check(book, body.get("range"), f"{field}.range", bounded=True)
    sheet = grid.sheet(book, grid.sheet_of(rng), f"{field}.range.sheetId")
    r0, r1, c0, c1 = grid.clip(book, rng)
    _limit((r1 - r0) * (c1 - c0), field)
    sides = {k: _border(body.get(k)) for k in ("top", "bottom", "left", "right",
                                               "innerHorizontal", "innerVertical")}
    for r in range(r0, r1):
        for c in range(c0, c1):
            want = {"top": sides["top"] if r == r0 else sides["innerHorizontal"],
                    "bottom": sides["bottom"] if r == r1 - 1 else sides["innerHorizontal"],
                    "left": sides["left"] if c == c0 else sides["innerVertical"],
                    "right": sides["right"] if c == c1 - 1 else sides["innerVertical"]}
            want = {k: v for k, v in want.items() if v is not None}
            if not want:
                continue
            old = sheet.cells.get((r, c)) or Entered(None, None, None)
            fmt = dict(old.fmt or {})
            borders = {**(fmt.get("borders") or {}), **want}
            borders = {k: v for k, v in borders.items() if v}
            fmt.pop("borders", None)
            if borders:
                fmt["borders"] = borders
            put(sheet, r, c, Entered(old.kind, old.value, fmt or None))
    return {}


SPACES = re.compile(r"\s+")


def trim_whitespace(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    rng = grid.check(book, body.get("range"), f"{field}.range")
    sheet = grid.sheet(book, grid.sheet_of(rng), f"{field}.range.sheetId")
    box = grid.clip(book, rng)
    changed = 0
    for (r, c), e in sorted(sheet.cells.items()):
        if e.kind == "string" and grid.inside((r, c), box):
            text = SPACES.sub(" ", e.value.strip())
            if text != e.value:
                put(sheet, r, c, Entered("string", text, e.fmt))  # stays text, even `=...`
                changed += 1
    return {"trimWhitespace": {"cellsChangedCount": changed} if changed else {}}


def delete_duplicates(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                      ) -> dict[str, Any]:
    rng = grid.check(book, body.get("range"), f"{field}.range", bounded=True)
    sheet = grid.sheet(book, grid.sheet_of(rng), f"{field}.range.sheetId")
    r0, r1, c0, c1 = grid.clip(book, rng)
    cols: list[int] = []
    for i, d in enumerate(body.get("comparisonColumns") or []):
        dim = grid.check_dimension(book, d, f"{field}.comparisonColumns[{i}]")
        if dim["dimension"] != "COLUMNS" or (dim.get("sheetId") or 0) != sheet.sheet_id or \
                not (c0 <= dim["startIndex"] and dim["endIndex"] <= c1):
            raise invalid(f"Invalid {field}.comparisonColumns[{i}]: columns of the range "
                          "only.", f"{field}.comparisonColumns[{i}]")
        cols += range(dim["startIndex"], dim["endIndex"])
    cols = cols or list(range(c0, c1))
    ev = Evaluator(book)
    seen: set[tuple[str, ...]] = set()
    keep = []
    for r in range(r0, r1):
        key = tuple(vv.formatted(ev.value(sheet, r, c), (sheet.cells.get((r, c)) or
                                                          Entered(None, None)).fmt).lower()
                    for c in cols)
        if key not in seen:
            seen.add(key)
            keep.append(r)
    removed = (r1 - r0) - len(keep)
    if removed:
        protect.check_box(sheet, (r0, r1, c0, c1))
        rows = dict(zip(range(r0, r1), keep, strict=False))
        for store in (sheet.cells, sheet.notes):
            inside = {k: v for k, v in store.items() if r0 <= k[0] < r1 and c0 <= k[1] < c1}
            for k in inside:
                del store[k]  # type: ignore[attr-defined]
            for new, old in rows.items():
                for c in range(c0, c1):
                    if (old, c) in inside:
                        store[(new, c)] = inside[(old, c)]  # type: ignore[index]
    return {"deleteDuplicates": {"duplicatesRemovedCount": removed} if removed else {}}


HANDLERS = {"copyPaste": copy_paste, "cutPaste": cut_paste,
            "setDataValidation": set_data_validation, "updateBorders": update_borders,
            "trimWhitespace": trim_whitespace, "deleteDuplicates": delete_duplicates}
