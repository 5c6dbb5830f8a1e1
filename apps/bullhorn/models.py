"""The Bullhorn app's tables, in their own SQLModel registry.

One table per entity (snake_case columns; the wire's camelCase names live in `fields.py`),
money in integer cents, dates as naive UTC datetimes, `is_deleted` on the entities
Bullhorn soft-deletes. `association` holds the many-to-many links Bullhorn edits through
`/entity/{type}/{id}/{association}/{ids}` (a job order's assigned users, a note's
candidates...); to-many fields that are the reverse of a to-one (a candidate's
submissions) are read from the owning table.
"""

from __future__ import annotations

from pydantic import NaiveDatetime
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel


class BullhornModel(SQLModel, registry=registry()):
    pass


class CorporateUser(BullhornModel, table=True):
    __tablename__ = "corporate_user"

    id: int = Field(primary_key=True)
    first_name: str
    last_name: str
    name: str
    email: str
    username: str
    occupation: str  # "Recruiter" or "Account Manager"
    enabled: bool = True
    company_name: str | None = None  # the agency's name
    primary_department_id: int | None = None
    user_date_added: NaiveDatetime | None = None
    date_last_modified: NaiveDatetime | None = None


class ClientCorporation(BullhornModel, table=True):
    __tablename__ = "client_corporation"

    id: int = Field(primary_key=True)
    name: str
    status: str
    industry_list: str | None = None
    size: str | None = None  # customText1: small, mid, enterprise
    phone: str | None = None
    address1: str | None = None
    address2: str | None = None
    city: str | None = None
    state: str | None = None
    zip: str | None = None
    country_id: int | None = None
    company_description: str | None = None
    fee_arrangement: int | None = None  # target markup, in basis points of pay
    company_url: str | None = None
    date_added: NaiveDatetime
    date_last_modified: NaiveDatetime | None = None


class ClientContact(BullhornModel, table=True):
    __tablename__ = "client_contact"

    id: int = Field(primary_key=True)
    client_corporation_id: int = Field(index=True)
    first_name: str
    last_name: str
    name: str
    email: str | None = None
    phone: str | None = None
    occupation: str | None = None
    status: str = "Active"
    owner_id: int | None = None
    is_deleted: bool = False
    date_added: NaiveDatetime
    date_last_modified: NaiveDatetime | None = None


class JobOrder(BullhornModel, table=True):
    __tablename__ = "job_order"

    id: int = Field(primary_key=True)
    client_corporation_id: int = Field(index=True)
    client_contact_id: int | None = None
    owner_id: int | None = None
    title: str
    skill_list: str | None = None  # must-have skills, comma separated
    nice_to_have: str | None = None  # customText1
    seniority: str | None = None  # customText2
    job_family: str | None = None  # customText3
    employment_type: str | None = None
    num_openings: int = 1
    status: str
    is_open: bool = True
    pay_rate: int | None = None  # cents per hour
    client_bill_rate: int | None = None  # cents per hour
    start_date: NaiveDatetime | None = None
    description: str | None = None
    submission_limit: int | None = None  # customInt1
    published_category_id: int | None = None  # the Category of the job family
    address1: str | None = None  # the hiring company's address, as Bullhorn copies it
    address2: str | None = None
    city: str | None = None
    state: str | None = None
    zip: str | None = None
    country_id: int | None = None
    is_deleted: bool = False
    date_added: NaiveDatetime
    date_last_modified: NaiveDatetime | None = None


class Candidate(BullhornModel, table=True):
    __tablename__ = "candidate"

    id: int = Field(primary_key=True)
    first_name: str
    last_name: str
    name: str
    email: str | None = None
    phone: str | None = None
    mobile: str | None = None
    address1: str | None = None
    address2: str | None = None
    city: str | None = None
    state: str | None = None
    zip: str | None = None
    country_id: int | None = None
    skill_set: str | None = None
    seniority: str | None = None  # customText1
    job_family: str | None = None  # customText2
    source: str | None = None
    status: str
    owner_id: int | None = None
    current_pay: int | None = None  # customFloat1, cents per hour
    hourly_rate_low: int | None = None  # cents per hour
    hourly_rate: int | None = None  # cents per hour (expected, high)
    category_id: int | None = None  # the Category of the candidate's job family
    is_deleted: bool = False
    date_added: NaiveDatetime
    date_last_modified: NaiveDatetime | None = None


