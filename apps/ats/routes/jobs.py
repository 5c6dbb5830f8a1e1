"""Harvest's job routes: jobs and their hiring teams, openings, stages and job posts.
Mounted under `/ats`."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from arcadia.apps.ats import job_post_service as posts
from arcadia.apps.ats import job_service as jobs
from arcadia.apps.ats import opening_service as openings
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats.common import Wire
from arcadia.apps.ats.routes.params import (
    E403,
    E404,
    E422,
    JobId,
    OnBehalfOf,
    OpeningId,
    PageNo,
    PerPage,
    PostId,
    StageId,
    Stamp,
    paged,
    window,
)
from arcadia.apps.kernel import CtxDep, Id, entity, op, slash_alias

router = APIRouter()
route = slash_alias(router)  # both trailing-slash spellings (see `params.py`)


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
    return paged(request, response, jobs.list_jobs(
        ctx=ctx, w=window(page, per_page, created_before, created_after, updated_before,
                          updated_after), status=status, department_id=department_id,
        office_id=office_id, requisition_id=requisition_id, opening_id=opening_id))


@route("get", "/v1/jobs/{id}", response_model=s.JobPublic,
       **op("ats_get_job", "Retrieve a job", "One job.", write=False, errors=E404))
async def get_job(ctx: CtxDep, id: JobId) -> Wire:
    return jobs.get_job(ctx=ctx, job_id=id)


@route("patch", "/v1/jobs/{id}", response_model=s.JobPublic,
       **op("ats_update_job", "Update a job", "Change a job's name, "
            "notes, requisition id, department, offices or custom fields. HR, recruiters "
            "and executives.", write=True, errors=E422))
async def update_job(ctx: CtxDep, id: JobId, body: s.JobUpdate, on_behalf_of: OnBehalfOf
                     ) -> Wire:
    return jobs.update_job(ctx=ctx, job_id=id, body=body, on_behalf_of=on_behalf_of)


@route("get", "/v1/jobs/{id}/hiring_team", response_model=s.HiringTeamPublic,
       **op("ats_get_hiring_team", "Hiring team",
            "The job's hiring managers, recruiters, coordinators and sourcers (user ids).",
            write=False, errors=E404))
async def get_hiring_team(ctx: CtxDep, id: JobId) -> Wire:
    return jobs.hiring_team(ctx=ctx, job_id=id)


@route("put", "/v1/jobs/{id}/hiring_team", response_model=s.Success,
       **op("ats_replace_hiring_team", "Replace hiring team",
            "Replace the whole hiring team with the members given.", write=True, errors=E422))
async def replace_hiring_team(ctx: CtxDep, id: JobId, body: s.HiringTeamIn,
                              on_behalf_of: OnBehalfOf) -> Wire:
    return jobs.replace_hiring_team(ctx=ctx, job_id=id, body=body, on_behalf_of=on_behalf_of)


@route("post", "/v1/jobs/{id}/hiring_team", response_model=s.Success,
       **op("ats_add_hiring_team_members", "Add hiring team members",
            "Add members to the hiring team.", write=True, errors=E422))
async def add_hiring_team(ctx: CtxDep, id: JobId, body: s.HiringTeamIn,
                          on_behalf_of: OnBehalfOf) -> Wire:
    return jobs.replace_hiring_team(ctx=ctx, job_id=id, body=body, on_behalf_of=on_behalf_of,
                                    add_only=True)


@route("delete", "/v1/jobs/{id}/hiring_team", response_model=s.Success,
       **op("ats_remove_hiring_team_member", "Remove hiring team member",
            "Remove a user from the hiring team (every role, or the role given).", write=True,
            errors=E422))
async def remove_hiring_team(ctx: CtxDep, id: JobId, on_behalf_of: OnBehalfOf,
                             user_id: Annotated[Id, Query(description="The member.",
                                                          json_schema_extra=entity("AtsUserId"))],
                             role: Annotated[str | None, Query(max_length=40, description=(
                                 "hiring_manager, recruiter, coordinator or sourcer."))] = None
                             ) -> Wire:
    return jobs.remove_hiring_team_member(
        ctx=ctx, job_id=id, user_id=user_id, role=role, on_behalf_of=on_behalf_of)


@route("get", "/v1/jobs/{job_id}/openings", response_model=list[s.OpeningPublic],
       **op("ats_list_openings", "List job openings",
            "The job's openings; status open, closed or all.", write=False, errors=E404))
async def list_openings(ctx: CtxDep, request: Request, response: Response, job_id: JobId,
                        page: PageNo = 1, per_page: PerPage = 100,
                        status: Annotated[str | None, Query(max_length=10, description=(
                            "open, closed or all."))] = None) -> Response:
    return paged(request, response, openings.list_openings(ctx=ctx, job_id=job_id, status=status,
                                                           w=window(page, per_page)))


@route("get", "/v1/jobs/{job_id}/openings/{id}", response_model=s.OpeningPublic,
       **op("ats_get_opening", "Single opening for job", "One opening of the job.", write=False,
            errors=E404))
async def get_opening(ctx: CtxDep, job_id: JobId, id: OpeningId) -> Wire:
    return openings.get_opening(ctx=ctx, job_id=job_id, opening_id=id)


@route("post", "/v1/jobs/{job_id}/openings", response_model=s.OpeningsCreated,
       **op("ats_create_openings", "Create new openings",
            "Add openings (headcount) to an open job.", write=True, errors=E422))
async def create_openings(ctx: CtxDep, job_id: JobId, body: s.OpeningsCreate,
                          on_behalf_of: OnBehalfOf) -> Wire:
    return openings.create_openings(ctx=ctx, job_id=job_id, body=body, on_behalf_of=on_behalf_of)


@route("patch", "/v1/jobs/{job_id}/openings/{id}", response_model=s.Success,
       **op("ats_update_opening", "Edit opening",
            "Rename, close (with a close reason) or reopen an opening.", write=True, errors=E422))
async def update_opening(ctx: CtxDep, job_id: JobId, id: OpeningId, body: s.OpeningUpdate,
                         on_behalf_of: OnBehalfOf) -> Wire:
    return openings.update_opening(ctx=ctx, job_id=job_id, opening_id=id, body=body,
                                   on_behalf_of=on_behalf_of)


@route("delete", "/v2/jobs/{job_id}/openings", response_model=s.IdsOut,
       **op("ats_delete_openings", "Destroy openings",
            "Destroy open, unfilled openings of the job.", write=True, errors=E422))
async def delete_openings(ctx: CtxDep, job_id: JobId, body: s.OpeningsDelete,
                          on_behalf_of: OnBehalfOf) -> Wire:
    return openings.delete_openings(ctx=ctx, job_id=job_id, body=body, on_behalf_of=on_behalf_of)


@route("get", "/v1/job_stages", response_model=list[s.JobStagePublic],
       **op("ats_list_job_stages", "List job stages",
            "Every job's stages, in pipeline order.", write=False, errors=E403))
async def list_job_stages(ctx: CtxDep, request: Request, response: Response, page: PageNo = 1,
                          per_page: PerPage = 100, created_before: Stamp = None,
                          created_after: Stamp = None, updated_before: Stamp = None,
                          updated_after: Stamp = None) -> Response:
    return paged(request, response, jobs.list_stages(ctx=ctx, job_id=None, w=window(
        page, per_page, created_before, created_after, updated_before, updated_after)))


@route("get", "/v1/jobs/{id}/stages", response_model=list[s.JobStagePublic],
       **op("ats_list_stages_for_job", "List job stages for job",
            "The job's stages in order (priority 0 first) with their interviews.",
            write=False, errors=E404))
async def list_stages_for_job(ctx: CtxDep, request: Request, response: Response, id: JobId,
                              page: PageNo = 1, per_page: PerPage = 100
                              ) -> Response:
    return paged(request, response, jobs.list_stages(ctx=ctx, job_id=id, w=window(page, per_page)))


@route("get", "/v1/job_stages/{id}", response_model=s.JobStagePublic,
       **op("ats_get_job_stage", "Retrieve job stage", "One job stage.", write=False, errors=E404))
async def get_job_stage(ctx: CtxDep, id: StageId) -> Wire:
    return jobs.get_stage(ctx=ctx, stage_id=id)


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
    return paged(request, response, posts.list_posts(ctx=ctx, job_id=None, w=window(
        page, per_page, created_before, created_after, updated_before, updated_after),
        live=live, active=active))


@route("get", "/v1/job_posts/{id}", response_model=s.JobPostPublic,
       **op("ats_get_job_post", "Retrieve job post", "One job post.", write=False, errors=E404))
async def get_job_post(ctx: CtxDep, id: PostId) -> Wire:
    return posts.get_post(ctx=ctx, post_id=id)


@route("get", "/v1/jobs/{id}/job_posts", response_model=list[s.JobPostPublic],
       **op("ats_list_job_posts_for_job",
            "List job posts for job", "The job's posts.", write=False, errors=E404))
async def list_job_posts_for_job(ctx: CtxDep, request: Request, response: Response,
                                 id: JobId, page: PageNo = 1, per_page: PerPage = 100
                                 ) -> Response:
    return paged(request, response, posts.list_posts(ctx=ctx, job_id=id, w=window(
        page, per_page), live=None, active=None))


@route("get", "/v1/jobs/{id}/job_post", response_model=s.JobPostPublic,
       **op("ats_get_job_post_for_job", "Retrieve job post for job", "The job's (first) post.",
            write=False, errors=E404))
async def get_job_post_for_job(ctx: CtxDep, id: JobId) -> Wire:
    return posts.post_of_job(ctx=ctx, job_id=id)


@route("get", "/v1/job_posts/{id}/custom_locations", response_model=list[s.CustomLocation],
       **op("ats_list_custom_locations", "Retrieve custom locations for job post",
            "The post's custom locations.", write=False, errors=E404))
async def list_custom_locations(ctx: CtxDep, id: PostId) -> list[Wire]:
    return posts.custom_locations(ctx=ctx, post_id=id)


@route("patch", "/v2/job_posts/{id}", response_model=s.Success,
       **op("ats_update_job_post", "Update job post", "Change a post's title, location or content.",
            write=True, errors=E422))
async def update_job_post(ctx: CtxDep, id: PostId, body: s.JobPostUpdate,
                          on_behalf_of: OnBehalfOf) -> Wire:
    return posts.update_post(ctx=ctx, post_id=id, body=body, on_behalf_of=on_behalf_of)


@route("patch", "/v2/job_posts/{id}/status", response_model=s.Success,
       **op("ats_update_job_post_status", "Update job post status", "Take a post live or offline.",
            write=True, errors=E422))
async def update_job_post_status(ctx: CtxDep, id: PostId, body: s.JobPostStatus,
                                 on_behalf_of: OnBehalfOf) -> Wire:
    return posts.post_status(ctx=ctx, post_id=id, body=body, on_behalf_of=on_behalf_of)
