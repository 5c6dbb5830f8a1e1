"""A job's openings (its headcount): opened, closed with a reason, reopened, destroyed."""

from __future__ import annotations

from typing import Any

from sqlmodel import select

from arcadia.apps.ats import access, views
from arcadia.apps.ats import models as m
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats.common import (
    JOB_HINT,
    Window,
    custom_values,
    get,
    missing,
    must_exist,
    page_of,
)
from arcadia.apps.kernel import Ctx, Page, conflict, invalid, json_text, json_value


def list_openings(*, ctx: Ctx, job_id: int, status: str | None, w: Window
                  ) -> tuple[list[dict[str, Any]], Page[Any]]:
    get(ctx, m.Job, job_id, "job", JOB_HINT)
    q = select(m.Opening).where(m.Opening.job_id == job_id).order_by(m.Opening.id)
    if status is not None:
        if status not in ("open", "closed", "all"):
            raise invalid("status must be open, closed or all.", "status")
        if status != "all":
            q = q.where(m.Opening.status == status)
    page = page_of(ctx, q, w)
    look = views.Look(ctx.session)
    return [views.opening(look, o) for o in page.items], page


def _opening(ctx: Ctx, job_id: int, opening_id: int) -> m.Opening:
    get(ctx, m.Job, job_id, "job", JOB_HINT)
    row = ctx.session.get(m.Opening, opening_id)
    if row is None or row.job_id != job_id:
        raise missing("opening", opening_id,
                      f"list job {job_id}'s openings with GET /v1/jobs/{job_id}/openings.")
    return row


def get_opening(*, ctx: Ctx, job_id: int, opening_id: int) -> dict[str, Any]:
    return views.opening(views.Look(ctx.session), _opening(ctx, job_id, opening_id))


def create_openings(*, ctx: Ctx, job_id: int, body: s.OpeningsCreate, on_behalf_of: int
                    ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    access.require_admin(ctx, "Adding openings")
    job = get(ctx, m.Job, job_id, "job", JOB_HINT)
    if job.status == "closed":
        raise conflict(f"Job {job_id} is closed; reopen it before adding openings.", "job_id")
    values = [custom_values(ctx, "opening", {}, item.custom_fields) for item in body.openings]
    made = []
    for item, custom in zip(body.openings, values, strict=True):
        row = m.Opening(id=ctx.next_id(m.Opening), job_id=job_id, opening_id=item.opening_id,
                        status="open", opened_at=ctx.now, custom_fields=json_text(custom))
        ctx.session.add(row)
        made.append({"id": row.id, "opening_id": row.opening_id,
                     "open_date": views.ts(row.opened_at)})
    job.updated_at = ctx.now
    ctx.session.add(job)
    ctx.commit()
    return {"openings": made}


def update_opening(*, ctx: Ctx, job_id: int, opening_id: int, body: s.OpeningUpdate,
                   on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    access.require_admin(ctx, "Changing an opening")
    row = _opening(ctx, job_id, opening_id)
    data = body.model_dump(exclude_unset=True)
    status = data.get("status")
    if status not in (None, "open", "closed"):
        raise invalid("status must be open or closed.", "status")
    must_exist(ctx, m.CloseReason, data.get("close_reason_id"), "close_reason_id",
               "close reason", "list them with GET /v1/close_reasons.")
    if status == "closed" and row.status == "closed":
        raise conflict(f"Opening {opening_id} is already closed.", "status")
    if status == "open" and row.status == "open":
        raise conflict(f"Opening {opening_id} is already open.", "status")
    if status == "open" and row.application_id is not None:
        raise conflict(f"Opening {opening_id} was filled by application {row.application_id};"
                       " add a new opening instead of reopening it.", "status")
    if "close_reason_id" in data and status != "closed":
        raise invalid("close_reason_id goes with status closed.", "close_reason_id")
    if "custom_fields" in data:
        row.custom_fields = json_text(custom_values(ctx, "opening", json_value(row.custom_fields),
                                                    body.custom_fields))
    if "opening_id" in data:
        row.opening_id = data["opening_id"]
    if status == "closed":
        row.status, row.closed_at = "closed", ctx.now
        row.close_reason_id = data.get("close_reason_id")
    elif status == "open":
        row.status, row.closed_at, row.close_reason_id = "open", None, None
    ctx.session.add(row)
    ctx.commit()
    return {"success": True}


def delete_openings(*, ctx: Ctx, job_id: int, body: s.OpeningsDelete, on_behalf_of: int
                    ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    access.require_admin(ctx, "Destroying openings")
    rows = [_opening(ctx, job_id, i) for i in dict.fromkeys(body.ids)]
    for row in rows:
        if row.application_id is not None or row.status != "open":
            raise conflict(f"Opening {row.id} is {row.status}"
                           f"{' and filled' if row.application_id else ''}; only open, "
                           "unfilled openings can be destroyed (close it instead).", "ids")
    for row in rows:
        ctx.session.delete(row)
    ctx.commit()
    return {"ids": [r.id for r in rows]}
