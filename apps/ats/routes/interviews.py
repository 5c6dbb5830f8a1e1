"""Harvest's routes of scheduled interviews, scorecards and offers. Mounted under `/ats`."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from arcadia.apps.ats import interview_service as interviews
from arcadia.apps.ats import offer_service as offers
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats.common import Wire
from arcadia.apps.ats.routes.params import (
    ACCESS,
    E201,
    E403,
    E404,
    E422,
    AppId,
    InterviewId,
    OfferId,
    OnBehalfOf,
    PageNo,
    PerPage,
    ScorecardId,
    Stamp,
    paged,
    window,
)
from arcadia.apps.kernel import CtxDep, op, slash_alias

router = APIRouter()
route = slash_alias(router)  # both trailing-slash spellings (see `params.py`)


@route("get", "/v1/scheduled_interviews", response_model=list[s.ScheduledInterviewPublic],
       **op("ats_list_scheduled_interviews",
            "List scheduled interviews", "Scheduled interviews." + ACCESS, write=False,
            errors=E403))
async def list_interviews(ctx: CtxDep, request: Request, response: Response, page: PageNo = 1,
                          per_page: PerPage = 100, created_before: Stamp = None,
                          created_after: Stamp = None, updated_before: Stamp = None,
                          updated_after: Stamp = None, starts_after: Stamp = None,
                          starts_before: Stamp = None) -> Response:
    return paged(request, response, interviews.list_interviews(
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
    return paged(request, response, interviews.list_interviews(
        ctx=ctx, w=window(page, per_page), application_id=id, starts_after=None,
        starts_before=None))


@route("get", "/v1/scheduled_interviews/{id}", response_model=s.ScheduledInterviewPublic,
       **op("ats_get_scheduled_interview", "Retrieve scheduled interview",
            "One scheduled interview.", write=False, errors=E404))
async def get_interview(ctx: CtxDep, id: InterviewId) -> Wire:
    return interviews.get_interview(ctx=ctx, interview_id=id)


@route("post", "/v2/scheduled_interviews", response_model=s.ScheduledInterviewPublic,
       status_code=201, **op("ats_create_scheduled_interview", "Create scheduled interview",
                             "Schedule an interview of the application's current stage.",
                             write=True, errors=E201))
async def create_interview(ctx: CtxDep, body: s.ScheduledInterviewCreate,
                           on_behalf_of: OnBehalfOf) -> Wire:
    return interviews.create_interview(ctx=ctx, body=body, on_behalf_of=on_behalf_of)


@route("patch", "/v2/scheduled_interviews/{id}", response_model=s.ScheduledInterviewPublic,
       **op("ats_update_scheduled_interview", "Update scheduled interview",
            "Reschedule or change interviewers.", write=True, errors=E422))
async def update_interview(ctx: CtxDep, id: InterviewId, body: s.ScheduledInterviewUpdate,
                           on_behalf_of: OnBehalfOf) -> Wire:
    return interviews.update_interview(ctx=ctx, interview_id=id, body=body,
                                       on_behalf_of=on_behalf_of)


@route("delete", "/v1/scheduled_interviews/{id}", response_model=s.Message,
       **op("ats_delete_scheduled_interview", "Remove scheduled interview",
            "Cancel an interview that is not complete.", write=True, errors=E422))
async def delete_interview(ctx: CtxDep, id: InterviewId, on_behalf_of: OnBehalfOf) -> Wire:
    return interviews.delete_interview(ctx=ctx, interview_id=id, on_behalf_of=on_behalf_of)


@route("get", "/v1/scorecards", response_model=list[s.ScorecardPublic],
       **op("ats_list_scorecards", "List scorecards",
            "Submitted scorecards." + ACCESS, write=False, errors=E403))
async def list_scorecards(ctx: CtxDep, request: Request, response: Response, page: PageNo = 1,
                          per_page: PerPage = 100, created_before: Stamp = None,
                          created_after: Stamp = None, updated_before: Stamp = None,
                          updated_after: Stamp = None) -> Response:
    return paged(request, response, interviews.list_scorecards(ctx=ctx, w=window(
        page, per_page, created_before, created_after, updated_before, updated_after),
        application_id=None))


@route("get", "/v1/applications/{id}/scorecards", response_model=list[s.ScorecardPublic],
       **op("ats_list_application_scorecards",
            "List scorecards for application", "The application's scorecards.", write=False,
            errors=E404))
async def list_application_scorecards(ctx: CtxDep, request: Request, response: Response,
                                      id: AppId, page: PageNo = 1, per_page: PerPage = 100
                                      ) -> Response:
    return paged(request, response, interviews.list_scorecards(ctx=ctx, w=window(page, per_page),
                                                               application_id=id))


@route("get", "/v1/scorecards/{id}", response_model=s.ScorecardPublic,
       **op("ats_get_scorecard", "Retrieve scorecard", "One scorecard.", write=False, errors=E404))
async def get_scorecard(ctx: CtxDep, id: ScorecardId) -> Wire:
    return interviews.get_scorecard(ctx=ctx, scorecard_id=id)


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
    return paged(request, response, offers.list_offers(
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
    return paged(request, response, offers.list_offers(
        ctx=ctx, w=window(page, per_page), application_id=id, status=None, sent_after=None,
        starts_after=None))


@route("get", "/v1/applications/{id}/offers/current_offer", response_model=s.OfferPublic,
       **op("ats_get_current_offer", "Retrieve current offer for application",
            "The application's current (newest, not deprecated) offer." + PAY, write=False,
            errors=E404))
async def get_current_offer(ctx: CtxDep, id: AppId) -> Wire:
    return offers.current_offer(ctx=ctx, application_id=id)


@route("get", "/v1/offers/{id}", response_model=s.OfferPublic,
       **op("ats_get_offer", "Retrieve offer", "One offer." + PAY, write=False, errors=E404))
async def get_offer(ctx: CtxDep, id: OfferId) -> Wire:
    return offers.get_offer(ctx=ctx, offer_id=id)


@route("patch", "/v1/applications/{id}/offers/current_offer", response_model=s.Success,
       **op("ats_update_current_offer", "Update current offer", "Change the current offer's start "
            "date, sent date or custom fields (salary: a non-negative amount; 403 for recruiters). "
            "Not on a closed job or a hired or rejected application (422).", write=True,
            errors=E422))
async def update_current_offer(ctx: CtxDep, id: AppId, body: s.OfferUpdate,
                               on_behalf_of: OnBehalfOf) -> Wire:
    return offers.update_current_offer(ctx=ctx, application_id=id,
                                        body=body, on_behalf_of=on_behalf_of)
