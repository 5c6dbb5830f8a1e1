"""`serve --multi` when an app process dies: killed for real, by PID, from the test.

Each test asserts the error its client reports (app and URL, one line), the exit status
where a command is involved, that no episode is left behind, and the restart or the exit.
"""

from __future__ import annotations

import asyncio
import re
import subprocess
import time

import httpx
import pytest

from arcadia.apps.kernel.control import (
    AppUnreachable,
    ControlPlane,
    EnvironmentFailure,
    EpisodeLost,
)
from arcadia.grader import RemoteEnvironment, grade_episode, load_task
from arcadia.world import generate_world
from tests.agents.multi import alive, lines_of, next_line, serving_multi
from tests.agents.test_cli import ADMIN, CORPUS, ENV, arcadia

TASKS = ["hr-mismatch-title", "hr-mismatch-transfer", "hr-mismatch-raise-salaried"]
# The apps those tasks use, each in its own process (`serve --multi --app ...`): enough to
# kill one while another holds the same episode.
APPS = ("hris", "payroll")


def test_killing_a_child_during_replay(tmp_path):
    with serving_multi(tmp_path, apps=APPS) as multi:
        payroll = multi.urls["payroll"]
        urls = [f"--url={app}={url}" for app, url in multi.urls.items()]
        with (tmp_path / "replay.err").open("w") as err:
            run = subprocess.Popen(
                arcadia("task", "replay", *urls, *[str(CORPUS / f"{t}.json") for t in TASKS]),
                stdout=subprocess.PIPE, stderr=err, text=True, env=ENV)
        try:
            assert run.stdout is not None
            lines = lines_of(run.stdout)
            first = next_line(lines, 180)
            multi.kill("payroll")  # while the second task runs
            out = [first]
            while (line := next_line(lines, 180)) is not None:
                out.append(line)
            code = run.wait(timeout=60)
        finally:
            if run.poll() is None:
                run.kill()
                run.wait(timeout=30)
            if run.stdout is not None:
                run.stdout.close()
        assert first == "hr-mismatch-title gold=1 noop=0"
        assert [line.split()[0] for line in out] == TASKS
        errors = [line for line in out if " error=" in line]
        assert errors, out
        for line in errors:  # one line naming the app and its URL, whichever way it failed
            assert re.fullmatch(
                rf"hr-mismatch-\S+ error=(payroll at {payroll} is unreachable: .+"
                rf"|episode \S+ was lost when the payroll process \({payroll}\) restarted; "
                r"start a new episode)", line), line
        assert all(line.endswith(" gold=1 noop=0") for line in out if line not in errors)
        assert code == 3, out
        assert "Traceback" not in (tmp_path / "replay.err").read_text()
        # The parent restarted payroll; no episode of the replay is left in either process.
        assert multi.restarted("payroll", 1)["last_exit"] == -9
        assert multi.episodes("hris") == ["demo"] and multi.episodes("payroll") == []
        assert "payroll (" + payroll in multi.stderr() and "restarting it" in multi.stderr()


async def test_killing_a_child_during_episode_creation_rolls_back_then_repeated_deaths_stop(
        tmp_path):
    with serving_multi(tmp_path, "--max-restarts", "1", "--restart-window", "300",
                       apps=APPS) as multi:
        payroll = multi.urls["payroll"]
        async with ControlPlane(multi.urls, ADMIN) as plane:
            # A world no process has built yet: the fan-out creates it in hris, then asks
            # payroll, which is killed while it builds the world (a second or more). Killing
            # it on a timer instead raced its restart against hris's build.
            creating = asyncio.create_task(plane.create_episode(seed=5, headcount=800))
            for _ in range(2400):
                await asyncio.sleep(0.025)
                if len(await asyncio.to_thread(multi.episodes, "hris")) > 1:
                    break
            multi.kill("payroll")
            with pytest.raises(AppUnreachable) as info:
                await asyncio.wait_for(creating, 120)
        failure = info.value
        assert isinstance(failure, EnvironmentFailure)
        assert (failure.app, failure.url) == ("payroll", payroll)
        assert str(failure).startswith(f"payroll at {payroll} is unreachable: ")
        assert "\n" not in str(failure)
        assert multi.episodes("hris") == ["demo"]  # rolled back where it was created
        assert multi.restarted("payroll", 1)["lost"] >= 1  # at least the demo episode

        # The restarted process serves again: the fan-out creates episodes everywhere.
        async with ControlPlane(multi.urls, ADMIN) as plane:
            episode = await plane.create_episode(headcount=40)
            assert [s["episode_id"] for s in await plane.episode(episode)] == [episode] * len(
                APPS)
            await plane.delete_episode(episode)

        # A second death within the window is one more than allowed: the parent stops
        # every app and exits 1, with one line that says why.
        hris = multi.pid("hris")
        multi.kill("payroll")
        assert multi.proc.wait(timeout=60) == 1
        err = multi.stderr()
        assert (f"arcadia: payroll ({payroll}) exited with code -9: 2 exits within 300 s, "
                "more than the 1 restart(s) allowed; stopping every app") in err
        assert "Traceback" not in err
        deadline = time.monotonic() + 30
        while alive(hris) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(hris)


