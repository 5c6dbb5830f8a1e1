"""`generate_hiring(world)`: the ATS's truth for Arcadia Robotics, from its own stream.

The headcount plan: each department (but the executive office) grows by PLAN_GROWTH of its
current headcount over the next two quarters (at least one opening), and every leaver of
the last LOOKBACK_BACKFILL days is backfilled. Plan openings are grouped into jobs by
(department, title, office); a job may hold several openings. Everyone hired in the last
year is the hired application of a closed opening (a link: `Candidate.person_id`). The
applicants of each job come from the `Funnel`. The stream is its own
(`random.Random(f"{seed}:hiring")`), so adding hiring changed no other world value.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from arcadia.world.hiring import Hiring, HiringTeam, Job, JobStatus, Opening, Stage
from arcadia.world.robotics.hiring.funnel import STAGE_PLAN, Funnel, at_hour

if TYPE_CHECKING:
    from arcadia.world.model import Person
    from arcadia.world.world import World

PLAN_GROWTH = 0.09
LOOKBACK_HIRES = 365  # days: past hires that get an ATS history
LOOKBACK_BACKFILL = 120
APPLICANTS_PER_OPENING = (10, 24)
REJECTED_PER_PAST_HIRE = (2, 5)


@dataclass
class _Seat:
    """An opening before it belongs to a job: what it is for, and when it opened."""

    department_id: str
    title: str
    level: str
    location_id: str
    team: str
    manager_id: int | None
    opened: datetime
    reason: str  # "Hire - New Headcount" | "Hire - Backfill"
    hire: Person | None = None  # a past hire fills it
    left: int | None = None  # the leaver a backfill replaces


class _Plan:
    """The jobs of the headcount plan, with their hiring teams and openings; the funnel
    fills them."""

    def __init__(self, world: World) -> None:
        self.funnel = Funnel(world)
        self.world, self.rng, self.ids = world, self.funnel.rng, self.funnel.ids
        self.now, self.today, self.active = world.now, world.now.date(), self.funnel.active
        self.recruiters, self.coordinators = self._talent_acquisition()

    # -- people ----------------------------------------------------------------------------

    def _talent_acquisition(self) -> tuple[list[Person], list[Person]]:
        """Recruiters (IC2+ of Talent Acquisition) and coordinators (its IC1s), with
        fallbacks for a small world: anyone in TA, then the People department."""
        ta = [p for p in self.active if "recruiter" in p.roles]
        people = [p for p in self.active if p.department_id == "HR" and p.level != "E1"]
        pool = ta or people or [p for p in self.active if "hr" in p.roles]
        recruiters = [p for p in pool if p.level != "IC1"] or pool
        coordinators = [p for p in pool if p.level == "IC1"] or \
            [p for p in pool if p not in recruiters[:1]] or pool
        return recruiters, coordinators

    def _team(self, seat: _Seat, index: int) -> HiringTeam:
        managers = [seat.manager_id] if seat.manager_id is not None else []
        recruiter = self.recruiters[index % len(self.recruiters)]
        coordinator = self.coordinators[index % len(self.coordinators)]
        peers = [p for p in self.active if p.department_id == seat.department_id
                 and p.team == seat.team and p.level in ("IC2", "IC3", "IC4", "IC5", "M1")
                 and p.id not in managers and p.hire_date < seat.opened.date()]
        if len(peers) < 3:
            peers += [p for p in self.active if p.department_id == seat.department_id
                      and p.level in ("IC3", "IC4", "IC5", "M1") and p not in peers
                      and p.id not in managers and p.hire_date < seat.opened.date()]
        chosen = self.rng.sample(peers, min(len(peers), self.rng.randint(3, 5)))
        interviewers = sorted(p.id for p in chosen) or managers
        return HiringTeam(tuple(managers), (recruiter.id,), (coordinator.id,),
                          tuple(interviewers))

    # -- seats and jobs --------------------------------------------------------------------

    def _seats(self) -> list[_Seat]:
        seats: list[_Seat] = []
        world, rng, today = self.world, self.rng, self.today
        hires = sorted((p for p in world.people if p.level != "E1"
                        and 0 <= (today - p.hire_date).days <= LOOKBACK_HIRES),
                       key=lambda p: (p.hire_date, p.id))
        for p in hires:
            job = p.job_history[0]
            opened = p.hire_date - timedelta(days=rng.randint(50, 110))
            seats.append(_Seat(job.department_id, job.title, job.level, job.location_id,
                               job.team, job.manager_id, at_hour(opened, 9), "Hire - New Headcount"
                               if rng.random() < 0.7 else "Hire - Backfill", hire=p))
        leavers = sorted((p for p in world.people if p.status == "terminated"
                          and p.termination_date is not None
                          and (today - p.termination_date).days <= LOOKBACK_BACKFILL),
                         key=lambda p: (p.termination_date, p.id))
        for p in leavers:
            assert p.termination_date is not None
            opened = min(p.termination_date + timedelta(days=rng.randint(0, 10)), today)
            seats.append(_Seat(p.department_id, p.title, p.level, p.location_id, p.team,
                               p.manager_id, at_hour(opened, 9), "Hire - Backfill", left=p.id))
        for dept in world.departments:
            if dept.id == "EXE":
                continue
            members = [p for p in self.active if p.department_id == dept.id
                       and p.level.startswith("IC")]
            if not members:
                continue
            for _ in range(max(1, round(len(members) * PLAN_GROWTH))):
                like = rng.choice(members)  # a seat like an existing one: title, team, site
                opened = today - timedelta(days=rng.randint(3, 120))
                seats.append(_Seat(dept.id, like.title, like.level, like.location_id,
                                   like.team, like.manager_id, at_hour(opened, 9),
                                   "Hire - New Headcount"))
        return seats

    def _band(self, department_id: str, level: str, hourly: bool) -> tuple[float, float]:
        band = next(b for b in self.world.bands if (b.department_id, b.level)
                    == (department_id, level))
        if hourly:
            return round(band.minimum / 2080 * 4) / 4, round(band.maximum / 2080 * 4) / 4
        return float(band.minimum), float(band.maximum)

    def generate(self) -> Hiring:
        seats = self._seats()
        groups: dict[tuple[str, str, str], list[_Seat]] = {}
        for seat in sorted(seats, key=lambda s: (s.opened, s.department_id, s.title)):
            groups.setdefault((seat.department_id, seat.title, seat.location_id), []).append(seat)
        jobs: list[Job] = []
        per_dept: dict[str, int] = {}
        for (dept, title, location), group in groups.items():
            per_dept[dept] = per_dept.get(dept, 0) + 1
            jobs.append(self._job(dept, title, location, group, per_dept[dept], len(jobs)))
        jobs += self._drafts(per_dept, len(jobs))
        self.funnel.prospects(jobs)
        applications = tuple(d.app for d in self.funnel.drafts)
        return Hiring(
            sources=self.funnel.sources, rejection_reasons=self.funnel.reasons, jobs=tuple(jobs),
            candidates=tuple(self.funnel.candidates), applications=applications,
            interviews=tuple(i for d in self.funnel.drafts for i in d.interviews),
            scorecards=tuple(s for d in self.funnel.drafts for s in d.scorecards),
            offers=tuple(o for d in self.funnel.drafts for o in d.offers))

    def _job(self, dept: str, title: str, location: str, seats: list[_Seat], number: int,
             index: int) -> Job:
        job_id = self.ids("job")
        first = seats[0]
        hourly = any(p.pay_type == "hourly" for p in self.world.people
                     if p.department_id == dept and p.title == title)
        pay_min, pay_max = self._band(dept, first.level, hourly)
        stages = tuple(Stage(self.ids("stage"), name, n, interviews)
                       for n, (name, interviews, _, _) in enumerate(STAGE_PLAN))
        team = self._team(first, index)
        job = Job(job_id, f"REQ-{dept}-{number:04d}", title, dept, location, first.level,
                  "open", at_hour(first.opened.date() - timedelta(days=2), 9), first.opened, None,
                  stages, team, (), "Full-time", "hourly" if hourly else "salary", pay_min,
                  pay_max)
        openings: list[Opening] = []
        open_slots: list[int] = []  # indexes of openings still open, filled in order
        for k, seat in enumerate(seats, 1):
            opening = Opening(self.ids("opening"), f"{dept}-{number:04d}-{k}", "open",
                              seat.opened, None, seat.reason)
            if seat.hire is not None:
                accepted = at_hour(seat.hire.hire_date - timedelta(days=self.rng.randint(14, 28)),
                               15)
                app_id = self.funnel.hire(job, seat.opened, seat.hire, accepted)
                hired_at = self.funnel.drafts[-1].app.hired_at
                opening = replace(opening, status="closed", closed_at=hired_at,
                                  application_id=app_id)
                for _ in range(self.rng.randint(*REJECTED_PER_PAST_HIRE)):
                    self.funnel.applicant(job, seat.opened, hired_at or self.now, fill=False)
            else:
                open_slots.append(len(openings))
            openings.append(opening)
        if open_slots:
            since = min(openings[i].opened_at for i in open_slots)
            n = sum(self.rng.randint(*APPLICANTS_PER_OPENING) for _ in open_slots)
            for _ in range(n):
                hired = self.funnel.applicant(job, since, self.now, fill=bool(open_slots))
                if hired is not None:
                    slot = open_slots.pop(0)
                    openings[slot] = replace(openings[slot], status="closed",
                                             closed_at=hired.hired_at,
                                             application_id=hired.id)
        closed = [o.closed_at for o in openings if o.closed_at is not None]
        status: JobStatus = "open" if any(o.status == "open" for o in openings) else "closed"
        return replace(job, openings=tuple(openings), status=status,
                       closed_at=max(closed) if status == "closed" and closed else None)

    def _drafts(self, per_dept: dict[str, int], index: int) -> list[Job]:
        """Next quarter's requisitions, drafted but not yet approved: one per department
        of 40 people or more, with no applications."""
        out: list[Job] = []
        for dept in self.world.departments:
            members = [p for p in self.active if p.department_id == dept.id
                       and p.level.startswith("IC")]
            if dept.id == "EXE" or len(members) < 40:
                continue
            like = self.rng.choice(members)
            per_dept[dept.id] = per_dept.get(dept.id, 0) + 1
            number = per_dept[dept.id]
            created = at_hour(self.today - timedelta(days=self.rng.randint(1, 20)), 11)
            seat = _Seat(dept.id, like.title, like.level, like.location_id, like.team,
                         like.manager_id, created, "Hire - New Headcount")
            pay_min, pay_max = self._band(dept.id, like.level, like.pay_type == "hourly")
            stages = tuple(Stage(self.ids("stage"), name, n, interviews)
                           for n, (name, interviews, _, _) in enumerate(STAGE_PLAN))
            job_id = self.ids("job")
            out.append(Job(job_id, f"REQ-{dept.id}-{number:04d}", like.title, dept.id,
                           like.location_id, like.level, "draft", created, None, None, stages,
                           self._team(seat, index + len(out)),
                           (Opening(self.ids("opening"), f"{dept.id}-{number:04d}-1", "open",
                                    created, None, seat.reason),),
                           "Full-time", like.pay_type, pay_min, pay_max,
                           notes="Pending headcount approval for next quarter."))
        return out



def generate_hiring(world: World) -> Hiring:
    """The ATS's truth for `world` (people and personal facts drawn), from its own stream."""
    return _Plan(world).generate()
