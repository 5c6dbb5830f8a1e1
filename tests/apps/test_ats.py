"""The ATS (Greenhouse Harvest shape) through HTTP: auth, On-Behalf-Of, paging, role rules
and the transitions it refuses (each refusal changes nothing)."""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest

from tests.factories import ADMIN, EpisodeHandle, new_episode

B = "/ats/v1"


@pytest.fixture
async def ats(harness_for: Callable[..., Any]) -> AsyncIterator[httpx.AsyncClient]:
    server = harness_for("ats").server
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test", headers=ADMIN) as c:
        yield c


async def basic(ep: EpisodeHandle, principal: int) -> dict[str, str]:
    """Harvest's auth: Basic with the API key as user name and an empty password."""
    key = await ep.token(principal)
    return {"Authorization": "Basic " + base64.b64encode(f"{key}:".encode()).decode()}


async def acting(ep: EpisodeHandle, role: str, without: tuple[str, ...] = ()
                 ) -> tuple[dict[str, str], int]:
    """Headers of a principal holding `role`, with On-Behalf-Of set to their own user."""
    person = await ep.principal_with(role, without=without)
    headers = await basic(ep, person)
    r = await ep.client.get(f"{B}/users", params={"per_page": 500}, headers=headers)
    users = {u["employee_id"]: u["id"] for u in r.json()}
    r = await ep.client.get(f"/admin/episodes/{ep.id}/principals", headers=ADMIN)
    number = next(p for p in r.json()["principals"] if p["id"] == person)
    found = [u for u in await _all_users(ep, headers) if u["primary_email_address"]
             == number["email"]]
    assert found, number
    del users
    return {**headers, "On-Behalf-Of": str(found[0]["id"])}, found[0]["id"]


async def _all_users(ep: EpisodeHandle, headers: dict[str, str]) -> list[dict[str, Any]]:
    out, url = [], f"{B}/users?per_page=500"
    while url:
        r = await ep.client.get(url, headers=headers)
        assert r.status_code == 200, r.text
        out += r.json()
        nxt = r.links.get("next")
        url = nxt["url"].replace("http://arcadia.test", "") if nxt else ""
    return out


async def changes(ep: EpisodeHandle) -> Any:
    r = await ep.client.get(f"/admin/episodes/{ep.id}", headers=ADMIN)
    return r.json()["tick"]


async def test_smoke_lists_and_gets(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    headers, _ = await acting(ep, "hr", without=("recruiter",))
    for path in ("/jobs", "/candidates", "/applications", "/offers", "/scorecards",
                 "/scheduled_interviews", "/departments", "/offices", "/sources",
                 "/rejection_reasons", "/job_stages", "/job_posts", "/close_reasons",
                 "/tags/candidate", "/custom_fields/offer"):
        r = await ats.get(B + path, headers=headers)
        assert r.status_code == 200, (path, r.text)
