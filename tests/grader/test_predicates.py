"""Normalised comparison: numbers, emails, whitespace, ISO dates, booleans, operators."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from arcadia.grader.predicates import equal, matches, record_matches


@pytest.mark.parametrize(("a", "b"), [
    (25, 25.0), ("25", 25), ("79500.00", 79500), (" Senior   Engineer ", "Senior Engineer"),
    ("Ana.Lopez@Arcadia-Robotics.com", "ana.lopez@arcadia-robotics.com"),
    ("2026-02-10", date(2026, 2, 10)), ("2026-02-10T00:00:00", "2026-02-10"),
    ("2026-02-10 00:00:00.000000", datetime(2026, 2, 10)),  # noqa: DTZ001 (naive UTC)
    (1, True), (0, False), (None, None),
    ("02134", "02134"), ("0", 0), ("0.50", 0.5), ("-0.25", "-.25"),
])
def test_equal_after_normalisation(a, b):
    assert equal(a, b)


@pytest.mark.parametrize(("a", "b"), [
    (25, 25.5), ("Senior Engineer", "senior engineer"), ("2026-02-10", "2026-02-11"),
    (2, True), (None, 0), ("abc", "abd"),
    # Identifiers keep their leading zeros: ZIP codes, routing and account numbers.
    ("02134", "2134"), ("02134", 2134), ("011000015", 11000015), ("007", "7"),
])
def test_not_equal(a, b):
    assert not equal(a, b)


def test_operators():
    assert matches("Left the company in May", {"contains": "left the COMPANY"})
    assert not matches("Stayed", {"contains": "left"})
    assert matches(5, {"gt": 4, "lte": 5}) and not matches(5, {"gt": 5})
    assert matches("b", {"in": ["a", "b"]}) and not matches("c", {"in": ["a", "b"]})
    assert matches(None, {"is_null": True}) and not matches(0, {"is_null": True})
    assert matches("x", {"ne": "y"}) and not matches("x", {"ne": "x"})
    assert not matches("abc", {"gt": 3})  # incomparable types never match


def test_record_matches_needs_every_field():
    row = {"id": 1, "email": "A@B.co"}
    assert record_matches(row, {"email": "a@b.co"})
    assert record_matches(row, {})
    assert not record_matches(row, {"missing": None})
