"""A production Bullhorn client against the app: plain httpx requests as Bullhorn's REST
reference documents them (OAuth authorize with action=Login, token exchange, REST login,
then calls under the returned restUrl with the BhRestToken), with only the base URLs and
the credentials changed. It works a seeded job order: finds candidates by search, submits
one, moves the submission on, and reads it back by query."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import httpx
import pytest

from tests.apps.bullhorn_world import agency_episode, bullhorn_client
from tests.factories import ADMIN, Harness

# What a deployment changes: where Bullhorn's OAuth server and REST login live
# (https://auth.bullhornstaffing.com and https://rest.bullhornstaffing.com in production),
# and the API user's credentials.
AUTH_URL = "http://arcadia.test/bullhorn/oauth"
LOGIN_URL = "http://arcadia.test/bullhorn/rest-services/login"
CLIENT_ID, CLIENT_SECRET = "my-client-id", "my-client-secret"


@pytest.fixture
async def http(harness_for: Callable[..., Harness]) -> AsyncIterator[httpx.AsyncClient]:
    # The base URL serves the test's control-plane calls; the client's own calls are
    # absolute URLs, as a production client's are.
    async with bullhorn_client(harness_for) as c:
        yield c


async def credentials(http: httpx.AsyncClient) -> tuple[str, str]:
    """The API user's username and password (a recruiter of the agency, its token)."""
    ep = await agency_episode(http)
    r = await ep.client.get(f"/admin/episodes/{ep.id}/principals", params={"role": "recruiter"},
                            headers=ADMIN)
    user = r.json()["principals"][0]
    return user["email"], await ep.token(user["id"])


async def test_a_production_client_works_unchanged(http: httpx.AsyncClient) -> None:
    username, password = await credentials(http)

    # 1. Authorization code (Bullhorn: GET /oauth/authorize ... action=Login; 302 + code).
    r = await http.get(f"{AUTH_URL}/authorize", params={
        "client_id": CLIENT_ID, "response_type": "code", "action": "Login",
        "username": username, "password": password})
    assert r.status_code == 302
    code = httpx.URL(r.headers["Location"]).params["code"]

    # 2. Access token (POST /oauth/token with the code and the client's secret).
    r = await http.post(f"{AUTH_URL}/token", params={
        "grant_type": "authorization_code", "code": code, "client_id": CLIENT_ID,
        "client_secret": CLIENT_SECRET})
    r.raise_for_status()
    access_token = r.json()["access_token"]

    # 3. REST session (POST /rest-services/login?version=*&access_token=...).
    r = await http.post(LOGIN_URL, params={"version": "*", "access_token": access_token})
    r.raise_for_status()
    session = r.json()
    rest_url, bh_rest_token = session["restUrl"], session["BhRestToken"]

    r = await http.get(f"{rest_url}ping", params={"BhRestToken": bh_rest_token})
    assert r.json()["sessionExpires"] > 0

    # 4. An open job order and its required skills (query, token as a query parameter).
    r = await http.get(f"{rest_url}query/JobOrder", params={
        "where": "isOpen = true AND isDeleted = false", "fields": "id,title,skillList,"
        "payRate,clientBillRate,clientCorporation(id,name)", "orderBy": "id",
        "count": 5, "BhRestToken": bh_rest_token})
    r.raise_for_status()
    jobs = r.json()["data"]
    assert jobs, r.text
    job = jobs[0]
    skill = job["skillList"].split(",")[0].strip()

    # 5. Candidates with the skill (Lucene search), not yet submitted to the job.
    r = await http.get(f"{rest_url}search/Candidate", params={
        "query": f'skillSet:"{skill}" AND isDeleted:0', "fields": "id,firstName,lastName,"
        "hourlyRateLow,hourlyRate,submissions(jobOrder)", "sort": "id", "count": 50,
        "BhRestToken": bh_rest_token})
    r.raise_for_status()
    found = r.json()
    assert found["total"] >= len(found["data"]) > 0
    candidate = next(c for c in found["data"]
                     if all(s.get("jobOrder", {}).get("id") != job["id"]
                            for s in c["submissions"]["data"]))

    # 6. Submit (PUT creates), the token as a header from here on.
    headers = {"BhRestToken": bh_rest_token}
    r = await http.put(f"{rest_url}entity/JobSubmission", headers=headers, json={
        "candidate": {"id": candidate["id"]}, "jobOrder": {"id": job["id"]},
        "status": "Submitted", "payRate": job["payRate"], "billRate": job["clientBillRate"]})
    r.raise_for_status()
    assert r.json()["changeType"] == "INSERT"
    submission_id = r.json()["changedEntityId"]

    # 7. Move it on (POST updates), then read it back (GET entity, and query).
    r = await http.post(f"{rest_url}entity/JobSubmission/{submission_id}", headers=headers,
                        json={"status": "Interview Scheduled"})
    r.raise_for_status()
    assert r.json()["changeType"] == "UPDATE"
    r = await http.get(f"{rest_url}entity/JobSubmission/{submission_id}", headers=headers,
                       params={"fields": "id,status,candidate,jobOrder(id,title),payRate"})
    got = r.json()["data"]
    assert got["status"] == "Interview Scheduled"
    assert got["candidate"]["id"] == candidate["id"] and got["jobOrder"]["id"] == job["id"]
    r = await http.get(f"{rest_url}query/JobSubmission", headers=headers, params={
        "where": f"jobOrder.id = {job['id']} AND candidate.id = {candidate['id']}",
        "fields": "id,status", "showTotalMatched": "true"})
    assert r.json()["total"] == 1 and r.json()["data"][0]["id"] == submission_id

    # 8. A note on the candidate, and the entity's meta (fields=*).
    r = await http.put(f"{rest_url}entity/Note", headers=headers, json={
        "action": "Submission", "comments": f"Submitted to {job['title']}.",
        "personReference": {"id": candidate["id"]}, "jobOrder": {"id": job["id"]}})
    r.raise_for_status()
    r = await http.get(f"{rest_url}meta/JobSubmission", headers=headers,
                       params={"fields": "*"})
    assert {f["name"] for f in r.json()["fields"]} >= {"candidate", "jobOrder", "status"}

    # A Bullhorn error reads the same way: errorMessage, errorCode.
    r = await http.get(f"{rest_url}entity/JobSubmission/999999999", headers=headers,
                       params={"fields": "id"})
    assert r.status_code == 404 and r.json()["errorCode"] == 404
