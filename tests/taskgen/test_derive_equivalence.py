"""Derivation with the equivalence shadow: the checks derived from a gold's diff let a
careful person's optional free text through, so the equivalence gate holds.

The gold is the hand dispute task without its comment (as v1 derived such tasks); its
checks are derived here as the generator derives them (the shadow run for generated
columns, then `derive`), once without and once with the equivalence shadow's `Loose`.
"""

from __future__ import annotations

from typing import Any

import pytest

from arcadia.grader import EmbeddedEnvironment
from arcadia.grader.certify import Certifier
from arcadia.grader.diff import Diff
from arcadia.grader.openapi_lookup import Routes
from arcadia.grader.replay import run_steps
from arcadia.grader.task import Task
from arcadia.taskgen.derive import Hints, derive
from arcadia.taskgen.shadow import (
    equivalence_shadow,
    free_text_variants,
    perturb,
    record_key,
    state_keys,
    varying,
)
from tests.grader.test_certify_v2 import APPS, dispute_without_comment, raw, task


@pytest.fixture(scope="module")
def env(harness_for) -> EmbeddedEnvironment:
    return EmbeddedEnvironment(harness_for(*APPS).store)


async def _run(env: EmbeddedEnvironment, t: Task, keys: Any = None) -> tuple[Diff, Any]:
    episode = await env.store.acreate(t.world_spec())
    try:
        if keys is not None:
            perturb(episode, keys)
        token, _ = env.store.mint(episode.id, t.actor)
        async with env.client() as client:
            await run_steps(client, token, t.gold)
        return Diff.from_rows(episode.changes(), env.store.apps), state_keys(episode)
    finally:
        await env.store.adelete(episode.id)


async def _derived(env: EmbeddedEnvironment, t: Task, *, loose: bool) -> tuple[Task, Any]:
    diff, keys = await _run(env, t)
    varies = varying(diff, (await _run(env, t, keys))[0])
    assert varies is not None
    index = record_key(diff)
    shadow = await equivalence_shadow(env, t.world_spec(), t.actor, t.gold,
                                      Routes(env.store.apps), diff) if loose else None
    checks, guards = derive(diff, env.store.apps, Hints(),
                            lambda r: varies.get(index[id(r)], set()), shadow)
    return t.model_copy(update={"checks": checks, "guards": guards}), shadow


async def test_the_free_text_variants_are_the_equivalence_gates(env):
    t = task(dispute_without_comment())
    assert [name for name, _ in free_text_variants(t.gold, Routes(env.store.apps))] == \
        ["dispute.comment"]


async def test_without_the_shadow_the_comment_is_collateral(env):
    derived, _ = await _derived(env, task(dispute_without_comment()), loose=False)
    cert = await Certifier(env).certify(derived)
    assert cert["replay-stability"].ok, cert["replay-stability"].reason
    assert not cert["equivalence"].ok
    assert cert["equivalence"].reason.startswith("free-text comment on 'dispute': 0")


async def test_with_the_shadow_the_comment_scores_one(env):
    derived, shadow = await _derived(env, task(dispute_without_comment()), loose=True)
    assert shadow.tried == ["dispute.comment"]
    assert {k[:2]: cols for k, cols in shadow.columns.items()} == \
        {("procurement", "invoices"): {"comments"}}
    invoice = next(c for c in derived.checks if c.params["table"] == "invoices")
    assert invoice.params["also"]["comments"] == {"generated": "str"}
    cert = await Certifier(env).certify(derived)
    assert cert["equivalence"].ok, cert["equivalence"].reason
    assert cert["equivalence"].reason == "free-text comment on 'dispute': 1"
    # and an unasked value that is not free text still fails the optional-fields gate
    assert cert["optional-fields"].ok, cert["optional-fields"].reason


async def test_two_added_records_with_free_text_each_are_left_to_the_agent(env):
    """Two starters added to the HRIS, each with an optional pay-change reason: the second
    added record of a table is loosened too (it once raised a TypeError)."""
    t = task(raw("new-hire-cohort/new-hire-hris-missing.json"))
    derived, shadow = await _derived(env, t, loose=True)
    assert shadow.tried == ["hris-smith.payChangeReason", "hris-mills.payChangeReason"]
    employees = [c for c in derived.checks if c.params["table"] == "employee"]
    assert len(employees) == 2
    assert all("pay_change_reason" in c.params["ignore"] for c in employees)


async def test_a_starters_pay_change_reason_scores_one(env):
    """(Hint-less derivation cannot tell two starters' identical employment-status rows
    apart, so the certificate is run on the one-starter task.)"""
    derived, _ = await _derived(env, task(raw("new-hire-cohort/new-hire-hris-record.json")),
                                loose=True)
    cert = await Certifier(env).certify(derived)
    assert cert["replay-stability"].ok, cert["replay-stability"].reason
    assert "free-text payChangeReason on 'hris-smith': 1" in cert["equivalence"].reason
