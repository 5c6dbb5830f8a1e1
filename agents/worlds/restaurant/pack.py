"""The restaurant in the runner, the report and the command line: its corpus, the heuristic
manager, the shift's grade and record, its scores and leaderboard, and rubric regrading."""

from pathlib import Path

from arcadia.agents.pack import AgentsPack, Regrader, Reviewer, RunReport
from arcadia.agents.worlds.restaurant import board
from arcadia.agents.worlds.restaurant.heuristic import HeuristicAgent
from arcadia.agents.worlds.restaurant.report_html import run_section
from arcadia.agents.worlds.restaurant.shift import RUBRIC, grade_shift
from arcadia.grader.restaurant import RUBRICS, regrade
from arcadia.grader.restaurant.judge import Judge
from arcadia.world.restaurant.pack import PACK as WORLD


def judge(run: Path) -> Reviewer:
    """The model reviewer; its replies are stored in (and replayed from) RUN/judge.jsonl."""
    model = Judge(run / "judge.jsonl")
    return lambda lines, version: model.review(lines, version, validated=True)


PACK = AgentsPack(
    world=WORLD.name,
    corpus=Path("corpus") / "restaurant-v1",
    agents={"heuristic": HeuristicAgent},
    grade=grade_shift,
    report=RunReport(owns=board.is_restaurant_run, entry=board.run_entry, line=board.run_line,
                     section=run_section, board=board.board, print_board=board.print_board),
    regrader=Regrader(rubrics=tuple(RUBRICS), example=RUBRIC, judge=judge,
                      regrade=lambda run, version, reviewer: regrade(run, version,
                                                                     reviewer=reviewer)),
)
