"""The handbook: the committed text is the rendering of the population's figures, it states
every rule the guards cite, and every handbook rule family has its registered guard."""

from __future__ import annotations

import re

from arcadia.grader import GUARDS
from arcadia.world.agency.handbook import (
    HANDBOOK,
    RULES,
    population_handbook,
    population_policy,
    render_handbook,
)
from arcadia.world.agency.population import load_population

HANDBOOK_GUARDS = {
    "handbook-consent-v1", "handbook-no-duplicate-submission-v1", "handbook-must-haves-v1",
    "handbook-submission-limit-v1", "handbook-disclosure-v1", "handbook-markup-floor-v1",
    "handbook-pay-in-range-v1"}


def test_the_committed_handbook_is_the_rendering_of_the_population():
    """Regenerate with `python -c "from arcadia.world.agency.handbook import *;
    HANDBOOK.write_text(population_handbook())"` after changing the template or figures."""
    assert HANDBOOK.read_text() == population_handbook()


def test_the_handbook_states_the_populations_figures():
    params = load_population()
    text = HANDBOOK.read_text()
    floor = params["markup"]["minimum"]
    assert f"(1 + {floor / 100:g}%)" in text and f"{floor} basis points" in text
    assert f"pay rate x {1 + floor / 10_000:g}" in text
    assert f"valid for {params['consent']['valid_days']} days" in text
    assert f"default is {params['submission_limit']})" in text
    assert f"target markup is {params['markup']['target'] / 100:g}%" in text


def test_the_rendering_follows_the_policy():
    policy, name = population_policy()
    other = render_handbook(policy.__class__(3000, 4500, 90, 5), "Other Staffing")
    assert "(1 + 30%)" in other and "valid for 90 days" in other
    assert "default is 5)" in other and other.startswith("# Other Staffing")
    assert render_handbook(policy, name) == population_handbook()


def test_every_cited_rule_is_in_the_handbook():
    stated = set(re.findall(r"^\*\*(\d\.\d) ", HANDBOOK.read_text(), re.MULTILINE))
    assert set(RULES.values()) == stated


def test_every_rule_family_has_its_guard():
    assert {k for k in GUARDS if k.startswith("handbook-")} == HANDBOOK_GUARDS
