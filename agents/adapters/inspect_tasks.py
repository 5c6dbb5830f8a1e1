"""inspect_ai: a Task per corpus split, a tool-using solver, the oracle solver, a scorer
that calls Arcadia's grader.

    inspect eval arcadia/agents/adapters/inspect_tasks.py@arcadia \\
        -T corpus=corpus/arcadia-v1 -T split=dev --model openai/gpt-4o

Each sample is a task (its id, its instruction); `arcadia_agent()` opens the task's episode,
puts its briefing first as the system message, and offers the task's tools (each an
inspect tool with the function schema's name, description and parameters, calling
`ArcadiaEnv.step`), then lets the model call them until it stops; `oracle()` opens the
episode and sends the gold's tool calls instead (validation only); `arcadia_grade()`
grades the episode: the score is the grade's, its explanation the verdicts, and an
ungradeable grade raises (inspect records the sample as an error, never a score).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ChatMessageSystem
from inspect_ai.scorer import Score, Target, mean, scorer
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.tool import Tool, ToolDef, ToolParams

from arcadia.agents.adapters._common import gold_calls, reward, split_tasks
from arcadia.agents.env import ArcadiaEnv
from arcadia.agents.tool_search import MAX_TOOLS, ToolIndex
from arcadia.grader import EmbeddedEnvironment, Environment
from arcadia.grader import Task as ArcadiaTask

# A sample's episode, by the sample's uuid, from the solver that opened it to the scorer
# that grades and closes it (a TaskState's store is logged, an episode is not data).
_EPISODES: dict[str, ArcadiaEnv] = {}
_DEFAULT: list[Environment] = []


def _environment(environment: Environment | None) -> Environment:
    if environment is not None:
        return environment
    if not _DEFAULT:
        _DEFAULT.append(EmbeddedEnvironment())
    return _DEFAULT[0]


def _inspect_tool(env: ArcadiaEnv, schema: dict[str, Any], index: ToolIndex | None = None
                  ) -> Tool:
    """An inspect tool calling the task's tool of `schema` (with `index`: one of the two
    that stand in for more tools than a request carries, `find_tools` and `call_tool`)."""
    fn = schema["function"]
    name = fn["name"]

    async def execute(**arguments: Any) -> str:
        routed = index.route(name, arguments) if index is not None else (name, arguments)
        if isinstance(routed, str):  # a search's answer, or an error
            return routed
        text, *_ = await env.step({"name": routed[0], "arguments": routed[1]})
        return text

    params = dict(fn["parameters"])
    # inspect requires a description of every parameter; a few (a whole `body`) have none.
    params["properties"] = {k: {"description": k.replace("_", " "), **v}
                            for k, v in params.get("properties", {}).items()}
    return ToolDef(execute, name=name, description=fn["description"],
                   parameters=ToolParams.model_validate(
                       {**params, "additionalProperties": False})).as_tool()


async def _open(state: TaskState, tasks: dict[str, ArcadiaTask], environment: Environment,
                max_turns: int | None, max_tools: int = 0) -> tuple[ArcadiaEnv, ArcadiaTask]:
    chosen = tasks[str(state.sample_id)]
    env = ArcadiaEnv([chosen], environment, max_turns, adapter="inspect_ai")
    observation, _ = await env.reset(chosen.id)
    _EPISODES[state.uuid] = env
    state.messages.insert(0, ChatMessageSystem(content=observation["briefing"]))
    schemas = observation["tools"]
    if max_tools and len(schemas) > max_tools:  # OpenAI takes 128 functions at most
        index = ToolIndex(schemas)
        state.tools = [_inspect_tool(env, s, index) for s in index.offered()]
    else:
        state.tools = [_inspect_tool(env, s) for s in schemas]
    return env, chosen


@solver
def arcadia_agent(tasks: Sequence[ArcadiaTask], environment: Environment | None = None,
                  max_turns: int | None = None, max_tools: int = MAX_TOOLS) -> Solver:
    """Open the sample's episode, offer its tools (more than `max_tools`: `find_tools` and
    `call_tool` in their place; 0: no limit) and let the model use them."""
    by_id = {t.id: t for t in tasks}

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        await _open(state, by_id, _environment(environment), max_turns, max_tools)
        return await generate(state, tool_calls="loop")

    return solve


@solver
def oracle(tasks: Sequence[ArcadiaTask], environment: Environment | None = None) -> Solver:
    """Replay the gold's tool calls in the sample's episode: validation only (it reads the
    task's gold)."""
    by_id = {t.id: t for t in tasks}

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        env, chosen = await _open(state, by_id, _environment(environment),
                                  max_turns=10**6)  # the gold is never cut
        for call in await gold_calls(chosen, _environment(environment)):
            await env.step(call)
        return state

    return solve


@scorer(metrics=[mean()])
def arcadia_grade() -> Any:
    """The grade of the sample's episode (then the episode is deleted)."""

    async def score(state: TaskState, target: Target) -> Score:
        env = _EPISODES.pop(state.uuid, None)
        if env is None:
            raise RuntimeError(f"no episode for sample {state.sample_id}: run an arcadia "
                               "solver (arcadia_agent or oracle) first")
        try:
            grade = await env.grade()
        finally:
            await env.close()
        value = reward(grade)  # raises Ungradeable: a sample error, never a score
        lines = [f"{c.id}: {'pass' if c.passed else 'fail'} ({c.reason})" for c in grade.checks]
        lines += [f"guard {g.id}: {'pass' if g.passed else 'fail'} ({g.reason})"
                  for g in grade.guards]
        return Score(value=value, answer=grade.outcome, explanation="\n".join(lines),
                     metadata={"grade": grade.model_dump(mode="json")})

    return score


@task
def arcadia(corpus: str = "corpus/arcadia-v1", split: str | None = "test",
            solver: str = "agent", max_turns: int | None = None,
            environment: Environment | None = None, max_tools: int = MAX_TOOLS) -> Task:
    """The tasks of `corpus` in `split` (train, dev, test; none: all); `solver` is
    `agent` (the model with the task's tools, `find_tools` and `call_tool` in place of more
    than `max_tools`) or `oracle` (the gold, validation only)."""
    tasks = split_tasks(Path(corpus), split or None)
    dataset = MemoryDataset([Sample(input=t.instruction, id=t.id,
                                    metadata={"apps": t.meta.apps,
                                              "situation": t.situation.id if t.situation
                                              else None})
                             for t in tasks], name=f"arcadia-{split or 'all'}")
    if solver == "agent":
        chosen = arcadia_agent(tasks, environment, max_turns, max_tools)
    elif solver == "oracle":
        chosen = oracle(tasks, environment)
    else:
        raise ValueError(f"solver is agent or oracle, not {solver!r}")
    return Task(dataset=dataset, solver=chosen, scorer=arcadia_grade(),
                metadata={"arcadia_adapter": "inspect_ai", "solver": solver})
