"""Verifiable runs (issue 32) and a leaderboard that re-checks its evidence (issue 31, 6).

One oracle run and one noop run of three tasks (two of one Arcadia Robotics world, and a
restaurant shift), made once for the module and verified; each test copies a run, tampers
with it, and shows which layer names it: the seal (a file edited, missing or foreign), the
evidence re-checked by every report and leaderboard (rows, restaurant shift traces), the
signed record binding a verification to its manifest, and the replay itself (`arcadia
verify`), after the tamperer has even re-sealed the run.
"""

from __future__ import annotations

import asyncio
import gzip
import io
import shutil
import tarfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest
from typer.testing import CliRunner

from arcadia.agents.base import Budget
from arcadia.agents.cli import app
from arcadia.agents.registry import NoopAgent, OracleAgent
from arcadia.agents.report import leaderboard, run_summary
from arcadia.agents.runner import EvalConfig, load_tasks, run_eval
from arcadia.agents.seal import evidence, fmt, record_status, seal
from arcadia.agents.submit import prepare
from arcadia.agents.verify import pick, verify_run
from arcadia.agents.worlds.restaurant.heuristic import HeuristicAgent
from arcadia.grader import EmbeddedEnvironment

ROOT = Path(__file__).resolve().parents[2]
TITLE = "hr-mismatch-s5-ca73cd6cc8"  # payroll-title-v2
RAISE = "hr-mismatch-s5-65db23f73f"  # payroll-raise-v2, in the same world
SHIFT = "restaurant-quiet-tuesday-s1"
FILES = {TITLE: "arcadia-v2/hr-mismatch-v1", RAISE: "arcadia-v2/hr-mismatch-v1",
         SHIFT: "restaurant-v1"}
Row = dict[str, Any]


def jsonl(path: Path) -> list[Row]:
    return [orjson.loads(x) for x in path.read_bytes().splitlines() if x.strip()]


def write_jsonl(path: Path, rows: list[Row]) -> None:
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in rows))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The three task files; the shift's world pin dropped, so that the test holds while
    the restaurant's cases are reworked (its evidence is the shift trace, not the pin)."""
    folder = tmp_path_factory.mktemp("corpus")
    for task, where in FILES.items():
        data = orjson.loads((ROOT / "corpus" / where / f"{task}.json").read_bytes())
        if task == SHIFT:
            data["world"].pop("content_hash", None)
        (folder / f"{task}.json").write_bytes(orjson.dumps(data))
    return folder


@pytest.fixture(scope="module")
def env() -> EmbeddedEnvironment:
    return EmbeddedEnvironment()


