"""A reply's or forward's subject is the original's with `RE: ` / `FW: ` before it; on a
subject at the 4,000-character limit the prefix cuts the subject's end (the sender did not
write it, so the reply is not refused), for every reply and forward form."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest

from tests.factories import ADMIN, EpisodeHandle, Harness, new_episode

API = "/mail/v1.0/me"
LONGEST = "Budget " + "x" * 3993  # 4,000 characters, the most a subject holds


@pytest.fixture
async def mc(harness_for: Callable[..., Harness]) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=harness_for("mail").server),
                                 base_url="http://arcadia.test") as c:
        yield c


async def _pair(mc: httpx.AsyncClient, ep: EpisodeHandle
                ) -> tuple[tuple[str, dict[str, str]], tuple[str, dict[str, str]]]:
    r = await mc.get(f"/admin/episodes/{ep.id}/principals", headers=ADMIN)
    a, b = r.json()["principals"][:2]
    return ((a["email"].lower(), await ep.auth(a["id"])),
            (b["email"].lower(), await ep.auth(b["id"])))


async def _find(mc: httpx.AsyncClient, h: dict[str, str], folder: str, subject: str
                ) -> list[dict[str, Any]]:
    r = await mc.get(f"{API}/mailFolders/{folder}/messages", headers=h,
                     params={"$top": 1000, "$select": "id,subject"})
    assert r.status_code == 200, r.text
    return [m for m in r.json()["value"] if m["subject"] == subject]


@pytest.mark.parametrize(("action", "prefix", "body"), [
    ("createReply", "RE: ", {}),
    ("createReplyAll", "RE: ", {"comment": "Noted"}),
    ("createForward", "FW: ", {}),
    ("reply", "RE: ", {"comment": "Thanks"}),
    ("replyAll", "RE: ", {"comment": "Thanks"}),
    ("forward", "FW: ", None),
])
async def test_a_prefix_past_the_subject_limit_cuts_the_subject(
        mc: httpx.AsyncClient, action: str, prefix: str, body: dict[str, Any] | None) -> None:
    ep = await new_episode(mc)
    (a, ah), (b, bh) = await _pair(mc, ep)
    r = await mc.post(f"{API}/sendMail", headers=ah, json={"message": {
        "subject": LONGEST, "body": {"content": "See the figures."},
        "toRecipients": [{"emailAddress": {"address": b}}]}})
    assert r.status_code == 202, r.text
    (got,) = await _find(mc, bh, "inbox", LONGEST)
    if body is None:
        body = {"comment": "FYI", "toRecipients": [{"emailAddress": {"address": a}}]}
    expected = (prefix + LONGEST)[:4000]
    r = await mc.post(f"{API}/messages/{got['id']}/{action}", headers=bh, json=body)
    if action.startswith("create"):
        assert r.status_code == 201, r.text
        assert r.json()["subject"] == expected and r.json()["isDraft"]
    else:
        assert r.status_code == 202, r.text
        assert len(await _find(mc, bh, "sentitems", expected)) == 1
        assert len(await _find(mc, ah, "inbox", expected)) == 1


async def test_a_reply_all_past_the_recipient_bound_is_graphs_400(mc: httpx.AsyncClient
                                                                   ) -> None:
    """500 To recipients and the sender make 501, past a message's bound: refused in Graph's
    error body, nothing changed (it was a 500)."""
    ep = await new_episode(mc)
    (a, ah), (b, bh) = await _pair(mc, ep)
    crowd = [{"emailAddress": {"address": f"guest{i}@partner.example"}} for i in range(500)]
    r = await mc.post(f"{API}/sendMail", headers=ah, json={"message": {
        "subject": "All hands", "body": {"content": "Hello"}, "toRecipients": crowd,
        "bccRecipients": [{"emailAddress": {"address": b}}]}})
    assert r.status_code == 202, r.text
    (got,) = await _find(mc, bh, "inbox", "All hands")
    before = await ep.changes()
    for action in ("createReplyAll", "replyAll"):
        r = await mc.post(f"{API}/messages/{got['id']}/{action}", headers=bh, json={})
        assert r.status_code == 400, r.text
        assert r.json()["error"]["code"] == "ErrorInvalidRequest"
    assert await ep.changes() == before
