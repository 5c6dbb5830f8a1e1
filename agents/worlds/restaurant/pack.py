"""The restaurant in the runner, the report and the command line: its corpus, the heuristic
manager, the shift's grade and record, its scores and leaderboard, and rubric regrading."""

from pathlib import Path

from arcadia.agents.pack import AgentsPack, Regrader, Reviewer, RunReport
from arcadia.agents.worlds.restaurant import board
from arcadia.agents.worlds.restaurant.heuristic import HeuristicAgent
from arcadia.agents.worlds.restaurant.report_html import run_section
from arcadia.agents.worlds.restaurant.shift import RUBRIC, grade_shift
from arcadia.grader import Task
from arcadia.grader.restaurant import RUBRICS, regrade
from arcadia.grader.restaurant.judge import Judge
from arcadia.world.restaurant import TICKS
from arcadia.world.restaurant.pack import PACK as WORLD

# A shift's turn budget: one look at the floor, then at each tick one `submit_actions` and
# one `advance_clock`, then the report, and the final message: what the heuristic manager
# needs at most (1 + 2 x 120 + 1 calls; on the nine shifts it made 123 to 131), and what
# an agent deciding at every tick needs, where 30 turns ended a shift at tick 30.
SHIFT_TURNS = 1 + 2 * TICKS + 1 + 1


def shift_turns(task: Task) -> int:
    return SHIFT_TURNS


def shift_brief(task: Task, turns: int) -> str:
    return (f"The shift runs {TICKS} ticks: {turns} turns are enough to look at the floor, "
            "queue actions and advance the clock one tick at a time to the end, then file "
            "the report.")


def judge(run: Path) -> Reviewer:
    """The model reviewer; its replies are stored in (and replayed from) RUN/judge.jsonl."""
    model = Judge(run / "judge.jsonl")
    return lambda lines, version: model.review(lines, version, validated=True)


PACK = AgentsPack(
    world=WORLD.name,
    corpus=Path("corpus") / "restaurant-v1",
    agents={"heuristic": HeuristicAgent},
    turns=shift_turns,
    brief=shift_brief,
    grade=grade_shift,
    report=RunReport(owns=board.is_restaurant_run, entry=board.run_entry, line=board.run_line,
                     section=run_section, board=board.board, print_board=board.print_board),
    regrader=Regrader(rubrics=tuple(RUBRICS), example=RUBRIC, judge=judge,
                      regrade=lambda run, version, reviewer: regrade(run, version,
                                                                     reviewer=reviewer)),
)
