"""`crew_world(spec)`: the restaurant's people as a `World` — one manager and the crew.

The manager (manager@arcadia-kitchen.example) is the actor of every restaurant task; the
crew are the workers named in the case files. No Faker, no clock: the same spec, the same
world.
"""

from __future__ import annotations

from datetime import date

from arcadia.world.model import (
    BankAccount,
    CompRecord,
    Department,
    JobRecord,
    Location,
    Person,
    WorldSpec,
)
from arcadia.world.restaurant.cases import CASE_IDS, load_case
from arcadia.world.restaurant.situations import apply_restaurant_situations
from arcadia.world.world import World

DOMAIN = "arcadia-kitchen.example"
MANAGER_EMAIL = f"manager@{DOMAIN}"
OPENED = date(2019, 5, 6)
LOCATION = Location("LOC-KIT", "Arcadia Kitchen", "Pittsburgh", "PA", "US", "America/New_York")
DEPARTMENT = Department("KIT", "Kitchen & Floor", "CC-KIT", head_id=1)


def _workers() -> list[tuple[str, str]]:
    """(name, home station) of every worker in any case, in first-seen order."""
    seen: dict[str, str] = {}
    for case_id in CASE_IDS:
        for w in load_case(case_id).crew:
            seen.setdefault(w["worker"], w["station"])
    return list(seen.items())


def _person(
    pid: int,
    first: str,
    title: str,
    email: str,
    manager: int | None,
    roles: tuple[str, ...],
    rate: float,
    pay_type: str,
) -> Person:
    hired = date(OPENED.year + pid % 5, 1 + pid % 12, 1 + pid % 27)
    return Person(
        id=pid,
        employee_number=f"K{pid:04d}",
        first_name=first,
        last_name="Kitchen" if pid > 1 else "Manager",
        email=email,
        work_phone=f"+1-412-555-{1000 + pid:04d}",
        birth_date=date(1985 + pid % 15, 1 + pid % 12, 1 + pid % 28),
        home_street=f"{100 + pid} Penn Ave",
        home_city="Pittsburgh",
        home_state="PA",
        home_zip="15222",
        hire_date=hired,
        status="active",
        termination_date=None,
        department_id=DEPARTMENT.id,
        team="Floor",
        title=title,
        level="M1" if manager is None else "IC2",
        manager_id=manager,
        location_id=LOCATION.id,
        cost_centre_id=DEPARTMENT.cost_centre_id,
        pay_type=pay_type,
        rate=rate,
        flsa="Exempt" if manager is None else "Nonexempt",
        roles=roles,
        bank=BankAccount("043000096", f"{9000000 + pid}", "Checking"),
        job_history=[
            JobRecord(
                hired,
                title,
                "M1" if manager is None else "IC2",
                DEPARTMENT.id,
                "Floor",
                LOCATION.id,
                manager,
            )
        ],
        comp_history=[CompRecord(hired, pay_type, rate, "Hire")],
    )


def crew_world(spec: WorldSpec) -> World:
    """The restaurant's people: person 1 is the shift manager, then the crew."""
    people = [
        _person(
            1,
            "Shift",
            "Shift Manager",
            MANAGER_EMAIL,
            None,
            ("employee", "shift_manager"),
            62000.0,
            "salary",
        )
    ]
    for index, (name, station) in enumerate(_workers(), start=2):
        people.append(
            _person(
                index,
                name.capitalize(),
                "Crew (on call)" if station == "off" else f"Crew ({station})",
                f"{name}@{DOMAIN}",
                1,
                ("employee",),
                18.0,
                "hourly",
            )
        )
    world = World(
        spec=spec,
        company_name="Arcadia Kitchen",
        domain=DOMAIN,
        locations=[LOCATION],
        departments=[DEPARTMENT],
        cost_centres=[],
        bands=[],
        people=people,
        benefits=[],
        enrolments=[],
        time_off=[],
    )
    # The shift the world runs (`restaurant-shift-v1`): validated, and kept as an instance.
    apply_restaurant_situations(world)
    return world
