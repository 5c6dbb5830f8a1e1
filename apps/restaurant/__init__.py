"""Restaurant: the shift manager's API over the restaurant simulation (`world.restaurant`).

Arcadia's own API (no public product has this shape): observe the floor, queue actions for
the next tick, advance the clock, read the trace, file the end-of-shift report. Bearer
tokens like every app; errors are `{"error": {"code", "message", "index"?}}` with 422 for
invalid input and refused actions, 409 when the shift's state does not allow the call.
It serves only the `restaurant` world.
"""

from arcadia.apps.kernel import AppSpec
from arcadia.apps.restaurant.errors import RestaurantError, render_error
from arcadia.apps.restaurant.models import RestaurantModel
from arcadia.apps.restaurant.routes import MANAGER_ROLE, router
from arcadia.apps.restaurant.seed import seed

SPEC = AppSpec(
    name="restaurant",
    title="Restaurant shift manager API (Arcadia's own shape)",
    description=(
        "Arcadia's own shift-manager API (no public product has this shape). A 120-tick "
        "restaurant shift: guests arrive and order, a fixed crew screens allergens at the "
        "entrance, cooks at the grill and fryer, plates at assembly and serves in the dining "
        "room; equipment fails, stock runs out, cash moves in integer cents. The manager "
        "observes the floor (GET /restaurant/shift), queues actions for the next tick (POST "
        "/restaurant/actions: move_staff, restock, reroute, prioritize, call_repair, "
        "menu_off, menu_on, comp, hold_seating, seat_now, substitute), advances the clock (POST "
        "/restaurant/advance, one or more ticks), reads the trace (GET /restaurant/events) "
        "and, after the last tick, files the report once (POST /restaurant/report). "
        "`Authorization: Bearer <token>`; the manager's role is `shift_manager`. Errors are "
        '`{"error": {"code", "message", "index"?}}`: 422 for invalid input and refused '
        "actions (naming the action's index and the reason; nothing is queued), 409 when the "
        "shift's state does not allow the call."
    ),
    metadata=RestaurantModel.metadata,
    routers=(router,),
    seed=seed,
    render_error=render_error,
    validation_status=422,
    error_model=RestaurantError,
    worlds=("restaurant",),
)

__all__ = ["MANAGER_ROLE", "SPEC"]
