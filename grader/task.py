"""The task format: data, not code. A task names its world, actor, gold steps, checks and guards.

`Task.model_json_schema()` is committed beside this file as `task.schema.json`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from arcadia.grader.names import task_problems
from arcadia.world import WORLDS, SituationSpec, WorldSpec

# Headers the replay sends for the actor: a step cannot change who it acts as.
RESERVED_HEADERS = ("authorization", "accept", "x-coupa-api-key", "cookie", "host",
                    "content-length", "content-type")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class WorldRef(_Strict):
    spec: str = Field("arcadia-robotics", description="World spec name.")
    seed: int = Field(description="World seed.")
    headcount: int = Field(800, ge=40, description="People in the world.")
    content_hash: str | None = Field(None, pattern=r"^[0-9a-f]{64}$",
                                     description="sha256 of the canonical world, when pinned.")

    @field_validator("spec")
    @classmethod
    def _registered(cls, name: str) -> str:
        WORLDS.get(name)  # a name no world registers fails at load, naming the known ones
        return name


class SituationRef(_Strict):
    id: str = Field(description="Registered situation id, e.g. `hr-mismatch-v1`.")
    params: dict[str, Any] = Field(default_factory=dict, description="Situation parameters.")


class Binding(_Strict):
    """A value taken from an earlier step's response: `{"$from": "step2", "path": "a[0].id"}`."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    from_: str = Field(alias="$from", description="Id of an earlier step.")
    path: str | None = Field(None, description="Path into its JSON body: `a.b[0]`, "
                             "`items[?email=='x@y'].id` (first match).")
    bind: dict[str, Binding] = Field(
        default_factory=dict, description="Values for `{name}` placeholders in `path`, each "
        "a binding resolved first: `[?title=='{dept}'].uuid` with `{\"dept\": {\"$from\": "
        "\"dir\", \"path\": ...}}` filters by a value read earlier.")
    header: str | None = Field(None, description="Response header to take instead of the body.")
    pattern: str | None = Field(None, description="Regex applied to the value; group 1 is kept.")
    template: str | None = Field(None, description="Text the value is written into, at `{}` "
                                 "(after `pattern`): `candidate.id={}` builds a query from an "
                                 "id read earlier.")


class Step(_Strict):
    """One HTTP request of a gold solution. Path placeholders `{name}` come from `params`."""

    id: str | None = Field(None, description="Step id for bindings; defaults to `step<n>`.")
    app: str = Field(description="App the request goes to (`hris`, `payroll`, ...).")
    method: Literal["GET", "POST", "PUT", "PATCH", "DELETE"] = Field(description="HTTP verb.")
    path: str = Field(description="Path below the app's base URL, with `{name}` placeholders.")
    params: dict[str, Any] = Field(default_factory=dict,
                                   description="Values (or bindings) for path placeholders.")
    query: dict[str, Any] = Field(default_factory=dict, description="Query parameters.")
    body: Any = Field(None, description="JSON body; any value may be a binding.")
    headers: dict[str, Any] = Field(
        default_factory=dict,
        description="Request headers the product asks for besides the credential (e.g. "
                    "Greenhouse's `On-Behalf-Of`); values may be bindings. The credential "
                    "and `Accept` are the replay's and cannot be set here.")
    expect: int | None = Field(None, description="Expected status; default: any 2xx.")

    @field_validator("headers")
    @classmethod
    def _not_the_credential(cls, value: dict[str, Any]) -> dict[str, Any]:
        for name in value:
            if name.lower() in RESERVED_HEADERS or not re.fullmatch(r"[A-Za-z0-9-]+", name):
                raise ValueError(f"header {name!r} cannot be set by a step: the replay sends "
                                 "the actor's credential and Accept itself; name other "
                                 "headers with letters, digits and dashes")
        return value


class CheckSpec(_Strict):
    id: str = Field(description="Name of the check within the task.")
    kind: str = Field(description="Registered check kind, e.g. `field-set-v1`.")
    description: str = Field("", description="What the check asserts, in plain language.")
    weight: float = Field(1.0, gt=0, description="Weight in the score.")
    params: dict[str, Any] = Field(default_factory=dict, description="Kind-specific parameters.")


class GuardSpec(_Strict):
    id: str = Field(description="Name of the guard within the task.")
    kind: str = Field(description="Registered guard kind, e.g. `no-collateral-v1`.")
    description: str = Field("", description="What the guard forbids.")
    params: dict[str, Any] = Field(default_factory=dict, description="Kind-specific parameters.")


class Meta(BaseModel):
    model_config = ConfigDict(extra="allow")
    apps: list[str] = Field(default_factory=list, description="Apps the task touches.")
    offered: list[str] | None = Field(None, description=(
        "Apps whose tools the agent is offered: every app of the task's family (its "
        "situation), so that no tool list tells one task of a family from another; "
        "absent: `apps`."))
    tool_path: list[str] = Field(default_factory=list, description="Operation ids of the gold.")
    depth: int = Field(0, ge=0, description="Number of gold steps.")
    difficulty: str = Field("", description="easy | medium | hard.")
    author: str = Field("", description="`hand` or the generator that emitted the task.")


class Task(_Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="Unique task id.")
    world: WorldRef
    situation: SituationRef | None = Field(None, description="Situation the task starts from.")
    actor: int | str = Field(description="Principal the agent acts as: employee id or email.")
    instruction: str = Field(min_length=1, description="What the actor is asked to do.")
    gold: list[Step] = Field(min_length=1, description="Reference solution, replayable.")
    checks: list[CheckSpec] = Field(min_length=1, description="Assertions on the state diff.")
    guards: list[GuardSpec] = Field(default_factory=list, description="Multiplying guards.")
    meta: Meta = Field(default_factory=Meta)

    @field_validator("gold")
    @classmethod
    def _step_ids(cls, steps: list[Step]) -> list[Step]:
        for n, step in enumerate(steps, start=1):
            step.id = step.id or f"step{n}"
        ids = [s.id for s in steps]
        if len(set(ids)) != len(ids):
            raise ValueError(f"gold step ids must be unique, got {ids}")
        return steps

    def world_spec(self) -> WorldSpec:
        situations = () if self.situation is None else (
            SituationSpec(self.situation.id, self.situation.params),)
        return WorldSpec(seed=self.world.seed, headcount=self.world.headcount,
                         name=self.world.spec, situations=situations)


class TaskFormatError(ValueError):
    """A task file that does not parse; the message names the file and the field."""


def check_names(task: Task, source: str | Path = "task") -> None:
    """Every app, table and field the task's checks and guards name exists in the apps.

    Raises `TaskFormatError` naming `source`, the field and the bad name, with the valid
    names (and the closest one).
    """
    problems = task_problems([(c.kind, c.params) for c in task.checks],
                             [(g.kind, g.params) for g in task.guards])
    if problems:
        field, msg = problems[0]
        raise TaskFormatError(f"{source}: field '{field}': {msg} ({len(problems)} error(s))")


def load_task(path: str | Path) -> Task:
    """Parse a task file and check the names its checks and guards use."""
    path = Path(path)
    try:
        task = Task.model_validate_json(path.read_bytes())
    except ValidationError as e:
        first = e.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "(root)"
        raise TaskFormatError(f"{path}: field '{field}': {first['msg']} "
                              f"({e.error_count()} error(s))") from e
    check_names(task, path)
    return task


def schema_json() -> dict[str, Any]:
    return Task.model_json_schema(by_alias=True)
