"""Generator v2's conditional goal kind of `spend-anomaly-v1`: AP holds an invoice, the
instruction does not say why, and the agent works out what is wrong before it acts.

- `spend-invoice-review-v2`: "AP is holding {supplier}'s invoice: find out what is wrong
  with it and dispute it with the reason that fits". The same words ask about a duplicate
  copy of an approved invoice (reason `DUP`) and about an invoice above what its order has
  left (reason `OVER-PO`); which one it is, the agent learns from the invoices, the order
  and AP's mail, never from the instruction. The situation plants the two so that neither
  is also the other (a duplicate's order has room for both copies; the over-order invoice
  repeats no other), so one reason is right and the other is a wrong end state.

Its candidates are one goal for both kinds (`Candidate.goal` "flagged"), so nothing a task
carries outside its checks tells them apart.
"""

from __future__ import annotations

from collections.abc import Iterator

from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, goal
from arcadia.taskgen.goals.robotics import spend_anomaly as sa
from arcadia.taskgen.goals.robotics.courtesy import allow_reply, asker
from arcadia.taskgen.goals.robotics.v2_addons import v2_id
from arcadia.taskgen.walk import Walker
from arcadia.world import SituationInstance, World

REASONS = {"duplicate-invoice": "DUP", "over-po": "OVER-PO"}
# Add-ons whose words name no reason. A reply to AP's mail is not asked: it is allowed
# (`courtesy`), as a careful buyer tells the clerk who is holding the invoice.
ADDONS = tuple(v2_id(a) for a in ("tell-manager-spend", "flag-ap-mail"))


def _flagged(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    for kind in REASONS:
        for c in sa._anomalies(kind, done="disputed")(world, inst):
            c.goal = "flagged"
            c.facts["reason"] = REASONS[kind]
            c.facts["asked"] = asker(world, c.actor, has=c.slots["supplier"])
            yield c


@goal("spend-invoice-review-v2", sa.SITUATION,
      "AP holds a supplier's invoice, reason unsaid: find what is wrong, dispute it so.",
      candidates=_flagged, addons=ADDONS, phrasings=(
          "AP is holding the {supplier} invoice that's waiting for approval: something "
          "about it doesn't add up. Can you find out what's wrong and dispute it in Coupa "
          "with the reason that fits?",
          "Ticket from AP: the pending {supplier} invoice shouldn't be approved as it "
          "stands. Please look into it and put it in dispute, with the dispute reason that "
          "matches the problem.",
          "The {supplier} invoice pending approval got flagged by AP. Check it against "
          "what we ordered and were billed before, and dispute it with the right reason.",
      ))
async def invoice_review(w: Walker, c: Candidate, hints: Hints) -> None:
    await sa._dispute(w, c, hints, c.facts["reason"])
    allow_reply(hints, c.actor, c.facts["asked"])


GOALS = (invoice_review,)
