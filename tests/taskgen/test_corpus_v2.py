"""The committed generator-v2 corpus of Arcadia Robotics, `corpus/arcadia-v2/`.

What v2 promises a researcher, checked on the files themselves:
- ids say nothing of the task (`<situation>-s<seed>-<10 hex>`), each task carries its core
  (goal kind x subject x world seed) and generation, one task per core, and no core in two
  splits; `generation.json` tells the truth about cores, splits and shape;
- instructions are requests, not recipes: no chained procedure, no grader rule in prose,
  no app-internal noun, no bare spreadsheet id;
- the end state the checks demand agrees with the world (an hourly offer makes an hourly
  HRIS employee; a payroll starter gets the work e-mail as every seeded employee has it);
- no gold uses a value it neither read nor was told, and no instruction states a hidden
  fact of its situation;
- regenerating in another process gives the same bytes. The suite regenerates the first
  two tasks of each situation on the first seed (v2 ships one task per core and has no
  near-duplicate rule, so the files of a `--count` run are a prefix of the full run's);
  `ARCADIA_FULL_CORPUS=1` compares the whole corpus, and
  `taskgen generate --situation all --out corpus/arcadia-v2` rewrites it.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from arcadia.grader.task import Task, load_task

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus" / "arcadia-v2"
REPORT: dict[str, Any] = json.loads((CORPUS / "generation.json").read_text())
FILES = sorted(CORPUS.glob("*/*.json"))
TASKS = [load_task(p) for p in FILES]
FULL = os.environ.get("ARCADIA_FULL_CORPUS") == "1"

# What v1's instructions said and a colleague would not (issue 30's reading).
RECIPE = re.compile(r"(^|[.!?]\s+)(Then|Also|And|Finally)\b")
RULES = re.compile(r"\b(set nothing else|no other fields?|nothing else of it|leave every "
                   r"other field)\b", re.I)
INTERNAL = re.compile(r"\b(compensation row|payment unit|custom field|restUrl|endpoint|"
                      r"the API|record id|row id|PATCH|POST)\b", re.I)
BARE_ID = re.compile(r"\b(spreadsheet|sheet|register|log)\s+(id\s+)?[A-Za-z0-9_-]{20,}\b",
                     re.I)


def extra(task: Task) -> dict[str, Any]:
    return task.meta.model_extra or {}


def test_every_situation_of_v2_and_only_v2_tasks() -> None:
    from arcadia.world.robotics import SITUATIONS

    assert len(TASKS) >= 250
    assert {p.parent.name for p in FILES} == set(SITUATIONS) == set(REPORT["situations"])
    assert REPORT["generation"] == "v2" and REPORT["funnel"]["shipped"] == len(TASKS)
    for p, t in zip(FILES, TASKS, strict=True):
        assert t.situation is not None and t.situation.id == p.parent.name
        assert t.id == p.stem and t.meta.author == "taskgen", p
        assert extra(t)["generation"] == "v2" and t.meta.goal.endswith("-v2"), t.id


def test_ids_are_neutral_and_cores_are_one_task_each_in_one_split() -> None:
    from arcadia.taskgen.generate import split_of

    cores = Counter(extra(t)["core"] for t in TASKS)
    assert max(cores.values()) == 1
    for t in TASKS:
        assert t.situation is not None
        assert re.fullmatch(rf"{t.situation.id.removesuffix('-v1')}-s{t.world.seed}"
                            r"-[0-9a-f]{10}", t.id), t.id
        goal, seed, subject = extra(t)["core"].split(":", 2)
        assert goal == t.meta.goal.removesuffix("-v2") and subject, t.id
        assert seed == f"s{t.world.seed}", t.id
        assert extra(t)["split"] == split_of(extra(t)["core"]), t.id
    by_split: dict[str, set[str]] = {}
    for t in TASKS:
        by_split.setdefault(extra(t)["split"], set()).add(extra(t)["core"])
    assert REPORT["cores"] == {
        "total": len(cores), "in_two_splits": 0,
        "by_split": {k: len(v) for k, v in sorted(by_split.items())},
        "by_situation": dict(sorted(Counter(
            t.situation.id for t in TASKS if t.situation).items()))}


def test_instructions_are_requests_not_recipes() -> None:
    for t in TASKS:
        text = t.instruction
        assert not RECIPE.search(text), (t.id, text)
        assert not RULES.search(text), (t.id, text)
        assert not INTERNAL.search(text), (t.id, text)
        assert not BARE_ID.search(text), (t.id, text)
    # Several senders' phrasings per goal kind, not one template each.
    by_goal: dict[str, set[str]] = {}
    for t in TASKS:
        by_goal.setdefault(t.meta.goal, set()).add(t.instruction.split()[0])
    assert len(by_goal) >= 12


def _added(t: Task, app: str, table: str) -> list[dict[str, Any]]:
    return [c.params for c in t.checks if c.kind == "record-added-matching-v1"
            and c.params["app"] == app and c.params["table"] == table]


def test_a_starters_end_state_is_the_worlds_not_the_apps_defaults() -> None:
    """An HRIS starter gets the offer's pay type and its period (the FLSA code is the
    agent's call); a payroll starter gets the work e-mail in work_email, and email may be
    the same or empty."""
    per = {"Hourly": "Hour", "Salary": "Year"}
    kinds: Counter[str] = Counter()
    for t in TASKS:
        for p in _added(t, "hris", "employee"):
            pay = p["fields"]["pay_type"]
            assert p["fields"]["pay_per"] == per[pay], t.id
            assert "exempt" in p["ignore"], t.id
            kinds[pay] += 1
        for p in _added(t, "payroll", "employees"):
            email = p["fields"].get("work_email", p["scope"].get("work_email"))
            assert isinstance(email, str) and "@" in email, t.id
            assert p["fields"]["email"] == {"in": [email, None]}, t.id
            kinds["payroll"] += 1
    assert kinds["Hourly"] and kinds["Salary"] and kinds["payroll"], kinds


def test_no_gold_uses_a_value_it_did_not_discover_or_was_not_told() -> None:
    from arcadia.taskgen import graph as G
    from tests.taskgen.test_generate import undiscovered

    tools = {t.operation_id: t for t in G.tools(G.build())}
    for t in TASKS:
        assert undiscovered(t, tools) == [], t.id


@pytest.mark.parametrize("situation", sorted(REPORT["situations"]))
def test_no_instruction_states_a_hidden_fact(situation: str) -> None:
    """The first seed's world of each situation (ids, amounts, dates the agent must find)."""
    from arcadia.taskgen.worlds import situation_goals
    from arcadia.world import SituationSpec, WorldSpec, generate_world

    seed = REPORT["seeds"][0]
    params = situation_goals(situation, "v2").params
    world = generate_world(WorldSpec(seed=seed, headcount=REPORT["headcount"],
                                     situations=(SituationSpec(situation, params),)))
    hidden = {str(v) for h in world.situations[0].hidden for k, v in h.items()
              if k not in ("kind", "stage") and not isinstance(v, list | dict | bool)
              and len(str(v)) >= 4}
    tasks = [t for t in TASKS if t.situation and t.situation.id == situation
             and t.world.seed == seed]
    assert tasks
    for t in tasks:
        assert not [v for v in hidden if v in t.instruction], t.id


