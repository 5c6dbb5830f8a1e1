"""Generation: each gate with a goal built to fail it, walks that use only what they
discovered, the funnel's arithmetic, splits, and the same bytes in another process."""

from __future__ import annotations

import asyncio
import functools
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arcadia.grader.replay import bindings
from arcadia.grader.task import Step, Task
from arcadia.taskgen import graph as G
from arcadia.taskgen.coverage import STAGES
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.generate import Generator, Knobs, split_of
from arcadia.taskgen.goals import Candidate, Goal, goal
from arcadia.taskgen.goals.robotics.hr_mismatch import _mismatches
from arcadia.taskgen.namesakes import unique_goal
from arcadia.taskgen.walk import AMBIENT, Walker
from arcadia.taskgen.worlds import GOALS

ROOT = Path(__file__).resolve().parents[2]
SITUATION = "hr-mismatch-v1"
HEADCOUNT = 120  # a small world: the same walks, a faster template


def _register_bad_goals() -> None:
    """Goal kinds each built to fail one gate (registered once, run only when named)."""
    if "test-no-read-v1" in GOALS:
        return
    payroll_title = GOALS.get("payroll-title-v1")

    @goal("test-no-read-v1", SITUATION, "Needs an entity no read produces.",
          candidates=_mismatches("title"), phrasings=("Fix {name}'s record.",))
    async def no_read(w: Walker, c: Candidate, hints: Hints) -> None:
        await w.need(c.subject, "NoSuchEntity")

    @goal("test-empty-instruction-v1", SITUATION, "Renders an empty instruction.",
          candidates=_mismatches("title"), phrasings=("",))
    async def empty(w: Walker, c: Candidate, hints: Hints) -> None:
        await payroll_title.act(w, c, hints)

    @goal("test-wrong-hint-v1", SITUATION, "Demands a value its own gold does not write.",
          candidates=_mismatches("title"), phrasings=("Sync {name}'s ({email}) title.",))
    async def wrong(w: Walker, c: Candidate, hints: Hints) -> None:
        await payroll_title.act(w, c, hints)
        hints.value("payroll.jobs.title", "Chief Nothing Officer")

    @goal("test-leaks-v1", SITUATION, "States the value the agent must discover.",
          candidates=_mismatches("title"), phrasings=(
              "Set the payroll job title of {name} ({email}) to {title}.",))
    async def leaks(w: Walker, c: Candidate, hints: Hints) -> None:
        await payroll_title.act(w, c, hints)

    def leaky(world: Any, inst: Any) -> Iterator[Candidate]:
        for cand in _mismatches("title")(world, inst):
            title = next(f["hris"] for f in cand.facts["fields"] if f["field"] == "title")
            cand.slots["title"] = title
            yield cand

    leaks = Goal(**{**leaks.__dict__, "candidates": leaky})

    @goal("test-twin-v1", SITUATION, "The same walk as payroll-title-v1 under another id.",
          candidates=_mismatches("title"), phrasings=payroll_title.phrasings)
    async def twin(w: Walker, c: Candidate, hints: Hints) -> None:
        await payroll_title.act(w, c, hints)

    for g in (no_read, empty, wrong, leaks, twin):
        GOALS.register(g.id, g)


def _generate(goals: list[str], count: int | None = None) -> Generator:
    _register_bad_goals()
    gen = Generator(seeds=[3], situations=[SITUATION], headcount=HEADCOUNT, goals=goals,
                    count=count, generation="v1")
    asyncio.run(gen.run())
    return gen


@pytest.fixture(scope="module")
def shipped() -> Generator:
    return _generate(["payroll-title-v1", "payroll-raise-v1", "payroll-termination-v1"])


