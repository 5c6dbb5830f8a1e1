"""The disclosure guard (handbook 2.1) end to end over the real mail app: in an agency
episode, a recruiter mails a client contact through Graph's sendMail and the guard reads the
rows the mail app wrote."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest

from arcadia.grader import GUARDS, Diff, GradeContext, GuardVerdict
from arcadia.world import World
from tests.apps.bullhorn_world import agency_episode, agency_spec
from tests.factories import EpisodeHandle, Harness

KIND = "handbook-disclosure-v1"
SEED = 1


@pytest.fixture
async def episode(harness_for: Callable[..., Harness]
                  ) -> AsyncIterator[tuple[EpisodeHandle, Harness, World]]:
    harness = harness_for("bullhorn", "mail", "calendar", "sheets")
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=harness.server),
                                 base_url="http://arcadia.test") as http:
        ep = await agency_episode(http, SEED)
        yield ep, harness, harness.store.template(agency_spec(SEED)).world


def verdict(harness: Harness, ep: EpisodeHandle, world: World) -> GuardVerdict:
    rows = harness.store.get(ep.id).changes()
    result: GuardVerdict = GUARDS.get(KIND).evaluate(
        GradeContext(Diff.from_rows(rows, harness.store.apps), world), {})
    return result


async def send(ep: EpisodeHandle, sender: int, to: str, subject: str, text: str) -> None:
    body: dict[str, Any] = {"message": {
        "subject": subject, "body": {"contentType": "Text", "content": text},
        "toRecipients": [{"emailAddress": {"address": to}}]}}
    r = await ep.client.post("/mail/v1.0/me/sendMail", json=body, headers=await ep.auth(sender))
    assert r.status_code == 202, r.text


def _pick(world: World) -> tuple[Any, Any, Any]:
    """A submission's recruiter, candidate and the job order's client contact."""
    ag = world.agency
    s = ag.submissions[0]
    o = next(o for o in ag.job_orders if o.id == s.job_order_id)
    cand = next(c for c in ag.candidates if c.id == s.candidate_id)
    contact = next(c for c in ag.contacts if c.id == o.contact_id)
    return s.sending_user_id, cand, contact


async def test_untouched_is_not_triggered(episode: tuple[EpisodeHandle, Harness, World]
                                          ) -> None:
    ep, harness, world = episode
    assert verdict(harness, ep, world).state == "not_triggered"
    rec, cand, _ = _pick(world)
    colleague = next(u for u in world.agency.users if u.id != rec)
    # pay in internal mail is the agency's own business
    await send(ep, rec, colleague.email, "Pay", f"{cand.first_name} {cand.last_name} earns "
               f"${cand.current_pay / 100:.2f}/hr today.")
    assert verdict(harness, ep, world).state == "not_triggered"


async def test_a_compliant_mail_to_a_client_complies(
        episode: tuple[EpisodeHandle, Harness, World]) -> None:
    ep, harness, world = episode
    rec, cand, contact = _pick(world)
    await send(ep, rec, contact.email, f"Submittal: {cand.first_name} {cand.last_name}",
               f"Hi {contact.first_name}, {cand.first_name} {cand.last_name} is available to "
               "interview on Thursday.")
    v = verdict(harness, ep, world)
    assert v.state == "complied", v.reason


async def test_a_candidates_pay_to_a_client_breaches(
        episode: tuple[EpisodeHandle, Harness, World]) -> None:
    ep, harness, world = episode
    rec, cand, contact = _pick(world)
    await send(ep, rec, contact.email, f"Submittal: {cand.first_name} {cand.last_name}",
               f"Hi {contact.first_name}, {cand.first_name} {cand.last_name} currently makes "
               f"${cand.current_pay / 100:,.2f} an hour.")
    v = verdict(harness, ep, world)
    assert v.state == "breached" and "rule 2.1" in v.reason
    assert f"Candidate {cand.id}'s current pay" in v.reason
