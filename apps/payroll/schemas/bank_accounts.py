"""An employee's bank accounts (account numbers masked on the way out)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from arcadia.apps.payroll.schemas.base import In, uuid_field

AccountType = Literal["Checking", "Savings"]


class BankAccountPublic(BaseModel):
    uuid: str = uuid_field("PayrollBankAccountId", "bank account")
    employee_uuid: str = uuid_field("PayrollEmployeeId", "account holder")
    name: str = Field(description="Name of the account.")
    routing_number: str = Field(description="ABA routing number.")
    hidden_account_number: str = Field(description="Masked account number (`XXXX1234`).")
    account_type: str = Field(description="`Checking` or `Savings`.")


class BankAccountCreate(In):
    name: str = Field(min_length=1, max_length=100, description="Name of the account.")
    routing_number: str = Field(description="9-digit ABA routing number with a valid "
                                "check digit.")
    account_number: str = Field(description="Account number: 4 to 17 digits.")
    account_type: AccountType = Field(description="`Checking` or `Savings`.")


class BankAccountUpdate(In):
    name: str = Field(min_length=1, max_length=100, description="Name of the account.")
    routing_number: str = Field(description="9-digit ABA routing number with a valid "
                                "check digit.")
    account_number: str = Field(description="Account number: 4 to 17 digits.")
    account_type: AccountType = Field(description="`Checking` or `Savings`.")
