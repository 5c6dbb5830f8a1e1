"""Harvest's candidate routes: candidates and prospects, their files, notes, e-mails,
activity feed and tags. Mounted under `/ats`."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from arcadia.apps.ats import candidate_service as candidates
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats.common import Wire
from arcadia.apps.ats.routes.params import (
    ACCESS,
    E201,
    E403,
    E404,
    E422,
    CandId,
    OnBehalfOf,
    PageNo,
    PerPage,
    Stamp,
    TagId,
    paged,
    window,
)
from arcadia.apps.kernel import CtxDep, Id, entity, op, parse_ids, slash_alias

router = APIRouter()
route = slash_alias(router)  # both trailing-slash spellings (see `params.py`)


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
    return paged(request, response, candidates.list_candidates(
        ctx=ctx, w=window(page, per_page, created_before, created_after, updated_before,
                          updated_after), job_id=job_id, email=email,
        candidate_ids=parse_ids(candidate_ids, "candidate_ids"), tag=tag))


@route("get", "/v1/candidates/{id}", response_model=s.CandidatePublic,
       **op("ats_get_candidate", "Retrieve candidate", "One candidate." + ACCESS, write=False,
            errors=E404))
async def get_candidate(ctx: CtxDep, id: CandId) -> Wire:
    return candidates.get_candidate(ctx=ctx, candidate_id=id)


@route("post", "/v1/candidates", response_model=s.CandidatePublic, status_code=201, **op(
    "ats_create_candidate", "Add candidate", "Add a candidate with one or more applications "
    "(each on an open job)." + ACCESS, write=True, errors=E201))
async def create_candidate(ctx: CtxDep, body: s.CandidateCreate, on_behalf_of: OnBehalfOf
                           ) -> Wire:
    return candidates.create_candidate(ctx=ctx, body=body, on_behalf_of=on_behalf_of)


@route("post", "/v1/prospects", response_model=s.CandidatePublic, status_code=201, **op(
    "ats_create_prospect", "Add prospect", "Add a prospect (on a job, or none)." + ACCESS,
    write=True, errors=E201))
async def create_prospect(ctx: CtxDep, body: s.ProspectCreate, on_behalf_of: OnBehalfOf
                          ) -> Wire:
    return candidates.create_candidate(ctx=ctx, body=body, on_behalf_of=on_behalf_of, prospect=True)


@route("patch", "/v1/candidates/{id}", response_model=s.CandidatePublic,
       **op("ats_update_candidate", "Edit candidate",
            "Change a candidate's details; lists given replace the old ones." + ACCESS, write=True,
            errors=E422))
async def update_candidate(ctx: CtxDep, id: CandId, body: s.CandidateUpdate,
                           on_behalf_of: OnBehalfOf) -> Wire:
    return candidates.update_candidate(ctx=ctx, candidate_id=id, body=body,
                                       on_behalf_of=on_behalf_of)


@route("delete", "/v1/candidates/{id}", response_model=s.Message,
       **op("ats_delete_candidate", "Delete candidate",
            "Delete a candidate and their applications (never a hire).", write=True, errors=E422))
async def delete_candidate(ctx: CtxDep, id: CandId, on_behalf_of: OnBehalfOf) -> Wire:
    return candidates.delete_candidate(ctx=ctx, candidate_id=id, on_behalf_of=on_behalf_of)


@route("post", "/v1/candidates/{id}/attachments", response_model=s.AttachmentOut,
       status_code=201, **op("ats_add_candidate_attachment", "Add attachment",
                             "Attach a file to a candidate.", write=True, errors=E422))
async def add_candidate_attachment(ctx: CtxDep, id: CandId, body: s.AttachmentIn,
                                   on_behalf_of: OnBehalfOf) -> Wire:
    return candidates.add_candidate_attachment(
        ctx=ctx, candidate_id=id, body=body, on_behalf_of=on_behalf_of)


@route("post", "/v1/candidates/{id}/activity_feed/notes", response_model=s.NotePublic,
       status_code=201, **op("ats_add_note", "Add note",
                             "Add a note to a candidate (written as yourself).", write=True,
                             errors=E422))
async def add_note(ctx: CtxDep, id: CandId, body: s.NoteIn, on_behalf_of: OnBehalfOf
                   ) -> Wire:
    return candidates.add_note(ctx=ctx, candidate_id=id, body=body, on_behalf_of=on_behalf_of)


@route("post", "/v1/candidates/{id}/activity_feed/emails", response_model=s.EmailPublic,
       status_code=201, **op("ats_add_email_note", "Add e-mail note",
                             "Log an e-mail on a candidate.", write=True, errors=E422))
async def add_email_note(ctx: CtxDep, id: CandId, body: s.EmailNoteIn,
                         on_behalf_of: OnBehalfOf) -> Wire:
    return candidates.add_email_note(ctx=ctx, candidate_id=id, body=body, on_behalf_of=on_behalf_of)


@route("get", "/v1/candidates/{id}/activity_feed", response_model=s.ActivityFeed,
       **op("ats_get_activity_feed", "Retrieve activity feed",
            "A candidate's notes, e-mails and activity.", write=False, errors=E404))
async def get_activity_feed(ctx: CtxDep, id: CandId) -> Wire:
    return candidates.activity_feed(ctx=ctx, candidate_id=id)


@route("get", "/v1/candidates/{id}/tags", response_model=list[s.TagPublic],
       **op("ats_list_candidate_tags", "List tags applied to candidate", "The candidate's tags.",
            write=False, errors=E404))
async def list_candidate_tags(ctx: CtxDep, id: CandId) -> list[Wire]:
    return candidates.candidate_tags(ctx=ctx, candidate_id=id)


@route("put", "/v1/candidates/{candidate_id}/tags/{tag_id}", response_model=s.Message,
       **op("ats_add_candidate_tag", "Add a candidate tag", "Apply a tag to a candidate.",
            write=True, errors=E422))
async def add_candidate_tag(ctx: CtxDep, candidate_id: CandId, tag_id: TagId,
                            on_behalf_of: OnBehalfOf) -> Wire:
    return candidates.tag_candidate(ctx=ctx, candidate_id=candidate_id, tag_id=tag_id,
                                    on_behalf_of=on_behalf_of, add=True)


@route("delete", "/v1/candidates/{candidate_id}/tags/{tag_id}", response_model=s.Message,
       **op("ats_remove_candidate_tag", "Remove tag from candidate",
            "Remove a tag from a candidate.", write=True, errors=E422))
async def remove_candidate_tag(ctx: CtxDep, candidate_id: CandId, tag_id: TagId,
                               on_behalf_of: OnBehalfOf) -> Wire:
    return candidates.tag_candidate(ctx=ctx, candidate_id=candidate_id, tag_id=tag_id,
                                    on_behalf_of=on_behalf_of, add=False)
