"""What a product normalises, so that checks judge what it shows, not how it was typed.

`view(app, table, row)` is the row as the product presents it:
- a spreadsheet cell (`sheets.cells`) shows a typed date (USER_ENTERED: a date serial with
  a date format) as its ISO text, and a number, a boolean or text alike as its text: the
  cell's `kind` (string, number, bool) and a number format are how it was entered, not
  what it holds, so every such cell reads as kind `string` (a formula stays a formula);
- a body stored as HTML (`content_type`/`body_type` `html`) reads as its text: tags
  dropped, entities (`&amp;`) decoded, whitespace folded; its type reads `text`.

`fold(text)` is text as a text check compares it: case and whitespace folded, HTML
entities decoded, numbers written one way (`75.00` = `75`, `1,234.5` = `1234.5`).
"""

from __future__ import annotations

import html
import json
import re
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any

EPOCH = date(1899, 12, 30)  # Sheets' day 0
_TAG = re.compile(r"<[^>]*>")
_BLOCK = re.compile(r"<\s*(br|/p|/div|/li|/tr|/h\d)\b[^>]*>", re.I)
_DROP = re.compile(r"<(script|style|head)\b.*?</\1\s*>", re.I | re.S)
_NUM = re.compile(r"(?<![\d.])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\d])")
_TYPES = ("content_type", "body_type")
_TEXTS = {"content_type": "content", "body_type": "body"}


def html_text(markup: str) -> str:
    """The text an HTML body shows: block ends as line breaks, tags dropped, entities
    decoded, whitespace folded."""
    text = _DROP.sub(" ", markup)
    text = _BLOCK.sub("\n", text)
    return " ".join(html.unescape(_TAG.sub(" ", text)).split())


def _number(token: str) -> str:
    try:
        n = Decimal(token.replace(",", "")).normalize()
    except InvalidOperation:
        return token
    return format(n, "f")


def fold(text: Any) -> str:
    """Text as a text check compares it (case, whitespace, entities, number spellings)."""
    s = html.unescape(" ".join(str(text or "").split()).lower())
    return _NUM.sub(lambda m: _number(m.group(0)), s)


def _serial_date(value: Any, fmt: dict[str, Any]) -> str | None:
    kind = str((fmt.get("numberFormat") or {}).get("type", "")).upper()
    if kind not in ("DATE", "DATE_TIME"):
        return None
    try:
        days = float(value)
    except (TypeError, ValueError):
        return None
    day = EPOCH + timedelta(days=int(days))
    if kind == "DATE" or days == int(days):
        return day.isoformat()
    secs = round((days - int(days)) * 86400)
    return f"{day.isoformat()}T{secs // 3600:02d}:{secs % 3600 // 60:02d}:{secs % 60:02d}"


def _cell(row: dict[str, Any]) -> dict[str, Any]:
    kind = row.get("kind")
    if kind not in ("string", "number", "bool"):
        return row
    out = dict(row, kind="string")
    try:
        fmt = json.loads(row["fmt"]) if isinstance(row.get("fmt"), str) else row.get("fmt")
    except ValueError:
        fmt = None
    if isinstance(fmt, dict) and "numberFormat" in fmt:
        if kind == "number":
            shown = _serial_date(row.get("value"), fmt)
            if shown is not None:
                out["value"] = shown
        rest = {k: v for k, v in fmt.items() if k != "numberFormat"}
        out["fmt"] = json.dumps(rest, sort_keys=True) if rest else None
    return out


def view(app: str, table: str, row: dict[str, Any] | None) -> dict[str, Any] | None:
    """The row as the product shows it (see the module's docstring)."""
    if row is None:
        return None
    if app == "sheets" and table == "cells":
        return _cell(row)
    for col in _TYPES:
        text_col = _TEXTS[col]
        if str(row.get(col) or "").lower() == "html" and isinstance(row.get(text_col), str):
            return {**row, col: "text", text_col: html_text(row[text_col])}
    return row


def changed(app: str, table: str, old: dict[str, Any] | None,
            new: dict[str, Any] | None) -> list[str]:
    """The columns whose shown value changed between `old` and `new`."""
    a, b = view(app, table, old), view(app, table, new)
    if a is None or b is None:
        return sorted(a or b or {})
    return sorted(c for c in b if a.get(c) != b.get(c))
