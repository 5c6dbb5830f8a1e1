"""The grade: pass, fail or ungradeable, with every verdict and why.

Score = product(guards) × weighted fraction of checks passed, where a guard multiplies by 0
only when `breached`. When the grader cannot judge (a check or guard raised, an unknown
kind, bad parameters, an app unreachable while diffing) the grade is `ungradeable`: its
score is `None`, never a 0 or a 1, so it cannot be averaged in by accident, and `reason`
says what failed.
"""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import BaseModel, Field, PrivateAttr, ValidationError, model_validator

from arcadia.apps.kernel.control import EnvironmentFailure
from arcadia.grader.checks import GradeContext, Kind, Verdict
from arcadia.grader.guards import GuardState, GuardVerdict
from arcadia.grader.kinds import CHECKS, GUARDS
from arcadia.grader.task import Task
from arcadia.world.registry import Registry

Outcome = Literal["pass", "fail", "ungradeable"]


class CheckResult(BaseModel):
    id: str
    kind: str
    weight: float
    passed: bool
    reason: str


class GuardResult(BaseModel):
    id: str
    kind: str
    state: GuardState = Field(description="not_triggered | complied | breached.")
    passed: bool = Field(description="Not breached: the guard leaves the score as it is.")
    reason: str


class Grade(BaseModel):
    """A grade that explains itself.

    `outcome` is `pass` (score exactly 1.0), `fail` (a real score below 1) or `ungradeable`
    (the grader could not judge: `score` is None and `reason` says why). An ungradeable
    grade caused by the platform (`EnvironmentFailure`) keeps the failure in `failure`.
    """

    task_id: str
    outcome: Outcome
    score: float | None = Field(description="product(guards) × Σ weight(passed) / "
                                "Σ weight(all); None when ungradeable.")
    reason: str | None = Field(None, description="Why the grade is ungradeable.")
    checks: list[CheckResult] = Field(default_factory=list)
    guards: list[GuardResult] = Field(default_factory=list)
    diff: dict[str, dict[str, dict[str, int]]] = Field(default_factory=dict)
    _failure: EnvironmentFailure | None = PrivateAttr(None)

    @model_validator(mode="after")
    def _consistent(self) -> Grade:
        if self.outcome == "ungradeable":
            if self.score is not None or not self.reason:
                raise ValueError("an ungradeable grade has no score and gives a reason")
        elif self.score is None or self.reason is not None:
            raise ValueError(f"a {self.outcome} grade has a score and no reason")
        elif (self.outcome == "pass") != (self.score == 1.0):
            raise ValueError(f"outcome {self.outcome} does not fit score {self.score}")
        return self

    @property
    def failure(self) -> EnvironmentFailure | None:
        """The platform failure that made this grade ungradeable, if that was the cause."""
        return self._failure

    @classmethod
    def ungradeable(cls, task_id: str, reason: str, *,
                    failure: EnvironmentFailure | None = None, **rest: Any) -> Grade:
        g = cls(task_id=task_id, outcome="ungradeable", score=None,
                reason=" ".join(reason.split()), **rest)
        g._failure = failure
        return g

    @classmethod
    def environment_failure(cls, task_id: str, failure: EnvironmentFailure) -> Grade:
        return cls.ungradeable(task_id, f"environment failure: {first_failure(failure)}",
                               failure=failure)


class GraderError(RuntimeError):
    """The grader could not judge (unknown kind, bad parameters, a kind that raised)."""


def first_failure(e: EnvironmentFailure) -> EnvironmentFailure:
    """The failure that came first, when cleaning up after it (deleting the episode) failed
    too: that one is raised, with the first as its context."""
    cause: BaseException | None = e
    first = e
    while cause is not None:
        if isinstance(cause, EnvironmentFailure):
            first = cause
        cause = cause.__context__
    return first


def _run(what: str, id: str, kind: str, registry: Registry[Kind[Any, Any]], result: type,
         ctx: GradeContext, params: dict[str, Any]) -> Any:
    label = f"{what} {id!r} ({kind})"
    try:
        found = registry.get(kind)
    except KeyError as e:
        raise GraderError(f"{label}: {e.args[0]}") from None
    try:
        verdict = found.evaluate(ctx, params)
    except ValidationError as e:
        first = e.errors()[0]
        loc = ".".join(str(p) for p in first["loc"]) or "(root)"
        raise GraderError(f"{label}: bad parameters: '{loc}': {first['msg']}") from e
    except Exception as e:  # a raising check or guard is never a pass, nor a fail
        raise GraderError(f"{label} raised {type(e).__name__}: {e}") from e
    if not isinstance(verdict, result):
        raise GraderError(f"{label} returned {type(verdict).__name__}, "
                          f"not a {result.__name__}")
    return verdict


def grade(task: Task, ctx: GradeContext) -> Grade:
    """Grade the episode whose diff and world are in `ctx` against `task`."""
    errors: list[str] = []

    def judged(label: str, specs: Any, registry: Registry[Kind[Any, Any]], result: type
               ) -> list[tuple[Any, Any]]:
        """(spec, verdict) of each spec the grader could judge; the others' reasons go to
        `errors`."""
        out = []
        for spec in specs:
            try:
                out.append((spec, _run(label, spec.id, spec.kind, registry, result, ctx,
                                              spec.params)))
            except GraderError as e:
                errors.append(str(e))
        return out

    checks = [CheckResult(id=c.id, kind=c.kind, weight=c.weight, passed=v.passed,
                          reason=v.reason)
              for c, v in judged("check", task.checks, CHECKS, Verdict)]
    guards = [GuardResult(id=g.id, kind=g.kind, state=v.state, passed=v.passed,
                          reason=v.reason)
              for g, v in judged("guard", task.guards, GUARDS, GuardVerdict)]
    if errors:
        return Grade.ungradeable(task.id, "; ".join(errors), checks=checks, guards=guards,
                                 diff=ctx.diff.summary())
    total = math.fsum(c.weight for c in checks)
    passed = math.fsum(c.weight for c in checks if c.passed)
    factor = 0.0 if any(g.state == "breached" for g in guards) else 1.0
    score = factor * passed / total
    return Grade(task_id=task.id, outcome="pass" if score == 1.0 else "fail", score=score,
                 checks=checks, guards=guards, diff=ctx.diff.summary())
