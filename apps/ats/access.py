"""Who may see and do what in the ATS (the role rules), and the On-Behalf-Of check.

- `exec` and `hr` see everything, pay included; `recruiter` (Talent Acquisition) sees every
  candidate and application but never pay: an offer's `salary` is withheld (null) and a
  salary change answers 403. A recruiter who also holds `hr` is still a recruiter for pay.
- Anyone else who is on a job's hiring team (a hiring manager, say) sees that job's
  candidates, applications, interviews, scorecards and offers (pay included: they make
  the offer) and acts on them; lists leave other jobs out and a get answers 403.
- Anyone else (procurement, finance, an engineer on no hiring team) gets 403 on
  candidates, applications, interviews, scorecards and offers.
- Setting up jobs, hiring teams, openings, posts, departments and offices (and destroying
  a tag) is for `exec`, `hr` and `recruiter` (`require_admin`).

Every write names the acting user in `On-Behalf-Of`; it must be an ATS user (422
otherwise) and the principal's own user (403 otherwise), as Harvest audits writes by it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import select

from arcadia.apps.ats import models as m
from arcadia.apps.kernel import Ctx, forbidden, invalid

FULL = ("exec", "hr")
RECRUITER = "recruiter"
WRITERS = ("exec", "hr", "recruiter")
NO_ACCESS = ("Your API key's user may not see candidates: candidates, applications, "
             "interviews, scorecards and offers are open to Talent Acquisition (recruiter), "
             "HR, executives and the hiring team of a job.")


@dataclass(frozen=True)
class Scope:
    """What the principal may see: every job (`jobs` None) or these jobs' records."""

    jobs: frozenset[int] | None
    pay: bool  # whether offers show salary
    user_id: int | None

    def sees_job(self, job_id: int | None) -> bool:
        return self.jobs is None or (job_id is not None and job_id in self.jobs)


def user_of(ctx: Ctx) -> int | None:
    """The principal's own ATS user id, or None if they have none."""
    row = ctx.rows("SELECT id FROM users WHERE person_id = ?", (ctx.principal.id,))
    return int(row[0][0]) if row else None


def scope(ctx: Ctx) -> Scope:
    """The principal's view of hiring; 403 if they may see none of it."""
    roles = ctx.principal.roles
    user = user_of(ctx)
    if "exec" in roles:
        return Scope(None, True, user)
    if RECRUITER in roles:
        return Scope(None, False, user)
    if "hr" in roles:
        return Scope(None, True, user)
    jobs = frozenset(int(r[0]) for r in ctx.rows(
        "SELECT DISTINCT job_id FROM hiring_team_members WHERE user_id = ?", (user,))) \
        if user is not None else frozenset()
    if not jobs:
        raise forbidden(NO_ACCESS)
    return Scope(jobs, True, user)


def require_job(sc: Scope, job_id: int | None, what: str) -> None:
    if not sc.sees_job(job_id):
        raise forbidden(f"You don't have access to that record: {what} belongs to a job "
                        "whose hiring team you are not on.")


def acting_user(ctx: Ctx, on_behalf_of: int) -> int:
    """Check the On-Behalf-Of header of a write: an ATS user, and the principal's own."""
    user = ctx.session.get(m.User, on_behalf_of)
    if user is None or user.disabled:
        raise invalid(f"On-Behalf-Of {on_behalf_of} is not an active user of this ATS; send "
                      "your own user id (GET /v1/users?email=<your e-mail>).", "On-Behalf-Of")
    own = user_of(ctx)
    if own != user.id:
        mine = f"your user id is {own}" if own is not None else \
            "your API key's person has no ATS user, so it cannot write"
        raise forbidden(f"On-Behalf-Of must name the API key's own user; {mine}, not "
                        f"{on_behalf_of}.")
    return user.id


def users_by_email(ctx: Ctx, email: str) -> int | None:
    found = ctx.session.exec(select(m.User.id).where(
        m.User.primary_email_address == email)).first()
    return None if found is None else int(found)


def require_admin(ctx: Ctx, what: str) -> None:
    """Organization and job set-up is for HR, Talent Acquisition and executives."""
    if not ctx.principal.has_any(WRITERS):
        raise forbidden(f"{what} is for HR, Talent Acquisition (recruiter) and executives; "
                        "your API key's user holds none of those roles.")
