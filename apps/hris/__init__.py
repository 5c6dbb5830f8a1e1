"""The HRIS of Arcadia Robotics, modelled on BambooHR's public API shape.

Employees, their job, compensation and employment-status history tables, and time off,
under `/api/gateway.php/arcadia/v1` (Basic auth with the token as user name, as BambooHR
API keys are used, or a bearer token). Errors carry `X-BambooHR-Error-Message`. JSON needs
`Accept: application/json`; otherwise reads answer XML, as BambooHR does (`xmlio.py`).
"""

from arcadia.apps.hris.errors import ERROR_HEADERS, BambooHRError, render_error
from arcadia.apps.hris.models import HrisModel
from arcadia.apps.hris.routes import router, router_v1_1
from arcadia.apps.hris.seed import seed
from arcadia.apps.kernel import AppSpec

SPEC = AppSpec(
    name="hris",
    title="BambooHR - Arcadia Robotics",
    description=(
        "Arcadia Robotics' HRIS, following BambooHR's REST API (v1): the employee "
        "directory and cursor-paged list, employee fields, the standard tables (jobInfo / "
        "compensation / employmentStatus history, emergencyContacts, dependents, bonus, "
        "...; GET /meta/tables), last-change sync, time off requests, who's out and "
        "balances, and the meta lists. It holds the truth about who works "
        "here, in what job, for what pay. Paths: /api/gateway.php/arcadia/v1/... As in "
        "BambooHR, send `Accept: application/json` to get JSON: without it reads answer "
        "BambooHR's XML (`<employee id=\"...\"><field id=\"firstName\">...</field>"
        "</employee>`, `<directory><fieldset>...`, `<table><row>...`). Employee and table-row "
        "writes take a JSON object or BambooHR's XML (`<employee><field id=\"firstName\">Ann"
        "</field></employee>`, `<row><field id=\"date\">...</field></row>`; Content-Type "
        "application/xml or text/xml). Errors: the HTTP status with an "
        "X-BambooHR-Error-Message header (and a JSON body `{error: {code, message, field}}`)."
    ),
    metadata=HrisModel.metadata,
    routers=[router, router_v1_1],
    seed=seed,
    render_error=render_error,
    validation_status=400,
    error_model=BambooHRError,
    error_headers=ERROR_HEADERS,
    ignored_fields={"employee": ("last_changed", "created"),
                    "time_off_request": ("created", "status_last_changed")},
)

__all__ = ["SPEC"]
