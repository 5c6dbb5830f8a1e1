"""inspect_ai: `inspect eval` with the oracle solver scores 1.0; the tool-using solver with
inspect's mock model scores 0 doing nothing and 1.0 when the mock sends the gold's calls;
an ungradeable grade is a sample error, not a score."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("inspect_ai", reason="the `inspect` extra is not installed")

from inspect_ai import eval as inspect_eval  # noqa: E402
from inspect_ai.model import ModelOutput, ModelUsage, get_model  # noqa: E402

from arcadia.agents.adapters import gold_calls  # noqa: E402
from arcadia.agents.adapters.inspect_tasks import arcadia  # noqa: E402
from arcadia.grader import load_task  # noqa: E402
from tests.adapters.conftest import TASKS, ungradeable_task  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
# inspect's own retry setup calls tenacity with a parameter tenacity deprecated, and its
# in-process eval leaves an anyio memory stream to the garbage collector.
pytestmark = [
    pytest.mark.filterwarnings("ignore:The 'initial' parameter is deprecated:DeprecationWarning"),
    pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning"),
]


def out(output: ModelOutput) -> ModelOutput:
    """An output with its usage given: the mock otherwise counts tokens with tiktoken,
    which fetches its encoding from the network."""
    output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return output


def scores(log):
    return sorted((s.id, s.scores["arcadia_grade"].value) for s in log.samples)


def test_inspect_eval_cli_oracle_scores_one(tasks_dir, tmp_path):
    env = dict(os.environ, INSPECT_LOG_DIR=str(tmp_path / "logs"),
               INSPECT_DISPLAY="none")
    done = subprocess.run(
        [sys.executable, "-m", "inspect_ai", "eval",
         f"{ROOT}/agents/adapters/inspect_tasks.py@arcadia", "--model", "mockllm/model",
         "-T", f"corpus={tasks_dir}", "-T", "split=dev", "-T", "solver=oracle",
         "--log-format", "json", "--no-score-display"],
        capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    from inspect_ai.log import read_eval_log

    (log_file,) = (tmp_path / "logs").glob("*.json")
    log = read_eval_log(str(log_file))
    assert log.status == "success"
    assert scores(log) == [(t, 1.0) for t in sorted(TASKS)]
    assert log.eval.metadata["arcadia_adapter"] == "inspect_ai"


def test_mock_model_noop_scores_zero(env, tasks_dir, tmp_path):
    model = get_model("mockllm/model", custom_outputs=lambda *_: out(
        ModelOutput.from_content("mockllm/model", "Nothing to do.")))
    (log,) = inspect_eval(arcadia(str(tasks_dir), "dev", environment=env),
                          model=model, log_dir=str(tmp_path), display="none")
    assert log.status == "success", log.error
    assert scores(log) == [(t, 0.0) for t in sorted(TASKS)]


async def test_mock_model_sending_the_gold_scores_one(env, tasks_dir, tmp_path):
    task = load_task(tasks_dir / f"{TASKS[0]}.json")
    calls = await gold_calls(task, env)
    outputs = [out(ModelOutput.for_tool_call("mockllm/model", c.name, c.arguments))
               for c in calls]
    outputs.append(out(ModelOutput.from_content("mockllm/model", "Done.")))
    model = get_model("mockllm/model", custom_outputs=outputs)
    single = tasks_dir.parent / "single"
    single.mkdir()
    (single / "t.json").write_text((tasks_dir / f"{TASKS[0]}.json").read_text())
    from inspect_ai import eval_async

    (log,) = await eval_async(arcadia(str(single), "dev", environment=env), model=model,
                              log_dir=str(tmp_path))
    assert log.status == "success", log.error
    assert scores(log) == [(TASKS[0], 1.0)]
    (sample,) = log.samples
    called = [m.function for m in sample.messages if m.role == "tool"]
    assert called == [c.name for c in calls]
    first = sample.messages[0]  # the briefing, before the instruction
    assert first.role == "system" and first.text.startswith("You are ")
    assert "Your budget: 30 turns" in first.text


async def test_more_tools_than_the_limit_are_found_and_called(env, tasks_dir, tmp_path):
    """Past `max_tools` (OpenAI's 128; 10 here, the task offers 112) the model has
    `find_tools` and `call_tool`: a search, then the gold through `call_tool`, scores 1."""
    import json

    task = load_task(tasks_dir / f"{TASKS[0]}.json")
    calls = await gold_calls(task, env)
    outputs = [out(ModelOutput.for_tool_call("mockllm/model", "find_tools",
                                             {"app": "payroll", "query": "job"}))]
    outputs += [out(ModelOutput.for_tool_call("mockllm/model", "call_tool",
                                              {"name": c.name, "arguments": c.arguments}))
                for c in calls]
    outputs.append(out(ModelOutput.from_content("mockllm/model", "Done.")))
    single = tasks_dir.parent / "single-search"
    single.mkdir()
    (single / "t.json").write_text((tasks_dir / f"{TASKS[0]}.json").read_text())
    from inspect_ai import eval_async

    (log,) = await eval_async(arcadia(str(single), "dev", environment=env, max_tools=10),
                              model=get_model("mockllm/model", custom_outputs=outputs),
                              log_dir=str(tmp_path))
    assert log.status == "success", log.error
    assert scores(log) == [(TASKS[0], 1.0)]
    (sample,) = log.samples
    tools = [m for m in sample.messages if m.role == "tool"]
    assert [m.function for m in tools] == ["find_tools"] + ["call_tool"] * len(calls)
    found = json.loads(tools[0].text)
    assert found["matched"] >= 1 and all(t["name"].startswith("payroll_")
                                         for t in found["tools"])
    assert all(m.text.startswith("HTTP 2") for m in tools[1:])


def test_ungradeable_is_an_error_not_a_score(env, tasks_dir, tmp_path):
    path = ungradeable_task(tasks_dir)
    (log,) = inspect_eval(arcadia(str(path), None, solver="oracle", environment=env),
                          model="mockllm/model", log_dir=str(tmp_path), display="none")
    assert log.status == "error"
    assert "ungradeable" in str(log.error or [s.error for s in log.samples])
    assert not any(s.scores for s in log.samples)
