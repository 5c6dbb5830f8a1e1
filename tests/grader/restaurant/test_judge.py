"""The judge adapter against a fake OpenAI-compatible server (127.0.0.1, no network)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import orjson
import pytest

from arcadia.grader.restaurant.judge import (
    Judge,
    JudgeRejected,
    evidence,
    messages,
    parse,
    prompt_hash,
)
from arcadia.grader.restaurant.rubric import RUBRICS
from arcadia.grader.restaurant.validate import InvalidTrace
from tests.agents.fake_openai import FakeOpenAI, reply
from tests.grader.restaurant.conftest import sealed

V2 = "restaurant-rubric/v2"


def answer(ticks: list[int] | None = None, **changes: Any) -> str:
    crits = [
        {
            "id": c,
            "passed": c != "resource_proportionality",
            "rationale": f"looked at {c}",
            "evidence_ticks": ticks or [45, 51],  # the manager acted at both
        }
        for c in RUBRICS[V2]
    ]
    crits[0].update(changes)
    return json.dumps({"criteria": crits})


def test_a_verdict_is_stored_with_model_and_prompt_hash_and_replayed(tmp_path: Path) -> None:
    lines = sealed()
    store = tmp_path / "judge.jsonl"
    with FakeOpenAI([reply(answer())]) as fake:
        judge = Judge(store, base_url=fake.base_url, api_key="test", model="fake-judge")
        first = judge.review(lines, V2)
        assert len(fake.requests) == 1
        assert fake.requests[0]["model"] == "fake-judge"
        assert fake.requests[0]["messages"] == messages(lines, V2)
        again = Judge(store, base_url=fake.base_url, api_key="test", model="fake-judge")
        assert again.review(lines, V2) == first
        assert len(fake.requests) == 1  # replayed from the store, not asked again
    digest = prompt_hash("fake-judge", messages(lines, V2))
    assert first["judge"] == {"model": "fake-judge", "prompt_hash": digest, "raw": answer()}
    assert first["reviewer"] == "judge:fake-judge"
    assert (first["passed"], first["total"]) == (5, 6)
    assert [c["id"] for c in first["criteria"]] == list(RUBRICS[V2])
    stored = [orjson.loads(ln) for ln in store.read_bytes().splitlines()]
    assert stored == [{"prompt_hash": digest, "model": "fake-judge", "rubric": V2, "raw": answer()}]


def test_replay_needs_no_endpoint_at_all(tmp_path: Path) -> None:
    lines = sealed()
    store = tmp_path / "judge.jsonl"
    with FakeOpenAI([reply(answer())]) as fake:
        want = Judge(store, base_url=fake.base_url, api_key="k", model="m").review(lines, V2)
    offline = Judge(
        store, base_url="http://127.0.0.1:9/v1", api_key="k", model="m", max_retries=0, timeout=1
    )
    assert offline.review(lines, V2) == want


def test_another_model_or_rubric_is_another_prompt(tmp_path: Path) -> None:
    lines = sealed()
    v1 = json.dumps({"criteria": json.loads(answer())["criteria"][:2]})
    with FakeOpenAI([reply(answer()), reply(answer()), reply(v1)]) as fake:
        for model in ("a", "b"):
            Judge(tmp_path / "s.jsonl", base_url=fake.base_url, api_key="k", model=model).review(
                lines, V2
            )
        got = Judge(tmp_path / "s.jsonl", base_url=fake.base_url, api_key="k", model="a").review(
            lines, "restaurant-rubric/v1"
        )
        assert len(fake.requests) == 3 and got["total"] == 2


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (answer(ticks=[45, 130]), "cites tick(s) [130], which carry no event"),
        (answer(ticks=[0]), "cites tick(s) [0], which carry no event"),
        # tick 50 carries the grill failure, no order, screening or serving
        (answer(ticks=[45, 50]), "criterion constraint_discipline cites tick(s) [50], which"),
        (answer(evidence_ticks="50"), "evidence_ticks must be a list of ticks"),
        (answer(passed="yes"), "passed must be true or false"),
        (answer(rationale=" "), "has no rationale"),
        (answer(id="recovery_handling"), "criterion recovery_handling is judged twice"),
        (
            json.dumps({"criteria": json.loads(answer())["criteria"][1:]}),
            "criterion decision_quality has no verdict",
        ),
        (
            json.dumps(
                {
                    "criteria": [
                        *json.loads(answer())["criteria"],
                        {"id": "charm", "passed": True, "rationale": "x", "evidence_ticks": []},
                    ]
                }
            ),
            "not in restaurant-rubric/v2",
        ),
        ("The manager did fine.", "not JSON"),
        ("[]", "no criteria list"),
    ],
)
def test_unusable_verdicts_are_rejected_and_stay_rejected(
    tmp_path: Path, raw: str, reason: str
) -> None:
    lines = sealed()
    with FakeOpenAI([reply(raw)]) as fake:
        judge = Judge(tmp_path / "s.jsonl", base_url=fake.base_url, api_key="k", model="m")
        with pytest.raises(JudgeRejected, match=re.escape(reason)):
            judge.review(lines, V2)
        with pytest.raises(JudgeRejected):  # replayed and rejected again, not re-asked
            judge.review(lines, V2)
        assert len(fake.requests) == 1


def test_a_fenced_json_reply_is_accepted() -> None:
    got = parse(f"```json\n{answer()}\n```", V2, set(range(1, 121)))
    assert [v["evidence_ticks"] for v in got][0] == [45, 51]


def test_the_judge_sees_the_floor_at_each_decision_tick() -> None:
    lines = sealed()
    ev = evidence(lines)
    acted = sorted({a["tick"] for a in ev["manager_actions"]})
    assert [d["tick"] for d in ev["floor_at_decisions"]] == acted
    floors = {ln["tick"]: ln["floor"] for ln in lines if ln.get("type") == "tick"}
    for d in ev["floor_at_decisions"]:
        assert d["floor"] == floors[d["tick"] - 1]
        assert {"open", "queue", "stock", "menu_off", "down", "staff"} <= set(d["floor"])
    assert '"floor_at_decisions"' in messages(lines, V2)[1]["content"]


def test_the_judge_never_sees_an_invalid_trace(tmp_path: Path) -> None:
    lines = sealed()
    lines[-1]["grade"]["pass1"] = not lines[-1]["grade"]["pass1"]
    judge = Judge(tmp_path / "s.jsonl", client=object(), model="m")
    with pytest.raises(InvalidTrace, match="grade differs"):
        judge.review(lines, V2)
    assert not (tmp_path / "s.jsonl").exists()
