"""Wire schemas: Gusto's field names, every field described, identities marked `x-entity`.

Identity names: Gusto's UUIDs are not interchangeable with other apps' ids, so they carry
`Payroll...` entity names; the identities an agent can use to match a payroll employee
to another system's record are `Email` (work email), `EmployeeNumber` (`employee_code`)
and `DepartmentName` (a department's `title`).

One module per resource; the class names are the document's component names.
"""

from arcadia.apps.payroll.schemas.addresses import (
    HomeAddressCreate,
    HomeAddressPublic,
    HomeAddressUpdate,
    PaymentMethodPublic,
    PaymentMethodType,
    PaymentMethodUpdate,
    PaymentSplit,
    SplitBy,
    SplitIn,
    WorkAddressCreate,
    WorkAddressPublic,
    WorkAddressUpdate,
)
from arcadia.apps.payroll.schemas.bank_accounts import (
    AccountType,
    BankAccountCreate,
    BankAccountPublic,
    BankAccountUpdate,
)
from arcadia.apps.payroll.schemas.base import (
    parse_money,
)
from arcadia.apps.payroll.schemas.benefits import (
    BenefitEnrollment,
    CompanyBenefitDetail,
    CompanyBenefitPublic,
    Contribution,
    EmployeeBenefitPublic,
)
from arcadia.apps.payroll.schemas.company import (
    CompanyCompensations,
    CompanyCustomFieldList,
    CompanyPublic,
    CompanyUpdate,
    ContractorRef,
    DepartmentContractor,
    DepartmentCreate,
    DepartmentMember,
    DepartmentPeople,
    DepartmentPublic,
    DepartmentUpdate,
    HourlyRate,
    LocationCreate,
    LocationPublic,
    LocationUpdate,
    NamedEarning,
    PersonRef,
    PrimaryPayrollAdmin,
    PrimarySignatory,
    SignatoryAddress,
    TokenInfo,
    TokenOwner,
    TokenResource,
)
from arcadia.apps.payroll.schemas.contractors import (
    ContractorAddress,
    ContractorAddressPublic,
    ContractorAddressUpdate,
    ContractorCreate,
    ContractorPublic,
    ContractorType,
    ContractorUpdate,
    WageType,
)
from arcadia.apps.payroll.schemas.employees import (
    EmployeeCreate,
    EmployeeCustomField,
    EmployeeCustomFieldList,
    EmployeePublic,
    EmployeeUpdate,
    Garnishment,
    OnboardingDocumentsConfig,
    PaidTimeOff,
)
from arcadia.apps.payroll.schemas.jobs import (
    CompensationCreate,
    CompensationPublic,
    CompensationUpdate,
    FlsaStatus,
    JobCreate,
    JobPublic,
    JobUpdate,
    MinimumWage,
    PaymentUnit,
)
from arcadia.apps.payroll.schemas.pay_schedules import (
    AutoPayrollBlocker,
    PaySchedulePublic,
)
from arcadia.apps.payroll.schemas.payroll_runs import (
    MAX_PAYROLL_ENTRIES,
    EmployeeCompensationUpdate,
    FixedCompensationInput,
    GrossUpPay,
    GrossUpRequest,
    HourlyCompensationInput,
    OffCyclePayrollCreate,
    OffCycleReason,
    PaidTimeOffInput,
    PaymentMethod,
    PayrollBlocker,
    PayrollPrepare,
    PayrollSkip,
    PayrollSubmit,
    PayrollUpdate,
    SubmissionBlockerSelection,
    WithholdingPayPeriod,
)
from arcadia.apps.payroll.schemas.payrolls import (
    CompanyTax,
    Deduction,
    EmployeeCompensation,
    FixedCompensation,
    FixedCompensationType,
    HourlyCompensation,
    Licensee,
    PayPeriod,
    PayrollBenefit,
    PayrollPaidTimeOff,
    PayrollPublic,
    PayrollReceipt,
    PayrollStatusMeta,
    PayrollTax,
    PayrollTotals,
    PayStub,
    ProcessingRequest,
    ReceiptEmployeeCompensation,
    ReceiptTax,
    ReceiptTotals,
    SubmissionBlocker,
    UnblockOption,
)
from arcadia.apps.payroll.schemas.terminations import (
    EmploymentPublic,
    TerminationCreate,
    TerminationPublic,
    TerminationUpdate,
)

__all__ = [
    "AccountType", "AutoPayrollBlocker", "BankAccountCreate", "BankAccountPublic",
    "BankAccountUpdate", "BenefitEnrollment", "CompanyBenefitDetail", "CompanyBenefitPublic",
    "CompanyCompensations", "CompanyCustomFieldList", "CompanyPublic", "CompanyTax",
    "CompanyUpdate", "CompensationCreate", "CompensationPublic", "CompensationUpdate",
    "ContractorAddress", "ContractorAddressPublic", "ContractorAddressUpdate",
    "ContractorCreate", "ContractorPublic", "ContractorRef", "ContractorType",
    "ContractorUpdate", "Contribution", "Deduction", "DepartmentContractor", "DepartmentCreate",
    "DepartmentMember", "DepartmentPeople", "DepartmentPublic", "DepartmentUpdate",
    "EmployeeBenefitPublic", "EmployeeCompensation", "EmployeeCompensationUpdate",
    "EmployeeCreate", "EmployeeCustomField", "EmployeeCustomFieldList", "EmployeePublic",
    "EmployeeUpdate", "EmploymentPublic", "FixedCompensation", "FixedCompensationInput",
    "FixedCompensationType", "FlsaStatus", "Garnishment", "GrossUpPay", "GrossUpRequest",
    "HomeAddressCreate", "HomeAddressPublic", "HomeAddressUpdate", "HourlyCompensation",
    "HourlyCompensationInput", "HourlyRate", "JobCreate", "JobPublic", "JobUpdate", "Licensee",
    "LocationCreate", "LocationPublic", "LocationUpdate", "MAX_PAYROLL_ENTRIES", "MinimumWage",
    "NamedEarning", "OffCyclePayrollCreate", "OffCycleReason", "OnboardingDocumentsConfig",
    "PaidTimeOff", "PaidTimeOffInput", "PayPeriod", "PaySchedulePublic", "PayStub",
    "PaymentMethod", "PaymentMethodPublic", "PaymentMethodType", "PaymentMethodUpdate",
    "PaymentSplit", "PaymentUnit", "PayrollBenefit", "PayrollBlocker", "PayrollPaidTimeOff",
    "PayrollPrepare", "PayrollPublic", "PayrollReceipt", "PayrollSkip", "PayrollStatusMeta",
    "PayrollSubmit", "PayrollTax", "PayrollTotals", "PayrollUpdate", "PersonRef",
    "PrimaryPayrollAdmin", "PrimarySignatory", "ProcessingRequest",
    "ReceiptEmployeeCompensation", "ReceiptTax", "ReceiptTotals", "SignatoryAddress", "SplitBy",
    "SplitIn", "SubmissionBlocker", "SubmissionBlockerSelection", "TerminationCreate",
    "TerminationPublic", "TerminationUpdate", "TokenInfo", "TokenOwner", "TokenResource",
    "UnblockOption", "WageType", "WithholdingPayPeriod", "WorkAddressCreate",
    "WorkAddressPublic", "WorkAddressUpdate", "parse_money",
]
