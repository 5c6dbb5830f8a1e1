"""Write-tool coverage with reasons (`taskgen coverage`, `arcadia.taskgen.write_coverage`).

On the committed corpora (each world's v2 corpus where it is committed, else v1's), every
write tool of every world with goal kinds is used by a shipped task or excluded with its
world pack's reason, never both: no reason covers a used tool (else it is stale), none
covers nothing, none names a tool it does not cover. A tool no longer used shows up as
unexplained unless a reason covers it, and the command prints the package's figures.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arcadia.taskgen.cli import app
from arcadia.taskgen.unused import unused
from arcadia.taskgen.worlds import WORLDS
from arcadia.taskgen.write_coverage import (
    WorldCoverage,
    account,
    corpus_coverage,
    default_corpora,
    load_tasks,
    write_tools,
)

ROOT = Path(__file__).resolve().parents[2]
CORPORA = default_corpora(ROOT / "corpus")


@pytest.fixture(scope="module")
def committed() -> dict[str, WorldCoverage]:
    worlds, others = corpus_coverage(CORPORA)
    assert not others
    return {c.world: c for c in worlds}


def run(*args: str) -> str:
    done = CliRunner().invoke(app, ["coverage", *args])
    assert done.exit_code == 0, done.output
    return done.output


def test_the_committed_corpora_cover_every_world_with_goal_kinds(committed) -> None:
    assert len(CORPORA) == 2
    assert list(committed) == list(WORLDS)


@pytest.mark.parametrize("world", list(WORLDS))
def test_every_write_tool_is_used_or_excluded_never_both(committed, world: str) -> None:
    c = committed[world]
    excluded = [t for tools in c.excluded.values() for t in tools]
    assert c.unexplained == ()
    assert c.stale == {}, "an exclusion covers a tool a shipped task uses: it is stale"
    assert c.idle == () and c.misnamed == ()
    assert sorted([*c.used, *excluded]) == sorted(c.writes)
    assert not set(c.used) & set(excluded)
    assert len(set(c.writes)) == len(c.writes) == len(write_tools(WORLDS.get(world)))


@pytest.mark.parametrize("world", list(WORLDS))
def test_each_reason_is_said_once(world: str) -> None:
    reasons = [e.reason for e in WORLDS.get(world).unused]
    assert len(set(reasons)) == len(reasons)
    assert all(len(r) > 40 for r in reasons)


def test_a_tool_no_task_uses_any_more_is_unexplained(committed, tmp_path: Path) -> None:
    """A corpus of one committed task: what the whole corpus used and it does not is
    unexplained (no reason covers a used tool), and every excluded tool stays excluded."""
    robotics = next(iter(WORLDS))
    source = sorted(p for p in CORPORA[0].rglob("*.json") if p.name != "generation.json")[0]
    shutil.copy(source, tmp_path / source.name)
    (one,), _ = corpus_coverage([tmp_path])
    full = committed[robotics]
    assert one.world == robotics and one.tasks == 1
    assert set(one.unexplained) == set(full.used) - set(one.used) != set()
    assert one.excluded == full.excluded
    out = run("--tasks", str(tmp_path))
    assert f"unexplained: {len(one.unexplained)}/{len(one.writes)}" in out
    assert [ln.strip()[2:] for ln in out.splitlines()
            if ln.startswith("    - ")] == list(one.unexplained)


def test_a_reason_covering_a_used_tool_is_stale(committed) -> None:
    pack = WORLDS.get(next(iter(WORLDS)))
    tool = committed[pack.world].used[0]
    stale = replace(pack, unused=(unused("a stale reason for this test", tool), *pack.unused))
    c = account(stale, load_tasks([CORPORA[0]]))
    assert c.stale == {"a stale reason for this test": (tool,)}
    assert tool in c.used and c.reason_of(tool) is None


def test_a_tool_taken_by_an_earlier_reason_is_misnamed(committed) -> None:
    pack = WORLDS.get(next(iter(WORLDS)))
    first = pack.unused[0]
    taken = next(iter(committed[pack.world].excluded[first.reason]))
    again = replace(pack, unused=(*pack.unused, unused("named twice for this test", taken)))
    c = account(again, [])
    assert c.misnamed == (taken,) and c.idle == ("named twice for this test",)


def test_the_command_prints_the_packages_figures(committed, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    out = run()
    assert out.splitlines()[0] == "tasks: " + ", ".join(
        str(p.relative_to(ROOT)) for p in CORPORA)
    blocks = [b for b in re.split(r"^(?=\S)", out, flags=re.M)[1:]
              if not b.startswith("tasks: ")]
    assert len(blocks) == len(committed)
    for block, c in zip(blocks, committed.values(), strict=True):
        n = len(c.writes)
        assert block.startswith(f"{c.world} ({c.tasks} task(s)):")
        assert f"write tools used by shipped tasks: {len(c.used)}/{n} " in block
        assert f"excluded with a reason: {c.excluded_count}/{n}" in block
        assert f"unexplained: {len(c.unexplained)}/{n}" in block
        counts = [(int(m[1]), m[2]) for m in re.finditer(r"^ {4} *(\d+)  (.+)$", block, re.M)]
        assert counts == [(len(tools), r) for r, tools in c.excluded.items()]


def test_a_missing_folder_is_refused(tmp_path: Path) -> None:
    done = CliRunner().invoke(app, ["coverage", "--tasks", str(tmp_path / "nowhere")])
    assert done.exit_code == 2 and "no corpus folder" in done.output
