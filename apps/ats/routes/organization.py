"""Harvest's organization routes: departments, offices, users and the look-up lists
(sources, rejection and close reasons, custom fields, candidate tags). Mounted under `/ats`."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from arcadia.apps.ats import lookup_service as lookups
from arcadia.apps.ats import organization_service as organization
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats.common import Wire
from arcadia.apps.ats.routes.params import (
    E201,
    E403,
    E404,
    E422,
    DeptId,
    FieldId,
    OfficeId,
    OnBehalfOf,
    PageNo,
    PerPage,
    Stamp,
    TagId,
    UserId,
    paged,
    window,
)
from arcadia.apps.kernel import CtxDep, entity, op, path_id, slash_alias

router = APIRouter()
route = slash_alias(router)  # both trailing-slash spellings (see `params.py`)


ExternalId = Annotated[str | None, Query(max_length=255, description="An external id.")]


@route("get", "/v1/departments", response_model=list[s.DepartmentPublic],
       **op("ats_list_departments", "List departments",
            "Every department.", write=False, errors=E403))
async def list_departments(ctx: CtxDep, request: Request, response: Response,
                           page: PageNo = 1, per_page: PerPage = 100,
                           external_id: ExternalId = None) -> Response:
    return paged(request, response, organization.list_departments(ctx=ctx, w=window(page, per_page),
                                                                  external_id=external_id))


@route("get", "/v1/departments/{id}", response_model=s.DepartmentPublic,
       **op("ats_get_department", "Retrieve department", "One department.", write=False,
            errors=E404))
async def get_department(ctx: CtxDep, id: DeptId) -> Wire:
    return organization.get_department(ctx=ctx, department_id=id)


@route("patch", "/v1/departments/{id}", response_model=s.DepartmentPublic,
       **op("ats_update_department", "Edit department",
            "Rename a department or set its external id.", write=True, errors=E422))
async def update_department(ctx: CtxDep, id: DeptId, body: s.DepartmentUpdate,
                            on_behalf_of: OnBehalfOf) -> Wire:
    return organization.update_department(ctx=ctx, department_id=id, body=body,
                                          on_behalf_of=on_behalf_of)


@route("post", "/v1/departments", response_model=s.DepartmentPublic, status_code=201, **op(
    "ats_create_department", "Add department", "Add a department.", write=True,
    errors=E201))
async def create_department(ctx: CtxDep, body: s.DepartmentCreate, on_behalf_of: OnBehalfOf
                            ) -> Wire:
    return organization.create_department(ctx=ctx, body=body, on_behalf_of=on_behalf_of)


@route("get", "/v1/offices", response_model=list[s.OfficePublic],
       **op("ats_list_offices", "List offices", "Every office.",
            write=False, errors=E403))
async def list_offices(ctx: CtxDep, request: Request, response: Response, page: PageNo = 1,
                       per_page: PerPage = 100, external_id: ExternalId = None
                       ) -> Response:
    return paged(request, response, organization.list_offices(ctx=ctx, w=window(page, per_page),
                                                              external_id=external_id))


@route("get", "/v1/offices/{id}", response_model=s.OfficePublic,
       **op("ats_get_office", "Retrieve office", "One office.", write=False, errors=E404))
async def get_office(ctx: CtxDep, id: OfficeId) -> Wire:
    return organization.get_office(ctx=ctx, office_id=id)


@route("patch", "/v1/offices/{id}", response_model=s.OfficePublic,
       **op("ats_update_office", "Edit office",
            "Rename an office, or set its location or external id.", write=True, errors=E422))
async def update_office(ctx: CtxDep, id: OfficeId, body: s.OfficeUpdate, on_behalf_of: OnBehalfOf
                        ) -> Wire:
    return organization.update_office(ctx=ctx, office_id=id, body=body, on_behalf_of=on_behalf_of)


@route("post", "/v1/offices", response_model=s.OfficePublic, status_code=201, **op(
    "ats_create_office", "Add office", "Add an office.", write=True, errors=E201))
async def create_office(ctx: CtxDep, body: s.OfficeCreate, on_behalf_of: OnBehalfOf
                        ) -> Wire:
    return organization.create_office(ctx=ctx, body=body, on_behalf_of=on_behalf_of)


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
    return paged(request, response, organization.list_users(ctx=ctx, w=window(
        page, per_page, created_before, created_after, updated_before, updated_after),
        email=email, employee_id=employee_id))


@route("get", "/v1/users/{id}", response_model=s.UserPublic,
       **op("ats_get_user", "Retrieve user", "One user.", write=False, errors=E404))
async def get_user(ctx: CtxDep, id: UserId) -> Wire:
    return organization.get_user(ctx=ctx, user_id=id)


@route("get", "/v1/sources", response_model=list[s.SourcePublic],
       **op("ats_list_sources", "List sources", "Where candidates come "
            "from.", write=False, errors=E403))
async def list_sources(ctx: CtxDep, request: Request, response: Response, page: PageNo = 1,
                       per_page: PerPage = 100) -> Response:
    return paged(request, response, lookups.sources(ctx=ctx, w=window(page, per_page)))


@route("get", "/v1/rejection_reasons", response_model=list[s.RejectionReasonPublic],
       **op("ats_list_rejection_reasons",
            "List rejection reasons", "The reasons an application can be rejected for.",
            write=False, errors=E403))
async def list_rejection_reasons(ctx: CtxDep, request: Request, response: Response,
                                 page: PageNo = 1, per_page: PerPage = 100
                                 ) -> Response:
    return paged(request, response, lookups.rejection_reasons(ctx=ctx, w=window(page, per_page)))


@route("get", "/v1/close_reasons", response_model=list[s.CloseReasonPublic],
       **op("ats_list_close_reasons", "List close reasons", "The reasons an opening closes for.",
            write=False, errors=E403))
async def list_close_reasons(ctx: CtxDep) -> list[Wire]:
    return lookups.close_reasons(ctx=ctx)


@route("get", "/v1/custom_fields/{field_type}", response_model=list[s.CustomFieldPublic],
       **op("ats_list_custom_fields", "List custom fields", "Custom fields of one kind of record: "
            "candidate, application, offer, job, opening, ...", write=False, errors=E403))
async def list_custom_fields(ctx: CtxDep, field_type: Annotated[str, path_id(
                                 "AtsCustomFieldType", "candidate, application, offer, job, "
                                 "opening, ...", max_length=40)],
                             include_inactive: Annotated[bool, Query(description=(
                                 "Include inactive fields."))] = False
                             ) -> list[Wire]:
    return lookups.custom_fields(ctx=ctx, field_type=field_type, include_inactive=include_inactive)


@route("get", "/v1/custom_field/{id}", response_model=s.CustomFieldPublic,
       **op("ats_get_custom_field", "Retrieve custom field", "One custom field with its options.",
            write=False, errors=E404))
async def get_custom_field(ctx: CtxDep, id: FieldId) -> Wire:
    return lookups.custom_field(ctx=ctx, field_id=id)


@route("get", "/v1/custom_field/{id}/custom_field_options",
       response_model=list[s.CustomFieldOptionPublic],
       **op("ats_list_custom_field_options", "List custom field options",
            "A select field's options.", write=False, errors=E404))
async def list_custom_field_options(ctx: CtxDep, id: FieldId) -> list[Wire]:
    return lookups.custom_field_options(ctx=ctx, field_id=id)


@route("get", "/v1/tags/candidate", response_model=list[s.TagPublic],
       **op("ats_list_tags", "List candidate tags", "Every candidate tag.", write=False,
            errors=E403))
async def list_tags(ctx: CtxDep) -> list[Wire]:
    return lookups.list_tags(ctx=ctx)


@route("post", "/v1/tags/candidate", response_model=s.TagPublic, status_code=201, **op(
    "ats_create_tag", "Add new candidate tag", "Create a tag.", write=True, errors=E201))
async def create_tag(ctx: CtxDep, body: s.TagCreate, on_behalf_of: OnBehalfOf) -> Wire:
    return lookups.create_tag(ctx=ctx, body=body, on_behalf_of=on_behalf_of)


@route("delete", "/v1/tags/candidate/{id}", response_model=s.Message,
       **op("ats_delete_tag", "Destroy a candidate tag",
            "Delete a tag (and remove it from every candidate).", write=True, errors=E404))
async def delete_tag(ctx: CtxDep, id: TagId, on_behalf_of: OnBehalfOf) -> Wire:
    return lookups.delete_tag(ctx=ctx, tag_id=id, on_behalf_of=on_behalf_of)
