"""Certificate v2: each new gate fails on a task built to fail it, and a correct variant
that v1's checks failed now scores 1.0.

Tasks are committed corpus tasks (the hand corpora, and two of `corpus/arcadia-v1`, whose
bytes its regeneration test pins) changed in memory.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from arcadia.grader import EmbeddedEnvironment
from arcadia.grader.certify import DEFAULT_VERSION, GATES, GATES_V2, Certifier
from arcadia.grader.coherence import coherence
from arcadia.grader.task import Task

ROOT = Path(__file__).resolve().parents[2] / "corpus"
APPS = ("hris", "payroll", "ats", "procurement", "mail", "calendar", "sheets")
STARTER = "new-hire-cohort-v1/hris-add-starter-s11-michelle-elliott-tracker-row.json"


def raw(path: str) -> dict[str, Any]:
    return json.loads((ROOT / path).read_text())


def task(data: dict[str, Any]) -> Task:
    return Task.model_validate(copy.deepcopy(data))


def gold_step(data: dict[str, Any], step_id: str) -> dict[str, Any]:
    return next(s for s in data["gold"] if s["id"] == step_id)


@pytest.fixture(scope="module")
def env(harness_for) -> EmbeddedEnvironment:
    return EmbeddedEnvironment(harness_for(*APPS).store)


@pytest.fixture(scope="module")
def certifier(env) -> Certifier:
    return Certifier(env)


def test_the_version_picks_the_gates(env):
    assert DEFAULT_VERSION == "v2" and GATES_V2[:len(GATES)] == GATES
    assert Certifier(env).gates == GATES_V2
    assert Certifier(env, version="v1").gates == GATES
    with pytest.raises(ValueError, match="unknown certificate version 'v3'"):
        Certifier(env, version="v3")


async def test_v1_runs_todays_gates_and_v2_adds_three(env, certifier):
    data = raw("hr-mismatch/hr-mismatch-title.json")
    assert list(await Certifier(env, version="v1").certify(task(data))) == list(GATES)
    cert = await certifier.certify(task(data))
    assert list(cert) == list(GATES_V2) and all(g.ok for g in cert.values()), cert


# --- equivalence ------------------------------------------------------------------------

def dispute_without_comment() -> dict[str, Any]:
    """The hand dispute task as v1's generator derived such tasks: no comment asked for,
    and the invoice's `comments` column not allowed to change."""
    data = raw("spend-anomaly/spend-anomaly-dispute-duplicate.json")
    data["instruction"] = data["instruction"].replace(" and the comment 'Billed twice'", "")
    del gold_step(data, "dispute")["body"]["comment"]
    data["checks"] = [c for c in data["checks"] if c["id"] != "comment-given"]
    del data["checks"][0]["params"]["also"]["comments"]
    data["guards"][0]["params"]["allow"][0]["fields"].remove("comments")
    return data


async def test_equivalence_fails_when_an_optional_comment_is_collateral(certifier):
    cert = await certifier.certify(task(dispute_without_comment()))
    assert cert["replay-stability"].ok and cert["optional-fields"].ok
    assert not cert["equivalence"].ok
    assert cert["equivalence"].reason.startswith("free-text comment on 'dispute': 0 [")
    assert "changed field comments='Done as you asked.'" in cert["equivalence"].reason


async def test_v1_still_counts_the_comment_as_an_unasked_field(env):
    """v1's optional-fields gate sets the comment and wants < 1 (so v1 tasks certify as
    they did); v2 leaves free text to the equivalence gate."""
    cert = await Certifier(env, version="v1").certify(task(dispute_without_comment()))
    assert cert["optional-fields"].ok and cert["optional-fields"].reason == "dispute (comment)"


async def test_a_typed_date_and_a_user_entered_row_score_one(certifier):
    """The exceptions log row typed as a user types it (USER_ENTERED: the date becomes a
    date serial, the amount a number) is the same row."""
    cert = await certifier.certify(task(raw("spend-anomaly/spend-anomaly-mail-duplicate-log.json")))
    assert cert["equivalence"].ok, cert["equivalence"].reason
    assert "input-option valueInputOption=USER_ENTERED on 'log-row': 1" in \
        cert["equivalence"].reason


async def test_an_html_body_with_escaping_scores_one(certifier):
    cert = await certifier.certify(
        task(raw("spend-anomaly/spend-anomaly-register-lapsed-contract.json")))
    assert cert["equivalence"].ok, cert["equivalence"].reason
    assert "html-body message.body as HTML on 'tell': 1" in cert["equivalence"].reason


async def test_the_other_events_route_scores_one(certifier):
    cert = await certifier.certify(task(raw("hr-mismatch/hr-mismatch-mail-promotion-meeting.json")))
    assert cert["equivalence"].ok, cert["equivalence"].reason
    assert "route POST /v1.0/me/calendar/events for /v1.0/me/events on 'meet': 1" in \
        cert["equivalence"].reason


