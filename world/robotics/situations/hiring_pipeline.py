"""`hiring-pipeline-v1`: applications in flight on Arcadia Robotics' open jobs, and Talent
Acquisition's hiring policy that decides what happens to them.

The policy (`POLICY`, its figures in one place) is planted as a mail from the head of
Talent to every recruiter and to the hiring managers of the jobs concerned
(`hiring_pipeline_traces`). It says:

1. after the onsite (the "Face to Face" stage) an application moves on to Reference Check
   only with at least `min_yes` onsite scorecards of "yes" or "strong yes" and none
   "definitely not"; otherwise it is rejected with the reason `feedback_reason`;
2. a rejection the onsite scorecards do not support is reversed and the application moved
   on;
3. an offer's salary within the job's salary range is the hiring manager's to change; above
   the range's maximum it needs the policy owner's approval: the offer stays as it is and
   the request goes to them, with the figure;
4. a candidate who pulls out is rejected with the reason they give ("Withdrew" or
   "Accepted another offer");

Each planted application is a new candidate (a name no other candidate of the ATS has) on an
open job whose title no other open job shares, on one of these kinds:

- `onsite-pass` / `onsite-fail`: in Face to Face, its three onsite interviews held and
  scored; the scores meet rule 1 or not (a "no" beside two "yes" still passes; two "yes" and
  a "definitely not" fails, and so does a single "yes");
- `reject-mistake` / `reject-stands`: rejected after the onsite; the hiring manager asks the
  recruiter whether that was a mistake; the scorecards say it was (rule 2) or that it
  stands;
- `counter-within` / `counter-above`: at the Offer stage with an unresolved offer; the
  recruiter tells the hiring manager the candidate's counter, within the range or above it;
- `sweep`: three applications in the onsite of one job (none of whose other applications
  is there), at least one meeting rule 1 and one not: the job's onsite round to settle;
- `withdrew` / `other-offer`: at the Phone Interview stage; the candidate's own mail to the
  recruiter says they withdraw, or that they accepted another offer (rule 4: the
  rejection reason is theirs);
- `misreason-withdrew` / `misreason-other-offer`: the same mail, but the application was
  rejected this morning with one of our reasons ("Not a fit for the role");
- `wrong-job`: at Application Review on one job; the hiring manager says the candidate
  applied for another open job, and a look-alike (another candidate of the same name, a
  different person) sits on a third job and must not be touched.

Anchors hold what the asker knows (candidate, job, who asked); hidden facts hold the ids,
the scores and the figures to discover.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from arcadia.world.hiring import (
    Application,
    Job,
    Offer,
    Rating,
    Recommendation,
    ScheduledInterview,
    Scorecard,
    StageMove,
)
from arcadia.world.model import SituationInstance
from arcadia.world.robotics.hiring.funnel import Funnel, _Draft, at_hour
from arcadia.world.robotics.situations.hiring_pipeline_policy import (
    FAILING,
    PASSING,
    POLICY,
    SITUATION_ID,
    passes,
)
from arcadia.world.robotics.situations.traces import Traces
from arcadia.world.situations import Situation

if TYPE_CHECKING:
    from arcadia.world.model import Person
    from arcadia.world.world import World


Kind = Literal[
    "sweep",
    "onsite-pass",
    "onsite-fail",
    "reject-mistake",
    "reject-stands",
    "counter-within",
    "counter-above",
    "wrong-job",
    "withdrew",
    "other-offer",
    "misreason-withdrew",
    "misreason-other-offer",
]
KINDS: tuple[Kind, ...] = (
    "onsite-pass",
    "onsite-fail",
    "reject-mistake",
    "reject-stands",
    "counter-within",
    "counter-above",
    "wrong-job",
    "withdrew",
    "other-offer",
    "misreason-withdrew",
    "misreason-other-offer",
)

_ATTRS = ("Communication", "Problem solving", "Domain knowledge", "Collaboration")
_RATING = {
    "strong_yes": "strong_yes",
    "yes": "yes",
    "no": "no",
    "no_decision": "mixed",
    "definitely_not": "definitely_not",
}


class HiringPipelineParams(BaseModel):
    model_config = ConfigDict(extra="forbid")

    per_kind: int = Field(2, ge=1, le=4, description="How many applications of each kind.")


def hiring_pipeline(
    world: World, params: HiringPipelineParams, rng: random.Random
) -> SituationInstance:
    from arcadia.world.robotics.situations.hiring_pipeline_traces import (
        policy_owner,
        traces,
    )

    owner = policy_owner(world)
    jobs = _jobs(world, owner)
    if len(jobs) < 3:
        raise ValueError(
            f"{SITUATION_ID} needs three open jobs with distinct titles and a "
            "full interview plan; the world has fewer"
        )
    gen = Funnel(world, label=f"{SITUATION_ID}:{len(world.situations)}")
    names = {c.name for c in world.hiring.candidates}
    anchors: list[dict[str, Any]] = []
    hidden: list[dict[str, Any]] = []
    sweep = _sweep_job(world, jobs, rng)
    if sweep is not None:
        jobs = [j for j in jobs if j.id != sweep.id]
        picks = [rng.choice(PASSING), rng.choice(FAILING), rng.choice((*PASSING, *FAILING))]
        rng.shuffle(picks)
        for n, scores in enumerate(picks):
            anchor, fact = _plant(world, gen, rng, "sweep", sweep, jobs, names, n, scores)
            anchors.append(anchor)
            hidden.append(fact)
    turn = rng.randrange(len(jobs))
    for kind in KINDS:
        for n in range(params.per_kind):
            salaried = [j for j in jobs if j.pay_type == "salary"]
            pool = salaried if kind.startswith("counter") and salaried else jobs
            job = pool[(turn + n) % len(pool)]
            turn += 1
            anchor, fact = _plant(world, gen, rng, kind, job, jobs, names, n)
            anchors.append(anchor)
            hidden.append(fact)
    world.hiring = gen.extended([])
    traces(Traces(world, SITUATION_ID, rng), owner, anchors, hidden)
    anchors.append(
        {"kind": "policy-owner", "person_id": owner.id, "name": owner.name, "email": owner.email}
    )
    return SituationInstance(SITUATION_ID, params.model_dump(), anchors, hidden)


def _jobs(world: World, owner: Person) -> list[Job]:
    """Open jobs whose title no other open job has, with the default plan, a hiring manager
    (not the policy owner) and a recruiter."""
    open_jobs = [j for j in world.hiring.jobs if j.status == "open"]
    titles = [j.name for j in open_jobs]
    people = {p.id: p for p in world.people}
    return [
        j
        for j in open_jobs
        if titles.count(j.name) == 1
        and [s.name for s in j.stages][3:5] == [POLICY["onsite"], POLICY["next"]]
        and j.team.hiring_managers
        and j.team.recruiters
        and j.team.hiring_managers[0] != owner.id
        and j.team.hiring_managers[0] != j.team.recruiters[0]
        and people[j.team.hiring_managers[0]].status == "active"
        and people[j.team.recruiters[0]].status == "active"
    ]


def _fresh(
    gen: Funnel, job: Job, at: datetime, names: set[str], first: str = "", last: str = ""
) -> Any:
    """A new candidate whose name no other has, whose first name no other candidate of the
    job nor anyone of its hiring team has (or, given `first`/`last`, that name)."""
    for _ in range(50):
        cand = gen._candidate(job, at)
        if first:
            cand = replace(cand, first_name=first, last_name=last)
            break
        if (
            cand.name not in names
            and "'" not in cand.name
            and cand.first_name not in _firsts_on(gen, job)
            and cand.first_name not in _team_firsts(gen.world, job)
        ):
            break
    names.add(cand.name)
    gen.candidates.append(cand)
    return cand


def _team_firsts(world: World, job: Job) -> set[str]:
    """First names of the job's hiring team: a candidate sharing one would make "X's mail
    about X" ambiguous."""
    return {world.person(pid).name.split()[0] for pid in job.team.members()}


