"""The task format: JSON files, named-field errors, the committed JSON Schema, bindings."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from arcadia.grader import TaskFormatError, load_task
from arcadia.grader.replay import ReplayError, StepResult, resolve, select
from arcadia.grader.task import Step, schema_json

ROOT = Path(__file__).resolve().parents[2]
MINIMAL = {
    "id": "t-1", "world": {"seed": 1}, "actor": 1001, "instruction": "Do it.",
    "gold": [{"app": "hris", "method": "GET", "path": "/x"}],
    "checks": [{"id": "c", "kind": "record-created-v1",
                "params": {"app": "hris", "table": "t"}}],
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
    (lambda d: d["gold"][0].update(method="FETCH"), "gold.0.method"),
    (lambda d: d["checks"][0].update(weight=0), "checks.0.weight"),
    (lambda d: d.update(surprise=1), "surprise"),
])
def test_malformed_task_names_the_field(tmp_path, mutate, field):
    data = json.loads(json.dumps(MINIMAL))
    mutate(data)
    with pytest.raises(TaskFormatError, match=f"field '{field}'"):
        load_task(write(tmp_path, data))


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
