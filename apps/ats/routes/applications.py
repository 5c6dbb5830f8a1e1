"""Harvest's application routes: applications and their transitions (advance, move,
transfer, convert a prospect, attach a file, hire, reject, unreject). Mounted under `/ats`."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from arcadia.apps.ats import application_service as applications
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats.common import Wire
from arcadia.apps.ats.routes.params import (
    ACCESS,
    E403,
    E404,
    E422,
    AppId,
    CandId,
    OnBehalfOf,
    PageNo,
    PerPage,
    Stamp,
    paged,
    window,
)
from arcadia.apps.kernel import CtxDep, Id, entity, op, slash_alias

router = APIRouter()
route = slash_alias(router)  # both trailing-slash spellings (see `params.py`)


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
    return paged(request, response, applications.list_applications(
        ctx=ctx, w=window(page, per_page, created_before, created_after), job_id=job_id,
        status=status, last_activity_after=last_activity_after))


@route("get", "/v1/applications/{id}", response_model=s.ApplicationPublic,
       **op("ats_get_application", "Retrieve application", "One application." + ACCESS, write=False,
            errors=E404))
async def get_application(ctx: CtxDep, id: AppId) -> Wire:
    return applications.get_application(ctx=ctx, application_id=id)


@route("delete", "/v1/applications/{id}", response_model=s.Message,
       **op("ats_delete_application", "Delete application", "Delete an application (never a hire).",
            write=True, errors=E422))
async def delete_application(ctx: CtxDep, id: AppId, on_behalf_of: OnBehalfOf) -> Wire:
    return applications.delete_application(ctx=ctx, application_id=id, on_behalf_of=on_behalf_of)


@route("post", "/v1/candidates/{id}/applications", response_model=s.ApplicationPublic,
       status_code=201, **op("ats_add_application", "Add application to candidate",
                             "Apply an existing candidate to an open job.", write=True,
                             errors=E422))
async def add_application(ctx: CtxDep, id: CandId, body: s.ApplicationIn,
                          on_behalf_of: OnBehalfOf) -> Wire:
    return applications.add_application(ctx=ctx, candidate_id=id, body=body,
                                        on_behalf_of=on_behalf_of)


@route("patch", "/v1/applications/{id}", response_model=s.ApplicationPublic,
       **op("ats_update_application", "Update application",
            "Change an application's source or custom fields.", write=True, errors=E422))
async def update_application(ctx: CtxDep, id: AppId, body: s.ApplicationUpdate,
                             on_behalf_of: OnBehalfOf) -> Wire:
    return applications.update_application(ctx=ctx, application_id=id, body=body,
                                           on_behalf_of=on_behalf_of)


@route("post", "/v1/applications/{id}/advance", response_model=s.ApplicationPublic,
       **op("ats_advance_application", "Advance application",
            "Move an active application to its job's next stage; "
            "from_stage_id must be its current stage. Not from the last stage, nor when "
            "rejected or hired (422).", write=True, errors=E422))
async def advance_application(ctx: CtxDep, id: AppId, body: s.AdvanceIn,
                              on_behalf_of: OnBehalfOf) -> Wire:
    return applications.advance(ctx=ctx, application_id=id, body=body, on_behalf_of=on_behalf_of)


@route("post", "/v1/applications/{id}/move", response_model=s.ApplicationPublic,
       **op("ats_move_application", "Move application (same job)",
            "Move an active application to another stage of its job.", write=True, errors=E422))
async def move_application(ctx: CtxDep, id: AppId, body: s.MoveIn, on_behalf_of: OnBehalfOf
                           ) -> Wire:
    return applications.move(ctx=ctx, application_id=id, body=body, on_behalf_of=on_behalf_of)


@route("post", "/v1/applications/{id}/transfer_to_job", response_model=s.ApplicationPublic,
       **op("ats_transfer_application", "Move application (different job)", "Move an active "
            "application to another open job.", write=True, errors=E422))
async def transfer_application(ctx: CtxDep, id: AppId, body: s.TransferIn,
                               on_behalf_of: OnBehalfOf) -> Wire:
    return applications.transfer(ctx=ctx, application_id=id, body=body, on_behalf_of=on_behalf_of)


@route("patch", "/v1/applications/{id}/convert_prospect", response_model=s.ConvertProspectOut,
       **op("ats_convert_prospect", "Convert prospect to candidate",
            "Put a prospect application on an open job.", write=True, errors=E422))
async def convert_prospect(ctx: CtxDep, id: AppId, body: s.ConvertProspectIn,
                           on_behalf_of: OnBehalfOf) -> Wire:
    return applications.convert_prospect(ctx=ctx, application_id=id, body=body,
                                         on_behalf_of=on_behalf_of)


@route("post", "/v1/applications/{id}/attachments", response_model=s.AttachmentOut,
       status_code=201, **op("ats_add_application_attachment", "Add attachment to application",
                             "Attach a file to an application's candidate.", write=True,
                             errors=E422))
async def add_application_attachment(ctx: CtxDep, id: AppId, body: s.AttachmentIn,
                                     on_behalf_of: OnBehalfOf) -> Wire:
    return applications.add_application_attachment(
        ctx=ctx, application_id=id, body=body, on_behalf_of=on_behalf_of)


@route("post", "/v1/applications/{id}/hire", response_model=s.ApplicationPublic,
       **op("ats_hire_application", "Hire application",
            "Hire an active application on an open job, filling an open opening and "
            "accepting its offer.", write=True, errors=E422))
async def hire_application(ctx: CtxDep, id: AppId, body: s.HireIn, on_behalf_of: OnBehalfOf
                           ) -> Wire:
    return applications.hire(ctx=ctx, application_id=id, body=body, on_behalf_of=on_behalf_of)


@route("post", "/v1/applications/{id}/reject", response_model=s.ApplicationPublic,
       **op("ats_reject_application", "Reject application",
            "Reject an active application with a rejection reason (GET /v1/rejection_reasons).",
            write=True, errors=E422))
async def reject_application(ctx: CtxDep, id: AppId, body: s.RejectIn,
                             on_behalf_of: OnBehalfOf) -> Wire:
    return applications.reject(ctx=ctx, application_id=id, body=body, on_behalf_of=on_behalf_of)


@route("patch", "/v1/applications/{id}/reject", response_model=s.RejectUpdated,
       **op("ats_update_rejection", "Update rejection reason",
            "Change a rejected application's reason.", write=True, errors=E422))
async def update_rejection(ctx: CtxDep, id: AppId, body: s.RejectUpdate,
                           on_behalf_of: OnBehalfOf) -> Wire:
    return applications.update_rejection(ctx=ctx, application_id=id, body=body,
                                         on_behalf_of=on_behalf_of)


@route("post", "/v1/applications/{id}/unreject", response_model=s.ApplicationPublic,
       **op("ats_unreject_application", "Unreject application",
            "Make a rejected application active again (422 when it is not rejected).", write=True,
            errors=E422))
async def unreject_application(ctx: CtxDep, id: AppId, on_behalf_of: OnBehalfOf
                               ) -> Wire:
    return applications.unreject(ctx=ctx, application_id=id, on_behalf_of=on_behalf_of)
