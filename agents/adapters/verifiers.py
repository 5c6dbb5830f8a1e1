"""verifiers: `load_environment()` returns a `vf.ToolEnv` over a corpus split whose reward is
Arcadia's grade.

    import verifiers as vf
    from arcadia.agents.adapters.verifiers import load_environment
    env = load_environment(corpus="corpus/arcadia-v1", split="train")

Each dataset row is a task (its briefing as the system message and its instruction as the
user's, its id and tools in `info`); a rollout opens the task's episode in `setup_state`,
sends the model's tool calls to it (`ArcadiaEnv.step`), and grades it when the rollout
ends, before scoring. A task offering more tools than `max_tools` (OpenAI's 128; every
`arcadia-v1` task does) offers `find_tools` and `call_tool` in their place, as the `llm`
agent does (`arcadia.agents.tool_search`). The rubric's one
reward function is the grade's score. An ungradeable grade is never a reward: the rollout
carries `Ungradeable` (a `vf.InfraError`, which verifiers retries and reports) in
`state["error"]`, and its reward stays None.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import verifiers as vf
from datasets import Dataset

from arcadia.agents.adapters._common import Ungradeable, split_tasks, task_briefing
from arcadia.agents.briefing import task_turns
from arcadia.agents.env import ArcadiaEnv
from arcadia.agents.session import task_tools
from arcadia.agents.tool_search import MAX_TOOLS, ToolIndex
from arcadia.grader import EmbeddedEnvironment, Environment, Grade, Task


class UngradeableRollout(vf.InfraError):
    """The grader could not judge the rollout's episode (an environment error)."""


def _tool_defs(schemas: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"name": s["function"]["name"], "description": s["function"]["description"],
             "parameters": s["function"]["parameters"]} for s in schemas]


def _index(schemas: list[dict[str, Any]], max_tools: int) -> ToolIndex | None:
    """The stand-ins for a task's tools when there are more than `max_tools` (0: none)."""
    return ToolIndex(schemas) if max_tools and len(schemas) > max_tools else None


def _object(arguments: Any) -> dict[str, Any] | str:
    """A tool call's arguments as an object, or the error to answer."""
    if isinstance(arguments, dict):
        return arguments
    try:
        value = json.loads(arguments or "{}")
    except (TypeError, ValueError):
        return "error: the arguments are not JSON"
    return value if isinstance(value, dict) else "error: the arguments are not an object"


def _ungraded(state: vf.State) -> bool:
    """Whether the rollout has no grade to reward: then no reward and no metrics are set."""
    grade = state.get("arcadia_grade")
    if grade is None or grade.score is None:
        state["reward"], state["metrics"] = None, {}
        return True
    return False


