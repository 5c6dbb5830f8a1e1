"""Harvest's routes: one `op(...)` and one service call each. Mounted under `/ats`."""

from __future__ import annotations

from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Header, Path, Query, Request, Response

from arcadia.apps.ats import interview_service as isv
from arcadia.apps.ats import job_service as js
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats import service as sv
from arcadia.apps.ats.common import Window
from arcadia.apps.kernel import (
    CtxDep,
    Id,
    Page,
    entity,
    link_header,
    op,
    parse_ids,
    slash_alias,
)

router = APIRouter()
# Harvest's own examples call paths both ways (`/v1/candidates/`); the other spelling is
# served too, hidden from the document.
route = slash_alias(router)

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


def window(page: int, per_page: int, created_before: str | None = None,
           created_after: str | None = None, updated_before: str | None = None,
           updated_after: str | None = None) -> Window:
    return Window(page, per_page, created_before, created_after, updated_before,
                  updated_after)


def paged(request: Request, response: Response, result: tuple[list[Any], Page[Any]]
          ) -> Response:
    """A page as JSON bytes (a list of up to 500 candidates is too big to validate again
    on the way out; `response_model` still documents it) with Harvest's `Link` header
    (next, prev, last; first too)."""
    items, page = result
    base = str(request.url.remove_query_params(["page", "per_page"]))
    return Response(orjson.dumps(items), media_type="application/json", headers={
        "Link": link_header(base, page, per_param="per_page")})


# -- jobs --------------------------------------------------------------------------------------


@route("get", "/v1/jobs", response_model=list[s.JobPublic],
       **op("ats_list_jobs", "List jobs", "Every job (requisition) with its "
            "department, offices, hiring team and openings; filter by status, department, "
            "office, requisition_id or opening_id.", write=False, errors=E403))
async def list_jobs(ctx: CtxDep, request: Request, response: Response, page: PageNo = 1,
                    per_page: PerPage = 100, created_before: Stamp = None,
                    created_after: Stamp = None, updated_before: Stamp = None,
                    updated_after: Stamp = None,
                    status: Annotated[str | None, Query(description="open, closed or draft."
                                                        )] = None,
                    department_id: Annotated[Id | None, Query(description="A department.",
                                                              json_schema_extra=entity(
                                                                  "AtsDepartmentId"))] = None,
                    office_id: Annotated[Id | None, Query(
                        description="An office.", json_schema_extra=entity("AtsOfficeId"))
                    ] = None,
                    requisition_id: Annotated[str | None, Query(max_length=255,
                                                                description="Requisition id.",
                                                                json_schema_extra=entity(
                                                                    "AtsRequisitionId"))] = None,
                    opening_id: Annotated[str | None, Query(max_length=255, description=(
                        "An opening's identifier."), json_schema_extra=entity("AtsOpeningNumber"))
                    ] = None) -> Response:
    return paged(request, response, js.list_jobs(
        ctx=ctx, w=window(page, per_page, created_before, created_after, updated_before,
                          updated_after), status=status, department_id=department_id,
        office_id=office_id, requisition_id=requisition_id, opening_id=opening_id))


@route("get", "/v1/jobs/{id}", **op("ats_get_job", "Retrieve a job", "One job.", write=False,
                                  errors=E404))
async def get_job(ctx: CtxDep, id: JobId) -> s.JobPublic:
    return js.get_job(ctx=ctx, job_id=id)  # type: ignore[return-value]


@route("patch", "/v1/jobs/{id}", **op("ats_update_job", "Update a job", "Change a job's name, "
              "notes, requisition id, department, offices or custom fields. HR, recruiters "
              "and executives.", write=True, errors=E422))
async def update_job(ctx: CtxDep, id: JobId, body: s.JobUpdate, on_behalf_of: OnBehalfOf
                     ) -> s.JobPublic:
    return js.update_job(ctx=ctx, job_id=id, body=body,  # type: ignore[return-value]
                         on_behalf_of=on_behalf_of)


@route("get", "/v1/jobs/{id}/hiring_team", **op("ats_get_hiring_team", "Hiring team",
            "The job's hiring managers, recruiters, coordinators and sourcers (user ids).",
            write=False, errors=E404))
async def get_hiring_team(ctx: CtxDep, id: JobId) -> s.HiringTeamPublic:
    return js.hiring_team(ctx=ctx, job_id=id)  # type: ignore[return-value]


@route("put", "/v1/jobs/{id}/hiring_team", **op("ats_replace_hiring_team", "Replace hiring team",
            "Replace the whole hiring team with the members given.", write=True, errors=E422))
async def replace_hiring_team(ctx: CtxDep, id: JobId, body: s.HiringTeamIn,
                              on_behalf_of: OnBehalfOf) -> s.Success:
    return js.replace_hiring_team(ctx=ctx, job_id=id, body=body,  # type: ignore[return-value]
                                  on_behalf_of=on_behalf_of)


@route("post", "/v1/jobs/{id}/hiring_team", **op("ats_add_hiring_team_members",
             "Add hiring team members", "Add members to the hiring team.", write=True,
             errors=E422))
async def add_hiring_team(ctx: CtxDep, id: JobId, body: s.HiringTeamIn,
                          on_behalf_of: OnBehalfOf) -> s.Success:
    return js.replace_hiring_team(ctx=ctx, job_id=id, body=body,  # type: ignore[return-value]
                                  on_behalf_of=on_behalf_of, add_only=True)


@route("delete", "/v1/jobs/{id}/hiring_team", **op("ats_remove_hiring_team_member",
               "Remove hiring team member", "Remove a user from the hiring team (every role, "
               "or the role given).", write=True, errors=E422))
