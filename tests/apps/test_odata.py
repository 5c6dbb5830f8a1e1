"""The kernel's OData query options (Graph's $filter, $orderby, $select, $count, $search,
paging) and Graph's error body, through the package API."""

from __future__ import annotations

import orjson
import pytest

from arcadia.apps.kernel import (
    ApiError,
    invalid,
    not_found,
    odata_slice,
    order,
    parse_count,
    parse_filter,
    parse_orderby,
    parse_search,
    parse_select,
    project,
)
from arcadia.apps.kernel.odata import graph_error

ADDR = {"emailAddress": {"name": "string", "address": "string"}}
SCHEMA = {"id": "string", "subject": "string", "isRead": "bool", "hasAttachments": "bool",
          "receivedDateTime": "datetime", "importance": "string", "categories": ["string"],
          "from": ADDR, "toRecipients": [ADDR], "size": "number"}
ENTITY = "microsoft.graph.message"


def rec(i: int, subject: str, *, read: bool = False, when: str = "2026-03-02T09:00:00Z",
        to: tuple[str, ...] = ("b@x.com",), cats: tuple[str, ...] = (), size: int = 10
        ) -> dict[str, object]:
    return {"id": f"m{i}", "subject": subject, "isRead": read, "hasAttachments": False,
            "receivedDateTime": when, "importance": "normal", "categories": list(cats),
            "from": {"emailAddress": {"name": "A", "address": "a@x.com"}},
            "toRecipients": [{"emailAddress": {"name": "", "address": a}} for a in to],
            "size": size}


RECS = [rec(1, "Budget Q3", when="2026-03-01T10:00:00Z", cats=("Red",)),
        rec(2, "Offsite", read=True, to=("c@x.com", "b@x.com"), size=30),
        rec(3, "it's late", when="2026-02-27T08:30:00Z", to=("c@other.org",), size=20)]


def ids(flt: str) -> list[str]:
    f = parse_filter(flt, SCHEMA, entity=ENTITY)
    assert f is not None
    return [str(r["id"]) for r in RECS if f.matches(r)]


@pytest.mark.parametrize(("flt", "expected"), [
    ("isRead eq false", ["m1", "m3"]),
    ("not isRead", ["m1", "m3"]),
    ("isRead", ["m2"]),
    ("receivedDateTime ge 2026-03-01T00:00:00Z", ["m1", "m2"]),
    ("receivedDateTime lt 2026-03-01T12:00:00+02:00", ["m3"]),  # 10:00Z is not < 10:00Z
    ("subject eq 'BUDGET q3'", ["m1"]),  # Exchange compares strings ignoring case
    ("subject eq 'it''s late'", ["m3"]),
    ("startswith(subject, 'off') or endswith(subject, 'LATE')", ["m2", "m3"]),
    ("contains(subject, 'dget')", ["m1"]),
    ("toRecipients/any(r: r/emailAddress/address eq 'c@x.com')", ["m2"]),
    ("toRecipients/all(r: endswith(r/emailAddress/address, '@x.com'))", ["m1", "m2"]),
    ("categories/any(c: c eq 'red')", ["m1"]),
    ("categories/any()", ["m1"]),
    ("from/emailAddress/address in ('z@x.com', 'a@x.com') and size gt 15", ["m2", "m3"]),
    ("(isRead eq true or size eq 20) and not (subject eq 'Offsite')", ["m3"]),
    ("importance ne null", ["m1", "m2", "m3"]),
])
def test_filter_selects_exactly_the_matching_records(flt: str, expected: list[str]) -> None:
    assert ids(flt) == expected


