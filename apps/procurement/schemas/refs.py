"""Associations: as responses nest them (`supplier: {id, name, number}`) and as inputs
name them (by id or natural key); the stamps every record carries."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field, WithJsonSchema

from arcadia.apps.kernel import Id, entity
from arcadia.apps.procurement.schemas.base import In, Ref, public_model, ref_model

# Associations, documented by the identities they carry (the tool graph reads `x-entity`
# from them); what else a response nests in them is allowed.
UserRef = ref_model("UserRef", {
    "id": (int, "The user's Coupa id.", "ProcurementUserId"),
    "login": (str, "Login name (the person's work email).", "Email"),
    "email": (str, "Work email.", "Email"),
    "firstname": (str, "First name."), "lastname": (str, "Last name."),
    "fullname": (str, "First and last name.", "PersonName"),
    "employee-number": (str, "The HR system's employee number.", "EmployeeNumber"),
}, "A user, as other records refer to them.")
SupplierRef = ref_model("SupplierRef", {
    "id": (int, "The supplier's Coupa id.", "ProcurementSupplierId"),
    "name": (str, "The supplier's name (unique).", "SupplierName"),
    "number": (str, "The supplier number.", "ProcurementSupplierNumber"),
}, "A supplier, as other records refer to it.")
AccountRef = ref_model("AccountRef", {
    "id": (int, "The account's Coupa id.", "ProcurementAccountId"),
    "name": (str, "The account's name (cost centre - GL account)."),
    "code": (str, "The account code (segments joined with '-').", "ProcurementAccountCode"),
    "active": (bool, "Whether the account may be charged."),
    "segment-1": (str, "Segment 1: the cost centre (CC-...).", "CostCentreCode"),
    "segment-2": (str, "Segment 2: the GL account."),
    "segment-3": (str, "Segment 3: the department."),
}, "An account, as other records refer to it.")
ContractRef = ref_model("ContractRef", {
    "id": (int, "The contract's Coupa id.", "ProcurementContractId"),
    "name": (str, "The contract's name."),
    "number": (str, "The contract number.", "ProcurementContractNumber"),
}, "A contract, as other records refer to it.")
PaymentTermRef = ref_model("PaymentTermRef", {
    "id": (int, "The payment term's Coupa id.", "ProcurementPaymentTermId"),
    "code": (str, "The term's code (Net 30, 2/10 Net 30).", "ProcurementPaymentTermCode"),
}, "A payment term, as other records refer to it.")
AddressRef = ref_model("AddressRef", {
    "id": (int, "The remit-to address's Coupa id.", "ProcurementSupplierAddressId"),
    "remit-to-code": (str, "The supplier's code for this remit-to address."),
    "street1": (str, "Street, first line."), "city": (str, "City."),
}, "A supplier's remit-to address, as other records refer to it.")
DepartmentRef = ref_model("DepartmentRef", {
    "name": (str, "The department's name.", "DepartmentName"),
}, "A department (id is null: departments are names here).")
RequisitionRef = ref_model("RequisitionRef", {
    "id": (int, "The requisition's Coupa id.", "ProcurementRequisitionId"),
}, "A requisition, as other records refer to it.")
OrderLineRef = ref_model("OrderLineRef", {
    "id": (int, "The purchase order line's Coupa id.", "ProcurementOrderLineId"),
    "line-num": (int, "Line number (1-based)."),
    "order-header-id": (int, "The purchase order's id.", "ProcurementPurchaseOrderId"),
    "po-number": (str, "The purchase order's number.", "ProcurementPoNumber"),
}, "A purchase order line, as other records refer to it.")
LookupValueRef = ref_model("LookupValueRef", {
    "id": (int, "The lookup value's Coupa id.", "ProcurementLookupValueId"),
    "name": (str, "The value."),
}, "A lookup value, as other records refer to it.")

STAMPS: dict[str, tuple[Any, ...]] = {
    "id": (int, "Coupa's unique identifier."),
    "created-at": (str, "When the record was created (ISO 8601 with offset)."),
    "updated-at": (str, "When the record was last changed (ISO 8601 with offset)."),
    "created-by": (UserRef, "The user who created it: id, login, email."),
    "updated-by": (UserRef, "The user who last changed it: id, login, email."),
}
USER_REF = "A user: id, login, email, firstname, lastname, fullname."
ACCOUNT_REF = "An account: id, name, code, active, segment-1 (cost centre), segment-2 (GL)."
CURRENCY = (Ref, "The currency: id, code (USD).")


def line_model(name: str, resource: str, fields: dict[str, tuple[Any, ...]],
               doc: str, ident: str) -> type[BaseModel]:
    return public_model(name, resource, {**STAMPS, **fields}, doc, ident)


# -- inputs ----------------------------------------------------------------------------------


class RefIn(In):
    """An association, named by id or by its natural key."""

    id: Id | None = Field(None, description="Its id.")
    name: str | None = Field(None, max_length=255, description="Its name (suppliers, "
                             "accounts, lookups).")
    code: str | None = Field(None, max_length=255, description="Its code (accounts, "
                             "payment terms, currencies, units).")
    login: str | None = Field(None, max_length=255, description="Its login (users).")
    number: str | None = Field(None, max_length=255, description="Its number (suppliers, "
                               "contracts).")


def _named_by(doc: str, **marks: str) -> WithJsonSchema:
    """`RefIn`'s schema for one association, its identities marked `x-entity` (validation,
    and so every error message, stays `RefIn`'s)."""
    schema = RefIn.model_json_schema()
    schema["description"] = doc
    for field, name in marks.items():
        schema["properties"][field].update(entity(name))
    return WithJsonSchema(schema)


SupplierRefIn = Annotated[RefIn, _named_by(
    "A supplier, named by id, name or number.", id="ProcurementSupplierId",
    name="SupplierName", number="ProcurementSupplierNumber")]
UserRefIn = Annotated[RefIn, _named_by(
    "A user, named by id or login (their work email).", id="ProcurementUserId",
    login="Email")]
AccountRefIn = Annotated[RefIn, _named_by(
    "An account, named by id or code.", id="ProcurementAccountId",
    code="ProcurementAccountCode")]
ContractRefIn = Annotated[RefIn, _named_by(
    "A contract, named by id or number.", id="ProcurementContractId",
    number="ProcurementContractNumber")]
PaymentTermRefIn = Annotated[RefIn, _named_by(
    "A payment term, named by id or code.", id="ProcurementPaymentTermId",
    code="ProcurementPaymentTermCode")]
AddressRefIn = Annotated[RefIn, _named_by(
    "A supplier's remit-to address, named by id.", id="ProcurementSupplierAddressId")]
OrderLineRefIn = Annotated[RefIn, _named_by(
    "A purchase order line, named by id.", id="ProcurementOrderLineId")]
LookupValueRefIn = Annotated[RefIn, _named_by(
    "A lookup value, named by id.", id="ProcurementLookupValueId")]
DisputeReasonRefIn = Annotated[RefIn, _named_by(
    "A Dispute Reason lookup value, named by id, by name, or by code (its name or its "
    "external-ref-code).", id="ProcurementLookupValueId")]
