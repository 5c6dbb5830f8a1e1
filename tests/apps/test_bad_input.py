"""Bad input of every class the fuzzer and adversaries found: a 4xx in the product's
style, and nothing changed (not a row, not the clock)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from arcadia.apps.hris.errors import ERROR_HEADER
from tests.factories import SPEC, EpisodeHandle, new_episode

B = "/hris/api/gateway.php/arcadia/v1"
P = "/payroll/v1"
TODAY = SPEC.now.date()
TOO_BIG = 2**63  # one past the largest id any database stores
UNICODE_DIGITS = ["²", "١٢٣", "一"]
NOT_AMOUNTS: list[Any] = ["NaN", "Infinity", "-Infinity", "1e309", "1e30", "9" * 40, "9" * 400,
                          True, 1e30, "١٢٣", " "]


@pytest.fixture
async def ep(client: httpx.AsyncClient) -> EpisodeHandle:
    return await new_episode(client)


@pytest.fixture
async def hr(ep: EpisodeHandle) -> dict[str, str]:
    return {**await ep.auth(await ep.principal_with("hr")), "Accept": "application/json"}


@pytest.fixture
async def pay(ep: EpisodeHandle) -> dict[str, str]:
    return {**await ep.auth(await ep.principal_with("payroll")), "Accept": "application/json"}


class Unchanged:
    """Asserts that an episode's rows and clock are as they were."""

    def __init__(self, ep: EpisodeHandle) -> None:
        self.ep = ep
        self.before: tuple[Any, Any] | None = None

    async def state(self) -> tuple[Any, Any]:
        info = (await self.ep.client.get(f"/admin/episodes/{self.ep.id}")).json()
        return info["tick"], await self.ep.changes()

    async def __aenter__(self) -> Unchanged:
        self.before = await self.state()
        return self

    async def __aexit__(self, *exc: object) -> None:
        if exc[0] is None:
            assert await self.state() == self.before, "a refused request changed the episode"


def assert_refused(r: httpx.Response, *statuses: int) -> None:
    assert r.status_code in statuses, (r.status_code, r.text)
    for name, value in r.headers.items():
        assert all(" " <= c <= "~" for c in value), f"header {name} is not printable: {value!r}"


def assert_bamboo(r: httpx.Response, *statuses: int) -> None:
    assert_refused(r, *statuses)
    assert r.headers.get(ERROR_HEADER), r.headers
    assert r.json()["error"]["message"]


def assert_gusto(r: httpx.Response, *statuses: int) -> None:
    assert_refused(r, *statuses)
    errors = r.json()["errors"]
    assert errors and errors[0]["category"] and errors[0]["message"]


async def employee_id(client: httpx.AsyncClient, hr: dict[str, str]) -> str:
    r = await client.get(f"{B}/employees/directory", headers=hr)
    return str(r.json()["employees"][3]["id"])


async def first_job(client: httpx.AsyncClient, pay: dict[str, str]) -> str:
    company = (await client.get(f"{P}/token_info", headers=pay)).json()["resource"]["uuid"]
    emp = (await client.get(f"{P}/companies/{company}/employees", headers=pay)).json()[0]
    return str(emp["jobs"][0]["uuid"])


# -- ids beyond 64 bits, and digits that are not ASCII ---------------------------------------


@pytest.mark.parametrize("path", [f"{B}/employees/{TOO_BIG}/", f"{B}/employees/{10**40}/",
                                  f"{B}/employees/{TOO_BIG}/tables/jobInfo"])
async def test_ids_past_64_bits_in_the_path_are_refused(client: httpx.AsyncClient,
                                                        ep: EpisodeHandle,
                                                        hr: dict[str, str], path: str) -> None:
    r = await client.get(path, headers=hr)
    assert_bamboo(r, 400, 404)


@pytest.mark.parametrize("value", [str(TOO_BIG), TOO_BIG, 10**40, *UNICODE_DIGITS])
async def test_supervisor_ids_past_64_bits_or_not_ascii_change_nothing(
        client: httpx.AsyncClient, ep: EpisodeHandle, hr: dict[str, str], value: Any) -> None:
    emp = await employee_id(client, hr)
    async with Unchanged(ep):
        r = await client.post(f"{B}/employees/{emp}/", json={"supervisorEId": value}, headers=hr)
        assert_bamboo(r, 400, 404)
        r = await client.post(f"{B}/employees/{emp}/tables/jobInfo",
                              json={"date": str(TODAY), "reportsTo": value}, headers=hr)
        assert_bamboo(r, 400, 404)


