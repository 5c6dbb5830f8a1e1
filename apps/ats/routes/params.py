"""What the ATS's routes share: Harvest's headers, paging and time-window parameters, path ids,
the error statuses routes document, and a page's rendering.

Every router serves each path under both trailing-slash spellings (`slash_alias`): Harvest's
own examples call paths both ways (`/v1/candidates/`); the other spelling is hidden from the
document.
"""

from __future__ import annotations

from typing import Annotated, Any

import orjson
from fastapi import Header, Path, Query, Request, Response

from arcadia.apps.ats.common import Window
from arcadia.apps.kernel import Id, Page, entity, link_header

OnBehalfOf = Annotated[Id, Header(alias="On-Behalf-Of", description=(
    "Your own ATS user id (GET /v1/users?email=<your e-mail>); required on every write, "
    "for auditing. Another user's id is refused (403)."), json_schema_extra=entity("AtsUserId"))]
PageNo = Annotated[Id, Query(ge=1, le=100_000, description="The page (1-based).")]
PerPage = Annotated[Id, Query(ge=1, le=500, description="Objects per page (1-500, "
                              "default 100).")]
Stamp = Annotated[str | None, Query(max_length=40, description="An ISO 8601 timestamp.")]
JobId = Annotated[Id, Path(description="The job's id.", json_schema_extra=entity("AtsJobId"))]
AppId = Annotated[Id, Path(description="The application's id.",
                           json_schema_extra=entity("AtsApplicationId"))]
CandId = Annotated[Id, Path(description="The candidate's id.",
                            json_schema_extra=entity("AtsCandidateId"))]
OpeningId = Annotated[Id, Path(description="The opening's id.",
                               json_schema_extra=entity("AtsOpeningId"))]
StageId = Annotated[Id, Path(description="The job stage's id.",
                             json_schema_extra=entity("AtsJobStageId"))]
PostId = Annotated[Id, Path(description="The job post's id.",
                            json_schema_extra=entity("AtsJobPostId"))]
DeptId = Annotated[Id, Path(description="The department's id.",
                            json_schema_extra=entity("AtsDepartmentId"))]
OfficeId = Annotated[Id, Path(description="The office's id.",
                              json_schema_extra=entity("AtsOfficeId"))]
UserId = Annotated[Id, Path(description="The user's id.",
                            json_schema_extra=entity("AtsUserId"))]
FieldId = Annotated[Id, Path(description="The custom field's id.",
                             json_schema_extra=entity("AtsCustomFieldId"))]
TagId = Annotated[Id, Path(description="The tag's id.",
                           json_schema_extra=entity("AtsTagId"))]
InterviewId = Annotated[Id, Path(description="The scheduled interview's id.",
                                 json_schema_extra=entity("AtsScheduledInterviewId"))]
ScorecardId = Annotated[Id, Path(description="The scorecard's id.",
                                 json_schema_extra=entity("AtsScorecardId"))]
OfferId = Annotated[Id, Path(description="The offer's id.",
                             json_schema_extra=entity("AtsOfferId"))]
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
    base = str(request.url.remove_query_params(["page", "per_page"]))
    return Response(orjson.dumps(items), media_type="application/json", headers={
        "Link": link_header(base, page, per_param="per_page")})
