"""Cell values in and out: what `valueInputOption` makes of an input, and how
`valueRenderOption` / `dateTimeRenderOption` show a value.

USER_ENTERED parses as Sheets does for en_US: a leading `=` is a formula; `'` forces text;
`TRUE`/`FALSE` (any case) are booleans; numbers with an optional sign, decimals, exponent,
thousands separators (`1,234.5`), a leading `$` (currency) or a trailing `%` (percent);
dates `YYYY-MM-DD` and `M/D/YYYY` (a date serial number: days since 1899-12-30, with a date
format); anything else is text. RAW stores the input as it is (a string stays a string).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from arcadia.apps.sheets.formula import Err, Scalar, canonical

EPOCH = date(1899, 12, 30)
_NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")
_GROUPED = re.compile(r"^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$")
_ISO_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_US_DATE = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")


@dataclass(frozen=True)
class Entered:
    """A cell's user-entered value (`kind` None: a cell with only a format)."""

    kind: str | None  # number, string, bool, formula
    value: Any  # float | str | bool | None
    fmt: dict[str, Any] | None = None

    def with_fmt(self, fmt: dict[str, Any] | None) -> Entered:
        return Entered(self.kind, self.value, fmt or None)


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def raw(value: Any) -> Entered | None:
    """A JSON input value under RAW (None: skip the cell; "" clears it)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return Entered("bool", value)
    if isinstance(value, int | float):
        return Entered("number", float(value))
    return Entered("string", str(value))


def user_entered(value: Any, fmt: dict[str, Any] | None = None) -> Entered | None:
    """A JSON input value under USER_ENTERED (keeps the cell's format unless the input
    sets one, as a percent or a date does)."""
    if value is None:
        return None
    if not isinstance(value, str):
        entered = raw(value)
        return entered.with_fmt(fmt) if entered else None
    text = value
    if text == "":
        return Entered("string", "", fmt)
    if text.startswith("="):
        return Entered("formula", canonical(text), fmt)
    if text.startswith("'"):
        return Entered("string", text[1:], fmt)
    stripped = text.strip()
    if stripped.upper() in ("TRUE", "FALSE"):
        return Entered("bool", stripped.upper() == "TRUE", fmt)
    parsed = parse_number(stripped)
    if parsed is not None:
        number, pattern_type, pattern = parsed
        if pattern is not None:
            fmt = {**(fmt or {}), "numberFormat": {"type": pattern_type, "pattern": pattern}}
        return Entered("number", number, fmt)
    return Entered("string", text, fmt)


def parse_number(text: str) -> tuple[float, str, str | None] | None:
    """(number, format type, pattern or None) of a number-like text, else None."""
    body, pattern_type, prefix, suffix, scale = text, "NUMBER", "", "", 1.0
    if body.endswith("%"):
        body, pattern_type, suffix, scale = body[:-1].strip(), "PERCENT", "%", 0.01
    sign = ""
    if body[:1] in "+-" and body[1:2] == "$":
        sign, body = body[0], body[1:]
    if body.startswith("$"):
        body, pattern_type, prefix = sign + body[1:], "CURRENCY", "$"
    grouped = bool(_GROUPED.match(body))
    if grouped:
        body = body.replace(",", "")
    if _NUMBER.match(body):
        x = _finite(float(body) * scale)
        if x is None:
            return None
        decimals = len(body.partition(".")[2]) if "." in body and "e" not in body.lower() \
            else 0
        if pattern_type == "NUMBER" and not grouped:
            return x, "NUMBER", None
        digits = "0" + ("." + "0" * decimals if decimals else "")
        if pattern_type == "CURRENCY":
            return x, "CURRENCY", f"$#,##0{'.00' if decimals else ''}"
        if pattern_type == "PERCENT":
            return x, "PERCENT", f"{digits}%"
        return x, "NUMBER", f"#,##{digits}"
    if pattern_type != "NUMBER" or prefix or suffix:
        return None
    for regex, order, pattern in ((_ISO_DATE, "ymd", "yyyy-mm-dd"),
                                  (_US_DATE, "mdy", "M/d/yyyy")):
        m = regex.match(text)
        if m:
            parts = dict(zip(order, (int(g) for g in m.groups()), strict=True))
            try:
                day = date(parts["y"], parts["m"], parts["d"])
            except ValueError:
                return None
            return float((day - EPOCH).days), "DATE", pattern
    return None


def entered_json(e: Entered) -> Any:
    """The user-entered value as a JSON scalar (a formula as its text)."""
    if e.kind == "number":
        return json_number(e.value)
    return e.value


def json_number(x: float) -> int | float:
    return int(x) if x == int(x) and abs(x) < 2 ** 53 else x


def extended(e: Entered) -> dict[str, Any] | None:
    """Sheets' ExtendedValue of a user-entered value."""
    if e.kind == "number":
        return {"numberValue": json_number(e.value)}
    if e.kind == "string":
        return {"stringValue": e.value}
    if e.kind == "bool":
        return {"boolValue": e.value}
    if e.kind == "formula":
        return {"formulaValue": e.value}
    return None


