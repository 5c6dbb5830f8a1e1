"""ATS: Arcadia Robotics' applicant tracking system, on the public shape of Greenhouse
Harvest (v1, and the v2 routes Harvest documents).

Basic auth with the API key as user name, `On-Behalf-Of` (your own user id) on every write,
`per_page`/`page` pagination with a `Link` header, and Harvest's errors: `{"message"}`, and
422 `{"message": "Validation error", "errors": [{"message", "field"}]}`.
"""

from arcadia.apps.ats.errors import STATUSES, GreenhouseError, render_error
from arcadia.apps.ats.models import AtsModel
from arcadia.apps.ats.routes import ROUTERS
from arcadia.apps.ats.seed import seed
from arcadia.apps.kernel import AppSpec

SPEC = AppSpec(
    name="ats",
    title="ATS API (Greenhouse Harvest shape)",
    description=(
        "Arcadia Robotics' applicant tracking system: jobs with openings, stages and hiring "
        "teams, job posts, departments and offices, candidates and prospects, applications "
        "(advance, move, transfer, reject, unreject, hire), scheduled interviews, scorecards, "
        "offers, users, sources, rejection reasons and custom fields. Follows Greenhouse "
        "Harvest's API: Basic auth with the API key as user name, an `On-Behalf-Of` header "
        "with your own user id on every write (find it with GET /v1/users?email=...), "
        "`per_page`/`page` pagination with a `Link` header, and errors as "
        '`{"message": ...}` (422 with `errors: [{message, field}]` for invalid input or a '
        "transition the record's state does not allow)."),
    metadata=AtsModel.metadata,
    routers=ROUTERS,
    seed=seed,
    render_error=render_error,
    validation_status=422,
    statuses=STATUSES,
    error_model=GreenhouseError,
    ignored_fields={
        "candidates": ("updated_at", "last_activity"),
        "applications": ("last_activity_at",),
        "jobs": ("updated_at",),
        "offers": ("updated_at",),
        "scheduled_interviews": ("updated_at",),
        "job_posts": ("updated_at",),
    },
)

__all__ = ["SPEC"]
