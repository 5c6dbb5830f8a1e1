"""The HRIS's sync and time off reads through HTTP: who's out, time off balances, changed
employees and tables, and the cursor-paged employee list."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal

import httpx

from arcadia.world import World
from tests.apps.test_hris import (
    B,
    active_pair,
    assert_bamboo_error,
    bystander,
    hr_headers,
    hris_changes,
)
from tests.factories import SPEC, new_episode

TODAY = SPEC.now.date()
# Before anyone's hire date: every seeded employee changed since then.
EARLY = "1900-01-01T00:00:00Z"


# -- who's out --------------------------------------------------------------------------------


async def test_whos_out_defaults_to_two_weeks_and_lists_approved_time_off(
        hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    people = {p.id: p for p in world.people}
    approved = next(t for t in world.time_off if t.status == "approved" and t.start >= TODAY)
    window = {"start": approved.start.isoformat(), "end": approved.end.isoformat()}
    r = await hris.get(f"{B}/time_off/whos_out", params=window, headers=await ep.auth(me.id))
    assert r.status_code == 200, r.text
    entries = r.json()
    mine = [e for e in entries if e["type"] == "timeOff" and e["id"] == approved.id]
    assert mine == [{"id": approved.id, "type": "timeOff", "employeeId": approved.person_id,
                     "name": people[approved.person_id].name,
                     "start": approved.start.isoformat(), "end": approved.end.isoformat()}]
    expected = {t.id for t in world.time_off if t.status == "approved"
                and t.start <= approved.end and t.end >= approved.start}
    assert {e["id"] for e in entries if e["type"] == "timeOff"} == expected
    assert [e["start"] for e in entries] == sorted(e["start"] for e in entries)
    default = (await hris.get(f"{B}/time_off/whos_out", headers=await ep.auth(me.id))).json()
    last = TODAY + timedelta(days=14)
    assert {e["id"] for e in default if e["type"] == "timeOff"} == {
        t.id for t in world.time_off if t.status == "approved" and t.start <= last
        and t.end >= TODAY}


async def test_whos_out_shows_holidays_and_refuses_bad_ranges(hris: httpx.AsyncClient,
                                                              world: World) -> None:
    ep = await new_episode(hris)
    headers = await ep.auth(active_pair(world)[0].id)
    year = TODAY.year
    r = await hris.get(f"{B}/time_off/whos_out", headers=headers,
                       params={"start": f"{year}-07-01", "end": f"{year}-07-07"})
    holidays = [e for e in r.json() if e["type"] == "holiday"]
    assert holidays == [{"id": holidays[0]["id"], "type": "holiday",
                         "name": "Independence Day", "start": f"{year}-07-04",
                         "end": f"{year}-07-04"}]
    for params in ({"start": "2026-03-10", "end": "2026-03-01"}, {"start": "03/01/2026"},
                   {"start": "2020-01-01", "end": "2026-01-01"}):
        assert_bamboo_error(await hris.get(f"{B}/time_off/whos_out", params=params,
                                           headers=headers), 400)


# -- balances ---------------------------------------------------------------------------------


def _months_begun(hire: date, on: date) -> int:
    return sum(1 for m in range(1, 13) if date(on.year, m, 1) <= on
               and hire < date(on.year + m // 12, m % 12 + 1, 1))


async def test_calculator_balances_add_up_with_accruals_and_approved_requests(
        hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    people = {p.id: p for p in world.people}
    past = [t for t in world.time_off if t.status == "approved" and t.type == "Vacation"
            and date(TODAY.year, 1, 1) <= t.start and t.end <= TODAY
            and people[t.person_id].status == "active"
            and people[t.person_id].hire_date.year < TODAY.year]
    assert past, "the world has an approved vacation taken this year"
    person = people[past[0].person_id]
    used = sum(t.amount_days for t in world.time_off if t.person_id == person.id
               and t.status == "approved" and t.type == "Vacation"
               and date(TODAY.year, 1, 1) <= t.start and t.end <= TODAY)
    r = await hris.get(f"{B}/employees/{person.id}/time_off/calculator",
                       headers=await ep.auth(person.id))
    assert r.status_code == 200, r.text
    by_name = {b["name"]: b for b in r.json()}
    vacation = by_name["Vacation"]
    accrued = Decimal(15) * _months_begun(person.hire_date, TODAY) / 12
    assert vacation == {"timeOffType": "1", "name": "Vacation", "units": "days",
                        "balance": str((accrued - used).quantize(Decimal("0.01"))),
                        "end": TODAY.isoformat(),
                        "policyType": "accruing", "usedYearToDate": f"{Decimal(used):.2f}"}
    assert by_name["Personal"]["policyType"] == "manual"
    # Approving and taking more time off lowers the balance by exactly its days.
    hr = await hr_headers(ep)
    start = TODAY + timedelta(days=(7 - TODAY.weekday()) % 7 + 21)  # a Monday, 3+ weeks out
    req = await hris.put(f"{B}/employees/{person.id}/time_off/request", headers=hr, json={
        "status": "approved", "start": start.isoformat(),
        "end": (start + timedelta(days=1)).isoformat(), "timeOffTypeId": "1"})
    assert req.status_code == 201, req.text
    end = start + timedelta(days=1)
    later = (await hris.get(f"{B}/employees/{person.id}/time_off/calculator", headers=hr,
                            params={"end": end.isoformat(), "precision": 1})).json()
    later_vacation = next(b for b in later if b["name"] == "Vacation")
    taken_by_end = sum(t.amount_days for t in world.time_off if t.person_id == person.id
                       and t.status == "approved" and t.type == "Vacation"
                       and date(end.year, 1, 1) <= t.start and t.end <= end)
    expected = Decimal(15) * _months_begun(person.hire_date, end) / 12 - taken_by_end - 2
    assert later_vacation["balance"] == str(expected.quantize(Decimal("0.1"), ROUND_HALF_UP))
    assert later_vacation["usedYearToDate"] == f"{Decimal(taken_by_end + 2):.1f}"


async def test_calculator_role_rules_and_bad_input(hris: httpx.AsyncClient,
                                                   world: World) -> None:
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    url = f"{B}/employees/{me.id}/time_off/calculator"
    assert (await hris.get(url, headers=await ep.auth(boss.id))).status_code == 200
    assert (await hris.get(url, headers=await hr_headers(ep))).status_code == 200
    peer = bystander(world, me.id, boss.id)
    assert_bamboo_error(await hris.get(url, headers=await ep.auth(peer.id)), 403)
    mine = await ep.auth(me.id)
    assert_bamboo_error(await hris.get(url, params={"precision": 5}, headers=mine), 400)
    assert_bamboo_error(await hris.get(url, params={"end": "tomorrow"}, headers=mine), 400)
    assert_bamboo_error(await hris.get(f"{B}/employees/999999/time_off/calculator",
                                       headers=mine), 404)


# -- changed employees and tables ---------------------------------------------------------------


async def test_changed_since_a_tick_after_a_write(hris: httpx.AsyncClient,
                                                  world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    hr = await hr_headers(ep)
    loaded = SPEC.now.isoformat() + "Z"
    before = (await hris.get(f"{B}/employees/changed", params={"since": loaded},
                             headers=hr)).json()
    assert before == {"latest": SPEC.now.isoformat() + "+00:00", "employees": {}}
    everyone = (await hris.get(f"{B}/employees/changed", headers=hr,
                               params={"since": EARLY})).json()
    assert len(everyone["employees"]) == len(world.people)
    r = await hris.post(f"{B}/employees/{me.id}/tables/emergencyContacts", headers=hr,
                        json={"name": "Pat Doe", "relationship": "Friend"})
    assert r.status_code == 200, r.text
    new = await hris.post(f"{B}/employees/", headers=hr,
                          json={"firstName": "Nia", "lastName": "Vance"})
    assert new.status_code == 201, new.text
    new_id = new.json()["id"]
    changed = (await hris.get(f"{B}/employees/changed", params={"since": loaded},
                              headers=hr)).json()
    assert set(changed["employees"]) == {str(me.id), new_id}
    assert changed["employees"][str(me.id)]["action"] == "Updated"
    assert changed["employees"][new_id]["action"] == "Inserted"
    assert changed["latest"] == changed["employees"][new_id]["lastChanged"]
    assert changed["latest"] > changed["employees"][str(me.id)]["lastChanged"]
    inserted = (await hris.get(f"{B}/employees/changed", headers=hr,
                               params={"since": loaded, "type": "inserted"})).json()
    assert list(inserted["employees"]) == [new_id]
    # Since the first write's own timestamp: only the later one.
    first = changed["employees"][str(me.id)]["lastChanged"]
    later = (await hris.get(f"{B}/employees/changed", params={"since": first},
                            headers=hr)).json()
    assert list(later["employees"]) == [new_id]
    rows = (await hris.get(f"{B}/employees/changed/tables/emergencyContacts",
                           params={"since": loaded}, headers=hr)).json()
    assert rows["table"] == "emergencyContacts"
    assert list(rows["employees"]) == [str(me.id)]  # the new hire has no contacts
    mine = rows["employees"][str(me.id)]
    assert mine["lastChanged"] == first
    assert mine["rows"][-1]["name"] == "Pat Doe"
    assert all(r["employeeId"] == str(me.id) for r in mine["rows"])


async def test_changed_tables_hide_what_the_caller_may_not_see(hris: httpx.AsyncClient,
                                                               world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    peer = bystander(world, me.id)
    params = {"since": EARLY}
    rows = (await hris.get(f"{B}/employees/changed/tables/compensation", params=params,
                           headers=await ep.auth(peer.id))).json()
    assert list(rows["employees"]) == [str(peer.id)]
    jobs = (await hris.get(f"{B}/employees/changed/tables/jobInfo", params=params,
                           headers=await ep.auth(peer.id))).json()
    assert len(jobs["employees"]) == len(world.people)
    for bad in ({"since": "yesterday"}, {"since": "2026-01-01T00:00:00Z", "type": "moved"}):
        assert_bamboo_error(await hris.get(f"{B}/employees/changed", params=bad,
                                           headers=await ep.auth(peer.id)), 400)
    assert hris_changes(await ep.changes()) == []


def _stamp(moment: datetime) -> str:
    return moment.isoformat() + "+00:00"


def _seeded_change(on: date) -> datetime:
    """A seeded change recorded on `on`: at 09:00 world time, never after the world's now."""
    return min(datetime.combine(on, time(9, 0)), SPEC.now)


