"""An `agent` in a fresh agency episode on the embedded Bullhorn app."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import httpx
import pytest

from tests.factories import Harness
from tests.grader.agency.episode import Agent


@pytest.fixture
async def agent(harness_for: Callable[..., Harness]) -> AsyncIterator[Agent]:
    harness = harness_for("bullhorn")
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=harness.server),
                                 base_url="http://arcadia.test") as http:
        yield await Agent.start(http, harness.store)
