"""The company and what hangs off it: the token's company, locations, custom fields and
departments."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from arcadia.apps.kernel import entity
from arcadia.apps.payroll.schemas.base import VERSION_DOC, In, uuid_field


class TokenResource(BaseModel):
    type: str = Field(description="Kind of resource the token acts on (`Company`).")
    uuid: str = Field(description="UUID of that resource.", json_schema_extra=entity(
        "PayrollCompanyId"))


class TokenOwner(BaseModel):
    type: str = Field(description="Kind of owner of the token: `CompanyAdmin` for a payroll "
                      "admin, `Employee` for anyone else.")
    uuid: str = Field(description="UUID of the signed-in user (a Gusto user, not an "
                      "employee record).", json_schema_extra=entity("PayrollUserId"))


class TokenInfo(BaseModel):
    scope: str = Field(description="Space-separated scopes the token carries.")
    resource: TokenResource = Field(description="The company this token can act on.")
    resource_owner: TokenOwner = Field(description="Who the token belongs to.")


class LocationPublic(BaseModel):
    uuid: str = uuid_field("PayrollLocationId", "location")
    version: str = Field(description=VERSION_DOC)
    company_uuid: str = uuid_field("PayrollCompanyId", "company the location belongs to")
    phone_number: str = Field(description="The phone number for the location.")
    street_1: str = Field(description="First line of the street address.")
    street_2: str | None = Field(description="Second line of the street address.")
    city: str = Field(description="City.")
    state: str = Field(description="Two-letter state code.")
    zip: str = Field(description="ZIP code.")
    country: str = Field(description="Country code (`USA`).")
    mailing_address: bool = Field(description="Whether this is the company's mailing address.")
    filing_address: bool = Field(description="Whether this is the company's filing address.")
    created_at: str = Field(description="When the location was created (ISO 8601).")
    updated_at: str = Field(description="When the location was last updated (ISO 8601).")
    active: bool = Field(description="Whether the location is in use.")
    inactive: bool = Field(description="The negation of `active`.")


class CompanyPublic(BaseModel):
    uuid: str = uuid_field("PayrollCompanyId", "company")
    name: str = Field(description="The legal name of the company.")
    trade_name: str | None = Field(description="The trade name of the company.")
    slug: str = Field(description="The slug of the company name.")
    ein: str = Field(description="The Federal Employer Identification Number.")
    entity_type: str = Field(description="The tax payer type of the company.")
    tier: str = Field(description="The Gusto product tier of the company.")
    is_suspended: bool = Field(description="Whether the company is suspended.")
    company_status: str = Field(description="`Approved`, `Not Approved` or `Suspended`.")
    is_partner_managed: bool = Field(description="Whether a partner manages it via the API.")
    pay_schedule_type: str = Field(description="The pay schedule assignment type (`single`).")
    join_date: str = Field(description="The company's first invoiceable date.")
    funding_type: str = Field(description="The company's default funding type.")
    contractor_only: bool = Field(description="Whether the company pays only contractors.")
    is_high_risk_business: bool = Field(description="Whether the company is flagged as a "
                                        "high-risk business.")
    is_marijuana_business: bool = Field(description="Whether the company is a marijuana "
                                        "business.")
    locations: list[LocationPublic] = Field(description="The company's locations.")
    compensations: CompanyCompensations = Field(description="The earning types the company "
                                                "can pay: hourly (with multiples), fixed and "
                                                "paid time off.")
    primary_signatory: PrimarySignatory | None = Field(description="Who signs the company's "
                                                       "tax forms.")
    primary_payroll_admin: PrimaryPayrollAdmin | None = Field(
        description="The company's primary payroll admin.")


class HourlyRate(BaseModel):
    uuid: str | None = Field(description="UUID of the hourly earning type.")
    name: str = Field(description="Name, e.g. `Overtime`.")
    multiple: float = Field(description="Multiplier applied to the job's base rate.")


class NamedEarning(BaseModel):
    uuid: str | None = Field(description="UUID of the earning type (null for built-ins "
                             "that cannot be customised).")
    name: str = Field(description="Name, e.g. `Bonus` or `Vacation Hours`.")


class CompanyCompensations(BaseModel):
    hourly: list[HourlyRate] = Field(description="Hourly earning types.")
    fixed: list[NamedEarning] = Field(description="Fixed earning types (bonus, commission, "
                                      "...).")
    paid_time_off: list[NamedEarning] = Field(description="Paid time off types.")


class SignatoryAddress(BaseModel):
    street_1: str = Field(description="First line of the street address.")
    street_2: str | None = Field(description="Second line of the street address.")
    city: str = Field(description="City.")
    state: str = Field(description="Two-letter state code.")
    zip: str = Field(description="ZIP code.")
    country: str = Field(description="Country code (`USA`).")


class PrimarySignatory(BaseModel):
    uuid: str = Field(description="UUID of the signatory.",
                      json_schema_extra=entity("PayrollSignatoryId"))
    first_name: str = Field(description="First name.")
    middle_initial: str | None = Field(description="Middle initial.")
    last_name: str = Field(description="Last name.")
    phone: str | None = Field(description="Phone number.")
    email: str | None = Field(description="Email address.", json_schema_extra=entity("Email"))
    home_address: SignatoryAddress | None = Field(description="The signatory's current home "
                                                  "address.")


class PrimaryPayrollAdmin(BaseModel):
    first_name: str = Field(description="First name.")
    last_name: str = Field(description="Last name.")
    phone: str | None = Field(description="Phone number.")
    email: str | None = Field(description="Email address.", json_schema_extra=entity("Email"))


class CompanyUpdate(In):
    contractor_only: bool = Field(description="Whether the company pays contractors only "
                                  "(true is refused while it employs anyone).")


class CompanyCustomFieldList(BaseModel):
    custom_fields: list[dict[str, Any]] = Field(description="The company's custom fields "
                                                "(it defines none).")


class LocationCreate(In):
    phone_number: str = Field(description="Phone number: 10 digits.")
    street_1: str = Field(min_length=1, max_length=200, description="First address line.")
    street_2: str | None = Field(None, max_length=200, description="Second address line.")
    city: str = Field(min_length=1, max_length=100, description="City.")
    state: str = Field(description="Two-letter state code, e.g. `PA`.")
    zip: str = Field(description="ZIP code: 5 digits, or ZIP+4.")
    country: str = Field("USA", description="Country code; only `USA` is supported.")
    mailing_address: bool | None = Field(None, description="Make this the company's mailing "
                                         "address.")
    filing_address: bool | None = Field(None, description="Make this the company's filing "
                                        "address.")


class LocationUpdate(In):
    version: str = Field(description="The location's current `version` (from a GET).")
    phone_number: str | None = Field(None, description="Phone number: 10 digits.")
    street_1: str | None = Field(None, min_length=1, max_length=200,
                                 description="First address line.")
    street_2: str | None = Field(None, max_length=200, description="Second address line.")
    city: str | None = Field(None, min_length=1, max_length=100, description="City.")
    state: str | None = Field(None, description="Two-letter state code.")
    zip: str | None = Field(None, description="ZIP code: 5 digits, or ZIP+4.")
    country: str | None = Field(None, description="Country code; only `USA` is supported.")
    mailing_address: bool | None = Field(None, description="Make this the company's mailing "
                                         "address.")
    filing_address: bool | None = Field(None, description="Make this the company's filing "
                                        "address.")


class DepartmentMember(BaseModel):
    uuid: str = uuid_field("PayrollEmployeeId", "employee in the department")


class DepartmentContractor(BaseModel):
    uuid: str = uuid_field("PayrollContractorId", "contractor in the department")


class DepartmentPublic(BaseModel):
    uuid: str = uuid_field("PayrollDepartmentId", "department")
    version: str = Field(description=VERSION_DOC + " Changes whenever members change.")
    company_uuid: str = uuid_field("PayrollCompanyId", "company")
    title: str = Field(description="Name of the department.",
                       json_schema_extra=entity("DepartmentName"))
    employees: list[DepartmentMember] = Field(description="Employees assigned to it.")
    contractors: list[DepartmentContractor] = Field(description="Contractors assigned to "
                                                    "it.")


class PersonRef(In):
    uuid: str = Field(description="UUID of the employee.",
                      json_schema_extra=entity("PayrollEmployeeId"))


class ContractorRef(In):
    uuid: str = Field(description="UUID of the contractor.",
                      json_schema_extra=entity("PayrollContractorId"))


class DepartmentPeople(In):
    version: str = Field(description="The department's current `version` (from a GET).")
    employees: list[PersonRef] = Field(default_factory=list,
                                       description="Employees to add or remove.")
    contractors: list[ContractorRef] = Field(default_factory=list,
                                         description="Contractors to add or remove.")


class DepartmentCreate(In):
    title: str = Field(min_length=1, max_length=200, description="Name of the department; "
                       "unique within the company.")


class DepartmentUpdate(In):
    version: str = Field(description="The department's current `version` (from a GET).")
    title: str | None = Field(None, min_length=1, max_length=200,
                              description="New name of the department.")