async def test_seeded_last_changed_follows_the_worlds_own_history(hris: httpx.AsyncClient,
                                                                  world: World) -> None:
    ep = await new_episode(hris)
    hr = await hr_headers(ep)
    url = f"{B}/employees/changed"
    # The world keeps no date for going on leave; the HRIS's employmentStatus rows hold it.
    statuses = (await hris.get(f"{url}/tables/employmentStatus", params={"since": EARLY},
                               headers=hr)).json()["employees"]
    on_leave = {p.id for p in world.people if p.status == "on_leave"}
    latest: dict[str, datetime] = {}
    for p in world.people:
        days = [p.hire_date, *(j.effective_date for j in p.job_history),
                *(c.effective_date for c in p.comp_history)]
        if p.termination_date is not None:
            days.append(p.termination_date)
        if p.id in on_leave:
            days += [date.fromisoformat(r["date"]) for r in statuses[str(p.id)]["rows"]]
        latest[str(p.id)] = _seeded_change(max(days))
    hired = {str(p.id): _seeded_change(p.hire_date) for p in world.people}

    def since(moment: datetime) -> dict[str, dict[str, str]]:
        return {eid: {"id": eid, "action": "Inserted" if hired[eid] > moment else "Updated",
                      "lastChanged": _stamp(last)}
                for eid, last in sorted(latest.items(), key=lambda kv: int(kv[0]))
                if last > moment}

    everyone = (await hris.get(url, params={"since": EARLY}, headers=hr)).json()
    assert everyone["employees"] == since(datetime.fromisoformat(EARLY.removesuffix("Z")))
    assert everyone["latest"] == _stamp(max(latest.values()))
    assert len(set(latest.values())) > 1  # not one instant for everyone
    week_ago = SPEC.now - timedelta(days=7)
    week = (await hris.get(url, params={"since": week_ago.isoformat() + "Z"},
                           headers=hr)).json()
    assert week["employees"] == since(week_ago)
    assert len(week["employees"]) < len(world.people)
    # The standard world's last week may be quiet; the week before its latest change is not.
    busy = max(latest.values()) - timedelta(days=7)
    recent = (await hris.get(url, params={"since": busy.isoformat() + "Z"},
                             headers=hr)).json()
    assert recent["employees"] == since(busy)
    assert 0 < len(recent["employees"]) < len(world.people)
    # HR's recent raises, transfers and terminations (those payroll lacks) show up.
    month_ago = SPEC.now - timedelta(days=41)
    month = (await hris.get(url, params={"since": month_ago.isoformat() + "Z"},
                            headers=hr)).json()
    assert month["employees"] == since(month_ago)
    assert 0 < len(month["employees"]) < len(world.people) // 4
    mismatched = {str(a["person_id"]) for inst in world.situations
                  if inst.id == "hr-mismatch-v1" for a in inst.anchors}
    assert mismatched and mismatched <= set(month["employees"])
    stale = min(latest, key=lambda eid: (latest[eid], int(eid)))
    assert latest[stale] <= month_ago and stale not in month["employees"]
    rows = (await hris.get(f"{url}/tables/jobInfo", params={"since": month_ago.isoformat()},
                           headers=hr)).json()["employees"]
    assert {eid: e["lastChanged"] for eid, e in rows.items()} == {
        eid: e["lastChanged"] for eid, e in month["employees"].items()}
    later = SPEC.now + timedelta(minutes=1)
    none = (await hris.get(url, params={"since": later.isoformat() + "Z"}, headers=hr)).json()
    assert none == {"latest": _stamp(later), "employees": {}}


