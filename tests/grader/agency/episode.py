"""An agency episode driven through the Bullhorn app, graded by the handbook guards.

`Agent` signs in to a fresh episode of the agency world (seed 1), writes through the real
API, and `verdict(kind)` runs a handbook guard on the episode's diff and the world's truth.
It signs in as the world's first principal (user 1, who runs the agency and is an account
manager); `as_user(id)` signs another member of staff in to the same episode. The truth
helpers below find the records a scenario needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx

from arcadia.apps.kernel import EpisodeStore
from arcadia.grader import GUARDS, Diff, GradeContext, GuardVerdict
from arcadia.world import World
from arcadia.world.agency.model import Candidate, ClientCorporation, Consent
from tests.apps.bullhorn_world import Session, agency_episode, agency_spec, sign_in

SEED = 1


def dollars(cents: int) -> float:
    return cents / 100


@dataclass
class Agent:
    bh: Session
    store: EpisodeStore
    world: World

    @classmethod
    async def start(cls, http: httpx.AsyncClient, store: EpisodeStore) -> Agent:
        bh = await sign_in(await agency_episode(http, SEED))
        return cls(bh, store, store.template(agency_spec(SEED)).world)

    @property
    def agency(self) -> Any:
        return self.world.agency

    def ctx(self) -> GradeContext:
        rows = self.store.get(self.bh.ep.id).changes()
        return GradeContext(Diff.from_rows(rows, self.store.apps), self.world)

    async def as_user(self, user_id: int) -> Session:
        """A Bullhorn session of another member of staff, in the same episode."""
        return await sign_in(self.bh.ep, user_id)

    def verdict(self, kind: str) -> GuardVerdict:
        result: GuardVerdict = GUARDS.get(kind).evaluate(self.ctx(), {})
        return result

    async def update(self, entity: str, entity_id: int, body: dict[str, Any]) -> None:
        r = await self.bh.post(f"entity/{entity}/{entity_id}", body)
        assert r.status_code == 200, r.text

    async def new_job(self, client: ClientCorporation, skills: list[str], *, limit: int = 8,
                      pay: int = 5000, bill: int = 7000) -> int:
        """A job order for `client` requiring `skills` (cents per hour for the rates)."""
        return await self.bh.create("JobOrder", {
            "title": "Handbook test role", "clientCorporation": {"id": client.id},
            "skillList": ", ".join(skills), "customInt1": limit, "payRate": dollars(pay),
            "clientBillRate": dollars(bill)})

    async def submit(self, candidate: Candidate, job_id: int, *, pay: int | None = None,
                     bill: int | None = None, comments: str | None = None) -> int:
        pay = candidate.expected_pay_low if pay is None else pay
        bill = pay * 3 // 2 if bill is None else bill
        body: dict[str, Any] = {"candidate": {"id": candidate.id}, "jobOrder": {"id": job_id},
                                "status": "Submitted", "payRate": dollars(pay),
                                "billRate": dollars(bill)}
        if comments is not None:
            body["comments"] = comments
        return await self.bh.create("JobSubmission", body)

    async def note(self, comments: str, *, contact: int | None = None,
                   candidate: int | None = None, action: str = "Client Call") -> int:
        ref = ({"id": contact, "_subtype": "ClientContact"} if contact is not None
               else {"id": candidate, "_subtype": "Candidate"})
        return await self.bh.create("Note", {"action": action, "comments": comments,
                                             "personReference": ref})

    # ---- the truth -------------------------------------------------------------------------

    def client(self, client_id: int) -> ClientCorporation:
        return next(c for c in self.agency.clients if c.id == client_id)

    def candidate(self, candidate_id: int) -> Candidate:
        return next(c for c in self.agency.candidates if c.id == candidate_id)

    def consented(self) -> tuple[Candidate, ClientCorporation]:
        """A candidate with a consent valid today, and its client."""
        today = self.world.now.date()
        c = next(c for c in self.agency.consents if c.valid_on(today))
        return self.candidate(c.candidate_id), self.client(c.corporation_id)

    def unconsented(self, candidate: Candidate) -> ClientCorporation:
        """A client `candidate` has no consent for at all."""
        mine = {c.corporation_id for c in self.agency.consents
                if c.candidate_id == candidate.id}
        return next(c for c in self.agency.clients if c.id not in mine)

    def expired(self) -> tuple[Candidate, ClientCorporation, Consent]:
        """A consent expired by today with no valid consent for the same pair."""
        today = self.world.now.date()
        valid = {(c.candidate_id, c.corporation_id) for c in self.agency.consents
                 if c.valid_on(today)}
        c = next(c for c in self.agency.consents if c.expires_on < today
                 and (c.candidate_id, c.corporation_id) not in valid)
        return self.candidate(c.candidate_id), self.client(c.corporation_id), c

    def contact_of(self, client: ClientCorporation) -> int:
        return int(next(p.id for p in self.agency.contacts if p.corporation_id == client.id))

    def other_client(self, client: ClientCorporation) -> ClientCorporation:
        return next(c for c in self.agency.clients if c.id != client.id)
