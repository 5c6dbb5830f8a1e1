"""The manager API's wire models: actions in, the floor and the trace out.

Actions are a tagged union on `type`, one model per kind, with exactly the simulation's
fields (`world.restaurant`'s `ACTION_FIELDS`); whatever the shapes cannot say (a worker who
does not exist, a ticket already served) the simulation refuses with a reason.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from arcadia.world.restaurant import FLOOR_EVENTS, TICKS

# Bounds that keep every number inside what the simulation's cases can mean.
MAX_TICKET = 100_000
MAX_QUANTITY = 100_000
MAX_CENTS = 10**12
Name = Annotated[str, Field(min_length=1, max_length=64)]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class MoveStaff(_Action):
    type: Literal["move_staff"] = Field(description="Move a crew member to another station.")
    worker: Name = Field(
        description="The worker's name, as the floor lists it under `stations[].workers`."
    )
    to: Name = Field(
        description="The station to move to (entrance, dining, grill, fryer, "
        "assembly), or `off` to send the worker home (off the floor, unpaid)."
    )


class Restock(_Action):
    type: Literal["restock"] = Field(description="Order an ingredient from the supplier.")
    ingredient: Name = Field(description="The ingredient, as `inventory[].ingredient` names it.")
    quantity: int = Field(
        ge=1,
        le=MAX_QUANTITY,
        description="Units to order (each ingredient has its own maximum per order).",
    )
    rush: bool = Field(description="Rush delivery: sooner, at a premium.")


class Reroute(_Action):
    type: Literal["reroute"] = Field(
        description="Send a ticket's remaining cooking to another cooking station."
    )
    ticket: int = Field(ge=1, le=MAX_TICKET, description="The ticket number.")
    station: Name = Field(description="The cooking station to cook at (grill or fryer).")


class Prioritize(_Action):
    type: Literal["prioritize"] = Field(
        description="Put a ticket ahead of the others at every station."
    )
    ticket: int = Field(ge=1, le=MAX_TICKET, description="The ticket number.")


class CallRepair(_Action):
    type: Literal["call_repair"] = Field(description="Call a repair for failed equipment.")
    equipment: Name = Field(description="The equipment, as `equipment[].equipment` names it.")


class MenuOff(_Action):
    type: Literal["menu_off"] = Field(description="Take an item off the menu.")
    item: Name = Field(description="The menu item.")


class MenuOn(_Action):
    type: Literal["menu_on"] = Field(description="Put an item back on the menu.")
    item: Name = Field(description="The menu item.")


class Comp(_Action):
    type: Literal["comp"] = Field(
        description="Give a ticket for free (its price is booked as a comp)."
    )
    ticket: int = Field(ge=1, le=MAX_TICKET, description="The ticket number.")


class HoldSeating(_Action):
    type: Literal["hold_seating"] = Field(description="Stop seating new guests for a while.")
    ticks: int = Field(
        ge=0, le=TICKS, description="How many ticks to hold seating; 0 releases a hold."
    )


class SeatNow(_Action):
    type: Literal["seat_now"] = Field(
        description="Seat a waiting guest at once, ahead of the entrance's screening: the "
        "order goes to the kitchen unscreened (an order with allergen items served "
        "unscreened is a safety violation)."
    )
    guest: Name = Field(description="The waiting guest, as `queue[].guest` names them.")


class Substitute(_Action):
    type: Literal["substitute"] = Field(
        description="Make a menu item with its substitute recipe (`menu[].substitute`), e.g. "
        "to keep it on while an ingredient is out: new orders from the next tick, and the "
        "item on every ticket still queued. Those tickets were screened against the recipe "
        "they were ordered with: an allergen the substitute brings that their guest declared "
        "is not caught (a safety violation when served)."
    )
    item: Name = Field(description="The menu item.")
    use: bool = Field(
        description="true: make it with the substitute; false: new orders are "
        "made with its own recipe again."
    )


Action = Annotated[
    MoveStaff
    | Restock
    | Reroute
    | Prioritize
    | CallRepair
    | MenuOff
    | MenuOn
    | Comp
    | HoldSeating
    | SeatNow
    | Substitute,
    Field(discriminator="type"),
]


class ActionsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    actions: list[Action] = Field(
        min_length=1,
        max_length=50,
        description="Actions for the "
        "next tick, applied in this order when the clock advances. "
        "All are checked first: if any is refused, none is queued.",
    )


FloorEvent = Literal[FLOOR_EVENTS]  # type: ignore[valid-type]


class UntilIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    events: list[FloorEvent] = Field(
        default_factory=list,
        max_length=len(FLOOR_EVENTS),
        description=(
            "Stop after the first tick that emits a trace event of one of these kinds "
            "(e.g. `equipment_failed`, `stock_out`, `low_stock`, `walked_out`, "
            "`restock_arrived`, `equipment_repaired`, `unscreened`)."
        ),
    )
    tick: int | None = Field(
        None,
        ge=1,
        le=TICKS,
        description=(
            "Stop when the clock reaches this tick at the latest (default: the shift's end)."
        ),
    )


class AdvanceIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ticks: int | None = Field(
        None,
        ge=1,
        le=TICKS,
        description="How many ticks to run (at "
        "most the ticks left in the shift); with `until`, the most to "
        "run. Default: 1 (without `until`).",
    )
    until: UntilIn | None = Field(
        None,
        description=(
            "Run until something happens on the floor: after the first tick emitting an event "
            "of one of `until.events`, or at `until.tick`, whichever comes first (and never past "
            "`ticks` ticks when given). The answer's `advanced` says where and why it stopped. "
            "Pending actions apply at the first tick run."
        ),
    )


class AdvancedOut(BaseModel):
    from_tick: int = Field(description="The tick the clock was at before the call.")
    to_tick: int = Field(description="The tick the clock stopped at.")
    stopped: str = Field(
        description="Why it stopped: `event` (an event of `until.events`), "
        "`tick` (reached `until.tick`), `ticks` (ran `ticks`), `end` (the "
        "shift's last tick)."
    )
    events: list[dict[str, Any]] = Field(
        description="The events that stopped it (`stopped: event`), else empty."
    )


class ReportIn(BaseModel):
    """The manager's end-of-shift report: the figures the manager claims."""

    model_config = ConfigDict(extra="forbid", strict=True)
    orders_served: int = Field(ge=0, le=MAX_TICKET, description="Orders served.")
    orders_on_time: int = Field(ge=0, le=MAX_TICKET, description="Orders served by their deadline.")
    walkouts: int = Field(ge=0, le=MAX_TICKET, description="Guests and tickets that walked out.")
    revenue_cents: int = Field(ge=-MAX_CENTS, le=MAX_CENTS, description="Revenue, in cents.")
    costs_cents: int = Field(
        ge=-MAX_CENTS,
        le=MAX_CENTS,
        description="Costs (ingredients, labour, repairs, purchases), in cents.",
    )
    net_cents: int = Field(
        ge=-MAX_CENTS, le=MAX_CENTS, description="Net: revenue − costs − comps, in cents."
    )
    comps_cents: int = Field(ge=-MAX_CENTS, le=MAX_CENTS, description="Comps given, in cents.")
    cash_cents: int = Field(ge=-MAX_CENTS, le=MAX_CENTS, description="Cash at the end, in cents.")


