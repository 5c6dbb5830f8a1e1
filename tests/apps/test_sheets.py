"""The sheets app (Google Sheets v4 shape) over HTTP: ranges in every A1/R1C1 shape, value
input and render options, append's table detection, batchUpdate (atomic), formulas, access
and Google's error bodies. The world is the standard test world plus two fixture
spreadsheets (`tests/apps/sheets_world.py`)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest

from tests.apps.sheets_world import BUDGET, PRIVATE, Api, api_as, sheets_server, values
from tests.factories import ADMIN, SPEC, new_episode


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    yield sheets_server()


@pytest.fixture
async def http(server: Any) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test", headers=ADMIN) as c:
        yield c


async def test_formulas_evaluate_as_sheets_does(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    r = await api.get("Budget!A1:D4")
    assert r.json()["range"] == "Budget!A1:D4"
    assert values(r) == [["Item", "Q1", "Q2", "Total"], ["Laptops", "1200", "800", "2000"],
                         ["Travel", "300.5", "199.5", "500"],
                         ["Total", "1500.5", "999.5", "2500"]]
    assert values(await api.get("Budget!D2:D4", valueRenderOption="FORMULA")) == [
        ["=SUM(B2:C2)"], ["=SUM(B3:C3)"], ["=SUM(D2:D3)"]]
    assert values(await api.get("Budget!B4:D4", valueRenderOption="UNFORMATTED_VALUE")) == [
        [1500.5, 999.5, 2500]]
    cases = {
        "=AVERAGE(B2:C3)": "625", "=COUNT(A1:D3)": "6", "=COUNTA(A1:D3)": "12",
        "=MIN(B2:C3)": "199.5", "=MAX(B2:C3)": "1200", "=IF(B2>1000,\"big\",\"small\")": "big",
        "=ROUND(2.5)": "3", "=ROUND(-2.5)": "-3", "=ROUND(1.005*100,1)": "100.5",
        "=1+2*3-4/2": "5", "=-2^2": "4", "=2^3^2": "64", "=50%*10": "5",
        "=A2&\" \"&B2": "Laptops 1200", "=1/3&\"\"": "0.333333333333333",
        "=B2>=1200": "TRUE", "=\"a\"<\"B\"": "TRUE", "=\"abc\"=\"ABC\"": "TRUE",
        "='Q1 ''24'!B2+Budget!B3": "310.5", "=SUM('Q1 ''24'!B:B)": "30",
        "=1/0": "#DIV/0!", "=AVERAGE(E1:E3)": "#DIV/0!", "=VLOOKUP(1,A1:B2,2)": "#NAME?",
        "=Nowhere!A1": "#REF!", "=\"x\"+1": "#VALUE!", "=SUM(1,": "#ERROR!",
        "=IF(TRUE,1)": "1", "=IF(FALSE,1)": "FALSE", "=E1": "", "=SUM(E1:E9)": "0",
        "=sum(b2:c2)": "2000", "=B2/3": "400", "=0.1+0.2": "0.3",
    }
    for i, formula in enumerate(cases):
        assert (await api.put(f"Budget!F{i + 1}", [[formula]])).status_code == 200
    got = values(await api.get(f"Budget!F1:F{len(cases)}"))
    assert [row[0] if row else "" for row in got] + [""] * (len(cases) - len(got)) == \
        list(cases.values())
    at = list(cases).index("=sum(b2:c2)") + 1
    assert values(await api.get(f"Budget!F{at}", valueRenderOption="FORMULA")) == [
        ["=SUM(b2:c2)"]]


async def test_circular_references_are_ref_errors_not_numbers(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    await api.put("Budget!G1:G3", [["=G2+1"], ["=G3+1"], ["=G1+1"]])
    assert values(await api.get("Budget!G1:G3")) == [["#REF!"], ["#REF!"], ["#REF!"]]
    chain = [["1"]] + [[f"=H{i}+1"] for i in range(1, 400)]
    await api.put("Budget!H1:H400", chain)
    assert values(await api.get("Budget!H400")) == [["400"]]


async def test_every_range_shape_reads_and_writes(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    assert (await api.put("'Q1 ''24'!A4", [["Cy", 30]])).json()["updatedRange"] == \
        "'Q1 ''24'!A4:B4"
    assert values(await api.get("'Q1 ''24'!A:A")) == [["Name"], ["Ada"], ["Bob"], ["Cy"]]
    assert (await api.get("'Q1 ''24'!A:A")).json()["range"] == "'Q1 ''24'!A1:A1000"
    assert values(await api.get("'Q1 ''24'!2:2")) == [["Ada", "10"]]
    assert values(await api.get("'Q1 ''24'!A2:B")) == [["Ada", "10"], ["Bob", "20"],
                                                       ["Cy", "30"]]
    assert values(await api.get("'Q1 ''24'!B:B", majorDimension="COLUMNS")) == [
        ["Amount", "10", "20", "30"]]
    assert values(await api.get("'Q1 ''24'")) == [["Name", "Amount"], ["Ada", "10"],
                                                  ["Bob", "20"], ["Cy", "30"]]
    assert values(await api.get("'Q1 ''24'!R2C1:R3C2")) == [["Ada", "10"], ["Bob", "20"]]
    assert values(await api.get("A1:B1")) == [["Item", "Q1"]]  # no sheet: the first sheet
    assert values(await api.get("Budget!$B$2")) == [["1200"]]
    r = await api.put("'Q1 ''24'!D1:E2", [[1, 2], [3, 4]], majorDimension=None)
    assert r.json()["updatedCells"] == 4
    r = await api.http.put(api.url(BUDGET, "/values/" + quote("'Q1 ''24'!D1:E2", safe="")),
                           params={"valueInputOption": "RAW"}, headers=api.headers,
                           json={"majorDimension": "COLUMNS", "values": [["a", "b"], ["c"]]})
    assert values(await api.get("'Q1 ''24'!D1:E2")) == [["a", "c"], ["b", "4"]]
    await api.put("'Q1 ''24'!E1", [[None, ""]])  # null skips, "" clears
    assert values(await api.get("'Q1 ''24'!D1:F1")) == [["a", "c"]]


async def test_user_entered_parses_and_raw_keeps_text(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    row = ["12.5", "TRUE", "50%", "$1,234.50", "2026-03-02", "'007", "=1+1", "1,000", "hello"]
    await api.put("Budget!A10", [row])
    await api.put("Budget!A11", [row], option="RAW")
    unformatted = values(await api.get("Budget!A10:I11", valueRenderOption="UNFORMATTED_VALUE"))
    assert unformatted[0] == [12.5, True, 0.5, 1234.5, 46083, "007", 2, 1000, "hello"]
    assert unformatted[1] == row
    assert values(await api.get("Budget!A10:I10"))[0] == [
        "12.5", "TRUE", "50%", "$1,234.50", "2026-03-02", "007", "2", "1,000", "hello"]
    dated = await api.get("Budget!E10", valueRenderOption="UNFORMATTED_VALUE",
                          dateTimeRenderOption="FORMATTED_STRING")
    assert values(dated) == [["2026-03-02"]]


async def test_append_finds_the_table_and_inserts_rows(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    r = await api.post("/values/" + quote("'Q1 ''24'!A1:B1", safe="") + ":append",
                       {"values": [["Dee", 40]]}, valueInputOption="USER_ENTERED")
    assert r.status_code == 200, r.text
    assert r.json()["tableRange"] == "'Q1 ''24'!A1:B3"
    assert r.json()["updates"]["updatedRange"] == "'Q1 ''24'!A4:B4"
    await api.put("Budget!A6", [["note below"]])
    r = await api.post("/values/Budget:append", {"values": [["Hotels", 5, 6, "=SUM(B4:C4)"]]},
                       valueInputOption="USER_ENTERED", insertDataOption="INSERT_ROWS")
    assert r.json()["tableRange"] == "Budget!A1:D4"
    assert r.json()["updates"]["updatedRange"] == "Budget!A5:D5"
    assert values(await api.get("Budget!A7")) == [["note below"]]  # shifted, not overwritten
    assert values(await api.get("Budget!A6")) is None
    # formulas follow inserted rows: the totals row still sums rows 2-3
    assert values(await api.get("Budget!B4:D4", valueRenderOption="FORMULA")) == [
        ["=SUM(B2:B3)", "=SUM(C2:C3)", "=SUM(D2:D3)"]]


async def test_batch_update_applies_in_order_and_is_atomic(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    body = {"requests": [
        {"addSheet": {"properties": {"title": "Notes", "gridProperties": {"rowCount": 50,
                                                                          "columnCount": 5}}}},
        {"updateSheetProperties": {"properties": {"sheetId": 1, "title": "Quarter"},
                                   "fields": "title"}},
        {"insertDimension": {"range": {"sheetId": 0, "dimension": "ROWS", "startIndex": 1,
                                       "endIndex": 2}}},
        {"repeatCell": {"range": {"sheetId": 0, "startRowIndex": 1, "endRowIndex": 2,
                                  "startColumnIndex": 0, "endColumnIndex": 2},
                        "cell": {"userEnteredValue": {"stringValue": "new"}},
                        "fields": "userEnteredValue"}},
        {"findReplace": {"find": "Laptops", "replacement": "Computers", "allSheets": True}},
        {"deleteDimension": {"range": {"sheetId": 0, "dimension": "COLUMNS", "startIndex": 2,
                                       "endIndex": 3}}},
    ]}
    r = await api.post(":batchUpdate", body)
    assert r.status_code == 200, r.text
    replies = r.json()["replies"]
    assert replies[0]["addSheet"]["properties"]["title"] == "Notes"
    assert replies[1:4] == [{}, {}, {}]
    assert replies[4]["findReplace"]["occurrencesChanged"] == 1
    assert values(await api.get("Budget!A1:C5")) == [
        ["Item", "Q1", "Total"], ["new", "new"], ["Computers", "1200", "1200"],
        ["Travel", "300.5", "300.5"], ["Total", "1500.5", "1500.5"]]
    assert values(await api.get("Budget!C3:C5", valueRenderOption="FORMULA")) == [
        ["=SUM(B3:B3)"], ["=SUM(B4:B4)"], ["=SUM(C3:C4)"]]
    assert values(await api.get("Quarter!A2")) == [["Ada"]]
    before = await api.episode.changes()
    bad = {"requests": [{"addSheet": {"properties": {"title": "Another"}}},
                        {"deleteSheet": {"sheetId": 999}}]}
    r = await api.post(":batchUpdate", bad)
    assert r.status_code == 400
    assert r.json()["error"]["status"] == "INVALID_ARGUMENT"
    assert "No grid with id: 999" in r.json()["error"]["message"]
    assert await api.episode.changes() == before
    got = await api.http.get(api.url(BUDGET), headers=api.headers)
    assert [s["properties"]["title"] for s in got.json()["sheets"]] == [
        "Budget", "Quarter", "Notes"]


async def test_bad_input_is_a_google_error_that_changes_nothing(http: httpx.AsyncClient
                                                                ) -> None:
    api = await api_as(http)
    before = await api.episode.changes()
    for rng in ("Budget!A1:B2:C3", "Nowhere!A1", "Budget!1A", "Budget!A0", "'Budget!A1"):
        r = await api.put(rng, [["x"]])
        assert r.status_code == 400, (rng, r.text)
        assert r.json()["error"] == {**r.json()["error"], "code": 400,
                                     "status": "INVALID_ARGUMENT",
                                     "message": f"Unable to parse range: {rng}"}
    r = await api.put("Budget!A1", [["x"]], option="MAYBE")
    assert r.status_code == 400 and r.json()["error"]["status"] == "INVALID_ARGUMENT"
    r = await api.put("Budget!A1:B1", [["x", "y", "z"]])
    assert r.status_code == 400 and "tried writing to column [C]" in r.json()["error"]["message"]
    r = await api.put("Budget!A1001", [["x"]])
    assert r.status_code == 400 and "exceeds grid limits" in r.json()["error"]["message"]
    assert (await api.get("A1", sid="nope")).json()["error"] == {
        "code": 404, "message": "Requested entity was not found.", "status": "NOT_FOUND"}
    assert await api.episode.changes() == before


async def test_access_follows_owner_editor_and_reader_roles(http: httpx.AsyncClient) -> None:
    ep = await new_episode(http)
    plain = await ep.principal_with("employee", without=("hr", "finance", "exec"))
    reader = Api(http, await ep.auth(plain), ep)
    assert (await reader.get("Budget!A1")).status_code == 200  # readers: employee
    r = await reader.put("Budget!A1", [["x"]])
    assert r.status_code == 403 and r.json()["error"]["status"] == "PERMISSION_DENIED"
    r = await reader.get("Log!A1", sid=PRIVATE)
    assert r.status_code == 403
    finance = Api(http, await ep.auth(await ep.principal_with("finance")), ep)
    assert (await finance.put("Budget!A20", [["ok"]])).status_code == 200
    created = await finance.http.post("/sheets/v4/spreadsheets", headers=finance.headers,
                                      json={"properties": {"title": "Mine"}})
    sid = created.json()["spreadsheetId"]
    assert len(sid) == 44 and created.json()["sheets"][0]["properties"]["sheetId"] == 0
    assert (await reader.get("A1", sid=sid)).status_code == 403


async def test_data_filter_forms_and_copy_to(http: httpx.AsyncClient) -> None:
    api = await api_as(http, "finance")
    grid = {"gridRange": {"sheetId": 0, "startRowIndex": 1, "endRowIndex": 3,
                          "startColumnIndex": 0, "endColumnIndex": 2}}
    r = await api.post("/values:batchGetByDataFilter", {"dataFilters": [
        grid, {"a1Range": "'Q1 ''24'!A2:A3"}, {"developerMetadataLookup": {"metadataKey": "k"}}]})
    assert r.status_code == 200, r.text
    got = r.json()["valueRanges"]
    assert got[0]["valueRange"] == {"range": "Budget!A2:B3", "majorDimension": "ROWS",
                                    "values": [["Laptops", "1200"], ["Travel", "300.5"]]}
    assert got[0]["dataFilters"] == [grid]
    assert got[1]["valueRange"]["values"] == [["Ada"], ["Bob"]] and len(got) == 2
    r = await api.post("/values:batchUpdateByDataFilter", {
        "valueInputOption": "USER_ENTERED",
        "data": [{"dataFilter": {"gridRange": {"sheetId": 0, "startRowIndex": 9,
                                               "startColumnIndex": 0}},
                  "values": [["x", "=1+1"]]}]})
    assert r.status_code == 200, r.text
    assert r.json()["responses"][0]["updatedRange"] == "Budget!A10:B10"
    assert values(await api.get("Budget!A10:B10")) == [["x", "2"]]
    r = await api.post("/values:batchClearByDataFilter", {"dataFilters": [
        {"a1Range": "Budget!A10:B10"}]})
    assert r.json()["clearedRanges"] == ["Budget!A10:B10"]
    assert values(await api.get("Budget!A10:B10")) is None
    r = await api.post(":getByDataFilter", {"dataFilters": [{"a1Range": "'Q1 ''24'!A1"}],
                                            "includeGridData": True})
    sheets = r.json()["sheets"]
    assert [s["properties"]["title"] for s in sheets] == ["Q1 '24"]
    assert sheets[0]["data"][0]["rowData"][0]["values"][0]["effectiveValue"] == {
        "stringValue": "Name"}
    bad = await api.post("/values:batchGetByDataFilter", {"dataFilters": [
        {"gridRange": {"sheetId": 77}}]})
    assert bad.status_code == 400 and "No grid with id: 77" in bad.json()["error"]["message"]
    mine = await api.http.post("/sheets/v4/spreadsheets", headers=api.headers,
                               json={"properties": {"title": "Dest"}})
    dest = mine.json()["spreadsheetId"]
    r = await api.post("/sheets/0:copyTo", {"destinationSpreadsheetId": dest})
    assert r.status_code == 200, r.text
    assert r.json()["title"] == "Copy of Budget" and r.json()["index"] == 1
    assert values(await api.get("'Copy of Budget'!D4", sid=dest)) == [["2500"]]
    r = await api.post("/sheets/0:copyTo", {"destinationSpreadsheetId": PRIVATE})
    assert r.status_code == 403


async def test_the_worlds_spreadsheets_are_seeded_and_their_formulas_hold(
        harness_for: Any) -> None:
    """The standard world's spreadsheets (worldgen's), read back: every value as the world
    has it, every formula without an error value, and a budget tracker's totals equal to the
    sums of its months; its readers read, its editors write, others get 403."""
    harness = harness_for("sheets")
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=harness.server),
                                 base_url="http://arcadia.test", headers=ADMIN) as http:
        ep = await new_episode(http)
        spreadsheets = harness.store.template(SPEC).world.sheets.spreadsheets
        assert spreadsheets, "worldgen fills world.sheets"
        budget = next(s for s in spreadsheets if s.kind == "budget_tracker")
        api = Api(http, await ep.auth(await ep.principal_with("finance")), ep)
        for sp in spreadsheets:
            if "finance" not in sp.editors and "finance" not in sp.readers:
                continue
            for tab in sp.tabs:
                got = values(await api.get(f"'{tab.title}'", sid=sp.id,
                                           valueRenderOption="UNFORMATTED_VALUE")) or []
                for r, row in enumerate(tab.rows):
                    for c, want in enumerate(row):
                        have = got[r][c] if r < len(got) and c < len(got[r]) else ""
                        if isinstance(want, str) and want.startswith("="):
                            assert not (isinstance(have, str) and have.startswith("#")), \
                                (sp.title, tab.title, r, c, want, have)
                        elif want not in (None, ""):
                            assert have == want, (sp.title, tab.title, r, c)
        monthly = budget.tabs[0]
        total_row = len(monthly.rows)
        got = values(await api.get(f"Monthly!B{total_row}:C{total_row}", sid=budget.id,
                                   valueRenderOption="UNFORMATTED_VALUE"))
        months = monthly.rows[1:-1]
        assert got[0][0] == pytest.approx(sum(float(r[1]) for r in months))
        assert got[0][1] == pytest.approx(sum(float(r[2]) for r in months))
        assert (await api.put("Monthly!F2", [["checked"]], sid=budget.id)).status_code == 200
        plain = await ep.principal_with("employee", without=("finance", "exec", "hr"))
        other = Api(http, await ep.auth(plain), ep)
        assert (await other.get("Monthly!A1", sid=budget.id)).status_code == 403


async def test_formats_and_pathological_formulas(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    r = await api.post(":batchUpdate", {"requests": [{"repeatCell": {
        "range": {"sheetId": 0, "startRowIndex": 1, "endRowIndex": 3, "startColumnIndex": 1,
                  "endColumnIndex": 2},
        "cell": {"userEnteredFormat": {"numberFormat": {"type": "CURRENCY",
                                                        "pattern": "$#,##0.00"}}},
        "fields": "userEnteredFormat.numberFormat"}}]})
    assert r.status_code == 200, r.text
    assert values(await api.get("Budget!B2:B3")) == [["$1,200.00"], ["$300.50"]]
    assert values(await api.get("Budget!B2:B3", valueRenderOption="UNFORMATTED_VALUE")) == [
        [1200], [300.5]]
    deep = "=" + "(" * 300 + "1" + ")" * 300
    chain = [[f"=J{i}+1" if i else "1"] for i in range(1000)]
    assert (await api.put("Budget!I1", [[deep]])).status_code == 200
    assert (await api.put("Budget!J1:J1000", chain)).status_code == 200
    assert values(await api.get("Budget!I1")) == [["#ERROR!"]]
    assert values(await api.get("Budget!J1000")) == [["1000"]]


async def test_batch_get_without_ranges_returns_only_the_id(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    r = await api.http.get(api.url(BUDGET, "/values:batchGet"), headers=api.headers)
    assert r.status_code == 200 and r.json() == {"spreadsheetId": BUDGET}
    r = await api.http.get(api.url(BUDGET, "/values:batchGet"), headers=api.headers,
                           params={"ranges": ["Budget!A1", "'Q1 ''24'!B2"],
                                   "valueRenderOption": "UNFORMATTED_VALUE"})
    assert [v.get("values") for v in r.json()["valueRanges"]] == [[["Item"]], [[10]]]
