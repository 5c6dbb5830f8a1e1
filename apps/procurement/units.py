"""Units of measure: the fixed list a line's `uom` names (Coupa's UOM resource: id, code,
name). The instance has no UOM table or route; a line names a unit by id, code or name,
every identity given must name the same unit, and an unknown one is refused (400)."""

from __future__ import annotations

from arcadia.apps.kernel import invalid
from arcadia.apps.procurement.schemas import RefIn

# (id, code, name): the units the world's catalogue uses, and a few common others.
UNITS: tuple[tuple[int, str, str], ...] = (
    (1, "EA", "Each"), (2, "HR", "Hour"), (3, "LB", "Pound"), (4, "KG", "Kilogram"),
    (5, "BX", "Box"), (6, "DAY", "Day"), (7, "MO", "Month"), (8, "LOT", "Lot"))
DEFAULT = "EA"


def unit_code(ref: RefIn | None, field: str, *, default: str | None = DEFAULT) -> str | None:
    """The code of the unit `ref` names (`default` when there is no ref or it names no
    identity); an id, code or name no unit has is refused."""
    if ref is None or (ref.id is None and ref.code is None and ref.name is None):
        return default
    found = [u for u in UNITS
             if (ref.id is None or u[0] == ref.id) and (ref.code is None or u[1] == ref.code)
             and (ref.name is None or u[2] == ref.name)]
    if not found:
        given = " and ".join(f"{key} '{str(value)[:20]}'" for key, value in
                             (("id", ref.id), ("code", ref.code), ("name", ref.name))
                             if value is not None)
        known = ", ".join(f"{code} ({name}, id {uid})" for uid, code, name in UNITS)
        raise invalid(f"No unit of measure has {given}; the units are {known}.",
                      field=f"{field}.uom")
    return found[0][1]
