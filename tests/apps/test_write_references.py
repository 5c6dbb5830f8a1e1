"""Every reference a write route takes is validated (issue 29, item 6).

For every write route with a JSON body, each reference field its OpenAPI document
describes (`tests/apps/write_references.py`: enums, `*_id` / `*Id` fields, `id` inside a
nested object, `*_ids` lists, `x-entity` ids) is sent once with a value naming nothing
(987654321, or a value not in the enum) in an otherwise valid body: the answer is a 4xx
and nothing changes (the episode's tick and `/admin/episodes/{id}/changes`). The base
body is then sent alone and must be accepted, which shows the refusal was the field's.

    python -m tests.apps.test_write_references procurement ats ...

prints the figures per app.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from arcadia.apps.registry import APP_NAMES
from tests.apps.bullhorn_world import agency_body
from tests.apps.restaurant_world import shift_body
from tests.apps.test_fuzz import VALID_IDS
from tests.apps.test_openapi import document
from tests.apps.write_probes import Outcome, probe
from tests.apps.write_references import write_routes
from tests.factories import MISMATCH

EPISODES: dict[str, dict[str, Any]] = {"restaurant": shift_body(), "bullhorn": agency_body()}

_STATE = "needs a record in a state the first records of its collection are not in: "
# Routes the harness builds no accepted base body for, with the reason (operation id -> why).
# Their fields are still probed (no unknown reference may be accepted or change anything),
# but a refusal there does not prove the field was checked.
NO_BASE: dict[str, str] = {
    "procurement_create_invoice": _STATE + "an issued PO line with nothing invoiced",
    "procurement_update_invoice": _STATE + "a draft invoice",
    "procurement_add_approver_invoice": _STATE + "an invoice pending approval",
    "procurement_remove_approval_invoice": "needs an invoice with a manually added approver",
    "procurement_create_receiving_transaction": _STATE + "an issued PO",
    "procurement_add_requisition_approver": "needs an approver not yet on a pending chain",
    "procurement_remove_requisition_approval": "needs a manually added open approval",
    "ats_update_opening": "needs a status change the opening's state allows",
    "ats_add_note": "user_id must be the On-Behalf-Of user, which the record read back is not",
    "ats_add_email_note": "user_id must be the On-Behalf-Of user",
    "ats_add_application": "needs a job the candidate has not applied to",
    "ats_advance_application": _STATE + "an active application",
    "ats_move_application": _STATE + "an active application",
    "ats_transfer_application": _STATE + "an active application",
    "ats_convert_prospect": _STATE + "a prospect application",
    "ats_create_scheduled_interview": "needs an application and an interview step of its job",
    "ats_update_scheduled_interview": "the world schedules no interviews",
    "ats_update_current_offer": _STATE + "an unhired application with an offer",
    "hris_create_time_off_history": "needs an approved request whose time off was used",
    "hris_adjust_time_off_balance": "the amount is free text the document types as a string",
    "payroll_add_department_people": "needs the department's current version",
    "payroll_remove_department_people": "needs the department's current version",
    "payroll_create_work_address": "needs an effective date after the current address's",
    "payroll_create_compensation": "needs an effective date after the current compensation's",
    "payroll_create_contractor": "the EIN read back is masked",
    "payroll_update_contractor": "the EIN read back is masked",
    "payroll_create_bank_account": "the account number read back is masked",
    "payroll_update_bank_account": "the account number read back is masked",
    "payroll_create_off_cycle_payroll": "needs off_cycle true and a check date (no record "
                                        "to copy)",
    "payroll_update_payroll": "needs each employee compensation's version",
    "payroll_calculate_gross_up": _STATE + "an unprocessed off-cycle payroll",
    "mail_update_folder_message": _STATE + "a draft in the folder",
    "mail_update_folder_message_of_user": _STATE + "a draft in the folder",
    "sheets_copy_sheet_to": "the sheet id is a path parameter the harness gives no real value",
}

# The records a route needs, found with the product's own list filters (operation id ->
# the query of the collection its last path parameter indexes).
WHERE: dict[str, dict[str, str]] = {
    **{op: {"status": "draft"} for op in (
        "procurement_update_requisition", "procurement_submit_requisition")},
    "procurement_dispute_invoice": {"status": "pending_approval"},
}

# Bodies given by hand where the record read back does not make a valid one.
BODIES: dict[str, dict[str, Any]] = {
    "hris_create_time_off_request": {"start": "2026-03-16", "end": "2026-03-16",
                                     "timeOffTypeId": 1, "status": "requested"},
    **{op: {"message": {"subject": "References", "toRecipients": [
        {"emailAddress": {"address": "someone@example.com"}}]}}
       for op in ("mail_send_mail", "mail_send_mail_of_user")},
    **{op: {"destinationId": "inbox"} for op in (
        "mail_move_message", "mail_move_message_of_user", "mail_copy_message",
        "mail_copy_message_of_user")},
}

# (operation id, field): not a reference although named like one, with the reason.
NOT_REFERENCES: dict[tuple[str, str], str] = {
    ("ats_update_job", "requisition_id"): "the job's own requisition number (client text)",
    ("sheets_create_spreadsheet", "sheets.0.properties.sheetId"):
        "the new sheet's own id, which Sheets lets the client choose",
}

# (operation id, field): an unknown reference still accepted, left with the reason.
LEFT: dict[tuple[str, str], str] = {
}


def _fallback(http: httpx.Client, auth: dict[str, str], app: str) -> dict[str, str]:
    if app not in VALID_IDS:
        return {}
    saved = http.headers
    http.headers = httpx.Headers({**saved, **auth})
    try:
        return VALID_IDS[app](http, f"{http.base_url}{app}".rstrip("/"))
    finally:
        http.headers = saved


# A Bullhorn route's record: the first of its entity type, or of those a rule lets the
# signed-in user change (a Note only by its author; a CorporateUser only the user's own).
OWNED = {"Note": "commentingPerson.id"}


def _bullhorn_fallback(path: str) -> Callable[..., dict[str, str]]:
    """The ids of one Bullhorn route (`.../entity/Candidate/{entityId}`): the restUrl's
    corporation token, and a record of the path's entity type the user may write."""
    entity = path.split("/entity/", 1)[1].split("/", 1)[0]

    def ids(http: httpx.Client, auth: dict[str, str], app: str) -> dict[str, str]:
        found = _fallback(http, auth, app)
        rest = f"/bullhorn/rest-services/{found['corpToken']}"
        # The user's own id, as Bullhorn's refusal of another user's record names it.
        r = http.post(f"{rest}/entity/CorporateUser/0", json={}, headers=auth)
        me = re.search(r"CorporateUser/(\d+)", r.text)
        assert me, r.text
        where = f"{OWNED[entity]} = {me.group(1)}" if entity in OWNED else "id > 0"
        if entity == "CorporateUser":
            return {**found, "entityId": me.group(1)}
        r = http.get(f"{rest}/query/{entity}", headers=auth,
                     params={"where": where, "fields": "id", "count": 1, "orderBy": "id"})
        data = r.json().get("data") if r.status_code == 200 else None
        return {**found, "entityId": str(data[0]["id"])} if data else found

    return ids


