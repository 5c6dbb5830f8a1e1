"""The company's benefit plans and the employees' enrolments in them."""

from __future__ import annotations

from pydantic import BaseModel, Field

from arcadia.apps.payroll.schemas.base import VERSION_DOC, uuid_field


class CompanyBenefitPublic(BaseModel):
    uuid: str = uuid_field("PayrollCompanyBenefitId", "company benefit")
    version: str = Field(description=VERSION_DOC)
    company_uuid: str = uuid_field("PayrollCompanyId", "company")
    benefit_type: int = Field(description="Gusto benefit type (1 medical, 2 dental, "
                              "3 vision, 105 401(k)).")
    active: bool = Field(description="Whether employees can participate.")
    description: str = Field(description="The plan's name, e.g. `Aetna Choice PPO`.")
    source: str = Field(description="`internal`, `external` or `partnered`.")
    partner_name: str | None = Field(description="Partner that created it, if any.")
    deletable: bool = Field(description="Whether it can be deleted.")
    supports_percentage_amounts: bool = Field(description="Whether amounts may be percents.")
    catch_up_type: str | None = Field(description="Catch-up contribution type (401(k)).")
    enrollment_count: int | None = Field(None, description="Employees actively enrolled "
                                         "(only with `enrollment_count=true`).")


class Contribution(BaseModel):
    type: str = Field(description="Company contribution scheme (`amount`).")
    value: str = Field(description="Contribution amount per pay period.")


class EmployeeBenefitPublic(BaseModel):
    uuid: str = uuid_field("PayrollEmployeeBenefitId", "employee benefit")
    version: str = Field(description=VERSION_DOC)
    employee_uuid: str = uuid_field("PayrollEmployeeId", "enrolled employee")
    company_benefit_uuid: str = uuid_field("PayrollCompanyBenefitId", "company benefit")
    active: bool = Field(description="Whether the enrolment is active.")
    employee_deduction: str = Field(description="Deducted from pay each period.")
    company_contribution: str = Field(description="Paid by the company each period.")
    employee_deduction_annual_maximum: str | None = Field(description="Yearly cap, if any.")
    company_contribution_annual_maximum: str | None = Field(description="Yearly cap, if any.")
    limit_option: str | None = Field(description="HSA/FSA limit option.")
    deduct_as_percentage: bool = Field(description="Whether the deduction is a percent.")
    contribute_as_percentage: bool = Field(description="Whether the contribution is a "
                                           "percent.")
    catch_up: bool = Field(description="Whether catch-up rates apply.")
    coverage_amount: str | None = Field(description="Insured amount (life insurance).")
    contribution: Contribution = Field(description="Company contribution scheme.")
    elective: bool = Field(description="Whether the contribution is matching.")
    effective_date: str = Field(description="Date the enrolment started.")
    expiration_date: str | None = Field(description="Date it ends; null if open-ended.")


class BenefitEnrollment(BaseModel):
    uuid: str = uuid_field("PayrollEmployeeBenefitId", "employee benefit")
    employee_uuid: str = uuid_field("PayrollEmployeeId", "enrolled employee")
    company_benefit_uuid: str = uuid_field("PayrollCompanyBenefitId", "company benefit")
    active: bool = Field(description="Whether the enrolment is active.")
    deduct_as_percentage: bool = Field(description="Whether the deduction is a percent.")
    employee_deduction: str = Field(description="Deducted from pay each period.")
    company_contribution: str = Field(description="Paid by the company each period.")
    contribution: dict[str, str] = Field(description="Company contribution scheme "
                                         "(`type`, `value`).")


class CompanyBenefitDetail(BaseModel):
    uuid: str = uuid_field("PayrollCompanyBenefitId", "company benefit")
    version: str = Field(description=VERSION_DOC)
    company_uuid: str = uuid_field("PayrollCompanyId", "company")
    benefit_type: int = Field(description="Gusto benefit type (1 medical, 2 dental, "
                              "3 vision, 105 401(k)).")
    active: bool = Field(description="Whether employees can participate.")
    description: str = Field(description="The plan's name, e.g. `Aetna Choice PPO`.")
    source: str = Field(description="`internal`, `external` or `partnered`.")
    partner_name: str | None = Field(description="Partner that created it, if any.")
    deletable: bool = Field(description="Whether it can be deleted.")
    supports_percentage_amounts: bool = Field(description="Whether amounts may be percents.")
    catch_up_type: str | None = Field(description="Catch-up contribution type (401(k)).")
    responsible_for_employer_taxes: bool = Field(description="Third-party sick pay only: "
                                                 "whether the employer pays employer taxes.")
    responsible_for_employee_w2: bool = Field(description="Third-party sick pay only: "
                                              "whether the employer files the W-2.")
    employee_benefits: list[BenefitEnrollment] | None = Field(
        description="The enrolments (only with `with_employee_benefits=true`).")
