"""`leave-requests-v1(count)`: pending time off across several managers' reports, and
Arcadia Robotics' leave policy, planted where staff find it (People Operations' mail).

The policy (`POLICY`, its figures in one place: `MAX_OUT`, the blackout windows the
situation draws) binds every decision on a vacation request:

1. the employee's vacation balance must cover the request (the HRIS's balance, as of the
   request's last day);
2. no vacation in the employee's team's blackout window;
3. at most `MAX_OUT` people of one team may be on approved time off on any one day, so a
   request that would make one more is declined;
4. a denied request is explained to the employee.

It plants, for `count` managers of distinct teams, one pending vacation request of a
direct report, each with one outcome (rotating, and each round of four asked of the
manager or of People Operations' partner in turn): `fits` (nothing stands in the way),
`short` (an approved week taken earlier this year leaves too little balance), `window`
(it overlaps the team's blackout window) or `crowded` (two teammates are already out on
one of its days); the codes are words no instruction uses. The blackout of a team with
no blackout request sits just after an approvable request (a near miss). One more
manager's team (`team`) has exactly three pending requests: one fits, one is short, one
falls in the team's window. Besides, for People Operations' partner (`hr_partner`):

- `sick`: employees who mailed the partner about a sick day they never logged;
- `dates`: employees whose pending vacation request went in for the wrong week, and who
  mailed the partner the right one (each also has an approved personal day later on, left
  alone);
- `cancel`: employees whose approved vacation ahead is off (their mail asks the partner to
  cancel it; an approved personal day before it stays).
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from arcadia.world.model import SituationInstance, TimeOffRequest
from arcadia.world.robotics.situations.traces import Traces
from arcadia.world.situations import Situation

if TYPE_CHECKING:
    from arcadia.world.model import Person
    from arcadia.world.world import World

SITUATION_ID = "leave-requests-v1"
MAX_OUT = 2  # people of one team on approved time off on one day, at most
OUTCOMES = ("fits", "short", "window", "crowded")
BLACKOUT_WHY = ("release week", "quarter-end close", "customer acceptance tests", "line changeover")
POLICY_SUBJECT = "Leave policy: how we decide time off requests"


class LeaveRequestsParams(BaseModel):
    model_config = ConfigDict(extra="forbid")

    count: int = Field(16, ge=1, le=32, description="Managers with a pending request.")
    others: int = Field(4, ge=0, le=12, description="Sick days and wrong-date requests, each.")


def _weekday_on_or_after(day: date) -> date:
    while day.weekday() >= 5:
        day += timedelta(days=1)
    return day


def _days(start: date, end: date) -> list[date]:
    return [start + timedelta(days=i) for i in range((end - start).days + 1)]


def _weekdays(start: date, n: int) -> date:
    """The last day of `n` weekdays from `start` (a weekday)."""
    day, left = start, n - 1
    while left:
        day += timedelta(days=1)
        left -= day.weekday() < 5
    return day


def fmt_span(a: date, b: date) -> str:
    return (
        f"{a.day} {a:%B}"
        if a == b
        else (f"{a.day}-{b.day} {b:%B}" if a.month == b.month else f"{a.day} {a:%B}-{b.day} {b:%B}")
    )


def hr_partner(world: World) -> Person:
    """People Operations' partner who handles time off: the first active IC of HR."""
    pool = sorted(
        (
            p
            for p in world.people
            if p.status == "active" and "hr" in p.roles and p.level.startswith("IC")
        ),
        key=lambda p: p.id,
    )
    if not pool:
        raise ValueError(f"{SITUATION_ID} needs someone in HR")
    return pool[0]


def policy_owner(world: World) -> Person:
    """Who signs the policy: the most senior active person with the HR role."""
    pool = [p for p in world.people if p.status == "active" and "hr" in p.roles]
    return min(pool, key=lambda p: (not p.level.startswith(("E", "M")), p.level, p.id))


class _Plant:
    def __init__(self, world: World, rng: random.Random) -> None:
        self.world, self.rng = world, rng
        self.today = world.now.date()
        self.year0 = date(self.today.year, 1, 1)
        self.by_id = {p.id: p for p in world.people}
        self.used: set[int] = set()

    def add(
        self,
        person: Person,
        start: date,
        end: date,
        status: str,
        kind: str = "Vacation",
        note: str = "",
    ) -> TimeOffRequest:
        days = sum(d.weekday() < 5 for d in _days(start, end))
        req = TimeOffRequest(
            max((t.id for t in self.world.time_off), default=0) + 1,
            person.id,
            kind,
            start,
            end,
            days,
            status,
            note,
        )
        self.world.time_off.append(req)
        return req

    def theirs(self, person: Person) -> list[TimeOffRequest]:
        return [t for t in self.world.time_off if t.person_id == person.id]

    def out_on(self, team: str, day: date, but: int) -> int:
        return sum(
            1
            for t in self.world.time_off
            if t.status == "approved"
            and t.start <= day <= t.end
            and t.person_id != but
            and self.by_id[t.person_id].team == team
        )

    def clean(self, p: Person) -> bool:
        """Active, hired before this year, no time off this year or ahead yet."""
        return (
            p.status == "active"
            and p.hire_date < self.year0
            and p.id not in self.used
            and not any(t.end >= self.year0 for t in self.theirs(p))
        )


