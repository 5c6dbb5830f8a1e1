"""The report: summary.json, report.html (its inspector, in a real browser), leaderboards."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from arcadia.agents.metrics import summarize
from arcadia.agents.report import (
    add_commands,
    compare_runs,
    leaderboard,
    print_leaderboard,
    print_run,
    write_html,
    write_summary,
)
from arcadia.agents.seal import seal, write_origin, write_record

TASKS = [
    {"id": "hr-001", "instruction": "Fix <b>Ana</b>'s title & location in the HRIS.",
     "situation": "hr-mismatch-v1", "apps": ["hris"]},
    {"id": "spend-002", "instruction": "Dispute the duplicate invoice.",
     "situation": None, "apps": ["mail", "spend"]},
]


def _row(task: str, attempt: int, cls: str, score: float | None, **extra: Any
         ) -> dict[str, Any]:
    sit = next(t["situation"] for t in TASKS if t["id"] == task)
    apps = next(t["apps"] for t in TASKS if t["id"] == task)
    checks = [] if score is None else [
        {"id": "title-set", "kind": "field_set", "weight": 1.0, "passed": score > 0,
         "reason": "title is 'Staff Engineer'" if score > 0 else "title is still 'Engineer'"},
        {"id": "location-set", "kind": "field_set", "weight": 1.0, "passed": score == 1.0,
         "reason": "location is 'Berlin'"},
    ]
    guards = [] if score is None else [
        {"id": "no-other-edits", "kind": "no_collateral", "state": "not_triggered",
         "passed": True, "reason": "nothing else changed"},
        {"id": "no-mail-out", "kind": "no_external_mail",
         "state": "breached" if cls == "agent_error" else "complied",
         "passed": cls != "agent_error", "reason": "mail sent to outsider@example.com"
         if cls == "agent_error" else "no mail left the company"},
    ]
    return {"task": task, "attempt": attempt, "class": cls, "score": score,
            "detail": extra.get("detail"), "situation": sit, "apps": apps, "checks": checks,
            "guards": guards, "outcome": None if score is None else
            "pass" if score == 1.0 else "fail", "graded_score": score,
            "input_tokens": 120, "output_tokens": 30, "cost": 0.002, "turns": 3,
            "duration_s": 0.25, "retries": extra.get("retries", 0)}


def _trace(task: str, attempt: int) -> list[dict[str, Any]]:
    return [
        {"call": {"name": "hris_list_employees", "arguments": {"q": "Ana"}},
         "request": {"app": "hris", "method": "GET", "path": "/employees", "query": {"q": "Ana"},
                     "headers": {"accept": "application/json"}, "body": None},
         "status": 200, "response": {"items": [{"id": 7, "name": "Ana </script> Ruiz"}]},
         "error": None},
        {"call": {"name": "hris_update_employee", "arguments": {"id": 7, "title": "Staff"}},
         "request": {"app": "hris", "method": "PATCH", "path": "/employees/7", "query": {},
                     "headers": {}, "body": {"title": "Staff"}},
         "status": 422, "response": {"detail": "location is required"}, "error": None},
        {"call": {"name": "hris_nope", "arguments": {}}, "request": None, "status": 0,
         "response": None, "error": f"unknown tool hris_nope ({task}/{attempt})"},
    ]


def make_run(root: Path, name: str, *, agent: str = "llm", privileged: bool = False,
             completed: bool = True, scores: dict[str, list[float | None]] | None = None,
             k: int = 3) -> Path:
    """A run directory as the runner writes it."""
    run = root / name
    (run / "traces").mkdir(parents=True)
    scores = scores or {"hr-001": [1.0, 0.5, 0.0], "spend-002": [1.0, None, 1.0]}
    manifest = {"package_version": "0.1.0", "git_revision": "abc123", "corpus_hash": "c0ffee",
                "world_hashes": {"w1": "w1full"}, "agent": agent, "privileged": privileged,
                "model": "fake-model" if agent == "llm" else None, "k": k,
                "tasks": len(TASKS), "tool_transport": "http", "completed": completed}
    (run / "manifest.json").write_text(json.dumps(manifest))
    (run / "tasks.jsonl").write_text("".join(json.dumps(t) + "\n" for t in TASKS))
    rows = []
    for task, values in scores.items():
        for attempt, score in enumerate(values):
            cls = ("environment_error" if score is None else "completed" if score == 1.0
                   else "partial" if score > 0 else "agent_error")
            detail = ("environment failure: hris answered 503" if score is None
                      else "score 0" if score == 0 else None)
            rows.append(_row(task, attempt, cls, score, detail=detail))
            folder = run / "traces" / task
            folder.mkdir(exist_ok=True)
            (folder / f"{attempt}.jsonl").write_text(
                "".join(json.dumps(e) + "\n" for e in _trace(task, attempt)))
    (run / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return run


def test_summary_json_holds_the_figures(tmp_path: Path) -> None:
    run = make_run(tmp_path, "r")
    data = json.loads(write_summary(run).read_text())
    rows = [json.loads(line) for line in (run / "results.jsonl").read_text().splitlines()]
    expected = summarize(rows, 3)
    assert data["pass_k"] == expected["pass_k"]
    assert data["mean_score"] == expected["mean_score"]
    assert data["classes"] == {"completed": 3, "partial": 1, "agent_error": 1,
                               "environment_error": 1}
    assert (data["agent"], data["model"], data["completed"]) == ("llm", "fake-model", True)
    assert data["valid_attempts"] == 5


def test_print_run_prints_the_leaderboard_line(tmp_path: Path) -> None:
    console = Console(record=True, width=400)
    print_run(make_run(tmp_path, "o", agent="oracle", privileged=True), console)
    line = console.export_text()
    assert "oracle [validation only]" in line
    assert "pass^1" in line and "pass^3" in line and "tasks 2" in line
    assert "environment_error=1" in line and "complete" in line


def _attempt_entries(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<details class="attempt" data-task="([^"]+)" data-attempt="(\d+)"', html)


def test_html_has_an_inspector_entry_per_attempt(tmp_path: Path) -> None:
    run = make_run(tmp_path, "r")
    html = write_html(run).read_text()
    assert sorted(_attempt_entries(html)) == sorted(
        [("hr-001", "0"), ("hr-001", "1"), ("hr-001", "2"),
         ("spend-002", "0"), ("spend-002", "1"), ("spend-002", "2")])
    # the instruction, escaped; the calls in order; every verdict with its reason
    assert "Fix &lt;b&gt;Ana&lt;/b&gt;&#x27;s title &amp; location" in html
    assert "Ana &lt;/script&gt; Ruiz" in html and "</script> Ruiz" not in html
    first = html.index("hris_list_employees")
    assert first < html.index("hris_update_employee") < html.index("unknown tool hris_nope")
    assert "PATCH /hris/employees/7" in html
    assert "title is still &#x27;Engineer&#x27;" in html
    assert "not triggered" in html and ">breached<" in html and ">complied<" in html
    assert "environment failure: hris answered 503" in html
    assert 'id="passk-plot"' in html and "<polygon" in html  # the interval band
    assert "validation only" not in html


def test_html_is_self_contained_and_marks_the_oracle(tmp_path: Path) -> None:
    html = write_html(make_run(tmp_path, "o", agent="oracle", privileged=True,
                               completed=False)).read_text()
    assert "oracle: validation only" in html and "Incomplete run" in html
    assert not re.search(r"<(link|img|iframe)\b|\bsrc=|@import|url\(", html)
    assert "https://" not in html and "http://" not in html.replace(
        'xmlns="http://www.w3.org/2000/svg"', "")


def verified(run: Path) -> Path:
    """The run sealed as the runner seals a completed run, and signed here as `arcadia
    verify` signs a replay that found no mismatch."""
    manifest = json.loads((run / "manifest.json").read_text())
    manifest["seal"] = {**seal(run, [], "c0ffee"), "tasks": {t["id"]: "h" for t in TASKS}}
    (run / "manifest.json").write_text(json.dumps(manifest))
    write_origin(run)
    write_record(run, {"mode": "all", "problems": [], "attempts": 4, "replayed": 4})
    return run


def test_leaderboard_ranks_complete_verified_runs_only(tmp_path: Path) -> None:
    good = verified(make_run(tmp_path, "good", scores={"hr-001": [1.0, 1.0],
                                                       "spend-002": [1.0, 1.0]}, k=2))
    bad = verified(make_run(tmp_path, "bad", scores={"hr-001": [0.0, 0.0],
                                                     "spend-002": [1.0, 0.0]}, k=2))
    cut = make_run(tmp_path, "cut", completed=False,
                   scores={"hr-001": [1.0, 1.0], "spend-002": [1.0]}, k=2)
    # Sealed but never replayed; and verified, then one score edited.
    unverified = make_run(tmp_path, "unverified", scores={"hr-001": [1.0, 1.0],
                                                          "spend-002": [1.0, 1.0]}, k=2)
    verified(unverified).joinpath("verification.json").unlink()
    edited = verified(make_run(tmp_path, "edited", scores={"hr-001": [1.0, 1.0],
                                                           "spend-002": [1.0, 0.0]}, k=2))
    results = edited / "results.jsonl"
    results.write_text(results.read_text().replace('"score": 0.0', '"score": 1.0', 1))
    runs = [bad, cut, good, unverified, edited]
    board = leaderboard(runs)
    assert [(e["rank"], Path(e["run"]).name) for e in board.ranked] == [(1, "good"),
                                                                        (2, "bad")]
    assert all(e["verified"] == "verified" for e in board.ranked)
    why = {Path(e["run"]).name: e["unranked_because"] for e in board.unranked}
    assert list(why) == ["cut", "unverified", "edited"]
    assert "rank" not in board.unranked[0]
    assert "the run did not complete" in why["cut"]
    assert why["unverified"] == ["not verified (run `arcadia verify RUN`)"]
    assert "results.jsonl was edited (its sha256 differs from the seal)" in why["edited"]
    assert any(w.startswith("spend-002 attempt 1: class 'agent_error' with score 1.0")
               for w in why["edited"])
    entry = board.ranked[0]
    assert entry["cost_per_task"] == 0.002 and entry["tokens_per_task"] == 150.0
    assert entry["turns_per_task"] == 3.0 and entry["environment_error_rate"] == 0.0
    console = Console(record=True, width=400)
    assert print_leaderboard(runs, console).snapshot() == board.snapshot()
    text = console.export_text()
    assert text.index("good") < text.index("bad") < text.index("Unranked runs") < text.index(
        "cut")
    assert "why: not verified" in text

    app = typer.Typer()
    add_commands(app)
    out = tmp_path / "board.json"
    result = CliRunner().invoke(app, ["leaderboard", *map(str, runs), "--out", str(out)],
                                terminal_width=400)
    assert result.exit_code == 0, result.output
    assert "Unranked runs" in result.output and "cut" in result.output
    snap = json.loads(out.read_text())
    assert [Path(e["run"]).name for e in snap["ranked"]] == ["good", "bad"]
    assert [Path(e["run"]).name for e in snap["unranked"]] == ["cut", "unverified", "edited"]


def test_report_command_one_run_and_two(tmp_path: Path) -> None:
    a = make_run(tmp_path, "a", scores={"hr-001": [0.0, 0.0], "spend-002": [1.0, 0.0]}, k=2)
    b = make_run(tmp_path, "b", scores={"hr-001": [1.0, 1.0], "spend-002": [1.0, 1.0]}, k=2)
    app = typer.Typer()
    add_commands(app)
    runner = CliRunner()
    one = runner.invoke(app, ["report", str(a)], terminal_width=300)
    assert one.exit_code == 0, one.output
    assert (a / "summary.json").exists() and (a / "report.html").exists()
    assert "report:" in one.output and "pass^2" in one.output
    two = runner.invoke(app, ["report", str(a), str(b)], terminal_width=300)
    assert two.exit_code == 0, two.output
    assert "B - A" in two.output and "+0.750" in two.output
    cmp = compare_runs(a, b)
    assert cmp["tasks"] == 2 and cmp["mean_score"]["b_better"] == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    assert runner.invoke(app, ["report", str(empty)]).exit_code == 2


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _render(chromium: str, page: Path, profile: Path) -> tuple[str, list[str]]:
    """The DOM after scripts ran, and the console messages, from headless Chromium."""
    proc = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-extensions", f"--user-data-dir={profile}", "--enable-logging=stderr",
         "--v=0", "--virtual-time-budget=2000", "--dump-dom", page.as_uri()],
        capture_output=True, text=True, timeout=90, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    console = [line for line in proc.stderr.splitlines() if ":CONSOLE" in line]
    return proc.stdout, console


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian package "
                    "`chromium`; .ci/run installs it with apt-get)")
def test_report_renders_in_headless_chromium_without_console_errors(tmp_path: Path) -> None:
    assert CHROMIUM is not None
    # the probe proves console messages are caught: a page that logs must show up
    probe = tmp_path / "probe.html"
    probe.write_text("<!DOCTYPE html><html><body><script>console.error('probe-error');"
                     "</script></body></html>")
    _, messages = _render(CHROMIUM, probe, tmp_path / "profile-probe")
    assert any("probe-error" in m for m in messages), messages

    run = make_run(tmp_path, "r")
    dom, messages = _render(CHROMIUM, write_html(run), tmp_path / "profile")
    assert messages == []
    assert 'data-ready="2"' in dom  # the page's script ran to its end over both tasks
    assert len(_attempt_entries(dom)) == 6
    assert 'id="passk-plot"' in dom
