"""Microsoft's own Graph SDK (`msgraph-sdk`) against the mail app.

The app is served by uvicorn on 127.0.0.1 (one app per process, as `serve --multi` runs it,
so at the root: base URL `http://host/v1.0`; embedded it is `http://host/mail/v1.0`) and the
SDK's `GraphServiceClient` is pointed at it with only the base URL and the credential (a
bearer token) changed. Every answer is parsed by the SDK's own models: a wrong field name,
type, status or path fails here.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.factories import ADMIN, MISMATCH, served_app

# kiota's query-parameter base class warns that it is deprecated when the SDK imports it:
# the SDK's business, not the app's.
# Its httpx pool's sockets outlive the client (collected below, inside the test, where these
# filters apply, rather than in whichever test runs next).
pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"),
              pytest.mark.filterwarnings("ignore::ResourceWarning"),
              pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")]


@pytest.fixture(scope="module")
def mail_server() -> Iterator[str]:
    with served_app("mail") as url:
        yield url


def _tokens(url: str) -> tuple[list[dict[str, Any]], list[str]]:
    """A fresh episode; three active people and their tokens."""
    with httpx.Client(base_url=url, headers=ADMIN, timeout=120) as admin:
        r = admin.post("/admin/episodes", json={"seed": 7, "situations": [MISMATCH]})
        assert r.status_code == 201, r.text
        episode = r.json()["episode_id"]
        people = admin.get(f"/admin/episodes/{episode}/principals").json()["principals"][:3]
        tokens = []
        for p in people:
            r = admin.post(f"/admin/episodes/{episode}/tokens", json={"principal": p["id"]})
            assert r.status_code == 201, r.text
            tokens.append(str(r.json()["token"]))
    return people, tokens


def _client(url: str, token: str) -> Any:
    """A GraphServiceClient with only the base URL and the credential changed."""
    from kiota_abstractions.authentication import (
        AccessTokenProvider,
        AllowedHostsValidator,
        BaseBearerTokenAuthenticationProvider,
    )
    from msgraph import GraphRequestAdapter, GraphServiceClient

    class StaticToken(AccessTokenProvider):  # type: ignore[misc]
        async def get_authorization_token(self, uri: str, additional_authentication_context:
                                          dict[str, Any] | None = None) -> str:
            return token

        def get_allowed_hosts_validator(self) -> AllowedHostsValidator:
            return AllowedHostsValidator([])

    adapter = GraphRequestAdapter(BaseBearerTokenAuthenticationProvider(StaticToken()))
    adapter.base_url = f"{url}/v1.0"  # one app per process: mounted at the root
    _ADAPTERS.append(adapter)
    return GraphServiceClient(request_adapter=adapter)


_ADAPTERS: list[Any] = []


def test_sdk_sends_lists_with_top_replies_and_reads(mail_server: str) -> None:
    people, tokens = _tokens(mail_server)

    async def run() -> None:
        try:
            await _scenario(mail_server, people, tokens)
        finally:  # the SDK leaves its httpx client open
            for adapter in _ADAPTERS:
                await adapter._http_client.aclose()
            _ADAPTERS.clear()
    asyncio.run(run())
    gc.collect()


async def _scenario(url: str, people: list[dict[str, Any]], tokens: list[str]) -> None:
    from msgraph.generated.models.body_type import BodyType
    from msgraph.generated.models.email_address import EmailAddress
    from msgraph.generated.models.item_body import ItemBody
    from msgraph.generated.models.message import Message
    from msgraph.generated.models.recipient import Recipient
    from msgraph.generated.users.item.mail_folders.item.messages.messages_request_builder import (  # noqa: E501
        MessagesRequestBuilder,
    )
    from msgraph.generated.users.item.messages.item.reply.reply_post_request_body import (
        ReplyPostRequestBody,
    )
    from msgraph.generated.users.item.send_mail.send_mail_post_request_body import (
        SendMailPostRequestBody,
    )

    a, b, c = (_client(url, t) for t in tokens)
    a_addr, b_addr, c_addr = (p["email"].lower() for p in people)
    for i in range(3):
        body = SendMailPostRequestBody(
            message=Message(subject=f"Sdkcheck status {i}",
                            body=ItemBody(content_type=BodyType.Text, content=f"Update {i}."),
                            to_recipients=[Recipient(email_address=EmailAddress(
                                address=b_addr))]),
            save_to_sent_items=True)
        await a.me.send_mail.post(body)
    # b lists their Inbox with $top through the SDK's own query parameters
    query = MessagesRequestBuilder.MessagesRequestBuilderGetQueryParameters(
        top=2, select=["subject", "from", "isRead", "conversationId"],
        # Exchange sorts a filtered list only by the filter's leading properties
        filter="receivedDateTime ge 2000-01-01T00:00:00Z and "
               "startswith(subject, 'Sdkcheck status ')",
        orderby=["receivedDateTime desc"])
    config = MessagesRequestBuilder.MessagesRequestBuilderGetRequestConfiguration(
        query_parameters=query)
    page = await b.me.mail_folders.by_mail_folder_id("inbox").messages.get(
        request_configuration=config)
    assert page is not None and page.value is not None
    assert [m.subject for m in page.value] == ["Sdkcheck status 2", "Sdkcheck status 1"]
    assert page.odata_next_link and "%24skip=2" in page.odata_next_link
    first = page.value[0]
    assert first.from_ is not None and first.from_.email_address.address == a_addr
    assert first.is_read is False
    # the whole message, and a reply in its thread
    full = await b.me.messages.by_message_id(first.id).get()
    assert full.body.content == "Update 2." and full.body.content_type == BodyType.Text
    assert full.received_date_time is not None and full.internet_message_id
    await b.me.messages.by_message_id(first.id).reply.post(
        ReplyPostRequestBody(comment="Thanks!"))
    replies = await a.me.mail_folders.by_mail_folder_id("inbox").messages.get(
        request_configuration=_where("startswith(subject, 'RE: Sdkcheck status')"))
    assert [m.subject for m in replies.value] == ["RE: Sdkcheck status 2"]
    assert replies.value[0].conversation_id == first.conversation_id
    # c received nothing; a's Sent Items has the three
    got = await c.me.messages.get(
        request_configuration=_where("contains(subject, 'Sdkcheck')"))
    assert got.value == []
    sent = await a.me.mail_folders.by_mail_folder_id("sentitems").messages.get(
        request_configuration=_where("startswith(subject, 'Sdkcheck status')"))
    assert sorted(m.subject for m in sent.value) == [
        "Sdkcheck status 0", "Sdkcheck status 1", "Sdkcheck status 2"]
    # Graph's error body is parsed by the SDK into an ODataError
    from msgraph.generated.models.o_data_errors.o_data_error import ODataError
    with pytest.raises(ODataError) as e:
        await c.users.by_user_id(b_addr).messages.get()
    assert e.value.response_status_code == 403
    assert e.value.error is not None and e.value.error.code == "ErrorAccessDenied"
    folders = await b.me.mail_folders.get()
    assert "Inbox" in [f.display_name for f in folders.value]


def _where(flt: str) -> Any:
    from msgraph.generated.users.item.mail_folders.item.messages.messages_request_builder import (  # noqa: E501
        MessagesRequestBuilder,
    )
    query = MessagesRequestBuilder.MessagesRequestBuilderGetQueryParameters(filter=flt,
                                                                            top=100)
    return MessagesRequestBuilder.MessagesRequestBuilderGetRequestConfiguration(
        query_parameters=query)
