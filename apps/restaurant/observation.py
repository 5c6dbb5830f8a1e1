"""The observation's wire model: what the manager sees of the floor (the document only;
the route sends the simulation's own dict, `Shift.observe()`)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from arcadia.apps.restaurant.schemas import AdvancedOut, EventLine

# What each ticket state means (the observation lists open tickets: the first four).
TICKET_STATES = (
    "`queued`: seated and ordered, waiting for the grill or fryer (or for nothing: an order "
    "with nothing to cook goes straight to assembling); `cooking`: a cook station has "
    "started its items (`work[].left` units remain); `assembling`: cooked, being plated at "
    "assembly (`assembly_left` units); `ready`: plated, waiting for dining to hand it over. "
    "Closed states (in the trace only): `served` (handed over; on time when by `deadline`), "
    "`walked_out` (open past deadline + the case's grace ticks and not comped: the guest "
    "left unpaid), `cancelled` (still open at the last tick)."
)


class _Open(BaseModel):
    # A newer simulation may add fields; the document names those the manager relies on.
    model_config = ConfigDict(extra="allow")


class QueuedGuest(_Open):
    guest: str = Field(description="The guest (party) id, e.g. `g12`.")
    party: int = Field(description="People in the party.")
    allergens: list[str] = Field(description="Allergens the guest declared.")
    arrived: int = Field(description="The tick the guest arrived at.")


class Work(_Open):
    item: str = Field(description="The menu item being cooked.")
    station: str = Field(description="The cooking station it cooks at.")
    left: int = Field(description="Cook units left.")


class Ticket(_Open):
    ticket: int = Field(description="The ticket number (what reroute, prioritize and comp name).")
    guest: str = Field(description="The guest (party) who ordered.")
    party: int = Field(description="People in the party.")
    items: list[str] = Field(description="Items ordered.")
    state: str = Field(description=TICKET_STATES)
    created: int = Field(description="The tick the order was created at.")
    deadline: int = Field(description="The tick by which it must be served to be on time.")
    price_cents: int = Field(description="Price, in cents.")
    priority: bool = Field(description="Whether the ticket is prioritised.")
    comped: bool = Field(description="Whether the ticket is comped.")
    allergens: list[str] = Field(description="Allergens the guest declared.")
    allergen_items: list[str] = Field(description="Items on the ticket carrying an allergen.")
    screened: bool = Field(
        description="Whether the entrance screened the order for "
        "allergens (false for an order with no allergen items, and for one "
        "seated past screening: with no screener free, or by `seat_now`). "
        "An order with allergen items served unscreened is a safety "
        "violation."
    )
    work: list[Work] = Field(description="Cooking left, per item and station.")
    assembly_left: int = Field(description="Plating units left at assembly.")


class Station(_Open):
    workers: list[str] = Field(description="The crew working the station.")
    per_worker: int = Field(description="Units of work one worker does per tick.")
    capacity: int = Field(description="Units of work the station does per tick now.")
    backlog: int = Field(
        description="Work waiting at the station (queue, cook units, "
        "plating units or tickets to hand over)."
    )
    up: bool = Field(description="Whether the station's equipment works.")


class Equipment(_Open):
    equipment: str = Field(description="The equipment's name (what call_repair names).")
    station: str = Field(description="The station it serves.")
    status: str = Field(description="`ok` or `failed`.")
    repair_due: int | None = Field(description="The tick a called repair lands at, if any.")
    repair_cents: int = Field(description="What a repair costs, in cents.")
    repair_ticks: int = Field(description="Ticks a repair takes once called.")


class Stock(_Open):
    ingredient: str = Field(description="The ingredient (what restock names).")
    stock: int = Field(description="Units in stock.")
    on_order: int = Field(description="Units ordered and not yet delivered.")
    next_delivery_tick: int | None = Field(description="The tick the next delivery lands at.")
    unit_cents: int = Field(description="Price per unit, in cents.")
    lead_ticks: int = Field(description="Ticks a normal delivery takes.")
    rush_lead_ticks: int = Field(description="Ticks a rush delivery takes.")
    fee_cents: int = Field(description="Delivery fee, in cents.")
    rush_fee_cents: int = Field(description="Rush delivery fee, in cents.")
    rush_percent: int = Field(description="Unit price of a rush order, in percent of normal.")
    max_order: int = Field(description="The most units one order may take.")


class Substitute(_Open):
    name: str = Field(description="What the substitute is called.")
    ingredients: dict[str, int] = Field(description="Units of each ingredient it uses instead.")
    allergens: list[str] = Field(description="Allergens the item carries when made with it.")


class MenuItem(_Open):
    item: str = Field(description="The item (what menu_off and menu_on name).")
    on: bool = Field(description="Whether it is on the menu.")
    price_cents: int = Field(description="Price, in cents.")
    stations: list[str] = Field(
        description="Cooking stations that can cook it (first: where it cooks by default)."
    )
    cook_units: int = Field(description="Cook units it takes.")
    ingredients: dict[str, int] = Field(description="Units of each ingredient it uses.")
    allergens: list[str] = Field(
        description="Allergens it carries (as it is made now: with "
        "its substitute's when substituted)."
    )
    substitute: Substitute | None = Field(
        None,
        description="Its substitute recipe (what the "
        "`substitute` action switches to), if it has one.",
    )
    substituted: bool = Field(False, description="Whether it is made with its substitute now.")


class Recovery(_Open):
    target_ticks: int = Field(
        description="A disruption recovered within this many ticks "
        "scores 100 (0 at three times as many)."
    )
    backlog_tickets: int = Field(description="Recovered needs at most this many open tickets.")
    stock_units: int = Field(
        description="A stock-out is recovered with at least this many "
        "units in stock and every item made with it on the menu."
    )


class Figures(_Open):
    orders_served: int = Field(description="Orders served so far.")
    orders_on_time: int = Field(description="Orders served by their deadline so far.")
    walkouts: int = Field(description="Guests and tickets that walked out so far.")
    revenue_cents: int = Field(description="Revenue so far, in cents.")
    costs_cents: int = Field(description="Costs so far, in cents.")
    net_cents: int = Field(description="Net so far, in cents.")
    comps_cents: int = Field(description="Comps so far, in cents.")
    cash_cents: int = Field(description="Cash now, in cents.")


class Observation(_Open):
    """The floor at the current tick."""

    case: str = Field(description="The shift's case id.")
    title: str = Field(description="The case's title.")
    tick: int = Field(description="Ticks run so far (0..120).")
    ticks_left: int = Field(description="Ticks left in the shift.")
    finished: bool = Field(description="Whether every tick has run (then file the report).")
    report_filed: bool = Field(description="Whether the report is filed.")
    queue: list[QueuedGuest] = Field(description="Guests waiting at the entrance.")
    tickets: list[Ticket] = Field(description="Open tickets.")
    stations: dict[str, Station] = Field(
        description="Each station (entrance, dining, grill, fryer, assembly) and its crew."
    )
    off_floor: list[str] = Field(description="Workers sent home.")
    wage_cents_per_tick: int = Field(description="What one worker on the floor costs per tick.")
    overtime_percent: int = Field(
        description="What a worker called in from off the floor (on "
        "call, or back after being sent home) costs, in percent of "
        "the wage, for the rest of the shift."
    )
    overtime_workers: list[str] = Field(description="Workers paid overtime now.")
    screens_per_worker: int = Field(
        description="Orders one entrance worker screens for "
        "allergens per tick. An order with allergen items waits "
        "for a screener, unless its guest is about to walk out: "
        "then it is seated unscreened (an `unscreened` event)."
    )
    recovery: Recovery = Field(description="The targets the Recovery metric uses.")
    equipment: list[Equipment] = Field(description="The kitchen's equipment.")
    inventory: list[Stock] = Field(description="Ingredients, stock and deliveries.")
    menu: list[MenuItem] = Field(description="The menu.")
    hold_until: int | None = Field(description="The last tick seating is held through, if held.")
    cash_cents: int = Field(description="Cash now, in cents.")
    pending: list[dict[str, object]] = Field(description="Actions queued for the next tick.")
    figures: Figures = Field(description="The running figures (what the report claims at the end).")
    recent_events: list[EventLine] = Field(
        description="Events of recent ticks (the last tick "
        "run, or those after `since_tick`), newest last."
    )
    advanced: AdvancedOut | None = Field(
        None,
        description="On an `advance_clock` answer: "
        "from and to which tick the clock ran and why it "
        "stopped.",
    )
