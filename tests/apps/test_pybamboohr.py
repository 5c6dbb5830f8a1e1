"""BambooHR's own Python client, PyBambooHR, against the HRIS served over a real socket.

Only what a user of the real product would change is changed: the base URL (PyBambooHR's
`base_url` attribute; its constructor builds `https://api.bamboohr.com/...` from the
company domain) and the API key (a token of the episode, sent as Basic auth user name).
The client sends XML bodies without a Content-Type and asks for JSON answers.
"""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import requests
from fastapi import FastAPI
from PyBambooHR.PyBambooHR import PyBambooHR

from arcadia.apps.kernel import create_server
from arcadia.apps.registry import load_specs
from tests.factories import ADMIN, ADMIN_TOKEN, free_ports

ROOT = Path(__file__).resolve().parents[2]
DOMAIN = "arcadia"


def hris_app() -> FastAPI:
    """The embedded server with the HRIS only (`uvicorn --factory`)."""
    return create_server(load_specs(["hris"]))


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    port = free_ports()
    env = dict(os.environ, ARCADIA_ADMIN_TOKEN=ADMIN_TOKEN)
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "--factory", "tests.apps.test_pybamboohr:hris_app",
         "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        cwd=ROOT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"{url}/", timeout=1.0)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise AssertionError("the HRIS did not come up") from None
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


class Episode:
    def __init__(self, url: str) -> None:
        self.url = url
        r = httpx.post(f"{url}/admin/episodes", headers=ADMIN, timeout=120,
                       json={"seed": 7, "headcount": 40, "situations": []})
        assert r.status_code == 201, r.text
        self.id = r.json()["episode_id"]

    def principal(self, role: str) -> int:
        r = httpx.get(f"{self.url}/admin/episodes/{self.id}/principals", headers=ADMIN,
                      params={"role": role}, timeout=30)
        return int(r.json()["principals"][0]["id"])

    def client(self, principal: int) -> PyBambooHR:
        r = httpx.post(f"{self.url}/admin/episodes/{self.id}/tokens", headers=ADMIN,
                       json={"principal": principal}, timeout=30)
        assert r.status_code == 201, r.text
        bamboo = PyBambooHR(subdomain=DOMAIN, api_key=r.json()["token"])
        bamboo.base_url = f"{self.url}/hris/api/gateway.php/{DOMAIN}/v1/"
        return bamboo

    def changes(self) -> list[dict[str, Any]]:
        r = httpx.get(f"{self.url}/admin/episodes/{self.id}/changes", headers=ADMIN,
                      timeout=30)
        return list(r.json().get("hris", []))


@pytest.fixture
def episode(server: str) -> Episode:
    return Episode(server)


def test_directory_and_get_employee(episode: Episode) -> None:
    bamboo = episode.client(episode.principal("hr"))
    directory = bamboo.get_employee_directory()
    assert len(directory) >= 30
    someone = next(e for e in directory if e["supervisor"])
    got = bamboo.get_employee(someone["id"], ["firstName", "lastName", "workEmail",
                                              "jobTitle", "department", "mobilePhone"])
    assert got["id"] == someone["id"]
    assert (got["firstName"], got["workEmail"], got["jobTitle"], got["mobilePhone"]) == (
        someone["firstName"], someone["workEmail"], someone["jobTitle"],
        someone["mobilePhone"])
    # Without a field list PyBambooHR asks for every field it knows (some BambooHR fields
    # this HRIS does not keep): those are left out, the rest answered.
    everything = bamboo.get_employee(someone["id"])
    assert everything["lastName"] == someone["lastName"]
    assert everything["gender"] in ("Male", "Female", "Non-binary")
    assert "benefitClassDate" not in everything
    # underscore_keys: the client's other spelling of the same answer.
    bamboo.underscore_keys = True
    assert bamboo.get_employee(someone["id"], ["work_email"])["work_email"] == \
        someone["workEmail"]


