"""Fuzzing every registered app through its own OpenAPI document (schemathesis).

A real uvicorn server hosts every app (a dropped connection shows only over a real
socket). For each documented operation, schemathesis generates requests that fit the
document (positive) and requests that do not (negative), with a token whose principal
holds every role the app names and, most of the time, path ids that exist in the episode.
Each response must hold:

- no 5xx and no dropped connection;
- a status the document lists for the operation, a documented content type, and a body
  and headers matching the documented schema;
- a refused request (4xx) changes nothing: the episode's clock does not advance (the
  kernel writes the tick and the changes in one commit, so an unmoved clock means no
  change was committed).

The suite runs `ARCADIA_FUZZ_EXAMPLES` examples per operation and mode (default 3,
derandomized, so CI is repeatable). Longer runs (random seeds, more examples):

    ARCADIA_FUZZ_EXAMPLES=300 ARCADIA_FUZZ_RANDOM=1 pytest -q tests/apps/test_fuzz.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from arcadia.apps.registry import APP_NAMES
from tests.apps.bullhorn_world import agency_body
from tests.apps.restaurant_world import shift_body
from tests.factories import ADMIN, ADMIN_TOKEN, MISMATCH, SPEC, free_ports

EXAMPLES = int(os.environ.get("ARCADIA_FUZZ_EXAMPLES", "3"))
RANDOM = os.environ.get("ARCADIA_FUZZ_RANDOM") == "1"
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance, response_headers_conformance]


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_ports()
    env = {**os.environ, "ARCADIA_ADMIN_TOKEN": ADMIN_TOKEN}
    log = tmp_path_factory.mktemp("fuzz") / "server.log"
    with log.open("wb") as sink:
        proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "--factory", "tests.apps.fuzz_server:embedded",
             "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
            env=env, stdout=subprocess.DEVNULL, stderr=sink)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                if httpx.get(f"{url}/admin/health", headers=ADMIN).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if proc.poll() is not None:
                raise RuntimeError(f"the server exited: {log.read_text()}")
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@dataclass
class Target:
    """One app in one fresh episode, seen by a principal with every role it names."""

    url: str
    episode: str
    headers: dict[str, str]
    valid: dict[str, str]
    last_tick: int = 0

    def tick(self, client: httpx.Client) -> int:
        r = client.get(f"{self.url.rsplit('/', 1)[0]}/admin/episodes/{self.episode}",
                       headers=ADMIN)
        r.raise_for_status()
        return int(r.json()["tick"])


def _hris_ids(client: httpx.Client, base: str) -> dict[str, str]:
    b = f"{base}/api/gateway.php/arcadia/v1"
    employees = client.get(f"{b}/employees/directory").json()["employees"]
    emp = str(employees[0]["id"])
    rows = client.get(f"{b}/employees/{emp}/tables/jobInfo").json()
    today = SPEC.now.date()
    requests = client.get(f"{b}/time_off/requests/", params={
        "start": str(today.replace(year=today.year - 1)),
        "end": str(today.replace(year=today.year + 1))}).json()
    return {"companyDomain": "arcadia", "id": emp, "rowId": str(rows[-1]["id"]),
            "requestId": str(requests[0]["id"]) if requests else "1", "table": "jobInfo"}


def _payroll_ids(client: httpx.Client, base: str) -> dict[str, str]:
    def first(path: str, key: str = "uuid") -> str:
        items = client.get(f"{base}{path}").json()
        return str(items[0][key]) if isinstance(items, list) and items else "unknown"

    company = client.get(f"{base}/v1/token_info").json()["resource"]["uuid"]
    emp = first(f"/v1/companies/{company}/employees")
    job = first(f"/v1/employees/{emp}/jobs")
    payroll = first(f"/v1/companies/{company}/payrolls", "payroll_uuid")
    return {"company_id": company, "company_uuid": company, "employee_id": emp,
            "employee_uuid": emp, "job_id": job, "payroll_id": payroll, "payroll_uuid": payroll,
            "compensation_id": first(f"/v1/jobs/{job}/compensations"),
            "department_uuid": first(f"/v1/companies/{company}/departments"),
            "location_id": first(f"/v1/companies/{company}/locations"),
            "pay_schedule_id": first(f"/v1/companies/{company}/pay_schedules"),
            "contractor_uuid": first(f"/v1/companies/{company}/contractors"),
            "company_benefit_id": first(f"/v1/companies/{company}/company_benefits"),
            "employee_benefit_id": first(f"/v1/employees/{emp}/employee_benefits"),
            "bank_account_uuid": first(f"/v1/employees/{emp}/bank_accounts"),
            "home_address_uuid": first(f"/v1/employees/{emp}/home_addresses"),
            "work_address_uuid": first(f"/v1/employees/{emp}/work_addresses")}


def _ats_ids(client: httpx.Client, base: str) -> dict[str, str]:
    def first(path: str) -> str:
        items = client.get(f"{base}{path}", params={"per_page": 1}).json()
        return str(items[0]["id"]) if isinstance(items, list) and items else "1"

    job = first("/v1/jobs?status=open")
    application = first(f"/v1/applications?job_id={job}")
    # The fuzzing principal is the lowest-numbered person (the ATS asks for no route
    # roles), whose ATS user is the first user: their id is the On-Behalf-Of writes need.
    return {"job_id": job, "id": application, "candidate_id": first("/v1/candidates"),
            "tag_id": first("/v1/tags/candidate"), "field_type": "offer",
            "On-Behalf-Of": first("/v1/users")}


def _procurement_ids(client: httpx.Client, base: str) -> dict[str, str]:
    def first(path: str) -> str:
        items = client.get(f"{base}/api/{path}", params={"limit": 1}).json()
        return str(items[0]["id"]) if isinstance(items, list) and items else "1"

    supplier = first("suppliers")
    return {"supplier_id": supplier, "id": first(f"suppliers/{supplier}/addresses")}


def _calendar_ids(client: httpx.Client, base: str) -> dict[str, str]:
    b = f"{base}/v1.0"
    calendar = client.get(f"{b}/me/calendar").json()
    events = client.get(f"{b}/me/events", params={"$top": 1}).json().get("value") or []
    if not events:  # a world without meetings: one of the principal's own
        events = [client.post(f"{b}/me/events", json={
            "subject": "Fuzz", "start": {"dateTime": "2026-03-02T09:00:00", "timeZone": "UTC"},
            "end": {"dateTime": "2026-03-02T10:00:00", "timeZone": "UTC"}}).json()]
    rooms = client.get(f"{b}/places/microsoft.graph.room").json().get("value") or []
    # A world without rooms has no place id: the owner's address then (a 404 place).
    place = rooms[0]["id"] if rooms else calendar["owner"]["address"]
    return {"user_id": calendar["owner"]["address"], "calendar_id": calendar["id"],
            "event_id": events[0]["id"], "place_id": place}


def _mail_ids(client: httpx.Client, base: str) -> dict[str, str]:
    # A fresh world may hold no mail: a draft with an attachment and a child folder give
    # every path id something to name (made through the app itself).
    me = f"{base}/v1.0/me"
    draft = client.post(f"{me}/messages", json={"subject": "fuzz", "toRecipients": [
        {"emailAddress": {"address": "fuzz@example.com"}}]}).json()
    att = client.post(f"{me}/messages/{draft['id']}/attachments", json={
        "@odata.type": "#microsoft.graph.fileAttachment", "name": "a.txt",
        "contentBytes": "aGk="}).json()
    child = client.post(f"{me}/mailFolders/inbox/childFolders",
                        json={"displayName": "fuzz"}).json()
    user = client.get(f"{me}/mailFolders/inbox").json()["@odata.context"].split("'")[1]
    return {"user_id": user, "message_id": draft.get("id", "unknown"),
            "attachment_id": att.get("id", "unknown"), "folder_id": "inbox",
            "child_id": child.get("id", "unknown")}
def _sheets_ids(client: httpx.Client, url: str) -> dict[str, str]:
    # Sheets has no listing (Drive lists files): create one the principal owns.
    r = client.post(f"{url}/v4/spreadsheets", json={"properties": {"title": "Fuzz"}})
    r.raise_for_status()
    return {"spreadsheetId": r.json()["spreadsheetId"], "range": "Sheet1!A1:C3"}


def _restaurant_ids(client: httpx.Client, base: str) -> dict[str, str]:
    # The manager's API names nothing in its paths: one shift per episode.
    assert client.get(f"{base}/shift").status_code == 200
    return {}


def _bullhorn_ids(client: httpx.Client, base: str) -> dict[str, str]:
    # The restUrl's corporation token, and a seeded candidate (ids of one entity type are
    # not ids of another, so most fuzzed ids are refused with a 404 all the same).
    r = client.get(f"{base}/rest-services/login", params={"version": "*"})
    r.raise_for_status()
    corp = r.json()["restUrl"].rstrip("/").rsplit("/", 1)[1]
    r = client.get(f"{base}/rest-services/{corp}/query/Candidate",
                   params={"where": "id > 0", "fields": "id", "count": 1})
    r.raise_for_status()
    key = str(r.json()["data"][0]["id"])
    return {"corpToken": corp, "entityIds": key, "entityId": key, "entityType": "Candidate",
            "association": "secondaryOwners"}


# Per app: path parameter -> an id that exists in a fresh episode (fetched through the app).
VALID_IDS: dict[str, Callable[[httpx.Client, str], dict[str, str]]] = {
    "hris": _hris_ids, "payroll": _payroll_ids, "ats": _ats_ids,
    "procurement": _procurement_ids, "mail": _mail_ids, "calendar": _calendar_ids,
    "sheets": _sheets_ids, "restaurant": _restaurant_ids, "bullhorn": _bullhorn_ids}
# Per app serving another world than Arcadia Robotics: the episode to fuzz it in.
EPISODES: dict[str, dict[str, Any]] = {"restaurant": shift_body(), "bullhorn": agency_body()}


def _roles(doc: dict[str, Any]) -> set[str]:
    return {role for item in doc["paths"].values() for op in item.values()
            if isinstance(op, dict) for role in op.get("x-roles", ())}


def _target(base_url: str, name: str, doc: dict[str, Any]) -> Target:
    with httpx.Client(headers=ADMIN, timeout=120) as admin:
        body = EPISODES.get(name, {"seed": 7, "situations": [MISMATCH]})
        r = admin.post(f"{base_url}/admin/episodes", json=body)
        assert r.status_code == 201, r.text
        episode = r.json()["episode_id"]
        wanted = _roles(doc)
        people = admin.get(f"{base_url}/admin/episodes/{episode}/principals").json()
        best = max(people["principals"], key=lambda p: (len(wanted & set(p["roles"])), -p["id"]))
        token = admin.post(f"{base_url}/admin/episodes/{episode}/tokens",
                           json={"principal": best["id"]}).json()["token"]
    headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}
    url = f"{base_url}/{name}"
    with httpx.Client(headers=headers, timeout=60) as client:
        valid = VALID_IDS[name](client, url) if name in VALID_IDS else {}
    return Target(url, episode, headers, valid)


def _can_be_ill_formed(operation: dict[str, Any]) -> bool:
    """Whether a request can break the operation's document: it takes a body, or a
    parameter that is not free text (free text in a path is never ill-formed)."""
    if "requestBody" in operation:
        return True
    for param in operation.get("parameters", ()):
        schema = param.get("schema", {})
        free = schema.get("type") == "string" and not (
            {"format", "pattern", "enum", "maxLength", "minLength", "const"} & set(schema))
        if not free or (param.get("in") == "query" and param.get("required")):
            return True
    return False


def _grounded(valid: dict[str, str]) -> Callable[[tuple[Any, bool]], Any]:
    def apply(pair: tuple[Any, bool]) -> Any:
        case, use_valid = pair
        if use_valid and case.path_parameters:
            case.path_parameters = {k: valid.get(k, v) for k, v in case.path_parameters.items()}
        if use_valid and case.headers:  # a header naming an entity (Greenhouse's On-Behalf-Of)
            case.headers = {k: valid.get(k, v) for k, v in case.headers.items()}
        return case
    return apply


def _short(exc: BaseException) -> str:
    """The failure's first lines and its reproduction (schemathesis prints a curl line)."""
    text = str(exc)
    lines = text.splitlines()
    curl = next((line.strip() for line in lines if line.strip().startswith("curl ")), "")
    return "\n".join(lines[:12])[:1200] + (f"\n    {curl[:800]}" if curl else "")


