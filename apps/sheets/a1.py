"""A1 and R1C1 range notation: parsing a range string into a sheet and grid bounds, and
writing bounds back the way Google Sheets spells them.

Forms accepted (as Sheets' API does): `Sheet1` (the whole sheet), `A1`, `A1:B2`, `A:A`,
`2:2`, `A2:C` and `B2:B` (open-ended), `$A$1` markers, `R1C1`, `R2C3:R4C5`
(`R2` alone is the A1 cell R2),
each optionally after `Sheet!` or `'Quoted ''name'''!`. A range without a sheet means the
first (visible) sheet. Rows and columns are 0-based, ends exclusive; `None` is open.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_ROWS = 10_000_000  # Google's cell limit is 10 million; no sheet can be taller
MAX_COLS = 18_278  # column ZZZ, Google's widest

_A1_END = re.compile(r"^\$?([A-Za-z]{1,3})?\$?([0-9]{1,8})?$")
_R1C1_END = re.compile(r"^(?:[Rr]([0-9]{1,8}))?(?:[Cc]([0-9]{1,5}))?$")
_PLAIN_TITLE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class RangeError(ValueError):
    """A range string that is not A1 or R1C1 notation."""


@dataclass(frozen=True)
class Bounds:
    """Grid bounds: 0-based, ends exclusive, `None` for an open side."""

    start_row: int | None
    end_row: int | None
    start_col: int | None
    end_col: int | None

    def clip(self, rows: int, cols: int) -> tuple[int, int, int, int]:
        """Concrete bounds inside a `rows` x `cols` grid (may be empty)."""
        r0 = self.start_row or 0
        c0 = self.start_col or 0
        r1 = rows if self.end_row is None else min(self.end_row, rows)
        c1 = cols if self.end_col is None else min(self.end_col, cols)
        return r0, max(r0, r1), c0, max(c0, c1)


@dataclass(frozen=True)
class ParsedRange:
    sheet: str | None  # the title as written (unquoted), or None for the first sheet
    bounds: Bounds
    is_whole_sheet: bool = False


def col_letters(col: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    out = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        out = chr(65 + rem) + out
    return out


def col_index(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + (ord(ch) - 64)
    return n - 1


def split_sheet(text: str) -> tuple[str | None, str]:
    """(`sheet title` or None, the rest) of `Sheet!A1` / `'It''s'!A1` / `A1`."""
    if text.startswith("'"):
        i, title = 1, list[str]()
        while i < len(text):
            if text[i] == "'":
                if i + 1 < len(text) and text[i + 1] == "'":
                    title.append("'")
                    i += 2
                    continue
                rest = text[i + 1:]
                if rest == "":
                    return "".join(title), ""
                if not rest.startswith("!"):
                    raise RangeError(text)
                return "".join(title), rest[1:]
            title.append(text[i])
            i += 1
        raise RangeError(text)
    if "!" in text:
        name, _, rest = text.rpartition("!")
        if not name or "'" in name:
            raise RangeError(text)
        return name, rest
    return None, text


def _end(text: str) -> tuple[int | None, int | None]:
    """(row, col) of one endpoint, 0-based, either may be None."""
    m = _A1_END.match(text)
    if m and (m.group(1) or m.group(2)):
        col = col_index(m.group(1)) if m.group(1) else None
        row = int(m.group(2)) - 1 if m.group(2) else None
    else:
        m = _R1C1_END.match(text)
        if not m or not (m.group(1) or m.group(2)):
            raise RangeError(text)
        row = int(m.group(1)) - 1 if m.group(1) else None
        col = int(m.group(2)) - 1 if m.group(2) else None
    if (row is not None and not 0 <= row < MAX_ROWS) or \
            (col is not None and not 0 <= col < MAX_COLS):
        raise RangeError(text)
    return row, col


def parse_ref(text: str) -> Bounds:
    """Bounds of a reference without its sheet (`A1:B2`, `A:A`, `2:2`, `R1C1:R2C2`)."""
    if not text or text.count(":") > 1:
        raise RangeError(text)
    first, _, second = text.partition(":")
    r0, c0 = _end(first)
    if not second:
        if r0 is not None and c0 is not None:
            return Bounds(r0, r0 + 1, c0, c0 + 1)
        raise RangeError(text)  # `A` or `2` alone is not a range
    r1, c1 = _end(second)
    if (r0 is None) != (r1 is None) and (c0 is None or c1 is None):
        raise RangeError(text)  # `A:5`: a column start with a row-only end
    if c0 is None and c1 is not None:
        raise RangeError(text)
    if r0 is not None and r1 is not None and r1 < r0:
        r0, r1 = r1, r0
    if c0 is not None and c1 is not None and c1 < c0:
        c0, c1 = c1, c0
    return Bounds(r0, None if r1 is None else r1 + 1, c0, None if c1 is None else c1 + 1)


def parse_range(text: str, titles: list[str]) -> ParsedRange:
    """Parse a range against the sheet `titles` (a bare existing title is the whole sheet).

    Raises:
        RangeError: the text is not a range of these sheets.
    """
    if not text or len(text) > 1000:
        raise RangeError(text)
    lowered = {t.lower(): t for t in titles}
    if text.lower() in lowered:
        return ParsedRange(lowered[text.lower()], Bounds(None, None, None, None), True)
    sheet, ref = split_sheet(text)
    if sheet is not None:
        if sheet.lower() not in lowered:
            raise RangeError(text)
        sheet = lowered[sheet.lower()]
        if ref == "":
            return ParsedRange(sheet, Bounds(None, None, None, None), True)
    return ParsedRange(sheet, parse_ref(ref))


def quote_title(title: str) -> str:
    """A sheet title as a range prefix: bare when plain, else quoted with `''`."""
    if _PLAIN_TITLE.match(title) and not _looks_like_ref(title):
        return title
    return "'" + title.replace("'", "''") + "'"


def _looks_like_ref(title: str) -> bool:
    try:
        parse_ref(title)
    except RangeError:
        return False
    return True


def a1(title: str, r0: int, r1: int, c0: int, c1: int) -> str:
    """`Sheet1!A1:B2` for concrete bounds (a single cell is `Sheet1!A1`)."""
    start = f"{col_letters(c0)}{r0 + 1}"
    end = f"{col_letters(max(c0, c1 - 1))}{max(r0, r1 - 1) + 1}"
    ref = start if start == end else f"{start}:{end}"
    return f"{quote_title(title)}!{ref}"
