"""An employee's effective-dated home and work addresses, and the payment method that
splits net pay over their bank accounts."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

from arcadia.apps.kernel import entity
from arcadia.apps.payroll.schemas.base import VERSION_DOC, In, uuid_field

PaymentMethodType = Literal["Direct Deposit", "Check"]
SplitBy = Literal["Percentage", "Amount"]


class HomeAddressPublic(BaseModel):
    uuid: str = uuid_field("PayrollHomeAddressId", "home address")
    version: str = Field(description=VERSION_DOC)
    employee_uuid: str = uuid_field("PayrollEmployeeId", "employee")
    street_1: str = Field(description="First line of the street address.")
    street_2: str | None = Field(description="Second line of the street address.")
    city: str = Field(description="City.")
    state: str = Field(description="Two-letter state code.")
    zip: str = Field(description="ZIP code.")
    country: str = Field(description="Country code (`USA`).")
    active: bool = Field(description="Whether this is the address in effect today.")
    effective_date: str = Field(description="Date from which the employee lives here.")
    courtesy_withholding: bool = Field(description="Whether the employer withholds the home "
                                       "state's taxes as a courtesy.")


class HomeAddressCreate(In):
    street_1: str = Field(min_length=1, max_length=200, description="First address line.")
    street_2: str | None = Field(None, max_length=200, description="Second address line.")
    city: str = Field(min_length=1, max_length=100, description="City.")
    state: str = Field(description="Two-letter state code, e.g. `PA`.")
    zip: str = Field(description="ZIP code: 5 digits, or ZIP+4.")
    effective_date: date | None = Field(None, description="Date the employee moved in; "
                                        "defaults to today. One address per date.")
    courtesy_withholding: bool = Field(False, description="Withhold the home state's taxes "
                                       "as a courtesy.")


class HomeAddressUpdate(In):
    version: str = Field(description="The address's current `version` (from a GET).")
    street_1: str | None = Field(None, min_length=1, max_length=200,
                                 description="First address line.")
    street_2: str | None = Field(None, max_length=200, description="Second address line.")
    city: str | None = Field(None, min_length=1, max_length=100, description="City.")
    state: str | None = Field(None, description="Two-letter state code.")
    zip: str | None = Field(None, description="ZIP code: 5 digits, or ZIP+4.")
    effective_date: date | None = Field(None, description="Date the employee moved in.")
    courtesy_withholding: bool | None = Field(None, description="Withhold the home state's "
                                              "taxes as a courtesy.")


class WorkAddressPublic(BaseModel):
    uuid: str = uuid_field("PayrollWorkAddressId", "work address")
    version: str = Field(description=VERSION_DOC)
    employee_uuid: str = uuid_field("PayrollEmployeeId", "employee")
    location_uuid: str = uuid_field("PayrollLocationId", "company location worked at")
    effective_date: str = Field(description="Date from which the employee works there.")
    active: bool = Field(description="Whether this is the work address in effect today.")
    street_1: str = Field(description="First line of the location's street address.")
    street_2: str | None = Field(description="Second line of the street address.")
    city: str = Field(description="City.")
    state: str = Field(description="Two-letter state code.")
    zip: str = Field(description="ZIP code.")
    country: str = Field(description="Country code (`USA`).")


class WorkAddressCreate(In):
    location_uuid: str = Field(description="UUID of one of the company's locations.",
                               json_schema_extra=entity("PayrollLocationId"))
    effective_date: date | None = Field(None, description="First day at this location; "
                                        "defaults to today. One work address per date.")


class WorkAddressUpdate(In):
    version: str = Field(description="The work address's current `version` (from a GET).")
    location_uuid: str | None = Field(None, description="UUID of one of the company's "
                                      "locations.", json_schema_extra=entity(
                                          "PayrollLocationId"))
    effective_date: date | None = Field(None, description="First day at this location.")


class PaymentSplit(BaseModel):
    uuid: str = uuid_field("PayrollBankAccountId", "bank account")
    name: str = Field(description="Name of the bank account.")
    hidden_account_number: str = Field(description="Masked account number (`XXXX1234`).")
    priority: int = Field(description="Order in which the accounts are paid (1 first).")
    split_amount: int | None = Field(description="Percent of net pay (split_by Percentage) "
                                     "or cents (split_by Amount); null for the account that "
                                     "takes the remainder of an Amount split.")


class PaymentMethodPublic(BaseModel):
    version: str = Field(description=VERSION_DOC)
    type: str = Field(description="`Direct Deposit` or `Check`.")
    split_by: str | None = Field(description="`Percentage` or `Amount` (null for Check).")
    splits: list[PaymentSplit] | None = Field(description="How net pay is split over the "
                                              "bank accounts (null for Check).")


class SplitIn(In):
    uuid: str = Field(description="UUID of one of the employee's bank accounts.",
                      json_schema_extra=entity("PayrollBankAccountId"))
    name: str | None = Field(None, description="Name of the account (ignored; the account's "
                             "own name is kept).")
    priority: int = Field(ge=1, le=100, description="Order of payment (1 first); unique.")
    split_amount: int | None = Field(None, ge=0, le=100_000_000, description="Percent "
                                     "(Percentage) or cents (Amount); null for the last "
                                     "account of an Amount split, which takes the remainder.")


class PaymentMethodUpdate(In):
    version: str = Field(description="The payment method's current `version` (from a GET).")
    type: PaymentMethodType = Field(description="`Direct Deposit` or `Check`.")
    split_by: SplitBy | None = Field(None, description="Required for Direct Deposit.")
    splits: list[SplitIn] | None = Field(None, max_length=20, description="Required for "
                                         "Direct Deposit: the accounts and their shares. "
                                         "Percentages add up to 100.")
