"""`robotics_world(spec) -> World`: Arcadia Robotics, a pure, deterministic function of the spec.

The org chart and its people first (`random.Random(spec.seed)` and a Faker seeded alike),
then each app's truth on a stream of its own (personal facts, hiring, procurement, mail and
calendars, spreadsheets), then the spec's situations (`SITUATIONS`).
"""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import dataclass
from datetime import date, timedelta

from faker import Faker

from arcadia.world.model import (
    BankAccount,
    BenefitPlan,
    CompBand,
    CompRecord,
    CostCentre,
    Department,
    Enrolment,
    JobRecord,
    Location,
    Person,
    TimeOffRequest,
    WorldSpec,
)
from arcadia.world.personal import draw_personal
from arcadia.world.robotics.catalog import (
    BENEFITS,
    CEO_ID,
    DEPARTMENTS,
    IC_WEIGHTS,
    LEVEL_PAY,
    LEVELS,
    LOCATIONS,
    DepartmentShape,
)
from arcadia.world.robotics.comms import generate_comms
from arcadia.world.robotics.hiring import generate_hiring
from arcadia.world.robotics.procurement import generate_procurement
from arcadia.world.robotics.sheets import generate_sheets
from arcadia.world.robotics.situations import SITUATIONS
from arcadia.world.situations import apply_situation
from arcadia.world.world import World

FOUNDED = date(2012, 4, 2)
DOMAIN = "arcadia-robotics.com"
MIN_HEADCOUNT = 40


@dataclass
class _Slot:
    """A position in the org chart before a person is drawn into it."""

    dept: DepartmentShape
    manager: int | None  # index into the slot list
    level: str
    team: str
    location_id: str
    has_reports: bool = False
    title: str = ""


def robotics_world(spec: WorldSpec) -> World:
    """Build Arcadia Robotics from `spec`; the same spec always gives the same world."""
    if spec.headcount < MIN_HEADCOUNT:
        raise ValueError(f"headcount must be at least {MIN_HEADCOUNT}, got {spec.headcount}")
    rng = random.Random(spec.seed)
    fake = Faker("en_US")
    fake.seed_instance(spec.seed)
    today = spec.now.date()

    slots = _org_chart(spec.headcount, rng)
    people = _draw_people(slots, rng, fake, today)
    departments, cost_centres = _departments(people, rng)
    world = World(
        spec=spec,
        company_name="Arcadia Robotics",
        domain=DOMAIN,
        locations=[Location(i, n, c, s, "US", tz) for i, n, c, s, tz in LOCATIONS],
        departments=departments,
        cost_centres=cost_centres,
        bands=_bands(),
        people=people,
        benefits=[BenefitPlan(*b) for b in BENEFITS],
        enrolments=_enrolments(people, rng),
        time_off=_time_off(people, rng, today),
    )
    draw_personal(people, spec.seed, today)
    world.hiring = generate_hiring(world)  # its own stream: nothing above changes
    world.procurement = generate_procurement(world)  # its own stream too
    world.comms = generate_comms(world)  # mail and calendars: its own stream
    world.sheets = generate_sheets(world)  # the company's spreadsheets: its own stream
    for situation in spec.situations:
        apply_situation(world, situation, SITUATIONS)
    return world


def _headcounts(total: int) -> dict[str, int]:
    """People per department below its head (largest remainder over the shares)."""
    exec_staff = 3  # chief of staff and two executive assistants
    heads = len(DEPARTMENTS)  # the CEO heads the executive department
    rest = total - heads - exec_staff
    total_share = sum(d.share for d in DEPARTMENTS)
    shares = [(d.id, d.share * rest / total_share) for d in DEPARTMENTS if d.share > 0]
    counts = {i: int(s) for i, s in shares}
    by_remainder = sorted(shares, key=lambda x: (-(x[1] - int(x[1])), x[0]))
    for i, _ in by_remainder[: rest - sum(counts.values())]:
        counts[i] += 1
    # Every department head manages at least two people, even in a small world.
    for i, _ in shares:
        while counts[i] < 2:
            counts[i] += 1
            counts[max(counts, key=lambda d: (counts[d], d))] -= 1
    counts["EXE"] = exec_staff
    return counts


def leadership_team(dept: DepartmentShape) -> str:
    """The team a department head sits in: the department's own, not an operational one."""
    return dept.teams[0] if dept.id == "EXE" else f"{dept.name} Leadership"