async def remove_hiring_team(ctx: CtxDep, id: JobId, on_behalf_of: OnBehalfOf,
                             user_id: Annotated[Id, Query(description="The member.",
                                                          json_schema_extra=entity("AtsUserId"))],
                             role: Annotated[str | None, Query(max_length=40, description=(
                                 "hiring_manager, recruiter, coordinator or sourcer."))] = None
                             ) -> s.Success:
    return js.remove_hiring_team_member(  # type: ignore[return-value]
        ctx=ctx, job_id=id, user_id=user_id, role=role, on_behalf_of=on_behalf_of)


@route("get", "/v1/jobs/{job_id}/openings", response_model=list[s.OpeningPublic],
       **op("ats_list_openings", "List job openings",
            "The job's openings; status open, closed or all.", write=False, errors=E404))
async def list_openings(ctx: CtxDep, request: Request, response: Response, job_id: JobId,
                        page: PageNo = 1, per_page: PerPage = 100,
                        status: Annotated[str | None, Query(max_length=10, description=(
                            "open, closed or all."))] = None) -> Response:
    return paged(request, response, js.list_openings(ctx=ctx, job_id=job_id, status=status,
                                                     w=window(page, per_page)))


@route("get", "/v1/jobs/{job_id}/openings/{id}", **op("ats_get_opening", "Single opening for job",
            "One opening of the job.", write=False, errors=E404))
async def get_opening(ctx: CtxDep, job_id: JobId, id: OpeningId) -> s.OpeningPublic:
    return js.get_opening(ctx=ctx, job_id=job_id, opening_id=id)  # type: ignore[return-value]


@route("post", "/v1/jobs/{job_id}/openings", **op("ats_create_openings", "Create new openings",
             "Add openings (headcount) to an open job.", write=True, errors=E422))
async def create_openings(ctx: CtxDep, job_id: JobId, body: s.OpeningsCreate,
                          on_behalf_of: OnBehalfOf) -> s.OpeningsCreated:
    return js.create_openings(ctx=ctx, job_id=job_id, body=body,  # type: ignore[return-value]
                              on_behalf_of=on_behalf_of)


@route("patch", "/v1/jobs/{job_id}/openings/{id}", **op("ats_update_opening", "Edit opening",
              "Rename, close (with a close reason) or reopen an opening.", write=True,
              errors=E422))
async def update_opening(ctx: CtxDep, job_id: JobId, id: OpeningId, body: s.OpeningUpdate,
                         on_behalf_of: OnBehalfOf) -> s.Success:
    return js.update_opening(ctx=ctx, job_id=job_id,  # type: ignore[return-value]
                             opening_id=id, body=body, on_behalf_of=on_behalf_of)


@route("delete", "/v2/jobs/{job_id}/openings", **op("ats_delete_openings", "Destroy openings",
               "Destroy open, unfilled openings of the job.", write=True, errors=E422))
async def delete_openings(ctx: CtxDep, job_id: JobId, body: s.OpeningsDelete,
                          on_behalf_of: OnBehalfOf) -> s.IdsOut:
    return js.delete_openings(ctx=ctx, job_id=job_id, body=body,  # type: ignore[return-value]
                              on_behalf_of=on_behalf_of)


@route("get", "/v1/job_stages", response_model=list[s.JobStagePublic],
       **op("ats_list_job_stages", "List job stages",
            "Every job's stages, in pipeline order.", write=False, errors=E403))
async def list_job_stages(ctx: CtxDep, request: Request, response: Response, page: PageNo = 1,
                          per_page: PerPage = 100, created_before: Stamp = None,
                          created_after: Stamp = None, updated_before: Stamp = None,
                          updated_after: Stamp = None) -> Response:
    return paged(request, response, js.list_stages(ctx=ctx, job_id=None, w=window(
        page, per_page, created_before, created_after, updated_before, updated_after)))


@route("get", "/v1/jobs/{id}/stages", response_model=list[s.JobStagePublic],
       **op("ats_list_stages_for_job", "List job stages for job",
            "The job's stages in order (priority 0 first) with their interviews.",
            write=False, errors=E404))
async def list_stages_for_job(ctx: CtxDep, request: Request, response: Response, id: JobId,
                              page: PageNo = 1, per_page: PerPage = 100
                              ) -> Response:
    return paged(request, response, js.list_stages(ctx=ctx, job_id=id,
                                                   w=window(page, per_page)))


@route("get", "/v1/job_stages/{id}", **op("ats_get_job_stage", "Retrieve job stage",
            "One job stage.", write=False, errors=E404))
async def get_job_stage(ctx: CtxDep, id: StageId) -> s.JobStagePublic:
    return js.get_stage(ctx=ctx, stage_id=id)  # type: ignore[return-value]


@route("get", "/v1/job_posts", response_model=list[s.JobPostPublic],
       **op("ats_list_job_posts", "List job posts", "Every job post.",
            write=False, errors=E403))
async def list_job_posts(ctx: CtxDep, request: Request, response: Response, page: PageNo = 1,
                         per_page: PerPage = 100, created_before: Stamp = None,
                         created_after: Stamp = None, updated_before: Stamp = None,
                         updated_after: Stamp = None,
                         live: Annotated[bool | None, Query(description="Only live posts."
                                                            )] = None,
                         active: Annotated[bool | None, Query(description="Only active posts."
                                                              )] = None
                         ) -> Response:
    return paged(request, response, js.list_posts(ctx=ctx, job_id=None, w=window(
        page, per_page, created_before, created_after, updated_before, updated_after),
        live=live, active=active))


@route("get", "/v1/job_posts/{id}", **op("ats_get_job_post", "Retrieve job post",
            "One job post.", write=False, errors=E404))
