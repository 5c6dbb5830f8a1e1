"""Job orders and the pipeline behind them: submissions, interviews, offers, placements.

Each job order's shortlist is drawn whole (its submissions all fall before the earliest
possible placement), then each submission's course (withdrawal, interview, offer,
acceptance) is drawn and cut at `now`; the first successes up to the openings become
placements and every other submission still live then is rejected. Consents are granted
before a candidate's first submission to a client; older, expired ones are added for other
candidate-client pairs in the population's share.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta

from arcadia.world.agency.model import (
    BP,
    Candidate,
    ClientContact,
    ClientCorporation,
    Consent,
    CorporateUser,
    EmploymentType,
    JobOrder,
    JobSubmission,
    Placement,
    RateApproval,
    Seniority,
    SubmissionStatus,
)
from arcadia.world.agency.people import near_seniorities
from arcadia.world.agency.population import (
    Params,
    at_work,
    later,
    maturity_days,
    poisson,
    weekday,
    weighted,
)


def ceil_rate(pay: int, markup: int) -> int:
    """The smallest whole-cent bill rate with at least `markup` bp over `pay`."""
    return -(-pay * (BP + markup) // BP)


@dataclass
class Course:
    """One submission's drawn course; times after `now` have not happened."""

    submission: JobSubmission
    scheduled: datetime | None = None  # when the interview was arranged
    interview: datetime | None = None
    offer: datetime | None = None
    end: datetime | None = None  # when its outcome was settled (None: still live)
    outcome: SubmissionStatus = "Submitted"


@dataclass
class Pipeline:
    job_orders: list[JobOrder] = field(default_factory=list)
    courses: list[Course] = field(default_factory=list)
    placements: list[Placement] = field(default_factory=list)
    approvals: list[RateApproval] = field(default_factory=list)
    consents: list[Consent] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)


def draw_job_orders(params: Params, rng: random.Random, clients: list[ClientCorporation],
                    contacts: list[ClientContact], recruiters: list[CorporateUser],
                    window_start: date, now: datetime) -> list[JobOrder]:
    """A Poisson number of job orders per client per week, in date order."""
    spec, skills = params["job_orders"], params["skills"]
    markup = params["markup"]
    drafts: list[tuple[datetime, ClientCorporation]] = []
    for client in clients:
        rate = spec["rate_per_client_week"][client.size]
        for week in range(params["window_weeks"]):
            for _ in range(poisson(rng, rate)):
                moment = at_work(rng, weekday(window_start + timedelta(
                    days=7 * week + rng.randrange(5))))
                if moment <= now:
                    drafts.append((moment, client))
    drafts.sort(key=lambda d: (d[0], d[1].id))
    orders = []
    for jid, (added, client) in enumerate(drafts, start=1):
        family = rng.choice([line.job_family for line in client.rate_card])
        fam = skills[client.industry][family]
        seniority: Seniority = weighted(rng, spec["seniority"])  # type: ignore[assignment]
        must = tuple(rng.sample(fam["core"], rng.randint(*spec["must_have"])))
        nice = tuple(rng.sample(fam["extra"], rng.randint(*spec["nice_to_have"])))
        jitter = spec["pay_jitter"]
        pay = int(params["pay"][family][seniority] * rng.uniform(1 - jitter, 1 + jitter)) \
            // 25 * 25
        bill = ceil_rate(pay, rng.randint(markup["target"] - markup["spread"],
                                          markup["target"] + markup["spread"]))
        openings = int(weighted(rng, spec["openings"]))
        kind: EmploymentType = weighted(rng, spec["employment_type"])  # type: ignore[assignment]
        contact = rng.choice([c for c in contacts if c.corporation_id == client.id])
        title = fam["titles"][seniority]
        start = weekday(added.date() + timedelta(days=rng.randint(14, 35)))
        description = (f"{client.name} is hiring {openings} x {title} ({kind}). Must have: "
                       f"{', '.join(must)}. Nice to have: {', '.join(nice)}. "
                       f"Start {start.isoformat()}.")
        orders.append(JobOrder(
            jid, client.id, contact.id, rng.choice(recruiters).id, title, family, must, nice,
            seniority, kind, openings, "Accepting Candidates", True, pay, bill, start, added,
            description, params["submission_limit"]))
    return orders


