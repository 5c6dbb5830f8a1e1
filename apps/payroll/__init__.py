"""Payroll: Arcadia Robotics' payroll system, modelled on the public shape of Gusto's API v1.

UUID ids, `page`/`per` pagination with X-Total-Count headers, optimistic concurrency via
each resource's `version` (409 when stale), and Gusto's `{"errors": [...]}` error body.
"""

from arcadia.apps.kernel import AppSpec
from arcadia.apps.payroll.errors import STATUSES, GustoErrors, render_error
from arcadia.apps.payroll.models import PayrollModel
from arcadia.apps.payroll.routes import ROUTERS
from arcadia.apps.payroll.seed import seed

SPEC = AppSpec(
    name="payroll",
    title="Payroll API (Gusto v1 shape)",
    description=(
        "Arcadia Robotics' payroll: employees, jobs and effective-dated compensations, "
        "departments, terminations, the semimonthly pay schedule, processed payrolls with "
        "each employee's gross and net pay, bank accounts and benefit enrolments. Follows "
        "the public shape of Gusto's API: UUID ids, `page`/`per` pagination, a `version` on "
        "every updatable resource (send it back; a stale one gets 409) and errors as "
        '`{"errors": [{"error_key", "category", "message"}]}` with 422 for invalid input. '
        "Start with GET /v1/token_info for the company UUID."
    ),
    metadata=PayrollModel.metadata,
    routers=ROUTERS,
    seed=seed,
    render_error=render_error,
    validation_status=422,
    statuses=STATUSES,
    error_model=GustoErrors,
    # Row timestamps are bookkeeping set from the episode clock; no task is judged on when
    # a row was written. `version` is not a column at all: it is derived from the row.
    ignored_fields={
        "employees": ("created_at",),
        "jobs": ("created_at",),
        "compensations": ("created_at",),
        "terminations": ("created_at",),
        "bank_accounts": ("created_at",),
        "locations": ("created_at", "updated_at"),
        "payrolls": ("created_at",),
        "home_addresses": ("created_at",),
        "work_addresses": ("created_at",),
        "contractors": ("created_at",),
    },
)

__all__ = ["SPEC"]
