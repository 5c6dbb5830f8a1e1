"""The restaurant app's tables, in their own SQLModel registry.

`shift` holds the episode's one shift: its case and seed, the tick it has reached, the
simulation's whole state (`Shift.dumps()`, canonical JSON text) and the filed report.
`shift_event` holds the trace as it is written, one row per line (the events of each tick,
its chained tick line, the report's line), in trace order.
"""

from __future__ import annotations

from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

# The shift's row: an episode runs one shift.
SHIFT_ID = 1


class RestaurantModel(SQLModel, registry=registry()):
    pass


class Shift(RestaurantModel, table=True):
    __tablename__ = "shift"

    id: int = Field(primary_key=True)
    case: str
    seed: int
    tick: int = 0  # ticks run so far, 0..120
    lines: int = 0  # trace lines written to shift_event so far
    state: str  # the simulation's state, `Shift.dumps()` as text
    report: str | None = None  # the filed report, canonical JSON text


class ShiftEvent(RestaurantModel, table=True):
    __tablename__ = "shift_event"

    seq: int = Field(primary_key=True)  # the line's place in the trace, from 1
    tick: int = Field(index=True)
    kind: str  # the event's kind, or `tick` for a tick's chained hash line
    line: str  # the line's canonical JSON text (sorted keys)
