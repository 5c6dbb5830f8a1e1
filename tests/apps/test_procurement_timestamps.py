"""Coupa's dates and timestamps go through the kernel's one parser (`parse_timestamp`), with
Coupa's own rules on top: the text starts with its date, a filter value is taken as sent,
and a bad body date is Coupa's error naming the field."""

from datetime import UTC, datetime

import pytest

from arcadia.apps.kernel import ApiError
from arcadia.apps.procurement import common, query


def utc(*parts: int) -> datetime:
    """A naive UTC datetime, as the apps store them."""
    return datetime(*parts, tzinfo=UTC).replace(tzinfo=None)


@pytest.mark.parametrize(("text", "want"), [
    ("2026-03-25", utc(2026, 3, 25)),
    ("2026-03-25T18:38:00-07:00", utc(2026, 3, 26, 1, 38)),
    ("2026-03-25T18:38:00Z", utc(2026, 3, 25, 18, 38)),
    ("2026-03-25T18:38:00 01:00", utc(2026, 3, 25, 17, 38)),  # a decoded '+'
    ("2026-03-25T10:00:00.1234567", utc(2026, 3, 25, 10, 0, 0, 123456)),
    # An offset past year 1 gives its edge rather than an overflow (a 500 before).
    ("0001-01-01T00:00:00+01:00", utc(1, 1, 1)),
])
def test_a_coupa_time_is_naive_utc(text, want):
    assert query.as_time(text) == want


@pytest.mark.parametrize("text", ["20260325", " 2026-03-25", "2026-03-25 ", "2026-03-25x",
                                  "soon", "42"])
def test_other_text_is_compared_as_text(text):
    assert query.as_time(text) is None


def test_a_bad_body_date_is_coupas_error_naming_the_field():
    assert common.when(" 2026-03-25 ", "need-by-date") == utc(2026, 3, 25)
    with pytest.raises(ApiError) as err:
        common.when("next week", "need-by-date")
    assert err.value.message == ("'next week' is not a date: send YYYY-MM-DD or an ISO 8601 "
                                 "timestamp such as 2026-03-25T18:38:00-07:00.")
    assert err.value.field == "need-by-date"
