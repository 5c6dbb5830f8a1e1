"""Payroll's rules for contractors (Gusto's 1099 individuals and businesses).

Keyword-only functions; writes validate everything, then write, then commit.
"""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import func, or_
from sqlmodel import Session, col, select

from arcadia.apps.kernel import (
    Ctx,
    Page,
    check_version,
    content_version,
    get_or_404,
    invalid,
    paginate,
)
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll import views
from arcadia.apps.payroll.company_service import (
    STATES,
    check_address,
    check_text,
    unchanged_zip,
)
from arcadia.apps.payroll.service import get_company

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def get_contractor_row(session: Session, contractor_uuid: str) -> m.Contractor:
    return get_or_404(session, m.Contractor, contractor_uuid, what="Contractor",
                      hint="List contractors with GET /v1/companies/{company_uuid}/contractors.")


def _public(session: Session, row: m.Contractor) -> s.ContractorPublic:
    title = session.get(m.Department, row.department_uuid) if row.department_uuid else None
    return views.contractor(row, title.title if title else None)


def list_contractors(*, ctx: Ctx, company_uuid: str, search_term: str | None,
                     onboarded: bool | None, terminated: bool | None, page: int, per: int
                     ) -> tuple[list[s.ContractorPublic], Page[m.Contractor]]:
    get_company(ctx.session, company_uuid)
    C = m.Contractor
    stmt = select(C).where(C.company_uuid == company_uuid)
    if onboarded is not None:
        stmt = stmt.where(C.onboarded == onboarded)
    if terminated is not None:
        stmt = stmt.where(C.is_active == (not terminated))
    if search_term and search_term.strip():
        term = search_term.strip()
        name = func.coalesce(C.first_name, "") + " " + func.coalesce(C.last_name, "")
        stmt = stmt.where(or_(*(text.contains(term, autoescape=True) for text in (
            name, func.coalesce(C.business_name, ""), func.coalesce(C.email, "")))))
    stmt = stmt.order_by(col(C.created_at), col(C.uuid))
    result = paginate(ctx.session, stmt, page=page, per=per)
    titles = dict(ctx.session.exec(select(m.Department.uuid, m.Department.title)).all())
    return [views.contractor(c, titles.get(c.department_uuid) if c.department_uuid else None)
            for c in result.items], result


def contractor_public(*, ctx: Ctx, contractor_uuid: str) -> s.ContractorPublic:
    return _public(ctx.session, get_contractor_row(ctx.session, contractor_uuid))


def _digits(value: str) -> str:
    return value.replace("-", "")


def _validated(values: dict[str, Any], merged: dict[str, Any]) -> dict[str, Any]:
    """Check the fields sent (`values`) against the contractor they make (`merged`)."""
    for field in ("type", "wage_type", "start_date", "file_new_hire_report", "is_active"):
        if field in values and values[field] is None:
            raise invalid(f"{field} cannot be null; leave it out to keep it.", field)
    for field in ("first_name", "last_name", "business_name"):
        if field in values:
            values[field] = check_text(field, values[field])
    if values.get("email") is not None:
        email = values["email"].strip().lower()
        if not _EMAIL.match(email):
            raise invalid(f"email must be an email address like name@example.com; got "
                          f"{values['email']!r}.", "email")
        values["email"] = email
    if values.get("work_state") is not None and values["work_state"] not in STATES:
        raise invalid(f"work_state must be a two-letter US state code; got "
                      f"{values['work_state']!r}.", "work_state")
    if values.get("hourly_rate") is not None:
        rate = s.parse_money(values["hourly_rate"])
        if rate is None:
            raise invalid("hourly_rate must be a positive dollar amount with at most two "
                          f"decimals, e.g. \"85.00\"; got {values['hourly_rate']!r}.",
                          "hourly_rate")
        values["hourly_rate"] = f"{rate:.2f}"
    merged = {**merged, **values}
    if merged["type"] == "Individual":
        for field in ("first_name", "last_name"):
            if not merged.get(field):
                raise invalid(f"{field} is required for an Individual contractor.", field)
    elif not merged.get("business_name"):
        raise invalid("business_name is required for a Business contractor.", "business_name")
    if merged["wage_type"] == "Hourly" and merged.get("hourly_rate") in (None, "0.00"):
        raise invalid("hourly_rate is required for an Hourly contractor.", "hourly_rate")
    if merged.get("self_onboarding") and not merged.get("email"):
        raise invalid("email is required for a contractor who onboards themselves.", "email")
    return values


