"""Harbor export: `arcadia export harbor DIR --tasks CORPUS [--split S]` writes one Harbor
task folder per task:

    <task id>/instruction.md      the instruction, and how to call the tools
    <task id>/task.toml           timeouts, resources, the Arcadia task id
    <task id>/environment/        a Dockerfile serving the episode with Arcadia's own CLI
                                  (`arcadia env serve`), the task, and two helpers:
                                  `episode.sh` (start the server and the episode once) and
                                  `act.py` (one tool call, or `grade`)
    <task id>/solution/solve.sh   the gold, as the tool calls that send it
    <task id>/tests/test.sh       grades the episode into /logs/verifier/reward.txt

The episode lives in the container: `episode.sh` (the image's entrypoint, and called again
by every helper) starts `arcadia env serve` on 127.0.0.1 and opens the task's session once,
keeping its id in $ARCADIA_HOME/session. An ungradeable grade writes no reward: test.sh
exits 1 with the grader's reason (Harbor records a verifier error, never a 0).
"""

from __future__ import annotations

import asyncio
import json
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from arcadia.agents.adapters._common import gold_calls, split_tasks, task_briefing
from arcadia.agents.runner import package_version
from arcadia.grader import Environment, Task

PORT = 8790

EPISODE_SH = f"""#!/bin/sh
# Start the episode once: the environment API on 127.0.0.1, and the task's session.
# As the image's entrypoint it then runs the container's command.
set -e
HOME_DIR="${{ARCADIA_HOME:-/arcadia}}"
URL="${{ARCADIA_ENV_URL:-http://127.0.0.1:{PORT}}}"
if ! python3 "$HOME_DIR/act.py" --ping 2>/dev/null; then
  nohup arcadia env serve --tasks "$HOME_DIR/task.json" \\
    --port "${{URL##*:}}" >"$HOME_DIR/server.log" 2>&1 &
  python3 "$HOME_DIR/act.py" --wait 120
fi
python3 "$HOME_DIR/act.py" --open
[ "$#" -gt 0 ] && exec "$@"
exit 0
"""

