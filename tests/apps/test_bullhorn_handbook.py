"""The handbook served under the restUrl (Arcadia's extension): the world's rendering."""

from __future__ import annotations

from collections.abc import Callable

import httpx

from arcadia.world.agency.handbook import render_handbook
from tests.apps.bullhorn_world import agency_episode, agency_spec, sign_in
from tests.factories import Harness


async def test_the_handbook_is_served_as_markdown(harness_for: Callable[..., Harness]):
    harness = harness_for("bullhorn")
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=harness.server),
                                 base_url="http://arcadia.test") as http:
        bh = await sign_in(await agency_episode(http))
        r = await bh.get("handbook")
        assert r.status_code == 200, r.text
        assert r.headers["content-type"].startswith("text/markdown")
        agency = harness.store.template(agency_spec()).world.agency
        assert r.text == render_handbook(agency.policy, agency.name)
        assert "**1.1 Consent.**" in r.text
        missing = await http.get(bh.rest + "handbook")
        assert missing.status_code == 412
        wrong = await http.get(bh.rest.replace("/arc", "/zz") + "handbook", headers=bh.headers)
        assert wrong.status_code == 404 and wrong.json()["errorCode"] == 404
