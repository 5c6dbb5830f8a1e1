"""A Microsoft Graph client written with `msgraph-sdk` on one base URL, as a production
client of Graph is: mail (list, send), events (list, create), calendarView and getSchedule
through one `GraphServiceClient`. `calls` runs each and reports how each went, so a test
asserts all of them and a failure names the call."""

from __future__ import annotations

from typing import Any

import httpx


def graph_client(base_url: str, token: str,
                 transport: httpx.AsyncBaseTransport | None = None) -> Any:
    """A GraphServiceClient with only the base URL and the credential changed (and, for an
    embedded server, the transport: the SDK's own middleware wraps it)."""
    from kiota_abstractions.authentication import (
        AccessTokenProvider,
        AllowedHostsValidator,
        BaseBearerTokenAuthenticationProvider,
    )
    from msgraph import GraphRequestAdapter, GraphServiceClient
    from msgraph.graph_request_adapter import options
    from msgraph_core import GraphClientFactory

    class Token(AccessTokenProvider):  # type: ignore[misc]
        async def get_authorization_token(self, uri: str,
                                          additional_authentication_context: Any = None
                                          ) -> str:
            return token

        def get_allowed_hosts_validator(self) -> AllowedHostsValidator:
            return AllowedHostsValidator([])

    # The SDK's own middleware and options (its `/me` is `/users/me-token-to-replace`,
    # rewritten by a middleware), around the given transport.
    client = None if transport is None else GraphClientFactory.create_with_default_middleware(
        client=httpx.AsyncClient(transport=transport), options=options)
    adapter = GraphRequestAdapter(BaseBearerTokenAuthenticationProvider(Token()), client)
    adapter.base_url = base_url
    return GraphServiceClient(request_adapter=adapter)


async def calls(g: Any, guest: str, subject: str) -> dict[str, str]:
    """The six calls as the signed-in person of `g`, with `guest` (an address) invited and
    mailed; each call -> "ok" or what failed (status and error code)."""
    from kiota_abstractions.api_error import APIError
    from msgraph.generated.models.attendee import Attendee
    from msgraph.generated.models.attendee_type import AttendeeType
    from msgraph.generated.models.date_time_time_zone import DateTimeTimeZone
    from msgraph.generated.models.email_address import EmailAddress
    from msgraph.generated.models.event import Event
    from msgraph.generated.models.item_body import ItemBody
    from msgraph.generated.models.message import Message
    from msgraph.generated.models.recipient import Recipient
    from msgraph.generated.users.item.calendar.get_schedule import (
        get_schedule_post_request_body as schedule_body,
    )
    from msgraph.generated.users.item.calendar_view.calendar_view_request_builder import (
        CalendarViewRequestBuilder,
    )
    from msgraph.generated.users.item.send_mail.send_mail_post_request_body import (
        SendMailPostRequestBody,
    )

    def at(hour: int) -> DateTimeTimeZone:
        return DateTimeTimeZone(date_time=f"2027-03-01T{hour:02d}:00:00", time_zone="UTC")

    async def list_mail() -> None:
        page = await g.me.messages.get()
        assert page is not None and page.value is not None

    async def send_mail() -> None:
        await g.me.send_mail.post(SendMailPostRequestBody(message=Message(
            subject=subject, body=ItemBody(content="One base URL."),
            to_recipients=[Recipient(email_address=EmailAddress(address=guest))])))

    async def list_events() -> None:
        page = await g.me.events.get()
        assert page is not None and page.value is not None

    async def create_event() -> None:
        made = await g.me.events.post(Event(
            subject=subject, start=at(14), end=at(15),
            attendees=[Attendee(type=AttendeeType.Required,
                                email_address=EmailAddress(address=guest))]))
        assert made is not None and made.id and made.subject == subject

    async def calendar_view() -> None:
        query = CalendarViewRequestBuilder.CalendarViewRequestBuilderGetQueryParameters(
            start_date_time="2027-03-01T00:00:00Z", end_date_time="2027-03-02T00:00:00Z")
        view = await g.me.calendar_view.get(
            request_configuration=CalendarViewRequestBuilder.
            CalendarViewRequestBuilderGetRequestConfiguration(query_parameters=query))
        assert view is not None and subject in [e.subject for e in view.value or []]

    async def get_schedule() -> None:
        got = await g.me.calendar.get_schedule.post(schedule_body.GetSchedulePostRequestBody(
            schedules=[guest], start_time=at(13), end_time=at(16),
            availability_view_interval=60))
        assert got is not None and [s.schedule_id for s in got.value or []] == [guest]
        assert got.value[0].availability_view[1] != "0"  # 14:00-15:00: the invitation

    out: dict[str, str] = {}
    for name, call in (("list mail", list_mail), ("send mail", send_mail),
                       ("list events", list_events), ("create event", create_event),
                       ("calendarView", calendar_view), ("getSchedule", get_schedule)):
        try:
            await call()
            out[name] = "ok"
        except APIError as e:
            code = getattr(getattr(e, "error", None), "code", None)
            out[name] = f"{e.response_status_code} {code}"
        except AssertionError as e:
            out[name] = f"wrong answer {e}"
    return out


async def close(g: Any) -> None:
    """The SDK leaves its httpx client open."""
    await g.request_adapter._http_client.aclose()
