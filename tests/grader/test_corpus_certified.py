"""Every committed hand-written task (every situation's tasks and stories) under the validity
certificate, through `arcadia task certify`: the families each corpus's own tests run by hand
(`test_corpus.py`, `test_corpus_hiring.py`, ...) are run here by the certificate's gates.
"""

from __future__ import annotations

from pathlib import Path

from arcadia.grader import load_task

# The hand tasks certificate v2 (the CLI's default) rejects, with their first failing gate:
# each pins an app default or forbids a careful person's free text (see
# docs/certificate.md). Fix a task and drop it from here.
V2_FAILS = {
    "new-hire-full-onboarding": "equivalence",  # payChangeReason; work_email
    "new-hire-hris-missing": "equivalence",  # payChangeReason
    "new-hire-hris-record": "equivalence",  # payChangeReason
    "new-hire-payroll-and-tracker": "equivalence",  # work_email
    "new-hire-payroll-for-cohort": "equivalence",  # work_email
    "new-hire-payroll-setup": "equivalence",  # work_email
    "new-hire-revised-offer-reply": "equivalence",  # a compensation's reason, comment
    "new-hire-salary-mismatch": "equivalence",  # a compensation's reason, comment
}


def test_every_committed_task_is_certified():
    """The validity certificate over the whole committed corpus (every situation's tasks and
    stories), through the command CI and a user run, which replays every gold once more in
    a second process."""
    # The generated corpora (a folder with a generation.json) have their own tests in
    # tests/taskgen; their tasks sit one folder deeper.
    paths = sorted(p for p in (Path(__file__).resolve().parents[2] / "corpus").glob("*/*.json")
                   if not (p.parent / "generation.json").exists())
    assert len(paths) >= 31
    from typer.testing import CliRunner

    from arcadia.agents.cli import app as cli_app

    # In this process (typer's runner): the command is what is tested, not a process
    # boundary (`certify_files` still replays every gold in a second process).
    done = CliRunner().invoke(cli_app, ["task", "certify", *map(str, paths)])
    lines = done.stdout.strip().splitlines()
    assert done.exit_code == (1 if V2_FAILS else 0), done.output
    ids = [load_task(p).id for p in paths]
    assert len(lines) == len(ids)
    for tid, line in zip(ids, lines, strict=True):
        want = f"{tid} FAILED {V2_FAILS[tid]}: " if tid in V2_FAILS else f"{tid} certified"
        assert line.startswith(want), line
