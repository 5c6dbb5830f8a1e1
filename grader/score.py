"""The score: product of guards × weighted fraction of checks passed, with every verdict."""

from __future__ import annotations

import math
from typing import Any

from pydantic import BaseModel, Field

from arcadia.grader.checks import CHECKS, GradeContext, Verdict
from arcadia.grader.guards import GUARDS
from arcadia.grader.task import Task


class CheckResult(BaseModel):
    id: str
    kind: str
    weight: float
    passed: bool
    reason: str


class GuardResult(BaseModel):
    id: str
    kind: str
    passed: bool
    reason: str


class Grade(BaseModel):
    """A grade that explains itself. `error` set means the grader failed (not the agent)."""

    task_id: str
    score: float = Field(description="product(guards) × Σ weight(passed) / Σ weight(all).")
    checks: list[CheckResult]
    guards: list[GuardResult]
    diff: dict[str, dict[str, dict[str, int]]]
    error: str | None = None


class GraderError(RuntimeError):
    """The grader could not judge (unknown kind, bad parameters, a kind that raised)."""


def _run(kind: str, registry: Any, ctx: GradeContext, params: dict[str, Any]) -> Verdict:
    try:
        return registry.get(kind).evaluate(ctx, params)  # type: ignore[no-any-return]
    except Exception as e:  # a raising check or guard is never a pass
        raise GraderError(f"{registry.what} {kind} failed: {type(e).__name__}: {e}") from e


def grade(task: Task, ctx: GradeContext) -> Grade:
    """Grade the episode whose diff and world are in `ctx` against `task`."""
    checks: list[CheckResult] = []
    guards: list[GuardResult] = []
    try:
        for c in task.checks:
            v = _run(c.kind, CHECKS, ctx, c.params)
            checks.append(CheckResult(id=c.id, kind=c.kind, weight=c.weight, passed=v.passed,
                                      reason=v.reason))
        for g in task.guards:
            v = _run(g.kind, GUARDS, ctx, g.params)
            guards.append(GuardResult(id=g.id, kind=g.kind, passed=v.passed, reason=v.reason))
    except GraderError as e:
        return Grade(task_id=task.id, score=0.0, checks=checks, guards=guards,
                     diff=ctx.diff.summary(), error=str(e))
    total = math.fsum(c.weight for c in checks)
    passed = math.fsum(c.weight for c in checks if c.passed)
    factor = 1.0 if all(g.passed for g in guards) else 0.0
    return Grade(task_id=task.id, score=factor * passed / total, checks=checks, guards=guards,
                 diff=ctx.diff.summary())
