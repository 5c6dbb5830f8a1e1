"""Job posts: read, edited, taken live (an open job's only) or offline."""

from __future__ import annotations

from typing import Any

from sqlmodel import select

from arcadia.apps.ats import access, views
from arcadia.apps.ats import models as m
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats.common import (
    JOB_HINT,
    Window,
    get,
    missing,
    page_of,
    windowed,
)
from arcadia.apps.kernel import Ctx, Page, conflict, invalid

POST_HINT = "list job posts with GET /v1/job_posts."


def list_posts(*, ctx: Ctx, job_id: int | None, w: Window, live: bool | None,
               active: bool | None) -> tuple[list[dict[str, Any]], Page[Any]]:
    q = windowed(select(m.JobPost).order_by(m.JobPost.id), w, m.JobPost.created_at,
                 m.JobPost.updated_at)
    if job_id is not None:
        get(ctx, m.Job, job_id, "job", JOB_HINT)
        q = q.where(m.JobPost.job_id == job_id)
    if live is not None:
        q = q.where(m.JobPost.live == live)
    if active is not None:
        q = q.where(m.JobPost.active == active)
    page = page_of(ctx, q, w)
    look = views.Look(ctx.session)
    return [views.job_post(look, p) for p in page.items], page


def get_post(*, ctx: Ctx, post_id: int) -> dict[str, Any]:
    return views.job_post(views.Look(ctx.session), get(ctx, m.JobPost, post_id, "job post",
                                                      POST_HINT))


def post_of_job(*, ctx: Ctx, job_id: int) -> dict[str, Any]:
    get(ctx, m.Job, job_id, "job", JOB_HINT)
    post = ctx.session.exec(select(m.JobPost).where(m.JobPost.job_id == job_id)
                            .order_by(m.JobPost.id)).first()
    if post is None:
        raise missing("job post", job_id, f"job {job_id} has no job post (a draft job is "
                      "not posted).")
    return views.job_post(views.Look(ctx.session), post)


def custom_locations(*, ctx: Ctx, post_id: int) -> list[dict[str, Any]]:
    get(ctx, m.JobPost, post_id, "job post", POST_HINT)
    return []  # posts are located at their job's office; none uses a custom location


def update_post(*, ctx: Ctx, post_id: int, body: s.JobPostUpdate, on_behalf_of: int
                ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    access.require_admin(ctx, "Changing a job post")
    post = get(ctx, m.JobPost, post_id, "job post", POST_HINT)
    data = body.model_dump(exclude_unset=True)
    if "title" in data and data["title"] is not None:
        post.title = data["title"]
    if "location" in data:
        post.location_name = data["location"]
    if "content" in data and data["content"] is not None:
        post.content = data["content"]
    post.updated_at = ctx.now
    ctx.session.add(post)
    ctx.commit()
    return {"success": True}


def post_status(*, ctx: Ctx, post_id: int, body: s.JobPostStatus, on_behalf_of: int
                ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    access.require_admin(ctx, "Publishing a job post")
    post = get(ctx, m.JobPost, post_id, "job post", POST_HINT)
    if body.status not in ("live", "offline"):
        raise invalid("status must be live or offline.", "status")
    job = ctx.session.get(m.Job, post.job_id)
    if body.status == "live" and job is not None and job.status != "open":
        raise conflict(f"Job {post.job_id} is {job.status}; only an open job's post can go "
                       "live.", "status")
    post.live = body.status == "live"
    if post.live and post.first_published_at is None:
        post.first_published_at = ctx.now
    post.updated_at = ctx.now
    ctx.session.add(post)
    ctx.commit()
    return {"success": True}
