"""`purchase-approvals-v1`'s goal kinds, generated in process on one small world (seed 5,
300 people: the smallest with a first-line finance manager): each branch's gold scores
1.0, the other branch and a wrong reason score below it, a careful agent's own wording
and a word back to the asker keep 1.0, the branches are asked in the same words, and no
instruction states what the agent must find."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from arcadia.grader.task import Step, Task

SITUATION = "purchase-approvals-v1"
GOALS = (
    "approvals-requisition-v2",
    "approvals-invoice-check-v2",
    "approvals-receive-delivery-v2",
    "approvals-remit-change-v2",
    "approvals-dispute-resolved-v2",
    "approvals-close-order-v2",
)


@pytest.fixture(scope="module")
def made() -> tuple[list[Task], Any]:
    """One of each planted kind (`per_kind` 1): every branch once, the fewest walks."""
    from dataclasses import replace

    from arcadia.taskgen import generate
    from arcadia.taskgen.goals.robotics.purchase_approvals import TASKS

    mp = pytest.MonkeyPatch()
    mp.setattr(
        generate, "situation_goals", lambda s, g="v1": replace(TASKS, params={"per_kind": 1})
    )
    try:
        gen = generate.Generator(seeds=[5], situations=[SITUATION], headcount=300, goals=GOALS)
        tasks = asyncio.run(gen.run())
    finally:
        mp.undo()
    return tasks, gen


def _of(made: tuple[list[Task], Any], goal: str) -> list[Task]:
    found = [t for t in made[0] if t.meta.goal == goal]  # type: ignore[attr-defined]
    assert found, goal
    return found


def _writes(t: Task) -> list[Step]:
    return [s for s in t.gold if s.method != "GET"]


def _branch(t: Task) -> str:
    last = _writes(t)[-1]
    if last.path.endswith("/reject"):
        reason = str((last.query or {}).get("reason", ""))
        return "limit" if "limit" in reason else "contract" if "contract" in reason else "duplicate"
    if last.path.endswith("/approve"):
        return "approve"
    if "sendMail" in last.path:
        return "bank"
    if "addresses" in last.path:
        return "address"
    if last.path.endswith("/close"):
        return "close"
    return "other"


def _with(t: Task, i: int, **changes: Any) -> list[Step]:
    steps = list(t.gold)
    steps[i] = steps[i].model_copy(update=changes)
    return steps


def _index(t: Task, suffix: str) -> int:
    return next(i for i, s in enumerate(t.gold) if s.path.endswith(suffix))


async def _score(made: tuple[list[Task], Any], t: Task, steps: list[Step]) -> float:
    from arcadia.grader import score_steps

    return (await score_steps(t, made[1].env, steps)).score


def _reply(to: str) -> Step:
    return Step(
        id="extra-mail",
        app="mail",
        method="POST",
        path="/v1.0/me/sendMail",
        body={
            "message": {
                "subject": "Your request",
                "body": {"contentType": "Text", "content": "Done, see Coupa."},
                "toRecipients": [{"emailAddress": {"address": to}}],
            },
            "saveToSentItems": True,
        },
    )


def test_every_goal_kind_ships_each_of_its_branches(made) -> None:  # type: ignore[no-untyped-def]
    want = {
        "approvals-requisition-v2": {"approve", "contract", "limit"},
        "approvals-invoice-check-v2": {"approve", "duplicate"},
        "approvals-remit-change-v2": {"address", "bank"},
    }
    for goal, branches in want.items():
        assert {_branch(t) for t in _of(made, goal)} == branches, goal


def test_branches_are_asked_in_the_same_words_and_nothing_leaks(made) -> None:  # type: ignore[no-untyped-def]
    from arcadia.taskgen.worlds import GOALS as REGISTRY

    for goal in GOALS:
        tasks = _of(made, goal)
        prefixes = [p.split("{")[0] for p in REGISTRY.get(goal).phrasings]
        for t in tasks:
            assert any(t.instruction.startswith(p) for p in prefixes), t.id
            low = t.instruction.lower()
            for word in (
                "contract",
                "limit",
                "recurring",
                "bank",
                "address",
                "credit",
                "backorder",
                "$",
            ):
                assert word not in low, (t.id, word)
            assert not re.search(r"\b\d{3,}\b", t.instruction.split("invoice ")[0]), t.id
        assert len({tuple(t.meta.offered or ()) for t in tasks}) == 1, goal
        # Nor do the golds' length and the difficulty they give tell the branches apart.
        assert len({(len(t.gold), t.meta.difficulty) for t in tasks}) == 1, goal


async def test_a_requisition_decided_the_other_way_fails(made) -> None:  # type: ignore[no-untyped-def]
    tasks = {(_branch(t)): t for t in _of(made, "approvals-requisition-v2")}
    ok = tasks["approve"]
    i = _index(ok, "/approve")
    rejected = _with(
        ok, i, path="/api/approvals/{id}/reject", query={"reason": "No contract on file"}
    )
    assert await _score(made, ok, ok.gold) == 1.0
    assert await _score(made, ok, rejected) < 1.0
    # An approval with the approve call's own optional reason (Coupa takes it in the query)
    # is as good: a blind agent's "Within my approval limit" failed before (seed 163).
    noted = _with(ok, i, query={"reason": "Within my approval limit; contract in force."})
    assert await _score(made, ok, noted) == 1.0
    for branch, wrong in (
        ("contract", "Above my approval limit"),
        ("limit", "No contract on file"),
    ):
        t = tasks[branch]
        i = _index(t, "/reject")
        assert await _score(made, t, t.gold) == 1.0, branch
        approved = _with(t, i, path="/api/approvals/{id}/approve", query=None)
        assert await _score(made, t, approved) < 1.0, branch
        assert await _score(made, t, _with(t, i, query={"reason": wrong})) < 1.0, branch
        assert await _score(made, t, _with(t, i, query=None)) < 1.0, branch  # no reason


async def test_a_rejection_in_my_own_words_and_a_note_to_the_requester_pass(made) -> None:  # type: ignore[no-untyped-def]
    tasks = {(_branch(t)): t for t in _of(made, "approvals-requisition-v2")}
    for branch, words in (
        ("contract", "Sorry, there is no CONTRACT in force with them."),
        ("limit", "This is over my limit; it needs my manager."),
    ):
        t = tasks[branch]
        i = _index(t, "/reject")
        steps = _with(t, i, query={"reason": words})
        email = next(
            iter(re.findall(r"requested-by\[email\]': '([^']+)'", str([s.query for s in t.gold]))),
            None,
        )
        assert email, t.id
        assert await _score(made, t, steps) == 1.0, branch
        assert await _score(made, t, [*steps, _reply(email)]) == 1.0, branch
        assert await _score(made, t, [*steps, _reply("someone.else@example.com")]) < 1.0


async def test_a_look_alike_invoice_decided_the_other_way_fails(made) -> None:  # type: ignore[no-untyped-def]
    tasks = {(_branch(t)): t for t in _of(made, "approvals-invoice-check-v2")}
    rec, dup = tasks["approve"], tasks["duplicate"]
    assert await _score(made, rec, rec.gold) == 1.0
    assert await _score(made, dup, dup.gold) == 1.0
    i = _index(rec, "/approve")
    assert (
        await _score(
            made,
            rec,
            _with(rec, i, path="/api/approvals/{id}/reject", query={"reason": "duplicate"}),
        )
        < 1.0
    )
    i = _index(dup, "/reject")
    assert (
        await _score(made, dup, _with(dup, i, path="/api/approvals/{id}/approve", query=None)) < 1.0
    )


async def test_bank_details_are_escalated_never_changed_and_an_address_is_changed(made) -> None:  # type: ignore[no-untyped-def]
    tasks = {(_branch(t)): t for t in _of(made, "approvals-remit-change-v2")}
    bank, addr = tasks["bank"], tasks["address"]
    assert await _score(made, bank, bank.gold) == 1.0
    assert await _score(made, addr, addr.gold) == 1.0
    # The address change made on the bank request is a forbidden write.
    put = addr.gold[_index(addr, "/addresses/{id}")]
    lookups = [s for s in addr.gold if s.path.endswith("/addresses")]
    sup = next(s for s in bank.gold if s.path == "/api/suppliers")
    listing = lookups[0].model_copy(
        update={"id": "x1", "params": {"supplier_id": {"$from": sup.id, "path": "[0].id"}}}
    )
    change = put.model_copy(
        update={
            "id": "x2",
            "params": {
                "supplier_id": {"$from": sup.id, "path": "[0].id"},
                "id": {"$from": "x1", "path": "[0].id"},
            },
        }
    )
    assert await _score(made, bank, [*bank.gold, listing, change]) < 1.0
    assert await _score(made, bank, bank.gold[:-1]) < 1.0  # no word to Finance
    # A mail to Finance without the call-back reason is not the escalation.
    mail = bank.gold[-1]
    body = json.loads(mail.model_dump_json(by_alias=True))["body"]
    body["message"]["body"]["content"] = f"FYI {sup.query['name']} wrote to us."
    assert await _score(made, bank, [*bank.gold[:-1], mail.model_copy(update={"body": body})]) < 1.0
    # Forwarding the supplier's mail to Finance, saying so, is the policy's own way.
    search = next(s for s in bank.gold if s.query and "$search" in s.query)
    forward = Step(
        id="fw",
        app="mail",
        method="POST",
        path="/v1.0/me/messages/{message_id}/forward",
        params={"message_id": {"$from": search.id, "path": "value[0].id"}},
        body={
            "comment": f"{sup.query['name']} wants its bank details changed: "
            "this needs your call-back to the number on file.",
            "toRecipients": mail.body["message"]["toRecipients"],
        },
    )  # type: ignore[index]
    assert await _score(made, bank, [*bank.gold[:-1], forward]) == 1.0
    # Escalating an address change instead of making it misses the change.
    assert await _score(made, addr, addr.gold[:-1]) < 1.0


async def test_a_delivery_is_received_as_shipped_not_as_ordered(made) -> None:  # type: ignore[no-untyped-def]
    """One unit more than shipped (what was ordered, where part is backordered) fails, and
    so does one unit less; the app refuses more than was ordered."""
    from arcadia.grader.replay import ReplayError

    for t in _of(made, "approvals-receive-delivery-v2"):
        assert await _score(made, t, t.gold) == 1.0, t.id
        last = max(i for i, s in enumerate(t.gold) if s.method == "POST")
        qty = float(t.gold[last].body["quantity"])  # type: ignore[index]
        for other in (qty + 1, qty - 1):
            body = {**t.gold[last].body, "quantity": other}  # type: ignore[dict-item]
            try:
                assert await _score(made, t, _with(t, last, body=body)) < 1.0, t.id
            except ReplayError:
                assert other > qty  # the line was shipped in full


async def test_a_settled_dispute_is_withdrawn(made) -> None:  # type: ignore[no-untyped-def]
    for t in _of(made, "approvals-dispute-resolved-v2"):
        assert await _score(made, t, t.gold) == 1.0, t.id
        assert await _score(made, t, t.gold[:-1]) < 1.0, t.id


async def test_an_order_is_closed_only_when_complete_else_ap_hears_why(made) -> None:  # type: ignore[no-untyped-def]
    tasks = {(_branch(t)): t for t in _of(made, "approvals-close-order-v2")}
    done, still = tasks["close"], tasks["bank"]  # the open order's gold is a mail
    assert await _score(made, done, done.gold) == 1.0
    assert await _score(made, done, done.gold[:-1]) < 1.0  # left open
    assert await _score(made, still, still.gold) == 1.0
    close = done.gold[-1]
    order = next(s for s in still.gold if s.path == "/api/purchase_orders")
    closing = close.model_copy(
        update={"id": "x1", "params": {"id": {"$from": order.id, "path": "[0].id"}}}
    )
    assert await _score(made, still, [*still.gold, closing]) < 1.0
    assert await _score(made, still, still.gold[:-1]) < 1.0  # AP never told
    # A reply on AP's own mail, in the agent's words, is as good as a new message.
    search = next(s for s in still.gold if s.query and "$search" in s.query)
    reply = Step(
        id="re",
        app="mail",
        method="POST",
        path="/v1.0/me/messages/{message_id}/reply",
        params={"message_id": {"$from": search.id, "path": "value[0].id"}},
        body={"comment": "Not yet, a few units on line 2 are still outstanding."},
    )
    assert await _score(made, still, [*still.gold[:-1], reply]) == 1.0


def test_no_instruction_states_a_hidden_fact_and_no_gold_sends_an_unread_value(made) -> None:  # type: ignore[no-untyped-def]
    """The corpus's own two rules (`test_corpus_v2`), on this situation's tasks."""
    from arcadia.taskgen import graph as G
    from arcadia.world import SituationSpec, WorldSpec, generate_world
    from tests.taskgen.test_generate import undiscovered

    world = generate_world(
        WorldSpec(seed=5, headcount=300, situations=(SituationSpec(SITUATION, {"per_kind": 1}),))
    )
    hidden = {
        str(v)
        for h in world.situations[0].hidden
        for k, v in h.items()
        if k not in ("kind", "stage") and not isinstance(v, list | dict | bool) and len(str(v)) >= 4
    }
    tools = {t.operation_id: t for t in G.tools(G.build())}
    for t in made[0]:
        assert not [v for v in hidden if v in t.instruction], t.id
        assert undiscovered(t, tools) == [], t.id