def test_each_gate_rejects_the_goal_built_to_fail_it() -> None:
    gen = _generate(["test-no-read-v1", "test-empty-instruction-v1", "test-wrong-hint-v1",
                     "test-leaks-v1"])
    rejected = gen.funnel.rejected
    assert rejected["walk: no read binds NoSuchEntity"] >= 1
    assert any(r.startswith("ill-typed") for r in rejected)
    assert rejected["gold does not replay at 1.0"] >= 1
    assert rejected["certificate: tools-required"] >= 1
    assert not gen.shipped  # each built-to-fail goal is stopped by its gate
    assert any("tools-required" in d and "test-leaks" in d for d in gen.details)
    # The same walk under another goal id is a near-duplicate of the first shipped.
    gen = _generate(["payroll-title-v1", "test-twin-v1"])
    ids = {(s.task.meta.model_extra or {})["goal"] for s in gen.shipped}
    assert ids == {"payroll-title-v1"}
    assert any(r.startswith("near-duplicate") for r in gen.funnel.rejected)


def test_a_goal_must_name_exactly_one_entity(shipped: Generator) -> None:
    world = asyncio.run(shipped.env.store.atemplate(shipped.shipped[0].task.world_spec())
                        ).world
    person = world.people[5]
    cand = next(GOALS.get("payroll-title-v1").candidates(world, world.situations[0]))
    assert unique_goal(world, cand)
    cand.subject.said["PersonName"] = "Nobody Atall"
    assert not unique_goal(world, cand)
    twins = [p for p in world.people if p.name == person.name]
    cand.subject.said["PersonName"] = person.name
    assert unique_goal(world, cand) == (len(twins) == 1)


@functools.cache
def _documented() -> dict[tuple[str, str], str]:
    """(operation id, parameter) -> what the product's reference says of the parameter
    (its description and examples), as the agent's tool list gives it."""
    out = {}
    for doc in G.documents().values():
        for ops in doc["paths"].values():
            for o in ops.values():
                if isinstance(o, dict) and "operationId" in o:
                    for p in o.get("parameters", []):
                        out[(o["operationId"], p["name"])] = json.dumps(
                            [p.get("description"), p.get("schema", {})]).lower()
    return out


def undiscovered(task: Task, tools: dict[str, G.Tool]) -> list[str]:
    """Values a gold uses that it neither read from an earlier step nor was told: a typed
    path or query value absent from the instruction (the actor knows their own address)
    and from what the tool's reference says of the parameter (a BambooHR table alias), or
    a binding to a later step."""
    said = f"{task.instruction} {task.actor}".lower()
    seen: list[str] = []
    out = []
    for step, op in zip(task.gold, task.meta.tool_path, strict=True):
        for b in bindings([step.params, step.query, step.body, step.headers]):
            if b["$from"] not in seen:
                out.append(f"{step.id} binds {b['$from']}, not an earlier step")
        typed = {p.name: p.entity for p in tools[op].params if p.entity}
        for name, value in [*step.params.items(), *step.query.items()]:
            if name in typed and not isinstance(value, dict) and \
                    str(value).lower() not in said and value not in AMBIENT.values() \
                    and f"`{str(value).lower()}`" not in _documented().get((op, name), ""):
                out.append(f"{step.id} sends {name}={value!r}, never discovered")
        seen.append(str(step.id))
    return out


def test_walks_use_only_values_they_discovered_or_were_told(shipped: Generator) -> None:
    tools = {t.operation_id: t for t in G.tools(shipped.graph)}
    assert shipped.shipped
    for s in shipped.shipped:
        assert undiscovered(s.task, tools) == [], s.task.id
    # A gold that sends an id it never read is caught.
    task = shipped.shipped[0].task
    step = next(st for st in task.gold if st.params.get("employee_id") or st.params.get("job"))
    forged = task.model_copy(deep=True)
    bad = next(st for st in forged.gold if st.id == step.id)
    key = "job" if "job" in bad.params else "employee_id"
    bad.params[key] = "4b444b19-00aa-5d6e-8600-f81acdcdf4e3"
    assert any("never discovered" in p for p in undiscovered(forged, tools))


def test_shipped_tasks_carry_their_certificate_shape(shipped: Generator) -> None:
    for s in shipped.shipped:
        t = s.task
        extra = t.meta.model_extra or {}
        assert t.meta.author == "taskgen" and t.world.content_hash
        assert extra["split"] == split_of(t.id) and extra["writes"] >= 1
        assert t.meta.depth == len(t.gold) and set(t.meta.apps) == {st.app for st in t.gold}
        assert any(g.kind == "no-collateral-v1" for g in t.guards)
        # Every check demands a change: the certificate's no-op gate saw them all fail.
        assert t.checks