def _org_chart(headcount: int, rng: random.Random) -> list[_Slot]:
    exe = next(d for d in DEPARTMENTS if d.id == "EXE")
    slots = [_Slot(exe, None, "E1", exe.teams[0], "LOC-PIT", title=exe.head_title)]
    counts = _headcounts(headcount)
    for dept in DEPARTMENTS:
        if dept.id == "EXE":
            # The chief of staff reports to the CEO; the assistants to the chief of staff.
            slots.append(_Slot(dept, 0, "M1", dept.teams[0], "LOC-PIT", title="Chief of Staff"))
            chief = len(slots) - 1
            for _ in range(counts[dept.id] - 1):
                slots.append(_Slot(dept, chief, rng.choice(("IC2", "IC3")), dept.teams[0],
                                   "LOC-PIT"))
            continue
        slots.append(_Slot(dept, 0, "E1", leadership_team(dept), dept.locations[0],
                           title=dept.head_title))
        _place(slots, len(slots) - 1, counts[dept.id], depth=1, rng=rng)
    for slot in slots:
        if slot.manager is not None:
            slots[slot.manager].has_reports = True
    for slot in slots:
        # Managers of managers are directors.
        if slot.has_reports and slot.manager is not None and slots[slot.manager].level == "M1":
            slots[slot.manager].level = "M2"
    for slot in slots:
        if not slot.title:
            slot.title = _title(slot)
    return slots


