"""Reference data: users and their approval limits, payment terms, suppliers and their
remit-to addresses, contracts, accounts, budget lines, lookup values."""

from __future__ import annotations

from arcadia.apps.kernel import Amount, Id, entity
from arcadia.apps.procurement.schemas.base import In, Ref, inp, many, public_model
from arcadia.apps.procurement.schemas.refs import (
    ACCOUNT_REF,
    CURRENCY,
    STAMPS,
    USER_REF,
    AccountRef,
    AccountRefIn,
    AddressRef,
    DepartmentRef,
    LookupValueRef,
    LookupValueRefIn,
    PaymentTermRef,
    PaymentTermRefIn,
    RefIn,
    SupplierRef,
    SupplierRefIn,
    UserRef,
    UserRefIn,
)

UserPublic = public_model("UserPublic", "users", {
    **STAMPS,
    "login": (str, "Login name (the person's work email).", "Email"),
    "email": (str, "Work email.", "Email"),
    "firstname": (str, "First name."), "lastname": (str, "Last name."),
    "fullname": (str, "First and last name.", "PersonName"),
    "employee-number": (str, "The HR system's employee number.", "EmployeeNumber"),
    "active": (bool, "Whether the user can sign in and act."),
    "department": (DepartmentRef, "The user's department: id, name."),
    "manager": (UserRef, USER_REF + " The user's manager."),
    "default-account": (AccountRef, ACCOUNT_REF + " The account the user's requisitions charge "
                        "by default (their cost centre)."),
    "requisition-approval-limit": (Ref, "The most this user may approve on a requisition: "
                                   "id, name, amount (USD), currency. Null means no limit "
                                   "(the top of the org chart); an amount of 0 means the "
                                   "user approves nothing alone."),
    "invoice-approval-limit": (Ref, "The most this user may approve on an invoice: id, "
                               "name, amount, currency; null means no limit."),
    "approval-limit": (Ref, "The user's general approval limit (the requisition limit)."),
    "roles": (list[Ref], "The user's Coupa roles: name (User; Buyer for procurement; AP "
              "for finance)."),
    "purchasing-user": (bool, "Whether the user may raise requisitions (every user)."),
    "invoicing-user": (bool, "Whether the user works invoices (the AP role)."),
}, "A Coupa user and their approval limits.", "ProcurementUserId")

PaymentTermPublic = public_model("PaymentTermPublic", "payment_terms", {
    **STAMPS,
    "code": (str, "The term's code (Net 30, 2/10 Net 30).", "ProcurementPaymentTermCode"),
    "description": (str, "What the term means."),
    "type": (str, "PaymentTerm."),
    "days-for-net-payment": (int, "Days after the invoice date the net amount is due."),
    "days-for-discount-payment": (int, "Days within which the discount applies."),
    "discount-rate": (str, "Early-payment discount, percent (decimal string)."),
    "active": (bool, "Whether the term may be used."),
}, "A payment term.", "ProcurementPaymentTermId")

SupplierAddressPublic = public_model("SupplierAddressPublic", "supplier_addresses", {
    **STAMPS,
    "name": (str, "The address's name."),
    "remit-to-code": (str, "The supplier's code for this remit-to address."),
    "street1": (str, "Street, first line."), "street2": (str, "Street, second line."),
    "city": (str, "City."), "state": (str, "State."), "postal-code": (str, "ZIP code."),
    "country": (Ref, "Country: code, name."),
    "active": (bool, "Whether invoices may be remitted here."),
}, "A supplier's remit-to address.", "ProcurementSupplierAddressId")

SupplierPublic = public_model("SupplierPublic", "suppliers", {
    **STAMPS,
    "name": (str, "The supplier's name (unique).", "SupplierName"),
    "display-name": (str, "Name shown to users."),
    "number": (str, "The supplier number.", "ProcurementSupplierNumber"),
    "status": (str, "active or inactive."),
    "po-email": (str, "Where purchase orders are emailed."),
    "po-method": (str, "How purchase orders are sent (email)."),
    "payment-term": (PaymentTermRef, "The default payment term: id, code."),
    "commodity": (Ref, "The supplier's category: name."),
    "tax-id": (str, "The supplier's tax id."),
    "account-number": (str, "Our account number with the supplier."),
    "invoice-matching-level": (str, "2-way (PO) or 3-way (PO and receipt)."),
    "primary-address": (AddressRef, "The first remit-to address: id, street1, city, state, "
                        "postal-code."),
    "remit-to-addresses": (many(AddressRef), "The supplier's remit-to addresses (see GET "
                           "/api/suppliers/{id}/addresses)."),
}, "A supplier.", "ProcurementSupplierId")

