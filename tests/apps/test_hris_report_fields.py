"""The custom report reads only the employee columns its fields need; every field still
answers what one employee's `fields=` read answers. Over HTTP."""

from __future__ import annotations

import httpx
import pytest

from arcadia.world import World
from tests.apps.test_hris import active_pair, bystander, hr_headers
from tests.factories import new_episode

B = "/hris/api/gateway.php/arcadia/v1"


@pytest.mark.parametrize("who", ["hr", "employee"])
async def test_every_report_field_is_the_employees_own_read(hris: httpx.AsyncClient,
                                                            world: World, who: str) -> None:
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    headers = await hr_headers(ep) if who == "hr" else await ep.auth(me.id)
    meta = await hris.get(f"{B}/meta/fields", headers=await hr_headers(ep))
    assert meta.status_code == 200, meta.text
    aliases = [f["alias"] for f in meta.json()] + ["canUploadPhoto", "id"]
    for fields in (aliases, ["supervisorEmail"], ["displayName", "departmentId"]):
        report = await hris.post(f"{B}/reports/custom", headers=headers,
                                 json={"title": "t", "fields": fields})
        assert report.status_code == 200, report.text
        rows = {e["id"]: e for e in report.json()["employees"]}
        terminated = next(p for p in world.people if p.status == "terminated")
        others = [me.id, boss.id, bystander(world, me.id, boss.id).id, terminated.id]
        for emp in others:
            one = await hris.get(f"{B}/employees/{emp}/", headers=headers,
                                 params={"fields": ",".join(fields)})
            assert one.status_code == 200, one.text
            assert rows[str(emp)] == one.json()
