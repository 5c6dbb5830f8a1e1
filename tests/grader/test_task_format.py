"""The task format: JSON files, named-field errors, the committed JSON Schema, bindings."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from arcadia.apps.registry import APP_NAMES
from arcadia.grader import TaskFormatError, load_task
from arcadia.grader.replay import ReplayError, StepResult, dependencies, resolve, select
from arcadia.grader.task import Step, schema_json

ROOT = Path(__file__).resolve().parents[2]
MINIMAL = {
    "id": "t-1", "world": {"seed": 1}, "actor": 1001, "instruction": "Do it.",
    "gold": [{"app": "hris", "method": "GET", "path": "/x"}],
    "checks": [{"id": "c", "kind": "record-removed-v1",
                "params": {"app": "hris", "table": "time_off_request"}}],
}


def write(tmp_path, data):
    path = tmp_path / "task.json"
    path.write_text(json.dumps(data))
    return path


def test_minimal_task_loads_with_default_step_ids(tmp_path):
    task = load_task(write(tmp_path, MINIMAL))
    assert task.gold[0].id == "step1" and task.world.headcount == 800


@pytest.mark.parametrize(("mutate", "field"), [
    (lambda d: d.pop("instruction"), "instruction"),
    (lambda d: d["world"].update(seed="x"), "world.seed"),
    (lambda d: d["world"].update(spec="nope"), "world.spec"),  # no world registers it
    (lambda d: d["gold"][0].update(method="FETCH"), "gold.0.method"),
    (lambda d: d["checks"][0].update(weight=0), "checks.0.weight"),
    (lambda d: d.update(surprise=1), "surprise"),
])
def test_malformed_task_names_the_field(tmp_path, mutate, field):
    data = json.loads(json.dumps(MINIMAL))
    mutate(data)
    with pytest.raises(TaskFormatError, match=f"field '{field}'"):
        load_task(write(tmp_path, data))


def comp_check(**params):
    return {"id": "rate", "kind": "field-set-v1", "params": {
        "app": "payroll", "table": "compensations", "where": {"uuid": "c1"},
        "field": "rate", "value": 1, **params}}


def allow(**a):
    return {"id": "only", "kind": "no-collateral-v1", "params": {"allow": [
        {"app": "payroll", "table": "compensations", **a}]}}


@pytest.mark.parametrize(("checks", "guards", "field", "says"), [
    ([comp_check(app="payrol")], [], "checks.0.params.table",
     "unknown app 'payrol'; did you mean 'payroll'? known: " + ", ".join(sorted(APP_NAMES))),
    ([comp_check(table="compensation")], [], "checks.0.params.table",
     "unknown table of payroll 'compensation'; did you mean 'compensations'?"),
    ([comp_check(field="raet")], [], "checks.0.params.field",
     "unknown field of payroll.compensations 'raet'; did you mean 'rate'? known: "),
    ([comp_check(where={"employe_uuid": "e1"})], [], "checks.0.params.where.employe_uuid",
     "did you mean 'employee_uuid'?"),
    ([comp_check()], [allow(where={"uid": "c1"})], "guards.0.params.allow.0.where.uid",
     "did you mean 'uuid'?"),
    ([comp_check()], [allow(fields=["rate", "payment_units"])],
     "guards.0.params.allow.0.fields.1", "did you mean 'payment_unit'?"),
    ([comp_check()], [{"id": "f", "kind": "no-forbidden-write-v1", "params": {
        "app": "payroll", "table": "compensations", "where": {"rat": {"gt": 1}}}}],
     "guards.0.params.where.rat", "did you mean 'rate'?"),
    ([comp_check(field="created_at")], [], "checks.0.params.field",
     "is bookkeeping the diff ignores"),
    ([{"id": "new", "kind": "record-created-v1", "params": {
        "app": "payroll", "table": "terminations", "scope": {"employee_uuid": "e1"},
        "fields": {"uuid": {"generated": "uuid"}, "effective_date": "2026-01-21"}}}], [],
     "checks.0.params.fields",
     "does not account for payroll.terminations column(s) run_termination_payroll"),
    ([{"id": "new", "kind": "record-created-v1", "params": {
        "app": "payroll", "table": "terminations", "scope": {"employee_uuid": "e1"},
        "fields": {"uuid": {"generated": "uuid"}, "effectiv_date": "2026-01-21"}}}], [],
     "checks.0.params.fields.effectiv_date", "did you mean 'effective_date'?"),
    ([comp_check(also={"flsa_statu": "Exempt"})], [], "checks.0.params.also.flsa_statu",
     "did you mean 'flsa_status'?"),
], ids=["app", "table", "field", "where", "allow-where", "allow-fields", "forbidden-where",
        "ignored-field", "created-unaccounted", "created-fields", "also"])
def test_misspelled_names_are_refused_at_load(tmp_path, checks, guards, field, says):
    path = write(tmp_path, {**MINIMAL, "checks": checks, "guards": guards})
    with pytest.raises(TaskFormatError) as info:
        load_task(path)
    message = str(info.value)
    assert message.startswith(f"{path}: field '{field}': "), message
    assert says in message, message


def test_names_of_unknown_kinds_are_left_to_grading(tmp_path):
    # the grade says ungradeable, with the reason; loading does not guess at its params
    data = {**MINIMAL, "checks": [{"id": "x", "kind": "made-up-v9", "params": {"f": 1}}]}
    assert load_task(write(tmp_path, data)).checks[0].kind == "made-up-v9"


def test_committed_schema_is_current():
    committed = json.loads((ROOT / "grader" / "task.schema.json").read_text())
    assert committed == schema_json(), "regenerate grader/task.schema.json"


def test_bindings_resolve_paths_filters_headers_and_patterns():
    body = {"employees": [{"id": "7", "workEmail": "A@x.com"}, {"id": "9", "workEmail": "b@x.com"}]}
    assert select(body, "employees[1].id") == "9"
    assert select(body, "employees[?workEmail=='a@x.com'].id") == "7"
    with pytest.raises(ReplayError, match="does not resolve"):
        select(body, "employees[?workEmail=='c@x.com'].id")
    step = Step(app="hris", method="POST", path="/x")
    results = {"s1": StepResult(step, 201, body, httpx.Headers({"Location": "/v1/employees/42"}))}
    value = {"n": [{"$from": "s1", "header": "Location", "pattern": r"/(\d+)$"}],
             "m": {"$from": "s1", "path": "employees[0].workEmail"}}
    assert resolve(value, results) == {"n": ["42"], "m": "A@x.com"}
    with pytest.raises(ReplayError, match="has not run"):
        resolve({"$from": "s9"}, results)


def test_a_bound_value_can_be_written_into_a_template():
    """`template` puts the value (after `pattern`) into a text: a query from an id, a
    sentence from a date read out of a note."""
    step = Step(app="bullhorn", method="GET", path="/x")
    results = {"s1": StepResult(step, 200, {"data": [{"id": 7}]}, httpx.Headers()),
               "s2": StepResult(step, 200, "Consent valid until 2026-01-25.", httpx.Headers())}
    assert resolve({"$from": "s1", "path": "data[0].id", "template": "candidate.id={}"},
                   results) == "candidate.id=7"
    assert resolve({"$from": "s2", "pattern": r"until ([0-9-]+)", "template": "({}) lapsed"},
                   results) == "(2026-01-25) lapsed"
    with pytest.raises(ReplayError, match="does not match"):
        resolve({"$from": "s2", "pattern": r"from ([0-9-]+)", "template": "{}"}, results)


def test_a_filter_literal_can_be_bound_to_an_earlier_read():
    """`[?title=='{dept}']` with `bind`: the transfer finds the HRIS department by name."""
    step = Step(app="hris", method="GET", path="/x")
    results = {
        "dir": StepResult(step, 200, {"employees": [{"workEmail": "a@x.com",
                                                     "department": "Sales"}]}, httpx.Headers()),
        "depts": StepResult(step, 200, [{"title": "IT", "uuid": "d1"},
                                        {"title": "Sales", "uuid": "d2"}], httpx.Headers()),
    }
    dept = {"$from": "dir", "path": "employees[?workEmail=='a@x.com'].department"}
    bound = {"$from": "depts", "path": "[?title=='{dept}'].uuid", "bind": {"dept": dept}}
    assert resolve(bound, results) == "d2"
    assert dependencies(Step(app="payroll", method="PUT", path="/y", body=bound)) == {
        "depts", "dir"}
    with pytest.raises(ReplayError, match="placeholder {other} has no binding"):
        resolve({**bound, "path": "[?title=='{other}'].uuid"}, results)
    results["dir"].body["employees"][0]["department"] = "R'n'D"
    with pytest.raises(ReplayError, match="contains a quote"):
        resolve(bound, results)
