"""Requests that move or fill cells, over HTTP: insertRange/deleteRange shift cells within
their columns, moveDimension takes everything on the rows along (formulas, merges, named
ranges), pasteData and textToColumns read text as typed, randomizeRange repeats per
episode; bad input is refused without a change."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from tests.apps.sheets_world import api_as, sheets_server, values
from tests.factories import ADMIN


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    yield sheets_server()


@pytest.fixture
async def http(server: Any) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test", headers=ADMIN) as c:
        yield c


def box(r0: int, r1: int, c0: int, c1: int) -> dict[str, Any]:
    return {"sheetId": 0, "startRowIndex": r0, "endRowIndex": r1, "startColumnIndex": c0,
            "endColumnIndex": c1}


async def test_insert_and_delete_range_shift_cells_in_their_columns(http: httpx.AsyncClient
                                                                    ) -> None:
    api = await api_as(http)
    await api.ok({"insertRange": {"range": box(1, 2, 1, 3), "shiftDimension": "ROWS"}})
    assert values(await api.get("Budget!A2:D3")) == [["Laptops", "", "", "2000"],
                                                     ["Travel", "1200", "800", "500"]]
    # references inside the shifted columns (B:C) follow their cells; D4's SUM(D2:D3),
    # in a column that did not shift, stays
    assert values(await api.get("Budget!D2:D3", valueRenderOption="FORMULA")) == [
        ["=SUM(B3:C3)"], ["=SUM(B4:C4)"]]
    await api.ok({"deleteRange": {"range": box(1, 2, 1, 3), "shiftDimension": "ROWS"}})
    assert values(await api.get("Budget!A2:D4")) == [["Laptops", "1200", "800", "2000"],
                                                     ["Travel", "300.5", "199.5", "500"],
                                                     ["Total", "1500.5", "999.5", "2500"]]
    await api.ok({"deleteRange": {"range": box(0, 1, 0, 1), "shiftDimension": "COLUMNS"}})
    assert values(await api.get("Budget!A1:C1")) == [["Q1", "Q2", "Total"]]
    msg = await api.refused({"insertRange": {"range": box(0, 1, 0, 1)}})
    assert "shiftDimension" in msg


async def test_move_dimension_takes_formulas_and_objects_along(http: httpx.AsyncClient
                                                              ) -> None:
    api = await api_as(http)
    await api.ok({"addNamedRange": {"namedRange": {"name": "Travel", "range": box(2, 3, 0, 4)}}},
                 {"mergeCells": {"range": box(2, 3, 1, 3)}})
    # row 3 (Travel) moves above row 2: destination index 1, before the removal
    await api.ok({"moveDimension": {"source": {"sheetId": 0, "dimension": "ROWS",
                                               "startIndex": 2, "endIndex": 3},
                                    "destinationIndex": 1}})
    assert values(await api.get("Budget!A2:A3")) == [["Travel"], ["Laptops"]]
    assert values(await api.get("Budget!D2:D3", valueRenderOption="FORMULA")) == [
        ["=SUM(B2:C2)"], ["=SUM(B3:C3)"]]  # each row's formula names its own row
    assert values(await api.get("Budget!D2:D4")) == [["300.5"], ["2000"], ["2300.5"]]
    sheet = await api.book()
    assert sheet["namedRanges"][0]["range"]["startRowIndex"] == 1
    assert sheet["sheets"][0]["merges"][0]["startRowIndex"] == 1
    msg = await api.refused({"moveDimension": {"source": {"sheetId": 0, "dimension": "ROWS",
                                                          "startIndex": 0, "endIndex": 1},
                                               "destinationIndex": 5000}})
    assert "destinationIndex" in msg


async def test_paste_data_text_to_columns_and_randomize(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    await api.ok({"pasteData": {"coordinate": {"sheetId": 0, "rowIndex": 9},
                                "data": "Desk;250\nChair;$80", "delimiter": ";"}})
    assert values(await api.get("Budget!A10:B11", valueRenderOption="UNFORMATTED_VALUE")) == [
        ["Desk", 250], ["Chair", 80]]
    await api.put("Budget!F1:F2", [["a,1,TRUE"], ["b,2"]])
    await api.ok({"textToColumns": {"source": box(0, 2, 5, 6), "delimiterType": "COMMA"}})
    assert values(await api.get("Budget!F1:H2", valueRenderOption="UNFORMATTED_VALUE")) == [
        ["a", 1, True], ["b", 2]]
    before = values(await api.get("Budget!A1:A4"))
    await api.ok({"randomizeRange": {"range": box(0, 4, 0, 1)}})
    after = values(await api.get("Budget!A1:A4"))
    assert sorted(after) == sorted(before)
    msg = await api.refused({"pasteData": {"coordinate": {}, "data": "x", "delimiter": ",",
                                           "html": True}})
    assert "HTML data is not supported" in msg
    msg = await api.refused({"textToColumns": {"source": box(0, 2, 4, 6)}})
    assert "one column at a time" in msg


async def test_auto_fill_extends_series_as_sheets_does(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    await api.put("Budget!F1:H2", [[1, "Item 9", "x"], [3, "Item 10", "y"]])
    await api.ok({"autoFill": {"range": box(0, 5, 5, 8)}},
                 {"autoFill": {"sourceAndDestination": {"source": box(1, 2, 3, 4),
                                                        "dimension": "ROWS", "fillLength": 1}}})
    assert values(await api.get("Budget!F3:H5", valueRenderOption="UNFORMATTED_VALUE")) == [
        [5, "Item 11", "x"], [7, "Item 12", "y"], [9, "Item 13", "x"]]
    # D2's =SUM(B2:C2) filled into D3 (over the old formula) names row 3
    assert values(await api.get("Budget!D3", valueRenderOption="FORMULA")) == [["=SUM(B3:C3)"]]
    await api.put("Budget!J1", [[10]])
    await api.ok({"autoFill": {"useAlternateSeries": True, "sourceAndDestination": {
        "source": box(0, 1, 9, 10), "dimension": "COLUMNS", "fillLength": 2}}})
    assert values(await api.get("Budget!J1:L1", valueRenderOption="UNFORMATTED_VALUE")) == [
        [10, 11, 12]]
    msg = await api.refused({"autoFill": {"range": box(10, 12, 0, 2)}})
    assert "first row is empty" in msg
