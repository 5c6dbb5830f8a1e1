"""Formulas rewritten as their cells or references move, as Sheets does: references that
follow inserted/deleted rows and renamed sheets (`refs`), a formula copied elsewhere
(`translate`: relative references move, `$` parts stay), a renamed named range
(`rename_name`). Each works on openpyxl's formula tokens and keeps the rest of the text."""

from __future__ import annotations

import re
from collections.abc import Callable

from openpyxl.formula.tokenizer import Token, Tokenizer, TokenizerError

from arcadia.apps.sheets.a1 import (
    Bounds,
    RangeError,
    col_index,
    col_letters,
    parse_ref,
    split_sheet,
)


def refs(formula: str, change: Callable[[str | None, Bounds], str | None]) -> str:
    """`formula` with each reference replaced by `change(sheet, bounds)` (None keeps it).

    Used to follow sheet renames and row/column inserts and deletes, as Sheets does.
    """
    try:
        tok = Tokenizer(formula)
    except (TokenizerError, ValueError, IndexError):
        return formula
    changed = False
    for t in tok.items:
        if t.type == Token.OPERAND and t.subtype == Token.RANGE:
            try:
                sheet, ref = split_sheet(t.value)
                bounds = parse_ref(ref)
            except RangeError:
                continue
            new = change(sheet, bounds)
            if new is not None and new != t.value:
                t.value = new
                changed = True
    return str(tok.render()) if changed else formula


_END = re.compile(r"^(\$?)([A-Za-z]{1,3})?(\$?)([0-9]{1,8})?$")


def rename_name(formula: str, old: str, new: str) -> str:
    """`formula` with the named range `old` (any case) called `new`."""
    try:
        tok = Tokenizer(formula)
    except (TokenizerError, ValueError, IndexError):
        return formula
    changed = False
    for t in tok.items:
        if t.type == Token.OPERAND and t.subtype == Token.RANGE and t.value.lower() == old.lower():
            t.value, changed = new, True
    return str(tok.render()) if changed else formula


def translate(formula: str, rows: int, cols: int) -> str:
    """`formula` as copied `rows` down and `cols` right: its relative references move, its
    `$`-absolute parts stay (`=SUM(B2:$C$2)` one row down is `=SUM(B3:$C$2)`); a reference
    moved off the grid is `#REF!`."""
    if not rows and not cols:
        return formula
    try:
        tok = Tokenizer(formula)
    except (TokenizerError, ValueError, IndexError):
        return formula
    changed = False
    for t in tok.items:
        if t.type != Token.OPERAND or t.subtype != Token.RANGE:
            continue
        try:
            _, ref = split_sheet(t.value)
        except RangeError:
            continue
        prefix = t.value[:len(t.value) - len(ref)]
        parts: list[str] = []
        for end in ref.split(":"):
            m = _END.match(end)
            if not m or not (m.group(2) or m.group(4)):
                parts = []
                break
            col, row = m.group(2) or "", m.group(4) or ""
            if col and not m.group(1):
                n = col_index(col) + cols
                col = col_letters(n) if 0 <= n < 18_278 else "!"
            if row and not m.group(3):
                n = int(row) + rows
                row = str(n) if 1 <= n <= 10_000_000 else "!"
            if "!" in (col, row):
                parts = ["#REF!"]
                break
            parts.append(f"{m.group(1)}{col}{m.group(3)}{row}")
        if not parts:
            continue
        new = "#REF!" if parts == ["#REF!"] else prefix + ":".join(parts)
        if new != t.value:
            t.value, changed = new, True
    return str(tok.render()) if changed else formula