ACT_PY = f'''"""One tool call in the episode: `act.py '{{"name": ..., "arguments": {{...}}}}'`
prints the answer (`act.py '{{"final": "..."}}'` ends it); `act.py grade` grades it into
$ARCADIA_LOGS/reward.txt (an ungradeable grade: no reward, exit 1); `--ping`, `--wait S`
and `--open` are for episode.sh."""

import json
import os
import sys
import time
import urllib.error
import urllib.request

HOME = os.environ.get("ARCADIA_HOME", "/arcadia")
URL = os.environ.get("ARCADIA_ENV_URL", "http://127.0.0.1:{PORT}")
LOGS = os.environ.get("ARCADIA_LOGS", "/logs/verifier")
SESSION = os.path.join(HOME, "session")


def post(path, body=None):
    req = urllib.request.Request(URL + path, data=json.dumps(body or {{}}).encode(),
                                 headers={{"Content-Type": "application/json"}})
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.loads(r.read() or b"null")


def session():
    with open(SESSION) as f:
        return f.read().strip()


def main(argv):
    if argv[0] == "--ping":
        urllib.request.urlopen(URL + "/tasks", timeout=2).read()
    elif argv[0] == "--wait":
        deadline = time.monotonic() + float(argv[1])
        while True:
            try:
                return main(["--ping"])
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
    elif argv[0] == "--open":
        if not os.path.exists(SESSION):
            with open(os.path.join(HOME, "task.json")) as f:
                task_id = json.load(f)["id"]
            sid = post("/sessions", {{"task_id": task_id}})["session_id"]
            with open(SESSION, "w") as f:
                f.write(sid)
    elif argv[0] == "grade":
        grade = post(f"/sessions/{{session()}}/grade")
        print(json.dumps({{k: grade[k] for k in ("outcome", "score", "reason")}}))
        if grade["score"] is None:
            print(f"ungradeable: {{grade['reason']}}", file=sys.stderr)
            return 1
        os.makedirs(LOGS, exist_ok=True)
        with open(os.path.join(LOGS, "reward.txt"), "w") as f:
            f.write(f"{{grade['score']}}\\n")
        with open(os.path.join(LOGS, "arcadia.json"), "w") as f:  # who produced the run
            json.dump({{"adapter": "harbor", "task_id": grade["task_id"],
                       "outcome": grade["outcome"], "score": grade["score"]}}, f)
    else:
        out = post(f"/sessions/{{session()}}/step", {{"action": json.loads(argv[0])}})
        print(out["observation"])
        if out["terminated"] or out["truncated"]:
            print(f"[episode ended: score {{out['reward']}}]")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''

DOCKERFILE = """FROM python:3.11-slim
# Arcadia's own CLI serves the episode; ARCADIA_PIP names what to install (a version, a
# wheel copied into this folder, or a git URL).
ARG ARCADIA_PIP="arcadia=={version}"
RUN pip install --no-cache-dir "$ARCADIA_PIP"
COPY task.json tools.json act.py episode.sh /arcadia/
RUN chmod +x /arcadia/episode.sh
ENV ARCADIA_HOME=/arcadia ARCADIA_ENV_URL=http://127.0.0.1:{port}
ENTRYPOINT ["/arcadia/episode.sh"]
CMD ["sleep", "infinity"]
"""

INSTRUCTION = """{briefing}

{instruction}

---

You act as {actor} in the company's applications. Every action is one tool call, made with
`python3 /arcadia/act.py '<JSON>'`, which prints the application's answer:

    python3 /arcadia/act.py '{{"name": "<tool>", "arguments": {{...}}}}'

The tools (name, description, JSON-schema parameters) are listed in /arcadia/tools.json.
When you are done, say so: `python3 /arcadia/act.py '{{"final": "<your last message>"}}'`.
"""

TASK_TOML = """version = "1.0"

[metadata]
arcadia_task = "{id}"
arcadia_version = "{version}"
difficulty = "{difficulty}"
category = "enterprise"
tags = {tags}

[verifier]
timeout_sec = 120.0

[agent]
timeout_sec = 900.0

[environment]
build_timeout_sec = 900.0
cpus = 1
memory_mb = 4096
"""

SOLVE_HEAD = """#!/bin/sh
# The gold of {id}, as the tool calls that send it (ids are deterministic per episode).
set -e
/arcadia/episode.sh >/dev/null
"""

TEST_SH = """#!/bin/sh
# Grade the episode: the score goes to /logs/verifier/reward.txt; an ungradeable grade
# writes no reward and fails.
set -e
"${ARCADIA_HOME:-/arcadia}/episode.sh" >/dev/null
exec python3 "${ARCADIA_HOME:-/arcadia}/act.py" grade
"""


async def export_task(task: Task, out: Path, environment: Environment | None = None) -> Path:
    """Write `task`'s Harbor folder below `out`; returns it."""
    from arcadia.agents.session import task_tools

    folder = out / task.id
    env_dir, solution, tests = folder / "environment", folder / "solution", folder / "tests"
    for d in (env_dir, solution, tests):
        d.mkdir(parents=True, exist_ok=True)
    version = package_version()
    (folder / "instruction.md").write_text(INSTRUCTION.format(
        briefing=task_briefing(task), instruction=task.instruction, actor=task.actor))
    (folder / "task.toml").write_text(TASK_TOML.format(
        id=task.id, version=version, difficulty=task.meta.difficulty or "unknown",
        tags=json.dumps(sorted({"arcadia", *task.meta.apps}))))
    (env_dir / "Dockerfile").write_text(DOCKERFILE.format(version=version, port=PORT))
    (env_dir / "task.json").write_text(task.model_dump_json(by_alias=True, indent=1))
    (env_dir / "tools.json").write_text(json.dumps(task_tools(task).schemas(), indent=1))
    (env_dir / "act.py").write_text(ACT_PY)
    _script(env_dir / "episode.sh", EPISODE_SH)
    calls = await gold_calls(task, environment)
    lines = [f"python3 /arcadia/act.py {shlex.quote(json.dumps({'name': c.name, 'arguments': c.arguments}))} >/dev/null"  # noqa: E501
             for c in calls]
    lines.append("python3 /arcadia/act.py '{\"final\": \"done\"}'")
    _script(solution / "solve.sh", SOLVE_HEAD.format(id=task.id) + "\n".join(lines) + "\n")
    _script(tests / "test.sh", TEST_SH)
    return folder


def _script(path: Path, text: str) -> None:
    path.write_text(text)
    path.chmod(0o755)


async def export(tasks: Sequence[Task], out: Path, environment: Environment | None = None
                 ) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    return [await export_task(t, out, environment) for t in tasks]


def export_corpus(corpus: Path, out: Path, split: str | None = None,
                  environment: Environment | None = None) -> list[Path]:
    """`arcadia export harbor`: every task of `corpus` in `split`."""
    return asyncio.run(export(split_tasks(corpus, split), out, environment))


def add_commands(app: typer.Typer) -> None:
    """Register `arcadia export harbor`."""
    export_app = typer.Typer(help="Export tasks to other frameworks' formats.",
                             no_args_is_help=True)
    app.add_typer(export_app, name="export")

    @export_app.command("harbor")
    def harbor_command(
        out: Annotated[Path, typer.Argument(help="Folder to write the task folders into.")],
        tasks: Annotated[Path, typer.Option(help="A task file or a folder of them.",
                                            exists=True)],
        split: Annotated[str | None, typer.Option(
            help="Only the tasks of this split (meta.split: train, dev, test).")] = None,
    ) -> None:
        """Write one Harbor task folder per task (instruction.md, task.toml,
        environment/Dockerfile, solution/solve.sh from the gold, tests/test.sh)."""
        folders = export_corpus(tasks, out, split)
        typer.echo(f"{len(folders)} Harbor tasks in {out}")
