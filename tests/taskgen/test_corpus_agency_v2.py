"""The committed generator-v2 agency corpus, `corpus/agency-v2/`.

What it promises, checked on the files themselves:
- every agency situation over the report's seeds, only v2 tasks, `generation.json` true to
  the files (funnel, cores, splits);
- ids and instructions are neutral: `<situation>-s<seed>-<10 hex>`, nothing says which twin
  of a pair a task is (no `allowed`/`forbidden`), and a pair's twins read alike;
- every task carries its core and generation; a core (a pair's twins share one) is in
  exactly one split;
- the handbook's guards ride on every task, and a careful recruiter's extras are allowed
  where they fit (`taskgen/goals/agency/intent.py`'s `careful`): a mail to the candidate
  in every submission task, a "done" mail to the account manager where the work is done;
  no check asks for either;
- regenerating gives the same bytes: one situation on the first seed (a situation's tasks
  regenerate alone, and the first seed's walks do not depend on later seeds), its tasks
  certified on the way. `taskgen generate --situation agency --out corpus/agency-v2`
  rewrites it all.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from arcadia.grader.agency import HANDBOOK_GUARDS
from arcadia.grader.task import Task, load_task
from arcadia.taskgen.generate import split_of
from arcadia.taskgen.goals.agency import intent

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus" / "agency-v2"
REPORT: dict[str, Any] = json.loads((CORPUS / "generation.json").read_text())
FILES = sorted(CORPUS.glob("*/*.json"))
TASKS = [load_task(p) for p in FILES]
REGENERATED = "agency-expired-consent-v1"  # the consent pair: every extra is allowed there
SUBMITS = ("agency-submit-urgent-v2", "agency-submit-once-v2", "agency-submit-consented-v2",
           "agency-replace-withdrawn-v2")


def extra(task: Task) -> dict[str, Any]:
    return task.meta.model_extra or {}


def test_every_agency_situation_and_only_v2_tasks() -> None:
    assert {p.parent.name for p in FILES} == {s.situation for s in intent.TASKS} == \
        set(REPORT["situations"])
    assert REPORT["generation"] == "v2" and REPORT["funnel"]["shipped"] == len(TASKS)
    assert {t.world.seed for t in TASKS} == set(REPORT["seeds"])
    for p, t in zip(FILES, TASKS, strict=True):
        assert t.situation is not None and t.situation.id == p.parent.name
        assert t.id == p.stem and t.meta.author == "taskgen" and t.world.spec == "agency"
        assert extra(t)["generation"] == "v2" and t.meta.goal.endswith("-v2"), t.id
        assert [g.kind for g in t.guards] == ["no-collateral-v1", *HANDBOOK_GUARDS], t.id
        assert t.checks, t.id  # a positive deliverable in both twins


def test_ids_and_instructions_are_neutral_and_twins_read_alike() -> None:
    twins: dict[str, list[Task]] = defaultdict(list)
    for t in TASKS:
        assert t.situation is not None
        assert re.fullmatch(rf"{t.situation.id.removesuffix('-v1')}-s{t.world.seed}"
                            r"-[0-9a-f]{10}", t.id), t.id
        assert not re.search(r"allowed|forbidden", f"{t.id} {t.instruction}", re.I), t.id
        twins[extra(t)["core"]].append(t)
    for core, pair in twins.items():
        assert len(pair) <= 2 and len({t.instruction for t in pair}) == 1, core


def test_every_task_has_its_core_and_each_core_one_split() -> None:
    splits: dict[str, set[str]] = defaultdict(set)
    for t in TASKS:
        goal, seed, subject = extra(t)["core"].split(":", 2)
        assert goal == t.meta.goal.rsplit("-", 1)[0] and seed == f"s{t.world.seed}", t.id
        assert subject and extra(t)["split"] == split_of(extra(t)["core"]), t.id
        splits[extra(t)["core"]].add(extra(t)["split"])
    assert all(len(s) == 1 for s in splits.values())
    by_split = Counter(split for s in splits.values() for split in s)
    situation = {extra(t)["core"]: t.situation.id for t in TASKS if t.situation}
    assert REPORT["cores"] == {
        "total": len(splits), "in_two_splits": 0, "by_split": dict(sorted(by_split.items())),
        "by_situation": dict(sorted(Counter(situation.values()).items()))}


def _scoped(t: Task, table: str) -> list[Any]:
    return [a.get("where") for a in t.guards[0].params["allow"]
            if a["table"] == table and a.get("where")]


def test_a_careful_recruiters_extras_are_allowed_and_never_asked_for() -> None:
    seen: Counter[str] = Counter()
    for t in TASKS:
        assert t.situation is not None
        done = t.situation.params.get("variant") == "allowed" and \
            t.meta.goal in (*SUBMITS, "agency-place-offer-v2")
        to = [w["to_json"]["contains"] for w in _scoped(t, "bodies")]
        if t.meta.goal in SUBMITS:
            assert len(to) == 1 + 2 * done and "@arcadia-staffing" not in to[0], t.id
            seen["candidate mail"] += 1
        if done:
            assert to[-1].endswith("@arcadia-staffing.example"), t.id
            seen["done mail"] += 1
        if done and t.meta.goal in SUBMITS:
            assert len(_scoped(t, "note")) == 1, t.id
            assert "@arcadia-staffing" not in to[1] and to[1] != to[0], t.id  # the job's contact
            seen["note"] += 1
            seen["submittal mail"] += 1
        elif not done:
            assert not _scoped(t, "note") and len(to) == (t.meta.goal in SUBMITS), t.id
        # no check asks for an extra: a check on a body is on the gold's own mail
        for c in t.checks:
            assert c.params["table"] != "note", t.id
            if c.params["table"] == "bodies":
                assert not any(x in json.dumps(c.params["scope"]) for x in to), t.id
    assert min(seen.values()) > 0 and len(seen) == 4


def test_one_situation_of_the_first_seed_regenerates_byte_for_byte(tmp_path: Path) -> None:
    seed = REPORT["seeds"][0]
    done = subprocess.run(
        [sys.executable, "-m", "arcadia.taskgen.cli", "generate", "--situation", REGENERATED,
         "--seed", str(seed), "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    fresh = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.glob("*/*.json")}
    committed = {p.relative_to(CORPUS): p.read_bytes() for p in FILES
                 if p.parent.name == REGENERATED and f"-s{seed}-" in p.name}
    assert len(committed) == 2 and sorted(fresh) == sorted(committed)
    for name, data in committed.items():
        assert fresh[name] == data, f"{name} differs when regenerated"


async def test_a_reply_to_the_clients_other_mail_is_not_the_answer() -> None:
    """The client has written about other candidates since: the gold answers their mail
    about this one, and a reply to their newest mail (another thread) is not the answer.
    The tasks are tried first seed first, up to the first that shows it (each world tried
    is built: every seed's would cost a minute)."""
    from arcadia.grader import EmbeddedEnvironment, score_steps

    env = EmbeddedEnvironment()
    seen = 0
    seed = REPORT["seeds"][0]
    for t in sorted((t for t in TASKS if t.meta.goal == "agency-answer-client-v2"),
                    key=lambda t: (t.world.seed != seed, t.world.seed, t.id)):
        if seen:
            break
        steps = []
        for s in t.gold:
            f = s.query.get("$filter")
            if isinstance(f, dict) and "contains(subject" in f.get("template", ""):
                f = {**f, "template": f["template"].split(" and contains(")[0]}
                s = s.model_copy(update={"query": {**s.query, "$filter": f}})
            steps.append(s)
        assert steps != t.gold, t.id
        assert (await score_steps(t, env, t.gold)).score == 1.0, t.id
        newest = await score_steps(t, env, steps)
        seen += newest.score < 1.0
    assert seen, "no client wrote about anyone else"


async def test_the_customary_submittal_mail_is_allowed_only_beside_a_submission() -> None:
    """The agency's own submissions each went with a submittal mail to the job's contact:
    one beside the allowed twin's submission scores 1.0; in the forbidden twin, where
    nothing may be submitted, the same mail is collateral."""
    from arcadia.grader import EmbeddedEnvironment, score_steps
    from arcadia.grader.task import Step

    env = EmbeddedEnvironment()
    seed = REPORT["seeds"][0]
    twins = [t for t in TASKS if t.meta.goal == "agency-submit-consented-v2"
             and t.world.seed == seed]
    ok = next(t for t in twins if t.situation and t.situation.params["variant"] == "allowed")
    bad = next(t for t in twins if t is not ok)
    contact = [w["to_json"]["contains"] for w in _scoped(ok, "bodies")][1]
    mail = Step(id="submittal", app="mail", method="POST", path="/v1.0/me/sendMail", body={
        "message": {"subject": "Submittal", "body": {"contentType": "Text",
                                                     "content": "Please find attached."},
                    "toRecipients": [{"emailAddress": {"address": contact}}]}})
    assert (await score_steps(ok, env, [*ok.gold, mail])).score == 1.0
    assert (await score_steps(bad, env, [*bad.gold, mail])).score < 1.0


async def test_a_placement_may_carry_the_job_orders_employment_type() -> None:
    """A careful recruiter copies the job order's employment type onto the placement (the
    agency's own placements leave it empty): the allowed twin still scores 1.0."""
    from arcadia.grader import EmbeddedEnvironment, score_steps

    env = EmbeddedEnvironment()
    ok = next(t for t in TASKS if t.meta.goal == "agency-place-offer-v2" and t.situation
              and t.situation.params["variant"] == "allowed")
    steps = [s.model_copy(update={"body": {**s.body, "employmentType": "Contract to Hire"}})
             if s.method == "PUT" and s.path.endswith("entity/Placement") else s
             for s in ok.gold]
    assert steps != ok.gold
    assert (await score_steps(ok, env, steps)).score == 1.0
