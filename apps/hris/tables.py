"""BambooHR's standard tables, served by one set of generic routes.

Each table is declared once (`TABLES`): its alias, its columns (field id, name, type,
options) and where its rows live. The declaration drives `GET /meta/tables`, the
validation of rows written through `POST /employees/{id}/tables/{table}[/{rowId}]` and
their JSON. The three history tables (jobInfo, compensation, employmentStatus) keep their
own rules in `history.py`, because their newest effective row decides the
employee's current values; the others only hold rows.

Who sees what: jobInfo and employmentStatus rows are readable by every employee (the
product shows job history in the directory profile); every other table holds pay or
personal data and is readable by HR, payroll and the employee themself. Only HR writes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from sqlmodel import col, select

from arcadia.apps.hris import history, service
from arcadia.apps.hris.fields import (
    COMPENSATION,
    EMPLOYMENT_STATUS,
    JOB_INFO,
    name_of,
    parse_choice,
    parse_date,
    parse_email,
    parse_text,
)
from arcadia.apps.hris.models import (
    Bonus,
    Commission,
    Compensation,
    Dependent,
    Earnings,
    EmergencyContact,
    Employee,
    EmployeeAsset,
    EmployeeCertification,
    EmploymentStatus,
    HrisModel,
    JobInfo,
)
from arcadia.apps.kernel import (
    Ctx,
    conflict,
    forbidden,
    invalid,
    iso,
    money,
    not_found,
    read_or_404,
)

RELATIONSHIPS = ("Spouse", "Partner", "Parent", "Mother", "Father", "Child", "Sibling",
                 "Friend", "Other")
DEPENDENT_RELATIONSHIPS = ("Spouse", "Domestic Partner", "Child", "Stepchild",
                           "Foster Child", "Other")
GENDERS = ("Female", "Male", "Nonbinary")
ASSET_CATEGORIES = ("Computer", "Monitor", "Phone", "Badge", "Vehicle", "Tools", "Other")
YES_NO = ("yes", "no")
_SSN = re.compile(r"^[0-9]{3}-?[0-9]{2}-?[0-9]{4}$")


@dataclass(frozen=True)
class Column:
    """One column of a table as `GET /meta/tables` lists it.

    Attributes:
        alias: API name of the column in rows and writes.
        attr: Model attribute holding it (None for the history tables, whose columns are
            parsed by `history.py`).
        id: Numeric field id.
        name: Display name.
        type: BambooHR field type: date, text, textarea, list, currency, employee, email,
            phone, checkbox, ssn.
        options: Allowed values of a list (matched case-insensitively).
        required: Needed on a new row and cannot be cleared.
    """

    alias: str
    attr: str | None
    id: int
    name: str
    type: str
    options: tuple[str, ...] = ()
    required: bool = False


@dataclass(frozen=True)
class Table:
    """One standard table: alias, row model, columns, sort key and visibility."""

    alias: str
    model: type[HrisModel]
    columns: tuple[Column, ...]
    dated: str | None  # attribute rows are ordered by (then id); None: by id
    public: bool = False  # readable by every employee (else HR, payroll and self)
    description: str = ""

    @property
    def history(self) -> bool:
        return self.alias in (JOB_INFO, COMPENSATION, EMPLOYMENT_STATUS)


def _c(alias: str, attr: str | None, id_: int, name: str, type_: str,
       options: tuple[str, ...] = (), *, required: bool = False) -> Column:
    return Column(alias, attr, id_, name, type_, options, required)


_CONTACT_COLUMNS = (
    _c("name", "name", 4100, "Emergency Contact: Name", "text", required=True),
    _c("relationship", "relationship", 4101, "Emergency Contact: Relationship", "list",
       RELATIONSHIPS),
    _c("homePhone", "home_phone", 4102, "Emergency Contact: Home Phone", "phone"),
    _c("addressLine1", "address_line1", 4103, "Emergency Contact: Address Line 1", "text"),
    _c("addressLine2", "address_line2", 4104, "Emergency Contact: Address Line 2", "text"),
    _c("zipcode", "zipcode", 4105, "Emergency Contact: Zip Code", "text"),
    _c("city", "city", 4106, "Emergency Contact: City", "text"),
    _c("state", "state", 4107, "Emergency Contact: State", "text"),
    _c("country", "country", 4108, "Emergency Contact: Country", "text"),
    _c("email", "email", 4109, "Emergency Contact: Email", "email"),
    _c("mobilePhone", "mobile_phone", 4110, "Emergency Contact: Mobile Phone", "phone"),
    _c("workPhone", "work_phone", 4111, "Emergency Contact: Work Phone", "phone"),
    _c("workPhoneExtension", "work_phone_extension", 4112, "Emergency Contact: Work Ext.",
       "text"),
    _c("primaryContact", "primary_contact", 4113, "Emergency Contact: Primary Contact",
       "checkbox", YES_NO),
)

TABLES: dict[str, Table] = {t.alias: t for t in (
    Table(JOB_INFO, JobInfo, (
        _c("date", None, 4028, "Job Information: Date", "date", required=True),
        _c("location", None, 18, "Location", "list"),
        _c("department", None, 4, "Department", "list"),
        _c("division", None, 1355, "Division", "list"),
        _c("jobTitle", None, 17, "Job Title", "list"),
        _c("reportsTo", None, 91, "Reporting to", "employee"),
    ), "date", public=True, description="Job history: title, department, division, "
       "location and manager, each row effective from its date."),
    Table(EMPLOYMENT_STATUS, EmploymentStatus, (
        _c("date", None, 1936, "Employment Status: Date", "date", required=True),
        _c("employmentStatus", None, 1937, "Employment Status", "list", required=True),
        _c("comment", None, 4046, "Employment Status: Comment", "textarea"),
    ), "date", public=True, description="Employment status history (Full-Time, Leave of "
       "Absence, Terminated, ...); a Terminated row records the termination."),
    Table(COMPENSATION, Compensation, (
        _c("startDate", None, 4021, "Compensation: Date", "date", required=True),
        _c("rate", None, 19, "Pay rate", "currency", required=True),
        _c("type", None, 156, "Pay type", "list", ("Salary", "Hourly")),
        _c("exempt", None, 4045, "Overtime Status", "list", ("Exempt", "Non-exempt")),
        _c("reason", None, 4022, "Compensation: Change Reason", "list"),
        _c("comment", None, 4023, "Compensation: Comment", "textarea"),
        _c("paidPer", None, 4017, "Pay Per", "list", ("Year", "Month", "Week", "Day", "Hour")),
    ), "start_date", description="Pay history: rate, pay type, paid per, FLSA status."),
    Table("emergencyContacts", EmergencyContact, _CONTACT_COLUMNS, None,
          description="The employee's emergency contacts."),
    Table("contacts", EmergencyContact, _CONTACT_COLUMNS, None,
          description="The same rows as emergencyContacts, under BambooHR's other name."),
    Table("dependents", Dependent, (
        _c("firstName", "first_name", 4200, "Dependent: First Name", "text", required=True),
        _c("middleName", "middle_name", 4201, "Dependent: Middle Name", "text"),
        _c("lastName", "last_name", 4202, "Dependent: Last Name", "text", required=True),
        _c("relationship", "relationship", 4203, "Dependent: Relationship", "list",
           DEPENDENT_RELATIONSHIPS),
        _c("gender", "gender", 4204, "Dependent: Gender", "list", GENDERS),
        _c("addressLine1", "address_line1", 4205, "Dependent: Address Line 1", "text"),
        _c("addressLine2", "address_line2", 4206, "Dependent: Address Line 2", "text"),
        _c("ssn", "ssn", 4207, "Dependent: SSN", "ssn"),
        _c("dateOfBirth", "date_of_birth", 4208, "Dependent: Birth Date", "date"),
        _c("city", "city", 4209, "Dependent: City", "text"),
        _c("state", "state", 4210, "Dependent: State", "text"),
        _c("homePhone", "home_phone", 4211, "Dependent: Home Phone", "phone"),
        _c("country", "country", 4212, "Dependent: Country", "text"),
        _c("zipcode", "zipcode", 4213, "Dependent: Zip Code", "text"),
    ), "date_of_birth", description="The employee's dependents (SSN shown masked)."),
    Table("bonus", Bonus, (
        _c("date", "date", 4300, "Bonus: Date", "date", required=True),
        _c("amount", "amount", 4301, "Bonus: Amount", "currency", required=True),
        _c("reason", "reason", 4302, "Bonus: Reason", "list",
           ("Performance", "Referral", "Retention", "Signing", "Spot Award", "Other")),
        _c("comment", "comment", 4303, "Bonus: Comment", "textarea"),
    ), "date", description="Bonuses the employee has earned."),
    Table("commission", Commission, (
        _c("date", "date", 4310, "Commission: Date", "date", required=True),
        _c("amount", "amount", 4311, "Commission: Amount", "currency", required=True),
        _c("comment", "comment", 4312, "Commission: Comment", "textarea"),
    ), "date", description="Commissions the employee has earned."),
    Table("earnings", Earnings, (
        _c("date", "date", 4320, "Earnings: Date", "date", required=True),
        _c("priorYear", "prior_year", 4321, "Earnings: Prior Year", "currency", required=True),
    ), "date", description="Annual earnings, as reported on tax forms such as the W-2."),
    Table("employeeAssets", EmployeeAsset, (
        _c("category", "category", 4330, "Asset: Category", "list", ASSET_CATEGORIES,
           required=True),
        _c("description", "description", 4331, "Asset: Description", "text"),
        _c("serialNumber", "serial_number", 4332, "Asset: Serial #", "text"),
        _c("dateLoaned", "date_loaned", 4333, "Asset: Date Loaned", "date"),
        _c("dateReturned", "date_returned", 4334, "Asset: Date Returned", "date"),
        _c("cost", "cost", 4335, "Asset: Cost", "currency"),
        _c("notes", "notes", 4336, "Asset: Notes", "textarea"),
    ), "date_loaned", description="Company assets loaned to the employee."),
    Table("employeeCertifications", EmployeeCertification, (
        _c("title", "title", 4340, "Certification: Title", "text", required=True),
        _c("completionDate", "completion_date", 4341, "Certification: Completion Date",
           "date"),
        _c("certificationNumber", "certification_number", 4342,
           "Certification: Certification #", "text"),
        _c("expirationDate", "expiration_date", 4343, "Certification: Expiration Date",
           "date"),
        _c("notes", "notes", 4344, "Certification: Notes", "textarea"),
    ), "completion_date", description="Certifications the employee holds."),
)}


def table_or_404(alias: str) -> Table:
    table = TABLES.get(alias)
    if table is None:
        raise not_found(f"Table {alias!r} does not exist. The tables are "
                        f"{', '.join(TABLES)} (GET /meta/tables lists their fields).")
    return table


def meta_tables() -> list[dict[str, Any]]:
    """Every table with its fields (`GET /meta/tables`)."""
    return [{"alias": t.alias, "fields": [{"id": c.id, "name": c.name, "alias": c.alias,
                                           "type": c.type} for c in t.columns]}
            for t in TABLES.values()]


# -- reading --------------------------------------------------------------------------------


def _may_read(ctx: Ctx, table: Table, employee_id: int) -> bool:
    return table.public or service.sees_private(ctx, employee_id)


def _refuse(ctx: Ctx, table: Table, employee_id: int) -> Exception:
    return forbidden(f"{ctx.principal.name} may not view the {table.alias} table of employee "
                     f"{employee_id}: it is visible to HR and payroll (roles hr, payroll) "
                     "and to the employee themself.")


def _names(ctx: Ctx) -> Callable[[int | None], str | None]:
    names = {r[0]: name_of(r[1], r[2], r[3]) for r in ctx.rows(
        "SELECT id, first_name, last_name, preferred_name FROM employee")}
    return lambda employee_id: names.get(employee_id) if employee_id is not None else None


def _value(column: Column, row: Any) -> Any:
    value = getattr(row, column.attr or "")
    if value is None:
        return None
    if column.type == "date":
        return iso(value)
    if column.type == "currency":
        return {"value": money(value), "currency": row.currency}
    if column.type == "checkbox":
        return "yes" if value else "no"
    if column.type == "ssn":
        return f"xxx-xx-{value[-4:]}"
    return value


def render(table: Table, row: Any, names: Callable[[int | None], str | None]
           ) -> dict[str, Any]:
    """A row in BambooHR's JSON shape: `id`, `employeeId`, then the table's columns."""
    if table.history:
        return history.render(table.alias, row, names)
    return {"id": str(row.id), "employeeId": str(row.employee_id),
            **{c.alias: _value(c, row) for c in table.columns}}


def _order(table: Table) -> Callable[[Any], tuple[Any, ...]]:
    def key(row: Any) -> tuple[Any, ...]:
        on = getattr(row, table.dated) if table.dated else None
        return (row.employee_id, on is not None, on or date.min, row.id)
    return key


def list_rows(*, ctx: Ctx, employee_id: int, alias: str) -> list[dict[str, Any]]:
    """One employee's rows of a table, oldest first."""
    table = table_or_404(alias)
    emp = read_or_404(ctx, Employee, service.employee_ref(ctx, employee_id), what="Employee",
                      hint="Look ids up in GET /employees/directory.")
    if not _may_read(ctx, table, emp.id):
        raise _refuse(ctx, table, emp.id)
    if table.history:
        return history.list_rows(ctx=ctx, employee_id=emp.id, table=table.alias)
    rows = ctx.session.exec(select(table.model).where(
        col(table.model.employee_id) == emp.id)).all()  # type: ignore[attr-defined]
    names = _names(ctx)
    return [render(table, r, names) for r in sorted(rows, key=_order(table))]