def test_the_published_shape_is_the_files_shape() -> None:
    n = len(TASKS)
    found = sorted(extra(t).get("discovered", 0) for t in TASKS)
    shape = REPORT["shape"]
    assert shape["median_discovered"] == found[n // 2] >= 3
    assert shape["with_distractor"] == round(
        sum(bool(extra(t).get("distractors")) for t in TASKS) / n, 3) >= 0.4
    assert shape["splits"] == dict(sorted(Counter(extra(t)["split"] for t in TASKS).items()))
    assert shape["mean_apps"] == round(sum(len(t.meta.apps) for t in TASKS) / n, 2)


def test_regenerating_gives_the_same_bytes(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from arcadia.taskgen.cli import app

    seeds = REPORT["seeds"] if FULL else REPORT["seeds"][:1]
    args = [a for s in seeds for a in ("--seed", str(s))]
    args += [a for sit in REPORT["situations"] for a in ("--situation", sit)]
    if not FULL:
        args += ["--count", "2"]
    done = CliRunner().invoke(app, ["generate", *args, "--headcount", str(REPORT["headcount"]),
                                    "--out", str(tmp_path)])
    assert done.exit_code == 0, done.output
    for sit in REPORT["situations"]:
        fresh = {p.name: p.read_bytes() for p in sorted((tmp_path / sit).glob("*.json"))}
        assert len(fresh) == (REPORT["by_situation"][sit] if FULL else 2), sit
        for name, data in fresh.items():
            committed = CORPUS / sit / name
            assert committed.exists(), f"{sit}/{name} is not in the corpus"
            assert committed.read_bytes() == data, f"{sit}/{name} differs when regenerated"


def _one(addon: str, where: Any) -> Task:
    """A task carrying `addon` whose checks satisfy `where`, of the first seed if one is
    (its world's template is the one the regeneration test builds)."""
    seed = REPORT["seeds"][0]
    found = [t for t in TASKS if (not addon or addon in t.meta.addons) and where(t)]
    return sorted(found, key=lambda t: (t.world.seed != seed, t.id))[0]


def _may(t: Task) -> list[str]:
    return [m for c in t.checks for spec in c.params.get("members", {}).values()
            for m in spec.get("may", [])]


@pytest.fixture(scope="module")
def env(harness_for):  # type: ignore[no-untyped-def]
    from arcadia.grader import EmbeddedEnvironment

    return EmbeddedEnvironment(harness_for("ats", "calendar", "hris", "mail", "payroll",
                                           "procurement", "sheets").store)


async def test_a_reply_to_all_of_the_thread_is_as_good_as_a_reply(env) -> None:  # type: ignore[no-untyped-def]
    """The mail the agent answers copied others: replying to all scores 1.0 too, and
    copying someone the thread did not has the check and the guard fail."""
    from arcadia.grader import score_steps

    t = _one("reply-ap-mail-v2", _may)
    outsider = next(p for p in ("robert.smith@arcadia-robotics.com",
                                "mary.johnson@arcadia-robotics.com") if p not in _may(t))

    def route(all_: bool, cc: str | None = None) -> list[Any]:
        out = []
        for s in t.gold:
            if s.path.endswith("/reply"):
                body = dict(s.body or {})
                if cc:
                    body["message"] = {"ccRecipients": [{"emailAddress": {"address": cc}}]}
                s = s.model_copy(update={"path": s.path + ("All" if all_ else ""),
                                         "body": body})
            out.append(s)
        return out

    assert (await score_steps(t, env, t.gold)).score == 1.0
    assert (await score_steps(t, env, route(True))).score == 1.0
    assert (await score_steps(t, env, route(True, outsider))).score < 1.0


async def test_an_onboarding_note_need_not_name_whom_its_profile_is(env) -> None:  # type: ignore[no-untyped-def]
    """The note sits on the starter's own profile: it is judged by saying onboarding has
    started, not by naming the starter; a note about something else still fails."""
    from arcadia.grader import score_steps

    t = _one("ats-onboarding-note-v2", lambda t: True)

    def note(text: str) -> list[Any]:
        return [s.model_copy(update={"body": {**(s.body or {}), "body": text}})
                if s.path.endswith("/activity_feed/notes") else s for s in t.gold]

    assert (await score_steps(t, env, note("Onboarding has started."))).score == 1.0
    assert (await score_steps(t, env, note("Spoke to the recruiter."))).score < 1.0


async def test_an_append_that_inserts_rows_is_as_good_as_one_that_overwrites(env) -> None:  # type: ignore[no-untyped-def]
    """Appending a log row with `insertDataOption=INSERT_ROWS` grows the sheet's grid by a
    row, as Google's does; the grid's size is not content, so the task still scores 1.0."""
    from arcadia.grader import score_steps

    seed = REPORT["seeds"][0]
    t = sorted((t for t in TASKS if any(s.path.endswith(":append") for s in t.gold)),
               key=lambda t: (t.world.seed != seed, t.id))[0]
    steps = [s.model_copy(update={"query": {**s.query, "insertDataOption": "INSERT_ROWS"}})
             if s.path.endswith(":append") else s for s in t.gold]
    assert (await score_steps(t, env, steps)).score == 1.0


async def test_the_log_row_is_for_the_invoice_dated_after_the_contract(env) -> None:  # type: ignore[no-untyped-def]
    """A supplier may have paid invoices inside its contract's term too: the row is for the
    one dated after its end, and a row for the first one listed is not the answer. The
    tasks are tried first seed first, up to the first that shows it (each world tried is
    built)."""
    from arcadia.grader import score_steps

    seen = 0
    seed = REPORT["seeds"][0]
    tasks = sorted((t for t in TASKS if t.meta.goal == "spend-log-outside-contract-v2"),
                   key=lambda t: (t.world.seed != seed, t.world.seed, t.id))
    assert tasks
    for t in tasks:
        if seen:
            break
        steps = [s.model_copy(update={"query": {k: v for k, v in s.query.items()
                                                if k != "invoice-date[gt]"}})
                 for s in t.gold]
        assert steps != t.gold, t.id
        assert (await score_steps(t, env, t.gold)).score == 1.0, t.id
        seen += (await score_steps(t, env, steps)).score < 1.0
    assert seen, "no supplier had an earlier paid invoice"


async def test_a_starter_may_onboard_themself(env) -> None:  # type: ignore[no-untyped-def]
    """'{first} enters the rest during onboarding' reads as self-onboarding too."""
    from arcadia.grader import score_steps

    t = _one("", lambda t: t.meta.goal == "payroll-add-starter-v2")
    steps = [s.model_copy(update={"body": {**s.body, "self_onboarding": True}})
             if s.method == "POST" and s.path.endswith("/employees") else s for s in t.gold]
    assert steps != t.gold
    assert (await score_steps(t, env, steps)).score == 1.0
