"""`inbox-calendar-v1`'s v2 goal kinds, generated in process on a small world (seed 5,
120 people): each gold scores 1.0, each wrong branch less, each equivalent way 1.0; the
twins are asked in the same words and no instruction states what the agent must find."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from arcadia.grader.task import Step, Task
from arcadia.taskgen.goals.robotics import inbox_calendar as ic
from arcadia.taskgen.goals.robotics import inbox_mail

# Each goal kind and how many of its tasks the tests need: the first actor's four first
# invitations are an accept, a tentative and the two declines (focus, clash).
WANTED = (
    ("inbox-invitation-answer-v2", 4),
    ("inbox-migration-mail-v2", 2),
    ("inbox-invoices-ap-v2", 1),
    ("inbox-friday-focus-v2", 1),
    ("inbox-week-invitations-v2", 1),
    ("inbox-external-host-v2", 1),
    ("inbox-supplier-mail-v2", 3),
)


@pytest.fixture(scope="module")
def made() -> tuple[Any, dict[str, list[Task]], Any]:
    """The generator (its environment grades), each goal kind's tasks, and the world."""
    from arcadia.taskgen.generate import Generator
    from arcadia.world import SituationSpec, WorldSpec, generate_world

    g = Generator(seeds=[5], situations=[ic.SITUATION], headcount=120)
    by: dict[str, list[Task]] = {}
    for goal, n in WANTED:
        g.goals, g.count = {goal}, n
        before = len(g.shipped)
        asyncio.run(g.run())
        by[goal] = [s.task for s in g.shipped[before:]]
        assert len(by[goal]) == n, (goal, g.funnel, g.details)
    world = generate_world(
        WorldSpec(seed=5, headcount=120, situations=(SituationSpec(ic.SITUATION, ic.TASKS.params),))
    )
    return g, by, world


async def _score(made: Any, t: Task, steps: list[Step]) -> float:
    from arcadia.grader import score_steps

    return (await score_steps(t, made[0].env, steps)).score


def _step(s: Step, **update: Any) -> Step:
    return s.model_copy(update=update)


def _answer_of(t: Task) -> tuple[int, str]:
    at = next(
        i
        for i, s in enumerate(t.gold)
        if s.method == "POST"
        and s.app == "calendar"
        and s.path.endswith(("/accept", "/decline", "/tentativelyAccept"))
    )
    return at, t.gold[at].path.rsplit("/", 1)[1]


async def test_every_gold_scores_one(made) -> None:  # type: ignore[no-untyped-def]
    for tasks in made[1].values():
        for t in tasks:
            assert await _score(made, t, list(t.gold)) == 1.0, t.id


def test_invitations_are_asked_alike_whatever_the_answer(made) -> None:  # type: ignore[no-untyped-def]
    tasks = made[1]["inbox-invitation-answer-v2"]
    answers = {_answer_of(t)[1] for t in tasks}
    assert answers == {"accept", "decline", "tentativelyAccept"}
    prefixes = [p.split("{")[0] for p in ic.invitation_answer.phrasings]
    for t in tasks:
        assert any(t.instruction.startswith(p) for p in prefixes), t.id
        for word in (
            "accept",
            "decline",
            "tentative",
            "focus",
            "clash",
            "host",
            "Friday afternoon",
        ):
            assert word not in t.instruction.lower(), (t.id, word)
    assert len({tuple(t.meta.offered or ()) for t in tasks}) == 1