def visible_rows(ctx: Ctx, table: Table, employee_ids: set[int] | None = None
                 ) -> list[dict[str, Any]]:
    """Every row of `table` the caller may see (of `employee_ids` if given), by employee
    then date: read once as plain snapshots."""
    mine = ctx.principal.id
    everyone = table.public or ctx.principal.has_any(service.PRIVATE_READ_ROLES)
    rows = [r for r in ctx.snapshots(table.model)
            if (everyone or r.employee_id == mine)
            and (employee_ids is None or r.employee_id in employee_ids)]
    names = _names(ctx)
    return [render(table, r, names) for r in sorted(rows, key=_order(table))]


def list_all_rows(*, ctx: Ctx, alias: str) -> list[dict[str, Any]]:
    """Every employee's rows (terminated ones included) that the caller may see."""
    table = table_or_404(alias)
    return visible_rows(ctx, table)


# -- writing --------------------------------------------------------------------------------


def _parse(ctx: Ctx, column: Column, value: Any) -> Any:
    field = column.alias
    if column.type == "date":
        if value is None or value == "":
            return None
        return parse_date(value, field)
    if column.type == "currency":
        if value is None or value == "":
            return None
        return history.parse_amount(value, field)
    if column.type == "checkbox":
        text = "yes" if value is True else "no" if value is False else value
        choice = parse_choice(text, YES_NO, field, required=False)
        return None if choice is None else choice == "yes"
    if column.type == "list" and column.options:
        return parse_choice(value, column.options, field, required=False)
    if column.type == "email":
        return parse_email(value, field)
    if column.type == "ssn":
        text = parse_text(value, field)
        if text is not None and not _SSN.match(text):
            raise invalid(f"{field} must be a US SSN like 123-45-6789; got {value!r}.", field)
        return None if text is None else re.sub(r"[^0-9]", "", text)
    limit = 1024 if column.type == "textarea" else 255
    return parse_text(value, field, limit=limit)


