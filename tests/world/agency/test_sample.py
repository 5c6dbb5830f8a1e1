"""Sampling is a pure function of the seed: same seed, same bytes; another seed, another agency."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

import orjson

from arcadia.world import WorldSpec, generate_world
from arcadia.world.agency import Agency
from arcadia.world.agency.population import load_population
from arcadia.world.agency.sample import sample_agency
from arcadia.world.model import to_plain
from tests.world.agency.conftest import SEEDS, agency

SCRIPT = """
from arcadia.world import WorldSpec, generate_world
print(generate_world(WorldSpec(seed=7, name="agency")).content_hash())
"""


def _hash(a: Agency) -> str:
    return hashlib.sha256(orjson.dumps(to_plain(a), option=orjson.OPT_SORT_KEYS)).hexdigest()


def test_same_seed_same_bytes() -> None:
    first, again = sample_agency(5), sample_agency(5)
    assert orjson.dumps(to_plain(first)) == orjson.dumps(to_plain(again))
    assert first == again


def test_different_seeds_give_different_agencies() -> None:
    hashes = {_hash(agency(seed)) for seed in SEEDS}
    assert len(hashes) == len(SEEDS)
    one, two = agency(0), agency(1)
    assert [c.name for c in one.clients] != [c.name for c in two.clients]
    assert len(one.job_orders) != len(two.job_orders) or \
        [o.title for o in one.job_orders] != [o.title for o in two.job_orders]


def test_same_seed_same_world_in_another_process() -> None:
    here = generate_world(WorldSpec(seed=7, name="agency")).content_hash()
    for hash_seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, check=True,
                             capture_output=True, text=True).stdout.strip()
        assert out == here


def test_the_agency_world() -> None:
    world = generate_world(WorldSpec(seed=2, name="agency"))
    a = world.agency
    assert a.seed == 2 and a.population_version == load_population()["version"]
    assert [p.id for p in world.people] == [u.id for u in a.users]
    assert [p.email for p in world.people] == [u.email for u in a.users]
    assert world.domain == a.domain and world.company_name == a.name
    assert world.person_by_email(a.users[-1].email) is not None
    roles = {u.id: u.role for u in a.users}
    assert all(roles[p.id] in p.roles for p in world.people)
    head = [p for p in world.people if p.manager_id is None]
    assert len(head) == 1 and "manager" in head[0].roles
    assert b'"agency"' in world.canonical_json()
    assert a.window_start is not None and (world.now.date() - a.window_start).days == \
        7 * load_population()["window_weeks"]


def test_other_worlds_leave_the_agency_out_of_their_hash() -> None:
    world = generate_world(WorldSpec(seed=0, name="restaurant"))
    assert world.agency == Agency()
    assert "agency" not in orjson.loads(world.canonical_json())


def test_now_moves_the_window() -> None:
    from datetime import datetime

    later = sample_agency(3, now=datetime(2026, 6, 1, 9, 0))  # noqa: DTZ001
    assert later.window_start is not None and later.window_start.isoformat() == "2026-03-09"
    assert max(s.date_added for s in later.submissions) <= datetime(2026, 6, 1, 9, 0)  # noqa: DTZ001
    assert all(c.date_added.year >= 2017 for c in later.clients)