async def get_job_post(ctx: CtxDep, id: PostId) -> s.JobPostPublic:
    return js.get_post(ctx=ctx, post_id=id)  # type: ignore[return-value]


@route("get", "/v1/jobs/{id}/job_posts", response_model=list[s.JobPostPublic],
       **op("ats_list_job_posts_for_job",
            "List job posts for job", "The job's posts.", write=False, errors=E404))
async def list_job_posts_for_job(ctx: CtxDep, request: Request, response: Response,
                                 id: JobId, page: PageNo = 1, per_page: PerPage = 100
                                 ) -> Response:
    return paged(request, response, js.list_posts(ctx=ctx, job_id=id, w=window(
        page, per_page), live=None, active=None))


@route("get", "/v1/jobs/{id}/job_post", **op("ats_get_job_post_for_job",
            "Retrieve job post for job", "The job's (first) post.", write=False, errors=E404))
async def get_job_post_for_job(ctx: CtxDep, id: JobId) -> s.JobPostPublic:
    return js.post_of_job(ctx=ctx, job_id=id)  # type: ignore[return-value]


@route("get", "/v1/job_posts/{id}/custom_locations", **op(
    "ats_list_custom_locations", "Retrieve custom locations for job post",
    "The post's custom locations.", write=False, errors=E404))
async def list_custom_locations(ctx: CtxDep, id: PostId) -> list[s.CustomLocation]:
    return js.custom_locations(ctx=ctx, post_id=id)  # type: ignore[return-value]


@route("patch", "/v2/job_posts/{id}", **op("ats_update_job_post", "Update job post",
              "Change a post's title, location or content.", write=True, errors=E422))
async def update_job_post(ctx: CtxDep, id: PostId, body: s.JobPostUpdate,
                          on_behalf_of: OnBehalfOf) -> s.Success:
    return js.update_post(ctx=ctx, post_id=id, body=body,  # type: ignore[return-value]
                          on_behalf_of=on_behalf_of)


@route("patch", "/v2/job_posts/{id}/status", **op("ats_update_job_post_status",
              "Update job post status", "Take a post live or offline.", write=True,
              errors=E422))
async def update_job_post_status(ctx: CtxDep, id: PostId, body: s.JobPostStatus,
                                 on_behalf_of: OnBehalfOf) -> s.Success:
    return js.post_status(ctx=ctx, post_id=id, body=body,  # type: ignore[return-value]
                          on_behalf_of=on_behalf_of)


# -- organization ------------------------------------------------------------------------------


ExternalId = Annotated[str | None, Query(max_length=255, description="An external id.")]


@route("get", "/v1/departments", response_model=list[s.DepartmentPublic],
       **op("ats_list_departments", "List departments",
            "Every department.", write=False, errors=E403))
async def list_departments(ctx: CtxDep, request: Request, response: Response,
                           page: PageNo = 1, per_page: PerPage = 100,
                           external_id: ExternalId = None) -> Response:
    return paged(request, response, js.list_departments(ctx=ctx, w=window(page, per_page),
                                                        external_id=external_id))


@route("get", "/v1/departments/{id}", **op("ats_get_department", "Retrieve department",
            "One department.", write=False, errors=E404))
async def get_department(ctx: CtxDep, id: DeptId) -> s.DepartmentPublic:
    return js.get_department(ctx=ctx, department_id=id)  # type: ignore[return-value]


@route("patch", "/v1/departments/{id}", **op("ats_update_department", "Edit department",
              "Rename a department or set its external id.", write=True, errors=E422))
async def update_department(ctx: CtxDep, id: DeptId, body: s.DepartmentUpdate,
                            on_behalf_of: OnBehalfOf) -> s.DepartmentPublic:
    return js.update_department(ctx=ctx, department_id=id,  # type: ignore[return-value]
                                body=body, on_behalf_of=on_behalf_of)


@route("post", "/v1/departments", status_code=201, **op(
    "ats_create_department", "Add department", "Add a department.", write=True,
    errors=E201))
async def create_department(ctx: CtxDep, body: s.DepartmentCreate, on_behalf_of: OnBehalfOf
                            ) -> s.DepartmentPublic:
    return js.create_department(ctx=ctx, body=body,  # type: ignore[return-value]
                                on_behalf_of=on_behalf_of)


@route("get", "/v1/offices", response_model=list[s.OfficePublic],
       **op("ats_list_offices", "List offices", "Every office.",
            write=False, errors=E403))
async def list_offices(ctx: CtxDep, request: Request, response: Response, page: PageNo = 1,
                       per_page: PerPage = 100, external_id: ExternalId = None
                       ) -> Response:
    return paged(request, response, js.list_offices(ctx=ctx, w=window(page, per_page),
                                                    external_id=external_id))


@route("get", "/v1/offices/{id}", **op("ats_get_office", "Retrieve office", "One office.",
            write=False, errors=E404))
async def get_office(ctx: CtxDep, id: OfficeId) -> s.OfficePublic:
    return js.get_office(ctx=ctx, office_id=id)  # type: ignore[return-value]


@route("patch", "/v1/offices/{id}", **op("ats_update_office", "Edit office",
              "Rename an office, or set its location or external id.", write=True,
              errors=E422))
async def update_office(ctx: CtxDep, id: OfficeId, body: s.OfficeUpdate, on_behalf_of: OnBehalfOf
                        ) -> s.OfficePublic:
    return js.update_office(ctx=ctx, office_id=id, body=body,  # type: ignore[return-value]
                            on_behalf_of=on_behalf_of)


@route("post", "/v1/offices", status_code=201, **op(
    "ats_create_office", "Add office", "Add an office.", write=True, errors=E201))