class JobSubmission(BullhornModel, table=True):
    __tablename__ = "job_submission"

    id: int = Field(primary_key=True)
    candidate_id: int = Field(index=True)
    job_order_id: int = Field(index=True)
    status: str
    sending_user_id: int | None = None
    pay_rate: int | None = None
    bill_rate: int | None = None
    comments: str | None = None
    is_deleted: bool = False
    date_added: NaiveDatetime
    date_last_modified: NaiveDatetime | None = None


class Placement(BullhornModel, table=True):
    __tablename__ = "placement"

    id: int = Field(primary_key=True)
    job_submission_id: int | None = None
    candidate_id: int = Field(index=True)
    job_order_id: int = Field(index=True)
    status: str
    date_begin: NaiveDatetime | None = None
    date_end: NaiveDatetime | None = None
    employment_type: str | None = None
    pay_rate: int | None = None
    client_bill_rate: int | None = None
    custom_int1: int | None = None  # customInt1 (configurable; the agency gives it no use)
    date_added: NaiveDatetime
    date_last_modified: NaiveDatetime | None = None


class Note(BullhornModel, table=True):
    __tablename__ = "note"

    id: int = Field(primary_key=True)
    action: str | None = None
    comments: str | None = None
    person_reference_id: int | None = None
    person_reference_type: str | None = None  # "Candidate" or "ClientContact"
    commenting_person_id: int | None = None  # the author: the user who wrote the note
    job_order_id: int | None = None
    is_deleted: bool = False
    date_added: NaiveDatetime
    date_last_modified: NaiveDatetime | None = None


class Appointment(BullhornModel, table=True):
    __tablename__ = "appointment"

    id: int = Field(primary_key=True)
    subject: str
    type: str | None = None
    date_begin: NaiveDatetime
    date_end: NaiveDatetime
    owner_id: int | None = None
    candidate_reference_id: int | None = None
    client_contact_reference_id: int | None = None
    job_order_id: int | None = None
    location: str | None = None
    description: str | None = None
    is_deleted: bool = False
    date_added: NaiveDatetime
    date_last_modified: NaiveDatetime | None = None


class Association(BullhornModel, table=True):
    """A many-to-many link: `entity` #`owner_id`'s `field` holds `target_id`."""

    __tablename__ = "association"

    entity: str = Field(primary_key=True)
    field: str = Field(primary_key=True)
    owner_id: int = Field(primary_key=True)
    target_id: int = Field(primary_key=True)


class FieldValue(BullhornModel, table=True):
    """A documented field without a column of its own: `entity` #`owner_id`'s `field`
    (the wire name) holds `value` (JSON: text, number, bool, epoch ms, `[id, type]` for a
    person, an object for an address). An unset field has no row."""

    __tablename__ = "field_value"

    entity: str = Field(primary_key=True)
    owner_id: int = Field(primary_key=True)
    field: str = Field(primary_key=True)
    value: str


class Skill(BullhornModel, table=True):
    """A skill (read-only): the world's skill names, sorted, numbered from 1."""

    __tablename__ = "skill"

    id: int = Field(primary_key=True)
    name: str
    enabled: bool = True


class Category(BullhornModel, table=True):
    """A category (read-only): the world's job families, sorted, numbered from 1."""

    __tablename__ = "category"

    id: int = Field(primary_key=True)
    name: str
    enabled: bool = True


class BusinessSector(BullhornModel, table=True):
    """A business sector (read-only): the world's client industries, sorted."""

    __tablename__ = "business_sector"

    id: int = Field(primary_key=True)
    name: str


class CorporationDepartment(BullhornModel, table=True):
    """One of the agency's departments (read-only): one per staff role."""

    __tablename__ = "corporation_department"

    id: int = Field(primary_key=True)
    name: str
    enabled: bool = True