def _server(app: str) -> Any:
    from arcadia.apps.kernel import EpisodeStore, create_server
    from arcadia.apps.registry import load_specs
    from arcadia.grader.control import install_grading

    store = EpisodeStore(load_specs([app]))
    server = create_server(list(store.apps.values()), store)
    install_grading(server, store)
    return server


def run_app(app: str, server: Any = None) -> list[Outcome]:
    doc = document(app)
    body = EPISODES.get(app, {"seed": 7, "situations": [MISMATCH]})
    outcomes: list[Outcome] = []
    with TestClient(server or _server(app), base_url="http://arcadia.test/",
                    raise_server_exceptions=False) as http:
        for route in write_routes(app, doc):
            route.refs = [r for r in route.refs if (route.op_id, r.name) not in NOT_REFERENCES]
            if route.refs:
                fallback = _bullhorn_fallback(route.path) if app == "bullhorn" else _fallback
                outcomes += probe(http, app, doc, route, body, fallback, BODIES,
                                  WHERE.get(route.op_id))
    return outcomes


@pytest.mark.parametrize("app", APP_NAMES)
def test_every_reference_is_validated(app: str, harness_for: Callable[..., Any]) -> None:
    outcomes = run_app(app, harness_for(app).server)
    accepted = [f"{o.op_id} {o.field}: {o.status} {o.text}" for o in outcomes
                if o.accepted and (o.op_id, o.field) not in LEFT]
    changed = [f"{o.op_id} {o.field}: {o.status}" for o in outcomes
               if not o.accepted and o.changed]
    errors = [f"{o.op_id} {o.field}: {o.status}" for o in outcomes if o.status >= 500]
    unverified = sorted({f"{o.op_id}: {o.base_status} {o.text}" for o in outcomes
                         if not (o.base_status and 200 <= o.base_status < 300)
                         and o.op_id not in NO_BASE})
    stale = sorted({o.op_id for o in outcomes if o.op_id in NO_BASE and o.base_status
                    and 200 <= o.base_status < 300})
    left = {(o.op_id, o.field) for o in outcomes if o.accepted}
    assert not accepted, "unknown references accepted:\n" + "\n".join(accepted)
    assert not changed, "refused but changed state:\n" + "\n".join(changed)
    assert not errors, "server errors:\n" + "\n".join(errors)
    assert not unverified, "base body refused:\n" + "\n".join(unverified)
    assert not stale, f"now accepted, take them out of NO_BASE: {stale}"
    assert not {k for k in LEFT if k[0].startswith(f"{app}_")} - left, \
        "fixed: take them out of LEFT"


def main(argv: list[str]) -> None:
    """Per app: the pairs probed, those whose base body was accepted, and those silently
    accepted (the figures of issue 29 item 6)."""
    for app in argv or APP_NAMES:
        outcomes = run_app(app)
        verified = [o for o in outcomes if o.base_status and 200 <= o.base_status < 300]
        accepted = [o for o in outcomes if o.accepted]
        print(f"{app}: {len(outcomes)} pairs on {len({o.op_id for o in outcomes})} routes, "
              f"base accepted for {len(verified)}, silently accepted {len(accepted)}")
        for o in accepted:
            print(f"  accepted {o.op_id} {o.field} -> {o.status}")
        for op in sorted({o.op_id for o in outcomes if o not in verified}):
            print(f"  no base {op}: {NO_BASE.get(op, 'NOT LISTED')}")


if __name__ == "__main__":
    import sys

    from arcadia.apps.kernel import get_settings
    from tests.factories import ADMIN_TOKEN

    os.environ["ARCADIA_ADMIN_TOKEN"] = ADMIN_TOKEN
    get_settings.cache_clear()
    main(sys.argv[1:])
