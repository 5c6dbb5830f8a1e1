"""What the ATS reads to render: only the users a response names, never the whole table."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.apps.test_ats import actor, ats, has
from tests.factories import new_episode

__all__ = ["ats"]  # the fixture, shared


def _users_reads(sql: list[str]) -> list[str]:
    return [s for s in sql if re.search(r'\bFROM "?users"?\b', s)]


@pytest.mark.sqlite_only(reason="reads are traced with sqlite3's set_trace_callback")
@pytest.mark.parametrize("path", ["/jobs/{job}", "/jobs?per_page=50", "/candidates?per_page=50",
                                  "/applications?per_page=50"])
async def test_renders_read_users_by_id(ats: httpx.AsyncClient,
                                        harness_for: Callable[..., Any], path: str) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    job = (await a.get("/jobs", per_page=1)).json()[0]
    before = (await a.get(path.format(job=job["id"]))).json()
    conn = harness_for("ats").store.get(ep.id).dbs["ats"].conn
    sql: list[str] = []
    conn.set_trace_callback(sql.append)
    try:
        again = (await a.get(path.format(job=job["id"]))).json()
    finally:
        conn.set_trace_callback(None)
    assert again == before
    reads = _users_reads(sql)
    assert reads and all("WHERE" in s for s in reads), reads