def test_the_funnel_adds_up(shipped: Generator) -> None:
    r = shipped.report()
    counts = [r["funnel"][s] for s in STAGES]
    assert counts == sorted(counts, reverse=True) and counts[-1] == len(shipped.shipped)
    assert sum(r["rejected"].values()) == counts[0] - counts[-1]
    assert r["coverage"]["write_tools"]["covered"] >= 2
    assert 0 < r["coverage"]["tools"]["share"] < 1
    assert r["by_situation"][SITUATION]["walked"] == counts[0]


def test_splits_come_from_the_id_and_hold_their_shares() -> None:
    ids = [f"task-{n}" for n in range(3000)]
    splits = [split_of(i) for i in ids]
    assert splits == [split_of(i) for i in ids]
    for name, share in (("train", 0.6), ("dev", 0.2), ("test", 0.2)):
        assert abs(splits.count(name) / len(ids) - share) < 0.03


def test_same_seed_same_bytes_in_another_process(tmp_path: Path) -> None:
    procs = []
    for n, hash_seed in enumerate(("1", "2")):  # two processes at once, different hash seeds
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "arcadia.taskgen.cli", "generate", "--situation",
             "hr-mismatch", "--seed", "3", "--headcount", str(HEADCOUNT), "--count", "3",
             "--out", str(tmp_path / f"run{n}")], stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, env=env))
    outs = []
    for n, proc in enumerate(procs):
        stdout, stderr = proc.communicate(timeout=600)
        assert proc.returncode == 0, stdout + stderr
        assert "funnel: walked" in stdout and "shipped 3 task(s)" in stdout
        out = tmp_path / f"run{n}"
        outs.append({p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*.json"))})
    assert outs[0] == outs[1] and len(outs[0]) == 4
    task = Task.model_validate_json(next(b for p, b in outs[0].items()
                                         if p.name != "generation.json"))
    assert isinstance(task.gold[0], Step)
    report = json.loads(outs[0][Path("generation.json")])
    assert report["funnel"]["shipped"] == 3


def test_knobs_steer_width_apps_depth_and_distractors() -> None:
    _register_bad_goals()
    knobs = Knobs(width=2, depth=3, apps=3, writes=2, distractors=1)
    gen = Generator(seeds=[3], situations=[SITUATION], headcount=HEADCOUNT, knobs=knobs,
                    goals=["payroll-title-v1", "payroll-raise-v1"], generation="v1")
    asyncio.run(gen.run())
    assert gen.shipped
    for s in gen.shipped:
        extra = s.task.meta.model_extra or {}
        assert extra["width"] <= 2 and len(s.task.meta.apps) >= 3
        assert extra["discovered"] >= 3 and extra["writes"] >= 2
        assert extra["distractors"] >= 1
    assert any(r.startswith("knob: ") for r in gen.funnel.rejected)
    assert gen.report()["knobs"]["apps"] == 3


def test_validate_recertifies_a_corpus_and_fails_on_a_broken_task(shipped: Generator,
                                                                   tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from arcadia.taskgen.cli import app
    from arcadia.taskgen.generate import dump

    task = shipped.shipped[0].task
    (tmp_path / "ok").mkdir()
    (tmp_path / "ok" / f"{task.id}.json").write_text(dump(task))
    done = CliRunner().invoke(app, ["validate", str(tmp_path / "ok")])
    assert done.exit_code == 0, done.output
    assert "1/1 task(s) certified" in done.output
    broken = task.model_copy(deep=True)
    key = "value" if "value" in broken.checks[0].params else "count"
    broken.checks[0].params[key] = 7 if key == "count" else "not what the gold writes"
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / f"{task.id}.json").write_text(dump(broken))
    done = CliRunner().invoke(app, ["validate", str(tmp_path / "bad")])
    assert done.exit_code == 1
    assert f"{task.id} FAILED replay-stability" in done.output
