"""`Funnel`: candidates and their applications for Arcadia Robotics' jobs, drawn on one
stream, through Greenhouse's default interview plan (`STAGE_PLAN`).

An applicant moves from stage to stage by the plan's rates, with the stage's interviews
(complete with scorecards once held, scheduled when still to come) and, at the offer stage,
its offers (a first offer sometimes revised, then accepted, rejected or unresolved). `hire`
makes the application that hired a person of the org chart; `prospects` adds sourced
prospects. Ids continue after the ones `world.hiring` holds, and the stream is its own
(`random.Random(f"{seed}:{label}")`), so a situation can add to hiring with a stream of its
own (`new-hire-cohort-v1`).
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any

from faker import Faker

from arcadia.world.hiring import (
    Address,
    Application,
    ApplicationStatus,
    Attachment,
    Candidate,
    ContactValue,
    Hiring,
    InterviewStatus,
    Job,
    Offer,
    Rating,
    Recommendation,
    RejectionReason,
    ScheduledInterview,
    Scorecard,
    Source,
    StageMove,
)

if TYPE_CHECKING:
    from arcadia.world.model import Person
    from arcadia.world.world import World

# Stage plan (Greenhouse's default interview plan) and the chance of moving on from each
# stage to the next; the offer stage's figure is the acceptance rate of resolved offers.
STAGE_PLAN: tuple[tuple[str, tuple[str, ...], float, tuple[int, int]], ...] = (
    ("Application Review", (), 0.35, (2, 6)),
    ("Preliminary Phone Screen", ("Recruiter Screen",), 0.6, (3, 7)),
    ("Phone Interview", ("Hiring Manager Interview",), 0.5, (4, 8)),
    ("Face to Face", ("Technical Interview", "Team Fit Interview", "Values Interview"), 0.45,
     (5, 10)),
    ("Reference Check", (), 0.85, (3, 6)),
    ("Offer", (), 0.8, (3, 7)),
)
OFFER_STAGE = len(STAGE_PLAN) - 1
OFFER_STAGE = len(STAGE_PLAN) - 1

SOURCES = (
    (1, "LinkedIn (Prospecting)", "Prospecting", 0.14),
    (2, "Referral", "Referral", 0.18),
    (3, "LinkedIn (Ad Posting)", "Job Board", 0.2),
    (4, "Indeed", "Job Board", 0.18),
    (5, "Jobs page on your website", "Company Marketing", 0.16),
    (6, "Glassdoor", "Job Board", 0.06),
    (7, "Agency", "Agencies", 0.04),
    (8, "Career fair", "Attend Events", 0.04),
)
WE = "We rejected them"
THEY = "They rejected us"
REJECTION_REASONS = (
    (1, "Lacking skill(s)/qualification(s)", WE),
    (2, "Not a fit for the role", WE),
    (3, "Underqualified", WE),
    (4, "Position filled", WE),
    (5, "Location", WE),
    (6, "Accepted another offer", THEY),
    (7, "Compensation", THEY),
    (8, "Withdrew", THEY),
    (9, "Other (add notes below)", "None specified"),
)
_REJECT_WEIGHTS = {1: 0.35, 2: 0.25, 3: 0.15, 5: 0.05, 8: 0.12, 9: 0.08}
_DECLINE_WEIGHTS = {6: 0.6, 7: 0.3, 8: 0.1}
_TAGS = ("Silver medalist", "Relocation", "Veteran", "Diversity event", "Boomerang",
         "Internal mobility", "Needs sponsorship", "Top school")
_ATTRIBUTES = ("Communication", "Problem solving", "Domain knowledge", "Collaboration",
               "Ownership", "Craft")
_MAIL_HOSTS = ("gmail.com", "yahoo.com", "outlook.com", "icloud.com", "proton.me")
_IDS = {"stage": 1_000_000, "job": 4_000_000, "opening": 5_000_000, "candidate": 10_000_000,
        "application": 20_000_000, "interview": 30_000_000, "scorecard": 40_000_000,
        "offer": 50_000_000}


def monday_on_or_after(day: date) -> date:
    return day + timedelta(days=(7 - day.weekday()) % 7)


def at_hour(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, time(hour, minute))


class _Ids:
    """The next id of each kind, after every one `hiring` already holds."""

    def __init__(self, hiring: Hiring) -> None:
        rows: dict[str, Sequence[Any]] = {
            "stage": [s for j in hiring.jobs for s in j.stages], "job": hiring.jobs,
            "opening": [o for j in hiring.jobs for o in j.openings],
            "candidate": hiring.candidates, "application": hiring.applications,
            "interview": hiring.interviews, "scorecard": hiring.scorecards,
            "offer": hiring.offers}
        self.last = {kind: max([base, *(r.id for r in rows[kind])])
                     for kind, base in _IDS.items()}

    def __call__(self, kind: str) -> int:
        self.last[kind] += 1
        return self.last[kind]


@dataclass
class _Draft:
    """Rows of one application as the simulation makes them (mutable until frozen)."""

    app: Application
    interviews: list[ScheduledInterview] = field(default_factory=list)
    scorecards: list[Scorecard] = field(default_factory=list)
    offers: list[Offer] = field(default_factory=list)


class Funnel:
    """Candidates and applications for jobs of a world whose people (and their personal
    facts) are drawn."""

    def __init__(self, world: World, label: str = "hiring") -> None:
        """`label` names the stream (`f"{seed}:{label}"`); ids continue after the ones
        `world.hiring` holds, so a situation can add to it with a stream of its own."""
        self.world = world
        self.now = world.now
        self.today = world.now.date()
        self.rng = random.Random(f"{world.spec.seed}:{label}")
        self.fake = Faker("en_US")
        self.fake.seed_instance(f"{world.spec.seed}:{label}")
        self.ids = _Ids(world.hiring)
        self._pools()
        self.active = [p for p in world.people if p.status != "terminated"]
        self.candidates: list[Candidate] = list(world.hiring.candidates)
        self.drafts: list[_Draft] = []
        self.sources = tuple(Source(i, n, t) for i, n, t, _ in SOURCES)
        self.reasons = tuple(RejectionReason(*r) for r in REJECTION_REASONS)

    def _pools(self) -> None:
        """Names, employers and addresses to draw candidates from: Faker's weighted name
        lists (cumulative weights, so a draw is one bisect) and a few hundred Faker-made
        employers and addresses, drawn once (a Faker call per candidate cost ~0.5 ms)."""
        names = self.fake.provider("faker.providers.person")
        firsts = dict(getattr(names, "first_names", {}))
        lasts = dict(getattr(names, "last_names", {}))
        self.first_names, self.first_weights = list(firsts), list(
            itertools.accumulate(firsts.values()))
        self.last_names, self.last_weights = list(lasts), list(
            itertools.accumulate(lasts.values()))
        self.companies = [self.fake.company() for _ in range(120)]
        self.homes = [(self.fake.street_address(), self.fake.city(),
                       self.fake.state_abbr(include_territories=False), self.fake.zipcode())
                      for _ in range(250)]
        self.addresses = [f"{street}, {city}, {state} {zip_code}"
                          for street, city, state, zip_code in self.homes]

    # -- candidates and applications -------------------------------------------------------

    def _source(self) -> Source:
        weights = [w for *_, w in SOURCES]
        return self.rng.choices(self.sources, weights=weights)[0]

    def _credited(self, job: Job, source: Source) -> int | None:
        if source.type == "Referral":
            staff = [p.id for p in self.active if p.department_id == job.department_id]
            return self.rng.choice(staff) if staff else job.team.recruiters[0]
        return job.team.recruiters[0]

    def _candidate(self, job: Job, created: datetime, person: Person | None = None
                   ) -> Candidate:
        rng = self.rng
        if person is not None:
            first, last = person.first_name, person.last_name
            personal = person.personal
            email = personal.home_email if personal and personal.home_email else \
                f"{first.lower()}.{last.lower()}{rng.randint(1, 99)}@{rng.choice(_MAIL_HOSTS)}"
            phone = personal.mobile_phone if personal else f"412-555-{rng.randint(0, 9999):04d}"
            address = f"{person.home_street}, {person.home_city}, {person.home_state} " \
                      f"{person.home_zip}"
        else:
            first = rng.choices(self.first_names, cum_weights=self.first_weights)[0]
            last = rng.choices(self.last_names, cum_weights=self.last_weights)[0]
            handle = re.sub(r"[^a-z.]", "", f"{first}.{last}".lower())
            email = f"{handle}{rng.randint(1, 999)}@{rng.choice(_MAIL_HOSTS)}"
            phone = f"{rng.randint(201, 989)}-{rng.randint(201, 989)}-{rng.randint(0, 9999):04d}"
            address = rng.choice(self.addresses)
        tags = tuple(sorted(rng.sample(_TAGS, rng.choice((1, 1, 2))))) \
            if rng.random() < 0.25 else ()
        attachments = [Attachment(f"{first}_{last}_Resume.pdf", "resume", created)]
        if rng.random() < 0.3:
            attachments.append(Attachment(f"{first}_{last}_Cover_Letter.pdf", "cover_letter",
                                          created))
        employer = rng.choice(self.companies) if rng.random() < 0.8 else None
        return Candidate(self.ids("candidate"), first, last, employer,
                         None if employer is None else job.name, (ContactValue(email, "personal"),),
                         (ContactValue(phone, "mobile"),), (Address(address, "home"),), tags,
                         tuple(attachments), created, created, created,
                         job.team.recruiters[0], job.team.coordinators[0],
                         person.id if person is not None else None)

    def applicant(self, job: Job, since: datetime, until: datetime, fill: bool
                   ) -> Application | None:
        """One applicant to `job`, applying between `since` and `until`, moved through the
        stages by the funnel's rates. Returns the application when it was hired (only when
        `fill`: an opening is free); without `fill` an offer-bound one loses to the hire."""
        rng = self.rng
        span = max(int((until - since).total_seconds() // 3600), 1)
        applied = since + timedelta(hours=rng.randrange(span))
        reuse = [c for c in self.candidates[-200:] if c.person_id is None]
        candidate = rng.choice(reuse) if reuse and rng.random() < 0.04 else None
        if candidate is None:
            candidate = self._candidate(job, applied)
            self.candidates.append(candidate)
        source = self._source()
        moves = [StageMove(job.stages[0].id, applied)]
        at, stage = applied, 0
        draft = _Draft(Application(self.ids("application"), candidate.id, job.id, False,
                                   "active", job.stages[0].id, applied, None, None, None,
                                   applied, source.id, self._credited(job, source)))
        self.drafts.append(draft)
        while True:
            name, _, chance, (lo, hi) = STAGE_PLAN[stage]
            leave = at + timedelta(days=rng.randint(lo, hi), hours=rng.randint(0, 6))
            moving = rng.random() < chance
            if stage == OFFER_STAGE:
                return self._offer_outcome(draft, job, at, leave, moving, fill, until, moves)
            if leave > until:  # still here
                self._interviews(draft, job, stage, at, None, moving)
                return self._finish(draft, moves, "active", min(at + timedelta(hours=3),
                                                                self.now))
            self._interviews(draft, job, stage, at, leave, moving)
            if not moving:
                reason = rng.choices(list(_REJECT_WEIGHTS), list(_REJECT_WEIGHTS.values()))[0]
                return self._finish(draft, moves, "rejected", leave, reason=reason)
            if stage + 1 == OFFER_STAGE and not fill:
                return self._finish(draft, moves, "rejected", leave, reason=4)
            stage += 1
            at = leave
            moves.append(StageMove(job.stages[stage].id, at))

    def _offer_outcome(self, draft: _Draft, job: Job, at: datetime, resolve: datetime,
                       accepted: bool, fill: bool, until: datetime, moves: list[StageMove]
                       ) -> Application | None:
        rng = self.rng
        salary = self._salary(job)
        version = 1
        created = min(at + timedelta(hours=2), self.now)
        if rng.random() < 0.15 and resolve - created > timedelta(days=2) \
                and created + timedelta(days=2) <= self.now:
            # a first offer, revised upward two days later
            draft.offers.append(Offer(self.ids("offer"), draft.app.id, 1, "deprecated",
                                      created, created.date(), None,
                                      self._start(created.date()), salary, job.pay_type))
            created += timedelta(days=2)
            salary = self._raise(salary, job.pay_type)
            version = 2
        sent = min(created.date() + timedelta(days=1), self.today)
        letter = min(max(at_hour(sent, 10), created), self.now)
        self._attach(draft, "offer_letter", letter)
        if resolve > until or resolve > self.now:
            draft.offers.append(Offer(self.ids("offer"), draft.app.id, version, "unresolved",
                                      created, sent, None,
                                      self._start(max(sent, self.today)), salary, job.pay_type))
            self._finish(draft, moves, "active", letter)
            return None
        if accepted and fill and self._may_start(resolve.date()):
            start = self._start(resolve.date())
            draft.offers.append(Offer(self.ids("offer"), draft.app.id, version, "accepted",
                                      created, sent, resolve, start, salary, job.pay_type))
            return self._finish(draft, moves, "hired", resolve)
        draft.offers.append(Offer(self.ids("offer"), draft.app.id, version, "rejected",
                                  created, sent, resolve, self._start(sent), salary,
                                  job.pay_type))
        reason = rng.choices(list(_DECLINE_WEIGHTS), list(_DECLINE_WEIGHTS.values()))[0]
        self._finish(draft, moves, "rejected", resolve, reason=reason)
        return None

    @staticmethod
    def _start(accepted: date) -> date:
        """A start date: the first Monday two weeks or more after `accepted`."""
        return monday_on_or_after(accepted + timedelta(days=14))

    def _may_start(self, accepted: date) -> bool:
        """Whether a hire accepted on `accepted` may exist without a person: their start is
        after next week (the world holds everyone who has started, and the week after
        `now` is left to situations' cohorts)."""
        return self._start(accepted) > self.today + timedelta(days=7)

    def _salary(self, job: Job) -> float:
        span = job.pay_max - job.pay_min
        value = job.pay_min + span * self.rng.uniform(0.3, 0.7)
        return round(value * 4) / 4 if job.pay_type == "hourly" \
            else float(round(value / 500) * 500)

    @staticmethod
    def _raise(salary: float, pay_type: str) -> float:
        return round(salary * 1.04 * 4) / 4 if pay_type == "hourly" \
            else float(round(salary * 1.04 / 500) * 500)

    def _attach(self, draft: _Draft, kind: str, at: datetime) -> None:
        index = next(i for i, c in enumerate(self.candidates[::-1])
                     if c.id == draft.app.candidate_id)
        index = len(self.candidates) - 1 - index
        c = self.candidates[index]
        name = f"{c.first_name}_{c.last_name}_Offer_Letter.pdf"
        self.candidates[index] = replace(c, attachments=(*c.attachments,
                                                         Attachment(name, kind, at)))

    def _finish(self, draft: _Draft, moves: list[StageMove], status: ApplicationStatus,
                at: datetime,
                reason: int | None = None) -> Application | None:
        app = replace(draft.app, status=status, current_stage_id=moves[-1].stage_id,
                      rejected_at=at if status == "rejected" else None,
                      hired_at=at if status == "hired" else None, rejection_reason_id=reason,
                      last_activity_at=at, history=tuple(moves))
        draft.app = app
        self._touch(app.candidate_id, at)
        return app if status == "hired" else None

    def _touch(self, candidate_id: int, at: datetime) -> None:
        for i in range(len(self.candidates) - 1, -1, -1):
            c = self.candidates[i]
            if c.id == candidate_id:
                if at > c.last_activity:
                    self.candidates[i] = replace(c, updated_at=at, last_activity=at)
                return

    def _interviews(self, draft: _Draft, job: Job, stage: int, entered: datetime,
                    left: datetime | None, passed: bool) -> None:
        """The stage's interviews, a day or more after entering it: complete with scorecards
        when held (before the application left the stage), scheduled when still to come."""
        names = STAGE_PLAN[stage][1]
        if not names:
            return
        rng = self.rng
        day = entered.date() + timedelta(days=rng.randint(1, 2))
        team = job.team
        used: list[int] = []
        for n, name in enumerate(names):
            if stage == 1:
                who = [team.recruiters[0]]
            elif stage == 2:
                who = [team.hiring_managers[0] if team.hiring_managers else team.recruiters[0]]
            else:
                free = [p for p in team.interviewers if p not in used] or list(team.interviewers)
                who = [rng.choice(free)]
            used += who
            start = at_hour(day, 10 + 2 * n, rng.choice((0, 30)))
            end = start + timedelta(minutes=45 if stage == 3 else 30)
            if left is not None and start >= left:
                start, end = left - timedelta(hours=3), left - timedelta(hours=2)
            if left is None and start > self.now + timedelta(days=10):
                continue
            held = end <= self.now
            status: InterviewStatus
            if not held:
                status = "scheduled"
            elif left is None and (self.now - end) < timedelta(days=2) and rng.random() < 0.5:
                status = "awaiting_feedback"
            else:
                status = "complete"
            interview = ScheduledInterview(
                self.ids("interview"), draft.app.id, job.stages[stage].id, name, start, end,
                "Video call" if stage < 3 else self.world.location(job.location_id).name,
                team.coordinators[0], tuple(who), status)
            draft.interviews.append(interview)
            if status == "complete":
                for person in who:
                    draft.scorecards.append(self._scorecard(draft, interview, person, passed))

    def _scorecard(self, draft: _Draft, interview: ScheduledInterview, person: int,
                   passed: bool) -> Scorecard:
        rng = self.rng
        overall: Recommendation
        if passed:
            overall = rng.choices(("strong_yes", "yes", "no"), (0.35, 0.55, 0.1))[0]
        else:
            overall = rng.choices(("definitely_not", "no", "yes"), (0.3, 0.55, 0.15))[0]
        ratings = {"strong_yes": ("strong_yes", "yes"), "yes": ("yes", "mixed", "strong_yes"),
                   "no": ("no", "mixed"), "definitely_not": ("definitely_not", "no")}[overall]
        attrs = tuple(Rating(a, rng.choice(ratings))
                      for a in rng.sample(_ATTRIBUTES, 3))
        submitted = min(interview.end + timedelta(hours=rng.randint(1, 30)), self.now)
        return Scorecard(self.ids("scorecard"), draft.app.id, interview.id, person, person,
                         interview.interview, interview.start, submitted, overall, attrs)

    def hire(self, job: Job, opened: datetime, person: Person, accepted: datetime,
             revised_from: float | None = None) -> int:
        """The application that hired `person` (returns its id): every stage passed, the
        offer accepted at `accepted` at their starting pay to start on their hire date,
        hired on acceptance. With `revised_from`, a first offer at that salary was
        revised (deprecated) before the accepted one."""
        rng = self.rng
        offer_at = accepted - timedelta(days=rng.randint(3, 6))
        applied = max(opened + timedelta(days=rng.randint(1, 10)),
                      offer_at - timedelta(days=60))
        candidate = self._candidate(job, applied, person)
        self.candidates.append(candidate)
        source = self._source()
        draft = _Draft(Application(self.ids("application"), candidate.id, job.id, False,
                                   "active", job.stages[0].id, applied, None, None, None,
                                   applied, source.id, self._credited(job, source)))
        self.drafts.append(draft)
        step = (offer_at - applied) / OFFER_STAGE
        moves = []
        for n in range(OFFER_STAGE + 1):
            at = applied + step * n
            moves.append(StageMove(job.stages[n].id, at))
            if n < OFFER_STAGE:
                self._interviews(draft, job, n, at, applied + step * (n + 1), True)
        first = person.comp_history[0]
        sent = offer_at.date() + timedelta(days=1)
        version = 1
        if revised_from is not None:
            draft.offers.append(Offer(self.ids("offer"), draft.app.id, 1, "deprecated",
                                      offer_at - timedelta(days=2), offer_at.date()
                                      - timedelta(days=1), None, person.hire_date,
                                      revised_from, first.pay_type))
            version = 2
        draft.offers.append(Offer(self.ids("offer"), draft.app.id, version, "accepted",
                                  offer_at + timedelta(hours=2), sent, accepted,
                                  person.hire_date, first.rate, first.pay_type))
        self._attach(draft, "offer_letter", at_hour(sent, 10))
        self._finish(draft, moves, "hired", accepted)
        return draft.app.id

    def prospects(self, jobs: list[Job]) -> None:
        """A few sourced prospects, on an open job or on none, not yet in any stage."""
        open_jobs = [j for j in jobs if j.status == "open"]
        if not open_jobs:
            return
        for _ in range(max(2, len(open_jobs) // 4)):
            job = self.rng.choice(open_jobs)
            at = self.now - timedelta(days=self.rng.randint(1, 45), hours=self.rng.randint(0, 8))
            candidate = self._candidate(job, at)
            self.candidates.append(candidate)
            on_job = self.rng.random() < 0.6
            self.drafts.append(_Draft(Application(
                self.ids("application"), candidate.id, job.id if on_job else None, True,
                "active", None, at, None, None, None, at, 1, job.team.recruiters[0])))


    def extended(self, jobs: Sequence[Job]) -> Hiring:
        """`world.hiring` with `jobs` replacing theirs (by id) and this generator's
        candidates and applications (with their interviews, scorecards and offers) added."""
        h = self.world.hiring
        by_id = {j.id: j for j in jobs}
        return replace(
            h, jobs=tuple(by_id.get(j.id, j) for j in h.jobs),
            candidates=tuple(self.candidates),
            applications=(*h.applications, *(d.app for d in self.drafts)),
            interviews=(*h.interviews, *(i for d in self.drafts for i in d.interviews)),
            scorecards=(*h.scorecards, *(s for d in self.drafts for s in d.scorecards)),
            offers=(*h.offers, *(o for d in self.drafts for o in d.offers)))


