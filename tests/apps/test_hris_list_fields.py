"""The cursor-paged employee list answers every field Get Employee answers, with its value
(issue 29: the list dropped the supervisor fields)."""

from __future__ import annotations

import httpx

from arcadia.world import World
from tests.apps.test_hris import B, active_pair, hr_headers
from tests.factories import new_episode

# Supervisor fields by name and by numeric id (1363: supervisorEmail), the list fields' ids,
# sensitive fields (home e-mail and phone: private on both), and fields the list had no
# reader for.
FIELDS = ("supervisor,supervisorId,supervisorEId,supervisorEmail,1363,reportsToName,"
          "reportsToId,jobTitleId,departmentId,divisionId,locationId,employmentStatusId,"
          "employmentHistoryStatus,employmentStatus,displayName,employeeNumber,hireDate,"
          "workEmail,bestEmail,payRate,homeEmail,homePhone,canUploadPhoto,terminationDate,nope")


async def test_list_answers_get_employees_fields_with_its_values(hris: httpx.AsyncClient,
                                                                 world: World) -> None:
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    ids = [me.id, boss.id] + [p.id for p in world.people[:30] if p.id not in (me.id, boss.id)]
    for headers in (await hr_headers(ep), await ep.auth(me.id)):
        r = await hris.get(f"{B}/employees", headers=headers, params={
            "filter[ids]": ",".join(map(str, ids)), "fields": FIELDS, "page[limit]": 100})
        assert r.status_code == 200, r.text
        rows = {int(e["employeeId"]): e for e in r.json()["data"]}
        assert sorted(rows) == sorted(ids)
        for emp in ids:
            one = await hris.get(f"{B}/employees/{emp}/", params={"fields": FIELDS},
                                 headers=headers)
            assert one.status_code == 200, one.text
            single = {k: v for k, v in one.json().items() if k != "id"}
            row = rows[emp]
            assert {k: row.get(k, "missing") for k in single} == single, emp
            # What Get Employee leaves out for this caller, the list nulls and names.
            hidden = [k for k in FIELDS.split(",") if k not in single and k != "nope"]
            assert all(row[k] is None for k in hidden)
            assert row["_restrictedFields"] == hidden
            assert "nope" not in row
    mine = rows[me.id]
    boss_email = next(p.email for p in world.people if p.id == boss.id)
    assert mine["supervisorEId"] == mine["reportsToId"] == str(boss.id)
    assert mine["supervisorEmail"] == mine["1363"] == boss_email.lower()
    assert mine["supervisor"] == mine["reportsToName"] is not None