def _values(ctx: Ctx, table: Table, data: dict[str, Any], *, new: bool) -> dict[str, Any]:
    """Validated model columns for the wire keys in `data` (all checked before any write)."""
    by_alias = {c.alias: c for c in table.columns}
    unknown = [k for k in data if k not in by_alias]
    if unknown:
        raise invalid(f"{', '.join(unknown)}: not a field of table {table.alias}; its fields "
                      f"are {', '.join(by_alias)}.", unknown[0])
    out: dict[str, Any] = {}
    for alias, value in data.items():
        column = by_alias[alias]
        parsed = _parse(ctx, column, value)
        if parsed is None and column.required:
            raise invalid(f"{alias} is required in table {table.alias} and cannot be empty.",
                          alias)
        if column.type == "currency":
            out[column.attr or ""] = None if parsed is None else parsed[0]
        else:
            out[column.attr or ""] = parsed
    if new:
        missing = [c.alias for c in table.columns if c.required and c.alias not in data]
        if missing:
            raise invalid(f"A new {table.alias} row needs {', '.join(missing)}.", missing[0])
    return out


def _check_row(ctx: Ctx, table: Table, values: dict[str, Any]) -> None:
    """Rules across a row's columns, on its values after the write."""
    today = ctx.now.date()
    pairs = (("date_loaned", "date_returned", "dateReturned", "dateLoaned"),
             ("completion_date", "expiration_date", "expirationDate", "completionDate"))
    for first, last, field, other in pairs:
        if values.get(first) and values.get(last) and values[last] < values[first]:
            raise invalid(f"{field} ({values[last]}) is before {other} ({values[first]}).",
                          field)
    born = values.get("date_of_birth")
    if table.alias == "dependents" and born is not None and born > today:
        raise invalid(f"dateOfBirth {born} is in the future.", "dateOfBirth")


