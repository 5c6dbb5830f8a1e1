"""The runner: every rollout class forced, retries, resume, the run directory, replay, the
environment API in process and over HTTP."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
from pathlib import Path
from typing import Any, ClassVar

import httpx
import orjson
import pytest

from arcadia.agents.base import AgentContext, AgentResult, ToolCall
from arcadia.agents.env import ArcadiaEnv, env_server, opaque_id
from arcadia.agents.registry import NoopAgent, OracleAgent, ReplayAgent
from arcadia.agents.runner import EvalConfig, run_eval
from arcadia.apps.kernel.control import AppUnreachable
from arcadia.grader import EmbeddedEnvironment, EpisodeRef, Task
from arcadia.grader.diff import Diff

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "hr-mismatch"
# Two HRIS → payroll tasks: the test store hosts those two apps only.
TASK_FILES = ["hr-mismatch-raise-salaried.json", "hr-mismatch-title.json"]


@pytest.fixture(scope="module")
def env(harness_for):
    return EmbeddedEnvironment(harness_for("hris", "payroll").store)


@pytest.fixture
def tasks_dir(tmp_path: Path) -> Path:
    d = tmp_path / "tasks"
    d.mkdir()
    for name in TASK_FILES:
        shutil.copy(CORPUS / name, d / name)
    return d


def rows_of(out: Path) -> list[dict[str, Any]]:
    return [orjson.loads(x) for x in (out / "results.jsonl").read_bytes().splitlines()]


class Crashing:
    name: ClassVar[str] = "crashing"
    privileged: ClassVar[bool] = False

    async def run(self, ctx: AgentContext) -> AgentResult:
        await ctx.call(ToolCall("hris_get_company_information", {"companyDomain": "arcadia"}))
        raise ZeroDivisionError("the agent's own bug")


class Sleeping:
    name: ClassVar[str] = "sleeping"
    privileged: ClassVar[bool] = False

    async def run(self, ctx: AgentContext) -> AgentResult:
        await asyncio.sleep(60)
        return AgentResult()


class GoldThenCrash(OracleAgent):
    """Does the whole task, then crashes: an agent error, whatever the world shows."""

    async def run(self, ctx: AgentContext) -> AgentResult:
        await super().run(ctx)
        raise RuntimeError("crashed after the work")


class Counting(NoopAgent):
    runs: ClassVar[int] = 0

    async def run(self, ctx: AgentContext) -> AgentResult:
        type(self).runs += 1
        return AgentResult()


class Failing(EmbeddedEnvironment):
    """The embedded apps, made to fail where a test says: every request answers 500,
    creating an episode fails, or diffing (grading) fails, `times` times."""

    def __init__(self, base: EmbeddedEnvironment, where: str, times: int = 10**6) -> None:
        super().__init__(base.store)
        self.where, self.left = where, times

    def _fail(self, where: str) -> bool:
        if self.where == where and self.left > 0:
            self.left -= 1
            return True
        return False

    def client(self) -> httpx.AsyncClient:
        client = super().client()
        if self._fail("5xx"):
            async def boom(request: httpx.Request) -> httpx.Response:
                return httpx.Response(500, json={"error": "boom"})
            client._transport = httpx.MockTransport(boom)
        return client

    async def start(self, task: Task) -> EpisodeRef:
        if self._fail("start"):
            raise AppUnreachable("hris", "http://x", "connection refused")
        return await super().start(task)

    async def diff(self, episode: EpisodeRef) -> Diff:
        if self._fail("diff"):
            raise AppUnreachable("payroll", "http://x", "connection refused")
        return await super().diff(episode)


async def test_oracle_completes_noop_fails_and_the_run_directory(env, tasks_dir, tmp_path):
    out = tmp_path / "oracle"
    rows = await run_eval(EvalConfig("oracle", tasks_dir, out, k=2, concurrency=2), env,
                          OracleAgent())
    assert [r["class"] for r in rows] == ["completed"] * 4
    assert all(r["score"] == 1.0 and r["outcome"] == "pass" for r in rows)
    manifest = orjson.loads((out / "manifest.json").read_bytes())
    assert manifest["completed"] and manifest["privileged"] and manifest["k"] == 2
    assert len(manifest["corpus_hash"]) == 64
    assert len(rows_of(out)) == 4
    trace = [orjson.loads(x) for x in
             (out / "traces" / rows[0]["task"] / "0.jsonl").read_bytes().splitlines()]
    assert trace and all(e["request"]["app"] in ("hris", "payroll") for e in trace)
    assert "authorization" not in str(trace).lower()

    # The replay agent resends the oracle's recorded requests: the same outcome.
    rows = await run_eval(EvalConfig("replay", tasks_dir, tmp_path / "replay"), env,
                          ReplayAgent(out))
    assert [r["class"] for r in rows] == ["completed"] * 2

    rows = await run_eval(EvalConfig("noop", tasks_dir, tmp_path / "noop"), env, NoopAgent())
    assert [(r["class"], r["score"], r["detail"]) for r in rows] == [
        ("agent_error", 0.0, "score 0")] * 2


async def test_agent_faults_are_agent_errors(env, tasks_dir, tmp_path):
    from arcadia.agents.base import Budget

    rows = await run_eval(EvalConfig("x", tasks_dir, tmp_path / "a"), env, Crashing())
    assert {r["class"] for r in rows} == {"agent_error"}
    assert rows[0]["detail"] == "crashed: ZeroDivisionError: the agent's own bug"
    cfg = EvalConfig("x", tasks_dir, tmp_path / "b", budget=Budget(max_seconds=0.05))
    rows = await run_eval(cfg, env, Sleeping())
    assert [r["detail"] for r in rows] == ["timed out after 0.05 s"] * 2
    rows = await run_eval(EvalConfig("x", tasks_dir, tmp_path / "c"), env, GoldThenCrash())
    # The world shows the work done, but an attempt that crashed gets no credit.
    assert [(r["class"], r["score"], r["graded_score"]) for r in rows] == [
        ("agent_error", 0.0, 1.0)] * 2


@pytest.mark.parametrize(("where", "detail"), [
    ("start", "episode could not be created"),
    ("5xx", "environment failure"),
    ("diff", "ungradeable: environment failure"),
])
async def test_platform_failures_are_environment_errors_retried(env, tasks_dir, tmp_path,
                                                                 where, detail):
    failing = Failing(env, where)
    cfg = EvalConfig("x", tasks_dir, tmp_path / where, retries=1)
    agent = OracleAgent() if where == "5xx" else NoopAgent()
    rows = await run_eval(cfg, failing, agent)
    assert [r["class"] for r in rows] == ["environment_error"] * 2
    assert all(r["score"] is None and r["retries"] == 1 for r in rows)
    assert rows[0]["detail"].startswith(detail)
    # Once, then well: the retry succeeds and the row says it was retried.
    rows = await run_eval(EvalConfig("x", tasks_dir, tmp_path / (where + "2"), retries=1),
                          Failing(env, where, times=1), OracleAgent())
    assert [(r["class"], r["retries"]) for r in rows] == [("completed", 1), ("completed", 0)]


async def test_resume_skips_recorded_attempts(env, tasks_dir, tmp_path):
    out = tmp_path / "run"
    Counting.runs = 0
    await run_eval(EvalConfig("noop", tasks_dir, out, k=2), env, Counting())
    assert Counting.runs == 4
    lines = (out / "results.jsonl").read_bytes().splitlines()
    # Interrupted after one attempt, the last line cut short.
    (out / "results.jsonl").write_bytes(lines[0] + b"\n" + lines[1][:20])
    with pytest.raises(FileExistsError):
        await run_eval(EvalConfig("noop", tasks_dir, out, k=2), env, Counting())
    rows = await run_eval(EvalConfig("noop", tasks_dir, out, k=2, resume=True), env,
                          Counting())
    assert Counting.runs == 7 and len(rows) == 4 and len(rows_of(out)) == 4
    assert sorted((r["task"], r["attempt"]) for r in rows_of(out)) == sorted(
        (r["task"], r["attempt"]) for r in rows)


async def test_environment_api_in_process_and_over_http(env, tasks_dir):
    arcadia = ArcadiaEnv(tasks_dir, env)
    obs, info = await arcadia.reset("hr-mismatch-title")
    assert obs["instruction"] and info["task_id"] == "hr-mismatch-title"
    names = {t["function"]["name"] for t in obs["tools"]}
    assert "hris_get_company_information" in names and "gold" not in str(info)
    text, reward, term, trunc, info = await arcadia.step("not json")
    assert text.startswith("error:") and not term
    text, reward, term, trunc, info = await arcadia.step(
        {"name": "hris_get_company_information", "arguments": {"companyDomain": "arcadia"}})
    assert text.startswith("HTTP 200") and reward == 0.0 and not term
    text, reward, term, trunc, info = await arcadia.step({"final": "done"})
    assert term and not trunc and reward == 0.0 and info["grade"]["outcome"] == "fail"
    await arcadia.close()

    api = env_server(tasks_dir, env)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=api),
                                 base_url="http://env") as c:
        a, b = [(await c.post("/sessions", json={"task_id": t})).json()
                for t in ("hr-mismatch-title", "hr-mismatch-raise-salaried")]
        assert a["info"]["episode_id"] != b["info"]["episode_id"]
        action = {"name": "hris_get_company_information",
                  "arguments": {"companyDomain": "arcadia"}}
        r = (await c.post(f"/sessions/{a['session_id']}/step",
                          json={"action": action})).json()
        assert r["observation"].startswith("HTTP 200")
        # The reset's observation again, at no turn's cost, with the turns used and left.
        again = (await c.get(f"/sessions/{a['session_id']}")).json()
        assert again["observation"] == a["observation"]
        assert again["info"] == {"turn": 1, "max_turns": a["info"]["max_turns"],
                                 "turns_left": a["info"]["max_turns"] - 1, "ended": False}
        assert (await c.get("/sessions/nope")).status_code == 404
        g = (await c.post(f"/sessions/{b['session_id']}/grade")).json()
        assert g["outcome"] == "fail" and g["score"] == 0.0
        assert (await c.post("/sessions", json={"task_id": "nope"})).status_code == 404
        for s in (a, b):
            assert (await c.delete(f"/sessions/{s['session_id']}")).status_code == 204
        assert (await c.post(f"/sessions/{a['session_id']}/grade")).status_code == 404
        assert (await c.get(f"/sessions/{a['session_id']}")).status_code == 404

    # --opaque-ids: the agent given the API itself learns no task's id, anywhere.
    api = env_server(tasks_dir, env, opaque=True)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=api),
                                 base_url="http://env") as c:
        listed = (await c.get("/tasks")).json()
        real = sorted(p.stem for p in tasks_dir.glob("*.json"))
        assert sorted(listed) == sorted(opaque_id(t) for t in real)
        assert all(re.fullmatch(r"task-[0-9a-f]{12}", h) for h in listed)
        s = (await c.post("/sessions", json={"task_id": opaque_id(real[0])})).json()
        g = (await c.post(f"/sessions/{s['session_id']}/grade")).json()
        seen = json.dumps([listed, s, g])
        assert not [t for t in real if t in seen], "a task id reached the agent"
        assert s["info"]["task_id"] == g["task_id"] == opaque_id(real[0])
        assert (await c.post("/sessions", json={"task_id": real[0]})).status_code == 404