ContractPublic = public_model("ContractPublic", "contracts", {
    **STAMPS,
    "name": (str, "The contract's name."),
    "number": (str, "The contract number.", "ProcurementContractNumber"),
    "status": (str, "draft, published, expired or completed."),
    "supplier": (SupplierRef, "The supplier: id, name, number."),
    "start-date": (str, "When the contract starts (ISO 8601)."),
    "end-date": (str, "When the contract ends (ISO 8601); spend after it is outside the "
                 "contract."),
    "max-value": (str, "The most that may be spent under it (decimal string)."),
    "currency": CURRENCY,
    "payment-term": (PaymentTermRef, "The contract's payment term: id, code."),
    "contract-owner": (UserRef, USER_REF + " Who owns the contract."),
}, "A supplier contract.", "ProcurementContractId")

AccountPublic = public_model("AccountPublic", "accounts", {
    **STAMPS,
    "name": (str, "The account's name (cost centre - GL account)."),
    "code": (str, "The account code (segments joined with '-').", "ProcurementAccountCode"),
    "active": (bool, "Whether the account may be charged."),
    "account-type": (Ref, "The chart of accounts: id, name."),
    "account-type-id": (int, "The chart of accounts' id."),
    "segment-1": (str, "Segment 1: the cost centre (CC-...).", "CostCentreCode"),
    "segment-2": (str, "Segment 2: the GL account."),
    "segment-3": (str, "Segment 3: the department."),
}, "An account (a chart-of-accounts combination).", "ProcurementAccountId")

BudgetLinePublic = public_model("BudgetLinePublic", "budget_lines", {
    **STAMPS,
    "period": (Ref, "The budget period: id, name, start-date, end-date."),
    "amount": (str, "The budget (decimal string)."),
    "remaining": (str, "The budget less the spend committed against it: purchase order "
                  "lines charged to its cost centre, ordered in its period."),
    "remaining-budget": (str, "The same as remaining."),
    "pending-requisitions-amount": (str, "Requisitions on its cost centre awaiting "
                                    "approval in its period."),
    "currency": CURRENCY,
    "segment-1": (str, "The cost centre the line budgets.", "CostCentreCode"),
    "segment-2": (str, "The GL account, when the line is that narrow."),
    "description": (str, "What the line budgets."),
    "notes": (str, "Notes."),
    "owner": (UserRef, USER_REF + " The cost centre's owner."),
    "owner-is-approver": (bool, "Whether the owner approves spend on it (always true)."),
}, "A budget line.", "ProcurementBudgetLineId")

LookupValuePublic = public_model("LookupValuePublic", "lookup_values", {
    **STAMPS,
    "name": (str, "The value."),
    "description": (str, "What it means."),
    "lookup": (Ref, "The lookup it belongs to: id, name (Dispute Reasons, Commodities, "
               "Units of Measure, ...)."),
    "lookup-id": (int, "The lookup's id."),
    "active": (bool, "Whether it may be used."),
    "external-ref-code": (str, "Code used by other systems."),
    "external-ref-num": (str, "Number used by other systems."),
    "parent": (LookupValueRef, "The parent value: id, name."),
    "parent-id": (int, "The parent value's id.", "ProcurementLookupValueId"),
    "is-default": (bool, "Whether it is its lookup's default."),
    "depth": (int, "Depth in its lookup's tree (1 at the top)."),
}, "A lookup value.", "ProcurementLookupValueId")


# -- inputs ----------------------------------------------------------------------------------


class SupplierCreate(In):
    name: str | None = inp("name", "The supplier's name (unique).", max_length=255,
                           json_schema_extra=entity("SupplierName"))
    display_name: str | None = inp("display-name", "Name shown to users.", max_length=255)
    number: str | None = inp("number", "Supplier number.", max_length=255,
                             json_schema_extra=entity("ProcurementSupplierNumber"))
    status: str | None = inp("status", "active or inactive.", max_length=20)
    po_email: str | None = inp("po-email", "Where POs are emailed.", max_length=255)
    payment_term: PaymentTermRefIn | None = inp("payment-term", "Default payment term: id or code.")
    commodity: RefIn | None = inp("commodity", "Category: an active Commodity lookup value "
                                  "by id, name or code.")
    tax_id: str | None = inp("tax-id", "Tax id.", max_length=60)
    account_number: str | None = inp("account-number", "Our account number with them.",
                                     max_length=255)
    invoice_matching_level: str | None = inp("invoice-matching-level", "2-way or 3-way.",
                                             max_length=20)


class SupplierAddressIn(In):
    name: str | None = inp("name", "The address's name.", max_length=255)
    remit_to_code: str | None = inp("remit-to-code", "Code.", max_length=255)
    street1: str | None = inp("street1", "Street, first line.", max_length=255)
    street2: str | None = inp("street2", "Street, second line.", max_length=255)
    city: str | None = inp("city", "City.", max_length=255)
    state: str | None = inp("state", "State.", max_length=255)
    postal_code: str | None = inp("postal-code", "ZIP code.", max_length=40)
    country: RefIn | None = inp("country", "Country: code (US).")
    active: bool | None = inp("active", "Whether invoices may be remitted here.")


