"""The manager's API: one `op(...)` and one service call each. Mounted under `/restaurant`."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Response

from arcadia.apps.kernel import CtxDep, json_response, op
from arcadia.apps.restaurant import schemas as s
from arcadia.apps.restaurant import service as sv
from arcadia.apps.restaurant.observation import Observation

router = APIRouter()

MANAGER_ROLE = "shift_manager"
ROLES = (MANAGER_ROLE,)
# 409: the shift's state does not allow the call (over, not over, already reported, or no
# shift in this world).
E = (409,)
# The observation, the trace and the floor after a run are the simulation's dicts as they
# are: serialised once (json_response), not re-validated against their models.


@router.get(
    "/shift",
    response_model=Observation,
    **op(
        "restaurant_get_shift",
        "Observe the floor",
        "The floor now: the tick and ticks left, the entrance queue, open tickets (deadline, "
        "state, station, priority, allergy flags), each station's crew, equipment (and repairs "
        "due), inventory (and deliveries due), cash and the running ledger, the menu (items "
        "off), pending actions, the running figures, and the trace lines of recent ticks "
        "(`since_tick`; by default the last tick run). " + s.CONFLICT,
        write=False,
        roles=ROLES,
        errors=E,
    ),
)
async def get_shift(
    ctx: CtxDep,
    since_tick: Annotated[
        int | None,
        Query(
            ge=0,
            le=s.TICKS,
            description="Include the trace lines of the ticks after this one "
            "(at most the newest 100); default: the last tick run.",
        ),
    ] = None,
) -> Response:
    return json_response(sv.observe(ctx, since_tick=since_tick))


@router.post(
    "/actions",
    response_model=s.QueuedOut,
    **op(
        "restaurant_submit_actions",
        "Queue actions for the next tick",
        "Queue manager actions (move_staff, restock, reroute, prioritize, call_repair, "
        "menu_off, menu_on, comp, hold_seating, seat_now, substitute); they apply, in order, "
        "when the clock next advances. Every action is checked against the floor first: if any is "
        "refused, the answer is 422 naming its index and the reason, and nothing is queued.",
        write=True,
        roles=ROLES,
        errors=E,
    ),
)
async def submit_actions(ctx: CtxDep, body: s.ActionsIn) -> Any:
    return sv.submit(ctx, actions=[a.model_dump() for a in body.actions])


@router.post(
    "/advance",
    response_model=Observation,
    **op(
        "restaurant_advance_clock",
        "Advance the shift's clock",
        "Run the clock (pending actions apply at the first tick run): guests arrive, the crew "
        "works, equipment fails and is repaired, deliveries land. Either `ticks` ticks (default "
        "1), or `until` something happens: the first tick that emits a floor event of the kinds "
        "in `until.events` (e.g. `equipment_failed`, `stock_out`, `low_stock`, `walked_out`), "
        "or `until.tick`, whichever is first. Returns the floor after the last tick run, with "
        "the trace lines of the ticks run (the newest 100) and `advanced` (from and to tick, "
        "and why it stopped). " + s.CONFLICT,
        write=True,
        roles=ROLES,
        errors=E,
    ),
)
async def advance(ctx: CtxDep, body: s.AdvanceIn) -> Response:
    until = None if body.until is None else body.until.model_dump()
    return json_response(sv.advance(ctx, ticks=body.ticks, until=until))


@router.get(
    "/events",
    response_model=s.EventsOut,
    **op(
        "restaurant_list_events",
        "Read the shift's trace",
        "The shift's trace lines so far, in order: every event (with its tick and actor: "
        "world, a station's crew, or manager), each tick's chained state hash, and the report. "
        "Page with `after_seq` (the previous page's `next_after_seq`). " + s.CONFLICT,
        write=False,
        roles=ROLES,
        errors=E,
    ),
)
async def list_events(
    ctx: CtxDep,
    since_tick: Annotated[
        int,
        Query(
            ge=0,
            le=s.TICKS,
            description=("Only lines of the ticks after this one (0: from the first tick)."),
        ),
    ] = 0,
    after_seq: Annotated[
        int,
        Query(
            ge=0,
            le=10**9,
            description=("Only lines after this place in the trace (a page's `next_after_seq`)."),
        ),
    ] = 0,
    limit: Annotated[int, Query(ge=1, le=1000, description="Lines per page.")] = 200,
) -> Response:
    return json_response(sv.events(ctx, since_tick=since_tick, after_seq=after_seq, limit=limit))


@router.post(
    "/report",
    response_model=s.ReportOut,
    **op(
        "restaurant_file_report",
        "File the end-of-shift report",
        "File the performance report with the figures you claim (orders served and on time, "
        "walkouts, revenue, costs, net, comps, cash). Only once every tick has run, and once.",
        write=True,
        roles=ROLES,
        status_code=201,
        errors=E,
    ),
)
async def file_report(ctx: CtxDep, body: s.ReportIn) -> Any:
    return sv.file_report(ctx, report=body.model_dump())