def _fuzz(operation: Any, mode: GenerationMode, target: Target, admin: httpx.Client
          ) -> Callable[[], None]:
    """One operation in one mode, as a Hypothesis test."""
    strategy = st.tuples(operation.as_strategy(generation_mode=mode),
                         st.sampled_from([True, True, True, False]))
    writes = "write" in operation.definition.raw.get("tags", ())
    ground = _grounded(target.valid)

    @settings(max_examples=EXAMPLES, derandomize=not RANDOM, deadline=None, database=None,
              phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
    @given(pair=strategy)
    def run(pair: tuple[Any, bool]) -> None:
        case = ground(pair)
        response = case.call(headers=target.headers, timeout=60)
        case.validate_response(response, checks=CHECKS)
        if writes:  # reads cannot commit (the kernel refuses it)
            before, target.last_tick = target.last_tick, target.tick(admin)
            assert not (400 <= response.status_code < 500 and target.last_tick != before), (
                f"{case.method} {case.formatted_path} was refused ({response.status_code}) "
                "but advanced the clock")

    return run


@pytest.mark.parametrize("name", APP_NAMES)
def test_fuzz_finds_no_server_error_no_drop_no_change_on_refusal(base_url: str, name: str
                                                                 ) -> None:
    doc = httpx.get(f"{base_url}/{name}/openapi.json").json()
    target = _target(base_url, name, doc)
    assert "unknown" not in target.valid.values(), f"ids not found: {target.valid}"
    schema = schemathesis.openapi.from_dict(doc)
    schema.config.update(base_url=target.url)
    failures: list[str] = []
    checked = 0
    with httpx.Client(timeout=60) as admin:
        target.last_tick = target.tick(admin)
        for result in schema.get_all_operations():
            operation = result.ok()
            modes = [GenerationMode.POSITIVE]
            if _can_be_ill_formed(operation.definition.raw):
                modes.append(GenerationMode.NEGATIVE)
            for mode in modes:
                try:
                    _fuzz(operation, mode, target, admin)()
                    checked += 1
                except Unsatisfiable:
                    continue  # no request can break this operation's document
                except (Exception, BaseExceptionGroup) as exc:  # every operation's failure
                    failures.append(f"{operation.label} [{mode.value}]: "
                                    f"{type(exc).__name__}: {_short(exc)}")
    assert checked, "no operation was fuzzed"
    assert not failures, f"{len(failures)} operations failed:\n\n" + "\n\n".join(failures)


@pytest.mark.parametrize("name", ["bad\x01field", "bad\x01\x7f\x1b[2J", "bad\r\nX-Injected: 1"])
def test_control_characters_echoed_in_errors_never_drop_the_connection(base_url: str,
                                                                       name: str) -> None:
    """Over a real socket (uvicorn refuses to send a control character in a header and
    drops the connection instead): the error arrives, its header sanitised."""
    doc = httpx.get(f"{base_url}/hris/openapi.json").json()
    target = _target(base_url, "hris", doc)
    # A body key the model does not know is named in the validation error (an unknown
    # `fields=` name is no longer an error: BambooHR leaves it out of the answer).
    url = (f"{target.url}/api/gateway.php/arcadia/v1/employees/{target.valid['id']}"
           "/time_off/request")
    r = httpx.put(url, json={"start": "2026-03-10", "end": "2026-03-10", "timeOffTypeId": 1,
                             name: "x"}, headers=target.headers)
    assert r.status_code == 400, r.text
    assert name in r.json()["error"]["message"]  # the raw name reaches the message
    header = r.headers["X-BambooHR-Error-Message"]
    assert header and all(" " <= c <= "~" for c in header)
    assert "X-Injected" not in r.headers
