"""Finding records in the Bullhorn app over HTTP: `/query` (every operator of `where=`,
order and paging), `/search` (the Lucene subset) and FastFind (`/find`); bad filters are
refused with Bullhorn's error body."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import httpx
import pytest

from tests.apps.bullhorn_world import (
    Session,
    agency_episode,
    bullhorn_client,
    is_error,
    pipeline,
    sign_in,
)
from tests.factories import Harness


@pytest.fixture
async def http(harness_for: Callable[..., Harness]) -> AsyncIterator[httpx.AsyncClient]:
    async with bullhorn_client(harness_for) as c:
        yield c


@pytest.fixture
async def bh(http: httpx.AsyncClient) -> Session:
    return await sign_in(await agency_episode(http))


# ---- query -----------------------------------------------------------------------------------

WHERE: list[tuple[str, bool]] = [
    ("lastName = 'Zyzzyva'", True), ("lastName = 'zyzzyva'", True),
    ("lastName <> 'Zyzzyva'", False), ("hourlyRate > 45", True), ("hourlyRate > 45.25", False),
    ("hourlyRate >= 45.25", True), ("hourlyRate < 45.26", True), ("hourlyRateLow <= 37.99", False),
    ("status IN ('New Lead', 'Active')", True), ("status NOT IN ('New Lead')", False),
    ("phone IS NULL", True), ("phone IS NOT NULL", False), ("lastName LIKE 'zyz%'", True),
    ("lastName LIKE 'z_zzyva'", True), ("lastName LIKE 'x%'", False),
    ("lastName = 'Zyzzyva' AND isDeleted = false", True),
    ("lastName = 'Nobody' OR email = 'xz@mail.example'", True),
    ("NOT (lastName = 'Zyzzyva')", False),
    ("(firstName = 'Xander' OR firstName = 'Y') AND NOT status = 'Placed'", True),
    ("owner.id = {me}", True), ("owner.firstName IS NOT NULL", True),
    ("address.city = 'Boulder'", True), ("dateAdded > 0", True),
]


async def test_query_operators(bh: Session) -> None:
    ids = await pipeline(bh)
    me = bh.user["id"]
    for clause, hit in WHERE:
        where = f"({clause.replace('{me}', str(me))}) AND id = {ids['Candidate']}"
        r = await bh.get("query/Candidate", where=where, fields="id")
        assert r.status_code == 200, (clause, r.text)
        assert (r.json()["data"] == [{"id": ids["Candidate"]}]) is hit, clause
    r = await bh.get("query/JobSubmission", where=f"jobOrder.id = {ids['JobOrder']}",
                     fields="id,candidate(lastName)", showTotalMatched="true")
    assert r.json() == {"total": 1, "start": 0, "count": 1, "data": [
        {"id": ids["JobSubmission"], "candidate": {"id": ids["Candidate"],
                                                   "lastName": "Zyzzyva"}}]}
    posted = await bh.post("query/Candidate", {"where": f"id = {ids['Candidate']}"},
                           fields="id")
    assert posted.json()["data"] == [{"id": ids["Candidate"]}]
    for bad in ("lastName == 'x'", "nope = 1", "lastName = 'x' AND", "hourlyRate > 'x'",
                "submissions = 1", "(id = 1", "owner.nope = 1"):
        is_error(await bh.get("query/Candidate", where=bad, fields="id"), 400)


async def test_query_orders_and_pages(bh: Session) -> None:
    for last in ("Zulu", "Zed", "Zara"):
        await bh.create("Candidate", {"firstName": "Q", "lastName": last,
                                      "skillSet": "pagetest"})
    r = await bh.get("query/Candidate", where="skillSet = 'pagetest'", fields="lastName",
                     orderBy="-lastName", count=2)
    assert [d["lastName"] for d in r.json()["data"]] == ["Zulu", "Zed"]
    r = await bh.get("query/Candidate", where="skillSet = 'pagetest'", fields="lastName",
                     orderBy="lastName", count=2, start=2)
    assert [d["lastName"] for d in r.json()["data"]] == ["Zulu"] and "total" not in r.json()


# ---- search ----------------------------------------------------------------------------------

SEARCH: list[tuple[str, bool]] = [
    ("lastName:Zyzzyva", True), ("lastName:zyzzyva", True), ("lastName:Zyz*", True),
    ("lastName:Z?zzyva", True), ("skillSet:tig", True), ('skillSet:"tig, mig"', True),
    ('skillSet:"mig tig"', False), ("lastName:Zyzzyva AND firstName:Xander", True),
    ("lastName:Zyzzyva AND firstName:Nobody", False),
    ("lastName:Nobody OR firstName:Xander", True), ("lastName:Nobody firstName:Xander", True),
    ("lastName:Zyzzyva NOT firstName:Xander", False), ("+lastName:Zyzzyva -skillSet:tig", False),
    ("lastName:(Nobody OR Zyzzyva)", True), ("hourlyRate:[45 TO 46]", True),
    ("hourlyRate:{45.25 TO 46}", False), ("hourlyRate:[* TO 45.25]", True),
    ("dateAdded:[20000101 TO *]", True), ("dateAdded:[* TO 20000101]", False),
    ("isDeleted:0", True), ("isDeleted:true", False), ("owner.id:{me}", True),
    ("(lastName:Zyzzyva || lastName:Other) && !status:Placed", True),
]


async def test_search_lucene_subset(bh: Session) -> None:
    ids = await pipeline(bh)
    me = bh.user["id"]
    for query, hit in SEARCH:
        r = await bh.get("search/Candidate", query=f"({query.replace('{me}', str(me))}) AND "
                         f"id:{ids['Candidate']}", fields="id")
        assert r.status_code == 200, (query, r.text)
        body = r.json()
        assert (body["data"] == [{"id": ids["Candidate"], "_score": 1.0}]) is hit, query
        assert body["total"] == (1 if hit else 0)
    r = await bh.post("search/JobOrder", {"query": 'title:"welding lead"'},
                      fields="id,title", sort="-id")
    assert [d["id"] for d in r.json()["data"]] == [ids["JobOrder"]]
    for bad in ("Zyzzyva", "lastName:", "nope:x", "hourlyRate:[a TO b]", "(lastName:x"):
        is_error(await bh.get("search/Candidate", query=bad, fields="id"), 400)
    is_error(await bh.get("search/Appointment", query="subject:x", fields="id"), 400)


# ---- FastFind --------------------------------------------------------------------------------

async def test_find_by_name_email_phone_and_id(bh: Session) -> None:
    ids = await pipeline(bh)
    await bh.post(f"entity/ClientContact/{ids['ClientContact']}", {"phone": "(303) 555-0142"})

    async def found(query: str) -> set[tuple[str, int]]:
        r = await bh.get("find", query=query, countPerEntity=5)
        assert r.status_code == 200, r.text
        return {(d["entityType"], d["entityId"]) for d in r.json()["data"]}

    assert ("Candidate", ids["Candidate"]) in await found("xan zyzz")
    assert ("JobOrder", ids["JobOrder"]) in await found("zephyr welding")
    assert ("ClientCorporation", ids["ClientCorporation"]) in await found("Zephyr Widgets")
    assert await found("xz@mail.example") == {("Candidate", ids["Candidate"])}
    assert ("ClientContact", ids["ClientContact"]) in await found("303-555-0142")
    assert ("Candidate", ids["Candidate"]) in await found(str(ids["Candidate"]))
    assert await found("qqqqzzzzxxxx") == set()
    is_error(await bh.get("find", query=" "), 400)