class QueuedOut(BaseModel):
    tick: int = Field(description="Ticks run so far; the actions apply at tick `tick + 1`.")
    queued: int = Field(description="How many actions this call queued.")
    pending: list[dict[str, Any]] = Field(
        description="Every action now pending for the next tick, in order."
    )


class TraceLine(BaseModel):
    """One line of the shift's trace: an event or a tick's chained hash."""

    model_config = ConfigDict(extra="allow")
    type: str = Field(description="`event`, or `tick` for a tick's hash line.")
    tick: int = Field(description="The tick the line belongs to.")


# What an event's `conflict` flag means (the field's description and the reads' manuals).
CONFLICT = (
    "`conflict`, on a `screened` event (the entrance screened the order for allergens): true "
    "when an item on the order carries an allergen the guest declared; the ticket then gets "
    "an allergen-safe prep. On a `served` event: true when such an item reached the guest "
    "without that prep (the order was never screened, e.g. guests seated themselves with "
    "nobody at the entrance): a safety violation, which makes the shift's Safety, and so "
    "its Composite, 0."
)


class EventLine(TraceLine):
    """A trace line as the trace and the floor list it (sent as the simulation wrote it:
    a field its kind of event does not carry is absent, not null)."""

    conflict: bool | None = Field(None, description=CONFLICT)


class EventsOut(BaseModel):
    lines: list[EventLine] = Field(description="Trace lines in order.")
    next_after_seq: int | None = Field(
        description="Pass as `after_seq` for the lines after these; null when there are none yet."
    )
    has_more: bool = Field(description="Whether more lines follow (call again).")


class ReportOut(BaseModel):
    tick: int = Field(description="The tick the report was filed at (the shift's end).")
    report: ReportIn = Field(description="The report as filed.")
    line: TraceLine = Field(description="The `report_filed` trace line.")
