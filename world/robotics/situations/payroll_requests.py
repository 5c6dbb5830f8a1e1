"""`payroll-requests-v1(...)`: employees' and managers' payroll requests in the payroll
lead's inbox, and Arcadia Robotics' payroll policy, which decides what may be done.

People Operations' policy mail (`POLICY`, every figure and rule here, once) sits in the
payroll lead's inbox beside the requests (`payroll_mail.py` writes them all):

- `bank`: an employee asks for their pay to go to a new bank account. A `legit` request
  comes from their own work e-mail; a `phish` one, worded the same and signed with their
  name, comes from a look-alike of the company's domain or a personal address. The policy:
  bank details change only on a request from the employee's own work e-mail; anything else
  is reported to IT Security, and nothing is changed.
- `home`: an employee has moved and mails the new home address and the date; for some, a
  second mail corrects the ZIP code the first got wrong. The policy: a move is added as a
  new address effective on the move date, never typed over the old one.
- `contractor`: a hiring manager sends a contractor's statement of work (name, e-mail,
  start date, hourly rate). A `signed` SOW is countersigned; an `unsigned` one is still out
  for signature. The policy: contractors are set up only from a SOW signed by both sides;
  otherwise the hiring manager is told why it waits.
- `termination`: a leaver whose termination HR entered in payroll with a mistyped date
  (the year one too high, so payroll still has them on its coming payrolls; the HRIS is
  right).
- `department`: a department head asks for one of their teams to be reported as its own
  payroll department, and lists its people.

Anchors name the people (and the contractor, the team); hidden facts hold what must be
found: the branch, the bank details, the corrected ZIP, the true and the mistyped date.
"""

from __future__ import annotations

__all__ = ["PAYROLL_REQUESTS", "POLICY", "POLICY_SUBJECT", "SITUATION_ID", "people_head",
           "security_contact"]

import random
from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from arcadia.world.model import Holding, SituationInstance
from arcadia.world.robotics.situations.hr_mismatch import payroll_lead
from arcadia.world.robotics.situations.payroll_mail import write_traces
from arcadia.world.robotics.situations.payroll_policy import (
    POLICY,
    POLICY_SUBJECT,
    SITUATION_ID,
    people_head,
    security_contact,
)
from arcadia.world.robotics.situations.traces import Traces
from arcadia.world.situations import Situation, holding_of

if TYPE_CHECKING:
    from arcadia.world.model import Person
    from arcadia.world.world import World

LOOKALIKE_DOMAINS = ("arcadia-robotlcs.com", "arcadiarobotics.co", "arcadia-robotics.net",
                     "arcadla-robotics.com")
PERSONAL_DOMAINS = ("gmail.com", "outlook.com", "yahoo.com", "proton.me")
STREETS = ("Maple Avenue", "Juniper Street", "Harbor View Road", "Old Mill Lane",
           "Linden Court", "Sycamore Drive", "Foundry Street", "Quarry Hill Road",
           "Chestnut Way", "Ridgeline Drive", "Willow Bend", "Beacon Street")
# Where a move may go: the states (and DC) whose two-letter code is no English word an
# instruction might hold ("in", "or", "me"), since the agent must read it, not be told it.
# The world's addresses include territories' codes, which payroll does not take.
US_STATES = frozenset((
    "AK AZ AR CA CT DC FL GA IL IA KS KY MI MN MS MT NE NV NH NJ NM NY NC ND RI SC SD TN "
    "TX UT VT VA WV WI WY").split())
CONTRACTOR_FIRST = ("Ines", "Tobias", "Marguerite", "Anselm", "Priyanka", "Oskar", "Lucia",
                    "Dmitri", "Noor", "Henrik")
CONTRACTOR_LAST = ("Vasquez-Lindqvist", "Okonkwo", "Thorvaldsen", "Castellanos",
                   "Abernethy", "Nakagawa", "Oyelaran", "Brandvold", "Iskandar",
                   "Fairweather")
CONTRACTOR_ROLES = ("technical writer", "FPGA consultant", "safety certification "
                    "consultant", "UX researcher", "machine vision consultant",
                    "localisation specialist")


