"""Graph answers an event response (accept, tentativelyAccept, decline), a cancel and a
forward with `202 Accepted` and no body: the wire sends none and the document says none
(no content), for the `/me` and the `/users/{id}` routes alike."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from tests.apps.calendar_world import calendar_server, invite, people
from tests.factories import ADMIN, EpisodeHandle, new_episode

NO_BODY = ("accept", "tentativelyAccept", "decline", "cancel", "forward")


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=calendar_server()),
                                 base_url="http://arcadia.test", headers=ADMIN) as c:
        yield c


async def test_the_document_gives_the_202_actions_no_content(client: httpx.AsyncClient
                                                             ) -> None:
    r = await client.get("/calendar/openapi.json")
    assert r.status_code == 200
    paths = r.json()["paths"]
    seen = 0
    for path, item in paths.items():
        if path.rsplit("/", 1)[-1] in NO_BODY:
            ok = item["post"]["responses"]["202"]
            assert "content" not in ok, (path, ok)
            seen += 1
    assert seen == 2 * len(NO_BODY)


@pytest.mark.parametrize("action", ["accept", "tentativelyAccept", "decline"])
async def test_a_response_answers_202_with_no_body(client: httpx.AsyncClient, action: str
                                                   ) -> None:
    ep: EpisodeHandle = await new_episode(client)
    org, a, b, _ = await people(ep)
    made = (await org.post("/me/events", invite("Budget", a, b))).json()
    copy = next(e for e in await a.events() if e["iCalUId"] == made["iCalUId"])
    r = await a.post(f"/me/events/{copy['id']}/{action}", {"sendResponse": False})
    assert r.status_code == 202, r.text
    assert r.content == b""
