"""`hr-mismatch-v1(count, kinds)`: employees whose HRIS record and payroll record disagree.

For each chosen person the truth changes (a raise, a promotion, a transfer or a
termination) and payroll holds them as they were before: its `Holding` is a snapshot taken
before the change. The change leaves mail to the payroll lead and an HR ticket (below).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from arcadia.world.model import CompRecord, Holding, JobRecord, SituationInstance
from arcadia.world.robotics.catalog import DEPARTMENTS, DepartmentShape
from arcadia.world.robotics.situations.traces import Traces
from arcadia.world.situations import Situation, holding_of
from arcadia.world.views import differences, person_record

if TYPE_CHECKING:
    from arcadia.world.model import Person
    from arcadia.world.world import World


MismatchKind = Literal["salary", "title", "department", "status"]
MISMATCH_KINDS: list[MismatchKind] = ["salary", "title", "department", "status"]


class HrMismatchParams(BaseModel):
    model_config = ConfigDict(extra="forbid")

    count: int = Field(4, ge=1, le=50, description="How many employees disagree.")
    kinds: list[MismatchKind] = Field(
        default_factory=lambda: list(MISMATCH_KINDS),
        min_length=1,
        description="Which fields may disagree; assigned round-robin over the employees.",
    )


def hr_mismatch(world: World, params: HrMismatchParams, rng: random.Random) -> SituationInstance:
    """Change the truth for each chosen person; payroll holds them as they were before.

    The HRIS holds the truth. Payroll's `Holding` is a snapshot taken before the change, so
    whatever the change touched (rows, department, manager, location, title, pay, status,
    benefits), payroll holds none of it and its stale side is one consistent past.
    """
    taken = {h.person_id for inst in world.situations for h in inst.holdings}
    kinds = [params.kinds[i % len(params.kinds)] for i in range(params.count)]
    rng.shuffle(kinds)
    anchors: list[dict[str, Any]] = []
    hidden: list[dict[str, Any]] = []
    holdings: list[Holding] = []
    changed: list[tuple[str, Person, Holding]] = []
    centres = {d.id: d.cost_centre_id for d in world.departments}
    for kind in kinds:
        reports = _reports(world)
        pool = [p for p in world.people
                if p.id not in taken and _eligible(world, p, kind, reports)]
        if not pool:
            raise ValueError(f"hr-mismatch-v1 needs {params.count} eligible employees; the "
                             f"world has too few for a {kind!r} mismatch")
        person = rng.choice(pool)
        taken.add(person.id)
        held = holding_of(world, "payroll", person)
        _MISMATCHES[kind](world, person, rng)
        holdings.append(held)
        changed.append((kind, person, held))
        truth = person_record(person, None, centres)
        stale = person_record(person, held, centres)
        anchors.append({"person_id": person.id, "name": person.name, "email": person.email,
                        "kind": kind})
        hidden.append({"person_id": person.id, "kind": kind,
                       "fields": [{"field": f, "hris": t, "payroll": s}
                                  for f, t, s in differences(stale, truth)]})
    _hr_traces(Traces(world, "hr-mismatch-v1", rng), changed)
    return SituationInstance("hr-mismatch-v1", params.model_dump(), anchors, hidden, holdings)


def payroll_lead(world: World) -> Person:
    """Who payroll questions go to: the first-line manager of the payroll team (else anyone
    active who administers payroll)."""
    admins = [p for p in world.people if p.status == "active" and "payroll" in p.roles]
    if not admins:
        raise ValueError("hr-mismatch-v1 needs someone who administers payroll")
    return next((p for p in admins if p.level == "M1" and "manager" in p.roles), admins[0])


def _effective(kind: str, p: Person) -> date:
    if kind == "status":
        assert p.termination_date is not None
        return p.termination_date
    return (p.comp_history if kind == "salary" else p.job_history)[-1].effective_date


def _when(d: date) -> str:
    return f"{d:%A, %B} {d.day}"


def _hr_traces(tr: Traces, changed: list[tuple[str, Person, Holding]]) -> None:
    """Each change payroll missed leaves a mail to the payroll lead: the employee asking
    about their raise, the manager about a promotion, the new manager about a transfer,
    the former manager about a leaver still on the payroll preview; and one HR ticket
    for the cases HR knows of. An already-answered pay question from someone whose
    records agree sits among them."""
    world, rng = tr.world, tr.rng
    lead = payroll_lead(world)
    people = {p.id: p for p in world.people}
    for kind, p, held in changed:
        on = _effective(kind, p)
        at = tr.sent_at(on + timedelta(days=2))
        old_job = held.job_history[-1]
        manager = people.get(p.manager_id or 0)
        old_manager = people.get(old_job.manager_id or 0)
        hi = f"Hi {lead.first_name},"
        if kind == "salary":
            subject = rng.choice(("My raise isn't on my pay stub",
                                  "Question about my last paycheck",
                                  "Merit increase not showing in payroll"))
            tr.mail(p, [lead], subject,
                    f"{hi}\n\nMy merit increase took effect on {_when(on)} and I can see it "
                    f"in the HRIS, but my latest pay stub still shows my old rate. Could "
                    f"payroll take a look before the next run?\n\nThanks,\n{p.first_name}",
                    at, cc=[manager] if manager else ())
        elif kind == "title" and manager is not None:
            tr.mail(manager, [lead], f"{p.name}: promotion not in payroll",
                    f"{hi}\n\n{p.first_name}'s promotion to {p.title} was effective "
                    f"{_when(on)} and HR has it in the HRIS, but payroll still lists "
                    f"{p.first_name} as {old_job.title}. Can you update payroll?\n\n"
                    f"Thanks,\n{manager.first_name}", at)
        elif kind == "department" and manager is not None:
            old_dept = world.department(old_job.department_id).name
            new_dept = world.department(p.department_id).name
            tr.mail(manager, [lead], f"Transfer: {p.name} joined {new_dept}",
                    f"{hi}\n\n{p.name} moved from {old_dept} to my team in {new_dept} on "
                    f"{_when(on)} (the HRIS has the new job). The payroll register I was "
                    f"sent still shows {p.first_name} under {old_dept}. Could you move "
                    f"{p.first_name} over?\n\nBest,\n{manager.first_name}", at,
                    cc=[old_manager] if old_manager and old_manager != manager else ())
        elif kind == "status" and old_manager is not None:
            tr.mail(old_manager, [lead], f"{p.name} still on the payroll preview",
                    f"{hi}\n\n{p.name}'s last day with us was {_when(on)}; HR processed "
                    f"the termination in the HRIS. {p.first_name} still shows as active on "
                    f"the preview for the upcoming payroll. Please make sure "
                    f"{p.first_name} is not paid past the last day.\n\n"
                    f"Thanks,\n{old_manager.first_name}", at, importance="high")
    hr = [q for q in world.people if q.status == "active" and "hr" in q.roles
          and q.level.startswith("IC") and q.team == "People Operations"]
    known = [(k, p) for k, p, _ in changed if k in ("title", "department", "status")]
    if hr and known:
        sender = rng.choice(hr)
        lines = "\n".join(f"- {p.name} ({p.employee_number}): "
                          f"{_TICKET[k]} effective {_effective(k, p).isoformat()}"
                          for k, p in known)
        last = max(_effective(k, p) for k, p in known)
        tr.mail(sender, [lead],
                f"[HR-{rng.randint(4100, 4899)}] Changes to sync to payroll",
                f"{hi}\n\nThese changes are entered in the HRIS and need to reach payroll "
                f"before the next run:\n\n{lines}\n\nThe HRIS record is the source of "
                f"truth for each.\n\n{sender.first_name}\nPeople Operations",
                tr.sent_at(last + timedelta(days=1)))
    _answered_question(tr, lead, {p.id for _, p, _ in changed})


_TICKET = {"title": "promotion", "department": "transfer", "status": "termination",
           "salary": "merit increase"}


def _answered_question(tr: Traces, lead: Person, skip: set[int]) -> None:
    """A distractor: someone else asked about their pay stub and payroll answered; their
    records agree."""
    world, rng = tr.world, tr.rng
    pool = [p for p in world.people if p.status == "active" and p.id not in skip
            and p.level.startswith("IC") and p.department_id != "EXE"
            and not any(h.person_id == p.id for inst in world.situations
                        for h in inst.holdings)]
    if not pool:
        return
    who = rng.choice(pool)
    asked = tr.sent_at(world.now.date() - timedelta(days=20),
                       world.now.date() - timedelta(days=10))
    q = tr.mail(who, [lead], "Question about my pay stub",
                f"Hi {lead.first_name},\n\nMy last pay stub shows a different net amount "
                f"than usual. Is something off with my pay?\n\nThanks,\n{who.first_name}",
                asked, read=True)
    tr.mail(lead, [who], "RE: Question about my pay stub",
            f"Hi {who.first_name},\n\nNothing is wrong with your pay: your rate in payroll "
            f"matches the HRIS. The difference is this year's benefit deductions, which "
            f"changed in January.\n\nBest,\n{lead.first_name}",
            asked + timedelta(hours=3), reply_to=q, read=True)


def _reports(world: World) -> dict[int, int]:
    """Current (not terminated) direct reports per manager id."""
    counts: dict[int, int] = {}
    for p in world.people:
        if p.manager_id is not None and p.status != "terminated":
            counts[p.manager_id] = counts.get(p.manager_id, 0) + 1
    return counts


def _eligible(world: World, p: Person, kind: str, reports: dict[int, int]) -> bool:
    if not (p.status == "active" and p.level.startswith("IC") and p.department_id != "EXE"
            and (world.now.date() - p.hire_date).days > 90 and p.id not in reports):
        return False
    if kind in ("department", "status"):
        # Leaving a team must not leave its manager with fewer than two reports.
        if reports.get(p.manager_id or 0, 0) < 3:
            return False
    if kind == "department":
        return p.pay_type == "salary"  # hourly pay exists only in manufacturing
    return True


def _on(world: World, p: Person, rng: random.Random) -> date:
    """A recent effective date, after every row the person already has."""
    recent = world.now.date() - timedelta(days=rng.randint(8, 40))
    latest = max([r.effective_date for r in p.job_history]
                 + [r.effective_date for r in p.comp_history])
    return min(max(recent, latest + timedelta(days=1)), world.now.date())


def _raise(world: World, p: Person, rng: random.Random) -> None:
    """A merit increase of 4-10% that keeps pay inside the person's band when it can."""
    band = next(b for b in world.bands if (b.department_id, b.level) == (p.department_id,
                                                                           p.level))
    annual = p.rate * (2080 if p.pay_type == "hourly" else 1)
    factors = [f for f in (1.04, 1.06, 1.08, 1.1) if annual * f <= band.maximum] or [1.04]
    factor = rng.choice(factors)
    p.rate = round(p.rate * factor, 2) if p.pay_type == "hourly" \
        else float(round(p.rate * factor / 500) * 500)
    p.comp_history.append(CompRecord(_on(world, p, rng), p.pay_type, p.rate, "Merit increase"))