async def create_office(ctx: CtxDep, body: s.OfficeCreate, on_behalf_of: OnBehalfOf
                        ) -> s.OfficePublic:
    return js.create_office(ctx=ctx, body=body,  # type: ignore[return-value]
                            on_behalf_of=on_behalf_of)


@route("get", "/v1/users", response_model=list[s.UserPublic],
       **op("ats_list_users", "List users", "The ATS's users; filter by "
            "email to find your own user id (the On-Behalf-Of header of writes).",
            write=False, errors=E403))
async def list_users(ctx: CtxDep, request: Request, response: Response, page: PageNo = 1,
                     per_page: PerPage = 100, created_before: Stamp = None,
                     created_after: Stamp = None, updated_before: Stamp = None,
                     updated_after: Stamp = None,
                     email: Annotated[str | None, Query(max_length=255, description=(
                         "A user's e-mail address."), json_schema_extra=entity("Email"))] = None,
                     employee_id: Annotated[str | None, Query(max_length=255, description=(
                         "A user's employee id."), json_schema_extra=entity("EmployeeNumber"))
                     ] = None) -> Response:
    return paged(request, response, js.list_users(ctx=ctx, w=window(
        page, per_page, created_before, created_after, updated_before, updated_after),
        email=email, employee_id=employee_id))


@route("get", "/v1/users/{id}", **op("ats_get_user", "Retrieve user", "One user.", write=False,
            errors=E404))
async def get_user(ctx: CtxDep, id: UserId) -> s.UserPublic:
    return js.get_user(ctx=ctx, user_id=id)  # type: ignore[return-value]


@route("get", "/v1/sources", response_model=list[s.SourcePublic],
       **op("ats_list_sources", "List sources", "Where candidates come "
            "from.", write=False, errors=E403))
async def list_sources(ctx: CtxDep, request: Request, response: Response, page: PageNo = 1,
                       per_page: PerPage = 100) -> Response:
    return paged(request, response, js.sources(ctx=ctx, w=window(page, per_page)))


@route("get", "/v1/rejection_reasons", response_model=list[s.RejectionReasonPublic],
       **op("ats_list_rejection_reasons",
            "List rejection reasons", "The reasons an application can be rejected for.",
            write=False, errors=E403))
async def list_rejection_reasons(ctx: CtxDep, request: Request, response: Response,
                                 page: PageNo = 1, per_page: PerPage = 100
                                 ) -> Response:
    return paged(request, response, js.rejection_reasons(ctx=ctx, w=window(page, per_page)))


@route("get", "/v1/close_reasons", **op("ats_list_close_reasons", "List close reasons",
            "The reasons an opening closes for.", write=False, errors=E403))
async def list_close_reasons(ctx: CtxDep) -> list[s.CloseReasonPublic]:
    return js.close_reasons(ctx=ctx)  # type: ignore[return-value]


@route("get", "/v1/custom_fields/{field_type}", **op(
    "ats_list_custom_fields", "List custom fields", "Custom fields of one kind of record: "
    "candidate, application, offer, job, opening, ...", write=False, errors=E403))
async def list_custom_fields(ctx: CtxDep, field_type: Annotated[str, Path(
                                 max_length=40, json_schema_extra=entity("AtsCustomFieldType"),
                                 description="candidate, application, offer, "
                                 "job, opening, ...")],
                             include_inactive: Annotated[bool, Query(description=(
                                 "Include inactive fields."))] = False
                             ) -> list[s.CustomFieldPublic]:
    return js.custom_fields(ctx=ctx, field_type=field_type,  # type: ignore[return-value]
                            include_inactive=include_inactive)


@route("get", "/v1/custom_field/{id}", **op("ats_get_custom_field", "Retrieve custom field",
            "One custom field with its options.", write=False, errors=E404))
async def get_custom_field(ctx: CtxDep, id: FieldId) -> s.CustomFieldPublic:
    return js.custom_field(ctx=ctx, field_id=id)  # type: ignore[return-value]


@route("get", "/v1/custom_field/{id}/custom_field_options", **op(
    "ats_list_custom_field_options", "List custom field options", "A select field's options.",
    write=False, errors=E404))
async def list_custom_field_options(ctx: CtxDep, id: FieldId) -> list[s.CustomFieldOptionPublic]:
    return js.custom_field_options(ctx=ctx, field_id=id)  # type: ignore[return-value]


@route("get", "/v1/tags/candidate", **op("ats_list_tags", "List candidate tags",
            "Every candidate tag.", write=False, errors=E403))
async def list_tags(ctx: CtxDep) -> list[s.TagPublic]:
    return js.list_tags(ctx=ctx)  # type: ignore[return-value]


@route("post", "/v1/tags/candidate", status_code=201, **op(
    "ats_create_tag", "Add new candidate tag", "Create a tag.", write=True, errors=E201))
async def create_tag(ctx: CtxDep, body: s.TagCreate, on_behalf_of: OnBehalfOf) -> s.TagPublic:
    return js.create_tag(ctx=ctx, body=body,  # type: ignore[return-value]
                         on_behalf_of=on_behalf_of)


@route("delete", "/v1/tags/candidate/{id}", **op("ats_delete_tag", "Destroy a candidate tag",
               "Delete a tag (and remove it from every candidate).", write=True, errors=E404))
async def delete_tag(ctx: CtxDep, id: TagId, on_behalf_of: OnBehalfOf) -> s.Message:
    return js.delete_tag(ctx=ctx, tag_id=id,  # type: ignore[return-value]
                         on_behalf_of=on_behalf_of)


# -- candidates --------------------------------------------------------------------------------

ACCESS = (" Candidates are for Talent Acquisition, HR, executives and (their own jobs only) "
          "hiring teams; others get 403.")