def _sweep_job(world: World, jobs: list[Job], rng: random.Random) -> Job | None:
    """A job for the onsite sweep: none of its active applications is in the onsite yet
    (so the sweep's are all there is to decide); None if no job is free, or too few jobs
    would be left for the other kinds."""
    if len(jobs) < 4:
        return None
    busy = {
        a.job_id
        for a in world.hiring.applications
        if a.status == "active"
        and a.current_stage_id is not None
        and a.job_id is not None
        and world.hiring.job(a.job_id).stage(a.current_stage_id).name == POLICY["onsite"]
    }
    free = [j for j in jobs if j.id not in busy]
    return rng.choice(free) if free else None


def _firsts_on(gen: Funnel, job: Job) -> set[str]:
    """First names of the candidates with an application on `job`: a list of the job's
    candidates finds one of them by first name alone."""
    ids = {a.candidate_id for a in gen.world.hiring.applications if a.job_id == job.id}
    ids |= {d.app.candidate_id for d in gen.drafts if d.app.job_id == job.id}
    return {c.first_name for c in gen.candidates if c.id in ids}


def _plant(
    world: World,
    gen: Funnel,
    rng: random.Random,
    kind: Kind,
    job: Job,
    jobs: list[Job],
    names: set[str],
    n: int,
    forced: tuple[Recommendation, ...] | None = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    now = world.now
    stage_at = {s.name: s for s in job.stages}
    onsite = stage_at[POLICY["onsite"]]
    applied = now - timedelta(days=rng.randint(30, 45), hours=rng.randint(0, 6))
    cand = _fresh(gen, job, applied, names)
    hm, rec = job.team.hiring_managers[0], job.team.recruiters[0]
    anchor: dict[str, Any] = {
        "kind": kind,
        "candidate": cand.name,
        "first": cand.first_name,
        "job": job.name,
        "job_id": job.id,
        "recruiter_id": rec,
        "hiring_manager_id": hm,
    }
    fact: dict[str, Any] = {"kind": kind, "candidate_id": cand.id, "job_id": job.id}
    leaving = kind.removeprefix("misreason-")
    if leaving in POLICY["exit_reasons"]:
        stages = job.stages[:3]
        moves = [StageMove(st.id, applied + timedelta(days=5 * i)) for i, st in enumerate(stages)]
        # A misreason: rejected this morning as ours ("Not a fit"), after the candidate's
        # mail pulling out.
        wrong = kind.startswith("misreason-")
        draft = _draft(
            gen,
            cand.id,
            job,
            "rejected" if wrong else "active",
            stages[-1].id,
            applied,
            moves,
            now - timedelta(hours=2) if wrong else moves[-1].entered_at,
            reason=2 if wrong else None,
        )
        fact.update(
            application_id=draft.app.id,
            reason=POLICY["exit_reasons"][leaving],
            email=cand.emails[0].value,
        )
        anchor["email"], anchor["exit"] = cand.emails[0].value, leaving
        return anchor, fact
    if kind == "wrong-job":
        other = next(j for j in jobs[n + 1 :] + jobs[: n + 1] if j.id != job.id)
        stage, status = job.stages[0], "active"
        moves = [StageMove(stage.id, applied)]
        draft = _draft(gen, cand.id, job, status, stage.id, applied, moves, applied)
        anchor["right_job"], anchor["right_job_id"] = other.name, other.id
        fact["application_id"] = draft.app.id
        # The look-alike: the same name, another person, on a third job (or the right one).
        third = next((j for j in jobs if j.id not in (job.id, other.id)), other)
        twin = _fresh(
            gen, third, applied - timedelta(days=9), names, cand.first_name, cand.last_name
        )
        twin = gen.candidates[-1] = replace(
            twin, emails=(replace(twin.emails[0], value=_other_email(cand.emails[0].value)),)
        )
        _draft(
            gen,
            twin.id,
            third,
            "active",
            third.stages[1].id,
            applied - timedelta(days=9),
            [
                StageMove(third.stages[0].id, applied - timedelta(days=9)),
                StageMove(third.stages[1].id, applied - timedelta(days=4)),
            ],
            applied - timedelta(days=4),
        )
        fact["twin_candidate_id"] = twin.id
        return anchor, fact
    moves = [StageMove(s.id, applied + timedelta(days=4 * i)) for i, s in enumerate(job.stages[:4])]
    entered = moves[-1].entered_at
    if kind.startswith("counter"):
        moves += [
            StageMove(job.stages[4].id, entered + timedelta(days=6)),
            StageMove(job.stages[5].id, entered + timedelta(days=10)),
        ]
    good = kind in ("onsite-pass", "reject-mistake", "counter-within", "counter-above")
    scores = forced or rng.choice(PASSING if good else FAILING)
    status = "rejected" if kind.startswith("reject") else "active"
    last = min(entered + timedelta(days=5), now - timedelta(days=1))
    draft = _draft(
        gen,
        cand.id,
        job,
        status,
        moves[-1].stage_id,
        applied,
        moves,
        last,
        reason=2 if kind == "reject-mistake" else 1 if kind == "reject-stands" else None,
    )
    _onsite(world, gen, draft, job, onsite.id, entered, scores, rng)
    fact.update(
        application_id=draft.app.id,
        scores=list(scores),
        passes=passes(scores),
        onsite_stage_id=onsite.id,
        next_stage_id=job.stages[4].id,
    )
    if kind.startswith("counter"):
        created = moves[-1].entered_at + timedelta(hours=3)
        salary = float(round((job.pay_min + (job.pay_max - job.pay_min) * 0.45) / 500) * 500)
        if kind == "counter-within":
            ask = float(
                round((salary + (job.pay_max - salary) * rng.uniform(0.3, 0.8)) / 1000) * 1000
            )
            ask = min(max(ask, salary + 1000), job.pay_max // 1000 * 1000)
        else:
            ask = float((job.pay_max // 1000 + rng.randint(3, 12)) * 1000)
        sent = created.date() + timedelta(days=1)
        draft.offers.append(
            Offer(
                gen.ids("offer"),
                draft.app.id,
                1,
                "unresolved",
                created,
                sent,
                None,
                gen._start(max(sent, world.now.date())),
                salary,
                job.pay_type,
            )
        )
        fact.update(
            offer_salary=salary,
            ask=ask,
            band_min=job.pay_min,
            band_max=job.pay_max,
            within=ask <= job.pay_max,
        )
    return anchor, fact


def _other_email(email: str) -> str:
    user, host = email.split("@")
    return f"{user.rstrip('0123456789')}{len(user) * 7 % 90 + 10}@{host}"


def _draft(
    gen: Funnel,
    candidate_id: int,
    job: Job,
    status: str,
    stage_id: int,
    applied: datetime,
    moves: list[StageMove],
    last: datetime,
    reason: int | None = None,
) -> _Draft:
    app = Application(
        gen.ids("application"),
        candidate_id,
        job.id,
        False,
        status,  # type: ignore[arg-type]
        stage_id,
        applied,
        last if status == "rejected" else None,
        None,
        reason,
        last,
        gen.sources[2].id,
        job.team.recruiters[0],
        tuple(moves),
    )
    draft = _Draft(app)
    gen.drafts.append(draft)
    gen._touch(candidate_id, last)
    return draft


def _onsite(
    world: World,
    gen: Funnel,
    draft: _Draft,
    job: Job,
    stage_id: int,
    entered: datetime,
    scores: tuple[Recommendation, ...],
    rng: random.Random,
) -> None:
    """The onsite's three interviews, held two days after entering it, each scored."""
    stage = job.stage(stage_id)
    pool = list(job.team.interviewers) or list(job.team.hiring_managers)
    day = entered.date() + timedelta(days=2)
    for i, (name, score) in enumerate(zip(stage.interviews, scores, strict=False)):
        who = pool[i % len(pool)]
        start = at_hour(day, 14 + i)
        iv = ScheduledInterview(
            gen.ids("interview"),
            draft.app.id,
            stage_id,
            name,
            start,
            start + timedelta(minutes=45),
            world.location(job.location_id).name,
            job.team.coordinators[0] if job.team.coordinators else job.team.recruiters[0],
            (who,),
            "complete",
        )
        draft.interviews.append(iv)
        attrs = tuple(Rating(a, _RATING[score]) for a in rng.sample(_ATTRS, 3))
        draft.scorecards.append(
            Scorecard(
                gen.ids("scorecard"),
                draft.app.id,
                iv.id,
                who,
                who,
                name,
                start,
                start + timedelta(hours=3),
                score,
                attrs,
            )
        )


HIRING_PIPELINE = Situation(
    SITUATION_ID,
    "Applications in flight on open jobs, decided by Talent's hiring policy (a policy mail): "
    "onsites to advance or reject, rejections to review, offer counters within or above "
    "the salary range, an application on the wrong job beside a look-alike candidate.",
    HiringPipelineParams,
    hiring_pipeline,
)