def _wire(value: Any) -> Any:
    """Body values as the parsers take them: a decimal amount as its text."""
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, dict):
        return {k: _wire(v) for k, v in value.items()}
    return value


def create_row(*, ctx: Ctx, employee_id: int, alias: str, data: dict[str, Any]
               ) -> dict[str, Any]:
    """Add a row to an employee's table; returns it."""
    table = table_or_404(alias)
    data = _wire(data)
    if table.history:
        return history.create_row(ctx=ctx, employee_id=employee_id, table=table.alias,
                                  data=_history_data(table, data, new=True))
    emp = service.get_employee_row(ctx.session, service.employee_ref(ctx, employee_id))
    values = _values(ctx, table, data, new=True)
    _check_row(ctx, table, values)
    model: Any = table.model
    row = model(id=ctx.next_id(model), employee_id=emp.id,
                **{k: v for k, v in values.items() if v is not None})
    ctx.session.add(row)
    emp.last_changed = ctx.now.isoformat()
    ctx.session.add(emp)
    ctx.commit()
    return render(table, row, _names(ctx))


def update_row(*, ctx: Ctx, employee_id: int, alias: str, row_id: int, data: dict[str, Any]
               ) -> dict[str, Any]:
    """Change some columns of one row; returns it."""
    table = table_or_404(alias)
    data = _wire(data)
    if table.history:
        return history.update_row(ctx=ctx, employee_id=employee_id, table=table.alias,
                                  row_id=row_id, data=_history_data(table, data, new=False))
    emp = service.get_employee_row(ctx.session, service.employee_ref(ctx, employee_id))
    row: Any = ctx.session.get(table.model, row_id)
    if row is None or row.employee_id != emp.id:
        raise not_found(f"Row {row_id} of table {table.alias} does not belong to employee "
                        f"{emp.id}; GET /employees/{emp.id}/tables/{table.alias} lists its "
                        "rows.")
    if not data:
        raise invalid("Send at least one column of the row to change.")
    values = _values(ctx, table, data, new=False)
    merged = {c.attr: getattr(row, c.attr or "") for c in table.columns if c.attr}
    merged.update(values)
    _check_row(ctx, table, merged)
    for key, value in values.items():
        setattr(row, key, value)
    ctx.session.add(row)
    emp.last_changed = ctx.now.isoformat()
    ctx.session.add(emp)
    ctx.commit()
    return render(table, row, _names(ctx))