@route("get", "/v1/candidates", response_model=list[s.CandidatePublic],
       **op("ats_list_candidates", "List candidates",
            "Candidates with their applications; filter by job_id, email, tag or "
            "candidate_ids." + ACCESS, write=False, errors=E403))
async def list_candidates(ctx: CtxDep, request: Request, response: Response, page: PageNo = 1,
                          per_page: PerPage = 100, created_before: Stamp = None,
                          created_after: Stamp = None, updated_before: Stamp = None,
                          updated_after: Stamp = None,
                          job_id: Annotated[Id | None, Query(description="Only this job's "
                                                             "candidates.",
                                                             json_schema_extra=entity("AtsJobId"))
                          ] = None,
                          email: Annotated[str | None, Query(max_length=255, description=(
                              "A candidate's e-mail address."), json_schema_extra=entity("Email"))
                          ] = None,
                          candidate_ids: Annotated[str | None, Query(max_length=2000,
                              description="Comma-separated candidate ids (at most 50).")
                          ] = None,
                          tag: Annotated[str | None, Query(max_length=255, description=(
                              "A tag name."), json_schema_extra=entity("AtsTagName"))] = None
                          ) -> Response:
    return paged(request, response, sv.list_candidates(
        ctx=ctx, w=window(page, per_page, created_before, created_after, updated_before,
                          updated_after), job_id=job_id, email=email,
        candidate_ids=parse_ids(candidate_ids, "candidate_ids"), tag=tag))


@route("get", "/v1/candidates/{id}", **op("ats_get_candidate", "Retrieve candidate",
            "One candidate." + ACCESS, write=False, errors=E404))
async def get_candidate(ctx: CtxDep, id: CandId) -> s.CandidatePublic:
    return sv.get_candidate(ctx=ctx, candidate_id=id)  # type: ignore[return-value]


@route("post", "/v1/candidates", status_code=201, **op(
    "ats_create_candidate", "Add candidate", "Add a candidate with one or more applications "
    "(each on an open job)." + ACCESS, write=True, errors=E201))
async def create_candidate(ctx: CtxDep, body: s.CandidateCreate, on_behalf_of: OnBehalfOf
                           ) -> s.CandidatePublic:
    return sv.create_candidate(ctx=ctx, body=body,  # type: ignore[return-value]
                               on_behalf_of=on_behalf_of)


@route("post", "/v1/prospects", status_code=201, **op(
    "ats_create_prospect", "Add prospect", "Add a prospect (on a job, or none)." + ACCESS,
    write=True, errors=E201))
async def create_prospect(ctx: CtxDep, body: s.ProspectCreate, on_behalf_of: OnBehalfOf
                          ) -> s.CandidatePublic:
    return sv.create_candidate(ctx=ctx, body=body,  # type: ignore[return-value]
                               on_behalf_of=on_behalf_of, prospect=True)


@route("patch", "/v1/candidates/{id}", **op("ats_update_candidate", "Edit candidate",
              "Change a candidate's details; lists given replace the old ones." + ACCESS,
              write=True, errors=E422))
async def update_candidate(ctx: CtxDep, id: CandId, body: s.CandidateUpdate,
                           on_behalf_of: OnBehalfOf) -> s.CandidatePublic:
    return sv.update_candidate(ctx=ctx, candidate_id=id,  # type: ignore[return-value]
                               body=body, on_behalf_of=on_behalf_of)


@route("delete", "/v1/candidates/{id}", **op("ats_delete_candidate", "Delete candidate",
               "Delete a candidate and their applications (never a hire).", write=True,
               errors=E422))
async def delete_candidate(ctx: CtxDep, id: CandId, on_behalf_of: OnBehalfOf) -> s.Message:
    return sv.delete_candidate(ctx=ctx, candidate_id=id,  # type: ignore[return-value]
                               on_behalf_of=on_behalf_of)


@route("post", "/v1/candidates/{id}/attachments", status_code=201, **op(
    "ats_add_candidate_attachment", "Add attachment", "Attach a file to a candidate.",
    write=True, errors=E422))
async def add_candidate_attachment(ctx: CtxDep, id: CandId, body: s.AttachmentIn,
                                   on_behalf_of: OnBehalfOf) -> s.AttachmentOut:
    return sv.add_candidate_attachment(  # type: ignore[return-value]
        ctx=ctx, candidate_id=id, body=body, on_behalf_of=on_behalf_of)


@route("post", "/v1/candidates/{id}/activity_feed/notes", status_code=201, **op(
    "ats_add_note", "Add note", "Add a note to a candidate (written as yourself).",
    write=True, errors=E422))
async def add_note(ctx: CtxDep, id: CandId, body: s.NoteIn, on_behalf_of: OnBehalfOf
                   ) -> s.NotePublic:
    return sv.add_note(ctx=ctx, candidate_id=id, body=body,  # type: ignore[return-value]
                       on_behalf_of=on_behalf_of)


@route("post", "/v1/candidates/{id}/activity_feed/emails", status_code=201, **op(
    "ats_add_email_note", "Add e-mail note", "Log an e-mail on a candidate.", write=True,
    errors=E422))
async def add_email_note(ctx: CtxDep, id: CandId, body: s.EmailNoteIn,
                         on_behalf_of: OnBehalfOf) -> s.EmailPublic:
    return sv.add_email_note(ctx=ctx, candidate_id=id,  # type: ignore[return-value]
                             body=body, on_behalf_of=on_behalf_of)


@route("get", "/v1/candidates/{id}/activity_feed", **op("ats_get_activity_feed",
            "Retrieve activity feed", "A candidate's notes, e-mails and activity.",
            write=False, errors=E404))
