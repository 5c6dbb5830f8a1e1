"""The `arcadia` command end to end: serve over real sockets (embedded and --multi), replay."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from arcadia.agents.cli import app as cli_app
from arcadia.apps.kernel.control import ControlPlane
from arcadia.apps.registry import APP_NAMES
from arcadia.grader.kinds import GUARDS
from tests.factories import free_ports

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus" / "hr-mismatch"
ADMIN = "cli-test-admin-token-0123456789"
ENV = dict(os.environ, ARCADIA_ADMIN_TOKEN=ADMIN)


def arcadia(*args: str) -> list[str]:
    return [sys.executable, "-m", "arcadia.agents.cli", *args]


@dataclass
class Done:
    returncode: int
    stdout: str
    stderr: str


def cli(*args: str) -> Done:
    """The command in this process (typer's runner): what a subprocess would show, without
    starting one where the process boundary proves nothing."""
    result = CliRunner().invoke(cli_app, list(args))
    return Done(result.exit_code, result.stdout, result.stderr)


def wait_for_socket(out: str, timeout: float = 30.0) -> None:
    """Wait until the first app URL printed accepts connections: the command prints its
    access lines just before uvicorn binds, so a client that connects at once races it."""
    port = int(re.search(r"http://127\.0\.0\.1:(\d+)", out).group(1))  # type: ignore[union-attr]
    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


@contextmanager
def serving(*args: str) -> Iterator[tuple[str, str]]:
    """Run `arcadia serve ARGS` until it prints its demo token; yield (output, token)."""
    proc = subprocess.Popen(arcadia("serve", *args), stdout=subprocess.PIPE, text=True, env=ENV)
    try:
        lines = []
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            match = re.search(r"token for .*: (\S+)$", line.strip())
            if match:
                wait_for_socket("".join(lines))
                yield "".join(lines), match.group(1)
                return
        raise AssertionError("serve exited without a token:\n" + "".join(lines))
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        if proc.stdout is not None:
            proc.stdout.close()


def test_serve_embedded_answers_over_a_socket():
    port = free_ports(1)
    with serving("--port", str(port), "--headcount", "200") as (out, token):
        assert f"http://127.0.0.1:{port}/hris" in out and ADMIN in out
        r = httpx.get(f"http://127.0.0.1:{port}/hris/api/gateway.php/arcadia/v1/employees/0/",
                      params={"fields": "firstName,department"},
                      headers={"Authorization": f"Bearer {token}",
                               "Accept": "application/json"}, timeout=30)
        assert r.status_code == 200 and r.json()["department"] == "People"
        r = httpx.get(f"http://127.0.0.1:{port}/payroll/v1/token_info", timeout=30,
                      headers={"Authorization": "Bearer wrong"})
        assert r.status_code == 401 and r.json()["errors"]


async def ticks_across_processes(urls: dict[str, str]) -> list[list[int]]:
    """Write to hris, then to payroll, in one episode; each process's tick after each."""
    hris, payroll = urls["hris"], urls["payroll"]
    async with ControlPlane(urls, ADMIN) as plane, httpx.AsyncClient(timeout=30) as http:
        episode = await plane.create_episode(headcount=40)
        hr = (await plane.principals(episode, role="hr"))[0]
        pay = (await plane.principals(episode, role="payroll"))[0]
        as_hr = {"Authorization": f"Bearer {(await plane.mint_token(episode, hr['id']))[0]}"}
        as_pay = {"Authorization": f"Bearer {(await plane.mint_token(episode, pay['id']))[0]}"}
        ticks = []
        r = await http.post(f"{hris}/api/gateway.php/arcadia/v1/employees/{hr['id']}/",
                            json={"jobTitle": "People Partner"}, headers=as_hr)
        assert r.status_code == 200, r.text
        ticks.append([s["tick"] for s in await plane.episode(episode)])
        company = (await http.get(f"{payroll}/v1/token_info", headers=as_pay)
                   ).json()["resource"]["uuid"]
        job = (await http.get(f"{payroll}/v1/companies/{company}/employees",
                              headers=as_pay)).json()[0]["jobs"][0]
        r = await http.put(f"{payroll}/v1/jobs/{job['uuid']}", headers=as_pay,
                           json={"version": job["version"], "title": "Payroll Lead"})
        assert r.status_code == 200, r.text
        ticks.append([s["tick"] for s in await plane.episode(episode)])
        await plane.delete_episode(episode)
        return ticks


def test_serve_multi_and_replay_against_separate_processes():
    # One port per registered app, in registry order, then the health port. The demo
    # episode is a small world; the replayed task builds its own in the apps it uses.
    port = free_ports(len(APP_NAMES) + 1)
    with serving("--multi", "--port", str(port), "--headcount", "40") as (out, _):
        urls = [f"hris=http://127.0.0.1:{port}", f"payroll=http://127.0.0.1:{port + 1}"]
        assert urls[0].split("=")[1] in out and urls[1].split("=")[1] in out
        health = httpx.get(f"http://127.0.0.1:{port + len(APP_NAMES)}/admin/health",
                           timeout=10,
                           headers={"Authorization": f"Bearer {ADMIN}"}).json()
        assert health["status"] == "up" and health["apps"]["payroll"]["restarts"] == 0
        assert sorted(health["apps"]) == sorted(APP_NAMES)
        clock_dir = Path(health["clock_dir"])
        assert clock_dir.is_dir()
        # One clock per episode across the processes (the shared ARCADIA_CLOCK_DIR).
        assert asyncio.run(ticks_across_processes(dict(u.split("=", 1) for u in urls))) == [
            [1, 1], [2, 2]]
        done = subprocess.run(
            arcadia("task", "replay", "--url", urls[0], "--url", urls[1],
                    str(CORPUS / "hr-mismatch-title.json")),
            capture_output=True, text=True, env=ENV, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == "hr-mismatch-title gold=1 noop=0"
    assert not clock_dir.exists()  # removed when serve --multi stopped


def test_serve_app_names_the_apps_served_and_refuses_an_unknown_one():
    port = free_ports(2)
    with serving("--app", "payroll", "--port", str(port), "--headcount", "40") as (out, token):
        assert f"payroll    http://127.0.0.1:{port}/payroll" in out and "hris " not in out
        base = f"http://127.0.0.1:{port}"
        assert httpx.get(f"{base}/payroll/v1/token_info", timeout=10,
                         headers={"Authorization": f"Bearer {token}"}).status_code == 200
        assert httpx.get(f"{base}/hris/openapi.json", timeout=10).status_code == 404
    done = cli("serve", "--app", "payroll", "--app", "greenhouse")
    assert done.returncode == 2
    assert "unknown app(s) greenhouse; known: " in done.stdout + done.stderr


def test_task_digest_is_the_same_bytes_every_time_and_names_what_differs(tmp_path):
    title, transfer = (CORPUS / f"{t}.json" for t in ("hr-mismatch-title",
                                                       "hr-mismatch-transfer"))
    renamed = tmp_path / "renamed.json"  # the same gold under another id: the same bytes
    renamed.write_text(json.dumps({**json.loads(title.read_text()), "id": "renamed"}))
    first = cli("task", "digest", str(title), str(transfer), str(renamed))
    again = cli("task", "digest", str(title), str(transfer), str(renamed))
    assert first.returncode == 0, first.stdout + first.stderr
    assert first.stdout == again.stdout
    lines = [line.split() for line in first.stdout.strip().splitlines()]
    assert [line[0] for line in lines] == ["hr-mismatch-title", "hr-mismatch-transfer",
                                           "renamed", "all"]
    assert lines[0][1] == lines[2][1] != lines[1][1]
    assert all(len(line[1]) == 64 and line[3] == "exchanges" for line in lines)
    assert int(lines[3][2]) == sum(int(line[2]) for line in lines[:3])
    broken = tmp_path / "broken.json"
    task = json.loads(title.read_text())
    task["gold"][0]["path"] = "/v1/nowhere"
    broken.write_text(json.dumps(task))
    done = cli("task", "digest", str(broken))
    assert done.returncode == 1 and "hr-mismatch-title error=" in done.stdout


def test_task_replay_fails_a_task_whose_gold_misses(tmp_path):
    task = json.loads((CORPUS / "hr-mismatch-title.json").read_text())
    task["gold"] = [s for s in task["gold"] if s["method"] == "GET"]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(task))
    done = cli("task", "replay", str(CORPUS / "hr-mismatch-transfer.json"), str(broken))
    assert done.returncode == 1
    lines = done.stdout.strip().splitlines()
    assert lines[0] == "hr-mismatch-transfer gold=1 noop=0"
    assert lines[1].startswith("hr-mismatch-title gold=0 noop=0")
    assert "title was not changed" in lines[1]


def test_task_replay_counts_an_ungradeable_grade_apart(tmp_path):
    task = json.loads((CORPUS / "hr-mismatch-title.json").read_text())
    task["guards"].append({"id": "policy", "kind": "handbook-made-up-v1", "params": {}})
    unjudged = tmp_path / "unjudged.json"
    unjudged.write_text(json.dumps(task))
    done = cli("task", "replay", str(unjudged))
    reason = ("guard 'policy' (handbook-made-up-v1): unknown guard kind "
              f"'handbook-made-up-v1'; known: {sorted(GUARDS)}")
    assert done.stdout.strip() == (f"hr-mismatch-title gold=ungradeable ({reason}) "
                                   f"noop=ungradeable ({reason})"), done.stdout + done.stderr
    assert done.returncode == 3  # like an environment failure: not judged, not a miss
    # A real miss next to it wins: exit 1.
    task["id"] = "hr-mismatch-title-missed"
    task["guards"].pop()
    task["gold"] = [s for s in task["gold"] if s["method"] == "GET"]
    missed = tmp_path / "missed.json"
    missed.write_text(json.dumps(task))
    done = cli("task", "replay", str(unjudged), str(missed))
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.splitlines()[1].startswith("hr-mismatch-title-missed gold=0 noop=0")


def test_task_certify_prints_a_line_per_task_and_writes_the_certificate(tmp_path):
    task = json.loads((CORPUS / "hr-mismatch-title.json").read_text())
    title = task["checks"][0]["params"]["value"]
    task["id"] = "hr-mismatch-title-told"
    task["instruction"] += f" The new title is {title}."
    told = tmp_path / "told.json"
    told.write_text(json.dumps(task))
    out = tmp_path / "cert.json"
    done = cli("task", "certify", "--json", str(out), str(CORPUS / "hr-mismatch-title.json"),
               str(told))
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.splitlines() == [
        "hr-mismatch-title certified",
        f"hr-mismatch-title-told FAILED tools-required: 'title' writes {title!r}, read from "
        f"dir.employees[?workEmail=='wendy.moon@arcadia-robotics.com'].jobTitle, which the "
        "instruction states"]
    cert = json.loads(out.read_text())
    assert list(cert) == ["hr-mismatch-title", "hr-mismatch-title-told"]
    assert all(g["ok"] for g in cert["hr-mismatch-title"].values())
    assert cert["hr-mismatch-title"]["replay-stability"]["reason"] == \
        "1.0 on two episodes and in a second process, identical diffs"
    assert [g for g, v in cert["hr-mismatch-title-told"].items() if not v["ok"]] == \
        ["tools-required"]


@pytest.mark.parametrize("command", ["certify", "replay"])
def test_task_commands_refuse_a_malformed_task_file(tmp_path, command):
    task = json.loads((CORPUS / "hr-mismatch-title.json").read_text())
    del task["gold"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(task))
    done = cli("task", command, str(bad))
    assert done.returncode == 2
    assert "field 'gold': Field required" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_openapi_prints_an_apps_document():
    done = cli("openapi", "payroll")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["info"]["title"] and "/v1/employees/{employee_id}" in doc["paths"]
    bad = cli("openapi", "crm")
    assert bad.returncode != 0 and "unknown app" in bad.stderr