class ArcadiaRubric(vf.Rubric):
    """The grade's score, or no reward at all when the grade is ungradeable."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(funcs=[self.arcadia_score], weights=[1.0], **kwargs)

    async def arcadia_score(self, state: vf.State) -> float:
        grade: Grade = state["arcadia_grade"]
        assert grade.score is not None
        return grade.score

    async def score_rollout(self, state: vf.State) -> None:
        if _ungraded(state):
            return
        await super().score_rollout(state)


class _Ungraded(vf.RubricGroup):
    """The environment's rubrics (the grade, verifiers' own monitors) unless the grade is
    ungradeable: then no reward at all, not a sum with a hole in it."""

    async def score_rollout(self, state: vf.State) -> None:
        if _ungraded(state):
            return
        await super().score_rollout(state)


class ArcadiaToolEnv(vf.ToolEnv):
    """A tool environment whose tools are the task's Arcadia tools, per row."""

    def __init__(self, tasks: list[Task], environment: Environment, max_turns: int,
                 max_tools: int = MAX_TOOLS, **kwargs: Any) -> None:
        self.arcadia_tasks = {t.id: t for t in tasks}  # the rows carry ids, never the gold
        self.environment = environment
        self.max_tools = max_tools
        super().__init__(tools=[], max_turns=max_turns, rubric=ArcadiaRubric(),
                         stop_errors=[], **kwargs)
        current: Any = getattr(self, "rubric")  # noqa: B009 (verifiers types it late)
        rubrics = current.rubrics if isinstance(current, vf.RubricGroup) else [current]
        self.rubric = _Ungraded(rubrics=rubrics)

    async def setup_state(self, state: vf.State) -> vf.State:
        task = self.arcadia_tasks[state["info"]["task_id"]]
        env = ArcadiaEnv([task], self.environment, max_turns=self.max_turns,
                         adapter="verifiers", cut=False)  # verifiers counts the turns
        observation, _ = await env.reset(task.id)
        state["arcadia_env"] = env
        state["arcadia_index"] = _index(observation["tools"], self.max_tools)
        return state

    async def call_tool(self, tool_name: str, tool_args: dict[str, Any], tool_call_id: str,
                        **kwargs: Any) -> Any:
        # Never called: `env_response` below runs the tool calls, with the rollout's state.
        raise RuntimeError("ArcadiaToolEnv runs tools in env_response, not call_tool")

    async def env_response(self, messages: vf.Messages, state: vf.State, **kwargs: Any
                           ) -> vf.Messages:
        env: ArcadiaEnv = state["arcadia_env"]
        index: ToolIndex | None = state.get("arcadia_index")
        out: list[Any] = []
        for call in messages[-1].tool_calls or []:
            routed: Any = (call.name, call.arguments)
            if index is not None:
                args = _object(call.arguments)
                routed = args if isinstance(args, str) else index.route(call.name, args)
            if isinstance(routed, str):  # a search's answer, or an error
                text = routed
            else:
                text, *_ = await env.step({"name": routed[0], "arguments": routed[1]})
            out.append(vf.ToolMessage(role="tool", content=text, tool_call_id=call.id))
        return out

    @vf.cleanup
    async def grade_episode(self, state: vf.State) -> None:
        env: ArcadiaEnv | None = state.get("arcadia_env")
        if env is None:
            return
        try:
            grade = await env.grade()
        finally:
            await env.close()
            state["arcadia_env"] = None
        state["arcadia_grade"] = grade
        # The rollout's record (verifiers keeps a row's `info`) names the adapter.
        state["info"] = {**state["info"], "arcadia_adapter": env.adapter}
        if grade.outcome == "ungradeable":
            state["error"] = UngradeableRollout(str(Ungradeable(grade)))


def _offered(task: Task, max_tools: int) -> list[dict[str, Any]]:
    schemas = task_tools(task).schemas()
    index = _index(schemas, max_tools)
    return index.offered() if index is not None else schemas


def load_environment(corpus: str | Path = "corpus/arcadia-v1", split: str | None = "train",
                     environment: Environment | None = None, max_turns: int | None = None,
                     max_tools: int = MAX_TOOLS, **kwargs: Any) -> vf.Environment:
    """A `vf.ToolEnv` over the tasks of `corpus` in `split` (train, dev, test; None: all);
    `max_turns` None: the largest of the tasks' own defaults (verifiers takes one)."""
    tasks = split_tasks(Path(corpus), split)
    max_turns = max_turns or max(task_turns(t) for t in tasks)
    rows = [{"prompt": [{"role": "system", "content": task_briefing(t, max_turns)},
                        {"role": "user", "content": t.instruction}],
             "answer": "", "example_id": i,
             "info": {"task_id": t.id, "tool_defs": _tool_defs(_offered(t, max_tools))}}
            for i, t in enumerate(tasks)]
    return ArcadiaToolEnv(tasks, environment or EmbeddedEnvironment(), max_turns=max_turns,
                          max_tools=max_tools,
                          dataset=Dataset.from_list(rows), env_id="arcadia",
                          env_args={"corpus": str(corpus), "split": split}, **kwargs)
