"""Filters, filter views, sorting, conditional format rules, bandings, charts, slicers and
tables over HTTP: Google's shapes and replies, the basic filter sorting and hiding rows,
rules showing in effectiveFormat, objects following the sheet's rows, bad input refused
without a change."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from tests.apps.sheets_world import api_as, sheets_server, values
from tests.factories import ADMIN

TABLE = {"sheetId": 0, "startRowIndex": 0, "endRowIndex": 3, "startColumnIndex": 0,
         "endColumnIndex": 4}
RED = {"red": 1}


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    yield sheets_server()


@pytest.fixture
async def http(server: Any) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test", headers=ADMIN) as c:
        yield c


def rows_inserted(at: int, n: int = 1) -> dict[str, Any]:
    return {"insertDimension": {"range": {"sheetId": 0, "dimension": "ROWS",
                                          "startIndex": at, "endIndex": at + n}}}


async def test_basic_filter_sorts_hides_and_clears(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    await api.ok({"setBasicFilter": {"filter": {
        "range": TABLE, "sortSpecs": [{"dimensionIndex": 1, "sortOrder": "ASCENDING"}],
        "filterSpecs": [{"columnIndex": 0, "filterCriteria": {"hiddenValues": ["Laptops"]}}]}}})
    assert values(await api.get("Budget!A1:B3")) == [["Item", "Q1"], ["Travel", "300.5"],
                                                     ["Laptops", "1200"]]
    sheet = await api.sheet(includeGridData="true", ranges="Budget!A1:A4")
    assert sheet["basicFilter"]["criteria"] == {"0": {"hiddenValues": ["Laptops"]}}
    assert sheet["basicFilter"]["sortSpecs"] == [{"dimensionIndex": 1,
                                                  "sortOrder": "ASCENDING"}]
    hidden = [m.get("hiddenByFilter", False) for m in sheet["data"][0]["rowMetadata"]]
    assert hidden == [False, False, True, False]
    await api.ok({"setBasicFilter": {"filter": {"range": TABLE, "filterSpecs": [
        {"columnIndex": 1, "filterCriteria": {"condition": {
            "type": "NUMBER_GREATER", "values": [{"userEnteredValue": "500"}]}}}]}}})
    sheet = await api.sheet(includeGridData="true", ranges="Budget!A1:A3")
    assert [m.get("hiddenByFilter", False) for m in sheet["data"][0]["rowMetadata"]] == [
        False, True, False]  # Travel (300.5) is hidden, Laptops (1200) shown
    await api.ok({"clearBasicFilter": {"sheetId": 0}})
    assert "basicFilter" not in await api.sheet()
    msg = await api.refused({"setBasicFilter": {"filter": {"range": TABLE, "filterSpecs": [
        {"columnIndex": 7, "filterCriteria": {}}]}}})
    assert "outside the filter's range" in msg
    msg = await api.refused({"setBasicFilter": {"filter": {"range": TABLE, "filterSpecs": [
        {"columnIndex": 1, "filterCriteria": {"condition": {"type": "NUMBER_BETWEEN",
                                                            "values": []}}}]}}})
    assert "takes 2 value(s), not 0" in msg


async def test_filter_views_add_update_duplicate_delete(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    view = (await api.ok({"addFilterView": {"filter": {"title": "Big", "range": TABLE}}}))[0][
        "addFilterView"]["filter"]
    vid = view["filterViewId"]
    assert view == {"filterViewId": vid, "title": "Big", "range": {
        "startRowIndex": 0, "endRowIndex": 3, "startColumnIndex": 0, "endColumnIndex": 4}}
    await api.ok({"updateFilterView": {"filter": {"filterViewId": vid, "title": "Bigger",
                                                  "sortSpecs": [{"dimensionIndex": 2}]},
                                       "fields": "title,sortSpecs"}}, rows_inserted(0))
    copy = (await api.ok({"duplicateFilterView": {"filterId": vid}}))[0][
        "duplicateFilterView"]["filter"]
    views = (await api.sheet())["filterViews"]
    assert [v["title"] for v in views] == ["Bigger", "Copy of Bigger"]
    assert views[0]["range"]["startRowIndex"] == 1  # moved down with the inserted row
    assert views[0]["sortSpecs"] == [{"dimensionIndex": 2, "sortOrder": "ASCENDING"}]
    assert copy["filterViewId"] != vid
    assert values(await api.get("Budget!A2:A3")) == [["Item"], ["Laptops"]]  # views sort nothing
    await api.ok({"deleteFilterView": {"filterId": vid}})
    assert [v["title"] for v in (await api.sheet())["filterViews"]] == ["Copy of Bigger"]
    assert await api.refused({"deleteFilterView": {"filterId": vid}}) == \
        f"No filter view with id: {vid}"


async def test_sort_range_orders_as_sheets_does(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    await api.put("Budget!F1:F6", [["b"], [3], [""], ["A"], [True], [1]])
    await api.ok({"sortRange": {"range": {"sheetId": 0, "startRowIndex": 0, "endRowIndex": 6,
                                          "startColumnIndex": 5, "endColumnIndex": 6},
                                "sortSpecs": [{"dimensionIndex": 5}]}})
    assert values(await api.get("Budget!F1:F6", valueRenderOption="UNFORMATTED_VALUE")) == [
        [1], [3], ["A"], ["b"], [True]]  # numbers, text, booleans; the blank last
    await api.ok({"sortRange": {"range": {"sheetId": 0, "startRowIndex": 1, "endRowIndex": 3},
                                "sortSpecs": [{"dimensionIndex": 1,
                                               "sortOrder": "DESCENDING"}]}})
    assert values(await api.get("Budget!A2:B3")) == [["Laptops", "1200"], ["Travel", "300.5"]]
    msg = await api.refused({"sortRange": {"range": TABLE, "sortSpecs": []}})
    assert "at least one column" in msg


async def test_conditional_formats_show_in_effective_format(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    b_col = {"sheetId": 0, "startRowIndex": 1, "endRowIndex": 3, "startColumnIndex": 1,
             "endColumnIndex": 2}
    big = {"ranges": [b_col], "booleanRule": {
        "condition": {"type": "NUMBER_GREATER", "values": [{"userEnteredValue": "1000"}]},
        "format": {"textFormat": {"bold": True}, "backgroundColorStyle": {"rgbColor": RED}}}}
    await api.ok({"addConditionalFormatRule": {"rule": big, "index": 0}})
    data = (await api.sheet(includeGridData="true", ranges="Budget!B2:B3"))["data"][0]
    laptops, travel = (row["values"][0]["effectiveFormat"] for row in data["rowData"])
    assert laptops["textFormat"]["bold"] is True and laptops["backgroundColor"] == RED
    assert laptops["backgroundColorStyle"] == {"rgbColor": RED}
    assert travel["textFormat"]["bold"] is False and travel["backgroundColor"] == {
        "red": 1, "green": 1, "blue": 1}
    rules = (await api.sheet())["conditionalFormats"]
    assert rules[0]["booleanRule"]["format"]["backgroundColor"] == RED  # both spellings
    gradient = {"ranges": [b_col], "gradientRule": {
        "minpoint": {"type": "MIN", "colorStyle": {"rgbColor": {"green": 1}}},
        "maxpoint": {"type": "MAX", "colorStyle": {"rgbColor": {"red": 1}}}}}
    await api.ok({"addConditionalFormatRule": {"rule": gradient, "index": 1}})
    moved = (await api.ok({"updateConditionalFormatRule": {"sheetId": 0, "index": 1,
                                                           "newIndex": 0}}))[0]
    assert moved["updateConditionalFormatRule"]["oldIndex"] == 1
    assert "newIndex" not in moved["updateConditionalFormatRule"]  # 0: left out, as Google
    data = (await api.sheet(includeGridData="true", ranges="Budget!B3"))["data"][0]
    assert data["rowData"][0]["values"][0]["effectiveFormat"]["backgroundColor"] == {
        "green": 1}  # the minimum gets the minpoint's color
    deleted = (await api.ok({"deleteConditionalFormatRule": {"sheetId": 0, "index": 0}}))[0]
    assert "gradientRule" in deleted["deleteConditionalFormatRule"]["rule"]
    msg = await api.refused({"addConditionalFormatRule": {"rule": {**big, "booleanRule": {
        **big["booleanRule"], "format": {"numberFormat": {"type": "PERCENT"}}}}}})
    assert "can only apply bold, italic" in msg
    msg = await api.refused({"addConditionalFormatRule": {"rule": {"ranges": [b_col]}}})
    assert "exactly one of booleanRule and gradientRule" in msg
    msg = await api.refused({"deleteConditionalFormatRule": {"sheetId": 0, "index": 4}})
    assert "no conditional format rule at index 4" in msg


async def test_bandings_do_not_overlap_and_follow_rows(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    props = {"headerColor": RED, "firstBandColorStyle": {"rgbColor": {"blue": 1}},
             "secondBandColorStyle": {"themeColor": "ACCENT1"}}
    band = (await api.ok({"addBanding": {"bandedRange": {"range": TABLE,
                                                         "rowProperties": props}}}))[0][
        "addBanding"]["bandedRange"]
    assert band["rowProperties"]["headerColorStyle"] == {"rgbColor": RED}
    assert band["rowProperties"]["firstBandColor"] == {"blue": 1}
    assert band["rowProperties"]["secondBandColor"]["red"] < 0.3  # the theme's ACCENT1
    msg = await api.refused({"addBanding": {"bandedRange": {"range": TABLE,
                                                            "rowProperties": props}}})
    assert "bandings cannot overlap" in msg
    await api.ok(rows_inserted(1), {"updateBanding": {"bandedRange": {
        "bandedRangeId": band["bandedRangeId"], "rowProperties": {"footerColor": RED}},
        "fields": "rowProperties.footerColor"}})
    got = (await api.sheet())["bandedRanges"][0]
    assert got["range"]["endRowIndex"] == 4 and got["rowProperties"]["footerColor"] == RED
    assert got["rowProperties"]["firstBandColor"] == {"blue": 1}
    await api.ok({"deleteBanding": {"bandedRangeId": band["bandedRangeId"]}})
    assert "bandedRanges" not in await api.sheet()


async def test_charts_and_slicers_are_kept_and_follow_rows(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    source = {"sheetId": 0, "startRowIndex": 0, "endRowIndex": 3, "startColumnIndex": 1,
              "endColumnIndex": 2}
    spec = {"title": "Q1", "basicChart": {"chartType": "COLUMN", "series": [
        {"series": {"sourceRange": {"sources": [source]}}}]}}
    at = {"overlayPosition": {"anchorCell": {"sheetId": 1, "rowIndex": 2, "columnIndex": 3}}}
    chart = (await api.ok({"addChart": {"chart": {"spec": spec, "position": at}}}))[0][
        "addChart"]["chart"]
    assert chart["position"] == {"overlayPosition": {
        "anchorCell": {"sheetId": 1, "rowIndex": 2, "columnIndex": 3},
        "widthPixels": 600, "heightPixels": 371}}
    slicer = (await api.ok({"addSlicer": {"slicer": {
        "spec": {"dataRange": TABLE, "columnIndex": 0, "title": "Items"},
        "position": {"overlayPosition": {"anchorCell": {"rowIndex": 5}}}}}}))[0][
        "addSlicer"]["slicer"]
    assert slicer["slicerId"] != chart["chartId"]
    await api.ok(rows_inserted(0, 2))
    book = await api.book()
    sources = book["sheets"][1]["charts"][0]["spec"]["basicChart"]["series"][0]["series"][
        "sourceRange"]["sources"]
    assert sources == [{"startRowIndex": 2, "endRowIndex": 5, "startColumnIndex": 1,
                        "endColumnIndex": 2}]
    assert book["sheets"][0]["slicers"][0]["position"]["overlayPosition"]["anchorCell"] == {
        "rowIndex": 7}
    moved = (await api.ok({"updateEmbeddedObjectPosition": {
        "objectId": chart["chartId"], "newPosition": {"overlayPosition": {
            "anchorCell": {"sheetId": 0}, "widthPixels": 300}},
        "fields": "anchorCell,widthPixels"}}))[0]["updateEmbeddedObjectPosition"]
    assert moved["position"]["overlayPosition"]["widthPixels"] == 300
    book = await api.book()
    assert "charts" not in book["sheets"][1] and len(book["sheets"][0]["charts"]) == 1
    await api.ok({"updateChartSpec": {"chartId": chart["chartId"], "spec": {
        "title": "Pie", "pieChart": {"series": {"sourceRange": {"sources": [source]}}}}}},
        {"updateSlicerSpec": {"slicerId": slicer["slicerId"], "spec": {"title": "Things"},
                              "fields": "title"}})
    await api.ok({"updateEmbeddedObjectBorder": {"objectId": chart["chartId"], "border": {
        "colorStyle": {"rgbColor": RED}}, "fields": "colorStyle"}})
    sheet = await api.sheet()
    assert sheet["charts"][0]["border"] == {"color": RED, "colorStyle": {"rgbColor": RED}}
    assert sheet["charts"][0]["spec"]["title"] == "Pie"
    assert sheet["slicers"][0]["spec"]["title"] == "Things"
    await api.ok({"deleteEmbeddedObject": {"objectId": chart["chartId"]}})
    assert "charts" not in await api.sheet()
    msg = await api.refused({"addChart": {"chart": {"spec": {"title": "none"},
                                                    "position": at}}})
    assert "exactly one chart type" in msg
    msg = await api.refused({"addChart": {"chart": {"spec": spec, "position": {
        "newSheet": True}}}})
    assert "overlayPosition" in msg
    bad = {**spec, "basicChart": {"chartType": "LINE", "series": [{"series": {
        "sourceRange": {"sources": [{"sheetId": 99}]}}}]}}
    assert await api.refused({"addChart": {"chart": {"spec": bad, "position": at}}}) == \
        "No grid with id: 99"


async def test_tables_are_named_and_kept(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    table = (await api.ok({"addTable": {"table": {"name": "Costs", "range": TABLE,
                                                  "columnProperties": [
                                                      {"columnIndex": 1, "columnName": "Q1",
                                                       "columnType": "CURRENCY"}]}}}))[0][
        "addTable"]["table"]
    assert table["name"] == "Costs" and table["tableId"].isdigit()
    msg = await api.refused({"addTable": {"table": {"name": "costs", "range": TABLE}}})
    assert "already exists" in msg
    await api.ok({"updateTable": {"table": {"tableId": table["tableId"], "name": "Spend"},
                                  "fields": "name"}})
    assert (await api.sheet())["tables"][0]["name"] == "Spend"
    await api.ok({"deleteTable": {"tableId": table["tableId"]}})
    assert "tables" not in await api.sheet()