def test_update_employee_and_read_back(episode: Episode) -> None:
    bamboo = episode.client(episode.principal("hr"))
    target = bamboo.get_employee_directory()[5]["id"]
    assert bamboo.update_employee(target, {
        "mobilePhone": "412-555-0177", "jobTitle": "Lead Widget Engineer", "gender": "Female",
        "marital_status": "Married", "ssn": "123-45-6789"}) is True
    got = bamboo.get_employee(target, ["mobilePhone", "jobTitle", "gender", "maritalStatus",
                                       "ssn"])
    assert got == {"id": target, "mobilePhone": "412-555-0177",
                   "jobTitle": "Lead Widget Engineer", "gender": "Female",
                   "maritalStatus": "Married", "ssn": "123-45-6789"}
    tables = {c["table"] for c in episode.changes()}
    assert tables == {"employee", "job_info"}  # the title went through the jobInfo table
    # A refused update raises as the client does for BambooHR, and changes nothing.
    before = episode.changes()
    with pytest.raises(requests.HTTPError) as refused:
        bamboo.update_employee(target, {"gender": "Robot"})
    assert refused.value.response.status_code == 400
    assert "gender" in refused.value.response.headers["X-BambooHR-Error-Message"]
    assert episode.changes() == before


def test_add_employee(episode: Episode) -> None:
    bamboo = episode.client(episode.principal("hr"))
    made = bamboo.add_employee({"first_name": "Ann", "last_name": "Lee",
                                "department": "Engineering", "hire_date": "2026-03-16",
                                "home_email": "ann.lee@example.org"})
    assert made["url"].endswith(f"/employees/{made['id']}")
    got = bamboo.get_employee(made["id"], ["firstName", "lastName", "department", "hireDate",
                                           "homeEmail", "employmentHistoryStatus"])
    assert got == {"id": made["id"], "firstName": "Ann", "lastName": "Lee",
                   "department": "Engineering", "hireDate": "2026-03-16",
                   "homeEmail": "ann.lee@example.org", "employmentHistoryStatus": "Full-Time"}
    assert made["id"] in {e["id"] for e in bamboo.get_employee_directory()}


def test_meta_and_time_off(episode: Episode) -> None:
    bamboo = episode.client(episode.principal("hr"))
    fields = {f["alias"]: f for f in bamboo.get_meta_fields()}
    assert fields["ssn"]["type"] == "ssn" and fields["gender"]["type"] == "gender"
    lists = {lst["alias"] for lst in bamboo.get_meta_lists()}
    assert {"department", "jobTitle"} <= lists
    requests_ = bamboo.get_time_off_requests("2026-01-01", "2026-06-30")
    assert isinstance(requests_, list) and requests_
    assert {"id", "employeeId", "status", "start", "end"} <= set(requests_[0])
    # The custom report goes as a <report> XML body.
    report = bamboo.request_custom_report(["firstName", "ssn", "work_email"],
                                          report_format="json", title="People")
    assert report["title"] == "People"
    assert [f["id"] for f in report["fields"]] == ["firstName", "ssn", "workEmail"]
    assert len(report["employees"]) == 40 and all(e["ssn"] for e in report["employees"])


def test_sync_and_table_calls(episode: Episode) -> None:
    """The tables' metadata (which PyBambooHR reads as XML, sending no Accept header), who's
    out, and the change feeds."""
    bamboo = episode.client(episode.principal("hr"))
    tables = bamboo.get_meta_tables()
    assert "jobInfo" in {t["alias"] for t in tables}
    out = bamboo.get_whos_out("2026-03-01", "2026-03-31")
    assert isinstance(out, list)
    since = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    changes = bamboo.get_employee_changes(since=since)
    assert changes["employees"]
    jobs = bamboo.get_employee_changed_table("jobInfo", since=since)
    assert jobs["employees"]


def test_only_hr_may_update(episode: Episode) -> None:
    hr = episode.client(episode.principal("hr"))
    someone = next(e for e in hr.get_employee_directory() if e["id"] != "1000")
    bamboo = episode.client(int(someone["id"]))
    with pytest.raises(requests.HTTPError) as refused:
        bamboo.update_employee(someone["id"], {"mobilePhone": "1"})
    assert refused.value.response.status_code == 403
    assert episode.changes() == []
