"""The validity certificate: each gate fails on a task built to fail it, and passes on one
where it holds.

The failing tasks are corpus tasks modified in memory; none of these tests requires the
corpus as it stands to be certified (or to fail).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from arcadia.grader import EmbeddedEnvironment
from arcadia.grader.certify import GATES, Certifier, certified, second_agrees, summary_line
from arcadia.grader.checks import TableParams, Verdict, kind
from arcadia.grader.kinds import CHECKS
from arcadia.grader.openapi_lookup import other_value
from arcadia.grader.task import Task
from arcadia.grader.variants import (
    Instruction,
    changed_scalar,
    duplicate_candidates,
    with_needs,
)

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "hr-mismatch"


def raw(name: str) -> dict[str, Any]:
    return json.loads((CORPUS / f"hr-mismatch-{name}.json").read_text())


def task(data: dict[str, Any], **changes: Any) -> Task:
    data = {**copy.deepcopy(data), **changes}
    return Task.model_validate(data)


def failed(cert: dict[str, Any]) -> set[str]:
    return {g for g, r in cert.items() if not r.ok}


@pytest.fixture(scope="module")
def certifier(harness_for) -> Certifier:
    """v1's gates (v2's three more have their own tests, `test_certify_v2.py`)."""
    return Certifier(EmbeddedEnvironment(harness_for("hris", "payroll").store), version="v1")


@pytest.fixture
def holds_initially():
    """A check kind that holds on every state, the initial one included."""
    CHECKS.register("holds-initially-test-v1", kind(
        "holds-initially-test-v1", "Always holds.", TableParams)(
        lambda ctx, p: Verdict(True, "holds whatever happened")))
    yield
    CHECKS.unregister("holds-initially-test-v1")


# --- the gates on tasks where they hold -------------------------------------------------

async def test_a_sound_task_passes_every_gate_in_process(certifier):
    cert = await certifier.certify(task(raw("title")))
    assert list(cert) == list(GATES)
    assert certified(cert), {g: r.reason for g, r in cert.items() if not r.ok}
    assert summary_line("hr-mismatch-title", cert) == "hr-mismatch-title certified"
    assert "every write answers 403" in cert["actor-roles"].reason
    assert cert["optional-fields"].reason == "title (hire_date)"


async def test_three_writes_give_three_prefixes_and_omissions(certifier):
    cert = await certifier.certify(task(raw("three-fixes")))
    assert cert["prefixes"].ok and cert["prefixes"].reason.startswith("3 strict prefix")
    assert cert["omissions"].ok and cert["omissions"].reason.startswith("3 omission")
    # the app refuses a second termination: no duplicate can exist, the gate holds
    assert cert["duplicate-creates"].ok
    assert "refuses duplicates" in cert["duplicate-creates"].reason


# --- each gate failing ------------------------------------------------------------------

async def test_replay_stability_fails_when_the_gold_misses(certifier):
    data = raw("title")
    data["checks"][0]["params"]["value"] = "Not What The Gold Writes"
    cert = await certifier.certify(task(data))
    assert not cert["replay-stability"].ok
    line = summary_line("t", cert)
    assert line.startswith("t FAILED replay-stability: the gold (first episode) scores 0")
    # later gates are not run, and say so
    assert cert["prefixes"].reason == "not run: the gold does not score 1.0"


def test_replay_stability_compares_the_second_process():
    ok = {"outcome": "pass", "score": 1.0, "digest": "abc", "error": None}
    assert second_agrees(ok, "abc").ok
    assert second_agrees({**ok, "digest": "abd"}, "abc").reason == \
        "the second process's diff differs from this one's"
    assert not second_agrees({**ok, "score": None, "outcome": "ungradeable",
                              "reason": "x"}, "abc").ok
    assert not second_agrees(None, "abc").ok


async def test_no_op_and_initial_checks_fail_on_a_check_that_already_holds(
        certifier, holds_initially):
    data = raw("title")
    data["checks"].append({"id": "already", "kind": "holds-initially-test-v1",
                           "params": {"app": "payroll", "table": "jobs"}})
    cert = await certifier.certify(task(data))
    # (and the gold as a principal without the roles scores 0.5, not 0)
    assert failed(cert) == {"no-op", "checks-fail-initially", "actor-roles"}
    assert cert["no-op"].reason == "the no-op scores 0.5"
    assert cert["checks-fail-initially"].reason == \
        "check(s) pass on the initial state: already"


async def test_an_ungradeable_grade_fails_the_gate(certifier):
    data = raw("title")
    data["guards"].append({"id": "made-up", "kind": "made-up-guard-v1", "params": {}})
    cert = await certifier.certify(task(data))
    assert not cert["replay-stability"].ok
    assert "ungradeable" in cert["replay-stability"].reason
    assert not cert["no-op"].ok and "ungradeable" in cert["no-op"].reason


def _redundant_title(data: dict[str, Any]) -> dict[str, Any]:
    """The title gold, then the same title written again on top of it."""
    again = copy.deepcopy(next(s for s in data["gold"] if s["id"] == "title"))
    again["id"] = "title-again"
    again["body"]["version"] = {"$from": "title", "path": "version"}
    data["gold"].append(again)
    return data


async def test_prefixes_fail_when_part_of_the_gold_already_scores_one(certifier):
    cert = await certifier.certify(task(_redundant_title(raw("title"))))
    assert cert["replay-stability"].ok
    assert cert["prefixes"].reason == \
        "the first 1 of 2 writes (up to before 'title-again') still scores 1"
    # the last write's omission is the longest prefix: it fails too, nothing else does
    assert failed(cert) == {"prefixes", "omissions"}


async def test_omissions_fail_when_a_write_is_not_needed(certifier):
    """Three fixes with the department move unchecked (but allowed), moved first: every
    prefix falls short, yet the gold without the move still scores 1.0."""
    data = raw("three-fixes")
    data["checks"] = [c for c in data["checks"] if c["id"] != "department-miller"]
    order = ["dir", "report", "token", "pay-r", "depts-r", "move-r", "pay-k", "title-k",
             "pay-d", "terminate-d"]
    by_id = {s["id"]: s for s in data["gold"]}
    data["gold"] = [by_id[i] for i in order]
    cert = await certifier.certify(task(data))
    assert failed(cert) == {"omissions"}
    assert cert["omissions"].reason == "the gold without write 'move-r' still scores 1"


def weak_raise() -> dict[str, Any]:
    """`raise-hourly` weakened the way tasks were before frame conditions: its check's scope
    is narrowed to the gold's date and its guard lets a second compensation in, so a second
    compensation on another day is neither counted nor collateral."""
    data = raw("raise-hourly")
    params = data["checks"][0]["params"]
    params["scope"]["effective_date"] = params["fields"].pop("effective_date")
    data["guards"][0]["params"]["allow"][0]["max_added"] = 2
    return data


async def test_duplicate_creates_fail_when_the_checks_miss_a_second_record(certifier):
    cert = await certifier.certify(task(weak_raise()))
    reason = cert["duplicate-creates"].reason
    assert not cert["duplicate-creates"].ok
    assert reason.startswith("the gold plus a duplicate of 'add' (effective_date=")
    # The shipped task counts every compensation added for the employee: the gate holds.
    cert = await certifier.certify(task(raw("raise-hourly")))
    assert cert["duplicate-creates"].ok, cert["duplicate-creates"].reason


async def test_optional_fields_fail_unless_the_task_allows_them(certifier):
    data = raw("raise-hourly")
    # A check that accepts any value of a field the instruction never asked for.
    data["checks"][0]["params"]["fields"]["adjust_for_minimum_wage"] = {"in": [True, False]}
    cert = await certifier.certify(task(data))
    assert not cert["optional-fields"].ok
    assert cert["optional-fields"].reason == \
        "the gold with adjust_for_minimum_wage=True on 'add' still scores 1"
    data["meta"]["allowed_optional"] = ["payroll_create_compensation.adjust_for_minimum_wage"]
    cert = await certifier.certify(task(data))
    assert cert["optional-fields"].ok
    assert cert["optional-fields"].reason == "add: no optional field to add"
    # The shipped task pins it (false, the product's default): the gate holds.
    cert = await certifier.certify(task(raw("raise-hourly")))
    assert cert["optional-fields"].ok, cert["optional-fields"].reason


async def test_tools_required_fails_when_the_instruction_states_a_read_value(certifier):
    data = raw("title")
    new_title = data["checks"][0]["params"]["value"]
    data["instruction"] += f" The new title is {new_title.upper()}."
    cert = await certifier.certify(task(data))
    assert failed(cert) == {"tools-required"}
    assert cert["tools-required"].reason.startswith(f"'title' writes {new_title!r}, read from dir.")


async def test_tools_required_fails_when_the_instruction_alone_builds_the_writes(certifier):
    """The write names its job and title literally and binds only the version token, which
    the instruction states: replaying the writes from the instruction scores 1.0."""
    data = raw("title")
    title = data["checks"][0]["params"]["value"]
    job = data["checks"][0]["params"]["where"]["uuid"]
    gold = await certifier.attempt(task(data), task(data).gold)
    version = next(r for r in gold.results if r.step.id == "title").sent.body["version"]
    step = next(s for s in data["gold"] if s["id"] == "title")
    step.update(path=f"/v1/jobs/{job}", params={})
    step["body"]["title"] = title
    data["instruction"] = (f"Set the title of payroll job {job} to {title}; "
                           f"its version is {version}.")
    cert = await certifier.certify(task(data))
    assert failed(cert) == {"tools-required"}
    assert cert["tools-required"].reason == \
        "the instruction-literals-only attempt (1 of 1 writes) still scores 1"


async def test_actor_roles_fail_for_an_actor_without_them(certifier):
    data = raw("title")
    data["actor"] = "dave.brown@arcadia-robotics.com"  # an employee, no payroll role
    cert = await certifier.certify(task(data))
    assert not cert["actor-roles"].ok
    assert "lacks every role payroll_update_job needs: payroll" in cert["actor-roles"].reason


async def test_an_actor_who_is_not_in_the_world_fails_the_gates_not_the_run(certifier):
    data = raw("title")
    data["actor"] = "nobody@arcadia-robotics.com"
    cert = await certifier.certify(task(data))
    assert cert["replay-stability"].reason.startswith(
        "the gold (first episode) is ungradeable: episode refused: No person")
    assert cert["actor-roles"].reason.startswith("the actor cannot act: No person")


# --- the pieces -------------------------------------------------------------------------

def test_instruction_normalises_case_numbers_dates_and_names():
    said = Instruction("Pay Davis, John $71,000 from February 19, 2026 (or 03/01/2026); "
                       "title: Senior ENGINEER.")
    assert said.mentions("71000.00") and said.mentions(71000) and said.mentions("71000")
    assert said.mentions("2026-02-19") and said.mentions("2026-03-01")
    assert not said.mentions("2026-02-20")
    assert said.mentions("john davis") and said.mentions("senior engineer")
    assert not said.mentions("engineer ii") and not said.mentions(True)
    assert not said.mentions("7100")


def test_changed_values_keep_their_type():
    assert changed_scalar(3) == 4 and changed_scalar("21.33") == "22.33"
    assert changed_scalar("2026-01-31") == "2026-02-01"
    assert changed_scalar("Hour") == "Hour (copy)" and changed_scalar(False) is None
    body = {"rate": "21.33", "unit": "Hour", "effective_date": "2026-01-26", "version": 3}
    assert [p for p, _ in duplicate_candidates(body)] == [("effective_date",), ("rate",),
                                                          ("unit",)]
    assert other_value({"type": "boolean", "default": False}) is True
    assert other_value({"enum": ["a", "b"], "default": "a"}) == "b"
    assert other_value({"type": "string", "pattern": "^x$"}) is None


def test_with_needs_keeps_the_reads_a_write_binds_to():
    gold = task(raw("three-fixes")).gold
    ids = [s.id for s in gold]
    kept = with_needs(gold, [ids.index("title-k")])
    assert [s.id for s in kept] == ["dir", "token", "pay-k", "title-k"]