def create_contractor(*, ctx: Ctx, company_uuid: str, body: s.ContractorCreate
                      ) -> s.ContractorPublic:
    company = get_company(ctx.session, company_uuid)
    values = _validated(body.model_dump(), {})
    self_onboarding = values.pop("self_onboarding")
    ssn, ein = values.pop("ssn"), values.pop("ein")
    business = values["type"] == "Business"
    row = m.Contractor(
        uuid=ctx.new_uuid("contractor"), company_uuid=company.uuid,
        type=values["type"], wage_type=values["wage_type"],
        first_name=None if business else values["first_name"],
        last_name=None if business else values["last_name"],
        middle_initial=None if business else values["middle_initial"],
        business_name=values["business_name"] if business else None,
        ein=_digits(ein) if ein and business else None, email=values["email"],
        has_ssn=bool(ssn) and not business, start_date=values["start_date"],
        hourly_rate=values["hourly_rate"] if values["wage_type"] == "Hourly" else "0.00",
        file_new_hire_report=values["file_new_hire_report"], work_state=values["work_state"],
        is_active=values["is_active"], onboarded=False,
        onboarding_status="self_onboarding_not_invited" if self_onboarding
        else "admin_onboarding_incomplete", payment_method="Check", created_at=ctx.now)
    ctx.session.add(row)
    ctx.commit()
    return _public(ctx.session, row)


def update_contractor(*, ctx: Ctx, contractor_uuid: str, body: s.ContractorUpdate
                      ) -> s.ContractorPublic:
    row = get_contractor_row(ctx.session, contractor_uuid)
    check_version("Contractor", row.uuid, body.version, views.version_of("contractor", row))
    current: dict[str, Any] = row.model_dump()
    current["self_onboarding"] = row.onboarding_status.startswith("self_onboarding")
    values = _validated(body.model_dump(exclude_unset=True, exclude={"version"}), current)
    if "self_onboarding" in values:
        wanted = values.pop("self_onboarding")
        if row.onboarded:
            raise invalid("self_onboarding can only change before onboarding completes.",
                          "self_onboarding")
        if wanted is not None:
            values["onboarding_status"] = ("self_onboarding_not_invited" if wanted
                                           else "admin_onboarding_incomplete")
    if "ssn" in values:
        ssn = values.pop("ssn")
        values["has_ssn"] = ssn is not None
    if "ein" in values:
        ein = values.pop("ein")
        values["ein"] = _digits(ein) if ein else None
    kind = values.get("type", row.type)
    if kind == "Business":
        values.update(first_name=None, last_name=None, middle_initial=None, has_ssn=False)
    else:
        values.update(business_name=None, ein=None)
    if values.get("wage_type", row.wage_type) == "Fixed":
        values["hourly_rate"] = "0.00"
    for field, value in values.items():
        setattr(row, field, value)
    ctx.session.add(row)
    ctx.commit()
    return _public(ctx.session, row)



def delete_contractor(*, ctx: Ctx, contractor_uuid: str) -> None:
    """Delete a contractor. Gusto refuses only a contractor with contractor payments, and
    this payroll records none."""
    row = get_contractor_row(ctx.session, contractor_uuid)
    ctx.session.delete(row)
    ctx.commit()


def _address(row: m.Contractor) -> s.ContractorAddressPublic:
    version = content_version("contractor_address", row.uuid, row,
                                    ("street_1", "street_2", "city", "state", "zip"))
    return s.ContractorAddressPublic(
        version=version, contractor_uuid=row.uuid, street_1=row.street_1,
        street_2=row.street_2, city=row.city, state=row.state, zip=row.zip, country="USA",
        active=True)


def contractor_address(*, ctx: Ctx, contractor_uuid: str) -> s.ContractorAddressPublic:
    return _address(get_contractor_row(ctx.session, contractor_uuid))


def update_contractor_address(*, ctx: Ctx, contractor_uuid: str,
                              body: s.ContractorAddressUpdate) -> s.ContractorAddressPublic:
    row = get_contractor_row(ctx.session, contractor_uuid)
    check_version("Contractor address", row.uuid, body.version, _address(row).version)
    values = unchanged_zip(body.model_dump(exclude_unset=True, exclude={"version"}))
    for field in ("street_1", "city", "state"):
        if field in values:
            if values[field] is None:
                raise invalid(f"{field} cannot be null; leave it out to keep it.", field)
            values[field] = check_text(field, values[field])
    if values.get("street_2") is not None:
        values["street_2"] = values["street_2"].strip() or None
    check_address(state=values.get("state"), zip_code=values.get("zip"))
    merged = {f: values.get(f, getattr(row, f)) for f in ("street_1", "city", "state", "zip")}
    missing = [f for f, v in merged.items() if not v]
    if missing:
        raise invalid(f"The address needs {', '.join(missing)}.", missing[0])
    for field, value in values.items():
        setattr(row, field, value)
    ctx.session.add(row)
    ctx.commit()
    return _address(row)
