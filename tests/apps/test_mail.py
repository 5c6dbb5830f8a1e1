"""The mail app (Microsoft Graph v1.0 mail shape) through HTTP: reading with Graph's query
options, sending and delivery, replies and forwards in threads, drafts, moves, copies,
updates, attachments, and bad input refused in Graph's style without changing anything."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from arcadia.world.comms import graph_user_id
from tests.apps.mail_world import cast, mail_harness
from tests.factories import ADMIN, SPEC, EpisodeHandle, new_episode

API = "/mail/v1.0"
_HARNESS: dict[str, Any] = {}


def server() -> Any:
    if "server" not in _HARNESS:
        _HARNESS["server"], _HARNESS["store"] = mail_harness()
    return _HARNESS["server"]


@pytest.fixture
async def mc() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server()),
                                 base_url="http://arcadia.test") as c:
        yield c


class Box:
    """One person acting on their mailbox."""

    def __init__(self, client: httpx.AsyncClient, ep: EpisodeHandle, address: str,
                 headers: dict[str, str]) -> None:
        self.c, self.ep, self.address, self.h = client, ep, address, headers

    async def get(self, path: str, **params: Any) -> httpx.Response:
        return await self.c.get(f"{API}/me{path}", headers=self.h, params=params)

    async def post(self, path: str, body: Any = None) -> httpx.Response:
        return await self.c.post(f"{API}/me{path}", headers=self.h, json=body)

    async def patch(self, path: str, body: Any) -> httpx.Response:
        return await self.c.patch(f"{API}/me{path}", headers=self.h, json=body)

    async def messages(self, folder: str | None = None, **params: Any) -> list[dict[str, Any]]:
        path = "/messages" if folder is None else f"/mailFolders/{folder}/messages"
        r = await self.get(path, **{"$top": 1000, **params})
        assert r.status_code == 200, r.text
        return list(r.json()["value"])


async def boxes(mc: httpx.AsyncClient, ep: EpisodeHandle | None = None
                ) -> tuple[EpisodeHandle, list[Box]]:
    ep = ep or await new_episode(mc)
    world = _HARNESS["store"].template(SPEC).world
    out = []
    for a in cast(world):
        out.append(Box(mc, ep, a.address, await ep.auth(a.address)))
    return ep, out


def rcpt(*addresses: str) -> list[dict[str, Any]]:
    return [{"emailAddress": {"address": a}} for a in addresses]


def assert_graph_error(r: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert err["code"] == code, err
    assert err["message"] and err["innerError"]["request-id"]
    return dict(err)


async def test_inbox_lists_seeded_mail_with_paging_count_and_context(
        mc: httpx.AsyncClient) -> None:
    ep, (a, b, c, d, e, f) = await boxes(mc)
    r = await b.get("/mailFolders/inbox/messages", **{"$top": 5, "$count": "true"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["@odata.context"].endswith(
        f"/mail/v1.0/$metadata#users('{graph_user_id(_pid(b))}')/mailFolders('inbox')/messages")
    assert body["@odata.count"] == 14  # mail-t-1, t-4 and twelve notes (t-3 is filed)
    assert len(body["value"]) == 5 and "@odata.nextLink" in body
    times = [m["receivedDateTime"] for m in body["value"]]
    assert times == sorted(times, reverse=True)
    seen = [m["id"] for m in body["value"]]
    r = await mc.get(body["@odata.nextLink"], headers=b.h)
    assert r.status_code == 200 and not set(seen) & {m["id"] for m in r.json()["value"]}
    # the filed copy sits in the custom folder, under Inbox
    r = await b.get("/mailFolders/inbox/childFolders")
    (projects,) = r.json()["value"]
    assert projects["displayName"] == "Projects" and projects["totalItemCount"] == 1
    (filed,) = await b.messages(projects["id"])
    assert filed["subject"] == "Offsite logistics" and filed["bccRecipients"] == []
    # the sender's copy shows the Bcc; the Bcc recipient has a copy of their own
    (sent,) = await c.messages("sentitems", **{"$filter": "subject eq 'offsite logistics'"})
    assert [x["emailAddress"]["address"] for x in sent["bccRecipients"]] == [e.address]
    assert [m["subject"] for m in await e.messages("inbox")] == ["Offsite logistics"]


def _pid(box: Box) -> int:
    world = _HARNESS["store"].template(SPEC).world
    return next(p.id for p in world.people if p.email.lower() == box.address)


async def test_filter_search_orderby_select(mc: httpx.AsyncClient) -> None:
    _, (a, b, *_rest) = await boxes(mc)
    unread = await b.messages("inbox", **{"$filter": "isRead eq false"})
    assert sorted(m["subject"] for m in unread) == ["Invoice 4471", "Q3 budget review"]
    hits = await b.messages(None, **{
        "$filter": f"toRecipients/any(r: r/emailAddress/address eq '{b.address}') "
                   "and importance eq 'high'"})
    assert [m["subject"] for m in hits] == ["Q3 budget review"]
    hits = await b.messages(None, **{"$search": '"invoice"'})
    assert [m["subject"] for m in hits] == ["Invoice 4471"]
    hits = await b.messages(None, **{"$search": '"from:sam@acme-supplies.example"'})
    assert len(hits) == 1
    ordered = await b.messages("inbox", **{"$orderby": "subject asc", "$select":
                                           "subject,isRead"})
    assert [m["subject"] for m in ordered][:2] == ["Invoice 4471", "Q3 budget review"]
    assert set(ordered[0]) == {"@odata.etag", "id", "subject", "isRead"}
    ordered = await b.messages(None, **{
        "$filter": "receivedDateTime ge 2020-01-01T00:00:00Z and isRead eq false",
        "$orderby": "receivedDateTime asc"})
    assert [m["subject"] for m in ordered] == ["Q3 budget review", "Invoice 4471"]
    flagged = await a.messages(None, **{"$filter": "flag/flagStatus eq 'flagged'"})
    assert [m["subject"] for m in flagged] == ["RE: Q3 budget review"]
    conv = (await b.messages(None, **{"$filter": "subject eq 'Q3 budget review'"}))[0]
    thread = await b.messages(None, **{"$filter": f"conversationId eq '{conv['conversationId']}'"})
    assert sorted(m["subject"] for m in thread) == ["Q3 budget review", "RE: Q3 budget review"]


@pytest.mark.parametrize(("params", "code"), [
    ({"$filter": "bogus eq 1"}, "RequestBroker--ParseUri"),
    ({"$filter": "receivedDateTime ge '2026-01-01'"}, "BadRequest"),
    ({"$filter": "subject eq"}, "BadRequest"),
    ({"$orderby": "toRecipients"}, "BadRequest"),
    ({"$select": "subject,nope"}, "RequestBroker--ParseUri"),
    ({"$search": '"budget"', "$orderby": "subject"}, "ErrorInvalidUrlQuery"),
    ({"$top": "-1"}, "BadRequest"),
    ({"$count": "maybe"}, "BadRequest"),
    # Graph's rule for messages: $orderby properties lead the $filter, in order
    ({"$filter": "isRead eq false", "$orderby": "receivedDateTime desc"}, "InefficientFilter"),
    ({"$filter": "isRead eq false and receivedDateTime ge 2026-01-01T00:00:00Z",
      "$orderby": "receivedDateTime desc"}, "InefficientFilter"),
])
async def test_queries_graph_rejects_are_400(mc: httpx.AsyncClient, params: dict[str, str],
                                             code: str) -> None:
    _, (a, b, *_r) = await boxes(mc)
    r = await b.get("/messages", **params)
    err = assert_graph_error(r, 400, code)
    assert err["innerError"]["date"]


async def test_send_mail_delivers_to_its_recipients_and_no_one_else(
        mc: httpx.AsyncClient) -> None:
    ep, (a, b, c, d, e, f) = await boxes(mc)
    before = {x.address: len(await x.messages()) for x in (a, b, c, d, e, f)}
    body = {"message": {"subject": "Lunch on Thursday", "body": {"contentType": "Text",
                                                                  "content": "Pizza?"},
                        "toRecipients": rcpt(b.address, "pat@partner.example"),
                        "ccRecipients": rcpt(c.address), "bccRecipients": rcpt(d.address)},
            "saveToSentItems": True}
    r = await a.post("/sendMail", body)
    assert r.status_code == 202 and r.content == b"", r.text
    after = {x.address: len(await x.messages()) for x in (a, b, c, d, e, f)}
    assert {k: after[k] - before[k] for k in after} == {
        a.address: 1, b.address: 1, c.address: 1, d.address: 1, e.address: 0, f.address: 0}
    (got,) = await b.messages("inbox", **{"$filter": "subject eq 'Lunch on Thursday'"})
    assert got["isRead"] is False and got["from"]["emailAddress"]["address"] == a.address
    assert [x["emailAddress"]["address"] for x in got["toRecipients"]] == [
        b.address, "pat@partner.example"]
    assert got["bccRecipients"] == []
    (sent,) = await a.messages("sentitems", **{"$filter": "subject eq 'Lunch on Thursday'"})
    assert sent["isRead"] is True and sent["internetMessageId"] == got["internetMessageId"]
    assert sent["id"] != got["id"] and sent["body"]["content"] == "Pizza?"
    # PascalCase keys, as msgraph-sdk sends them, and no Sent Items copy
    r = await a.post("/sendMail", {"Message": {"subject": "Quiet", "toRecipients":
                                               rcpt(e.address)}, "SaveToSentItems": False})
    assert r.status_code == 202, r.text
    assert not await a.messages("sentitems", **{"$filter": "subject eq 'Quiet'"})
    assert len(await e.messages("inbox", **{"$filter": "subject eq 'Quiet'"})) == 1


async def test_an_unknown_colleague_address_bounces_to_the_sender(
        mc: httpx.AsyncClient) -> None:
    ep, (a, b, *_r) = await boxes(mc)
    domain = a.address.split("@")[1]
    r = await a.post("/sendMail", {"message": {"subject": "Hello", "toRecipients": rcpt(
        f"no.such.person@{domain}", b.address)}})
    assert r.status_code == 202, r.text
    (ndr,) = await a.messages("inbox", **{"$filter": "startswith(subject, 'Undeliverable')"})
    assert f"no.such.person@{domain}" in ndr["body"]["content"]
    assert len(await b.messages("inbox", **{"$filter": "subject eq 'Hello'"})) == 1


async def test_one_episode_never_sees_anothers_mail(mc: httpx.AsyncClient) -> None:
    ep1, (a1, b1, *_r) = await boxes(mc)
    ep2, (a2, b2, *_s) = await boxes(mc)
    r = await a1.post("/sendMail", {"message": {"subject": "Episode one only",
                                                "toRecipients": rcpt(b1.address)}})
    assert r.status_code == 202
    assert len(await b1.messages(None, **{"$filter": "subject eq 'Episode one only'"})) == 1
    assert await b2.messages(None, **{"$filter": "subject eq 'Episode one only'"}) == []
    assert await a2.messages("sentitems", **{"$filter": "subject eq 'Episode one only'"}) == []


async def test_other_mailboxes_are_refused_and_unknown_users_are_404(
        mc: httpx.AsyncClient) -> None:
    ep, (a, b, *_r) = await boxes(mc)
    before = await ep.changes()
    r = await mc.get(f"{API}/users/{b.address}/messages", headers=a.h)
    assert_graph_error(r, 403, "ErrorAccessDenied")
    r = await mc.post(f"{API}/users/{graph_user_id(_pid(b))}/sendMail", headers=a.h,
                      json={"message": {"subject": "x", "toRecipients": rcpt(a.address)}})
    assert_graph_error(r, 403, "ErrorAccessDenied")
    r = await mc.get(f"{API}/users/nobody@nowhere.example/messages", headers=a.h)
    assert_graph_error(r, 404, "ErrorInvalidUser")
    # your own mailbox by UPN (any case) and by id
    r = await mc.get(f"{API}/users/{a.address.upper()}/mailFolders/inbox", headers=a.h)
    assert r.status_code == 200 and r.json()["displayName"] == "Inbox"
    r = await mc.get(f"{API}/users/{graph_user_id(_pid(a))}/messages", headers=a.h,
                     params={"$top": 1})
    assert r.status_code == 200
    assert await ep.changes() == before


async def test_reply_reply_all_and_forward_stay_in_the_thread(mc: httpx.AsyncClient) -> None:
    ep, (a, b, c, d, e, f) = await boxes(mc)
    (orig,) = await b.messages("inbox", **{"$filter": "subject eq 'Q3 budget review'"})
    r = await b.post(f"/messages/{orig['id']}/reply", {"comment": "On it."})
    assert r.status_code == 202, r.text
    (rep,) = await a.messages("inbox", **{"$filter": "subject eq 'RE: Q3 budget review' and "
                                          f"from/emailAddress/address eq '{b.address}' and "
                                          "isRead eq false"})
    assert rep["conversationId"] == orig["conversationId"]
    assert rep["body"]["content"].startswith("On it.")
    assert "Please review the Q3 budget" in rep["body"]["content"]
    assert [x["emailAddress"]["address"] for x in rep["toRecipients"]] == [a.address]
    # replyAll: the sender plus the other To and Cc, never yourself (PascalCase Comment)
    r = await b.post(f"/messages/{orig['id']}/replyAll", {"Comment": "Agreed."})
    assert r.status_code == 202, r.text
    (ra,) = await b.messages("sentitems", **{"$filter": "startswith(body/content, 'Agreed')"})
    assert [x["emailAddress"]["address"] for x in ra["toRecipients"]] == [a.address, c.address]
    assert [x["emailAddress"]["address"] for x in ra["ccRecipients"]] == [d.address]
    assert len(await d.messages("inbox", **{"$filter": "startswith(body/content, 'Agreed')"})) == 1
    # forward with its attachment
    r = await b.post(f"/messages/{orig['id']}/forward", {
        "Comment": "FYI", "ToRecipients": rcpt(e.address)})
    assert r.status_code == 202, r.text
    (fw,) = await e.messages("inbox", **{"$filter": "subject eq 'FW: Q3 budget review'"})
    assert fw["hasAttachments"] is True and fw["conversationId"] == orig["conversationId"]
    r = await e.get(f"/messages/{fw['id']}/attachments")
    assert [x["name"] for x in r.json()["value"]] == ["budget.xlsx"]


async def test_replying_to_a_message_not_in_your_mailbox_is_404(
        mc: httpx.AsyncClient) -> None:
    ep, (a, b, c, *_r) = await boxes(mc)
    (theirs,) = await b.messages("inbox", **{"$filter": "subject eq 'Q3 budget review'"})
    before = await ep.changes()
    for path, body in (("reply", {"comment": "x"}), ("replyAll", {"comment": "x"}),
                       ("forward", {"comment": "x", "toRecipients": rcpt(a.address)}),
                       ("createReply", {}), ("move", {"destinationId": "archive"})):
        r = await c.post(f"/messages/{theirs['id']}/{path}", body)
        assert_graph_error(r, 404, "ErrorItemNotFound")
    r = await c.get(f"/messages/{theirs['id']}")
    assert_graph_error(r, 404, "ErrorItemNotFound")
    r = await c.get("/messages/not-an-id!")
    assert_graph_error(r, 400, "ErrorInvalidIdMalformed")
    assert await ep.changes() == before


@pytest.mark.parametrize(("path", "body", "code"), [
    ("/sendMail", {"message": {"subject": "x"}}, "ErrorInvalidRecipients"),
    ("/sendMail", {"message": {"toRecipients": rcpt("not-an-address")}},
     "ErrorInvalidRecipients"),
    ("/sendMail", {"message": {"subject": "x", "toRecipients": rcpt("a@b.example"),
                               "bogusField": 1}}, "BadRequest"),
    ("/sendMail", {"saveToSentItems": True}, "BadRequest"),
    ("/sendMail", {"message": {"toRecipients": rcpt("a@b.example"),
                               "from": {"emailAddress": {"address": "ceo@b.example"}}}},
     "ErrorSendAsDenied"),
    ("/messages", {"subject": "x", "importance": "urgent"}, "BadRequest"),
    ("/messages", {"subject": "x", "attachments": [
        {"@odata.type": "#microsoft.graph.fileAttachment", "name": "a.txt",
         "contentBytes": "***"}]}, "BadRequest"),
    ("/mailFolders", {"displayName": "Inbox"}, "ErrorFolderExists"),
])
async def test_malformed_bodies_are_4xx_and_change_nothing(
        mc: httpx.AsyncClient, path: str, body: dict[str, Any], code: str) -> None:
    ep, (a, *_r) = await boxes(mc)
    before = await ep.changes()
    r = await a.post(path, body)
    assert 400 <= r.status_code < 500, r.text
    assert r.json()["error"]["code"] == code, r.text
    r = await mc.post(f"{API}/me/sendMail", headers={**a.h, "Content-Type": "application/json"},
                      content=b"{not json")
    assert_graph_error(r, 400, "BadRequest")
    assert await ep.changes() == before


async def test_drafts_update_send_and_sent_messages_are_read_only(
        mc: httpx.AsyncClient) -> None:
    ep, (a, b, c, *_r) = await boxes(mc)
    r = await a.post("/messages", {"subject": "Draft one", "body": {
        "contentType": "HTML", "content": "<p>Hi <b>team</b></p>"}})
    assert r.status_code == 201, r.text
    draft = r.json()
    assert draft["isDraft"] is True and draft["sentDateTime"] is None
    assert draft["bodyPreview"] == "Hi team"
    r = await mc.get(f"{API}/me/messages/{draft['id']}", headers={
        **a.h, "Prefer": 'outlook.body-content-type="text"'})
    assert r.json()["body"] == {"contentType": "text", "content": "Hi team"}
    r = await a.post(f"/messages/{draft['id']}/send")
    assert_graph_error(r, 400, "ErrorInvalidRecipients")  # no recipients yet
    r = await a.patch(f"/messages/{draft['id']}", {"toRecipients": rcpt(b.address),
                                                   "subject": "Draft one (final)"})
    assert r.status_code == 200 and r.json()["subject"] == "Draft one (final)"
    r = await a.post(f"/messages/{draft['id']}/attachments", {
        "@odata.type": "#microsoft.graph.fileAttachment", "name": "notes.txt",
        "contentType": "text/plain", "contentBytes": "aGVsbG8="})
    assert r.status_code == 201 and r.json()["size"] == 5, r.text
    r = await a.post(f"/messages/{draft['id']}/send")
    assert r.status_code == 202, r.text
    (sent,) = await a.messages("sentitems", **{"$filter": "subject eq 'Draft one (final)'"})
    assert sent["id"] == draft["id"] and sent["isDraft"] is False
    assert await a.messages("drafts") == []
    (got,) = await b.messages("inbox", **{"$filter": "subject eq 'Draft one (final)'"})
    r = await b.get(f"/messages/{got['id']}/attachments")
    assert r.json()["value"][0]["contentBytes"] == "aGVsbG8="
    before = await ep.changes()
    r = await b.patch(f"/messages/{got['id']}", {"subject": "rewritten"})
    assert_graph_error(r, 400, "ErrorInvalidPropertyUpdateSentMessage")
    r = await a.post(f"/messages/{draft['id']}/send")
    assert_graph_error(r, 400, "ErrorInvalidOperation")
    assert await ep.changes() == before
    # createReply makes a draft in the thread
    r = await b.post(f"/messages/{got['id']}/createReply", {"comment": "Thanks"})
    assert r.status_code == 201, r.text
    assert r.json()["isDraft"] and r.json()["conversationId"] == got["conversationId"]
    assert [x["emailAddress"]["address"] for x in r.json()["toRecipients"]] == [a.address]


async def test_update_move_copy_delete_and_folders(mc: httpx.AsyncClient) -> None:
    ep, (a, b, *_r) = await boxes(mc)
    (inv,) = await b.messages("inbox", **{"$filter": "subject eq 'Invoice 4471'"})
    r = await b.patch(f"/messages/{inv['id']}", {
        "isRead": True, "categories": ["Finance"], "importance": "high",
        "flag": {"flagStatus": "flagged", "dueDateTime": {
            "dateTime": "2026-03-10T17:00:00", "timeZone": "America/New_York"}}})
    assert r.status_code == 200, r.text
    m = r.json()
    assert m["isRead"] and m["categories"] == ["Finance"] and m["importance"] == "high"
    assert m["flag"]["dueDateTime"] == {"dateTime": "2026-03-10T21:00:00.0000000",
                                        "timeZone": "UTC"}
    assert m["changeKey"] != inv["changeKey"]
    r = await mc.get(f"{API}/me/messages/{inv['id']}", headers={
        **b.h, "Prefer": 'outlook.timezone="America/New_York"'})
    assert r.json()["flag"]["dueDateTime"]["dateTime"] == "2026-03-10T17:00:00.0000000"
    r = await b.post("/mailFolders", {"displayName": "Vendors"})
    assert r.status_code == 201, r.text
    vendors = r.json()
    r = await b.post(f"/messages/{inv['id']}/move", {"DestinationId": vendors["id"]})
    assert r.status_code == 201, r.text
    moved = r.json()
    assert moved["parentFolderId"] == vendors["id"] and moved["id"] != inv["id"]
    r = await b.get(f"/messages/{inv['id']}")
    assert_graph_error(r, 404, "ErrorItemNotFound")
    r = await b.post(f"/messages/{moved['id']}/copy", {"destinationId": "archive"})
    assert r.status_code == 201, r.text
    copy = r.json()
    assert copy["internetMessageId"] == moved["internetMessageId"]
    r = await b.get(f"/mailFolders/{vendors['id']}")
    assert r.json()["totalItemCount"] == 1 and r.json()["unreadItemCount"] == 0
    r = await mc.delete(f"{API}/me/messages/{copy['id']}", headers=b.h)
    assert r.status_code == 204
    assert await b.messages("archive") == []
    r = await b.post(f"/messages/{moved['id']}/move", {"destinationId": "AQMkADnowhere"})
    assert_graph_error(r, 404, "ErrorItemNotFound")


async def test_deliver_event_puts_meeting_mail_in_each_inbox(mc: httpx.AsyncClient) -> None:
    ep, (a, b, c, *_r) = await boxes(mc)
    event = {"source": "calendar", "target": "mail", "kind": "deliver", "payload": {
        "from": {"name": "A", "address": a.address},
        "to": [{"name": "B", "address": b.address},
               {"name": "Ext", "address": "guest@partner.example"}],
        "cc": [], "subject": "Design review", "body": "Agenda attached.",
        "bodyType": "text", "importance": "normal", "saveToSentItems": True,
        "messageType": "eventMessage", "meetingMessageType": "meetingRequest",
        "startDateTime": "2026-03-04T15:00:00", "endDateTime": "2026-03-04T16:00:00",
        "location": "Orion", "isAllDay": False, "iCalUId": "ical-1"}}
    r = await mc.post(f"/admin/episodes/{ep.id}/deliver", headers=ADMIN, json={
        "event": event, "principal": _pid(a), "tick": 1})
    assert r.status_code == 200, r.text
    (req,) = await b.messages("inbox", **{"$filter": "subject eq 'Design review'"})
    assert req["@odata.type"] == "#microsoft.graph.eventMessageRequest"
    assert req["meetingMessageType"] == "meetingRequest" and req["isRead"] is False
    assert req["startDateTime"] == {"dateTime": "2026-03-04T15:00:00.0000000",
                                    "timeZone": "UTC"}
    assert req["location"] == {"displayName": "Orion"}
    assert len(await a.messages("sentitems", **{"$filter": "subject eq 'Design review'"})) == 1
    assert await c.messages(None, **{"$filter": "subject eq 'Design review'"}) == []
    # a malformed payload is refused and changes nothing
    before = await ep.changes()
    bad = {**event, "payload": {**event["payload"], "meetingMessageType": "party"}}
    r = await mc.post(f"/admin/episodes/{ep.id}/deliver", headers=ADMIN, json={
        "event": bad, "principal": _pid(a), "tick": 2})
    assert r.status_code == 400, r.text
    assert await ep.changes() == before


async def test_folder_rename_delete_and_select_only_properties(mc: httpx.AsyncClient) -> None:
    ep, (a, b, *_r) = await boxes(mc)
    r = await b.get("/mailFolders/inbox/childFolders")
    (projects,) = r.json()["value"]
    r = await b.patch(f"/mailFolders/inbox/childFolders/{projects['id']}",
                      {"displayName": "Projects 2026"})
    assert r.status_code == 200 and r.json()["displayName"] == "Projects 2026", r.text
    before = await ep.changes()
    r = await b.patch("/mailFolders/inbox", {"displayName": "Mine"})
    assert_graph_error(r, 400, "ErrorInvalidRequest")
    r = await mc.delete(f"{API}/me/mailFolders/sentitems", headers=b.h)
    assert_graph_error(r, 400, "ErrorDeleteDistinguishedFolder")
    assert await ep.changes() == before
    r = await mc.delete(f"{API}/me/mailFolders/inbox/childFolders/{projects['id']}",
                        headers=b.h)
    assert r.status_code == 204, r.text
    r = await b.get("/mailFolders/deleteditems/childFolders")
    assert [f["displayName"] for f in r.json()["value"]] == ["Projects 2026"]
    assert r.json()["value"][0]["totalItemCount"] == 1  # its message went with it
    # uniqueBody and internetMessageHeaders come only when $select names them
    (m,) = await b.messages("inbox", **{"$filter": "subject eq 'Invoice 4471'"})
    assert "uniqueBody" not in m and "internetMessageHeaders" not in m
    r = await b.get(f"/messages/{m['id']}", **{"$select": "subject,internetMessageHeaders"})
    headers = {h["name"]: h["value"] for h in r.json()["internetMessageHeaders"]}
    assert headers["Message-ID"] == m["internetMessageId"]


async def test_same_requests_in_two_episodes_give_the_same_bytes(
        mc: httpx.AsyncClient) -> None:
    """Ids, change keys, times and error ids come from the world and the episode's own
    sequence and clock, never the machine's."""
    seen = []
    for _ in range(2):
        ep, (a, b, *_r) = await boxes(mc)
        r = await a.post("/sendMail", {"message": {"subject": "Same bytes",
                                                   "toRecipients": rcpt(b.address)}})
        assert r.status_code == 202
        r1 = await b.get("/messages", **{"$filter": "subject eq 'Same bytes'"})
        r2 = await b.get("/messages/AAMkADnope")
        seen.append((r1.content, r2.content))
    assert seen[0] == seen[1]


async def test_expand_attachments(mc: httpx.AsyncClient) -> None:
    _, (a, b, *_r) = await boxes(mc)
    got = await b.messages("inbox", **{"$filter": "hasAttachments eq true",
                                       "$expand": "attachments"})
    assert [[x["name"] for x in m["attachments"]] for m in got] == [["budget.xlsx"]]
    r = await b.get(f"/messages/{got[0]['id']}", **{"$expand": "attachments"})
    assert r.json()["attachments"][0]["size"] == 18_000
    r = await b.get("/messages", **{"$expand": "extensions"})
    assert_graph_error(r, 400, "BadRequest")
    assert "attachments" not in (await b.messages("inbox"))[0]
