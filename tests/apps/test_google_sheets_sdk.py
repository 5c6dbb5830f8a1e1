"""Google's own client (`google-api-python-client` with its STATIC discovery document for
Sheets v4, and `google-auth` credentials) against the sheets app.

The app is served by uvicorn on 127.0.0.1 (one app per process, as `serve --multi` runs it)
and the client is pointed at it with only `api_endpoint` and the bearer token changed: the
paths (`{spreadsheetId}:batchUpdate`, `values/{range}:append` with the range
percent-encoded), the query parameters it adds (`alt=json`) and the bodies are Google's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.factories import ADMIN, MISMATCH, served_app


@pytest.fixture(scope="module")
def sheets_server() -> Iterator[str]:
    with served_app("sheets") as url:
        yield url


def _service(url: str) -> Any:
    with httpx.Client(base_url=url, headers=ADMIN, timeout=60) as admin:
        r = admin.post("/admin/episodes", json={"seed": 7, "situations": [MISMATCH]})
        assert r.status_code == 201, r.text
        episode = r.json()["episode_id"]
        people = admin.get(f"/admin/episodes/{episode}/principals",
                           params={"role": "finance"}).json()["principals"]
        r = admin.post(f"/admin/episodes/{episode}/tokens", json={"principal": people[0]["id"]})
        assert r.status_code == 201, r.text
        token = str(r.json()["token"])
    from google.oauth2.credentials import Credentials
    from googleapiclient.discovery import build

    return build("sheets", "v4", static_discovery=True, credentials=Credentials(token=token),
                 client_options={"api_endpoint": f"{url}/"}, cache_discovery=False)


def test_google_client_creates_writes_reads_appends_and_adds_a_sheet(sheets_server: str
                                                                      ) -> None:
    svc = _service(sheets_server)
    try:
        _drive(svc)
    finally:
        svc.close()


def _drive(svc: Any) -> None:
    from googleapiclient.errors import HttpError

    book = svc.spreadsheets().create(body={
        "properties": {"title": "Headcount 2026"},
        "sheets": [{"properties": {"title": "Q1 '26"}}]}).execute()
    sid = book["spreadsheetId"]
    assert len(sid) == 44 and book["properties"]["title"] == "Headcount 2026"
    assert book["sheets"][0]["properties"]["title"] == "Q1 '26"

    values = svc.spreadsheets().values()
    upd = values.update(spreadsheetId=sid, range="'Q1 ''26'!A1:C3",
                        valueInputOption="USER_ENTERED", body={"values": [
                            ["Team", "Budget", "Share"], ["Robotics", "1,200", "=B2/B4"],
                            ["Sales", 800, "=B3/B4"]]}).execute()
    assert upd["updatedRange"] == "'Q1 ''26'!A1:C3" and upd["updatedCells"] == 9
    values.update(spreadsheetId=sid, range="'Q1 ''26'!B4", valueInputOption="USER_ENTERED",
                  body={"values": [["=SUM(B2:B3)"]]}).execute()
    got = values.get(spreadsheetId=sid, range="'Q1 ''26'!A1:C4").execute()
    assert got["values"] == [["Team", "Budget", "Share"], ["Robotics", "1,200", "0.6"],
                             ["Sales", "800", "0.4"], ["", "2000"]]
    raw = values.get(spreadsheetId=sid, range="'Q1 ''26'!B:B",
                     valueRenderOption="UNFORMATTED_VALUE", majorDimension="COLUMNS").execute()
    assert raw["values"] == [["Budget", 1200, 800, 2000]]

    app = values.append(spreadsheetId=sid, range="'Q1 ''26'!A1:C1", valueInputOption="RAW",
                        insertDataOption="INSERT_ROWS", body={"values": [["Ops", 5]]}).execute()
    assert app["tableRange"] == "'Q1 ''26'!A1:C4"
    assert app["updates"]["updatedRange"] == "'Q1 ''26'!A5:B5"

    reply = svc.spreadsheets().batchUpdate(spreadsheetId=sid, body={"requests": [
        {"addSheet": {"properties": {"title": "Notes"}}}]}).execute()
    added = reply["replies"][0]["addSheet"]["properties"]
    assert added["title"] == "Notes" and isinstance(added["sheetId"], int)
    full = svc.spreadsheets().get(spreadsheetId=sid, ranges=["Notes!A1"],
                                  includeGridData=True).execute()
    assert [s["properties"]["title"] for s in full["sheets"]] == ["Notes"]
    batch = values.batchGet(spreadsheetId=sid, ranges=["'Q1 ''26'!A5:B5", "Notes!A1"]).execute()
    assert batch["valueRanges"][0]["values"] == [["Ops", "5"]]
    assert "values" not in batch["valueRanges"][1]

    with pytest.raises(HttpError) as bad:
        values.get(spreadsheetId=sid, range="Nowhere!A1").execute()
    assert bad.value.resp.status == 400
    assert b"Unable to parse range: Nowhere!A1" in bad.value.content
    with pytest.raises(HttpError) as missing:
        svc.spreadsheets().get(spreadsheetId="x" * 44).execute()
    assert missing.value.resp.status == 404


def test_google_client_names_protects_filters_and_charts(sheets_server: str) -> None:
    """The batchUpdate requests beyond cells, through Google's own client: a named range
    read back as a range, a protected header, a basic filter that sorts, a chart, a
    conditional format rule, and the spreadsheet returned with all of them."""
    svc = _service(sheets_server)
    try:
        sheets = svc.spreadsheets()
        sid = sheets.create(body={"properties": {"title": "Vendors"}}).execute()["spreadsheetId"]
        sheets.values().update(spreadsheetId=sid, range="Sheet1!A1:B4",
                               valueInputOption="USER_ENTERED", body={"values": [
                                   ["Vendor", "Spend"], ["Acme", 300], ["Bolt", 1200],
                                   ["Core", 50]]}).execute()
        table = {"sheetId": 0, "startRowIndex": 0, "endRowIndex": 4, "startColumnIndex": 0,
                 "endColumnIndex": 2}
        reply = sheets.batchUpdate(spreadsheetId=sid, body={"requests": [
            {"addNamedRange": {"namedRange": {"name": "Vendors", "range": table}}},
            {"addProtectedRange": {"protectedRange": {"range": {
                "sheetId": 0, "startRowIndex": 0, "endRowIndex": 1}, "warningOnly": True}}},
            {"setBasicFilter": {"filter": {"range": table, "sortSpecs": [
                {"dimensionIndex": 1, "sortOrder": "DESCENDING"}]}}},
            {"addConditionalFormatRule": {"rule": {"ranges": [table], "booleanRule": {
                "condition": {"type": "TEXT_CONTAINS", "values": [{"userEnteredValue": "o"}]},
                "format": {"textFormat": {"italic": True}}}}}},
            {"addChart": {"chart": {"spec": {"title": "Spend", "pieChart": {
                "domain": {"sourceRange": {"sources": [{**table, "endColumnIndex": 1}]}},
                "series": {"sourceRange": {"sources": [{**table, "startColumnIndex": 1}]}}}},
                "position": {"overlayPosition": {"anchorCell": {"rowIndex": 6}}}}}},
        ], "includeSpreadsheetInResponse": True}).execute()
        assert reply["replies"][0]["addNamedRange"]["namedRange"]["name"] == "Vendors"
        assert reply["replies"][1]["addProtectedRange"]["protectedRange"]["warningOnly"] is True
        assert reply["replies"][2:4] == [{}, {}]
        chart_id = reply["replies"][4]["addChart"]["chart"]["chartId"]
        sheet = reply["updatedSpreadsheet"]["sheets"][0]
        assert sheet["charts"][0]["chartId"] == chart_id
        assert sheet["basicFilter"]["sortSpecs"][0]["sortOrder"] == "DESCENDING"
        got = sheets.values().get(spreadsheetId=sid, range="Vendors").execute()
        assert got["values"] == [["Vendor", "Spend"], ["Bolt", "1200"], ["Acme", "300"],
                                 ["Core", "50"]]
        full = sheets.get(spreadsheetId=sid, ranges=["Vendors"], includeGridData=True).execute()
        cells = full["sheets"][0]["data"][0]["rowData"]
        assert cells[1]["values"][0]["effectiveFormat"]["textFormat"]["italic"] is True  # Bolt
        assert cells[2]["values"][0]["effectiveFormat"]["textFormat"]["italic"] is False  # Acme
        # sheetId 0 is left out (Google's JSON omits it); bounded starts of 0 are kept
        assert full["namedRanges"][0]["range"] == {k: v for k, v in table.items()
                                                   if k != "sheetId"}
    finally:
        svc.close()
