"""Splits (`*.split`): lists of task files; the default split is what `arcadia eval` runs."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from arcadia.agents.cli_eval import default_split
from arcadia.agents.runner import load_tasks, split_files
from tests.factories import ROOT

CORPORA = ("arcadia-v2", "agency-v2", "restaurant-v1")


def test_the_default_split_spans_every_situation_goal_and_world() -> None:
    split = default_split()
    assert split == Path("corpus") / "default.split" or split == ROOT / "corpus/default.split"
    tasks = load_tasks(split)
    files = split_files(split)
    assert len(tasks) == len(files) == len(set(files))
    for path in files:  # the committed tasks themselves, not copies
        assert path.resolve().relative_to((ROOT / "corpus").resolve()).parts[0] in CORPORA
    every = [t for c in CORPORA for t in load_tasks(ROOT / "corpus" / c)]
    assert {t.situation.id for t in tasks if t.situation} == {
        t.situation.id for t in every if t.situation}
    assert {t.world.spec for t in tasks} == {"arcadia-robotics", "agency", "restaurant"}
    # Every goal kind of the agency's v2 corpus (a task's `meta.goal`; ids are neutral);
    # of Arcadia Robotics', three of each situation, each another goal kind.
    agency = {t.meta.goal for t in every if t.world.spec == "agency"}
    assert {t.meta.goal for t in tasks if t.world.spec == "agency"} == agency
    robotics = [t for t in tasks if t.world.spec == "arcadia-robotics"]
    by_situation = Counter(t.situation.id for t in robotics if t.situation)
    assert set(by_situation.values()) == {3}
    assert len({t.meta.goal for t in robotics}) == len(robotics)
    # Few worlds: one seed per world kind, so a cold run builds few templates: one per
    # situation of Arcadia Robotics and the agency (a situation is planted in a world of
    # its own), one per restaurant case.
    situations = {t.situation.id for t in every if t.situation and t.world.spec != "restaurant"}
    cases = [t for t in tasks if t.world.spec == "restaurant"]
    assert len({t.world_spec().key() for t in tasks}) <= len(situations) + len(cases) == 18


def test_a_split_naming_a_missing_file_is_refused_with_its_line(tmp_path: Path) -> None:
    split = tmp_path / "mine.split"
    good = ROOT / "corpus" / "restaurant-v1" / "restaurant-dinner-rush-s1.json"
    split.write_text(f"# two tasks\n{good}\n\nnot-there.json  # a typo\n")
    with pytest.raises(ValueError, match=r"mine\.split:4: no task file not-there\.json"):
        load_tasks(split)
    split.write_text(f"{good}\n")
    assert [t.id for t in load_tasks(split)] == ["restaurant-dinner-rush-s1"]
