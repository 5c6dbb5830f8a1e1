"""Places: rooms and room lists."""

from __future__ import annotations

from typing import Any

from arcadia.apps.calendar.schemas.base import D, GraphOut
from arcadia.apps.kernel import entity


class PhysicalAddress(GraphOut):
    street: str = D(description="Street.")
    city: str = D(description="City.")
    state: str = D(description="State.")
    countryOrRegion: str = D(description="Country.")
    postalCode: str = D(description="Postal code.")


class PlaceOut(GraphOut):
    id: str = D(description="The place's id (a room list's is its address).",
                json_schema_extra=entity("PlaceId"))
    displayName: str | None = D(None, description="Its name.",
                                json_schema_extra=entity("RoomName"))
    emailAddress: str | None = D(None, description="Its address (book a room as a "
                                 "resource attendee).", json_schema_extra=entity("RoomEmail"))
    address: PhysicalAddress | None = D(None, description="Where.")
    geoCoordinates: dict[str, Any] | None = D(None, description="Always null here.")
    phone: str | None = D(None, description="Empty here.")
    nickname: str | None = D(None, description="Rooms: the name.")
    building: str | None = D(None, description="Rooms: the building.")
    floorNumber: int | None = D(None, description="Rooms: the floor.")
    floorLabel: str | None = D(None, description="Rooms: the floor, as text.")
    label: str | None = D(None, description="Rooms: empty.")
    capacity: int | None = D(None, description="Rooms: seats.")
    bookingType: str | None = D(None, description="Rooms: standard.")
    audioDeviceName: str | None = D(None, description="Rooms: the phone, if any.")
    videoDeviceName: str | None = D(None, description="Rooms: the camera, if any.")
    displayDeviceName: str | None = D(None, description="Rooms: the screen, if any.")
    isWheelChairAccessible: bool | None = D(None, description="Rooms: accessible.")
    tags: list[str] | None = D(None, description="Rooms: tags (none).")


class PlaceList(GraphOut):
    value: list[PlaceOut] = D(description="Places.")
    odata_next_link: str | None = D(None, alias="@odata.nextLink", description="The next "
                                    "page's URL (rooms; absent on the last page).")