def _history_data(table: Table, data: dict[str, Any], *, new: bool) -> dict[str, Any]:
    """The body for a history table: only its own columns, the required ones present."""
    known = [c.alias for c in table.columns]
    unknown = [k for k in data if k not in known]
    if unknown:
        raise invalid(f"{', '.join(unknown)}: not a field of table {table.alias}; its fields "
                      f"are {', '.join(known)}.", unknown[0])
    if new:
        missing = [c.alias for c in table.columns if c.required and c.alias not in data]
        if missing:
            raise invalid(f"A new {table.alias} row needs {', '.join(missing)}.", missing[0])
    return data


def delete_row(*, ctx: Ctx, employee_id: int, alias: str, row_id: int) -> dict[str, Any]:
    """Delete one row; `{"success": false, "error"}` when the employee has no such row.

    A history table keeps a row in force: deleting the row that would leave the employee
    with none in effect today is a conflict, since their current values come from it."""
    table = table_or_404(alias)
    session, today = ctx.session, ctx.now.date()
    emp = service.get_employee_row(session, service.employee_ref(ctx, employee_id))
    row: Any = session.get(table.model, row_id)
    if row is None or row.employee_id != emp.id:
        return {"success": False,
                "error": f"Row {row_id} of table {table.alias} does not belong to employee "
                         f"{emp.id}; GET /employees/{emp.id}/tables/{table.alias} lists its "
                         "rows."}
    if table.history:
        rest = [r for r in history.rows_of(session, table.model, emp.id)  # type: ignore[type-var]
                if r.id != row.id]
        if history.effective(rest, today) is None:
            raise conflict(f"Row {row.id} is the only {table.alias} row in effect for "
                           f"employee {emp.id}; add the row that replaces it first, or "
                           "correct this one with POST .../tables/{table}/{rowId}.")
    session.delete(row)
    session.flush()
    if table.history:
        history.refresh(session, emp, table.alias, today)
    emp.last_changed = ctx.now.isoformat()
    session.add(emp)
    ctx.commit()
    return {"success": True}
