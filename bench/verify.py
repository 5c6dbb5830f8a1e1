"""`arcadia verify` against the run it verifies (issue 32's target: at most 2x the run).

- `verify_eval_s`: `arcadia eval --agent oracle -k 4` over the default split, in a
  subprocess, with the machine's cache of world templates warm (a `-k 1` run first).
- `verify_s`: `arcadia verify` over that run, in a subprocess: seal, evidence, and every
  attempt replayed in a fresh episode and graded. `verify_attempts`: how many it replayed
  (environment errors are not), of `verify_rows`.
- `verify_over_eval`: the ratio (target <= 2).
- `verify_leaderboard_s`: `arcadia leaderboard` over the verified run (the seal re-hashed,
  the evidence re-checked, restaurant traces validated: what every ranking pays).

Run: python bench/verify.py [--quick]   (one `figure: value unit` line each; --quick: one
task, K=1, in this process, for tests/test_bench.py)
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import bench_parser, figure

ROOT = Path(__file__).resolve().parents[1]
SPLIT = ROOT / "corpus" / "default.split"
QUICK = ROOT / "corpus" / "arcadia-v2" / "hr-mismatch-v1" / "hr-mismatch-s5-ca73cd6cc8.json"
CLI = [sys.executable, "-m", "arcadia.agents.cli"]


def _timed(*args: str, ok: tuple[int, ...] = (0,)) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        [*CLI, *args],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    if done.returncode not in ok:
        raise SystemExit(f"{' '.join(args)} exited {done.returncode}: {done.stderr[-2000:]}")
    return time.perf_counter() - start


def _quick(tmp: Path) -> tuple[float, float, dict[str, Any], float]:
    """The same steps in this process, on one task (the figures mean nothing)."""
    from arcadia.agents.registry import OracleAgent
    from arcadia.agents.report import leaderboard
    from arcadia.agents.runner import EvalConfig, run_eval
    from arcadia.agents.verify import verify_run
    from arcadia.grader import EmbeddedEnvironment

    env, run = EmbeddedEnvironment(), tmp / "oracle"
    start = time.perf_counter()
    asyncio.run(run_eval(EvalConfig(agent="oracle", tasks=QUICK, out=run), env, OracleAgent()))
    eval_s = time.perf_counter() - start
    result = asyncio.run(verify_run(run, env))
    verify_s = time.perf_counter() - start - eval_s
    start = time.perf_counter()
    leaderboard([run])
    return eval_s, verify_s, dict(result), time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    args = bench_parser(__doc__).parse_args(argv)
    if args.quick:
        with tempfile.TemporaryDirectory() as tmp:
            eval_s, verify_s, record, board_s = _quick(Path(tmp))
        _print(eval_s, verify_s, record, board_s)
        return
    tasks, k = SPLIT, "4"
    with tempfile.TemporaryDirectory() as tmp:
        warm, run = Path(tmp) / "warm", Path(tmp) / "oracle"
        _timed("eval", "--agent", "oracle", "-k", "1", "--tasks", str(tasks), "--out", str(warm))
        eval_s = _timed(
            "eval", "--agent", "oracle", "-k", k, "--tasks", str(tasks), "--out", str(run)
        )
        verify_s = _timed("verify", str(run), ok=(0, 1))
        record = json.loads((run / "verification.json").read_text())
        board_s = _timed("leaderboard", str(run))
    _print(eval_s, verify_s, record, board_s)


def _print(eval_s: float, verify_s: float, record: dict[str, Any], board_s: float) -> None:
    figure("verify_eval_s", eval_s, "s")
    figure("verify_s", verify_s, "s")
    figure("verify_over_eval", verify_s / eval_s, "x")
    figure("verify_attempts", record["replayed"], "attempts")
    figure("verify_rows", record["attempts"], "rows")
    figure("verify_mismatches", len(record["problems"]), "mismatches")
    figure("verify_leaderboard_s", board_s, "s")


if __name__ == "__main__":
    main()