async def test_optional_fields_still_penalise_an_unasked_flag(certifier):
    data = raw("hr-mismatch/hr-mismatch-raise-hourly.json")
    data["checks"][0]["params"]["fields"]["adjust_for_minimum_wage"] = {"in": [True, False]}
    cert = await certifier.certify(task(data))
    assert cert["optional-fields"].reason == \
        "the gold with adjust_for_minimum_wage=True on 'add' still scores 1"


# --- world facts ------------------------------------------------------------------------

async def test_world_facts_fail_on_a_pinned_null_work_email(certifier):
    data = raw("new-hire-cohort/new-hire-payroll-setup.json")
    cert = await certifier.certify(task(data))
    assert not cert["world-facts"].ok
    assert cert["world-facts"].reason.startswith(
        "payroll-employee-white (payroll.employees): work_email pinned null (the app's "
        "default), but in ")
    assert "the world's rows work_email = email" in cert["world-facts"].reason
    assert "both-emails work_email=barbara.white@arcadia-robotics.com on 'emp-white': " \
        in cert["equivalence"].reason and not cert["equivalence"].ok
    # Asked for both e-mails, as the world keeps them: both gates hold.
    body = gold_step(data, "emp-white")["body"]
    body["work_email"] = body["email"]
    check = next(c for c in data["checks"] if c["id"] == "payroll-employee-white")
    check["params"]["fields"]["work_email"] = "barbara.white@arcadia-robotics.com"
    cert = await certifier.certify(task(data))
    assert cert["world-facts"].ok, cert["world-facts"].reason


async def test_world_facts_fail_on_an_hourly_starter_paid_per_year(certifier):
    data = raw(f"arcadia-v1/{STARTER}")
    cert = await certifier.certify(task(data))
    assert not cert["world-facts"].ok
    assert "pay_type pinned 'Salary' (the app's default), but pay_rate=20.75 is outside " \
           "every world row with pay_type='Salary'" in cert["world-facts"].reason
    # The starter set up as the hourly worker the offer makes them: the gate holds.
    gold_step(data, "s4")["body"].update(payType="Hourly", payPer="Hour", exempt="Non-exempt")
    for check in data["checks"]:
        fields = check["params"]["fields"]
        for col, value in (("pay_type", "Hourly"), ("pay_per", "Hour"), ("type", "Hourly"),
                           ("paid_per", "Hour"), ("exempt", "Non-exempt")):
            if check["params"]["app"] == "hris" and col in fields:
                fields[col] = value
    cert = await certifier.certify(task(data))
    assert cert["replay-stability"].ok, cert["replay-stability"].reason
    assert cert["world-facts"].ok, cert["world-facts"].reason


# --- coherence --------------------------------------------------------------------------

async def _coherence_of(certifier: Certifier, data: dict[str, Any]) -> Any:
    t = task(data)
    a = await certifier.attempt(t, t.gold)
    assert a.error is None, a.error
    return coherence(t.actor, a.diff, await certifier.env.world(t))


def invite(data: dict[str, Any], address: str) -> dict[str, Any]:
    gold_step(data, "meet")["body"]["attendees"].append(
        {"emailAddress": {"address": address}, "type": "required"})
    return data


async def test_coherence_fails_when_the_actor_mails_themself(certifier):
    data = raw("spend-anomaly/spend-anomaly-register-lapsed-contract.json")
    gold_step(data, "tell")["body"]["message"]["toRecipients"] = [
        {"emailAddress": {"address": data["actor"]}}]
    verdict = await _coherence_of(certifier, data)
    assert not verdict.ok
    assert verdict.reason == (f"mail.bodies.to_json: the actor {data['actor']} sends or "
                              "invites to themself")


async def test_coherence_fails_when_an_attendee_has_left(certifier):
    data = raw("hr-mismatch/hr-mismatch-mail-promotion-meeting.json")
    world = await certifier.env.world(task(data))
    leaver = next(p for p in world.people if p.status == "terminated")
    verdict = await _coherence_of(certifier, invite(data, leaver.email))
    assert not verdict.ok
    assert f"{leaver.email.lower()} has left the company (terminated " in verdict.reason


async def test_coherence_fails_when_a_mail_speaks_of_its_reader_in_the_third_person(
        certifier):
    data = raw("hr-mismatch/hr-mismatch-mail-raise-reply.json")
    gold_step(data, "reply")["body"]["comment"] = "Thomas's salary is fixed in payroll."
    verdict = await _coherence_of(certifier, data)
    assert not verdict.ok and "speaks of Thomas" in verdict.reason


async def test_coherent_tasks_hold(certifier):
    cert = await certifier.certify(task(raw("hr-mismatch/hr-mismatch-mail-promotion-meeting.json")))
    assert cert["coherence"].ok and "none is the actor or has left" in cert["coherence"].reason
    verdict = await _coherence_of(certifier, raw("hr-mismatch/hr-mismatch-mail-raise-reply.json"))
    assert verdict.ok, verdict.reason