async def test_killing_a_child_between_creation_and_grading(tmp_path):
    # The title task in a small world: the accountant's write, then payroll dies.
    task = load_task(CORPUS / "hr-mismatch-title.json")
    world = task.world.model_copy(update={"headcount": 40, "content_hash": None})
    task = task.model_copy(update={"world": world})
    actor = next(p for p in generate_world(task.world_spec()).people
                 if "payroll" in p.roles and p.status != "terminated")
    task = task.model_copy(update={"actor": actor.email})
    with serving_multi(tmp_path, apps=APPS) as multi:
        payroll = multi.urls["payroll"]
        env = RemoteEnvironment(multi.urls, ADMIN)
        episode = await env.start(task)
        async with env.client() as client:
            bearer = {"Authorization": f"Bearer {episode.token}"}
            company = (await client.get("/payroll/v1/token_info", headers=bearer)
                       ).json()["resource"]["uuid"]
            job = (await client.get(f"/payroll/v1/companies/{company}/employees",
                                    headers=bearer)).json()[0]["jobs"][0]
            r = await client.put(f"/payroll/v1/jobs/{job['uuid']}", headers=bearer,
                                 json={"version": job["version"], "title": "Payroll Lead"})
            assert r.status_code == 200, r.text
        multi.kill("payroll")
        assert multi.restarted("payroll", 1)["lost"] == 2  # the demo and this episode

        lost = (f"episode {episode.id} was lost when the payroll process ({payroll}) "
                "restarted; start a new episode")
        # Grading through the package API never raises it: the grade is ungradeable,
        # with the failure's one line as its reason and the failure itself kept.
        lost_grade = await grade_episode(env, task, episode)
        assert lost_grade.outcome == "ungradeable" and lost_grade.score is None
        assert lost_grade.reason == f"environment failure: {lost}"
        failure = lost_grade.failure
        assert isinstance(failure, EpisodeLost)
        assert str(failure) == lost and failure.app == "payroll"
        # The agent's token gets a clear 410 in Gusto's error style; through the
        # environment's client that is an EpisodeLost, never a response to act on.
        r = httpx.get(f"{payroll}/v1/token_info", timeout=10,
                      headers={"Authorization": f"Bearer {episode.token}"})
        assert r.status_code == 410 and r.headers["x-arcadia-episode-lost"] == episode.id
        assert r.json()["errors"][0]["message"] == (
            f"Episode {episode.id} was lost when the payroll process restarted; "
            "start a new episode.")
        async with env.client() as client:
            with pytest.raises(EpisodeLost):
                await client.get("/payroll/v1/token_info",
                                 headers={"Authorization": f"Bearer {episode.token}"})
        r = httpx.get(f"{payroll}/admin/episodes/{episode.id}", timeout=10,
                      headers={"Authorization": f"Bearer {ADMIN}"})
        assert r.status_code == 410

        await env.stop(episode)  # deletes the copy hris still holds
        assert multi.episodes("hris") == ["demo"] and multi.episodes("payroll") == []
        assert multi.health()["apps"]["payroll"]["lost"] == 1  # the demo, until deleted
        assert multi.health()["status"] == "up"
