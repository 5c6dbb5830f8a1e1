"""Arcadia Robotics' hiring policy, as `hiring-pipeline-v1` plants it: its figures and names
in one place (`POLICY`: the policy mail is written from it, the planter draws by it, the goal
kinds read it), rule 1 on an application's onsite scorecards (`passes`), and the onsite
score sets that meet it and that do not."""

from __future__ import annotations

from typing import Any

from arcadia.world.hiring import Recommendation

# The hiring policy's figures and names: the policy mail, the world and the goals read them
# from here.
SITUATION_ID = "hiring-pipeline-v1"

POLICY: dict[str, Any] = {
    "title": "Hiring policy",
    "min_yes": 2,  # onsite scorecards of yes / strong yes needed to move on
    "yes": ("yes", "strong_yes"),
    "veto": "definitely_not",  # one such onsite scorecard stops the application
    "feedback_reason": "Lacking skill(s)/qualification(s)",  # rejection on onsite feedback
    "onsite": "Face to Face",
    "next": "Reference Check",
    # A candidate who pulls out is rejected with the reason they give (Greenhouse's "They
    # rejected us" reasons), by what their mail says.
    "exit_reasons": {"withdrew": "Withdrew", "other-offer": "Accepted another offer"},
}

# Onsite scorecards (Technical, Team Fit, Values) that meet rule 1, and that do not.
PASSING: tuple[tuple[Recommendation, ...], ...] = (
    ("yes", "strong_yes", "no"),
    ("strong_yes", "yes", "yes"),
    ("yes", "no_decision", "yes"),
)
FAILING: tuple[tuple[Recommendation, ...], ...] = (
    ("yes", "yes", "definitely_not"),
    ("yes", "no", "no"),
    ("strong_yes", "no", "no_decision"),
)


def passes(scores: tuple[str, ...] | list[str]) -> bool:
    """Rule 1 of the policy, on an application's onsite recommendations."""
    yes = sum(1 for s in scores if s in POLICY["yes"])
    return yes >= POLICY["min_yes"] and POLICY["veto"] not in scores