@pytest.fixture(scope="module")
def runs(corpus: Path, env: EmbeddedEnvironment,
         tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The oracle's and the noop's runs (K=1), each verified by replay."""
    root = tmp_path_factory.mktemp("runs")
    out = {}
    for agent in (OracleAgent(), NoopAgent()):
        cfg = EvalConfig(agent=agent.name, tasks=corpus, out=root / agent.name, k=1,
                         budget=Budget(max_seconds=120))
        asyncio.run(run_eval(cfg, env, agent))
        result = asyncio.run(verify_run(cfg.out, env))
        assert result.ok, [fmt(p) for p in result["problems"]]
        out[agent.name] = cfg.out
    return out


@pytest.fixture
def copy(runs: dict[str, Path], tmp_path: Path) -> Callable[[str], Path]:
    def make(agent: str) -> Path:
        return Path(shutil.copytree(runs[agent], tmp_path / agent))
    return make


def reseal(run: Path, corpus: Path) -> None:
    """What a careful tamperer does next: the seal recomputed over the edited files."""
    manifest = orjson.loads((run / "manifest.json").read_bytes())
    manifest["seal"] = seal(run, load_tasks(corpus), manifest["corpus_hash"])
    (run / "manifest.json").write_bytes(orjson.dumps(manifest, option=orjson.OPT_INDENT_2))


def problems(run: Path) -> list[str]:
    return [fmt(p) for p in evidence(run)]


def replayed(run: Path, env: EmbeddedEnvironment, corpus: Path, *keys: tuple[str, int]
             ) -> list[str]:
    result = asyncio.run(verify_run(run, env, tasks=corpus, only=list(keys), write=False))
    return [fmt(p) for p in result["problems"]]


def ranked(run: Path) -> bool:
    return [e["run"] for e in leaderboard([run]).ranked] == [str(run)]


def edit_row(run: Path, task: str, **fields: Any) -> None:
    rows = jsonl(run / "results.jsonl")
    for r in rows:
        if r["task"] == task:
            r.update(fields)
    write_jsonl(run / "results.jsonl", rows)


def test_a_verified_run_is_ranked_and_its_sample_is_the_runs_own(
        runs: dict[str, Path], env: EmbeddedEnvironment, corpus: Path, tmp_path: Path) -> None:
    for run in runs.values():
        assert problems(run) == [] and record_status(run) == ("verified", None)
        assert ranked(run)
    board = leaderboard(list(runs.values()))
    assert [Path(e["run"]).name for e in board.ranked] == ["oracle", "noop"]
    manifest = orjson.loads((runs["oracle"] / "manifest.json").read_bytes())
    keys = [(t, 0) for t in FILES]
    assert pick(manifest, keys, 2) == pick(dict(manifest), list(reversed(keys)), 2)
    run = Path(shutil.copytree(runs["oracle"], tmp_path / "sampled"))
    result = asyncio.run(verify_run(run, env, tasks=corpus, sample=1))
    assert result.ok and result["mode"] == "sample:1" and result["replayed"] == 1
    assert record_status(run) == ("verified by sample 1/3", None)
    assert ranked(run)


def test_an_edited_score_is_caught(copy: Callable[[str], Path], env: EmbeddedEnvironment,
                                   corpus: Path) -> None:
    run = copy("noop")
    edit_row(run, TITLE, **{"class": "completed", "score": 1.0, "graded_score": 1.0,
                            "outcome": "pass", "detail": None})
    assert "results.jsonl was edited (its sha256 differs from the seal)" in problems(run)
    assert not ranked(run)
    reseal(run, corpus)
    assert problems(run) == []  # a consistent row, a fresh seal: only replay can tell
    assert record_status(run)[1] == ("verification.json is for another manifest (run "
                                     "`arcadia verify` again)")
    assert not ranked(run)
    found = replayed(run, env, corpus, (TITLE, 0))
    assert f"{TITLE} attempt 0: score 1.0 recorded, 0.0 on replay" in found
    assert f"{TITLE} attempt 0: class 'completed' recorded, 'agent_error' on replay" in found
    # The command: the mismatches by attempt, then the verdict; exit 1.
    result = CliRunner().invoke(app, ["verify", str(run), "--tasks", str(corpus)],
                                terminal_width=400)
    assert result.exit_code == 1
    assert (f"{TITLE} attempt 0:\n  class 'completed' recorded, 'agent_error' on replay\n"
            "  score 1.0 recorded, 0.0 on replay\n") in result.output
    assert "origin: manifest.json was edited after the run" in result.output
    assert "NOT VERIFIED: 5 mismatch(es) | replayed 3 of 3 attempts (all)" in result.output
    assert record_status(run)[1].startswith("verification found 5 mismatch(es): ")
    assert CliRunner().invoke(app, ["verify", str(run), "--attempts", "sample:0"]).exit_code == 2


def test_an_edited_check_verdict_is_caught(copy: Callable[[str], Path],
                                           env: EmbeddedEnvironment, corpus: Path) -> None:
    run = copy("oracle")
    rows = jsonl(run / "results.jsonl")
    row = next(r for r in rows if r["task"] == TITLE)
    check = row["checks"][0]
    check["passed"] = False
    write_jsonl(run / "results.jsonl", rows)
    assert "results.jsonl was edited (its sha256 differs from the seal)" in problems(run)
    reseal(run, corpus)
    assert problems(run) == []
    assert replayed(run, env, corpus, (TITLE, 0)) == [
        f"{TITLE} attempt 0: check {check['id']}: passed False recorded, True on replay"]


def test_a_deleted_trace_line_is_caught(copy: Callable[[str], Path], env: EmbeddedEnvironment,
                                        corpus: Path) -> None:
    run = copy("oracle")
    path = run / "traces" / TITLE / "0.jsonl"
    lines = jsonl(path)
    n = max(i for i, e in enumerate(lines) if e["request"]["method"] != "GET")
    write_jsonl(path, lines[:n] + lines[n + 1:])
    assert problems(run) == [f"traces/{TITLE}/0.jsonl was edited (its sha256 differs from "
                             "the seal)"]
    reseal(run, corpus)
    found = replayed(run, env, corpus, (TITLE, 0))
    assert f"{TITLE} attempt 0: score 1.0 recorded, " in " ".join(found), found
    assert any(f.startswith(f"{TITLE} attempt 0: check ") for f in found), found


def test_an_edited_response_in_a_trace_is_caught(copy: Callable[[str], Path],
                                                 env: EmbeddedEnvironment,
                                                 corpus: Path) -> None:
    run = copy("oracle")
    path = run / "traces" / TITLE / "0.jsonl"
    lines = jsonl(path)
    lines[0]["status"] = 404
    write_jsonl(path, lines)
    reseal(run, corpus)
    [found] = replayed(run, env, corpus, (TITLE, 0))
    assert found.startswith(f"{TITLE} attempt 0: trace line 1 differs on replay (recorded ")
    assert "-> 404, replayed" in found


def test_a_trace_from_another_task_is_caught(copy: Callable[[str], Path],
                                             env: EmbeddedEnvironment, corpus: Path) -> None:
    run = copy("oracle")
    shutil.copy(run / "traces" / RAISE / "0.jsonl", run / "traces" / TITLE / "0.jsonl")
    assert problems(run) == [f"traces/{TITLE}/0.jsonl was edited: it holds "
                             f"traces/{RAISE}/0.jsonl's bytes"]
    reseal(run, corpus)
    found = replayed(run, env, corpus, (TITLE, 0))
    assert found and all(f.startswith(f"{TITLE} attempt 0: ") for f in found)
    assert f"{TITLE} attempt 0: score 1.0 recorded, 0.0 on replay" in found


def test_a_row_for_an_attempt_that_never_ran_is_caught(copy: Callable[[str], Path],
                                                        corpus: Path) -> None:
    run = copy("oracle")
    rows = jsonl(run / "results.jsonl")
    extra = {**next(r for r in rows if r["task"] == TITLE), "attempt": 1}
    write_jsonl(run / "results.jsonl", [*rows, extra])
    shutil.copy(run / "traces" / TITLE / "0.jsonl", run / "traces" / TITLE / "1.jsonl")
    found = problems(run)
    assert "results.jsonl was edited (its sha256 differs from the seal)" in found
    assert f"traces/{TITLE}/1.jsonl is foreign: the seal does not list it" in found
    reseal(run, corpus)
    assert problems(run) == [f"{TITLE} attempt 1: a results row for an attempt the run never "
                             "ran (its 3 tasks x K=1)"]
    assert not ranked(run)


def test_a_run_on_another_corpus_hash_is_caught(copy: Callable[[str], Path],
                                                env: EmbeddedEnvironment, corpus: Path,
                                                tmp_path: Path) -> None:
    run = copy("oracle")
    manifest = orjson.loads((run / "manifest.json").read_bytes())
    manifest["corpus_hash"] = "0" * 64
    (run / "manifest.json").write_bytes(orjson.dumps(manifest))
    found = replayed(run, env, corpus)
    assert f"the run is on corpus hash {'0' * 12}, its corpus {corpus} hashes " in found[0]
    # The same run verified against a corpus whose task file was edited since.
    other = Path(shutil.copytree(corpus, tmp_path / "edited-corpus"))
    task = orjson.loads((other / f"{TITLE}.json").read_bytes())
    task["instruction"] += " Also give everyone a raise."
    (other / f"{TITLE}.json").write_bytes(orjson.dumps(task))
    (other / "extra.json").write_bytes(orjson.dumps({**task, "id": "extra-task"}))
    found = replayed(copy("noop"), env, other)
    assert any(f.startswith("the run is on corpus hash ") for f in found)
    assert f"{TITLE}: the task file differs from the one the run sealed" in found
    assert "the corpus here has 1 task(s) the run did not seal: extra-task" in found


def test_a_failure_passed_off_as_an_environment_error_is_caught(
        copy: Callable[[str], Path], env: EmbeddedEnvironment, corpus: Path) -> None:
    """An environment error leaves an attempt out of every denominator: its replay must
    fail too."""
    run = copy("noop")
    edit_row(run, TITLE, **{"class": "environment_error", "score": None, "graded_score": None,
                            "outcome": None, "checks": [], "guards": [],
                            "detail": "environment failure: payroll answered 503"})
    reseal(run, corpus)
    assert problems(run) == []
    [found] = replayed(run, env, corpus, (TITLE, 0))
    assert found.startswith(f"{TITLE} attempt 0: recorded as an environment error "
                            "(environment failure: payroll answered 503), but its replay runs "
                            "and grades (agent_error, score 0.0)")


def test_a_forged_or_borrowed_verification_record_is_not_taken(
        copy: Callable[[str], Path], corpus: Path) -> None:
    run = copy("noop")
    edit_row(run, TITLE, **{"class": "completed", "score": 1.0, "graded_score": 1.0})
    reseal(run, corpus)
    shutil.copy(copy("oracle") / "verification.json", run / "verification.json")
    assert record_status(run)[1].startswith("verification.json is for another manifest")
    record = orjson.loads((run / "verification.json").read_bytes())
    record["manifest_sha256"] = "f" * 64
    (run / "verification.json").write_bytes(orjson.dumps(record))
    assert record_status(run)[1].startswith("verification.json is not signed by this machine")
    assert not ranked(run)


def test_a_relabelled_run_is_not_ranked_even_verified_again(
        copy: Callable[[str], Path], env: EmbeddedEnvironment, corpus: Path) -> None:
    """The oracle's run passed off as a model's: its replay holds, its origin does not."""
    run = copy("oracle")
    manifest = orjson.loads((run / "manifest.json").read_bytes())
    manifest.update(agent="llm", model="gpt-9", privileged=False)
    (run / "manifest.json").write_bytes(orjson.dumps(manifest, option=orjson.OPT_INDENT_2))
    assert problems(run) == []
    assert asyncio.run(verify_run(run, env, tasks=corpus)).ok
    assert record_status(run) == (None, "manifest.json was edited after the run (origin.json "
                                        "signs another manifest)")
    (run / "origin.json").unlink()
    assert record_status(run)[1].startswith("not run here (no origin.json)")
    assert not ranked(run)


# -- the restaurant's evidence, re-checked by every report and leaderboard (issue 31, 6) --

def _unranked_for(run: Path) -> list[str]:
    board = leaderboard([run])
    assert board.ranked == []
    return board.unranked[0]["unranked_because"]


def test_a_tampered_restaurant_trace_is_caught(copy: Callable[[str], Path],
                                              corpus: Path) -> None:
    run = copy("oracle")
    path = run / "traces" / SHIFT / "0.shift.jsonl"
    lines = jsonl(path)
    foot = lines[-1]
    foot["grade"]["composite"] = 100.0
    path.write_bytes(b"".join(orjson.dumps(x, option=orjson.OPT_SORT_KEYS) + b"\n"
                              for x in lines))
    reseal(run, corpus)
    found = problems(run)
    assert len(found) == 1
    assert found[0].startswith(f"{SHIFT} attempt 0: its shift trace traces/{SHIFT}/"
                               "0.shift.jsonl is invalid: ")
    assert found[0] in _unranked_for(run)
    assert found[0] in run_summary(run)["verification"]["reasons"]
    result = CliRunner().invoke(app, ["report", str(run)], terminal_width=400)
    assert result.exit_code == 0 and f"unranked: {SHIFT} attempt 0: its shift" in result.output


def test_an_edited_restaurant_result_row_is_caught(copy: Callable[[str], Path],
                                                  corpus: Path) -> None:
    run = copy("noop")
    rows = jsonl(run / "results.jsonl")
    row = next(r for r in rows if r["task"] == SHIFT)
    was = row["shift"]["composite"]
    row["shift"]["composite"] = 99.0
    write_jsonl(run / "results.jsonl", rows)
    reseal(run, corpus)
    assert problems(run) == [f"{SHIFT} attempt 0: the row's shift disagrees with its trace on "
                             f"composite (99.0 recorded, {was!r} in the trace)"]
    assert problems(run)[0] in _unranked_for(run)


def test_a_deleted_restaurant_trace_is_caught(copy: Callable[[str], Path],
                                             corpus: Path) -> None:
    run = copy("oracle")
    (run / "traces" / SHIFT / "0.shift.jsonl").unlink()
    assert problems(run) == [f"traces/{SHIFT}/0.shift.jsonl is missing (sealed)",
                             f"{SHIFT} attempt 0: its shift trace traces/{SHIFT}/0.shift.jsonl "
                             "is missing"]
    reseal(run, corpus)
    assert problems(run) == [f"{SHIFT} attempt 0: its shift trace traces/{SHIFT}/0.shift.jsonl "
                             "is missing"]
    assert problems(run)[0] in _unranked_for(run)


def test_a_restaurant_trace_from_another_run_is_caught(copy: Callable[[str], Path],
                                                      corpus: Path) -> None:
    run, other = copy("oracle"), copy("noop")
    shutil.copy(other / "traces" / SHIFT / "0.shift.jsonl",
                run / "traces" / SHIFT / "0.shift.jsonl")
    reseal(run, corpus)
    found = problems(run)
    assert found and all(f.startswith(f"{SHIFT} attempt 0: ") for f in found), found
    assert any(f.startswith(f"{SHIFT} attempt 0: the row's shift disagrees with its trace on ")
               for f in found), found
    assert found[0] in _unranked_for(run)


def test_an_edited_rule_based_review_is_caught(copy: Callable[[str], Path]) -> None:
    """rubric.jsonl is not sealed (`arcadia regrade` rewrites it); the rules' reviews in it
    are recomputed from the shift trace every time."""
    run = copy("oracle")
    reviews = jsonl(run / "rubric.jsonl")
    assert reviews, "the oracle's shift is valid and reviewed"
    edited = reviews[-1]
    for c in edited["criteria"]:
        c["passed"] = True
    edited["passed"] = edited["total"]
    edited["criteria"][0]["rationale"] = "flawless"
    write_jsonl(run / "rubric.jsonl", reviews)
    found = problems(run)
    assert found == [f"{SHIFT} attempt 0: its {edited['rubric']} review in rubric.jsonl is not "
                     "the rules' review of its shift trace"]
    assert found[0] in _unranked_for(run)


@pytest.fixture(scope="module")
def shifts(env: EmbeddedEnvironment, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The heuristic's nine shifts (`--world restaurant`), verified: a run the restaurant's
    own board ranks."""
    folder = tmp_path_factory.mktemp("shifts")
    for path in sorted((ROOT / "corpus" / "restaurant-v1").glob("*.json")):
        data = orjson.loads(path.read_bytes())
        data["world"].pop("content_hash", None)  # as in `corpus`: the cases are reworked
        (folder / "tasks").mkdir(exist_ok=True)
        (folder / "tasks" / path.name).write_bytes(orjson.dumps(data))
    out = folder / "heuristic"
    cfg = EvalConfig(agent="heuristic", tasks=folder / "tasks", out=out)
    asyncio.run(run_eval(cfg, env, HeuristicAgent()))
    assert asyncio.run(verify_run(out, env)).ok
    return out


def test_the_restaurant_board_unranks_a_run_whose_shift_trace_disagrees(
        shifts: Path, tmp_path: Path) -> None:
    board = leaderboard([shifts])
    assert [e["run"] for e in board.ranked] == [str(shifts)]
    assert [e["run"] for e in board.boards["restaurant"]["ranked"]] == [str(shifts)]
    run = Path(shutil.copytree(shifts, tmp_path / "tampered"))
    rows = jsonl(run / "results.jsonl")
    task = rows[0]["task"]
    rows[0]["shift"]["pass1"] = not rows[0]["shift"]["pass1"]
    write_jsonl(run / "results.jsonl", rows)
    reseal(run, shifts.parent / "tasks")
    [found] = problems(run)
    assert found.startswith(f"{task} attempt 0: the row's shift disagrees with its trace on pass1")
    board = leaderboard([run])
    assert board.ranked == [] and board.boards["restaurant"]["ranked"] == []
    [entry] = board.boards["restaurant"]["unranked"]
    assert entry["unranked_because"] == [f"evidence: {found}"] and "rank" not in entry
    summary = run_summary(run)["restaurant"]
    assert not summary["rankable"] and summary["unranked_because"] == [f"evidence: {found}"]
    result = CliRunner().invoke(app, ["report", str(run)], terminal_width=400)
    assert result.exit_code == 0 and f"unranked: evidence: {task} attempt 0" in result.output


# -- submission --

def test_a_bundle_is_deterministic_and_reverified_from_scratch(
        runs: dict[str, Path], corpus: Path, tmp_path: Path) -> None:
    one = prepare(runs["oracle"], tmp_path / "one.tar.gz", declared={"model": "gold"},
                  tasks=corpus)
    two = prepare(runs["oracle"], tmp_path / "two.tar.gz", declared={"model": "gold"},
                  tasks=corpus)
    assert one.read_bytes() == two.read_bytes()
    with tarfile.open(one) as tar:
        names = tar.getnames()
        submission = orjson.loads(tar.extractfile("submission.json").read())  # type: ignore[union-attr]
    assert "run/verification.json" not in names and f"tasks/{TITLE}.json" in names
    assert submission["model"] == "gold" and submission["settings"]["k"] == 1
    cli = CliRunner()
    out = tmp_path / "accepted"
    result = cli.invoke(app, ["submit", "verify", str(one), "--tasks", str(corpus), "--out",
                              str(out)], terminal_width=400)
    assert result.exit_code == 0, result.output
    assert "verified | replayed 3 of 3 attempts (all)" in result.output
    assert ranked(out / "run")
    # The same bundle with one score edited (and the seal and submission.json redone).
    tampered = tmp_path / "tampered.tar.gz"
    with tarfile.open(one) as tar:
        files = {m.name: tar.extractfile(m).read() for m in tar.getmembers()}  # type: ignore[union-attr]
    rows = [orjson.loads(x) for x in files["run/results.jsonl"].splitlines()]
    rows[0]["detail"] = "edited"
    files["run/results.jsonl"] = b"".join(orjson.dumps(r) + b"\n" for r in rows)
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    tampered.write_bytes(gzip.compress(raw.getvalue()))
    result = cli.invoke(app, ["submit", "verify", str(tampered), "--tasks", str(corpus)],
                        terminal_width=400)
    assert result.exit_code == 1
    assert "results.jsonl was edited" in result.output and "NOT VERIFIED" in result.output
