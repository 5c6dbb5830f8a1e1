"""Diffs of real episodes: touched rows only, judged fields only, and the grading route."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from arcadia.grader import EmbeddedEnvironment, EpisodeRef, load_task, replay
from tests.factories import ADMIN, new_episode

TITLE_TASK = load_task(Path(__file__).resolve().parents[2] / "corpus" / "hr-mismatch"
                       / "hr-mismatch-title.json")
HRIS = "/hris/api/gateway.php/arcadia/v1"


async def test_diff_names_tables_records_and_fields(harness_for):
    env = EmbeddedEnvironment(harness_for("hris", "payroll").store)
    episode = await env.start(TITLE_TASK)
    try:
        await replay(TITLE_TASK, env, episode)
        diff = await env.diff(episode)
    finally:
        await env.stop(episode)
    assert diff.changed_tables() == [("payroll", "jobs")]
    ch = diff.changed_records("payroll", "jobs")
    assert (len(ch.added), len(ch.updated), len(ch.removed)) == (0, 1, 0)
    (title,) = ch.updated[0].changed.items()
    assert title == ("title", ("Staff Systems Engineer", "Principal Architect"))
    assert diff.summary() == {"payroll": {"jobs": {"added": 0, "updated": 1, "removed": 0}}}


async def test_bookkeeping_fields_declared_by_apps_are_not_judged(client, harness_for):
    ep = await new_episode(client)
    env = EmbeddedEnvironment(harness_for("hris", "payroll").store)
    hr = await ep.auth(await ep.principal_with("hr"))
    r = await client.post(f"{HRIS}/employees/1010/", json={"workPhone": "412-555-0199"},
                          headers=hr)
    assert r.status_code == 200, r.text
    raw = (await ep.changes())["hris"]
    assert any("last_changed" in c["new"] and c["new"]["last_changed"] != c["old"]["last_changed"]
               for c in raw)
    diff = await env.diff(EpisodeRef(ep.id, token=""))
    (record,) = diff.records
    assert set(record.changed) == {"work_phone"}


@pytest.mark.sqlite_only(reason="reads are traced with sqlite3's set_trace_callback")
async def test_grading_reads_only_the_touched_tables(harness_for):
    store = harness_for("hris", "payroll").store
    env = EmbeddedEnvironment(store)
    episode = await env.start(TITLE_TASK)
    await replay(TITLE_TASK, env, episode)
    ep = store.get(episode.id)
    read: list[str] = []
    conns = [db.conn for db in [*ep.dbs.values(), *ep.template.dbs.values()]]
    for conn in conns:
        conn.set_trace_callback(read.append)
    try:
        await env.diff(episode)
    finally:
        for conn in conns:
            conn.set_trace_callback(None)
        await env.stop(episode)
    tables = {t for sql in read for t in re.findall(r'FROM "?(\w+)"?', sql)}
    assert tables == {"_changelog", "jobs"}


async def test_control_plane_grades_an_episode(client):
    body = {"seed": 7, "situations": [TITLE_TASK.situation.model_dump()]}
    ep_id = (await client.post("/admin/episodes", json=body, headers=ADMIN)).json()["episode_id"]
    task = json.loads(TITLE_TASK.model_dump_json(by_alias=True))
    r = await client.post(f"/admin/episodes/{ep_id}/grade", json=task, headers=ADMIN)
    assert r.status_code == 200
    grade = r.json()
    assert grade["outcome"] == "fail" and grade["score"] == 0.0 and grade["reason"] is None
    assert grade["checks"][0]["passed"] is False and "not changed" in grade["checks"][0]["reason"]
    assert grade["guards"][0]["passed"] is True
    assert grade["guards"][0]["state"] == "not_triggered"
    bad = await client.post(f"/admin/episodes/{ep_id}/grade", json={"id": "x"}, headers=ADMIN)
    assert bad.status_code == 422
    # A misspelled field is refused at the door, with the name it meant.
    task["checks"][0]["params"]["field"] = "titel"
    r = await client.post(f"/admin/episodes/{ep_id}/grade", json=task, headers=ADMIN)
    assert r.status_code == 422
    assert "'checks.0.params.field'" in r.text and "did you mean 'title'" in r.text
    # A check that cannot be judged: ungradeable, no score.
    task["checks"][0]["kind"] = "made-up-v9"
    r = await client.post(f"/admin/episodes/{ep_id}/grade", json=task, headers=ADMIN)
    assert r.status_code == 200
    assert r.json()["outcome"] == "ungradeable" and r.json()["score"] is None
    assert "unknown check kind 'made-up-v9'" in r.json()["reason"]


async def test_a_task_pinned_to_another_world_is_refused(harness_for):
    store = harness_for("hris", "payroll").store
    env = EmbeddedEnvironment(store)
    before = len(store.episodes())
    wrong = TITLE_TASK.model_copy(update={"world": TITLE_TASK.world.model_copy(
        update={"content_hash": "0" * 64})})
    with pytest.raises(ValueError, match="pins world 000000000000"):
        await env.start(wrong)
    assert len(store.episodes()) == before
