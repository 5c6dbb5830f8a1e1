"""Cell and layout requests over HTTP: merges, row/column sizes and groups, duplicateSheet,
copy/cut paste, data validation, borders, notes, trimWhitespace, deleteDuplicates and
comments, each in Google's shape; bad input refused without a change."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from tests.apps.sheets_world import Api, api_as, owner_of, sheets_server, values
from tests.factories import ADMIN


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    yield sheets_server()


@pytest.fixture
async def http(server: Any) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test", headers=ADMIN) as c:
        yield c


def box(r0: int, r1: int, c0: int, c1: int, sheet: int = 0) -> dict[str, Any]:
    return {"sheetId": sheet, "startRowIndex": r0, "endRowIndex": r1, "startColumnIndex": c0,
            "endColumnIndex": c1}


def cols(c0: int, c1: int, dim: str = "COLUMNS") -> dict[str, Any]:
    return {"sheetId": 0, "dimension": dim, "startIndex": c0, "endIndex": c1}


async def test_merges_keep_the_top_left_value_and_follow_rows(http: httpx.AsyncClient
                                                              ) -> None:
    api = await api_as(http)
    await api.ok({"mergeCells": {"range": box(1, 3, 0, 1), "mergeType": "MERGE_ALL"}})
    assert values(await api.get("Budget!A2:A3")) == [["Laptops"]]
    assert (await api.sheet())["merges"] == [{"startRowIndex": 1, "endRowIndex": 3,
                                              "startColumnIndex": 0, "endColumnIndex": 1}]
    await api.ok({"insertDimension": {"range": cols(0, 1, "ROWS")}})
    assert (await api.sheet())["merges"][0]["startRowIndex"] == 2
    msg = await api.refused({"mergeCells": {"range": box(3, 5, 0, 2)}})
    assert "partly overlaps the merge Budget!A3:A4" in msg
    msg = await api.refused({"unmergeCells": {"range": box(2, 3, 0, 1)}})
    assert "must not partially span a merge" in msg
    await api.ok({"mergeCells": {"range": box(5, 7, 1, 3), "mergeType": "MERGE_ROWS"}})
    assert len((await api.sheet())["merges"]) == 3
    await api.ok({"unmergeCells": {"range": box(0, 10, 0, 4)}})
    assert "merges" not in await api.sheet()
    await api.ok({"updateSheetProperties": {"properties": {
        "sheetId": 0, "gridProperties": {"frozenRowCount": 1}},
        "fields": "gridProperties.frozenRowCount"}})
    msg = await api.refused({"mergeCells": {"range": box(0, 2, 0, 1)}})
    assert "can't merge frozen and non-frozen rows" in msg


async def test_sizes_hiding_and_auto_resize(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    await api.ok({"updateDimensionProperties": {"range": cols(0, 2), "properties": {
        "pixelSize": 180}, "fields": "pixelSize"}},
                 {"updateDimensionProperties": {"range": cols(2, 3, "ROWS"), "properties": {
                     "hiddenByUser": True}, "fields": "hiddenByUser"}},
                 {"autoResizeDimensions": {"dimensions": cols(3, 5)}})
    data = (await api.sheet(includeGridData="true", ranges="Budget!A1:E4"))["data"][0]
    assert [m["pixelSize"] for m in data["columnMetadata"]] == [180, 180, 100, 45, 100]
    assert [m.get("hiddenByUser", False) for m in data["rowMetadata"]] == [
        False, False, True, False]
    await api.ok({"insertDimension": {"range": cols(1, 2), "inheritFromBefore": True}})
    data = (await api.sheet(includeGridData="true", ranges="Budget!A1:C1"))["data"][0]
    assert [m["pixelSize"] for m in data["columnMetadata"]] == [180, 180, 180]
    msg = await api.refused({"updateDimensionProperties": {"range": cols(0, 1),
                                                           "properties": {"pixelSize": 5},
                                                           "fields": "hiddenByFilter"}})
    assert "cannot be set (only pixelSize and hiddenByUser)" in msg


async def test_groups_nest_as_google_documents(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    # [C:D, depth 1] + [B:E] -> [B:E, depth 1] and [C:D, depth 2] (the discovery document's
    # example), then deleting D:E leaves [B:D, 1] and [C:C, 2]
    await api.ok({"addDimensionGroup": {"range": cols(2, 4)}})
    reply = (await api.ok({"addDimensionGroup": {"range": cols(1, 5)}}))[0]
    spans = [(g["range"]["startIndex"], g["range"]["endIndex"], g["depth"])
             for g in reply["addDimensionGroup"]["dimensionGroups"]]
    assert spans == [(1, 5, 1), (2, 4, 2)]
    reply = (await api.ok({"deleteDimensionGroup": {"range": cols(3, 5)}}))[0]
    spans = [(g["range"]["startIndex"], g["range"]["endIndex"], g["depth"])
             for g in reply["deleteDimensionGroup"]["dimensionGroups"]]
    assert spans == [(1, 4, 1), (2, 3, 2)]
    await api.ok({"updateDimensionGroup": {"dimensionGroup": {
        "range": cols(1, 4), "depth": 1, "collapsed": True}, "fields": "collapsed"}},
        {"insertDimension": {"range": cols(0, 1)}})
    groups = (await api.sheet())["columnGroups"]
    assert groups[0] == {"range": {"dimension": "COLUMNS", "startIndex": 2, "endIndex": 5},
                         "depth": 1, "collapsed": True}
    msg = await api.refused({"deleteDimensionGroup": {"range": cols(10, 12)}})
    assert "no group covers the whole range" in msg
    msg = await api.refused({"updateDimensionGroup": {"dimensionGroup": {
        "range": cols(2, 5), "depth": 3}, "fields": "collapsed"}})
    assert "no group over that range at depth 3" in msg


async def test_duplicate_sheet_copies_what_the_sheet_carries(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    await api.ok({"mergeCells": {"range": box(0, 1, 0, 2)}},
                 {"addFilterView": {"filter": {"title": "v", "range": box(0, 4, 0, 4)}}})
    props = (await api.ok({"duplicateSheet": {"sourceSheetId": 0, "insertSheetIndex": 1}}))[
        0]["duplicateSheet"]["properties"]
    assert props["title"] == "Copy of Budget" and props["index"] == 1
    copy = (await api.book())["sheets"][1]
    assert copy["merges"] == [{"sheetId": props["sheetId"], "startRowIndex": 0,
                               "endRowIndex": 1, "startColumnIndex": 0, "endColumnIndex": 2}]
    assert copy["filterViews"][0]["range"]["sheetId"] == props["sheetId"]
    assert values(await api.get("'Copy of Budget'!D4")) == [["2500"]]
    msg = await api.refused({"duplicateSheet": {"sourceSheetId": 0, "newSheetName": "budget"}})
    assert "already exists" in msg


async def test_copy_paste_moves_relative_references(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    await api.ok({"copyPaste": {"source": box(1, 2, 3, 4), "destination": box(5, 7, 3, 4)}})
    assert values(await api.get("Budget!D6:D7", valueRenderOption="FORMULA")) == [
        ["=SUM(B6:C6)"], ["=SUM(B7:C7)"]]  # repeated to fill the destination
    await api.ok({"copyPaste": {"source": box(1, 4, 3, 4), "destination": box(9, 10, 0, 1),
                                "pasteType": "PASTE_VALUES"}})
    assert values(await api.get("Budget!A10:A12", valueRenderOption="FORMULA")) == [
        [2000], [500], [2500]]
    await api.ok({"copyPaste": {"source": box(0, 1, 0, 2), "destination": box(0, 1, 5, 6),
                                "pasteOrientation": "TRANSPOSE"}})
    assert values(await api.get("Budget!F1:F2")) == [["Item"], ["Q1"]]
    msg = await api.refused({"copyPaste": {"source": box(0, 4, 0, 4),
                                           "destination": box(998, 999, 0, 1)}})
    assert "reaches past the grid" in msg


async def test_cut_paste_moves_cells_and_references_follow(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    await api.ok({"cutPaste": {"source": box(1, 3, 1, 2), "destination": {
        "sheetId": 0, "rowIndex": 10, "columnIndex": 5}}})
    assert values(await api.get("Budget!B2:B3")) is None
    assert values(await api.get("Budget!F11:F12")) == [["1200"], ["300.5"]]
    assert values(await api.get("Budget!D2:D4", valueRenderOption="FORMULA")) == [
        ["=SUM(B2:C2)"], ["=SUM(B3:C3)"], ["=SUM(D2:D3)"]]  # partly cut ranges stay
    assert values(await api.get("Budget!B4", valueRenderOption="FORMULA")) == [["=SUM(F11:F12)"]]
    assert values(await api.get("Budget!B4")) == [["1500.5"]]


async def test_validation_borders_notes_trim_and_dedupe(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    rule = {"condition": {"type": "ONE_OF_LIST", "values": [
        {"userEnteredValue": "Laptops"}, {"userEnteredValue": "Travel"}]}, "showCustomUi": True}
    await api.ok({"setDataValidation": {"range": box(1, 3, 0, 1), "rule": rule}},
                 {"updateBorders": {"range": box(0, 2, 0, 2), "top": {"style": "SOLID_THICK"},
                                    "innerHorizontal": {"style": "DASHED",
                                                        "colorStyle": {"rgbColor": {"red": 1}}}}},
                 {"updateCells": {"start": {"sheetId": 0, "rowIndex": 0, "columnIndex": 0},
                                  "rows": [{"values": [{"note": "from the plan"}]}],
                                  "fields": "note"}})
    rows = (await api.sheet(includeGridData="true", ranges="Budget!A1:A2"))["data"][0][
        "rowData"]
    a1, a2 = rows[0]["values"][0], rows[1]["values"][0]
    assert a1["note"] == "from the plan" and a1["userEnteredValue"] == {"stringValue": "Item"}
    assert a1["userEnteredFormat"]["borders"]["top"]["style"] == "SOLID_THICK"
    assert a1["userEnteredFormat"]["borders"]["top"]["width"] == 3
    assert a1["userEnteredFormat"]["borders"]["bottom"]["color"] == {"red": 1}
    assert a2["userEnteredFormat"]["borders"]["top"]["style"] == "DASHED"
    assert a2["dataValidation"] == rule
    await api.ok({"setDataValidation": {"range": box(2, 3, 0, 1)}})
    rows = (await api.sheet(includeGridData="true", ranges="Budget!A3"))["data"][0]["rowData"]
    assert "dataValidation" not in rows[0]["values"][0]
    await api.put("Budget!F1:F4", [["  a   b "], ["a b"], ["x"], ["A B"]])
    reply = (await api.ok({"trimWhitespace": {"range": box(0, 4, 5, 6)}}))[0]
    assert reply == {"trimWhitespace": {"cellsChangedCount": 1}}
    reply = (await api.ok({"deleteDuplicates": {"range": box(0, 4, 5, 6)}}))[0]
    assert reply == {"deleteDuplicates": {"duplicatesRemovedCount": 2}}
    assert values(await api.get("Budget!F1:F4")) == [["a b"], ["x"]]
    await api.ok({"appendCells": {"sheetId": 0, "rows": [{"values": [
        {"userEnteredValue": {"stringValue": "Hotels"}},
        {"userEnteredValue": {"numberValue": 90}}]}], "fields": "userEnteredValue"}})
    assert values(await api.get("Budget!A5:B5")) == [["Hotels", "90"]]  # after the last row
    msg = await api.refused({"setDataValidation": {"range": box(0, 1, 0, 1), "rule": {
        "condition": {"type": "TEXT_STARTS_WITH", "values": [{"userEnteredValue": "a"}]}}}})
    assert "not allowed here" in msg


async def test_comments_threads_replies_and_authors(http: httpx.AsyncClient) -> None:
    api = await api_as(http, "finance")
    thread = (await api.ok({"insertComment": {"coordinate": {"rowIndex": 1, "columnIndex": 1},
                                              "content": "Is this <right>?"}}))[0][
        "insertComment"]["commentThread"]
    cid = thread["commentId"]
    assert thread["status"] == "OPEN" and thread["plainTextQuote"] == "1200"
    assert thread["headPost"]["contentHtml"] == "Is this &lt;right&gt;?"
    assert thread["headPost"]["author"]["me"] is True
    r = await api.batch({"addCommentReply": {"commentId": cid, "post": {
        "commentAction": "RESOLVE"}}})
    assert r.json()["commentUpdateState"] == "ALL_SAVED"
    assert "comments" not in await api.book()  # omitted unless asked for
    book = await api.book(commentsViewMode="COMMENTS_VIEW_MODE_INCLUDED")
    assert book["comments"][0]["status"] == "RESOLVED"
    assert book["commentsViewMode"] == "COMMENTS_VIEW_MODE_INCLUDED"
    assert book["sheets"][0]["commentAnchors"] == [{"anchorId": thread["anchorId"], "range": {
        "startRowIndex": 1, "endRowIndex": 2, "startColumnIndex": 1, "endColumnIndex": 2}}]
    await api.ok({"insertDimension": {"range": {"sheetId": 0, "dimension": "ROWS",
                                                "startIndex": 0, "endIndex": 1}}})
    book = await api.book(commentsViewMode="COMMENTS_VIEW_MODE_INCLUDED")
    assert book["sheets"][0]["commentAnchors"][0]["range"]["startRowIndex"] == 2
    msg = await api.refused({"insertComment": {"coordinate": {"rowIndex": 0}, "content": " "}})
    assert "content cannot be empty" in msg
    reply = (await api.ok({"addCommentReply": {"commentId": cid, "post": {
        "content": "Yes", "commentAction": "REOPEN"}}}))[0]["addCommentReply"]["post"]
    await api.ok({"updateCommentPost": {"commentId": cid, "postId": reply["postId"],
                                        "content": "Yes, checked"}})
    book = await api.book(commentsViewMode="COMMENTS_VIEW_MODE_INCLUDED")
    assert book["comments"][0]["status"] == "OPEN"
    assert book["comments"][0]["replies"][1]["content"] == "Yes, checked"
    await api.ok({"deleteCommentReply": {"commentId": cid, "postId": reply["postId"]}})
    book = await api.book(commentsViewMode="COMMENTS_VIEW_MODE_INCLUDED")
    gone = book["comments"][0]["replies"][1]
    assert gone["deleted"] is True and "content" not in gone and "author" not in gone
    owner = Api(http, await api.episode.auth(await owner_of(http, api.episode)), api.episode)
    book = await owner.book(commentsViewMode="COMMENTS_VIEW_MODE_INCLUDED")
    assert book["comments"][0]["headPost"]["author"]["me"] is False
    msg = await owner.refused({"deleteComment": {"commentId": cid}})
    assert "only the author" in msg
    msg = await owner.refused({"updateCommentPost": {"commentId": cid, "postId": thread[
        "headPost"]["postId"], "content": "mine now"}})
    assert "only the author of a post may edit it" in msg
    await api.ok({"deleteComment": {"commentId": cid}})
    assert "comments" not in await api.book(commentsViewMode="COMMENTS_VIEW_MODE_INCLUDED")


async def test_spreadsheet_and_sheet_settings(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    await api.ok({"updateSpreadsheetProperties": {"properties": {
        "autoRecalc": "HOUR", "iterativeCalculationSettings": {"maxIterations": 50},
        "defaultFormat": {"textFormat": {"fontFamily": "Roboto", "fontSize": 12}}},
        "fields": "autoRecalc,iterativeCalculationSettings,defaultFormat"}},
        {"updateSheetProperties": {"properties": {
            "sheetId": 0, "rightToLeft": True, "gridProperties": {"hideGridlines": True},
            "tabColorStyle": {"themeColor": "ACCENT2"}},
            "fields": "rightToLeft,gridProperties.hideGridlines,tabColorStyle"}},
        {"appendDimension": {"sheetId": 0, "dimension": "COLUMNS", "length": 2}})
    book = await api.book(includeGridData="true", ranges="Budget!A1")
    props = book["properties"]
    assert props["autoRecalc"] == "HOUR"
    assert props["iterativeCalculationSettings"] == {"maxIterations": 50}
    assert props["defaultFormat"]["textFormat"] == {"fontFamily": "Roboto", "fontSize": 12}
    cell = book["sheets"][0]["data"][0]["rowData"][0]["values"][0]
    assert cell["effectiveFormat"]["textFormat"]["fontSize"] == 12
    sheet = book["sheets"][0]["properties"]
    assert sheet["rightToLeft"] is True and sheet["gridProperties"]["hideGridlines"] is True
    assert sheet["gridProperties"]["columnCount"] == 28
    assert sheet["tabColorStyle"] == {"themeColor": "ACCENT2"}
    assert sheet["tabColor"]["red"] > 0.9  # the theme's ACCENT2, resolved
    await api.ok({"updateSpreadsheetProperties": {"properties": {"defaultFormat": {
        "textFormat": {"fontSize": 9}}}, "fields": "defaultFormat.textFormat.fontSize"}},
        {"repeatCell": {"range": {"sheetId": 0, "startRowIndex": 0, "endRowIndex": 1},
                        "cell": {"userEnteredFormat": {"textFormat": {"bold": True},
                                                       "backgroundColor": {"blue": 1}}},
                        "fields": "userEnteredFormat(backgroundColor,textFormat.bold)"}})
    book = await api.book(includeGridData="true", ranges="Budget!A1")
    assert book["properties"]["defaultFormat"]["textFormat"] == {"fontFamily": "Roboto",
                                                                 "fontSize": 9}
    assert book["sheets"][0]["data"][0]["rowData"][0]["values"][0]["userEnteredFormat"] == {
        "backgroundColor": {"blue": 1}, "textFormat": {"bold": True}}
    msg = await api.refused({"repeatCell": {"range": {"sheetId": 0}, "cell": {},
                                            "fields": "userEnteredFormat(textFormat"}})
    assert "Invalid field mask" in msg
    msg = await api.refused({"updateSpreadsheetProperties": {"properties": {
        "spreadsheetTheme": {"primaryFontFamily": "Arial", "themeColors": []}},
        "fields": "spreadsheetTheme"}})
    assert "each of the ten theme color types" in msg