def effective(v: Scalar) -> dict[str, Any] | None:
    """Sheets' ExtendedValue of a computed value."""
    if v is None:
        return None
    if isinstance(v, Err):
        return {"errorValue": {"type": _ERROR_TYPES.get(v.code, "ERROR"),
                               "message": v.message or v.code}}
    if isinstance(v, bool):
        return {"boolValue": v}
    if isinstance(v, float):
        return {"numberValue": json_number(v)}
    return {"stringValue": v}


_ERROR_TYPES = {"#NULL!": "NULL_VALUE", "#DIV/0!": "DIVIDE_BY_ZERO", "#VALUE!": "VALUE",
                "#REF!": "REF", "#NAME?": "NAME", "#NUM!": "NUM", "#N/A": "N_A",
                "#ERROR!": "ERROR"}


def formatted(v: Scalar, fmt: dict[str, Any] | None) -> str:
    """The value as Sheets displays it (FORMATTED_VALUE)."""
    if v is None:
        return ""
    if isinstance(v, Err):
        return v.code
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, str):
        return v
    number_format = (fmt or {}).get("numberFormat") or {}
    kind, pattern = number_format.get("type"), number_format.get("pattern") or ""
    if kind in ("DATE", "DATE_TIME", "TIME") and pattern:
        return format_date(v, pattern)
    if kind in ("NUMBER", "PERCENT", "CURRENCY") and pattern:
        return format_pattern(v, pattern)
    if kind == "PERCENT":
        return format_pattern(v, "0.00%")
    if kind == "CURRENCY":
        return format_pattern(v, "$#,##0.00")
    if kind in ("DATE", "DATE_TIME"):
        return format_date(v, "M/d/yyyy" if kind == "DATE" else "M/d/yyyy H:mm:ss")
    return automatic(v)


def automatic(x: float) -> str:
    """Sheets' automatic number format: integers in full, fractions to 10 decimals."""
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    if abs(x) >= 1e15 or abs(x) < 1e-9:
        mant, _, exp = f"{x:.2E}".partition("E")
        return f"{mant}E{exp[0]}{exp[1:].lstrip('0').zfill(2)}"
    return f"{x:.10f}".rstrip("0").rstrip(".")


def format_pattern(x: float, pattern: str) -> str:
    """A number under a simple number pattern (`#,##0.00`, `0%`, `$#,##0`)."""
    percent = "%" in pattern
    core = re.sub(r"[^0#,.]", "", pattern)
    prefix = pattern[:len(pattern) - len(pattern.lstrip("$\"' "))].replace('"', "")
    value = x * 100 if percent else x
    decimals = len(core.partition(".")[2].replace(",", ""))
    grouped = "," in core.partition(".")[0]
    text = f"{abs(value):,.{decimals}f}" if grouped else f"{abs(value):.{decimals}f}"
    if text.strip("0.,") == "":
        value = 0.0
    sign = "-" if value < 0 else ""
    return f"{sign}{prefix}{text}{'%' if percent else ''}"


def format_date(serial: float, pattern: str) -> str:
    """A date serial number under a date pattern (yyyy, yy, M/MM/mm, d/dd, H/HH/h, ss)."""
    if not -693_594 <= serial <= 2_958_465:
        return automatic(serial)
    whole = math.floor(serial)
    day = EPOCH + timedelta(days=whole)
    secs = round((serial - whole) * 86400)
    hour, minute, second = secs // 3600 % 24, secs // 60 % 60, secs % 60
    out, i, last_was_hour = [], 0, False
    while i < len(pattern):
        ch = pattern[i]
        j = i
        while j < len(pattern) and pattern[j] == ch:
            j += 1
        run = pattern[i:j]
        low = ch.lower()
        if low == "y":
            out.append(f"{day.year:04d}" if len(run) > 2 else f"{day.year % 100:02d}")
        elif low == "m":
            if last_was_hour:
                out.append(f"{minute:02d}" if len(run) > 1 else str(minute))
            else:
                out.append(f"{day.month:02d}" if len(run) > 1 else str(day.month))
        elif low == "d":
            out.append(f"{day.day:02d}" if len(run) > 1 else str(day.day))
        elif low == "h":
            out.append(f"{hour:02d}" if len(run) > 1 else str(hour))
        elif low == "s":
            out.append(f"{second:02d}" if len(run) > 1 else str(second))
        else:
            out.append(run)
        if low in "ymdhs":
            last_was_hour = low == "h"
        i = j
    return "".join(out)


def render(v: Scalar, e: Entered | None, option: str, date_option: str) -> Any:
    """A cell as `valueRenderOption` / `dateTimeRenderOption` show it."""
    fmt = e.fmt if e else None
    if option == "FORMATTED_VALUE":
        return formatted(v, fmt)
    if option == "FORMULA" and e is not None and e.kind == "formula":
        return e.value
    if v is None:
        return ""
    if isinstance(v, Err):
        return v.code
    if isinstance(v, float):
        number_format = (fmt or {}).get("numberFormat") or {}
        if date_option == "FORMATTED_STRING" and number_format.get("type") in (
                "DATE", "DATE_TIME", "TIME"):
            return formatted(v, fmt)
        return json_number(v)
    return v

