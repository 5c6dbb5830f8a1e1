"""Last-change information: which employees changed since a timestamp, and their tables.

Driven by the HRIS's own bookkeeping: every write stamps the employee's `last_changed`
with the episode clock (`ctx.now`), and a new employee's `created` with the same clock, so
the answers replay identically. A seeded employee was created on their hire date and last
changed on their latest history entry (hire, jobInfo, compensation or employmentStatus
row), each at the seed's `CHANGED_AT` and never after the world's `now`. As in BambooHR, a
change to any field or table row of an employee marks the whole employee as changed; no
employee is ever deleted here, so `deleted` always answers an empty set.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from arcadia.apps.hris import tables
from arcadia.apps.kernel import Ctx, invalid, parse_timestamp

CHANGE_TYPES = ("inserted", "updated", "deleted", "all")


def parse_since(value: str) -> datetime:
    """An ISO 8601 timestamp (`2026-03-02T09:00:00Z`, with an offset, or a bare date) as
    naive UTC, the HRIS's world time."""
    try:
        return parse_timestamp(value, query=True)
    except ValueError:
        raise invalid(f"since must be an ISO 8601 timestamp such as 2026-03-01T00:00:00Z; "
                      f"got {value!r}.", "since") from None


def _stamp(text: str) -> str:
    """A stored naive-UTC timestamp in BambooHR's form, `2026-03-02T09:00:00+00:00`."""
    return datetime.fromisoformat(text).replace(tzinfo=UTC).isoformat()


def _changed(ctx: Ctx, since: datetime) -> list[tuple[int, datetime, datetime]]:
    """(id, created, last changed) of employees changed after `since`, by id."""
    out = []
    for eid, created, changed in ctx.rows(
            "SELECT id, created, last_changed FROM employee ORDER BY id"):
        last = datetime.fromisoformat(changed) if changed else None
        if last is not None and last > since:
            out.append((eid, datetime.fromisoformat(created) if created else last, last))
    return out


def changed_employees(*, ctx: Ctx, since: str, type: str | None) -> dict[str, Any]:
    """`{latest, employees: {id: {id, action, lastChanged}}}` for changes after `since`."""
    moment = parse_since(since)
    kind = (type or "all").strip().lower()
    if kind not in CHANGE_TYPES:
        raise invalid(f"type must be one of {', '.join(CHANGE_TYPES)}; got {type!r}.", "type")
    employees: dict[str, Any] = {}
    latest: datetime | None = None
    for eid, created, last in _changed(ctx, moment):
        action = "Inserted" if created > moment else "Updated"
        if kind not in ("all", action.lower()):
            continue
        employees[str(eid)] = {"id": str(eid), "action": action,
                               "lastChanged": _stamp(last.isoformat())}
        latest = last if latest is None or last > latest else latest
    return {"latest": _stamp((latest or moment).isoformat()), "employees": employees}


def changed_table(*, ctx: Ctx, alias: str, since: str) -> dict[str, Any]:
    """Every row of `alias` of each employee changed after `since` (that the caller may
    see), grouped by employee id with the employee's last-changed timestamp."""
    table = tables.table_or_404(alias)
    moment = parse_since(since)
    changed = {eid: last for eid, _, last in _changed(ctx, moment)}
    grouped: dict[str, Any] = {}
    for row in tables.visible_rows(ctx, table, set(changed)):
        entry = grouped.setdefault(row["employeeId"], {
            "lastChanged": _stamp(changed[int(row["employeeId"])].isoformat()), "rows": []})
        entry["rows"].append(row)
    return {"table": table.alias, "employees": grouped}
