"""Offers: listed, read, and the current offer changed.

An offer's pay (`salary`) is shown only to principals who may see pay (`access.Scope.pay`);
changing it is refused (403) to the others. The current offer of a closed job, or of a
hired or rejected application, cannot be changed (422); nor can a salary be negative.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import col, select

from arcadia.apps.ats import access, views
from arcadia.apps.ats import models as m
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats.common import (
    APP_HINT,
    Window,
    get,
    missing,
    page_of,
    parse_day,
    when,
    windowed,
)
from arcadia.apps.kernel import (
    Ctx,
    Page,
    conflict,
    forbidden,
    invalid,
    json_text,
    json_value,
    money,
    parse_decimal,
)


def _render(ctx: Ctx, sc: access.Scope, rows: list[m.Offer]) -> list[dict[str, Any]]:
    look = views.Look(ctx.session)
    out = []
    for o in rows:
        opening = ctx.session.get(m.Opening, o.opening_id) if o.opening_id else None
        out.append(views.offer(look, o, opening, pay=sc.pay))
    return out


def list_offers(*, ctx: Ctx, w: Window, application_id: int | None, status: str | None,
                sent_after: str | None, starts_after: str | None
                ) -> tuple[list[dict[str, Any]], Page[Any]]:
    sc = access.scope(ctx)
    q = windowed(select(m.Offer).order_by(m.Offer.id), w, m.Offer.created_at,
                 m.Offer.updated_at)
    if application_id is not None:
        app = get(ctx, m.Application, application_id, "application", APP_HINT)
        access.require_job(sc, app.job_id, f"application {app.id}")
        q = q.where(m.Offer.application_id == application_id)
    if status is not None:
        if status not in ("unresolved", "accepted", "rejected", "deprecated"):
            raise invalid("status must be unresolved, accepted, rejected or deprecated.",
                          "status")
        q = q.where(m.Offer.status == status)
    for text, field, column in ((sent_after, "sent_after", m.Offer.sent_at),
                                (starts_after, "starts_after", m.Offer.starts_at)):
        value = when(text, field)
        if value is not None:
            q = q.where(col(column) >= value.date())
    if sc.jobs is not None:
        q = q.where(col(m.Offer.job_id).in_(sorted(sc.jobs)))
    page = page_of(ctx, q, w)
    return _render(ctx, sc, list(page.items)), page


def get_offer(*, ctx: Ctx, offer_id: int) -> dict[str, Any]:
    sc = access.scope(ctx)
    row = get(ctx, m.Offer, offer_id, "offer", "list offers with GET /v1/offers.")
    access.require_job(sc, row.job_id, f"offer {row.id}")
    return _render(ctx, sc, [row])[0]


def _current(ctx: Ctx, application_id: int) -> tuple[access.Scope, m.Application, m.Offer]:
    sc = access.scope(ctx)
    app = get(ctx, m.Application, application_id, "application", APP_HINT)
    access.require_job(sc, app.job_id, f"application {app.id}")
    offer = ctx.session.exec(select(m.Offer).where(
        m.Offer.application_id == app.id, m.Offer.status != "deprecated").order_by(
        col(m.Offer.version).desc(), col(m.Offer.id).desc())).first()
    if offer is None:
        raise missing("current offer", app.id, f"application {app.id} has no offer; its "
                      f"offers are at GET /v1/applications/{app.id}/offers.")
    return sc, app, offer


def current_offer(*, ctx: Ctx, application_id: int) -> dict[str, Any]:
    sc, _, offer = _current(ctx, application_id)
    return _render(ctx, sc, [offer])[0]


def update_current_offer(*, ctx: Ctx, application_id: int, body: s.OfferUpdate,
                         on_behalf_of: int) -> dict[str, Any]:
    """The body is read in full first (a bad amount is a 422 whatever the offer's state),
    then the offer's state is checked, then the change is written."""
    access.acting_user(ctx, on_behalf_of)
    sc, app, offer = _current(ctx, application_id)
    fields = views.Look(ctx.session).custom_fields("offer")
    by_id = {f.id: k for k, f in fields.items()}
    salary, employment_type, extra = None, None, json_value(offer.custom_fields)
    for cf in body.custom_fields or []:
        key = cf.name_key if cf.name_key is not None else by_id.get(cf.id or -1)
        if key is None or key not in fields:
            raise invalid("custom_fields: each needs the id or name_key of an offer custom "
                          "field (GET /v1/custom_fields/offer).", "custom_fields")
        if key == "salary":
            if not sc.pay:
                raise forbidden("Your role may not see or change pay: an offer's salary is "
                                "for HR, executives and the job's hiring managers.")
            if cf.delete_value == "true":
                raise invalid("salary cannot be removed from an offer.", "custom_fields")
            amount = parse_decimal(cf.value, "salary", what="a salary")
            if amount < 0:
                raise invalid(f"salary must not be negative; got {amount}.", "salary")
            if cf.unit is not None and cf.unit != offer.currency:
                raise invalid(f"unit must be {offer.currency}, the offer's currency.", "unit")
            salary = money(amount)
        elif key == "employment_type":
            choices = ("Full-time", "Part-time", "Intern", "Contractor")
            if cf.value not in choices:
                raise invalid(f"employment_type must be one of {', '.join(choices)}.",
                              "custom_fields")
            employment_type = str(cf.value)
        elif key == "start_date":
            raise invalid("Set the start date with start_date, not as a custom field.",
                          "custom_fields")
        elif cf.delete_value == "true":
            extra.pop(key, None)
        else:
            extra[key] = cf.value if isinstance(cf.value, str | bool | list) else str(cf.value)
    start = parse_day(body.start_date, "start_date") if body.start_date else None
    sent = parse_day(body.sent_at, "sent_at") if body.sent_at else None
    if body.created_at is not None:
        when(body.created_at, "created_at")
    job = ctx.session.get(m.Job, offer.job_id)
    if job is None or job.status == "closed":
        raise conflict(f"Job {offer.job_id} is closed; an offer on a closed job cannot be "
                       "changed. Reopen the job first.", "job_id")
    if app.status == "hired":
        raise conflict(f"Application {app.id} is hired; offers on hired candidates cannot be "
                       "changed (change the hire in the HR system).")
    if app.status == "rejected" or offer.status != "unresolved":
        raise conflict(f"Offer {offer.id} is {offer.status} and application {app.id} is "
                       f"{app.status}; only an unresolved offer of an active application can "
                       "be changed.")
    if start is not None:
        offer.starts_at = start
    if sent is not None:
        offer.sent_at = sent
    if salary is not None:
        offer.salary = salary
    if employment_type is not None:
        offer.employment_type = employment_type
    offer.custom_fields = json_text(extra)
    offer.updated_at = ctx.now
    app.last_activity_at = ctx.now
    ctx.session.add_all([offer, app])
    ctx.commit()
    return {"success": True}