def _place(slots: list[_Slot], parent: int, n: int, depth: int, rng: random.Random) -> None:
    """Put `n` people under `parent`, each manager leading about 5-9 people.

    A small group is one team of ICs. A larger one gives the parent a span of 5-9 direct
    reports: as few sub-managers as can lead the rest in teams of up to about nine, and
    ICs in the other seats. Mean span about 7, so managers are about one person in seven.
    """
    dept = slots[parent].dept
    if n <= 0:
        return
    if n <= 10:
        # A head without sub-teams runs the department's first team directly.
        team = dept.teams[0] if depth == 1 else slots[parent].team
        for _ in range(n):
            slots.append(_Slot(dept, parent, _ic_level(rng), team, slots[parent].location_id))
        return
    span = min(rng.randint(5, 9), n - 2)
    rest = n - span  # people below the sub-managers
    k = min(span, -(-rest // 9))
    weights = [rng.uniform(0.85, 1.15) for _ in range(k)]
    sizes = [2 + int((rest - 2 * k) * w / sum(weights)) for w in weights]
    sizes[0] += rest - sum(sizes)
    for i in range(k):
        team = dept.teams[i % len(dept.teams)] if depth == 1 else slots[parent].team
        location = dept.locations[i % len(dept.locations)] if depth == 1 \
            else slots[parent].location_id
        slots.append(_Slot(dept, parent, "M1", team, location))
        _place(slots, len(slots) - 1, sizes[i], depth + 1, rng)
    for _ in range(span - k):
        slots.append(_Slot(dept, parent, _ic_level(rng), slots[parent].team,
                           slots[parent].location_id))


def _ic_level(rng: random.Random) -> str:
    return rng.choices(LEVELS[:5], weights=IC_WEIGHTS)[0]


def _title(slot: _Slot) -> str:
    if slot.level.startswith("IC"):
        return slot.dept.ic_titles[int(slot.level[2]) - 1]
    if slot.level == "M2":
        return f"{slot.dept.director_title}, {slot.team}"
    return f"{slot.dept.manager_title}, {slot.team}"


def _ascii(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z]", "", folded.lower())


def _draw_people(slots: list[_Slot], rng: random.Random, fake: Faker, today: date) -> list[Person]:
    used_emails: set[str] = set()
    people: list[Person] = []
    # Reports each manager keeps: a leaver may not leave their manager with fewer than two.
    staying = [0] * len(slots)
    for slot in slots:
        if slot.manager is not None:
            staying[slot.manager] += 1
    for index, slot in enumerate(slots):
        first, last = fake.first_name(), fake.last_name()
        base = f"{_ascii(first)}.{_ascii(last)}"
        email, n = base, 1
        while email in used_emails:
            n += 1
            email = f"{base}{n}"
        used_emails.add(email)
        person = _person(index, slot, first, last, f"{email}@{DOMAIN}", rng, fake, today,
                         may_leave=slot.manager is not None and staying[slot.manager] > 2)
        if person.status == "terminated" and slot.manager is not None:
            staying[slot.manager] -= 1
        people.append(person)
    return people


def _person(index: int, slot: _Slot, first: str, last: str, email: str,
            rng: random.Random, fake: Faker, today: date, may_leave: bool) -> Person:
    span = (today - FOUNDED).days
    if slot.level == "E1":
        hire = FOUNDED + timedelta(days=rng.randint(0, 900))
    elif slot.level.startswith("M"):
        hire = FOUNDED + timedelta(days=rng.randint(200, span - 365))
    else:
        hire = today - timedelta(days=min(span - 30, 14 + int(rng.expovariate(1 / 900))))
    status, termination = "active", None
    if not slot.has_reports and slot.level.startswith("IC") and (today - hire).days > 120:
        roll = rng.random()
        if roll < 0.025 and may_leave:
            status = "terminated"
            termination = today - timedelta(days=rng.randint(5, 110))
        elif roll < 0.045:
            status = "on_leave"
    age_at_hire = rng.randint(21, 48)
    birth = hire - timedelta(days=365 * age_at_hire + rng.randint(0, 364))
    hourly = slot.dept.hourly_ic3 is not None and slot.level.startswith("IC")
    if hourly:
        assert slot.dept.hourly_ic3 is not None
        rate = round(slot.dept.hourly_ic3 * LEVEL_PAY[slot.level] * rng.uniform(0.9, 1.1) * 4) / 4
    else:
        mid = _midpoint(slot.dept, slot.level)
        rate = float(round(mid * rng.uniform(0.86, 1.14) / 500) * 500)
    job_history, comp_history = _history(slot, hire, rate, hourly, rng, termination or today)
    roles = ["employee"]
    if slot.has_reports:
        roles.append("manager")
    roles += list(slot.dept.roles)
    if slot.level == "E1":
        # Heads lead the department; they do not work in its operational teams.
        roles += [] if "exec" in roles else ["exec"]
    else:
        roles += [role for team, role in slot.dept.team_roles if team == slot.team]
    person_id = CEO_ID + index
    return Person(
        id=person_id,
        employee_number=f"AR{index + 1:04d}",
        first_name=first,
        last_name=last,
        email=email,
        work_phone=fake.numerify("412-555-####"),
        birth_date=birth,
        home_street=fake.street_address(),
        home_city=fake.city(),
        home_state=fake.state_abbr(include_territories=False),
        home_zip=fake.zipcode(),
        hire_date=hire,
        status=status,
        termination_date=termination,
        department_id=slot.dept.id,
        team=slot.team,
        title=slot.title,
        level=slot.level,
        manager_id=None if slot.manager is None else CEO_ID + slot.manager,
        location_id=slot.location_id,
        cost_centre_id=_cost_centre_id(slot.dept.id),
        pay_type="hourly" if hourly else "salary",
        rate=rate,
        flsa="Nonexempt" if hourly else "Exempt",
        roles=tuple(roles),
        bank=BankAccount(
            routing_number=fake.aba(),
            account_number="".join(str(rng.randint(0, 9)) for _ in range(rng.randint(9, 12))),
            account_type="Checking" if rng.random() < 0.85 else "Savings",
        ),
        job_history=job_history,
        comp_history=comp_history,
    )


def _history(slot: _Slot, hire: date, rate: float, hourly: bool, rng: random.Random,
             until: date) -> tuple[list[JobRecord], list[CompRecord]]:
    """Job and pay rows from hire to `until` (now, or the last day), ending at the current
    title and rate."""
    def job(on: date, title: str, level: str) -> JobRecord:
        return JobRecord(on, title, level, slot.dept.id, slot.team, slot.location_id,
                         None if slot.manager is None else CEO_ID + slot.manager)

    pay_type = "hourly" if hourly else "salary"
    raises = [d for d in (date(y, 1, 1) for y in range(hire.year + 1, until.year + 1))
              if d <= until][-3:]
    promoted = (slot.level in ("IC2", "IC3", "IC4", "IC5") and len(raises) >= 2
                and rng.random() < 0.35)
    promo_on = raises[rng.randrange(len(raises))] if promoted else None
    steps: list[tuple[date, str]] = [(d, "Promotion" if d == promo_on else "Merit increase")
                                     for d in raises]
    comp: list[CompRecord] = []
    current = rate
    for on, reason in reversed(steps):
        comp.append(CompRecord(on, pay_type, current, reason))
        factor = 1.12 if reason == "Promotion" else rng.uniform(1.02, 1.05)
        current = (round(current / factor, 2) if hourly
                   else float(round(current / factor / 100) * 100))
    comp.append(CompRecord(hire, pay_type, current, "Hire"))
    comp.reverse()
    jobs = [job(hire, slot.title, slot.level)]
    if promo_on is not None:
        level = int(slot.level[2]) - 1
        jobs = [job(hire, slot.dept.ic_titles[level - 1], f"IC{level}"),
                job(promo_on, slot.title, slot.level)]
    return jobs, comp


def _midpoint(dept: DepartmentShape, level: str) -> int:
    return int(round(dept.ic3_salary * LEVEL_PAY[level] / 1000) * 1000)


def _bands() -> list[CompBand]:
    """Annual pay bands per department and level (hourly roles annualised at 2,080 h)."""
    bands = []
    for dept in DEPARTMENTS:
        for level in LEVELS:
            if dept.hourly_ic3 is not None and level.startswith("IC"):
                mid = int(round(dept.hourly_ic3 * 2080 * LEVEL_PAY[level] / 1000) * 1000)
            else:
                mid = _midpoint(dept, level)
            bands.append(CompBand(dept.id, level, int(mid * 0.8), mid, int(mid * 1.2)))
    return bands


def _cost_centre_id(department_id: str) -> str:
    index = next(i for i, d in enumerate(DEPARTMENTS) if d.id == department_id)
    return f"CC-{1000 + 100 * index}"


def _departments(people: list[Person], rng: random.Random
                 ) -> tuple[list[Department], list[CostCentre]]:
    departments, centres = [], []
    for dept in DEPARTMENTS:
        members = [p for p in people if p.department_id == dept.id]
        head = next(p.id for p in members if p.level == "E1")
        payroll = sum(p.rate * (2080 if p.pay_type == "hourly" else 1) for p in members)
        budget = int(round(payroll * rng.uniform(0.25, 0.6) / 10_000) * 10_000)
        centres.append(CostCentre(_cost_centre_id(dept.id), f"{dept.name} Operations",
                                  dept.id, budget))
        departments.append(Department(dept.id, dept.name, _cost_centre_id(dept.id), head))
    return departments, centres


def _enrolments(people: list[Person], rng: random.Random) -> list[Enrolment]:
    rows = []
    for p in people:
        if p.status == "terminated":
            continue
        roll = rng.random()
        if roll < 0.55:
            rows.append(Enrolment(p.id, "BEN-MED-PPO"))
        elif roll < 0.9:
            rows.append(Enrolment(p.id, "BEN-MED-HDHP"))
        for benefit, chance in (("BEN-DEN", 0.8), ("BEN-VIS", 0.6), ("BEN-401K", 0.75)):
            if rng.random() < chance:
                rows.append(Enrolment(p.id, benefit))
    return rows


def _time_off(people: list[Person], rng: random.Random, today: date) -> list[TimeOffRequest]:
    rows: list[TimeOffRequest] = []
    for p in people:
        if p.status == "terminated" or rng.random() > 0.35:
            continue
        for _ in range(1 if rng.random() < 0.8 else 2):
            start = today + timedelta(days=rng.randint(-60, 75))
            while start.weekday() >= 5:
                start += timedelta(days=1)
            days = rng.randint(1, 5)
            kind = rng.choices(("Vacation", "Sick", "Personal"), weights=(0.7, 0.2, 0.1))[0]
            if start < today:
                status = rng.choices(("approved", "denied", "canceled"), (0.88, 0.06, 0.06))[0]
            else:
                status = rng.choice(("requested", "approved"))
            rows.append(TimeOffRequest(len(rows) + 1, p.id, kind, start,
                                       start + timedelta(days=days - 1), days, status,
                                       "" if kind != "Vacation" else fake_note(rng)))
    return rows


def fake_note(rng: random.Random) -> str:
    return rng.choice(("Family trip", "Long weekend", "Wedding", "Moving house", "", "Holiday"))