async def test_the_other_answer_fails_and_another_wording_passes(made) -> None:  # type: ignore[no-untyped-def]
    for t in made[1]["inbox-invitation-answer-v2"]:
        at, action = _answer_of(t)
        base = t.gold[at].path.rsplit("/", 1)[0]
        for other in {"accept", "decline", "tentativelyAccept"} - {action}:
            body = (
                {"comment": "Sorry, Friday afternoon is focus time and it clashes."}
                if other == "decline"
                else {}
            )
            wrong = [*t.gold[:at], _step(t.gold[at], path=f"{base}/{other}", body=body)]
            assert await _score(made, t, wrong) < 1.0, (t.id, other)
        comment = (t.gold[at].body or {}).get("comment", "")
        if action == "decline":
            # The reason in other words passes; a decline that gives none does not.
            said = (
                "Can't make it, that's our Friday focus afternoon."
                if "focus" in comment
                else "I'm afraid I already have a meeting at that time (a conflict)."
            )
            ok = [*t.gold[:at], _step(t.gold[at], body={"comment": said})]
            assert await _score(made, t, ok) == 1.0, t.id
            bare = [*t.gold[:at], _step(t.gold[at], body={})]
            assert await _score(made, t, bare) < 1.0, t.id
        else:
            noted = [*t.gold[:at], _step(t.gold[at], body={"comment": "Thanks, see you."})]
            assert await _score(made, t, noted) == 1.0, t.id


def test_migration_twins_read_alike(made) -> None:  # type: ignore[no-untyped-def]
    tasks = made[1]["inbox-migration-mail-v2"]
    kinds = {
        "forward" if any(s.path.endswith("/forward") for s in t.gold) else "reply" for t in tasks
    }
    assert kinds == {"forward", "reply"}
    prefixes = [p.split("{")[0] for p in inbox_mail.migration_mail.phrasings]
    for t in tasks:
        assert any(t.instruction.startswith(p) for p in prefixes), t.id
        for word in ("phish", "password", "security", "genuine", "delete", "reply"):
            assert word not in t.instruction.lower(), (t.id, word)


async def test_migration_the_other_branch_fails(made) -> None:  # type: ignore[no-untyped-def]
    for t in made[1]["inbox-migration-mail-v2"]:
        writes = [i for i, s in enumerate(t.gold) if s.method != "GET"]
        reads = t.gold[: writes[0]]
        msg = t.gold[writes[0]].params
        reply = Step(
            id="x1",
            app="mail",
            method="POST",
            path="/v1.0/me/messages/{id}/reply",
            params=msg,
            body={"comment": "Done, thanks."},
        )
        if t.gold[writes[0]].path.endswith("/forward"):  # phishing: never answered
            assert await _score(made, t, [*reads, reply]) < 1.0, t.id
            at = next(i for i, s in enumerate(t.gold) if s.method == "DELETE")
            assert await _score(made, t, [*t.gold[:at], reply, *t.gold[at:]]) < 1.0, t.id
            assert await _score(made, t, [*t.gold[:at]]) < 1.0, t.id  # not deleted
            binned = _step(
                t.gold[at],
                method="POST",
                path="/v1.0/me/messages/{id}/move",
                body={"destinationId": "deleteditems"},
            )
            assert await _score(made, t, [*t.gold[:at], binned]) == 1.0, t.id
            noted = [
                *reads,
                _step(
                    t.gold[writes[0]],
                    body={**(t.gold[writes[0]].body or {}), "comment": "Phishing, please block."},
                ),
                *t.gold[writes[0] + 1 :],
            ]
            assert await _score(made, t, noted) == 1.0, t.id
        else:  # IT's own notice: answered, not reported
            fwd = Step(
                id="x2",
                app="mail",
                method="POST",
                path="/v1.0/me/messages/{id}/forward",
                params=msg,
                body={
                    "toRecipients": [
                        {"emailAddress": {"address": made[2].situations[0].hidden[0]["security"]}}
                    ]
                },
            )
            delete = Step(
                id="x3", app="mail", method="DELETE", path="/v1.0/me/messages/{id}", params=msg
            )
            assert await _score(made, t, [*reads, fwd, delete]) < 1.0, t.id
            other = [*reads, _step(t.gold[-1], body={"comment": "Wednesday works for me."})]
            assert await _score(made, t, other) == 1.0, t.id


