"""What Arcadia Robotics' goal kinds and add-ons share: the HRIS's base path, a person as
the walk's subject, actors chosen by role, a person's HRIS field read the least-used way,
mail archived, the only mail of its kind, and a meeting slot."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.goals import Candidate
from arcadia.taskgen.walk import Subject, Walker
from arcadia.world import Person, World
from arcadia.world.comms import Mail

HRIS = "/api/gateway.php/{domain}/v1"
MEETING_TZ = "America/New_York"


def person_subject(p: Person) -> Subject:
    """What a colleague knows of a person: name and work email."""
    return Subject(f"person:{p.id}", "person", said={"Email": p.email, "PersonName": p.name})


def first_name(p: Person) -> str:
    return p.name.split()[0]


def actor_with(world: World, roles: tuple[str, ...], *, not_ids: set[int] | None = None,
               key: str = "") -> Person:
    """An active person holding every role in `roles`, chosen by a stable key."""
    pool = [p for p in world.people if p.status != "terminated"
            and all(r in p.roles for r in roles) and p.id not in (not_ids or set())]
    if not pool:
        raise LookupError(f"no active person holds {roles}")
    return pool[int.from_bytes(key.encode()[:4].ljust(4, b"\0"), "big") % len(pool)]


def manager_of(world: World, p: Person) -> Person | None:
    if p.manager_id is None:
        return None
    m = world.person(p.manager_id)
    return m if m.status != "terminated" else None


async def hris_field(w: Walker, c: Candidate, field: str) -> dict[str, object]:
    """A binding to the subject's HRIS `field`, read the way used least so far in this
    situation: the employee record with `fields=`, or a custom report picked by work email
    (which also finds leavers, whom the directory leaves out)."""
    domain = w.ambient.said["CompanyDomain"]
    if w.usage["hris_get_employee"] <= w.usage["hris_create_custom_report"] and \
            c.facts.get("kind") != "status":
        emp = await w.need(c.subject, "EmployeeId")
        step = await w.run(Step(app="hris", method="GET", path=f"{HRIS}/employees/{{id}}",
                                params={"domain": domain, "id": emp},
                                query={"fields": field}))
        w.usage["hris_get_employee"] += 1
        return {"$from": str(step.step.id), "path": field}
    step = await w.run(Step(app="hris", method="POST", path=f"{HRIS}/reports/custom",
                            params={"domain": domain}, query={"format": "JSON"},
                            body={"title": "Payroll check", "fields": ["workEmail", field]}))
    w.usage["hris_create_custom_report"] += 1
    return {"$from": str(step.step.id),
            "path": f"employees[?workEmail=='{c.slots['email']}'].{field}"}


async def archive(w: Walker, message: dict[str, Any]) -> None:
    """Move the bound message to the actor's Archive folder (found by its name)."""
    folders = await w.run(Step(app="mail", method="GET", path="/v1.0/me/mailFolders",
                               query={"$filter": "displayName eq 'Archive'"}))
    await w.run(Step(app="mail", method="POST", path="/v1.0/me/messages/{id}/move",
                     params={"id": message},
                     body={"destinationId": {"$from": str(folders.step.id),
                                             "path": "value[0].id"}}))


def meeting_slot(world: World) -> tuple[datetime, str]:
    """The first weekday at least two days after `now`, 10:00 in New York."""
    day = world.now.date() + timedelta(days=2)
    while day.weekday() >= 5:
        day += timedelta(days=1)
    start = datetime.combine(day, time(10, 0))  # wall time in MEETING_TZ, as Graph takes it
    return start, day.strftime("%A %d %B %Y").replace(" 0", " ")


def only_such(world: World, me: str, m: Mail) -> bool:
    """`m` is the only mail to `me` from its sender with its subject: a filter on sender and
    subject finds it alone."""
    same = [x for x in world.comms.mail if any(t.address == me for t in x.to)
            and x.sender.address == m.sender.address and x.subject == m.subject]
    return len(same) == 1
