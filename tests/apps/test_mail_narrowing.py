"""A filtered mail list narrows by the message rows before it renders anything; the answer
is the one the whole `$filter` gives on every rendered message. Through HTTP, and the
kernel's `Filter.narrowed` through the package API."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from arcadia.apps.kernel import parse_filter
from tests.apps.mail_world import cast, mail_harness
from tests.factories import SPEC, new_episode

API = "/mail/v1.0"
ADDR = {"emailAddress": {"name": "string", "address": "string"}}
SCHEMA = {"subject": "string", "isRead": "bool", "isDraft": "bool", "hasAttachments": "bool",
          "importance": "string", "receivedDateTime": "datetime", "from": ADDR,
          "sender": ADDR, "toRecipients": [ADDR], "body": {"content": "string"},
          "flag": {"flagStatus": "string"}}
ENTITY = "microsoft.graph.message"
_HARNESS: dict[str, Any] = {}


@pytest.fixture
async def mc() -> AsyncIterator[httpx.AsyncClient]:
    if "server" not in _HARNESS:
        _HARNESS["server"], _HARNESS["store"] = mail_harness()
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=_HARNESS["server"]),
                                 base_url="http://arcadia.test") as c:
        yield c


FILTERS = [
    "subject eq 'q3 BUDGET review'",
    "isRead eq false and subject ne 'Invoice 4471'",
    "from/emailAddress/address eq '{a}' and importance eq 'high'",
    "sender/emailAddress/name eq '{a_name}' or isDraft eq true",
    "not (isRead eq true) and hasAttachments eq true",
    "startswith(subject, 're:') and toRecipients/any(r: r/emailAddress/address eq '{a}')",
    "contains(body/content, 'budget') and receivedDateTime ge 2020-01-01T00:00:00Z",
    "subject in ('Offsite logistics', 'Invoice 4471') and from/emailAddress/address ne null",
    "flag/flagStatus eq 'flagged' and isRead eq true",
    "isRead",
]


@pytest.mark.parametrize("text", FILTERS)
async def test_a_filtered_list_is_the_whole_list_filtered(mc: httpx.AsyncClient,
                                                          text: str) -> None:
    ep = await new_episode(mc)
    world = _HARNESS["store"].template(SPEC).world
    a, b, *_ = cast(world)
    text = text.format(a=a.address, a_name=a.name)
    for box in (a, b):
        h = await ep.auth(box.address)
        for path in ("/me/messages", "/me/mailFolders/inbox/messages"):
            every = await mc.get(f"{API}{path}", headers=h, params={"$top": 1000})
            got = await mc.get(f"{API}{path}", headers=h,
                               params={"$top": 1000, "$filter": text, "$count": "true"})
            assert every.status_code == got.status_code == 200, got.text
            flt = parse_filter(text, SCHEMA, entity=ENTITY)
            assert flt is not None
            expected = [m for m in every.json()["value"] if flt.matches(m)]
            assert got.json()["value"] == expected
            assert got.json()["@odata.count"] == len(expected)


async def test_a_bad_filter_is_refused_as_before_narrowing(mc: httpx.AsyncClient) -> None:
    ep = await new_episode(mc)
    a = cast(_HARNESS["store"].template(SPEC).world)[0]
    h = await ep.auth(a.address)
    r = await mc.get(f"{API}/me/messages", headers=h,
                     params={"$filter": "subject eq 'x' and bogus eq 1"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "RequestBroker--ParseUri"
    # $search's own refusal comes before the filter's, as without narrowing
    r = await mc.get(f"{API}/me/messages", headers=h,
                     params={"$search": "x", "$orderby": "subject", "$filter": "subject eq"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "ErrorInvalidUrlQuery"


def test_narrowed_keeps_the_and_terms_the_names_decide() -> None:
    flt = parse_filter("subject eq 'a' and (isRead eq false or subject eq 'b') and "
                       "toRecipients/any(r: r/emailAddress/address eq 'x@y.io') and "
                       "contains(body/content, 'z')", SCHEMA, entity=ENTITY)
    assert flt is not None
    part = flt.narrowed({"subject", "isRead"})
    assert part is not None and part.properties() == ["subject", "isRead"]
    assert part.matches({"subject": "A", "isRead": False})
    assert not part.matches({"subject": "A", "isRead": True})
    assert flt.narrowed({"from"}) is None
    # an `or` at the top is one term: it narrows only if the names decide both sides
    either = parse_filter("subject eq 'a' or isRead eq true", SCHEMA, entity=ENTITY)
    assert either is not None and either.narrowed({"subject"}) is None
    assert either.narrowed({"subject", "isRead"}) is not None
