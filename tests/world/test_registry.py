"""The one registry class (`arcadia.world.registry.Registry`) and every registry made of it:
worlds of each layer, situations, check and guard kinds, goal kinds, add-ons, apps, agents."""

from __future__ import annotations

import pytest

from arcadia.agents.registry import AGENTS
from arcadia.agents.worlds import WORLDS as AGENT_WORLDS
from arcadia.apps.registry import APPS
from arcadia.grader.kinds import CHECKS, GUARDS
from arcadia.grader.worlds import WORLDS as GRADER_WORLDS
from arcadia.taskgen.worlds import ADDONS, GOALS
from arcadia.taskgen.worlds import SITUATIONS as GOAL_SITUATIONS
from arcadia.taskgen.worlds import WORLDS as TASKGEN_WORLDS
from arcadia.world import WORLDS, WorldSpec, generate_world
from arcadia.world.registry import Registry, UnknownId

REGISTRIES = {
    "worlds": WORLDS, "grader-worlds": GRADER_WORLDS, "taskgen-worlds": TASKGEN_WORLDS,
    "agent-worlds": AGENT_WORLDS, "check-kinds": CHECKS, "guard-kinds": GUARDS,
    "goal-situations": GOAL_SITUATIONS, "goals": GOALS, "addons": ADDONS, "apps": APPS,
    "agents": AGENTS,
    **{f"situations-{p.name}": p.situations for p in WORLDS.values()},
}


def test_keeps_order_refuses_a_duplicate_and_names_the_known_on_a_miss() -> None:
    r = Registry("colour", [("red", 1), ("blue", 2)])
    assert r.ids() == ["red", "blue"] and r.get("blue") == 2 and "red" in r and len(r) == 2
    with pytest.raises(ValueError, match="colour 'red' is registered twice"):
        r.register("red", 3)
    with pytest.raises(UnknownId) as e:
        r.get("green")
    # Both kinds of caller catch it, and it reads as the sentence it is.
    assert isinstance(e.value, KeyError) and isinstance(e.value, ValueError)
    assert str(e.value) == "unknown colour 'green'; known: ['blue', 'red']"
    r.register("green", 4)
    assert r.unregister("green") == 4 and r.ids() == ["red", "blue"]


@pytest.mark.parametrize("name", list(REGISTRIES), ids=list(REGISTRIES))
def test_every_registry_is_one_class_and_refuses_an_unknown_id(name: str) -> None:
    registry = REGISTRIES[name]
    assert type(registry) is Registry and len(registry) > 0
    with pytest.raises(UnknownId, match=rf"^unknown {registry.what} 'nope-v0'; known: \["):
        registry.get("nope-v0")


def test_ids_are_the_ones_tasks_and_corpora_name() -> None:
    assert WORLDS.ids() == ["arcadia-robotics", "agency", "restaurant"]
    assert CHECKS.ids() == ["record-created-v1", "record-removed-v1", "field-set-v1",
                            "relation-routed-v1", "record-added-matching-v1", "group-added-v1",
                            "restaurant-pass1-v1"]
    assert GUARDS.ids() == ["no-collateral-v1", "no-forbidden-write-v1", "handbook-consent-v1",
                            "handbook-no-duplicate-submission-v1", "handbook-must-haves-v1",
                            "handbook-submission-limit-v1", "handbook-disclosure-v1",
                            "handbook-markup-floor-v1", "handbook-pay-in-range-v1",
                            "restaurant-safety-v1"]
    assert all(CHECKS.get(k).id == k for k in CHECKS) and all(GUARDS.get(k).id == k
                                                               for k in GUARDS)
    assert APPS.ids() == ["hris", "payroll", "ats", "procurement", "mail", "calendar",
                          "sheets", "restaurant", "bullhorn"]
    assert AGENTS.ids() == ["noop", "oracle", "replay", "llm", "heuristic"]
    assert WORLDS.get("arcadia-robotics").situations.ids() == [
        "hr-mismatch-v1", "new-hire-cohort-v1", "spend-anomaly-v1", "purchase-approvals-v1",
        "inbox-calendar-v1", "hiring-pipeline-v1", "leave-requests-v1", "payroll-requests-v1"]


def test_generate_world_refuses_a_world_no_pack_registers() -> None:
    with pytest.raises(ValueError, match=r"^unknown world 'nope'; known: \['agency', "
                       r"'arcadia-robotics', 'restaurant'\]$"):
        generate_world(WorldSpec(name="nope", headcount=40))
