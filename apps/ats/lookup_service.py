"""The look-up lists: sources, rejection and close reasons, custom fields, candidate tags."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete
from sqlmodel import col, select

from arcadia.apps.ats import access, views
from arcadia.apps.ats import models as m
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats.common import (
    Window,
    get,
    page_of,
)
from arcadia.apps.kernel import Ctx, Page, conflict, invalid


def sources(*, ctx: Ctx, w: Window) -> tuple[list[dict[str, Any]], Page[Any]]:
    page = page_of(ctx, select(m.Source).order_by(m.Source.id), w)
    return [{"id": x.id, "name": x.name, "type": {"id": x.type_id, "name": x.type_name}}
            for x in page.items], page


def rejection_reasons(*, ctx: Ctx, w: Window) -> tuple[list[dict[str, Any]], Page[Any]]:
    page = page_of(ctx, select(m.RejectionReason).order_by(m.RejectionReason.id), w)
    return [{"id": x.id, "name": x.name, "type": {"id": x.type_id, "name": x.type_name}}
            for x in page.items], page


def close_reasons(*, ctx: Ctx) -> list[dict[str, Any]]:
    return [{"id": x.id, "name": x.name}
            for x in ctx.session.exec(select(m.CloseReason).order_by(m.CloseReason.id)).all()]


FIELD_TYPES = ("candidate", "application", "offer", "job", "opening", "rejection_question",
               "referral_question", "user_attribute")


def custom_fields(*, ctx: Ctx, field_type: str, include_inactive: bool
                  ) -> list[dict[str, Any]]:
    if field_type not in FIELD_TYPES:
        raise invalid(f"field_type must be one of {', '.join(FIELD_TYPES)}.", "field_type")
    q = select(m.CustomField).where(m.CustomField.field_type == field_type).order_by(
        m.CustomField.priority, m.CustomField.id)
    if not include_inactive:
        q = q.where(m.CustomField.active == True)  # noqa: E712 (SQL)
    return [views.custom_field(f, _options(ctx, f.id)) for f in ctx.session.exec(q).all()]


def _options(ctx: Ctx, field_id: int) -> list[m.CustomFieldOption]:
    return list(ctx.session.exec(select(m.CustomFieldOption).where(
        m.CustomFieldOption.custom_field_id == field_id).order_by(
        m.CustomFieldOption.priority, m.CustomFieldOption.id)).all())


def custom_field(*, ctx: Ctx, field_id: int) -> dict[str, Any]:
    f = get(ctx, m.CustomField, field_id, "custom field",
            "list them with GET /v1/custom_fields/{field_type}.")
    return views.custom_field(f, _options(ctx, f.id))


def custom_field_options(*, ctx: Ctx, field_id: int) -> list[dict[str, Any]]:
    get(ctx, m.CustomField, field_id, "custom field",
        "list them with GET /v1/custom_fields/{field_type}.")
    return [{"id": o.id, "name": o.name, "priority": o.priority, "external_id": o.external_id}
            for o in _options(ctx, field_id)]


def list_tags(*, ctx: Ctx) -> list[dict[str, Any]]:
    return [{"id": t.id, "name": t.name}
            for t in ctx.session.exec(select(m.Tag).order_by(m.Tag.id)).all()]


def create_tag(*, ctx: Ctx, body: s.TagCreate, on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    access.scope(ctx)
    name = body.name.strip()
    if not name:
        raise invalid("name must not be blank.", "name")
    found = ctx.session.exec(select(m.Tag).where(m.Tag.name == name)).first()
    if found is not None:
        raise conflict(f"A tag named {name!r} already exists (id {found.id}).", "name")
    tag = m.Tag(id=ctx.next_id(m.Tag), name=name)
    ctx.session.add(tag)
    ctx.commit()
    return {"id": tag.id, "name": tag.name}


def delete_tag(*, ctx: Ctx, tag_id: int, on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    access.require_admin(ctx, "Destroying a tag")
    tag = get(ctx, m.Tag, tag_id, "tag", "list tags with GET /v1/tags/candidate.")
    ctx.session.execute(delete(m.CandidateTag).where(col(m.CandidateTag.tag_id) == tag_id))
    ctx.session.delete(tag)
    ctx.commit()
    return {"message": f"Tag {tag_id} has been destroyed."}