# -- the cursor-paged list ----------------------------------------------------------------------


async def test_cursor_paging_visits_every_employee_exactly_once(hris: httpx.AsyncClient,
                                                                world: World) -> None:
    ep = await new_episode(hris)
    headers = await ep.auth(active_pair(world)[0].id)
    seen: list[str] = []
    cursor = None
    pages = 0
    while True:
        params = {"page[limit]": 170, **({"page[after]": cursor} if cursor else {})}
        r = await hris.get(f"{B}/employees", params=params, headers=headers)
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["meta"]["total"] == len(world.people)
        seen += [e["employeeId"] for e in body["data"]]
        pages += 1
        cursor = body["meta"]["page"]["nextCursor"]
        assert ("next" in body["_links"]) == (cursor is not None)
        if cursor is None:
            break
    assert pages == -(-len(world.people) // 170)
    assert seen == [str(p.id) for p in sorted(world.people, key=lambda p: p.id)]
    again = await hris.get(f"{B}/employees", params={"page[limit]": 170}, headers=headers)
    assert again.json()["meta"]["page"]["nextCursor"] is not None  # deterministic cursors
    first = await hris.get(f"{B}/employees", params={"page[limit]": 170}, headers=headers)
    assert first.json() == again.json()


async def test_list_filters_fields_and_restricted(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    mine = await ep.auth(me.id)
    params = {"filter[ids]": f"{me.id},{boss.id}", "fields": "birthDate,reportsToId,nope",
              "sort": "-employeeId"}
    body = (await hris.get(f"{B}/employees", params=params, headers=mine)).json()
    rows = {e["employeeId"]: e for e in body["data"]}
    assert list(rows) == sorted([str(me.id), str(boss.id)], key=int, reverse=True)
    assert rows[str(me.id)]["birthDate"] == me.birth_date.isoformat()
    assert rows[str(me.id)]["reportsToId"] == str(boss.id)
    assert rows[str(me.id)]["_restrictedFields"] == []
    assert rows[str(boss.id)]["birthDate"] is None
    assert rows[str(boss.id)]["_restrictedFields"] == ["birthDate"]
    assert "nope" not in rows[str(me.id)]
    inactive = (await hris.get(f"{B}/employees", params={"filter[status]": "inactive"},
                               headers=mine)).json()
    assert inactive["meta"]["total"] == sum(p.status == "terminated" for p in world.people)
    assert {e["status"] for e in inactive["data"]} == {"Inactive"}
    name = (await hris.get(f"{B}/employees", headers=mine,
                           params={"filter[lastName]": me.last_name.upper()})).json()
    assert str(me.id) in {e["employeeId"] for e in name["data"]}
    for bad in ({"page[limit]": 0}, {"page[after]": "garbage"}, {"sort": "salary"},
                {"filter[status]": "gone"}, {"page[before]": "x"},
                {"filter[ids]": str(2**63)}, {"filter[ids]": "\u00b2"}):
        assert_bamboo_error(await hris.get(f"{B}/employees", params=bad, headers=mine), 400)


async def test_extreme_dates_are_answered_not_crashed(hris: httpx.AsyncClient,
                                                      world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    mine = await ep.auth(me.id)
    r = await hris.get(f"{B}/employees/0/time_off/calculator", params={"end": "9999-12-31"},
                       headers=mine)
    assert r.status_code == 200, r.text
    r = await hris.get(f"{B}/time_off/whos_out", params={"start": "9999-12-25"}, headers=mine)
    assert r.status_code == 200, r.text
    for since in ("0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00"):
        r = await hris.get(f"{B}/employees/changed", params={"since": since}, headers=mine)
        assert r.status_code == 200, r.text


async def test_calculator_counts_balance_adjustments_and_assigned_policies_only(
        hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    hr = await hr_headers(ep)
    url = f"{B}/employees/{me.id}/time_off/calculator"
    before = {b["name"]: b for b in (await hris.get(url, headers=hr)).json()}
    r = await hris.put(f"{B}/employees/{me.id}/time_off/balance_adjustment", headers=hr,
                       json={"date": TODAY.isoformat(), "timeOffTypeId": 2, "amount": "2.5"})
    assert r.status_code in (200, 201), r.text
    after = {b["name"]: b for b in (await hris.get(url, headers=hr)).json()}
    assert Decimal(after["Sick"]["balance"]) == Decimal(before["Sick"]["balance"]) + \
        Decimal("2.5")
    assert after["Vacation"] == before["Vacation"]
    # An adjustment dated after `end` does not count yet.
    early = {b["name"]: b for b in (await hris.get(url, headers=hr, params={
        "end": (TODAY - timedelta(days=1)).isoformat()})).json()}
    assert Decimal(early["Sick"]["balance"]) < Decimal(after["Sick"]["balance"])
    # Removing the Personal policy removes its balance from the calculator.
    r = await hris.put(f"{B}/employees/{me.id}/time_off/policies", headers=hr,
                       json=[{"timeOffPolicyId": 3, "accrualStartDate": None}])
    assert r.status_code == 200, r.text
    names = [b["name"] for b in (await hris.get(url, headers=hr)).json()]
    assert names == ["Vacation", "Sick"]
