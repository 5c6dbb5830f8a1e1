"""Bullhorn as its REST reference describes it, over HTTP: a call under the restUrl with no
session token (412), nested field selections (to-one sub-fields nested, to-many as
`{total, data}`), association sub-fields as asked, and JobSubmission's `dateWebResponse`."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import httpx
import pytest

from tests.apps.bullhorn_world import Session, agency_episode, is_error, sign_in
from tests.factories import Harness


@pytest.fixture
async def http(harness_for: Callable[..., Harness]) -> AsyncIterator[httpx.AsyncClient]:
    server = harness_for("bullhorn").server
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test") as c:
        yield c


@pytest.fixture
async def bh(http: httpx.AsyncClient) -> Session:
    return await sign_in(await agency_episode(http))


async def test_a_rest_call_without_a_session_token_is_412_a_wrong_one_401(bh: Session) -> None:
    tick, before = await bh.state()
    for r in (await bh.http.get(bh.rest + "ping"),
              await bh.http.get(bh.rest + "entity/Candidate/1", params={"fields": "id"}),
              await bh.http.put(bh.rest + "entity/Candidate",
                                json={"firstName": "No", "lastName": "Token"})):
        body = is_error(r, 412)
        assert body["errorMessageKey"] == "errors.authentication.missingRestToken"
        assert "BhRestToken" in body["errorMessage"]
    assert await bh.state() == (tick, before)
    for wrong in ({"params": {"BhRestToken": "nope"}}, {"headers": {"BhRestToken": "nope"}}):
        body = is_error(await bh.http.get(bh.rest + "ping", **wrong), 401)
        assert body["errorMessageKey"] == "errors.authentication.invalidRestToken"
    # The login flow takes no session token: it still answers a missing credential 401.
    is_error(await bh.http.post("/bullhorn/rest-services/login", params={"version": "*"}), 401)