class ContractIn(In):
    name: str | None = inp("name", "The contract's name.", max_length=255)
    number: str | None = inp("number", "The contract number.", max_length=255,
                             json_schema_extra=entity("ProcurementContractNumber"))
    supplier: SupplierRefIn | None = inp("supplier", "The supplier: id or name.")
    status: str | None = inp("status", "draft, published, expired or completed.",
                             max_length=20)
    start_date: str | None = inp("start-date", "Start (ISO 8601).", max_length=40)
    end_date: str | None = inp("end-date", "End (ISO 8601).", max_length=40)
    max_value: Amount | None = inp("max-value", "Most that may be spent.")
    payment_term: PaymentTermRefIn | None = inp("payment-term", "Payment term: id or code.")
    contract_owner: UserRefIn | None = inp("contract-owner", "Owner: id or login.")


class AccountIn(In):
    name: str | None = inp("name", "The account's name.", max_length=255)
    code: str | None = inp("code", "The code (default: the segments joined).",
                           max_length=255, json_schema_extra=entity("ProcurementAccountCode"))
    active: bool | None = inp("active", "Whether it may be charged.")
    segment_1: str | None = inp("segment-1", "Cost centre.", max_length=100,
                                json_schema_extra=entity("CostCentreCode"))
    segment_2: str | None = inp("segment-2", "GL account.", max_length=100)
    segment_3: str | None = inp("segment-3", "Department.", max_length=100)


class BudgetLineIn(In):
    amount: Amount | None = inp("amount", "The budget (not negative).")
    description: str | None = inp("description", "What it budgets.", max_length=255)
    notes: str | None = inp("notes", "Notes.", max_length=4000)
    segment_1: str | None = inp("segment-1", "Cost centre.", max_length=100,
                                json_schema_extra=entity("CostCentreCode"))
    segment_2: str | None = inp("segment-2", "GL account.", max_length=100)
    period: RefIn | None = inp("period", "The period: name (FY2026-Q1, ...).")
    owner: UserRefIn | None = inp("owner", "The owner: id or login.")


class BudgetAdjustIn(In):
    amount: Amount | None = inp("amount", "The adjustment (added to the budget; negative "
                                "lowers it, never below zero).")
    reason: str | None = inp("reason", "Why.", max_length=4000)


class UserIn(In):
    login: str | None = inp("login", "Login name.", max_length=255,
                            json_schema_extra=entity("Email"))
    email: str | None = inp("email", "Email.", max_length=255, json_schema_extra=entity("Email"))
    firstname: str | None = inp("firstname", "First name.", max_length=255)
    lastname: str | None = inp("lastname", "Last name.", max_length=255)
    employee_number: str | None = inp("employee-number", "Employee number.", max_length=60,
                                      json_schema_extra=entity("EmployeeNumber"))
    active: bool | None = inp("active", "Whether the user may act.")
    default_account: AccountRefIn | None = inp("default-account", "Default account: id or code.")
    requisition_approval_limit: RefIn | None = inp(
        "requisition-approval-limit", "Requisition approval limit: amount in `code` or "
        "`name` as a decimal string, or id of an existing limit.")
    invoice_approval_limit: RefIn | None = inp(
        "invoice-approval-limit", "Invoice approval limit, as the requisition one.")


class LookupValueIn(In):
    name: str | None = inp("name", "The value.", max_length=255)
    description: str | None = inp("description", "What it means.", max_length=4000)
    lookup: RefIn | None = inp("lookup", "The lookup: name.")
    active: bool | None = inp("active", "Whether it may be used.")
    external_ref_code: str | None = inp("external-ref-code", "Code.", max_length=255)
    external_ref_num: str | None = inp("external-ref-num", "Number.", max_length=255)
    parent: LookupValueRefIn | None = inp("parent", "The parent value: id.")
    is_default: bool | None = inp("is-default", "Whether it is the default.")


class PaymentTermIn(In):
    code: str | None = inp("code", "The code (unique).", max_length=255,
                           json_schema_extra=entity("ProcurementPaymentTermCode"))
    description: str | None = inp("description", "What it means.", max_length=4000)
    days_for_net_payment: Id | None = inp("days-for-net-payment", "Net days.", le=3650)
    days_for_discount_payment: Id | None = inp("days-for-discount-payment",
                                               "Discount days.", le=3650)
    discount_rate: Amount | None = inp("discount-rate", "Discount percent (0-100).")
    active: bool | None = inp("active", "Whether it may be used.")