@pytest.mark.parametrize("field,value", [
    ("previousRequest", TOO_BIG), ("previousRequest", "²"), ("timeOffTypeId", "²"),
    ("timeOffTypeId", TOO_BIG), ("amount", "Infinity"), ("amount", "NaN"), ("amount", True),
    ("amount", "1e309"), ("amount", "9" * 400)])
async def test_time_off_requests_with_bad_numbers_change_nothing(
        client: httpx.AsyncClient, ep: EpisodeHandle, hr: dict[str, str], field: str,
        value: Any) -> None:
    emp = await employee_id(client, hr)
    body = {"start": str(TODAY), "end": str(TODAY), "timeOffTypeId": "1", "status": "requested",
            field: value}
    async with Unchanged(ep):
        r = await client.put(f"{B}/employees/{emp}/time_off/request", json=body, headers=hr)
        assert_bamboo(r, 400, 404)


@pytest.mark.parametrize("routing,account", [("٠١١٠٠٠٠١٥", "12345678"),
                                             ("011000015", "١٢٣٤٥٦٧٨"),
                                             ("011000015", "²²²²²²²²")])
async def test_bank_numbers_take_ascii_digits_only(client: httpx.AsyncClient,
                                                   ep: EpisodeHandle, pay: dict[str, str],
                                                   routing: str, account: str) -> None:
    company = (await client.get(f"{P}/token_info", headers=pay)).json()["resource"]["uuid"]
    emp = (await client.get(f"{P}/companies/{company}/employees", headers=pay)).json()[0]
    async with Unchanged(ep):
        r = await client.post(f"{P}/employees/{emp['uuid']}/bank_accounts", headers=pay, json={
            "name": "Main", "routing_number": routing, "account_number": account,
            "account_type": "Checking"})
        assert_gusto(r, 422)


# -- amounts: finite, bounded, never a boolean -----------------------------------------------


@pytest.mark.parametrize("rate", NOT_AMOUNTS)
async def test_payroll_rates_must_be_plain_bounded_decimals(client: httpx.AsyncClient,
                                                            ep: EpisodeHandle,
                                                            pay: dict[str, str],
                                                            rate: Any) -> None:
    job = await first_job(client, pay)
    async with Unchanged(ep):
        r = await client.post(f"{P}/jobs/{job}/compensations", headers=pay, json={
            "rate": rate, "payment_unit": "Year", "flsa_status": "Exempt",
            "effective_date": str(TODAY)})
        assert_gusto(r, 422)


@pytest.mark.parametrize("rate", NOT_AMOUNTS)
async def test_hris_pay_rates_must_be_plain_bounded_decimals(client: httpx.AsyncClient,
                                                             ep: EpisodeHandle,
                                                             hr: dict[str, str],
                                                             rate: Any) -> None:
    emp = await employee_id(client, hr)
    async with Unchanged(ep):
        r = await client.post(f"{B}/employees/{emp}/", json={"payRate": rate}, headers=hr)
        assert_bamboo(r, 400)
        r = await client.post(f"{B}/employees/{emp}/tables/compensation", headers=hr, json={
            "startDate": str(TODAY), "rate": {"value": rate, "currency": "USD"},
            "type": "Salary", "paidPer": "Year"})
        assert_bamboo(r, 400)


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
async def test_json_bodies_holding_nan_or_infinity_are_not_json(client: httpx.AsyncClient,
                                                                ep: EpisodeHandle,
                                                                hr: dict[str, str],
                                                                pay: dict[str, str],
                                                                literal: str) -> None:
    emp = await employee_id(client, hr)
    job = await first_job(client, pay)
    async with Unchanged(ep):
        r = await client.post(f"{B}/employees/{emp}/", headers={
            **hr, "Content-Type": "application/json"},
            content=f'{{"payRate": {literal}}}'.encode())
        assert_bamboo(r, 400)
        assert "not a JSON value" in r.json()["error"]["message"]
        r = await client.post(f"{P}/jobs/{job}/compensations", headers={
            **pay, "Content-Type": "application/json"}, content=(
            f'{{"rate": {literal}, "payment_unit": "Year", "flsa_status": "Exempt"}}').encode())
        assert_gusto(r, 422)


async def test_nan_inside_a_string_is_just_text(client: httpx.AsyncClient, ep: EpisodeHandle,
                                                hr: dict[str, str]) -> None:
    emp = await employee_id(client, hr)
    r = await client.post(f"{B}/employees/{emp}/", headers=hr,
                          json={"preferredName": "NaN Infinity"})
    assert r.status_code == 200, r.text


