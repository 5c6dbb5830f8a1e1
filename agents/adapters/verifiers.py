"""verifiers: `load_environment()` returns a `vf.ToolEnv` over a corpus split whose reward is
Arcadia's grade.

    import verifiers as vf
    from arcadia.agents.adapters.verifiers import load_environment
    env = load_environment(corpus="corpus/arcadia-v1", split="train")

Each dataset row is a task (its briefing as the system message and its instruction as the
user's, its id and tools in `info`); a rollout opens the task's episode in `setup_state`,
sends the model's tool calls to it (`ArcadiaEnv.step`), and grades it when the rollout
ends, before scoring. The rubric's one
reward function is the grade's score. An ungradeable grade is never a reward: the rollout
carries `Ungradeable` (a `vf.InfraError`, which verifiers retries and reports) in
`state["error"]`, and its reward stays None.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import verifiers as vf
from datasets import Dataset

from arcadia.agents.adapters._common import Ungradeable, split_tasks, task_briefing
from arcadia.agents.briefing import task_turns
from arcadia.agents.env import ArcadiaEnv
from arcadia.agents.session import task_tools
from arcadia.grader import EmbeddedEnvironment, Environment, Grade, Task


class UngradeableRollout(vf.InfraError):
    """The grader could not judge the rollout's episode (an environment error)."""


def _tool_defs(schemas: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"name": s["function"]["name"], "description": s["function"]["description"],
             "parameters": s["function"]["parameters"]} for s in schemas]


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
                 **kwargs: Any) -> None:
        self.arcadia_tasks = {t.id: t for t in tasks}  # the rows carry ids, never the gold
        self.environment = environment
        super().__init__(tools=[], max_turns=max_turns, rubric=ArcadiaRubric(),
                         stop_errors=[], **kwargs)
        current: Any = getattr(self, "rubric")  # noqa: B009 (verifiers types it late)
        rubrics = current.rubrics if isinstance(current, vf.RubricGroup) else [current]
        self.rubric = _Ungraded(rubrics=rubrics)

    async def setup_state(self, state: vf.State) -> vf.State:
        task = self.arcadia_tasks[state["info"]["task_id"]]
        env = ArcadiaEnv([task], self.environment, max_turns=self.max_turns,
                         adapter="verifiers", cut=False)  # verifiers counts the turns
        await env.reset(task.id)
        state["arcadia_env"] = env
        return state

    async def call_tool(self, tool_name: str, tool_args: dict[str, Any], tool_call_id: str,
                        **kwargs: Any) -> Any:
        # Never called: `env_response` below runs the tool calls, with the rollout's state.
        raise RuntimeError("ArcadiaToolEnv runs tools in env_response, not call_tool")

    async def env_response(self, messages: vf.Messages, state: vf.State, **kwargs: Any
                           ) -> vf.Messages:
        env: ArcadiaEnv = state["arcadia_env"]
        out: list[Any] = []
        for call in messages[-1].tool_calls or []:
            text, *_ = await env.step({"name": call.name, "arguments": call.arguments})
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


def load_environment(corpus: str | Path = "corpus/arcadia-v1", split: str | None = "train",
                     environment: Environment | None = None, max_turns: int | None = None,
                     **kwargs: Any) -> vf.Environment:
    """A `vf.ToolEnv` over the tasks of `corpus` in `split` (train, dev, test; None: all);
    `max_turns` None: the largest of the tasks' own defaults (verifiers takes one)."""
    tasks = split_tasks(Path(corpus), split)
    max_turns = max_turns or max(task_turns(t) for t in tasks)
    rows = [{"prompt": [{"role": "system", "content": task_briefing(t, max_turns)},
                        {"role": "user", "content": t.instruction}],
             "answer": "", "example_id": i,
             "info": {"task_id": t.id, "tool_defs": _tool_defs(task_tools(t).schemas())}}
            for i, t in enumerate(tasks)]
    return ArcadiaToolEnv(tasks, environment or EmbeddedEnvironment(), max_turns=max_turns,
                          dataset=Dataset.from_list(rows), env_id="arcadia",
                          env_args={"corpus": str(corpus), "split": split}, **kwargs)