async def test_invoices_only_the_invoices_go(made) -> None:  # type: ignore[no-untyped-def]
    (t,) = made[1]["inbox-invoices-ap-v2"]
    gold = list(t.gold)
    made_folder = next(
        i
        for i, s in enumerate(gold)
        if s.path.endswith("mailFolders") or s.path.endswith("childFolders")
    )
    # The folder at the top of the mailbox or under the Inbox: either is right.
    other = (
        _step(
            gold[made_folder],
            path="/v1.0/me/mailFolders/{folder_id}/childFolders",
            params={"folder_id": "inbox"},
        )
        if gold[made_folder].path.endswith("mailFolders")
        else _step(gold[made_folder], path="/v1.0/me/mailFolders", params={})
    )
    assert await _score(made, t, [*gold[:made_folder], other, *gold[made_folder + 1 :]]) == 1.0
    # One invoice left where it was fails; the supplier's delivery note forwarded fails.
    assert await _score(made, t, gold[:-3]) < 1.0
    find = Step(
        id="n1",
        app="mail",
        method="GET",
        path="/v1.0/me/mailFolders/inbox/messages",
        query={"$filter": "endswith(subject, 'delivery schedule for March')"},
    )
    fwd = next(s for s in gold if s.path.endswith("/forward"))
    extra = _step(fwd, id="n2", params={"id": {"$from": "n1", "path": "value[0].id"}})
    assert await _score(made, t, [*gold, find, extra]) < 1.0


async def test_friday_only_the_internal_afternoon_meeting_goes(made) -> None:  # type: ignore[no-untyped-def]
    (t,) = made[1]["inbox-friday-focus-v2"]
    gold = list(t.gold)
    cancel = gold[-1]
    assert cancel.path.endswith("/cancel")
    assert await _score(made, t, [*gold[:-1], _step(cancel, body={})]) < 1.0  # no reason
    said = {"comment": "Friday afternoons are focus time now, so I'm calling this off."}
    assert await _score(made, t, [*gold[:-1], _step(cancel, body=said)]) == 1.0
    find = Step(
        id="f1",
        app="calendar",
        method="GET",
        path="/v1.0/me/events",
        query={"$filter": "endswith(subject, 'contract check-in')"},
    )
    external = _step(cancel, id="f2", params={"event_id": {"$from": "f1", "path": "value[0].id"}})
    assert await _score(made, t, [*gold, find, external]) < 1.0
    # Asked only of an actor who organises nothing else in the focus afternoon (a world's
    # recurring 1:1 there would be the policy's to call off too: seed 167's false fail).
    from arcadia.world.robotics.situations.inbox_week import organised_in_focus

    world = made[2]
    actor = next(p for p in world.people if p.email == t.actor)
    (planted,) = [a["organised"] for a in world.situations[0].anchors
                  if a["actor_id"] == actor.id]
    assert "Team retro" in organised_in_focus(world, actor, set())
    assert organised_in_focus(world, actor, set(planted)) == []


async def test_a_week_answered_all_yes_fails(made) -> None:  # type: ignore[no-untyped-def]
    (t,) = made[1]["inbox-week-invitations-v2"]
    yes = [
        _step(s, path=s.path.rsplit("/", 1)[0] + "/accept", body={})
        if s.app == "calendar" and s.method == "POST"
        else s
        for s in t.gold
    ]
    assert await _score(made, t, yes) < 1.0


def test_no_instruction_states_a_hidden_fact(made) -> None:  # type: ignore[no-untyped-def]
    hidden = {
        str(v)
        for h in made[2].situations[0].hidden
        for v in h.values()
        if not isinstance(v, list | dict | bool) and len(str(v)) >= 4
    }
    for tasks in made[1].values():
        for t in tasks:
            assert not [v for v in hidden if v in t.instruction], t.id


