"""The restaurant shift's grader: outcome metrics, replay validation, Pass@1, the episode
outcome, the registered kinds, the trajectory rubric and its regrade.

The optional model reviewer lives in `arcadia.grader.restaurant.judge` (not imported here,
so grading never loads a model client). The modules `metrics` and `validate` keep their
names here (their functions `metrics.metrics(lines)` and `validate.validate(lines)` are not
re-exported, so as not to shadow the modules).
"""

from arcadia.grader.restaurant.metrics import (
    GRADER,
    PASS_MARK,
    figures,
    grade,
    report_problems,
    violations,
)
from arcadia.grader.restaurant.outcome import ShiftOutcome, finish, seal, shift_outcome
from arcadia.grader.restaurant.regrade import regrade
from arcadia.grader.restaurant.rubric import CRITERIA, RUBRICS, review
from arcadia.grader.restaurant.validate import InvalidTrace, check, pass1

__all__ = [
    "CRITERIA", "GRADER", "PASS_MARK", "RUBRICS", "InvalidTrace", "ShiftOutcome", "check",
    "figures", "finish", "grade", "pass1", "regrade", "report_problems", "review", "seal",
    "shift_outcome", "violations",
]
