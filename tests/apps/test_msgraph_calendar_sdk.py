"""Microsoft's own Graph SDK (`msgraph-sdk`) against the calendar app.

The app is served by uvicorn on 127.0.0.1 (one app per process, as `serve --multi` runs it)
and a `GraphServiceClient` is pointed at it with only the base URL and the credential
changed (a bearer token provider instead of Azure identity). Every answer is parsed by the
SDK's own models and request builders: a wrong path, status, field name or shape fails here.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.factories import ADMIN, MISMATCH, served_app

msgraph = pytest.importorskip("msgraph")
# The SDK's generated request builders trip its own deprecation warnings on import; its
# httpx pool's sockets outlive the client (collected inside the test, where these filters
# apply, rather than in whichever test runs next).
pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"),
              pytest.mark.filterwarnings("ignore::ResourceWarning"),
              pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")]


@pytest.fixture(scope="module")
def calendar_server() -> Iterator[str]:
    with served_app("calendar") as url:
        yield url


def _tokens(url: str, n: int) -> list[tuple[dict[str, Any], str]]:
    with httpx.Client(base_url=url, headers=ADMIN, timeout=60) as admin:
        r = admin.post("/admin/episodes", json={"seed": 7, "situations": [MISMATCH]})
        assert r.status_code == 201, r.text
        episode = r.json()["episode_id"]
        people = sorted(admin.get(f"/admin/episodes/{episode}/principals").json()
                        ["principals"], key=lambda p: p["id"])[:n]
        out = []
        for p in people:
            r = admin.post(f"/admin/episodes/{episode}/tokens", json={"principal": p["id"]})
            assert r.status_code == 201, r.text
            out.append((p, str(r.json()["token"])))
    return out


def graph_client(base_url: str, token: str) -> Any:
    """A GraphServiceClient with only the base URL and the credential changed."""
    from kiota_abstractions.authentication import (
        AccessTokenProvider,
        AllowedHostsValidator,
        BaseBearerTokenAuthenticationProvider,
    )
    from msgraph import GraphRequestAdapter, GraphServiceClient

    class Token(AccessTokenProvider):  # type: ignore[misc]
        async def get_authorization_token(self, uri: str,
                                          additional_authentication_context: Any = None
                                          ) -> str:
            return token

        def get_allowed_hosts_validator(self) -> AllowedHostsValidator:
            return AllowedHostsValidator([])

    adapter = GraphRequestAdapter(BaseBearerTokenAuthenticationProvider(Token()))
    adapter.base_url = base_url
    return GraphServiceClient(request_adapter=adapter)


def test_sdk_creates_an_event_with_an_attendee_and_reads_free_busy(calendar_server: str
                                                                   ) -> None:
    from msgraph.generated.models.attendee import Attendee
    from msgraph.generated.models.attendee_type import AttendeeType
    from msgraph.generated.models.date_time_time_zone import DateTimeTimeZone
    from msgraph.generated.models.email_address import EmailAddress
    from msgraph.generated.models.event import Event
    from msgraph.generated.models.event_type import EventType
    from msgraph.generated.models.item_body import ItemBody
    from msgraph.generated.models.response_type import ResponseType
    from msgraph.generated.users.item.calendar.get_schedule import (
        get_schedule_post_request_body as schedule_body,
    )
    from msgraph.generated.users.item.calendar_view.calendar_view_request_builder import (
        CalendarViewRequestBuilder,
    )
    from msgraph.generated.users.item.events.item.accept.accept_post_request_body import (
        AcceptPostRequestBody,
    )

    (org, org_token), (guest, guest_token) = _tokens(calendar_server, 2)
    base = f"{calendar_server}/v1.0"

    async def scenario() -> None:
        g = graph_client(base, org_token)
        made = await g.me.events.post(Event(
            subject="Quarterly planning", body=ItemBody(content="Bring numbers."),
            start=DateTimeTimeZone(date_time="2027-03-01T14:00:00", time_zone="UTC"),
            end=DateTimeTimeZone(date_time="2027-03-01T15:30:00", time_zone="UTC"),
            attendees=[Attendee(type=AttendeeType.Required,
                                email_address=EmailAddress(address=guest["email"]))]))
        assert made is not None and made.id and made.i_cal_u_id
        assert made.is_organizer is True and made.type == EventType.SingleInstance
        assert made.attendees and made.attendees[0].email_address.address == \
            guest["email"].lower()

        h = graph_client(base, guest_token)
        query = CalendarViewRequestBuilder.CalendarViewRequestBuilderGetQueryParameters(
            start_date_time="2027-03-01T00:00:00Z", end_date_time="2027-03-02T00:00:00Z")
        config = CalendarViewRequestBuilder.CalendarViewRequestBuilderGetRequestConfiguration(
            query_parameters=query)
        view = await h.me.calendar_view.get(request_configuration=config)
        assert view is not None and view.value
        copy = next(e for e in view.value if e.i_cal_u_id == made.i_cal_u_id)
        assert copy.id != made.id and copy.is_organizer is False
        assert copy.response_status.response == ResponseType.NotResponded
        await h.me.events.by_event_id(copy.id).accept.post(
            AcceptPostRequestBody(comment="Will do", send_response=True))
        mine = await h.me.events.by_event_id(copy.id).get()
        assert mine.response_status.response == ResponseType.Accepted

        schedule = await g.me.calendar.get_schedule.post(schedule_body.GetSchedulePostRequestBody(
            schedules=[guest["email"], org["email"]],
            start_time=DateTimeTimeZone(date_time="2027-03-01T13:00:00", time_zone="UTC"),
            end_time=DateTimeTimeZone(date_time="2027-03-01T16:00:00", time_zone="UTC"),
            availability_view_interval=30))
        assert schedule is not None and schedule.value
        assert [s.schedule_id for s in schedule.value] == [guest["email"], org["email"]]
        assert [s.availability_view for s in schedule.value] == ["002220", "002220"]
        items = schedule.value[0].schedule_items
        assert items and items[0].subject == "Quarterly planning"

        rooms = await g.places.graph_room.get()
        assert rooms is not None and rooms.value
        assert all(r.email_address and r.capacity for r in rooms.value)

    asyncio.run(scenario())
    gc.collect()
