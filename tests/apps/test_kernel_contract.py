"""The kernel's shared pieces of the app contract, without HTTP: error codes, get-or-404,
the row in effect, list parameters and money, content versions, the pagination styles."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

import pytest
from sqlmodel import Field, Session, SQLModel, col, create_engine, select

from arcadia.apps.kernel import (
    ApiError,
    check_version,
    conflict,
    content_version,
    cursor_page,
    forbidden,
    get_or_404,
    in_effect,
    invalid,
    iso,
    money,
    not_found,
    odata_body,
    odata_page,
    parse_ids,
    parse_list,
    stale,
    token_page,
)
from arcadia.apps.kernel.errors import statuses_for


class Item(SQLModel, table=True):
    __tablename__ = "contract_item"
    id: int = Field(primary_key=True)
    name: str


@pytest.fixture
def session():
    engine = create_engine("sqlite://")
    SQLModel.metadata.create_all(engine, tables=[Item.__table__])  # type: ignore[attr-defined]
    with Session(engine) as s:
        s.add_all([Item(id=i, name=f"item {i}") for i in range(1, 8)])
        s.commit()
        yield s


def ids(items: list[Item]) -> list[int]:
    return [i.id for i in items]


STMT = select(Item).order_by(col(Item.id))


def test_error_factories_have_fixed_codes_and_app_statuses():
    assert [(e.code, e.status) for e in (not_found("x"), invalid("x", "f"), conflict("x"),
                                         stale("x"), forbidden("x"))] == [
        ("not_found", 404), ("invalid", 400), ("conflict", 409), ("stale", 409),
        ("forbidden", 403)]
    gusto = statuses_for(422, {"conflict": 422})
    assert (gusto["invalid"], gusto["conflict"], gusto["stale"]) == (422, 422, 409)
    assert statuses_for(400)["invalid"] == 400


def test_get_or_404(session):
    assert get_or_404(session, Item, 3, what="Item").name == "item 3"
    with pytest.raises(ApiError) as e:
        get_or_404(session, Item, 99, what="Item", hint="List them with GET /items.")
    assert e.value.code == "not_found"
    assert e.value.message == "Item 99 was not found. List them with GET /items."
    assert e.value.meta == {"entity_type": "Item", "entity_uuid": "99"}


@dataclass
class Row:
    id: int
    on: date


def test_row_in_effect_is_the_newest_started_else_the_earliest():
    rows = [Row(3, date(2026, 3, 1)), Row(1, date(2025, 1, 1)), Row(2, date(2026, 3, 1))]
    pick = lambda d: in_effect(rows, d, dated=lambda r: r.on, order=lambda r: (r.on, r.id))  # noqa: E731
    assert pick(date(2026, 3, 2)).id == 3  # same day: the higher id wins
    assert pick(date(2026, 2, 1)).id == 1
    assert pick(date(2024, 1, 1)).id == 1  # nothing started yet: the earliest
    assert in_effect([], date(2026, 1, 1), dated=lambda r: r.on) is None


def test_list_parameters_money_and_iso():
    assert parse_list(" a, b,,a ", "x") == ["a", "b"]
    assert parse_list(None, "x") == []
    with pytest.raises(ApiError) as e:
        parse_list("a,z", "include", allowed=("a", "b"))
    assert e.value.field == "include" and "z is not one of them" in e.value.message
    assert parse_ids("1, 2", "type") == [1, 2]
    with pytest.raises(ApiError):
        parse_ids("1,x", "type")
    assert money(71000) == "71000.00" and money(Decimal("10.005")) == "10.01"
    assert money("31.5") == "31.50"
    assert iso(date(2026, 3, 2)) == "2026-03-02" and iso(None) is None


def test_content_version_changes_with_the_fields_only():
    row = Row(1, date(2026, 1, 1))
    v = content_version("row", 1, row, ("on",))
    assert v == content_version("row", 1, Row(2, date(2026, 1, 1)), ("on",))
    assert v != content_version("row", 1, Row(1, date(2026, 1, 2)), ("on",))
    assert len(v) == 32
    check_version("Row", 1, v, v)
    with pytest.raises(ApiError) as e:
        check_version("Row", 1, "old", v)
    assert (e.value.code, e.value.status) == ("stale", 409)
    assert v not in e.value.message, "a stale error must not hand out the current version"


def test_cursor_pages_are_opaque_deterministic_and_complete(session):
    seen, cursor, cursors = [], None, []
    while True:
        page = cursor_page(session, STMT, cursor=cursor, limit=3)
        seen += ids(page.items)
        if page.next is None:
            break
        cursors.append(page.next)
        cursor = page.next
    assert seen == list(range(1, 8)) and len(cursors) == 2
    assert cursor_page(session, STMT, cursor=None, limit=3).next == cursors[0]
    assert not cursors[0].isdigit()
    with pytest.raises(ApiError) as e:
        cursor_page(session, STMT, cursor="garbage!", limit=3)
    assert e.value.code == "invalid" and e.value.field == "cursor"


def test_odata_next_link(session):
    page = odata_page(session, STMT, base_url="http://x/v1.0/me/messages?$select=id",
                      top=5, skip=0)
    assert ids(page.items) == [1, 2, 3, 4, 5]
    assert page.next == "http://x/v1.0/me/messages?$select=id&%24top=5&%24skip=5"
    last = odata_page(session, STMT, base_url="http://x/m", top=5, skip=5)
    assert ids(last.items) == [6, 7] and last.next is None
    assert odata_body([1], last) == {"value": [1]}
    assert odata_body([1], page)["@odata.nextLink"] == page.next
    with pytest.raises(ApiError):
        odata_page(session, STMT, base_url="http://x/m", top=0, skip=0)


def test_google_page_token(session):
    first = token_page(session, STMT, page_size=4, page_token=None)
    assert ids(first.items) == [1, 2, 3, 4] and first.next
    second = token_page(session, STMT, page_size=4, page_token=first.next)
    assert ids(second.items) == [5, 6, 7] and second.next is None
    with pytest.raises(ApiError) as e:  # a cursor is not a page token
        token_page(session, STMT, page_size=4,
                   page_token=cursor_page(session, STMT, cursor=None, limit=1).next)
    assert e.value.field == "pageToken"