async def test_a_hosted_invitation_is_accepted_with_the_host_on_it(made) -> None:  # type: ignore[no-untyped-def]
    (t,) = made[1]["inbox-external-host-v2"]
    gold = list(t.gold)
    fwd = next(i for i, s in enumerate(gold) if s.path.endswith("/forward"))
    at, action = _answer_of(t)
    assert action == "accept" and fwd < at
    # Accepting first, or naming the host by address alone, is as good.
    swapped = [*gold[:fwd], *gold[fwd + 1 :], gold[fwd]]
    assert await _score(made, t, swapped) == 1.0
    body = gold[fwd].body or {}
    plain = {
        **body,
        "ToRecipients": [
            {"emailAddress": {"address": body["ToRecipients"][0]["emailAddress"]["address"]}}
        ],
    }
    assert (
        await _score(made, t, [*gold[:fwd], _step(gold[fwd], body=plain), *gold[fwd + 1 :]]) == 1.0
    )
    # Still tentative, or accepted without the host, falls short.
    base = gold[at].path.rsplit("/", 1)[0]
    tentative = _step(gold[at], path=f"{base}/tentativelyAccept")
    assert await _score(made, t, [*gold[:at], tentative, *gold[at + 1 :]]) < 1.0
    assert await _score(made, t, [*gold[:fwd], *gold[fwd + 1 :]]) < 1.0


async def test_a_supplier_mail_is_asked_alike_and_the_other_branch_fails(made) -> None:  # type: ignore[no-untyped-def]
    tasks = made[1]["inbox-supplier-mail-v2"]
    invoice = [t for t in tasks if any(s.path.endswith("/forward") for s in t.gold)]
    note = [t for t in tasks if any(s.method == "PATCH" for s in t.gold)]
    assert invoice and note and len(invoice) + len(note) == len(tasks)
    prefixes = [p.split("{")[0] for p in inbox_mail.supplier_mail.phrasings]
    for t in tasks:
        assert any(t.instruction.startswith(p) or "{supplier}" in p for p in prefixes)
        assert "invoice" not in t.instruction.lower() and "delivery" not in t.instruction.lower()
    flag = next(s for s in note[0].gold if s.method == "PATCH")
    for t in invoice:  # an invoice only flagged stays with the actor: wrong
        find = next(s for s in t.gold if s.method == "GET" and "contains(subject" in str(s.query))
        wrong = [
            *t.gold[: t.gold.index(find) + 1],
            _step(flag, params={"id": {"$from": find.id, "path": "value[0].id"}}),
        ]
        assert await _score(made, t, wrong) < 1.0, t.id
    (t,) = note[:1]
    inv = invoice[0]
    find = next(s for s in t.gold if s.method == "GET" and "contains(subject" in str(s.query))
    steps = [*t.gold[: t.gold.index(find) + 1]]
    for s in inv.gold[
        inv.gold.index(
            next(x for x in inv.gold if x.method == "GET" and "contains(subject" in str(x.query))
        )
        + 1 :
    ]:
        steps.append(
            _step(
                s,
                params={
                    k: ({"$from": find.id, "path": "value[0].id"} if k == "id" else v)
                    for k, v in s.params.items()
                },
            )
        )
    assert await _score(made, t, steps) < 1.0  # a delivery note sent to AP: wrong


def test_a_manager_whose_week_is_too_full_is_passed_over() -> None:
    """Seed 45's first drawn manager has no free slot for the week's plan: the planter
    rolls that manager's traces back and takes the next, so every seed plants its four."""
    from arcadia.world import SituationSpec, WorldSpec, generate_world

    world = generate_world(WorldSpec(seed=45, situations=(SituationSpec(ic.SITUATION, {}),)))
    (inst,) = world.situations
    assert len(inst.anchors) == 4
    policy = [m for m in world.comms.mail if m.subject == "Meeting and mail policy"]
    assert len(policy) == 1
    assert {t.address for t in policy[0].to} == {
        world.person(a["actor_id"]).email for a in inst.anchors}