def _teams(pl: _Plant) -> list[tuple[Person, Person, list[Person]]]:
    """(manager, report, teammates) per team whose active manager has a clean report and
    whose team has two more active people, in a seeded order."""
    people = pl.world.people
    out = []
    for team in sorted({p.team for p in people}):
        members = [p for p in people if p.team == team and p.status == "active"]
        for r in sorted(members, key=lambda p: p.id):
            boss = pl.by_id.get(r.manager_id or 0)
            mates = [m for m in members if m.id != r.id and m.id != (boss.id if boss else 0)]
            if (
                boss is None
                or boss.status != "active"
                or "manager" not in boss.roles
                or not pl.clean(r)
                or len(mates) < MAX_OUT
            ):
                continue
            out.append((boss, r, mates))
            break
    pl.rng.shuffle(out)
    return out


def leave_requests(
    world: World, params: LeaveRequestsParams, rng: random.Random
) -> SituationInstance:
    pl = _Plant(world, rng)
    partner, owner = hr_partner(world), policy_owner(world)
    pl.used |= {partner.id, owner.id}
    anchors: list[dict[str, Any]] = []
    hidden: list[dict[str, Any]] = []
    blackouts: dict[str, tuple[date, date, str]] = {}
    managers: set[int] = set()
    teams = [t for t in _teams(pl) if t[0].id not in pl.used]
    for boss, r, mates in teams:
        if len(anchors) >= params.count:
            break
        if boss.id in managers or r.id in pl.used:
            continue
        outcome = OUTCOMES[len(anchors) % len(OUTCOMES)]
        start = _weekday_on_or_after(pl.today + timedelta(days=rng.randint(12, 40)))
        end = _weekdays(start, rng.choice((2, 3)))  # one length for every outcome
        if any(
            pl.out_on(r.team, d, r.id) >= (MAX_OUT if outcome == "crowded" else 1)
            for d in _days(start, end)
        ):
            continue
        fact: dict[str, Any] = {}
        if outcome == "short":  # an approved week in January leaves too little
            first = _weekday_on_or_after(pl.year0 + timedelta(days=rng.randint(5, 20)))
            taken = pl.add(r, first, _weekdays(first, 4), "approved", note="Family trip")
            fact = {"taken_days": taken.amount_days}
        elif outcome == "window":
            b0 = start - timedelta(days=start.weekday())
            why = BLACKOUT_WHY[len(blackouts) % len(BLACKOUT_WHY)]
            blackouts[r.team] = (b0, b0 + timedelta(days=4), why)
            fact = {"blackout": [b0.isoformat(), (b0 + timedelta(days=4)).isoformat()], "why": why}
        elif outcome == "crowded":
            for m in mates[:MAX_OUT]:
                pl.add(
                    m, start - timedelta(days=rng.randint(0, 2)), end, "approved", note="Holiday"
                )
                pl.used.add(m.id)
            fact = {"out": [m.name for m in mates[:MAX_OUT]], "day": start.isoformat()}
        else:  # a near miss: the team's blackout is the week after
            b0 = end + timedelta(days=7 - end.weekday())
            blackouts.setdefault(
                r.team,
                (b0, b0 + timedelta(days=4), BLACKOUT_WHY[len(blackouts) % len(BLACKOUT_WHY)]),
            )
        req = pl.add(
            r,
            start,
            end,
            "requested",
            note=rng.choice(("Family trip", "Holiday", "Long weekend", "")),
        )
        pl.used |= {r.id}
        managers.add(boss.id)
        anchors.append(
            {
                "kind": "review",
                "asked": ("manager", "partner")[len(anchors) // len(OUTCOMES) % 2],
                "person_id": r.id,
                "manager_id": boss.id,
                "request_id": req.id,
                "start": start.isoformat(),
                "end": end.isoformat(),
            }
        )
        hidden.append({"kind": "review", "request_id": req.id, "outcome": outcome, **fact})
    batch = _batch(pl, managers, blackouts)
    if batch:
        anchors.append(batch[0])
        hidden.append(batch[1])
    tr = Traces(world, SITUATION_ID, rng)
    _policy_mail(tr, owner, partner, blackouts)
    # Approved time off ahead goes to nobody of a team whose request is decided here (it
    # would change that team's cover); a past sick day may be anyone's.
    decided = {pl.by_id[i].team for a in anchors for i in a.get("people", [a.get("person_id")])}
    others = [
        p
        for p in sorted(world.people, key=lambda p: p.id)
        if pl.clean(p) and p.manager_id and p.id not in managers and p.manager_id not in managers
    ]
    rng.shuffle(others)
    free = [p for p in others if p.team not in decided]
    n = params.others
    for p in free[:n]:
        a, h = _wrong_dates(tr, pl, p, partner)
        anchors.append(a)
        hidden.append(h)
    for p in free[n : 2 * n]:
        a, h = _called_off(tr, pl, p, partner)
        anchors.append(a)
        hidden.append(h)
    for p in [p for p in others if p.id not in pl.used][:n]:
        anchors.append(_sick(tr, pl, p, partner))
        hidden.append({"kind": "sick", "person_id": p.id, "day": anchors[-1]["day"]})
    return SituationInstance(SITUATION_ID, params.model_dump(), anchors, hidden)


def _batch(
    pl: _Plant, managers: set[int], blackouts: dict[str, tuple[date, date, str]]
) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """A manager whose team's pending vacation is three planted requests, one per week
    from two weeks on: approvable, short of balance, in the team's blackout window (the
    third week); none of their reports has another pending request."""
    world, rng = pl.world, pl.rng
    w1 = pl.today + timedelta(days=14 + (7 - pl.today.weekday()) % 7)
    for boss in sorted(world.people, key=lambda p: p.id):
        if (
            boss.status != "active"
            or "manager" not in boss.roles
            or boss.id in managers
            or boss.id in pl.used
        ):
            continue
        reports = [p for p in world.people if p.manager_id == boss.id and p.status == "active"]
        pending = any(t.status == "requested" for r in reports for t in pl.theirs(r))
        clean = [r for r in reports if pl.clean(r) and r.team not in blackouts]
        teams = {r.team for r in clean}
        team = next((t for t in sorted(teams) if sum(r.team == t for r in clean) >= 3), None)
        if pending or team is None:
            continue
        weeks = [w1 + timedelta(days=7 * i) for i in range(3)]
        if any(pl.out_on(team, d, 0) for w in weeks for d in _days(w, w + timedelta(days=4))):
            continue
        picks = [r for r in clean if r.team == team][:3]
        rng.shuffle(picks)
        spans = [
            (weeks[0], weeks[0] + timedelta(days=1)),
            (weeks[1], weeks[1] + timedelta(days=1)),
            (weeks[2] + timedelta(days=2), weeks[2] + timedelta(days=3)),
        ]
        first = _weekday_on_or_after(pl.year0 + timedelta(days=rng.randint(5, 20)))
        pl.add(picks[1], first, _weekdays(first, 4), "approved", note="Family trip")
        blackouts[team] = (weeks[2], weeks[2] + timedelta(days=4), BLACKOUT_WHY[0])
        reqs = [
            pl.add(r, a, b, "requested", note="Holiday")
            for r, (a, b) in zip(picks, spans, strict=True)
        ]
        pl.used |= {boss.id, *(r.id for r in picks)}
        managers.add(boss.id)
        return (
            {
                "kind": "team",
                "manager_id": boss.id,
                "people": [r.id for r in picks],
                "requests": [r.id for r in reqs],
            },
            {
                "kind": "team",
                "outcomes": ["fits", "short", "window"],
                "spans": [[a.isoformat(), b.isoformat()] for a, b in spans],
            },
        )
    return None


def _policy_mail(
    tr: Traces, owner: Person, partner: Person, blackouts: dict[str, tuple[date, date, str]]
) -> None:
    """People Operations' policy mail, to every manager and HR."""
    world = tr.world
    to = [
        p
        for p in world.people
        if p.status == "active" and p.id != owner.id and ("manager" in p.roles or "hr" in p.roles)
    ]
    lines = "\n".join(
        f"- {team}: {fmt_span(a, b)} ({why})" for team, (a, b, why) in sorted(blackouts.items())
    )
    body = (
        f"Hi all,\n\nA reminder of our leave policy, which every decision on a vacation "
        f"request follows:\n\n"
        f"1. Balance: approve a request only if the employee's vacation balance covers "
        f"it, as the HRIS projects the balance for the request's last day.\n"
        f"2. Blackout windows: no vacation in the team's blackout window. This "
        f"quarter's:\n{lines}\n"
        f"3. Cover: at most {MAX_OUT} people of one team may be on approved time off on "
        f"any one day; a request that would make it {MAX_OUT + 1} is declined.\n"
        f"4. If you deny a request, tell the employee which of these stands in the "
        f"way.\n\nSick days are not requested ahead: tell {partner.first_name} "
        f"{partner.last_name} in People Operations and they are recorded.\n\n"
        f"Thanks,\n{owner.first_name}\n{owner.title}"
    )
    tr.mail(
        owner,
        to,
        POLICY_SUBJECT,
        body,
        tr.sent_at(
            tr.world.now.date() - timedelta(days=30), tr.world.now.date() - timedelta(days=20)
        ),
        read=True,
    )


def _sick(tr: Traces, pl: _Plant, p: Person, partner: Person) -> dict[str, Any]:
    day = pl.today - timedelta(days=pl.rng.randint(2, 8))
    while day.weekday() >= 5:
        day -= timedelta(days=1)
    pl.used.add(p.id)
    tr.mail(
        p,
        [partner],
        "Sick day",
        f"Hi {partner.first_name},\n\nI was off sick on "
        f"{day:%A}, {day.isoformat()}, and forgot to put it in. Could you record it for me?\n\n"
        f"Thanks,\n{p.first_name}",
        tr.sent_at(day + timedelta(days=1)),
    )
    return {"kind": "sick", "person_id": p.id, "day": day.isoformat()}


def _wrong_dates(
    tr: Traces, pl: _Plant, p: Person, partner: Person
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A pending week entered a week early, an approved day off later on, and the
    employee's mail with the right week."""
    start = _weekday_on_or_after(pl.today + timedelta(days=pl.rng.randint(10, 20)))
    start -= timedelta(days=start.weekday())
    end = start + timedelta(days=pl.rng.choice((2, 4)))
    wrong = pl.add(p, start, end, "requested", note="Family trip")
    later = _weekday_on_or_after(end + timedelta(days=pl.rng.randint(21, 30)))
    pl.add(p, later, later, "approved", kind="Personal")
    right = (start + timedelta(days=7), end + timedelta(days=7))
    pl.used.add(p.id)
    tr.mail(
        p,
        [partner],
        "My vacation request has the wrong dates",
        f"Hi {partner.first_name},\n\nMy vacation request went in for the wrong week: it "
        f"says {start.isoformat()} to {end.isoformat()}, but I'm off "
        f"{right[0].isoformat()} to {right[1].isoformat()}. Could you put it "
        f"right? It still needs my manager's OK, of course.\n\nThanks,\n{p.first_name}",
        tr.sent_at(pl.today - timedelta(days=3)),
    )
    return (
        {"kind": "dates", "person_id": p.id, "request_id": wrong.id},
        {
            "kind": "dates",
            "request_id": wrong.id,
            "start": right[0].isoformat(),
            "end": right[1].isoformat(),
        },
    )


def _called_off(
    tr: Traces, pl: _Plant, p: Person, partner: Person
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Approved vacation ahead the employee no longer takes (their mail asks to cancel it),
    and an approved personal day before it that stays."""
    start = _weekday_on_or_after(pl.today + timedelta(days=pl.rng.randint(14, 30)))
    end = _weekdays(start, pl.rng.choice((2, 3)))
    day = _weekday_on_or_after(pl.today + timedelta(days=pl.rng.randint(5, 9)))
    pl.add(p, day, day, "approved", kind="Personal")
    trip = pl.add(p, start, end, "approved", note="Family trip")
    pl.used.add(p.id)
    tr.mail(
        p,
        [partner],
        "Please cancel my vacation",
        f"Hi {partner.first_name},\n\nOur trip is off, so I won't be taking my vacation from "
        f"{start.isoformat()} to {end.isoformat()} after all. Could you cancel it? My other "
        f"day off stays as it is.\n\nThanks,\n{p.first_name}",
        tr.sent_at(pl.today - timedelta(days=2)),
    )
    return (
        {"kind": "cancel", "person_id": p.id, "request_id": trip.id},
        {"kind": "cancel", "request_id": trip.id},
    )


LEAVE_REQUESTS = Situation(
    SITUATION_ID,
    "Pending time off across several managers' reports and the leave policy that decides "
    "them (balance, team blackout windows, at most two of a team out at once); sick days "
    "mailed to People Operations and requests entered for the wrong week.",
    LeaveRequestsParams,
    leave_requests,
)