class PayrollRequestsParams(BaseModel):
    model_config = ConfigDict(extra="forbid")

    bank: int = Field(4, ge=0, le=12, description="Bank change requests (alternately legit "
                      "and phishing, shuffled).")
    home: int = Field(3, ge=0, le=12, description="Home address moves.")
    contractor: int = Field(4, ge=0, le=12, description="Contractor SOWs (alternately "
                            "signed and unsigned, shuffled).")
    termination: int = Field(3, ge=0, le=12, description="Leavers (of the last 180 days) "
                             "with a mistyped payroll termination date, at most.")
    department: int = Field(1, ge=0, le=4, description="Teams to report as their own "
                            "payroll department.")


def routing_number(rng: random.Random) -> str:
    """A 9-digit ABA routing number whose check digit holds."""
    d = [rng.randint(0, 1)] + [rng.randint(0, 9) for _ in range(7)]
    partial = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + d[2] + d[5]
    return "".join(map(str, d)) + str((10 - partial % 10) % 10)


def mistyped(day: Any) -> Any:
    """The date with its year typed one too high (2027 for 2026): in payroll the leaver's
    termination has not taken effect yet, so they are still on the coming payrolls."""
    return day.replace(year=day.year + 1, day=min(day.day, 28) if day.month == 2 else day.day)


def _unique(world: World, p: Person) -> bool:
    return sum(q.name == p.name for q in world.people) == 1


def payroll_requests(world: World, params: PayrollRequestsParams, rng: random.Random
                     ) -> SituationInstance:
    lead = payroll_lead(world)
    security = security_contact(world)
    taken = {h.person_id for inst in world.situations for h in inst.holdings}
    taken |= {lead.id, security.id, people_head(world).id}
    staff = [p for p in world.people if p.status == "active" and p.id not in taken
             and "payroll" not in p.roles and _unique(world, p)
             and p.hire_date < world.now.date() - timedelta(days=60)]
    rng.shuffle(staff)
    anchors: list[dict[str, Any]] = []
    hidden: list[dict[str, Any]] = []
    holdings: list[Holding] = []

    def pick() -> Person:
        if not staff:
            raise ValueError(f"{SITUATION_ID}: the world has too few employees")
        p = staff.pop()
        taken.add(p.id)
        return p

    for i, branch in enumerate(_alternating(params.bank, ("legit", "phish"), rng)):
        p = pick()
        sender = p.email
        if branch == "phish":
            user = p.email.split("@")[0]
            home = p.personal.home_email if p.personal else None
            sender = (f"{user}@{LOOKALIKE_DOMAINS[i % len(LOOKALIKE_DOMAINS)]}" if i % 4 < 2
                      else home or f"{user.replace('.', '')}@{rng.choice(PERSONAL_DOMAINS)}")
        account = "".join(str(rng.randint(0, 9)) for _ in range(rng.randint(8, 12)))
        anchors.append({"kind": "bank", "person_id": p.id, "name": p.name, "email": p.email})
        hidden.append({"kind": "bank", "person_id": p.id, "branch": branch, "sender": sender,
                       "routing_number": routing_number(rng), "account_number": account,
                       "account_type": rng.choice(("Checking", "Savings"))})
    for i in range(params.home):
        p = pick()
        donor = rng.choice([q for q in world.people if q.home_state in US_STATES
                            and q.home_city != p.home_city])
        street = f"{rng.randint(12, 4980)} {rng.choice(STREETS)}"
        moved = world.now.date() - timedelta(days=rng.randint(3, 20))
        corrected = i % 2 == 0
        wrong_zip = donor.home_zip[:3] + donor.home_zip[4] + donor.home_zip[3] \
            if donor.home_zip[3] != donor.home_zip[4] else donor.home_zip[:4] + str(
                (int(donor.home_zip[4]) + 1) % 10)
        anchors.append({"kind": "home", "person_id": p.id, "name": p.name, "email": p.email})
        hidden.append({"kind": "home", "person_id": p.id, "street_1": street,
                       "city": donor.home_city, "state": donor.home_state,
                       "zip": donor.home_zip, "first_zip": wrong_zip if corrected else None,
                       "effective_date": moved.isoformat()})
    firsts, lasts = list(CONTRACTOR_FIRST), list(CONTRACTOR_LAST)
    rng.shuffle(firsts)
    rng.shuffle(lasts)
    names = {p.name for p in world.people}
    managers = [p for p in world.people if p.status == "active" and "manager" in p.roles
                and p.id not in taken and p.level in ("M1", "M2") and _unique(world, p)]
    rng.shuffle(managers)
    for i, branch in enumerate(_alternating(params.contractor, ("signed", "unsigned"), rng)):
        first, last = firsts[i % len(firsts)], lasts[i % len(lasts)]
        if f"{first} {last}" in names or not managers:
            raise ValueError(f"{SITUATION_ID}: cannot name contractor {i}")
        boss = managers.pop()
        taken.add(boss.id)
        domain = f"{last.lower().replace('-', '')}consulting.com"
        rate = rng.choice((55, 62.5, 70, 78, 85, 92.5, 105, 120))
        start = world.now.date() + timedelta(days=rng.randint(7, 21))
        anchors.append({"kind": "contractor", "name": f"{first} {last}", "first": first,
                        "last": last, "manager_id": boss.id, "manager": boss.name,
                        "manager_email": boss.email})
        hidden.append({"kind": "contractor", "branch": branch,
                       "email": f"{first.lower()}@{domain}", "hourly_rate": f"{rate:.2f}",
                       "start_date": start.isoformat(),
                       "role": CONTRACTOR_ROLES[i % len(CONTRACTOR_ROLES)],
                       "manager_id": boss.id})
    leavers = [p for p in world.people if p.status == "terminated" and p.id not in taken
               and p.termination_date is not None and _unique(world, p)
               and world.now.date() - timedelta(days=180) <= p.termination_date
               < world.now.date()]
    rng.shuffle(leavers)
    for p in leavers[:params.termination]:  # as many as the world has, up to the count
        taken.add(p.id)
        assert p.termination_date is not None
        wrong = mistyped(p.termination_date)
        holdings.append(replace(holding_of(world, "payroll", p), termination_date=wrong))
        anchors.append({"kind": "termination", "person_id": p.id, "name": p.name,
                        "email": p.email})
        hidden.append({"kind": "termination", "person_id": p.id,
                       "termination_date": p.termination_date.isoformat(),
                       "payroll_date": wrong.isoformat()})
    for dept in _teams(world, taken, params.department, rng):
        anchors.append({"kind": "department", **dept["anchor"]})
        hidden.append({"kind": "department", **dept["hidden"]})
    write_traces(Traces(world, SITUATION_ID, rng), anchors, hidden)
    return SituationInstance(SITUATION_ID, params.model_dump(), anchors, hidden, holdings)


