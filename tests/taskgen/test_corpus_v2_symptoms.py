"""Generator v2's goal kinds that leave the finding to the agent, on the committed
`corpus/arcadia-v2`: a held invoice whose reason the instruction does not give, a
department's payroll audit, and a cohort's payroll and pay checks. Each names nobody the
agent must find, and each is graded on the people or reason the world holds, not on a
guess."""

from __future__ import annotations

import json
from typing import Any

import pytest

from arcadia.grader.task import Step, Task
from tests.taskgen.test_corpus_v2 import REPORT, TASKS

SEED = REPORT["seeds"][0]


def _of(goal: str) -> list[Task]:
    found = [t for t in TASKS if t.meta.goal == goal]
    assert found, goal
    return found


def _first(goal: str, where: Any = lambda t: True) -> Task:
    return sorted((t for t in _of(goal) if where(t)),
                  key=lambda t: (t.world.seed != SEED, t.id))[0]


def _people(t: Task) -> set[str]:
    """The names the checks' descriptions give (who the task is about)."""
    return {n.strip() for c in t.checks for n in
            c.description.split(":")[0].split("'s ")[0].replace(" or ", ", ").split(",")
            if n.strip() and n.strip()[0].isupper() and " " in n.strip()}


@pytest.fixture(scope="module")
def env(harness_for):  # type: ignore[no-untyped-def]
    from arcadia.grader import EmbeddedEnvironment

    return EmbeddedEnvironment(harness_for("ats", "calendar", "hris", "mail", "payroll",
                                           "procurement", "sheets").store)


def _reason(t: Task) -> str:
    codes = [b["path"] for s in t.gold for b in _bindings(s)
             if "external-ref-code" in b.get("path", "")]
    assert len(codes) == 1, t.id
    return "DUP" if "'DUP'" in codes[0] else "OVER-PO"


def _bindings(s: Step) -> list[dict[str, Any]]:
    from arcadia.grader.replay import bindings

    return list(bindings([s.params, s.query, s.body]))


def test_a_held_invoice_is_asked_about_in_the_same_words_whatever_is_wrong() -> None:
    """Both reasons are asked, and nothing outside the checks tells them apart: the same
    phrasings, the same tools offered, no reason named."""
    tasks = _of("spend-invoice-review-v2")
    by = {r: [t for t in tasks if _reason(t) == r] for r in ("DUP", "OVER-PO")}
    assert all(by.values()), {r: len(v) for r, v in by.items()}
    for t in tasks:
        core = t.instruction.split(". ")[0].lower()
        for word in ("duplicate", "twice", "copy", "over the", "purchase order", " po"):
            assert word not in core, (t.id, word)
    offered = {tuple(t.meta.offered or ()) for t in tasks}
    assert len(offered) == 1
    from arcadia.taskgen.goals.robotics.spend_review import invoice_review

    prefixes = [p.split("{")[0] for p in invoice_review.phrasings]
    for t in tasks:  # one set of words for both reasons
        assert any(t.instruction.startswith(p) for p in prefixes), t.id


async def test_a_held_invoice_disputed_for_the_other_reason_fails(env) -> None:  # type: ignore[no-untyped-def]
    from arcadia.grader import score_steps

    for reason in ("DUP", "OVER-PO"):
        t = _first("spend-invoice-review-v2", lambda t, r=reason: _reason(t) == r)
        other = "OVER-PO" if reason == "DUP" else "DUP"
        swapped = [Step.model_validate(json.loads(s.model_dump_json(by_alias=True).replace(
            f"external-ref-code=='{reason}'", f"external-ref-code=='{other}'")))
                   for s in t.gold]
        assert swapped != t.gold
        assert (await score_steps(t, env, t.gold)).score == 1.0, t.id
        assert (await score_steps(t, env, swapped)).score < 1.0, t.id


def test_an_audit_spans_kinds_of_change_and_names_nobody() -> None:
    for t in _of("payroll-dept-audit-v2"):
        tables = {c.params["table"] for c in t.checks if c.params.get("app") == "payroll"}
        assert len(tables & {"jobs", "compensations", "terminations"}) >= 2, t.id
        named = _people(t)
        assert named, t.id
        assert not any(n in t.instruction for n in named), t.id


async def test_an_audit_that_misses_one_person_fails(env) -> None:  # type: ignore[no-untyped-def]
    from arcadia.grader import score_steps

    t = _first("payroll-dept-audit-v2")
    writes = [i for i, s in enumerate(t.gold) if s.method != "GET"
              and not s.path.endswith("/reports/custom")]
    assert (await score_steps(t, env, t.gold)).score == 1.0
    assert (await score_steps(t, env, t.gold[:writes[-1]])).score < 1.0


def test_a_cohort_ticket_asks_for_whoever_is_missing_and_names_nobody() -> None:
    tasks = _of("payroll-cohort-v2")
    for t in tasks:
        added = [c for c in t.checks if c.params.get("table") == "employees"]
        assert len(added) >= 2, t.id  # more than one starter to find
        for c in added:
            assert c.params["scope"]["work_email"].split("@")[0] not in t.instruction.lower()
    # Starters hired the same day into the same job: one check counts both jobs.
    assert any(c.params.get("count", 1) == 2 for t in tasks for c in t.checks
               if c.params.get("table") == "jobs") or len(tasks) < 4


async def test_a_cohort_ticket_with_one_starter_left_out_fails(env) -> None:  # type: ignore[no-untyped-def]
    from arcadia.grader import score_steps

    t = _first("payroll-cohort-v2")
    assert (await score_steps(t, env, t.gold)).score == 1.0
    assert (await score_steps(t, env, t.gold[:-2])).score < 1.0  # the last starter's two


def test_a_cohort_pay_check_names_nobody() -> None:
    for t in _of("hris-cohort-pay-v2"):
        assert any(c.params.get("table") == "compensation" for c in t.checks), t.id
        assert not any(n in t.instruction for n in _people(t)), t.id


async def test_a_word_back_to_whoever_raised_it_is_allowed_never_asked(env) -> None:  # type: ignore[no-untyped-def]
    """A blind trial's careful agent replied to the recruiter's mail once the pay was
    right: that reply (to all of the thread as well) keeps the score at 1.0; a mail to
    someone the thread did not have is still collateral; the gold sends none."""
    from arcadia.grader import score_steps

    t = _first("hris-cohort-pay-v2")
    find = Step(id="r1", app="mail", method="GET", path="/v1.0/me/messages",
                query={"$filter": "startswith(subject, 'Starters for Monday')"})

    def reply(how: str, cc: str | None = None) -> list[Step]:
        body: dict[str, Any] = {"comment": "Done: the HRIS pay now matches the offers."}
        if cc:
            body["message"] = {"ccRecipients": [{"emailAddress": {"address": cc}}]}
        return [*t.gold, find, Step(id="r2", app="mail", method="POST",
                                    path="/v1.0/me/messages/{id}/" + how,
                                    params={"id": {"$from": "r1", "path": "value[0].id"}},
                                    body=body)]

    assert not any(s.app == "mail" and s.method == "POST" for s in t.gold)
    assert (await score_steps(t, env, t.gold)).score == 1.0
    assert (await score_steps(t, env, reply("reply"))).score == 1.0
    assert (await score_steps(t, env, reply("replyAll"))).score == 1.0
    assert (await score_steps(t, env, reply("reply", "robert.smith@arcadia-robotics.com"))
            ).score < 1.0
