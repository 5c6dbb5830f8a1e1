"""No property the agent observes tells one task of a family from another.

What an agent is given at `reset` is the instruction and the tool list (`agents/env.py`,
MCP and every adapter take both from `agents.session.task_tools`). A family is the tasks
of one situation in a corpus; twins are the tasks of one seed and situation that differ
only in the situation's variant (`allowed`/`forbidden`, or the pay request's `rate`/
`salary`): in v1 their ids differ only by it, in v2 they share a core and add-ons.
For every family of every corpus generated with families (`generation.json`
beside the tasks) and the restaurant's shifts:

- every task offers the same tools, by name and schema (this is what caught the agency's
  forbidden twins offering mail where the allowed ones offered Bullhorn alone);
- twins' instructions have one shape: equal once the figures are masked (money, numbers,
  dates), and within a few characters of each other's length;
- in a situation with variants, each variant's tasks have the same shapes as the other's
  (no wording, sentence count or length class belongs to one variant).

The hand-written corpora are families of one task each: their instructions name the apps
they ask for, and none of them has variants.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest

from arcadia.agents.session import task_tools
from arcadia.grader import load_task
from arcadia.grader.task import Task

ROOT = Path(__file__).resolve().parents[2]
GENERATED = sorted(p.parent for p in (ROOT / "corpus").glob("*/generation.json"))
CORPORA = [*GENERATED, ROOT / "corpus" / "restaurant-v1"]
_FIGURE = re.compile(r"\$?\d[\d,]*(\.\d+)?")


def _tasks(corpus: Path) -> list[Task]:
    return [load_task(p) for p in sorted(corpus.rglob("*.json")) if p.name != "generation.json"]


def _variant(t: Task) -> str:
    """The task's variant: its situation's parameters' values, as the generator names it."""
    assert t.situation is not None
    return "-".join(str(v) for _, v in sorted(t.situation.params.items()))


def _twin_key(t: Task) -> tuple[str, int, str]:
    """v1 names a twin by its id less the variant; v2's ids are neutral digests, and twins
    are the tasks of one core with the same add-ons."""
    assert t.situation is not None
    extra = t.meta.model_extra or {}
    if "core" in extra:
        return t.situation.id, t.world.seed, f"{extra['core']}|{extra.get('addons')}"
    suffix = "-" + _variant(t).lower()
    base = t.id[:-len(suffix)] if t.id.endswith(suffix) else t.id
    return t.situation.id, t.world.seed, base


def shape(text: str) -> str:
    """An instruction with its figures masked."""
    return _FIGURE.sub("#", text)


def _offered(t: Task) -> str:
    return json.dumps(task_tools(t).schemas(), sort_keys=True)


@pytest.mark.parametrize("corpus", CORPORA, ids=[c.name for c in CORPORA])
def test_a_familys_tasks_offer_the_same_tools(corpus: Path) -> None:
    families: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for t in _tasks(corpus):
        assert t.situation is not None, t.id
        families[t.situation.id][_offered(t)].append(t.id)
    assert families
    for situation, lists in families.items():
        assert len(lists) == 1, (situation, [ids[:2] for ids in lists.values()])


@pytest.mark.parametrize("corpus", CORPORA, ids=[c.name for c in CORPORA])
def test_twins_read_alike_and_variants_have_the_same_shapes(corpus: Path) -> None:
    twins: dict[tuple[str, int, str], list[Task]] = defaultdict(list)
    by_variant: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for t in _tasks(corpus):
        assert t.situation is not None
        twins[_twin_key(t)].append(t)
        by_variant[t.situation.id][_variant(t)].add(shape(t.instruction))
    pairs = [ts for ts in twins.values() if len({_variant(t) for t in ts}) > 1]
    for ts in pairs:
        assert len({shape(t.instruction) for t in ts}) == 1, [t.id for t in ts]
        lengths = [len(t.instruction) for t in ts]
        assert max(lengths) - min(lengths) <= 4, [t.id for t in ts]
        assert len({_offered(t) for t in ts}) == 1
    for situation, variants in by_variant.items():
        if len(variants) > 1 and all(len(v) > 0 for v in variants.values()):
            # with both variants shipped for each seed, every shape is in each variant
            seeds_with_pairs = {k[1] for k, ts in twins.items() if k[0] == situation
                                and len({_variant(t) for t in ts}) > 1}
            if len(seeds_with_pairs) == len({k[1] for k in twins if k[0] == situation}):
                assert len({frozenset(v) for v in variants.values()}) == 1, situation
    if corpus.name == "agency-v1":
        assert len(pairs) >= 20