async def get_activity_feed(ctx: CtxDep, id: CandId) -> s.ActivityFeed:
    return sv.activity_feed(ctx=ctx, candidate_id=id)  # type: ignore[return-value]


@route("get", "/v1/candidates/{id}/tags", **op("ats_list_candidate_tags",
            "List tags applied to candidate", "The candidate's tags.", write=False,
            errors=E404))
async def list_candidate_tags(ctx: CtxDep, id: CandId) -> list[s.TagPublic]:
    return sv.candidate_tags(ctx=ctx, candidate_id=id)  # type: ignore[return-value]


@route("put", "/v1/candidates/{candidate_id}/tags/{tag_id}", **op(
    "ats_add_candidate_tag", "Add a candidate tag", "Apply a tag to a candidate.",
    write=True, errors=E422))
async def add_candidate_tag(ctx: CtxDep, candidate_id: CandId, tag_id: TagId,
                            on_behalf_of: OnBehalfOf) -> s.Message:
    return sv.tag_candidate(ctx=ctx, candidate_id=candidate_id,  # type: ignore[return-value]
                            tag_id=tag_id, on_behalf_of=on_behalf_of, add=True)


@route("delete", "/v1/candidates/{candidate_id}/tags/{tag_id}", **op(
    "ats_remove_candidate_tag", "Remove tag from candidate", "Remove a tag from a candidate.",
    write=True, errors=E422))
async def remove_candidate_tag(ctx: CtxDep, candidate_id: CandId, tag_id: TagId,
                               on_behalf_of: OnBehalfOf) -> s.Message:
    return sv.tag_candidate(ctx=ctx, candidate_id=candidate_id,  # type: ignore[return-value]
                            tag_id=tag_id, on_behalf_of=on_behalf_of, add=False)


# -- applications ------------------------------------------------------------------------------


@route("get", "/v1/applications", response_model=list[s.ApplicationPublic],
       **op("ats_list_applications", "List applications",
            "Applications; filter by job_id, status, created/last activity." + ACCESS,
            write=False, errors=E403))
async def list_applications(ctx: CtxDep, request: Request, response: Response,
                            page: PageNo = 1, per_page: PerPage = 100,
                            created_before: Stamp = None, created_after: Stamp = None,
                            last_activity_after: Stamp = None,
                            job_id: Annotated[Id | None, Query(
                                description="A job.", json_schema_extra=entity("AtsJobId"))
                            ] = None,
                            status: Annotated[str | None, Query(max_length=20, description=(
                                "active, converted, hired or rejected."))] = None
                            ) -> Response:
    return paged(request, response, sv.list_applications(
        ctx=ctx, w=window(page, per_page, created_before, created_after), job_id=job_id,
        status=status, last_activity_after=last_activity_after))


@route("get", "/v1/applications/{id}", **op("ats_get_application", "Retrieve application",
            "One application." + ACCESS, write=False, errors=E404))
async def get_application(ctx: CtxDep, id: AppId) -> s.ApplicationPublic:
    return sv.get_application(ctx=ctx, application_id=id)  # type: ignore[return-value]


@route("delete", "/v1/applications/{id}", **op("ats_delete_application", "Delete application",
               "Delete an application (never a hire).", write=True, errors=E422))
async def delete_application(ctx: CtxDep, id: AppId, on_behalf_of: OnBehalfOf) -> s.Message:
    return sv.delete_application(ctx=ctx, application_id=id,  # type: ignore[return-value]
                                 on_behalf_of=on_behalf_of)


@route("post", "/v1/candidates/{id}/applications", status_code=201, **op(
    "ats_add_application", "Add application to candidate", "Apply an existing candidate to "
    "an open job.", write=True, errors=E422))
async def add_application(ctx: CtxDep, id: CandId, body: s.ApplicationIn,
                          on_behalf_of: OnBehalfOf) -> s.ApplicationPublic:
    return sv.add_application(ctx=ctx, candidate_id=id,  # type: ignore[return-value]
                              body=body, on_behalf_of=on_behalf_of)


@route("patch", "/v1/applications/{id}", **op("ats_update_application", "Update application",
              "Change an application's source or custom fields.", write=True, errors=E422))
async def update_application(ctx: CtxDep, id: AppId, body: s.ApplicationUpdate,
                             on_behalf_of: OnBehalfOf) -> s.ApplicationPublic:
    return sv.update_application(ctx=ctx, application_id=id,  # type: ignore[return-value]
                                 body=body, on_behalf_of=on_behalf_of)


@route("post", "/v1/applications/{id}/advance", **op("ats_advance_application",
             "Advance application", "Move an active application to its job's next stage; "
             "from_stage_id must be its current stage. Not from the last stage, nor when "
             "rejected or hired (422).", write=True, errors=E422))
async def advance_application(ctx: CtxDep, id: AppId, body: s.AdvanceIn,
                              on_behalf_of: OnBehalfOf) -> s.ApplicationPublic:
    return sv.advance(ctx=ctx, application_id=id, body=body,  # type: ignore[return-value]
                      on_behalf_of=on_behalf_of)


@route("post", "/v1/applications/{id}/move", **op("ats_move_application",
             "Move application (same job)", "Move an active application to another stage of "
             "its job.", write=True, errors=E422))
async def move_application(ctx: CtxDep, id: AppId, body: s.MoveIn, on_behalf_of: OnBehalfOf
                           ) -> s.ApplicationPublic:
    return sv.move(ctx=ctx, application_id=id, body=body,  # type: ignore[return-value]
                   on_behalf_of=on_behalf_of)


@route("post", "/v1/applications/{id}/transfer_to_job", **op(
    "ats_transfer_application", "Move application (different job)", "Move an active "
    "application to another open job.", write=True, errors=E422))
