"""Bullhorn: the staffing agency's ATS/CRM (`world.agency`), on Bullhorn's REST API shape.

The login flow (`/oauth/authorize` -> code, `/oauth/token` -> access token,
`/rest-services/login` -> `BhRestToken` and `restUrl`), then, under the restUrl
(`/rest-services/{corpToken}/`): entities by id with `fields=` (GET), created with PUT,
updated with POST, deleted with DELETE (soft where Bullhorn soft-deletes), to-many
associations, Lucene `/search`, SQL-like `/query`, `/meta`. The session token is the
episode's token, accepted as the `BhRestToken` header or query parameter (or `Authorization:
Bearer`). Errors are Bullhorn's `{"errorMessage", "errorMessageKey", "errorCode",
"errors"?}`, 400 for bad input and refused changes; a call under the restUrl with no session
token is 412, one with a token that names no session 401. It serves only the `agency` world.
"""

from arcadia.apps.bullhorn.errors import BullhornError, render_error
from arcadia.apps.bullhorn.login_service import corp_token
from arcadia.apps.bullhorn.models import BullhornModel
from arcadia.apps.bullhorn.routes import QUERY_CREDENTIALS, router
from arcadia.apps.bullhorn.seed import seed
from arcadia.apps.kernel import AppSpec

SPEC = AppSpec(
    name="bullhorn",
    title="Bullhorn REST API (staffing agency ATS/CRM)",
    description=(
        "The staffing agency's Bullhorn: clients (ClientCorporation), their contacts "
        "(ClientContact), job orders (JobOrder), candidates (Candidate), submissions "
        "(JobSubmission), placements (Placement), notes (Note, including each candidate's "
        "`Right To Represent` consents) and appointments (Appointment); staff are "
        "CorporateUser (read-only). Log in: GET /oauth/authorize?client_id=...&"
        "response_type=code&action=Login&username=<email>&password=<token> (302 with "
        "`code`), POST /oauth/token?grant_type=authorization_code&code=...&client_id=...&"
        "client_secret=..., POST /rest-services/login?version=*&access_token=... -> "
        "`BhRestToken` and `restUrl`. Then call the restUrl's paths with the BhRestToken "
        "as a header or query parameter: GET entity/{type}/{ids}?fields=..., PUT "
        "entity/{type} creates, POST entity/{type}/{id} updates, DELETE entity/{type}/{id}; "
        "to-many entity/{type}/{id}/{association}/{ids}; search/{type}?query= (Lucene); "
        "query/{type}?where= (SQL-like); meta/{type}. Money is dollars per hour, dates "
        "epoch milliseconds. Errors: `{\"errorMessage\", \"errorMessageKey\", "
        "\"errorCode\", \"errors\"?}`, 400 for bad input and refused changes, 404 for "
        "unknown records, 412 for a call with no BhRestToken, 401 for one whose token "
        "names no session."),
    metadata=BullhornModel.metadata,
    routers=(router,),
    seed=seed,
    render_error=render_error,
    validation_status=400,
    statuses={"conflict": 400, "stale": 400},
    error_model=BullhornError,
    api_key_header="BhRestToken",
    api_key_query=QUERY_CREDENTIALS,
    worlds=("agency",),
    # Every write sets dateLastModified; no task judges it.
    ignored_fields=dict.fromkeys((
        "corporate_user", "client_corporation", "client_contact", "job_order", "candidate",
        "job_submission", "placement", "note", "appointment"), ("date_last_modified",)),
)

__all__ = ["SPEC", "corp_token"]
