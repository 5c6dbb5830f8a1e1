"""Gold steps may send the headers a product asks for (Greenhouse's `On-Behalf-Of`), bound
to earlier responses; they can never change who the replay acts as."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from arcadia.grader import EmbeddedEnvironment, load_task, replay
from arcadia.grader.replay import ReplayError, dependencies
from arcadia.grader.task import Step

ROOT = Path(__file__).resolve().parents[2]
TASK = load_task(ROOT / "corpus" / "new-hire-cohort" / "new-hire-hris-record.json")


def _tag_steps(**headers: object) -> list[Step]:
    """Tag the first candidate, on behalf of the actor's ATS user (found by e-mail)."""
    return [Step.model_validate(s) for s in (
        {"id": "me", "app": "ats", "method": "GET", "path": "/v1/users",
         "query": {"email": TASK.actor}},
        {"id": "tags", "app": "ats", "method": "GET", "path": "/v1/tags/candidate"},
        {"id": "cands", "app": "ats", "method": "GET", "path": "/v1/candidates",
         "query": {"per_page": 1}},
        {"id": "tag", "app": "ats", "method": "PUT",
         "path": "/v1/candidates/{c}/tags/{t}",
         "params": {"c": {"$from": "cands", "path": "[0].id"},
                    "t": {"$from": "tags", "path": "[-1].id"}},
         "headers": headers},
    )]


@pytest.fixture(scope="module")
def env(harness_for):
    return EmbeddedEnvironment(harness_for("hris", "payroll", "ats").store)


async def test_a_step_sends_its_bound_header_and_the_write_lands(env):
    steps = _tag_steps(**{"On-Behalf-Of": {"$from": "me", "path": "[0].id"}})
    assert dependencies(steps[-1]) == {"me", "cands", "tags"}
    episode = await env.start(TASK)
    try:
        results = await replay(TASK, env, episode, steps)
        me = results[0].body[0]["id"]
        assert results[-1].sent.headers == {"On-Behalf-Of": str(me)}
        changes = env.store.get(episode.id).changes()["ats"]
        assert changes, "the tag was not added"
    finally:
        await env.stop(episode)


async def test_without_the_header_greenhouse_refuses_the_write(env):
    episode = await env.start(TASK)
    try:
        with pytest.raises(ReplayError, match="422.*On-Behalf-Of"):
            await replay(TASK, env, episode, _tag_steps())
        assert env.store.get(episode.id).changes()["ats"] == []
    finally:
        await env.stop(episode)


@pytest.mark.parametrize("name", ["Authorization", "accept", "X-COUPA-API-KEY", "Bad Name"])
def test_a_step_cannot_set_the_credential(name):
    with pytest.raises(ValidationError, match="cannot be set by a step"):
        Step.model_validate({"app": "ats", "method": "GET", "path": "/v1/users",
                             "headers": {name: "x"}})
