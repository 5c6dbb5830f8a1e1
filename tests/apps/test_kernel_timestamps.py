"""The kernel's one ISO 8601 timestamp parser (`parse_timestamp`)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from arcadia.apps.kernel import parse_timestamp


def utc(*parts: int) -> datetime:
    """A naive UTC datetime, as the apps store them."""
    return datetime(*parts, tzinfo=UTC).replace(tzinfo=None)


@pytest.mark.parametrize(("text", "moment"), [
    ("2026-03-02T09:00:00Z", utc(2026, 3, 2, 9)),
    ("2026-03-02T09:00:00+00:00", utc(2026, 3, 2, 9)),
    ("2026-03-02T10:30:00+01:30", utc(2026, 3, 2, 9)),
    ("2026-03-02T09:00:00", utc(2026, 3, 2, 9)),
    ("2026-03-02 09:00", utc(2026, 3, 2, 9)),
    ("  2026-03-02T09:00:00Z ", utc(2026, 3, 2, 9)),
    ("2026-03-02", utc(2026, 3, 2)),
    ("2026-03-02T09:00:00.1234567Z", utc(2026, 3, 2, 9, 0, 0, 123456)),
    ("2026-03-02T10:00:00.1234567+01:00", utc(2026, 3, 2, 9, 0, 0, 123456)),
])
def test_reads_iso_8601_as_naive_utc(text, moment):
    assert parse_timestamp(text) == moment


def test_an_offset_past_the_calendar_gives_its_edge():
    assert parse_timestamp("0001-01-01T00:00:00+05:00") == utc(1, 1, 1)
    assert parse_timestamp("9999-12-31T23:59:59-05:00") == \
        utc(9999, 12, 31, 23, 59, 59, 999999)


def test_query_text_reads_a_decoded_plus_as_the_offset_sign():
    assert parse_timestamp("2026-03-02T10:00:00 01:00", query=True) == utc(2026, 3, 2, 9)
    with pytest.raises(ValueError):
        parse_timestamp("2026-03-02T10:00:00 01:00")


@pytest.mark.parametrize("text", ["yesterday", "", "2026-13-01", "2026-03-02T25:00",
                                  "2026-03-02T09:00:00.", "２０２６-03-02", "2026-03-02T09z"])
def test_anything_else_is_a_plain_value_error(text):
    with pytest.raises(ValueError):
        parse_timestamp(text)


def test_max_length_bounds_the_text_after_the_fraction_is_trimmed():
    assert parse_timestamp("2026-03-02T09:00:00.0000000Z", max_length=27) == \
        utc(2026, 3, 2, 9)
    with pytest.raises(ValueError, match="longer than 19"):
        parse_timestamp("2026-03-02T09:00:00Z", max_length=19)
