"""ISO 8601 timestamps as the products take them in queries and bodies: one parser.

Every app stores naive UTC (the episode clock's time), so a timestamp with an offset is
converted to UTC and its zone dropped; one without an offset is taken as UTC already. The
app turns a `ValueError` into its own product's error (it knows the field and the style).
"""

from __future__ import annotations

from datetime import UTC, datetime

# Python reads at most microseconds; Graph writes seven fraction digits (`.0000000`).
_FRACTION_DIGITS = 6


def parse_timestamp(text: str, *, query: bool = False, max_length: int | None = None
                    ) -> datetime:
    """An ISO 8601 date-time or date as naive UTC.

    Accepts what `datetime.fromisoformat` reads once `Z` is read as `+00:00`:
    `2026-03-02T09:00:00Z`, `2026-03-02T09:00:00.5+01:00`, `2026-03-02T09:00`,
    `2026-03-02 09:00:00`, a bare date `2026-03-02` (midnight), with surrounding spaces
    ignored and fraction digits past the sixth dropped (`.1234567` -> `.123456`). An offset
    that moves the moment past year 1 or 9999 gives the earliest or latest datetime.

    Args:
        text: the timestamp as sent.
        query: the text came from a query string, where an unencoded `+` of an offset
            arrives as a space: every inner space is read as `+` (`...T09:00:00 01:00`).
        max_length: longer text (after the fraction is trimmed) is refused, so a request
            cannot make the parser read an unbounded string.

    Raises:
        ValueError: the text is not such a timestamp.
    """
    raw = text.strip()
    head, dot, frac = raw.partition(".")
    if dot:
        digits = len(frac) - len(frac.lstrip("0123456789"))
        raw = f"{head}.{frac[:min(digits, _FRACTION_DIGITS)]}{frac[digits:]}" if digits \
            else raw
    if max_length is not None and len(raw) > max_length:
        raise ValueError(f"timestamp longer than {max_length} characters")
    if query:
        raw = raw.replace(" ", "+")
    moment = datetime.fromisoformat(raw.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        return moment
    try:
        return moment.astimezone(UTC).replace(tzinfo=None)
    except OverflowError:  # an offset that pushes year 1 or 9999 out of range
        edge = datetime.min.replace(tzinfo=UTC) if moment.year == 1 else \
            datetime.max.replace(tzinfo=UTC)
        return edge.replace(tzinfo=None)