def _course(params: Params, rng: random.Random, sub: JobSubmission) -> Course:
    """Every draw is made whatever `now` is, so the course does not depend on it."""
    pipe = params["pipeline"]
    course = Course(sub)
    withdraw, interview = rng.random() < pipe["withdraw"], rng.random() < pipe["interview"]
    offer, accept = rng.random() < pipe["offer"], rng.random() < pipe["accept"]
    first = later(rng, sub.date_added, pipe["interview_days"])
    if withdraw or not interview:
        course.end, course.outcome = first, "Candidate Withdrew" if withdraw else \
            "Client Rejected"
        return course
    course.scheduled = sub.date_added + timedelta(days=1)
    course.interview = first
    second = later(rng, first, pipe["offer_days"])
    if not offer:
        course.end, course.outcome = second, "Client Rejected"
        return course
    course.offer = second
    course.end = later(rng, second, pipe["accept_days"])
    course.outcome = "Placed" if accept else "Candidate Withdrew"
    return course


def run_pipeline(params: Params, rng: random.Random, orders: list[JobOrder],
                 candidates: list[Candidate], clients: list[ClientCorporation],
                 now: datetime) -> Pipeline:
    """Shortlists, courses, fills and consents for every job order, in date order."""
    pipe, limit_mean = params["pipeline"], params["pipeline"]["submissions_mean"]
    by_family: dict[str, list[Candidate]] = {}
    for cand in candidates:
        if cand.status != "Unavailable":
            by_family.setdefault(cand.job_family, []).append(cand)
    placed: dict[int, datetime] = {}
    owner_of = {c.id: c.owner_id for c in clients}
    out = Pipeline()
    first_sub: dict[tuple[int, int], datetime] = {}
    for order in orders:
        fits = [c for c in by_family.get(order.job_family, [])
                if c.seniority in near_seniorities(order.seniority)
                and all(s in c.skills for s in order.must_have_skills)]
        wanted = min(order.submission_limit, 1 + poisson(rng, limit_mean - 1))
        times = sorted(later(rng, order.date_added, pipe["submit_days"]) for _ in range(wanted))
        chosen: list[int] = []
        courses: list[Course] = []
        for moment in times:
            pool = [c for c in fits if c.date_added <= moment and c.id not in placed
                    and c.id not in chosen]
            if not pool or moment > now:
                continue
            cand = rng.choice(pool)
            chosen.append(cand.id)
            pay = min(max(order.pay_rate, cand.expected_pay_low), cand.expected_pay_high)
            sub = JobSubmission(len(out.courses) + len(courses) + 1, cand.id, order.id,
                                "Submitted", order.owner_id, moment, pay,
                                ceil_rate(pay, order.markup_bp))
            courses.append(_course(params, rng, sub))
            key = (cand.id, order.corporation_id)
            first_sub[key] = min(first_sub.get(key, moment), moment)
        order = _settle(params, rng, order, courses, placed, owner_of, out, now)
        out.job_orders.append(order)
        out.courses.extend(courses)
    out.consents = _consents(params, rng, first_sub, candidates, clients, now)
    out.candidates = _statuses(candidates, out, placed, now)
    return out


