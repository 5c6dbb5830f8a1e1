"""The restaurant in the runner, the report and the command line: its corpus, the heuristic
manager, the shift's grade and record, its scores and leaderboard, and rubric regrading."""

from pathlib import Path

from arcadia.agents.pack import AgentsPack, Regrader, Reviewer, RunReport
from arcadia.agents.worlds.restaurant import board, evidence
from arcadia.agents.worlds.restaurant.heuristic import HeuristicAgent
from arcadia.agents.worlds.restaurant.report_html import run_section
from arcadia.agents.worlds.restaurant.shift import RUBRIC, grade_shift
from arcadia.apps.restaurant.corpus import SHIFT_TURNS
from arcadia.grader import Task
from arcadia.grader.restaurant import RUBRICS, regrade
from arcadia.grader.restaurant.judge import Judge
from arcadia.world.restaurant import TICKS
from arcadia.world.restaurant.pack import PACK as WORLD

# A shift's turn budget (the corpus states it in each instruction), the same for every agent,
# the heuristic and the oracle included: `advance_clock` runs until a floor event (`until`),
# so a manager need not spend a turn per tick; 80 turns are a look at the floor, 39 rounds of
# actions and a clock run, and the report.


def shift_turns(task: Task) -> int:
    return SHIFT_TURNS


def shift_brief(task: Task, turns: int) -> str:
    return (
        f"The shift runs {TICKS} ticks and you have {turns} turns for it (every call is "
        "a turn): advance the clock several ticks at a time, or `until` a floor event "
        "(e.g. equipment_failed, stock_out, low_stock, walked_out), rather than one tick "
        "per call, and keep a turn to file the report."
    )


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
    report=RunReport(
        owns=board.is_restaurant_run,
        entry=board.run_entry,
        line=board.run_line,
        section=run_section,
        board=board.board,
        print_board=board.print_board,
    ),
    regrader=Regrader(
        rubrics=tuple(RUBRICS),
        example=RUBRIC,
        judge=judge,
        regrade=lambda run, version, reviewer: regrade(run, version, reviewer=reviewer),
    ),
    evidence=evidence.check_run,
)