def _promotion(world: World, p: Person, rng: random.Random) -> None:
    shape = _shape(p.department_id)
    level = int(p.level[2])
    if level == 5:  # at the top of the ladder: a lateral retitle instead
        new_level, new_title = p.level, f"Distinguished {shape.ic_titles[4].split(' ', 1)[1]}"
    else:
        new_level, new_title = f"IC{level + 1}", shape.ic_titles[level]
    p.title, p.level = new_title, new_level
    p.job_history.append(replace(p.job_history[-1], effective_date=_on(world, p, rng),
                                 title=new_title, level=new_level))


def _transfer(world: World, p: Person, rng: random.Random) -> None:
    """A lateral move: the new department's ladder, roles, manager, team, site and band."""
    # Manufacturing ICs are paid by the hour; a salaried transfer goes elsewhere.
    others = [d for d in DEPARTMENTS if d.id not in (p.department_id, "EXE", "MFG")]
    target = rng.choice(others)
    reports = _reports(world)
    managers = [m for m in world.people if m.department_id == target.id
                and m.level == "M1" and m.status == "active" and 0 < reports.get(m.id, 0) < 10]
    manager = rng.choice(managers) if managers else world.person(
        world.department(target.id).head_id or 0)
    on = _on(world, p, rng)
    p.department_id = target.id
    p.team = manager.team
    p.manager_id = manager.id
    p.location_id = manager.location_id
    p.cost_centre_id = world.department(target.id).cost_centre_id
    p.title = target.ic_titles[int(p.level[2]) - 1]
    p.roles = ("employee", *target.roles,
               *(role for team, role in target.team_roles if team == p.team))
    p.job_history.append(JobRecord(on, p.title, p.level, target.id, p.team, p.location_id,
                                   manager.id))
    band = next(b for b in world.bands if b.department_id == target.id and b.level == p.level)
    if p.rate < band.minimum or p.rate > band.maximum:  # into the new band, in steps of 500
        p.rate = float(-(-band.minimum // 500) * 500 if p.rate < band.minimum
                       else band.maximum // 500 * 500)
        p.comp_history.append(CompRecord(on, p.pay_type, p.rate, "Transfer"))


def _termination(world: World, p: Person, rng: random.Random) -> None:
    """The person leaves: no benefits and no time off after their last day."""
    p.status = "terminated"
    p.termination_date = last = _on(world, p, rng)
    world.enrolments[:] = [e for e in world.enrolments if e.person_id != p.id]
    world.time_off[:] = [t for t in world.time_off if t.person_id != p.id or t.end <= last]


def _shape(department_id: str) -> DepartmentShape:
    return next(d for d in DEPARTMENTS if d.id == department_id)


_MISMATCHES: dict[str, Callable[[World, Person, random.Random], None]] = {
    "salary": _raise,
    "title": _promotion,
    "department": _transfer,
    "status": _termination,
}


HR_MISMATCH = Situation(
    "hr-mismatch-v1",
    "Employees whose HRIS record (the truth) and payroll record disagree: a raise, a "
    "promotion, a transfer or a termination that payroll never heard about.",
    HrMismatchParams, hr_mismatch)