def _settle(params: Params, rng: random.Random, order: JobOrder, courses: list[Course],
            placed: dict[int, datetime], owner_of: dict[int, int], out: Pipeline,
            now: datetime) -> JobOrder:
    """Fill the openings with the first successes; reject what is live once filled."""
    markup = params["markup"]
    fills = sorted((c for c in courses if c.outcome == "Placed"),
                   key=lambda c: (c.end, c.submission.id))[:order.num_openings]
    filled_at = fills[-1].end if len(fills) == order.num_openings else None
    for course in courses:
        sub = course.submission
        if course in fills:
            assert course.end is not None
            if course.end > now:
                continue
            pay, bill = sub.pay_rate, sub.bill_rate
            below = rng.random() < markup["below_floor_share"]
            if below:
                bill = ceil_rate(pay, rng.randint(markup["below_low"], markup["below_high"]))
            placed[sub.candidate_id] = course.end
            begin = weekday(max(order.start_date, course.end.date() + timedelta(days=7)))
            placement = Placement(
                len(out.placements) + 1, sub.id, sub.candidate_id, order.id,
                "Approved" if begin > now.date() else "Active", begin, pay, bill, course.end)
            out.placements.append(placement)
            if below:
                # Approved when the offer was negotiated: no draw, so nothing else moves.
                assert course.offer is not None
                out.approvals.append(RateApproval(
                    len(out.approvals) + 1, placement.id, sub.candidate_id, order.id,
                    owner_of[order.corporation_id], course.offer, pay, bill))
        elif filled_at is not None and filled_at <= now and (
                course.end is None or course.end > filled_at or course.outcome == "Placed"):
            # The job order was filled while this one was live: the client passes on it.
            course.end, course.outcome = filled_at, "Client Rejected"
            for name in ("scheduled", "interview", "offer"):
                moment = getattr(course, name)
                if moment is not None and moment > filled_at:
                    setattr(course, name, None)
    filled = filled_at is not None and filled_at <= now
    live = any(c.end is None or c.end > now for c in courses)
    age = (now.date() - order.date_added.date()).days
    if filled:
        return replace(order, status="Filled", is_open=False)
    closes = rng.random() < params["pipeline"]["close_unfilled"]
    if not live and age > maturity_days(params) and closes:
        return replace(order, status="Closed", is_open=False)
    offers = any(c.offer is not None and c.offer <= now and (c.end is None or c.end > now)
                 for c in courses)
    return replace(order, status="Covered" if offers else "Accepting Candidates")


def _consents(params: Params, rng: random.Random, first_sub: dict[tuple[int, int], datetime],
              candidates: list[Candidate], clients: list[ClientCorporation],
              now: datetime) -> list[Consent]:
    spec = params["consent"]
    valid = spec["valid_days"]
    consents = []
    added = {c.id: c.date_added.date() for c in candidates}
    for (cand_id, client_id), moment in sorted(first_sub.items(), key=lambda kv: kv[1]):
        # Never before the candidate was in the database.
        granted = max(added[cand_id],
                      moment.date() - timedelta(days=rng.randint(*spec["lead_days"])))
        consents.append((cand_id, client_id, granted))
    expired = round(spec["share_expired"] * len(consents) / (1 - spec["share_expired"]))
    latest = now.date() - timedelta(days=valid + 1)
    old = [c for c in candidates if c.date_added.date() <= latest - timedelta(days=30)]
    taken = set(first_sub)
    for _ in range(50 * expired if old else 0):
        if expired == 0:
            break
        cand, client = rng.choice(old), rng.choice(clients)
        start = max(cand.date_added.date(), client.date_added.date())
        if (cand.id, client.id) in taken or start > latest:
            continue
        taken.add((cand.id, client.id))
        span = (latest - start).days
        consents.append((cand.id, client.id, latest - timedelta(days=rng.randint(0, span))))
        expired -= 1
    consents.sort(key=lambda c: (c[2], c[0], c[1]))
    return [Consent(i, cand, client, granted, granted + timedelta(days=valid - 1))
            for i, (cand, client, granted) in enumerate(consents, start=1)]


def _statuses(candidates: list[Candidate], out: Pipeline, placed: dict[int, datetime],
              now: datetime) -> list[Candidate]:
    live = {c.submission.candidate_id for c in out.courses if c.end is None or c.end > now}
    touched = {c.submission.candidate_id for c in out.courses}
    result = []
    for cand in candidates:
        if cand.status == "Unavailable":
            result.append(cand)
        elif cand.id in placed and placed[cand.id] <= now:
            result.append(replace(cand, status="Placed"))
        elif cand.id in live:
            result.append(replace(cand, status="Submitted"))
        elif cand.id in touched:
            result.append(replace(cand, status="Active"))
        else:
            result.append(cand)
    return result


def submission_status(course: Course, now: datetime) -> SubmissionStatus:
    """Where the submission stands at `now`."""
    if course.end is not None and course.end <= now:
        return course.outcome
    if course.offer is not None and course.offer <= now:
        return "Offer Extended"
    if course.scheduled is not None and course.scheduled <= now:
        return "Interview Scheduled"
    return "Submitted"
