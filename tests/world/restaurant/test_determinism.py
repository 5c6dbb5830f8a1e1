"""Same (case, seed, actions) → the same trace bytes, here and in another process; the
hash chain and dumps/loads round trip."""

from __future__ import annotations

import hashlib
import subprocess
import sys

from arcadia.world.restaurant import CASE_IDS, TICKS, Shift, canonical, header, load_case, simulate
from arcadia.world.restaurant.cases import case_path
from arcadia.world.restaurant.policies import heuristic, run_policy, submit_all
from arcadia.world.restaurant.trace import chain, sha256

SCRIPT = """
import hashlib, sys
from arcadia.world.restaurant import canonical, load_case
from arcadia.world.restaurant.policies import heuristic, run_policy, submit_all
lines = run_policy(load_case(sys.argv[1]), int(sys.argv[2]), heuristic)
print(hashlib.sha256(b"\\n".join(canonical(x) for x in lines)).hexdigest())
"""


def _digest(lines):
    return hashlib.sha256(b"\n".join(canonical(x) for x in lines)).hexdigest()


def test_same_inputs_same_bytes_in_process():
    case = load_case("saturday-night")
    assert _digest(run_policy(case, 2, heuristic)) == _digest(run_policy(case, 2, heuristic))


def test_same_bytes_in_another_process():
    case_id, seed = "dinner-rush", 3
    here = _digest(run_policy(load_case(case_id), seed, heuristic))
    out = subprocess.run([sys.executable, "-c", SCRIPT, case_id, str(seed)], check=True,
                         capture_output=True, text=True, env={"PYTHONHASHSEED": "123"})
    assert out.stdout.strip() == here


def test_seeds_differ_and_cases_differ():
    a = header(load_case("quiet-tuesday"), 1)["arrivals"]
    assert a != header(load_case("quiet-tuesday"), 2)["arrivals"]
    assert a != header(load_case("dinner-rush"), 1)["arrivals"]


def test_simulate_replays_the_recorded_actions():
    case = load_case("saturday-night")
    lines = run_policy(case, 1, heuristic)
    actions: dict[int, list[dict]] = {}
    for x in lines:
        if x.get("kind") == "action":
            actions.setdefault(x["tick"], []).append(x["action"])
    report = next(x["report"] for x in lines if x.get("kind") == "report_filed")
    assert actions
    assert [canonical(x) for x in simulate(case, 1, actions, report)] == \
        [canonical(x) for x in lines]


def test_tick_hashes_chain_from_the_header():
    case = load_case("dinner-rush")
    lines = run_policy(case, 1, heuristic)
    ticks = [x for x in lines if x["type"] == "tick"]
    assert [t["tick"] for t in ticks] == list(range(1, TICKS + 1))
    assert ticks[0]["prev"] == sha256(canonical(lines[0]))
    for a, b in zip(ticks, ticks[1:], strict=False):
        assert b["prev"] == a["hash"]
    # Each hash is sha256(prev + the canonical state after the tick).
    shift = Shift.start(case, 1)
    for _ in range(3):
        prev = shift.state["prev"]
        line = shift.advance()[-1]
        assert line["hash"] == chain(prev, canonical({**shift.state, "prev": prev}))
        assert line["prev"] == prev and shift.state["prev"] == line["hash"]
    seqs = [x["seq"] for x in lines if x["type"] == "event"]
    assert seqs == list(range(1, len(seqs) + 1))


def test_dumps_loads_mid_shift_continues_identically():
    case = load_case("saturday-night")
    shift = Shift.start(case, 2)
    for _ in range(50):
        submit_all(shift, heuristic(shift.observe()))
        shift.advance()
    shift.submit([{"type": "hold_seating", "ticks": 2}])  # a pending action is state too
    data = shift.dumps()
    copy = Shift.loads(data)
    assert copy.dumps() == data
    assert copy.state_hash() == shift.state_hash()
    assert copy.observe() == shift.observe()
    rest_a, rest_b = [], []
    for s, out in ((shift, rest_a), (copy, rest_b)):
        while not s.finished:
            submit_all(s, heuristic(s.observe()))
            out.extend(s.advance())
    assert [canonical(x) for x in rest_a] == [canonical(x) for x in rest_b]
    assert shift.terminal() == copy.terminal()


def test_case_hash_is_of_the_file_bytes():
    for case_id in CASE_IDS:
        case = load_case(case_id)
        data = case_path(case_id).read_bytes()
        assert case.hash == hashlib.sha256(data).hexdigest()
        assert case.version == 1
        head = header(case, 1)
        assert head["case_hash"] == case.hash and head["case_version"] == 1
        assert head["contract"] == "fixed-workers-v2" and head["ticks"] == TICKS


def _no_floats(value, path="obs"):
    if isinstance(value, float):
        raise AssertionError(f"a float at {path}")
    if isinstance(value, dict):
        for k, v in value.items():
            assert isinstance(k, str), path
            _no_floats(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _no_floats(v, f"{path}[{i}]")
    else:
        assert value is None or isinstance(value, str | int | bool), (path, value)


def test_state_and_observation_are_plain_json_without_floats():
    shift = Shift.start(load_case("saturday-night"), 3)
    while not shift.finished:
        obs = shift.observe()
        _no_floats(obs)
        actions = heuristic(obs)
        if actions:
            shift.submit(actions)
        shift.advance()
        _no_floats(shift.state, "state")


def test_changing_an_observation_or_returned_lines_changes_nothing():
    shift = Shift.start(load_case("dinner-rush"), 1)
    for _ in range(30):
        lines = shift.advance()
    before = shift.dumps()
    obs = shift.observe()
    for t in obs["tickets"]:
        t["items"].append("caviar")
        t["allergens"].append("everything")
    for m in obs["menu"]:
        m["ingredients"]["gold"] = 1
    for x in lines:
        x["tick"] = -1
    obs["recent_events"].clear()
    assert shift.dumps() == before