def _alternating(n: int, branches: tuple[str, str], rng: random.Random) -> list[str]:
    out = [branches[i % 2] for i in range(n)]
    rng.shuffle(out)
    return out


def _teams(world: World, taken: set[int], n: int, rng: random.Random
           ) -> list[dict[str, Any]]:
    """Teams of three to eight active people, with a manager, named unlike any department:
    the head asks for each to be its own payroll department."""
    depts = {d.name for d in world.departments}
    by_team: dict[tuple[str, str], list[Person]] = {}
    for p in world.people:
        if p.status == "active" and p.level.startswith("IC"):
            by_team.setdefault((p.department_id, p.team), []).append(p)
    fits = [(k, v) for k, v in sorted(by_team.items())
            if 3 <= len(v) <= 8 and k[1] not in depts and "Leadership" not in k[1]
            and not any(p.id in taken for p in v) and all(_unique(world, p) for p in v)]
    rng.shuffle(fits)
    out = []
    for (dept_id, team), members in fits[:n]:
        boss = next((world.person(p.manager_id) for p in members if p.manager_id), None)
        if boss is None or boss.id in taken or boss.status != "active":
            continue
        taken.update(p.id for p in members)
        taken.add(boss.id)
        members = sorted(members, key=lambda p: p.name)
        out.append({"anchor": {"team": team, "head_id": boss.id, "head": boss.name,
                               "head_email": boss.email},
                    "hidden": {"department_id": dept_id,
                               "member_ids": [p.id for p in members],
                               "members": [p.name for p in members]}})
    return out


PAYROLL_REQUESTS = Situation(
    SITUATION_ID,
    "Payroll requests in the payroll lead's inbox (bank changes, some of them phishing; "
    "home moves; contractor SOWs, signed or not; a mistyped termination date; a team to "
    "report as its own department) and People Ops' payroll policy that decides them.",
    PayrollRequestsParams, payroll_requests)
