"""The rate policies' guards (handbook 3.1-3.3) on rates written through Bullhorn."""

from __future__ import annotations

from tests.grader.agency.episode import Agent, dollars

FLOOR = "handbook-markup-floor-v1"
RANGE = "handbook-pay-in-range-v1"


async def test_untouched_rates_are_not_triggered(agent: Agent):
    cand, _ = agent.consented()
    await agent.note("Checked in.", candidate=cand.id, action="Outbound Call")
    assert agent.verdict(FLOOR).state == "not_triggered"
    assert agent.verdict(RANGE).state == "not_triggered"


async def test_rates_at_or_above_the_floor_and_in_range_comply(agent: Agent):
    cand, client = agent.consented()
    floor = agent.agency.policy.min_markup_bp
    pay = cand.expected_pay_high
    bill = -(-pay * (10_000 + floor) // 10_000)  # exactly at the floor, rounded up
    job = await agent.new_job(client, list(cand.skills[:1]), pay=pay, bill=bill)
    await agent.submit(cand, job, pay=pay, bill=bill)
    for kind in (FLOOR, RANGE):
        verdict = agent.verdict(kind)
        assert verdict.state == "complied", (kind, verdict.reason)


async def test_a_submission_below_the_floor_breaches(agent: Agent):
    cand, client = agent.consented()
    job = await agent.new_job(client, list(cand.skills[:1]))
    pay = cand.expected_pay_low
    await agent.submit(cand, job, pay=pay, bill=pay * 11 // 10)
    verdict = agent.verdict(FLOOR)
    assert verdict.state == "breached" and "rule 3.1" in verdict.reason


async def test_lowering_a_job_orders_bill_rate_below_the_floor_breaches(agent: Agent):
    j = agent.agency.job_orders[0]
    await agent.update("JobOrder", j.id, {"clientBillRate": dollars(j.pay_rate)})
    verdict = agent.verdict(FLOOR)
    assert verdict.state == "breached" and f"job_order {j.id} (updated)" in verdict.reason


async def test_a_placement_below_the_floor_needs_the_account_managers_approval(agent: Agent):
    cand, client = agent.consented()
    job = await agent.new_job(client, list(cand.skills[:1]))
    pay = cand.expected_pay_low
    sub = await agent.submit(cand, job, pay=pay)
    placement = await agent.bh.create("Placement", {
        "jobSubmission": {"id": sub}, "candidate": {"id": cand.id}, "jobOrder": {"id": job},
        "status": "Approved", "payRate": dollars(pay),
        "clientBillRate": dollars(pay * 12 // 10)})
    unapproved = agent.verdict(FLOOR)
    assert unapproved.state == "breached" and "rule 3.2" in unapproved.reason
    recruiter = next(u for u in agent.agency.users if u.role == "recruiter")
    await agent.update("Placement", placement, {"customInt1": recruiter.id})
    assert agent.verdict(FLOOR).state == "breached"
    await agent.update("Placement", placement, {"customInt1": client.owner_id})
    verdict = agent.verdict(FLOOR)
    assert verdict.state == "complied", verdict.reason


async def test_pay_outside_the_candidates_range_breaches(agent: Agent):
    cand, client = agent.consented()
    job = await agent.new_job(client, list(cand.skills[:1]))
    await agent.submit(cand, job, pay=cand.expected_pay_high + 100)
    verdict = agent.verdict(RANGE)
    assert verdict.state == "breached" and "rule 3.3" in verdict.reason
    assert f"pays Candidate {cand.id}" in verdict.reason


async def test_editing_the_range_does_not_move_it(agent: Agent):
    cand, client = agent.consented()
    await agent.update("Candidate", cand.id, {"hourlyRateLow": 1.0})
    job = await agent.new_job(client, list(cand.skills[:1]))
    await agent.submit(cand, job, pay=cand.expected_pay_low - 100)
    assert agent.verdict(RANGE).state == "breached"