@pytest.mark.parametrize(("flt", "code", "words"), [
    ("foo eq 1", "RequestBroker--ParseUri", "Could not find a property named 'foo'"),
    ("from/emailAddress/zip eq 'x'", "RequestBroker--ParseUri", "'zip'"),
    ("receivedDateTime ge '2026-03-01'", "BadRequest", "incompatible types"),
    ("subject eq", "BadRequest", "Invalid $filter clause"),
    ("categories eq 'Red'", "BadRequest", "not a single value"),
    ("(isRead", "BadRequest", "expected ')'"),
    ("frob(subject, 'x')", "BadRequest", "unknown function"),
    ("isRead gt true", "BadRequest", "does not apply"),
    ("subject", "BadRequest", "not a boolean condition"),
    ("subject/any(s: s eq 'x')", "BadRequest", "not a collection"),
    ("isRead eq false and", "BadRequest", "Invalid $filter clause"),
    ("subject eq 'x' extra", "BadRequest", "unexpected 'extra'"),
    ("subject eq 'unterminated", "BadRequest", "syntax error"),
    ("(" * 60 + "isRead" + ")" * 60, "BadRequest", "nesting"),
])
def test_filters_graph_would_reject_are_400_with_its_code(flt: str, code: str,
                                                          words: str) -> None:
    with pytest.raises(ApiError) as e:
        parse_filter(flt, SCHEMA, entity=ENTITY)
    assert e.value.code == "invalid" and e.value.field == "$filter"
    assert e.value.meta["graph_code"] == code and words in e.value.message


def test_orderby_sorts_by_keys_nulls_first_and_refuses_collections() -> None:
    keys = parse_orderby("receivedDateTime desc", SCHEMA, entity=ENTITY)
    assert [r["id"] for r in order(RECS, keys)] == ["m2", "m1", "m3"]
    keys = parse_orderby("size, subject desc", SCHEMA, entity=ENTITY)
    assert [r["id"] for r in order(RECS, keys)] == ["m1", "m3", "m2"]
    with_null = [*RECS, {**rec(4, "z"), "subject": None}]
    keys = parse_orderby("subject asc", SCHEMA, entity=ENTITY)
    assert [r["id"] for r in order(with_null, keys)] == ["m4", "m1", "m3", "m2"]
    for bad in ("categories", "from", "nope desc", "subject sideways", ""):
        with pytest.raises(ApiError):
            parse_orderby(bad, SCHEMA, entity=ENTITY)


def test_select_count_and_paging() -> None:
    names = parse_select("subject,isRead", SCHEMA, entity=ENTITY)
    assert project(RECS[0], names) == {"id": "m1", "subject": "Budget Q3", "isRead": False}
    with pytest.raises(ApiError):
        parse_select("subject,bogus", SCHEMA, entity=ENTITY)
    assert parse_count("true") and not parse_count("false") and not parse_count(None)
    with pytest.raises(ApiError):
        parse_count("yes")
    first = odata_slice(RECS, top=2, skip=0, base_url="http://h/me/messages?$count=true")
    assert [r["id"] for r in first.items] == ["m1", "m2"]
    assert first.next == "http://h/me/messages?$count=true&%24top=2&%24skip=2"
    last = odata_slice(RECS, top=2, skip=2, base_url="http://h/me/messages")
    assert [r["id"] for r in last.items] == ["m3"] and last.next is None


def test_search_terms_properties_and_or() -> None:
    fields = {"subject": lambda r: str(r["subject"]),
              "to": lambda r: " ".join(x["emailAddress"]["address"]
                                       for x in r["toRecipients"])}  # type: ignore[index]
    s = parse_search('"budget"', list(fields))
    assert s is not None and [r["id"] for r in RECS if s.matches(r, fields)] == ["m1"]
    s = parse_search('"to:c@ OR subject:budget"', list(fields))
    assert s is not None and [r["id"] for r in RECS if s.matches(r, fields)] == ["m1", "m2",
                                                                                  "m3"]
    s = parse_search('"to:other.org late"', list(fields))
    assert s is not None and [r["id"] for r in RECS if s.matches(r, fields)] == ["m3"]
    for bad in ('"bcc:x"', '""', '"OR"'):
        with pytest.raises(ApiError):
            parse_search(bad, list(fields))


def test_graph_error_body() -> None:
    r = graph_error(not_found("The specified object was not found in the store."))
    body = orjson.loads(bytes(r.body))
    assert r.status_code == 404 and body["error"]["code"] == "ErrorItemNotFound"
    assert set(body["error"]["innerError"]) >= {"request-id", "client-request-id"}
    again = orjson.loads(bytes(graph_error(not_found(
        "The specified object was not found in the store.")).body))
    assert again == body  # deterministic
    named = graph_error(invalid("bad", "x", meta={"graph_code": "ErrorInvalidRecipients"}))
    assert orjson.loads(bytes(named.body))["error"]["code"] == "ErrorInvalidRecipients"
