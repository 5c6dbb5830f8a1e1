"""Grading by the state of the world: diffs, checks, guards, scores, and gold replay.

The kinds only one world's tasks use come from that world's pack (`grader/<world>/`, listed
in the registry of worlds `WORLDS`); `CHECKS` and `GUARDS` (`kinds`) list the generic kinds
and then the packs'.
"""

from arcadia.apps.kernel.control import (
    AppUnreachable,
    ControlPlaneError,
    EnvironmentFailure,
    EpisodeLost,
)
from arcadia.grader.checks import GradeContext, Kind, Verdict, kind
from arcadia.grader.diff import Changes, Diff, Record
from arcadia.grader.guards import GuardState, GuardVerdict
from arcadia.grader.kinds import CHECKS, GUARDS
from arcadia.grader.replay import ReplayError, replay, run_steps, score_steps
from arcadia.grader.runtime import (
    EmbeddedEnvironment,
    Environment,
    EpisodeRef,
    RemoteEnvironment,
    grade_episode,
)
from arcadia.grader.score import Grade, GraderError, Outcome, first_failure, grade
from arcadia.grader.task import Task, TaskFormatError, check_names, load_task
from arcadia.grader.worlds import WORLDS

__all__ = [
    "CHECKS",
    "GUARDS",
    "WORLDS",
    # The platform's failures (a runner counts them as environment errors, never scores):
    "AppUnreachable",
    "Changes",
    "ControlPlaneError",
    "Diff",
    "EmbeddedEnvironment",
    "Environment",
    "EnvironmentFailure",
    "EpisodeLost",
    "EpisodeRef",
    "Grade",
    "GradeContext",
    "GraderError",
    "GuardState",
    "GuardVerdict",
    "Kind",
    "Outcome",
    "Record",
    "RemoteEnvironment",
    "ReplayError",
    "Task",
    "TaskFormatError",
    "Verdict",
    "check_names",
    "first_failure",
    "grade",
    "grade_episode",
    "kind",
    "load_task",
    "replay",
    "run_steps",
    "score_steps",
]