async def transfer_application(ctx: CtxDep, id: AppId, body: s.TransferIn,
                               on_behalf_of: OnBehalfOf) -> s.ApplicationPublic:
    return sv.transfer(ctx=ctx, application_id=id, body=body,  # type: ignore[return-value]
                       on_behalf_of=on_behalf_of)


@route("patch", "/v1/applications/{id}/convert_prospect", **op(
    "ats_convert_prospect", "Convert prospect to candidate", "Put a prospect application on "
    "an open job.", write=True, errors=E422))
async def convert_prospect(ctx: CtxDep, id: AppId, body: s.ConvertProspectIn,
                           on_behalf_of: OnBehalfOf) -> s.ConvertProspectOut:
    return sv.convert_prospect(ctx=ctx, application_id=id,  # type: ignore[return-value]
                               body=body, on_behalf_of=on_behalf_of)


@route("post", "/v1/applications/{id}/attachments", status_code=201, **op(
    "ats_add_application_attachment", "Add attachment to application",
    "Attach a file to an application's candidate.", write=True, errors=E422))
async def add_application_attachment(ctx: CtxDep, id: AppId, body: s.AttachmentIn,
                                     on_behalf_of: OnBehalfOf) -> s.AttachmentOut:
    return sv.add_application_attachment(  # type: ignore[return-value]
        ctx=ctx, application_id=id, body=body, on_behalf_of=on_behalf_of)


@route("post", "/v1/applications/{id}/hire", **op("ats_hire_application", "Hire application",
             "Hire an active application on an open job, filling an open opening and "
             "accepting its offer.", write=True, errors=E422))
async def hire_application(ctx: CtxDep, id: AppId, body: s.HireIn, on_behalf_of: OnBehalfOf
                           ) -> s.ApplicationPublic:
    return sv.hire(ctx=ctx, application_id=id, body=body,  # type: ignore[return-value]
                   on_behalf_of=on_behalf_of)


@route("post", "/v1/applications/{id}/reject", **op("ats_reject_application",
             "Reject application", "Reject an active application with a rejection reason "
             "(GET /v1/rejection_reasons).", write=True, errors=E422))
async def reject_application(ctx: CtxDep, id: AppId, body: s.RejectIn,
                             on_behalf_of: OnBehalfOf) -> s.ApplicationPublic:
    return sv.reject(ctx=ctx, application_id=id, body=body,  # type: ignore[return-value]
                     on_behalf_of=on_behalf_of)


@route("patch", "/v1/applications/{id}/reject", **op("ats_update_rejection",
              "Update rejection reason", "Change a rejected application's reason.",
              write=True, errors=E422))
async def update_rejection(ctx: CtxDep, id: AppId, body: s.RejectUpdate,
                           on_behalf_of: OnBehalfOf) -> s.RejectUpdated:
    return sv.update_rejection(ctx=ctx, application_id=id,  # type: ignore[return-value]
                               body=body, on_behalf_of=on_behalf_of)


@route("post", "/v1/applications/{id}/unreject", **op("ats_unreject_application",
             "Unreject application", "Make a rejected application active again (422 when it "
             "is not rejected).", write=True, errors=E422))
async def unreject_application(ctx: CtxDep, id: AppId, on_behalf_of: OnBehalfOf
                               ) -> s.ApplicationPublic:
    return sv.unreject(ctx=ctx, application_id=id,  # type: ignore[return-value]
                       on_behalf_of=on_behalf_of)


# -- interviews, scorecards, offers ----------------------------------------------------------


@route("get", "/v1/scheduled_interviews", response_model=list[s.ScheduledInterviewPublic],
       **op("ats_list_scheduled_interviews",
            "List scheduled interviews", "Scheduled interviews." + ACCESS, write=False,
            errors=E403))
async def list_interviews(ctx: CtxDep, request: Request, response: Response, page: PageNo = 1,
                          per_page: PerPage = 100, created_before: Stamp = None,
                          created_after: Stamp = None, updated_before: Stamp = None,
                          updated_after: Stamp = None, starts_after: Stamp = None,
                          starts_before: Stamp = None) -> Response:
    return paged(request, response, isv.list_interviews(
        ctx=ctx, w=window(page, per_page, created_before, created_after, updated_before,
                          updated_after), application_id=None, starts_after=starts_after,
        starts_before=starts_before))


@route("get", "/v1/applications/{id}/scheduled_interviews",
       response_model=list[s.ScheduledInterviewPublic],
       **op(
    "ats_list_application_interviews", "List scheduled interviews for application",
    "The application's interviews.", write=False, errors=E404))
async def list_application_interviews(ctx: CtxDep, request: Request, response: Response,
                                      id: AppId, page: PageNo = 1, per_page: PerPage = 100
                                      ) -> Response:
    return paged(request, response, isv.list_interviews(
        ctx=ctx, w=window(page, per_page), application_id=id, starts_after=None,
        starts_before=None))


@route("get", "/v1/scheduled_interviews/{id}", **op("ats_get_scheduled_interview",
            "Retrieve scheduled interview", "One scheduled interview.", write=False,
            errors=E404))
async def get_interview(ctx: CtxDep, id: InterviewId) -> s.ScheduledInterviewPublic:
    return isv.get_interview(ctx=ctx, interview_id=id)  # type: ignore[return-value]


@route("post", "/v2/scheduled_interviews", status_code=201, **op(
    "ats_create_scheduled_interview", "Create scheduled interview", "Schedule an interview "
    "of the application's current stage.", write=True, errors=E201))
