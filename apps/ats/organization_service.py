"""Departments, offices and users (the ATS's own; a user is whom On-Behalf-Of names)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func
from sqlmodel import col, select

from arcadia.apps.ats import access, views
from arcadia.apps.ats import models as m
from arcadia.apps.ats import schemas as s
from arcadia.apps.ats.common import (
    Window,
    get,
    must_exist,
    page_of,
    windowed,
)
from arcadia.apps.kernel import Ctx, Page, invalid


def list_departments(*, ctx: Ctx, w: Window, external_id: str | None
                     ) -> tuple[list[dict[str, Any]], Page[Any]]:
    q = select(m.Department).order_by(m.Department.id)
    if external_id is not None:
        q = q.where(m.Department.external_id == external_id)
    page = page_of(ctx, q, w)
    look = views.Look(ctx.session)
    return [views.department(look, x) for x in page.items], page


def get_department(*, ctx: Ctx, department_id: int) -> dict[str, Any]:
    row = get(ctx, m.Department, department_id, "department",
              "list departments with GET /v1/departments.")
    return views.department(views.Look(ctx.session), row)


def create_department(*, ctx: Ctx, body: s.DepartmentCreate, on_behalf_of: int
                      ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    access.require_admin(ctx, "Adding a department")
    parent = must_exist(ctx, m.Department, body.parent_id, "parent_id", "department",
                        "list departments with GET /v1/departments.")
    if body.external_parent_id is not None and parent is None:
        parent = ctx.session.exec(select(m.Department).where(
            m.Department.external_id == body.external_parent_id)).first()
        if parent is None:
            raise invalid(f"external_parent_id {body.external_parent_id!r} names no "
                          "department.", "external_parent_id")
    row = m.Department(id=ctx.next_id(m.Department), name=body.name,
                       parent_id=parent.id if parent else None, external_id=body.external_id)
    ctx.session.add(row)
    ctx.commit()
    return views.department(views.Look(ctx.session), row)


def update_department(*, ctx: Ctx, department_id: int, body: s.DepartmentUpdate,
                      on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    access.require_admin(ctx, "Changing a department")
    row = get(ctx, m.Department, department_id, "department",
              "list departments with GET /v1/departments.")
    data = body.model_dump(exclude_unset=True)
    if data.get("name") is not None:
        row.name = data["name"]
    if "external_id" in data:
        row.external_id = data["external_id"]
    ctx.session.add(row)
    ctx.commit()
    return views.department(views.Look(ctx.session), row)


def list_offices(*, ctx: Ctx, w: Window, external_id: str | None
                 ) -> tuple[list[dict[str, Any]], Page[Any]]:
    q = select(m.Office).order_by(m.Office.id)
    if external_id is not None:
        q = q.where(m.Office.external_id == external_id)
    page = page_of(ctx, q, w)
    look = views.Look(ctx.session)
    return [views.office(look, x) for x in page.items], page


def get_office(*, ctx: Ctx, office_id: int) -> dict[str, Any]:
    row = get(ctx, m.Office, office_id, "office", "list offices with GET /v1/offices.")
    return views.office(views.Look(ctx.session), row)


def create_office(*, ctx: Ctx, body: s.OfficeCreate, on_behalf_of: int) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    access.require_admin(ctx, "Adding an office")
    parent = must_exist(ctx, m.Office, body.parent_id, "parent_id", "office",
                        "list offices with GET /v1/offices.")
    must_exist(ctx, m.User, body.primary_contact_user_id, "primary_contact_user_id", "user",
               "list users with GET /v1/users.")
    row = m.Office(id=ctx.next_id(m.Office), name=body.name, location_name=body.location,
                   primary_contact_user_id=body.primary_contact_user_id,
                   parent_id=parent.id if parent else None, external_id=body.external_id)
    ctx.session.add(row)
    ctx.commit()
    return views.office(views.Look(ctx.session), row)


def update_office(*, ctx: Ctx, office_id: int, body: s.OfficeUpdate, on_behalf_of: int
                  ) -> dict[str, Any]:
    access.acting_user(ctx, on_behalf_of)
    access.require_admin(ctx, "Changing an office")
    row = get(ctx, m.Office, office_id, "office", "list offices with GET /v1/offices.")
    data = body.model_dump(exclude_unset=True)
    if data.get("name") is not None:
        row.name = data["name"]
    if "location" in data:
        row.location_name = data["location"]
    if "external_id" in data:
        row.external_id = data["external_id"]
    ctx.session.add(row)
    ctx.commit()
    return views.office(views.Look(ctx.session), row)


def list_users(*, ctx: Ctx, w: Window, email: str | None, employee_id: str | None
               ) -> tuple[list[dict[str, Any]], Page[Any]]:
    q = windowed(select(m.User).order_by(m.User.id), w, m.User.created_at, m.User.updated_at)
    if email is not None:
        q = q.where(func.lower(m.User.primary_email_address) == email.strip().lower())
    if employee_id is not None:
        q = q.where(m.User.employee_id == employee_id)
    page = page_of(ctx, q, w)
    look = views.Look(ctx.session)
    linked = _linked(ctx, [u.person_id for u in page.items if u.person_id is not None])
    return [views.user(look, u, linked.get(u.person_id or -1, [])) for u in page.items], page


def _linked(ctx: Ctx, person_ids: list[int]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    if person_ids:
        for cid, pid in ctx.session.exec(select(m.Candidate.id, m.Candidate.person_id).where(
                col(m.Candidate.person_id).in_(person_ids)).order_by(m.Candidate.id)).all():
            out.setdefault(int(pid or 0), []).append(cid)
    return out


def get_user(*, ctx: Ctx, user_id: int) -> dict[str, Any]:
    u = get(ctx, m.User, user_id, "user", "list users with GET /v1/users (filter by email).")
    linked = _linked(ctx, [u.person_id] if u.person_id is not None else [])
    return views.user(views.Look(ctx.session), u, linked.get(u.person_id or -1, []))
