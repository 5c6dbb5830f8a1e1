"""The committed agency corpus, `corpus/agency-v1/`, regenerated and certified: the suite
regenerates the first seed and compares bytes (every regenerated task passed the whole
certificate on the way) and certifies a task of each situation of the last seed;
`ARCADIA_FULL_CORPUS=1` certifies every task. The corpus's other tests (its pairs, its
guards, its coverage) are in `test_corpus_agency.py`.
`taskgen generate --situation agency --seed 1 --seed 2 --seed 3 --seed 4 --out
corpus/agency-v1` rewrites it all.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from arcadia.grader import load_task

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus" / "agency-v1"
REPORT: dict[str, Any] = json.loads((CORPUS / "generation.json").read_text())
FILES = sorted(CORPUS.glob("*/*.json"))


def test_regenerating_the_first_seed_gives_the_same_bytes(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from arcadia.taskgen.cli import app as taskgen_app

    seed = REPORT["seeds"][0]
    # In this process (typer's runner), as tests/taskgen/test_corpus_v1.py regenerates: it
    # is not the process that wrote the committed files.
    done = CliRunner().invoke(taskgen_app, [
        "generate", "--situation", "agency", "--seed", str(seed), "--generation", "v1",
        "--out", str(tmp_path)])
    assert done.exit_code == 0, done.output
    fresh = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.glob("*/*.json")}
    committed = {p.relative_to(CORPUS): p.read_bytes() for p in FILES
                 if f"-s{seed}-" in p.name}
    assert fresh and sorted(fresh) == sorted(committed)
    for name, data in committed.items():
        assert fresh[name] == data, f"{name} differs when regenerated"


def test_the_last_seeds_tasks_are_certified() -> None:
    """The first seed is certified by its regeneration above; a task of each situation of
    the last seed by the command a user runs (every task with `ARCADIA_FULL_CORPUS=1`:
    about 6 minutes; v1's corpus is kept for reproducibility, v2's is the default)."""
    last = f"-s{REPORT['seeds'][-1]}-"
    files = FILES if os.environ.get("ARCADIA_FULL_CORPUS") == "1" else list(
        {p.parent.name: p for p in reversed(FILES) if last in p.name}.values())
    assert files
    from typer.testing import CliRunner

    from arcadia.agents.cli import app as cli_app

    # In this process (typer's runner): the command is what is tested, not a process
    # boundary (`certify_files` still replays every gold in a second process).
    done = CliRunner().invoke(cli_app, ["task", "certify", *map(str, files)])
    assert done.exit_code == 0, done.output
    assert done.stdout.strip().splitlines() == [f"{load_task(p).id} certified" for p in files]