async def create_interview(ctx: CtxDep, body: s.ScheduledInterviewCreate,
                           on_behalf_of: OnBehalfOf) -> s.ScheduledInterviewPublic:
    return isv.create_interview(ctx=ctx, body=body,  # type: ignore[return-value]
                                on_behalf_of=on_behalf_of)


@route("patch", "/v2/scheduled_interviews/{id}", **op("ats_update_scheduled_interview",
              "Update scheduled interview", "Reschedule or change interviewers.", write=True,
              errors=E422))
async def update_interview(ctx: CtxDep, id: InterviewId, body: s.ScheduledInterviewUpdate,
                           on_behalf_of: OnBehalfOf) -> s.ScheduledInterviewPublic:
    return isv.update_interview(ctx=ctx, interview_id=id,  # type: ignore[return-value]
                                body=body, on_behalf_of=on_behalf_of)


@route("delete", "/v1/scheduled_interviews/{id}", **op("ats_delete_scheduled_interview",
               "Remove scheduled interview", "Cancel an interview that is not complete.",
               write=True, errors=E422))
async def delete_interview(ctx: CtxDep, id: InterviewId, on_behalf_of: OnBehalfOf) -> s.Message:
    return isv.delete_interview(ctx=ctx, interview_id=id,  # type: ignore[return-value]
                                on_behalf_of=on_behalf_of)


@route("get", "/v1/scorecards", response_model=list[s.ScorecardPublic],
       **op("ats_list_scorecards", "List scorecards",
            "Submitted scorecards." + ACCESS, write=False, errors=E403))
async def list_scorecards(ctx: CtxDep, request: Request, response: Response, page: PageNo = 1,
                          per_page: PerPage = 100, created_before: Stamp = None,
                          created_after: Stamp = None, updated_before: Stamp = None,
                          updated_after: Stamp = None) -> Response:
    return paged(request, response, isv.list_scorecards(ctx=ctx, w=window(
        page, per_page, created_before, created_after, updated_before, updated_after),
        application_id=None))


@route("get", "/v1/applications/{id}/scorecards", response_model=list[s.ScorecardPublic],
       **op("ats_list_application_scorecards",
            "List scorecards for application", "The application's scorecards.", write=False,
            errors=E404))
async def list_application_scorecards(ctx: CtxDep, request: Request, response: Response,
                                      id: AppId, page: PageNo = 1, per_page: PerPage = 100
                                      ) -> Response:
    return paged(request, response, isv.list_scorecards(ctx=ctx, w=window(page, per_page),
                                                        application_id=id))


@route("get", "/v1/scorecards/{id}", **op("ats_get_scorecard", "Retrieve scorecard",
            "One scorecard.", write=False, errors=E404))
async def get_scorecard(ctx: CtxDep, id: ScorecardId) -> s.ScorecardPublic:
    return isv.get_scorecard(ctx=ctx, scorecard_id=id)  # type: ignore[return-value]


PAY = (" Salary is null for principals who may not see pay (recruiters).")


@route("get", "/v1/offers", response_model=list[s.OfferPublic],
       **op("ats_list_offers", "List offers", "Every offer." + PAY,
            write=False, errors=E403))
async def list_offers(ctx: CtxDep, request: Request, response: Response, page: PageNo = 1,
                      per_page: PerPage = 100, created_before: Stamp = None,
                      created_after: Stamp = None, updated_before: Stamp = None,
                      updated_after: Stamp = None,
                      status: Annotated[str | None, Query(max_length=20, description=(
                          "unresolved, accepted, rejected or deprecated."))] = None,
                      sent_after: Stamp = None, starts_after: Stamp = None
                      ) -> Response:
    return paged(request, response, isv.list_offers(
        ctx=ctx, w=window(page, per_page, created_before, created_after, updated_before,
                          updated_after), application_id=None, status=status,
        sent_after=sent_after, starts_after=starts_after))


@route("get", "/v1/applications/{id}/offers", response_model=list[s.OfferPublic],
       **op("ats_list_application_offers",
            "List offers for application", "The application's offers (every version)." + PAY,
            write=False, errors=E404))
async def list_application_offers(ctx: CtxDep, request: Request, response: Response,
                                  id: AppId, page: PageNo = 1, per_page: PerPage = 100
                                  ) -> Response:
    return paged(request, response, isv.list_offers(
        ctx=ctx, w=window(page, per_page), application_id=id, status=None, sent_after=None,
        starts_after=None))


@route("get", "/v1/applications/{id}/offers/current_offer", **op(
    "ats_get_current_offer", "Retrieve current offer for application",
    "The application's current (newest, not deprecated) offer." + PAY, write=False,
    errors=E404))
async def get_current_offer(ctx: CtxDep, id: AppId) -> s.OfferPublic:
    return isv.current_offer(ctx=ctx, application_id=id)  # type: ignore[return-value]


@route("get", "/v1/offers/{id}", **op("ats_get_offer", "Retrieve offer", "One offer." + PAY,
            write=False, errors=E404))
async def get_offer(ctx: CtxDep, id: OfferId) -> s.OfferPublic:
    return isv.get_offer(ctx=ctx, offer_id=id)  # type: ignore[return-value]


@route("patch", "/v1/applications/{id}/offers/current_offer", **op(
    "ats_update_current_offer", "Update current offer", "Change the current offer's start "
    "date, sent date or custom fields (salary: a non-negative amount; 403 for recruiters). "
    "Not on a closed job or a hired or rejected application (422).", write=True,
    errors=E422))
async def update_current_offer(ctx: CtxDep, id: AppId, body: s.OfferUpdate,
                               on_behalf_of: OnBehalfOf) -> s.Success:
    return isv.update_current_offer(ctx=ctx, application_id=id,  # type: ignore[return-value]
                                     body=body, on_behalf_of=on_behalf_of)
