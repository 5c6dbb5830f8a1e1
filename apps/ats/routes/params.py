"""What the ATS's routes share: Harvest's headers, paging and time-window parameters, path ids,
the error statuses routes document, and a page's rendering.

Every router serves each path under both trailing-slash spellings (`slash_alias`): Harvest's
own examples call paths both ways (`/v1/candidates/`); the other spelling is hidden from the
document.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Header, Query, Request, Response

from arcadia.apps.ats.common import Window
from arcadia.apps.kernel import Id, Page, entity, json_response, page_headers, path_id

OnBehalfOf = Annotated[Id, Header(alias="On-Behalf-Of", description=(
    "Your own ATS user id (GET /v1/users?email=<your e-mail>); required on every write, "
    "for auditing. Another user's id is refused (403)."), json_schema_extra=entity("AtsUserId"))]
PageNo = Annotated[Id, Query(ge=1, le=100_000, description="The page (1-based).")]
PerPage = Annotated[Id, Query(ge=1, le=500, description="Objects per page (1-500, "
                              "default 100).")]
Stamp = Annotated[str | None, Query(max_length=40, description="An ISO 8601 timestamp.")]
JobId = Annotated[Id, path_id("AtsJobId", "The job's id.")]
AppId = Annotated[Id, path_id("AtsApplicationId", "The application's id.")]
CandId = Annotated[Id, path_id("AtsCandidateId", "The candidate's id.")]
OpeningId = Annotated[Id, path_id("AtsOpeningId", "The opening's id.")]
StageId = Annotated[Id, path_id("AtsJobStageId", "The job stage's id.")]
PostId = Annotated[Id, path_id("AtsJobPostId", "The job post's id.")]
DeptId = Annotated[Id, path_id("AtsDepartmentId", "The department's id.")]
OfficeId = Annotated[Id, path_id("AtsOfficeId", "The office's id.")]
UserId = Annotated[Id, path_id("AtsUserId", "The user's id.")]
FieldId = Annotated[Id, path_id("AtsCustomFieldId", "The custom field's id.")]
TagId = Annotated[Id, path_id("AtsTagId", "The tag's id.")]
InterviewId = Annotated[Id, path_id("AtsScheduledInterviewId", "The scheduled interview's id.")]
ScorecardId = Annotated[Id, path_id("AtsScorecardId", "The scorecard's id.")]
OfferId = Annotated[Id, path_id("AtsOfferId", "The offer's id.")]
# Every route may answer 403: reads of candidates and their records follow the role rules
# (`access.py`), and every write checks On-Behalf-Of against the key's own user.
E403 = (403,)
E404 = (403, 404)
E422 = (403, 404, 422)
E201 = (403, 422)
# The role rules in a sentence, for the descriptions of routes reading candidates' records.
ACCESS = (" Candidates are for Talent Acquisition, HR, executives and (their own jobs only) "
          "hiring teams; others get 403.")


def window(page: int, per_page: int, created_before: str | None = None,
           created_after: str | None = None, updated_before: str | None = None,
           updated_after: str | None = None) -> Window:
    return Window(page, per_page, created_before, created_after, updated_before, updated_after)


def paged(request: Request, response: Response, result: tuple[list[Any], Page[Any]]
          ) -> Response:
    """A page as JSON bytes (a list of up to 500 candidates is too big to validate again
    on the way out; `response_model` still documents it) with Harvest's `Link` header
    (next, prev, last; first too)."""
    items, page = result
    return json_response(items, headers=page_headers(request.url, page, per_param="per_page",
                                                     counts=False))
