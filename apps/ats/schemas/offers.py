"""Offers: their versions, pay (withheld from who may not see it) and the current
offer's update."""

from __future__ import annotations

from pydantic import BaseModel, Field

from arcadia.apps.ats.schemas.common import Strict, d
from arcadia.apps.ats.schemas.custom_fields import CustomFieldValue, KeyedValue
from arcadia.apps.ats.schemas.jobs import OpeningPublic


class Salary(BaseModel):
    value: float = d("The amount (annual, or per hour for hourly roles).")
    currency: str = d("ISO 4217 currency (USD).")


class OfferCustomFields(BaseModel):
    employment_type: str | None = d("Full-time, Part-time, Intern or Contractor.")
    salary: Salary | None = d("The offered base pay (annual, or hourly for hourly roles); "
                              "withheld (null) from principals who may not see pay.")
    start_date: str | None = d("The start date as entered on the offer.")


class OfferPublic(BaseModel):
    id: int = d("The offer's id.", ent="AtsOfferId")
    version: int = d("The offer's version (a new version deprecates the previous one).")
    application_id: int = d("The application.", ent="AtsApplicationId")
    job_id: int = d("The job.", ent="AtsJobId")
    candidate_id: int = d("The candidate.", ent="AtsCandidateId")
    opening: OpeningPublic | None = d("The opening the offer is for, or null.")
    created_at: str = d("When created.")
    updated_at: str = d("When last changed.")
    sent_at: str | None = d("When sent to the candidate (a date).")
    resolved_at: str | None = d("When accepted or rejected.")
    starts_at: str | None = d("The start date (a date).")
    status: str = d("unresolved, accepted, rejected or deprecated.")
    custom_fields: OfferCustomFields = d("Offer custom fields by key.")
    keyed_custom_fields: dict[str, KeyedValue] = d("Offer custom fields with their types.")


class OfferUpdate(Strict):
    start_date: str | None = d("The start date, YYYY-MM-DD.")
    sent_at: str | None = d("When the offer was sent, YYYY-MM-DD.")
    created_at: str | None = d("When the offer was created, ISO 8601.")
    custom_fields: list[CustomFieldValue] | None = Field(None, max_length=50, description=(
        "Offer custom field values: salary (value: a non-negative amount, unit: USD), "
        "employment_type."))
