"""Named ranges, protected ranges and developer metadata over HTTP: Google's reply shapes,
names as A1 ranges, ranges following inserted and deleted rows, protection refusing other
people's writes, and bad input refused without a change."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from tests.apps.sheets_world import BUDGET, Api, api_as, owner_of, sheets_server, values
from tests.factories import ADMIN

ROWS_2_3 = {"sheetId": 0, "startRowIndex": 1, "endRowIndex": 3, "startColumnIndex": 0,
            "endColumnIndex": 4}


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    yield sheets_server()


@pytest.fixture
async def http(server: Any) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test", headers=ADMIN) as c:
        yield c


def insert_rows(at: int, n: int = 1, sheet: int = 0) -> dict[str, Any]:
    return {"insertDimension": {"range": {"sheetId": sheet, "dimension": "ROWS",
                                          "startIndex": at, "endIndex": at + n}}}


def delete_rows(at: int, n: int = 1, sheet: int = 0) -> dict[str, Any]:
    return {"deleteDimension": {"range": {"sheetId": sheet, "dimension": "ROWS",
                                          "startIndex": at, "endIndex": at + n}}}


async def test_named_ranges_are_ranges_and_follow_rows(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    replies = await api.ok({"addNamedRange": {"namedRange": {"name": "Spend",
                                                             "range": ROWS_2_3}}})
    named = replies[0]["addNamedRange"]["namedRange"]
    nid = named["namedRangeId"]
    # sheetId 0 is left out, as Google writes a GridRange of the first sheet
    assert named == {"namedRangeId": nid, "name": "Spend", "range": {
        "startRowIndex": 1, "endRowIndex": 3, "startColumnIndex": 0, "endColumnIndex": 4}}
    assert (await api.book())["namedRanges"] == [named]
    assert values(await api.get("Spend")) == [["Laptops", "1200", "800", "2000"],
                                              ["Travel", "300.5", "199.5", "500"]]
    r = await api.put("spend", [["PCs"]])  # names are case-insensitive
    assert r.json()["updatedRange"] == "Budget!A2"
    await api.put("Budget!F1", [["=SUM(Spend)+COUNTA(spend)"]])
    assert values(await api.get("Budget!F1")) == [["5008"]]  # 5000 of numbers, 8 cells
    await api.ok(insert_rows(0, 2), delete_rows(4))  # two rows above; delete the old row 3
    got = (await api.book())["namedRanges"][0]["range"]
    assert (got["startRowIndex"], got["endRowIndex"]) == (3, 4)
    assert values(await api.get("Spend"))[0][0] == "PCs"
    await api.ok({"updateNamedRange": {"namedRange": {"namedRangeId": nid, "name": "Kit"},
                                       "fields": "name"}})
    assert values(await api.get("Kit"))[0][0] == "PCs"
    assert (await api.get("Spend")).status_code == 400
    assert values(await api.get("Budget!F3", valueRenderOption="FORMULA")) == [
        ["=SUM(Kit)+COUNTA(Kit)"]]  # formulas follow the rename (and the inserted rows)
    await api.ok({"deleteNamedRange": {"namedRangeId": nid}})
    assert "namedRanges" not in await api.book()
    assert values(await api.get("Budget!F3")) == [["#NAME?"]]


async def test_bad_named_ranges_change_nothing(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    await api.ok({"addNamedRange": {"namedRange": {"name": "Taken", "range": ROWS_2_3}}})
    for name, want in (("A1", "cell reference"), ("1abc", "not a valid name"),
                       ("true", "not a valid name"), ("taken", "already exists"),
                       ("has space", "not a valid name")):
        msg = await api.refused({"addSheet": {"properties": {"title": "Side"}}},
                                {"addNamedRange": {"namedRange": {"name": name,
                                                                  "range": ROWS_2_3}}})
        assert want in msg and "requests[1].addNamedRange.namedRange.name" in msg, msg
    msg = await api.refused({"addNamedRange": {"namedRange": {
        "name": "Far", "range": {"sheetId": 0, "startRowIndex": 0, "endRowIndex": 5000}}}})
    assert "within the grid (0..1000)" in msg
    msg = await api.refused({"deleteNamedRange": {"namedRangeId": "nope"}})
    assert msg == "No named range with id: nope"


async def test_protection_refuses_others_and_follows_rows(http: httpx.AsyncClient) -> None:
    owner = await api_as(http)
    finance = Api(http, await owner.episode.auth(await owner.episode.principal_with("finance")),
                  owner.episode)
    header = {"sheetId": 0, "startRowIndex": 0, "endRowIndex": 1}
    replies = await owner.ok({"addProtectedRange": {"protectedRange": {
        "range": header, "description": "Headers"}}})
    p = replies[0]["addProtectedRange"]["protectedRange"]
    who = await http.get(f"/admin/episodes/{owner.episode.id}/principals", headers=ADMIN)
    owner_id = await owner_of(http, owner.episode)
    me = next(x for x in who.json()["principals"] if x["id"] == owner_id)["email"]
    assert p == {"protectedRangeId": p["protectedRangeId"], "range": {"startRowIndex": 0,
                 "endRowIndex": 1}, "description": "Headers", "editors": {"users": [me]},
                 "requestingUserCanEdit": True}
    before = await owner.episode.changes()
    r = await finance.put("Budget!B1", [["Quarter 1"]])  # an editor of the spreadsheet only
    assert r.status_code == 403 and r.json()["error"]["status"] == "PERMISSION_DENIED"
    assert "protected cell or object" in r.json()["error"]["message"]
    for refused in ([delete_rows(0)], [{"repeatCell": {"range": header, "cell": {
            "userEnteredFormat": {"textFormat": {"bold": True}}}, "fields": "*"}}],
                    [{"deleteProtectedRange": {"protectedRangeId": p["protectedRangeId"]}}]):
        assert (await finance.batch(*refused)).status_code == 403
    assert await owner.episode.changes() == before
    assert (await finance.put("Budget!B2", [[1]])).status_code == 200  # not protected
    seen = (await finance.sheet())["protectedRanges"][0]
    assert seen["requestingUserCanEdit"] is False and "editors" not in seen
    await owner.ok(insert_rows(0, 2))
    moved = (await owner.sheet())["protectedRanges"][0]["range"]
    assert (moved["startRowIndex"], moved["endRowIndex"]) == (2, 3)
    assert (await finance.put("Budget!A1", [["free now"]])).status_code == 200
    assert (await finance.put("Budget!A3", [["x"]])).status_code == 403
    await owner.ok({"updateProtectedRange": {"protectedRange": {
        "protectedRangeId": p["protectedRangeId"], "editors": {"groups": ["finance"]}},
        "fields": "editors"}})
    assert (await finance.put("Budget!A3", [["Item!"]])).status_code == 200
    await owner.ok({"updateProtectedRange": {"protectedRange": {
        "protectedRangeId": p["protectedRangeId"], "warningOnly": True},
        "fields": "warningOnly"}})
    assert "editors" not in (await owner.sheet())["protectedRanges"][0]


async def test_protected_sheet_with_unprotected_holes(http: httpx.AsyncClient) -> None:
    owner = await api_as(http)
    finance = Api(http, await owner.episode.auth(await owner.episode.principal_with("finance")),
                  owner.episode)
    hole = {"sheetId": 1, "startRowIndex": 1, "endRowIndex": 3, "startColumnIndex": 1,
            "endColumnIndex": 2}
    await owner.ok({"addProtectedRange": {"protectedRange": {
        "range": {"sheetId": 1}, "unprotectedRanges": [hole]}}})
    assert (await finance.put("'Q1 ''24'!B2", [[11]])).status_code == 200
    assert (await finance.put("'Q1 ''24'!A2", [["Al"]])).status_code == 403
    r = await finance.batch({"deleteSheet": {"sheetId": 1}})
    assert r.status_code == 403
    msg = await owner.refused({"addProtectedRange": {"protectedRange": {
        "range": ROWS_2_3, "unprotectedRanges": [hole]}}})
    assert "only supported on a protected sheet" in msg
    msg = await owner.refused({"addProtectedRange": {"protectedRange": {
        "range": ROWS_2_3, "namedRangeId": "x"}}})
    assert "exactly one of range and namedRangeId" in msg


async def test_developer_metadata_locations_lookups_and_rows(http: httpx.AsyncClient) -> None:
    api = await api_as(http, "finance")
    rows = {"sheetId": 0, "dimension": "ROWS", "startIndex": 1, "endIndex": 3}
    replies = await api.ok(
        {"createDeveloperMetadata": {"developerMetadata": {
            "metadataKey": "lines", "metadataValue": "costs", "visibility": "DOCUMENT",
            "location": {"dimensionRange": rows}}}},
        {"createDeveloperMetadata": {"developerMetadata": {
            "metadataKey": "owner", "metadataValue": "fp&a", "visibility": "DOCUMENT",
            "location": {"spreadsheet": True}}}},
        {"createDeveloperMetadata": {"developerMetadata": {
            "metadataKey": "tab", "visibility": "PROJECT", "location": {"sheetId": 1}}}})
    lines = replies[0]["createDeveloperMetadata"]["developerMetadata"]
    assert lines["location"] == {"locationType": "ROW", "dimensionRange": {
        "dimension": "ROWS", "startIndex": 1, "endIndex": 3}}
    book = await api.book(includeGridData="true", ranges="Budget!A1:A4")
    assert [m["metadataKey"] for m in book["developerMetadata"]] == ["owner"]
    assert (await api.sheet(1))["developerMetadata"][0]["location"] == {
        "locationType": "SHEET", "sheetId": 1}
    row_meta = book["sheets"][0]["data"][0]["rowMetadata"]
    assert [bool(m.get("developerMetadata")) for m in row_meta] == [False, True, True, False]
    lookup = {"developerMetadataLookup": {"metadataKey": "lines"}}
    r = await api.post("/values:batchGetByDataFilter", {"dataFilters": [lookup]})
    got = r.json()["valueRanges"]
    assert got[0]["valueRange"]["range"] == "Budget!A2:Z3"
    assert got[0]["valueRange"]["values"][1][0] == "Travel"
    await api.ok(insert_rows(0))
    moved = (await api.ok({"updateDeveloperMetadata": {
        "dataFilters": [lookup], "developerMetadata": {"metadataValue": "spend"},
        "fields": "metadataValue"}}))[0]["updateDeveloperMetadata"]["developerMetadata"][0]
    assert moved["location"]["dimensionRange"]["startIndex"] == 2
    assert moved["metadataValue"] == "spend"
    await api.ok(delete_rows(2, 2))  # its rows go, and it goes with them
    r = await api.post("/values:batchGetByDataFilter", {"dataFilters": [lookup]})
    assert "valueRanges" not in r.json()
    gone = (await api.ok({"deleteDeveloperMetadata": {"dataFilter": {
        "developerMetadataLookup": {"locationType": "SPREADSHEET"}}}}))[0]
    assert [m["metadataKey"] for m in gone["deleteDeveloperMetadata"][
        "deletedDeveloperMetadata"]] == ["owner"]
    msg = await api.refused({"createDeveloperMetadata": {"developerMetadata": {
        "metadataKey": "k", "location": {"spreadsheet": True}}}})
    assert "needs a visibility" in msg
    msg = await api.refused({"createDeveloperMetadata": {"developerMetadata": {
        "metadataKey": "k", "visibility": "DOCUMENT", "location": {
            "spreadsheet": True, "sheetId": 0}}}})
    assert "exactly one of spreadsheet, sheetId, dimensionRange" in msg


async def test_deleting_a_sheet_takes_what_names_it(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    await api.ok({"addNamedRange": {"namedRange": {"name": "People", "range": {"sheetId": 1}}}},
                 {"addNamedRange": {"namedRange": {"name": "Lines", "range": ROWS_2_3}}},
                 {"createDeveloperMetadata": {"developerMetadata": {
                     "metadataKey": "k", "visibility": "DOCUMENT",
                     "location": {"sheetId": 1}}}})
    await api.ok({"deleteSheet": {"sheetId": 1}})
    book = await api.book()
    assert [n["name"] for n in book["namedRanges"]] == ["Lines"]
    assert "developerMetadata" not in book["sheets"][0]
    assert BUDGET == book["spreadsheetId"]