# -- NUL characters: no text field takes one, on either storage backend ---------------------


async def test_nul_in_a_json_value_key_query_or_path_changes_nothing(
        client: httpx.AsyncClient, ep: EpisodeHandle, hr: dict[str, str],
        pay: dict[str, str]) -> None:
    emp = await employee_id(client, hr)
    job = await first_job(client, pay)
    async with Unchanged(ep):
        for body in ({"preferredName": "Al\x00ex"}, {"nick\x00name": "x"},
                     {"preferredName": ["a", {"b": "c\x00"}]}):
            r = await client.post(f"{B}/employees/{emp}/", headers=hr, json=body)
            assert_bamboo(r, 400)
            assert "NUL" in r.json()["error"]["message"]
        r = await client.post(f"{P}/jobs/{job}/compensations", headers=pay, json={
            "rate": "1.00", "payment_unit": "Year", "flsa_status": "Exempt\x00"})
        assert_gusto(r, 422)
        r = await client.get(f"{B}/employees/{emp}%00/", headers=hr)
        assert_bamboo(r, 400)
        r = await client.get(f"{B}/employees/{emp}/?fields=firstName%00", headers=hr)
        assert_bamboo(r, 400)


async def test_escaped_backslash_u0000_is_just_text(client: httpx.AsyncClient,
                                                     ep: EpisodeHandle,
                                                     hr: dict[str, str]) -> None:
    emp = await employee_id(client, hr)
    r = await client.post(f"{B}/employees/{emp}/", headers=hr,
                          json={"preferredName": "a\\u0000b"})
    assert r.status_code == 200, r.text
    r = await client.get(f"{B}/employees/{emp}/?fields=preferredName", headers=hr)
    assert r.json()["preferredName"] == "a\\u0000b"


# -- bodies over the cap ------------------------------------------------------------------


@pytest.mark.parametrize("streamed", [False, True])
async def test_bodies_over_one_mebibyte_get_413_in_the_products_style(
        client: httpx.AsyncClient, ep: EpisodeHandle, hr: dict[str, str],
        pay: dict[str, str], streamed: bool) -> None:
    emp = await employee_id(client, hr)
    job = await first_job(client, pay)
    big = json.dumps({"comment": "x" * (2 << 20)}).encode()

    def body() -> Any:
        if not streamed:
            return big

        async def chunks() -> AsyncIterator[bytes]:
            for i in range(0, len(big), 65536):
                yield big[i:i + 65536]
        return chunks()

    async with Unchanged(ep):
        r = await client.post(f"{B}/employees/{emp}/tables/jobInfo", content=body(),
                              headers={**hr, "Content-Type": "application/json"})
        assert_bamboo(r, 413)
        r = await client.post(f"{P}/jobs/{job}/compensations", content=body(),
                              headers={**pay, "Content-Type": "application/json"})
        assert_gusto(r, 413)


# -- raw input never reaches a header --------------------------------------------------------


@pytest.mark.parametrize("name", ["bad\x00field", "bad\x01\x7f", "bad\r\nX-Injected: 1",
                                  "caf\u00e9\u202e"])
async def test_error_headers_never_echo_control_characters(client: httpx.AsyncClient,
                                                           ep: EpisodeHandle,
                                                           hr: dict[str, str],
                                                           name: str) -> None:
    emp = await employee_id(client, hr)
    async with Unchanged(ep):
        r = await client.post(f"{B}/employees/{emp}/", json={name: "x"}, headers=hr)
        assert_bamboo(r, 400)
        assert "X-Injected" not in r.headers


# -- search terms are text, never SQL wildcards ----------------------------------------------


@pytest.mark.parametrize("term", ["%", "_", "%%", "a%"])
async def test_search_terms_match_wildcard_characters_literally(client: httpx.AsyncClient,
                                                                ep: EpisodeHandle,
                                                                hr: dict[str, str],
                                                                pay: dict[str, str],
                                                                term: str) -> None:
    company = (await client.get(f"{P}/token_info", headers=pay)).json()["resource"]["uuid"]
    r = await client.get(f"{P}/companies/{company}/employees", headers=pay,
                         params={"search_term": term, "per": 100})
    assert r.status_code == 200 and r.json() == [], "no name or email holds a % or _"
    r = await client.get(f"{P}/companies/{company}/contractors", headers=pay,
                         params={"search_term": term})
    assert r.status_code == 200 and r.json() == []
    r = await client.get(f"{B}/employees", headers=hr, params={"filter[firstName]": term})
    assert r.status_code == 200, r.text
    assert r.json()["data"] == [], r.json()
