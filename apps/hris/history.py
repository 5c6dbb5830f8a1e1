"""The three history tables (jobInfo, compensation, employmentStatus).

BambooHR derives an employee's current title, department, pay and status from the
newest row of each table whose date has arrived; `refresh` recomputes those current
values on the employee row after every write so the two always agree. The table routes
(tables.py) hand these three tables' reads and writes to `list_rows`, `create_row` and
`update_row` here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from typing import Any, TypeVar

from sqlmodel import Session, col, select

from arcadia.apps.hris.fields import (
    COMPENSATION,
    CURRENCY,
    EMPLOYMENT_STATUS,
    EXEMPT,
    JOB_INFO,
    PAY_PERS,
    PAY_TYPES,
    TERMINATED,
    display_name,
    parse_choice,
    parse_date,
    parse_rate,
    parse_text,
)
from arcadia.apps.hris.models import (
    Compensation,
    Employee,
    EmploymentStatus,
    HrisModel,
    JobInfo,
    ListOption,
)
from arcadia.apps.hris.service import employee_ref, get_employee_row, sees_private
from arcadia.apps.kernel import (
    Ctx,
    ascii_int,
    decimal_or_none,
    forbidden,
    in_effect,
    invalid,
    iso,
    money,
    not_found,
)

Row = TypeVar("Row", JobInfo, Compensation, EmploymentStatus)
MODELS: dict[str, type[HrisModel]] = {JOB_INFO: JobInfo, COMPENSATION: Compensation,
                                       EMPLOYMENT_STATUS: EmploymentStatus}


def _row_date(row: JobInfo | Compensation | EmploymentStatus) -> date:
    return row.start_date if isinstance(row, Compensation) else row.date


def rows_of(session: Session, model: type[Row], employee_id: int) -> list[Row]:
    """An employee's rows of one table, oldest first (by date, then id)."""
    rows = list(session.exec(select(model).where(model.employee_id == employee_id)).all())
    return sorted(rows, key=lambda r: (_row_date(r), r.id))


def effective(rows: Sequence[Row], on: date) -> Row | None:
    """The row in force on `on` (BambooHR orders rows by date, then id)."""
    return in_effect(rows, on, dated=_row_date, order=lambda r: (_row_date(r), r.id))


# -- validation of incoming row values (wire name -> column) -----------------------------------


def option(session: Session, alias: str, value: Any, field: str) -> str | None:
    """A list-field value, matched case-insensitively against the field's options."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    names = list(session.exec(select(ListOption.name).where(ListOption.field_alias == alias)
                              .order_by(col(ListOption.id))).all())
    return parse_choice(value, names, field)


def supervisor_id(session: Session, employee_id: int | None, value: Any, field: str, *,
                  by_name: bool) -> int | None:
    """The employee id a `reportsTo`/`supervisorEId` value names (id, or unique name)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    text = str(value).strip()
    if text.isdigit():  # any digits: ids are ASCII and within 64 bits, else no one has it
        number = ascii_int(text)
        boss = session.get(Employee, number) if number is not None else None
        if boss is None:
            raise invalid(f"{field}: there is no employee with id {text}; look the "
                          "supervisor up in GET /employees/directory.", field)
    elif by_name:
        boss = _by_name(session, text, field)
    else:
        raise invalid(f"{field} must be an employee id (digits); got {value!r}.", field)
    if boss.id == employee_id:
        raise invalid(f"{field}: an employee cannot report to themself.", field)
    if boss.status != "Active":
        raise invalid(f"{field}: {display_name(boss)} ({boss.id}) is inactive; choose an "
                      "active supervisor.", field)
    seen: list[int] = []
    cursor: Employee | None = boss
    while cursor is not None and cursor.supervisor_eid is not None and cursor.id not in seen:
        seen.append(cursor.id)
        if cursor.supervisor_eid == employee_id:
            raise invalid(f"{field}: {display_name(boss)} ({boss.id}) reports (directly or "
                          "not) to this employee, so this would make a reporting loop.",
                          field)
        cursor = session.get(Employee, cursor.supervisor_eid)
    return boss.id


def _by_name(session: Session, text: str, field: str) -> Employee:
    wanted = " ".join(text.lower().replace(",", " ").split())
    matches = []
    for emp in session.exec(select(Employee).order_by(col(Employee.id))).all():
        names = {display_name(emp).lower(), f"{emp.first_name} {emp.last_name}".lower(),
                 f"{emp.last_name} {emp.first_name}".lower()}
        if wanted in names:
            matches.append(emp)
    active = [m for m in matches if m.status == "Active"] or matches
    if not active:
        raise invalid(f"{field}: no employee is named {text!r}; send the supervisor's "
                      "employee id instead.", field)
    if len(active) > 1:
        ids = ", ".join(str(m.id) for m in active)
        raise invalid(f"{field}: {text!r} matches several employees ({ids}); send the "
                      "employee id instead.", field)
    return active[0]


def job_values(session: Session, employee_id: int | None, data: dict[str, Any]
               ) -> dict[str, Any]:
    """Validated jobInfo columns for the wire keys present in `data`."""
    out: dict[str, Any] = {}
    if "date" in data:
        out["date"] = parse_date(data["date"], "date")
    for key in ("location", "department", "division"):
        if key in data:
            out[key] = option(session, key, data[key], key)
    if "jobTitle" in data:
        out["job_title"] = parse_text(data["jobTitle"], "jobTitle")
    if "reportsTo" in data:
        out["reports_to_id"] = supervisor_id(session, employee_id, data["reportsTo"],
                                             "reportsTo", by_name=True)
    return out


def parse_amount(value: Any, field: str) -> tuple[float, str]:
    """A rate or amount (`85000`, `"85000.00 USD"`, `{value, currency}`), finite and below
    a trillion, as the kernel bounds every amount."""
    amount, currency = parse_rate(value, field)
    if decimal_or_none(amount) is None:
        raise invalid(f"{field} must be a plain amount below a trillion {currency}; got "
                      f"{amount:g}.", field)
    return amount, currency


def comp_values(data: dict[str, Any], labels: dict[str, str] | None = None) -> dict[str, Any]:
    """Validated compensation columns for the wire keys present in `data`.

    `labels` renames keys in error messages (the employee fields `payRate`, `payPer`, ...
    reach this table under the table's own keys).
    """
    def name(key: str) -> str:
        return (labels or {}).get(key, key)

    out: dict[str, Any] = {}
    if "startDate" in data:
        out["start_date"] = parse_date(data["startDate"], name("startDate"))
    if "rate" in data:
        out["rate"], out["currency"] = parse_amount(data["rate"], name("rate"))
    if "type" in data:
        out["type"] = parse_choice(data["type"], PAY_TYPES, name("type"))
    if "paidPer" in data:
        out["paid_per"] = parse_choice(data["paidPer"], PAY_PERS, name("paidPer"))
    if "exempt" in data:
        out["exempt"] = parse_choice(data["exempt"], EXEMPT, name("exempt"), required=False)
    for key in ("reason", "comment"):
        if key in data:
            out[key] = parse_text(data[key], name(key), limit=1024)
    return out


def status_values(session: Session, data: dict[str, Any]) -> dict[str, Any]:
    """Validated employmentStatus columns for the wire keys present in `data`."""
    out: dict[str, Any] = {}
    if "date" in data:
        out["date"] = parse_date(data["date"], "date")
    if "employmentStatus" in data:
        value = option(session, "employmentHistoryStatus", data["employmentStatus"],
                       "employmentStatus")
        if value is None:
            raise invalid("employmentStatus cannot be empty; see the "
                          "`employmentHistoryStatus` options in GET /meta/lists.",
                          "employmentStatus")
        out["employment_status"] = value
    if "comment" in data:
        out["comment"] = parse_text(data["comment"], "comment", limit=1024)
    return out


def settle_pay(values: dict[str, Any], given: dict[str, Any], field: str = "paidPer") -> None:
    """Default and check paidPer/exempt against the pay type (Hourly is paid per Hour)."""
    if "type" in given and "paid_per" not in given:
        if values["type"] == "Hourly":
            values["paid_per"] = "Hour"
        elif values.get("paid_per") in (None, "Hour"):
            values["paid_per"] = "Year"
    if "type" in given and "exempt" not in given and values.get("exempt") is None:
        values["exempt"] = "Non-exempt" if values["type"] == "Hourly" else "Exempt"
    if (values["type"] == "Hourly") != (values["paid_per"] == "Hour"):
        raise invalid(f"A {values['type']} rate cannot be paid per {values['paid_per']}: "
                      "Hourly rates are paid per Hour; Salary per Year, Month, Week or "
                      "Day.", field)


# -- writes: plan (validate, no writes) then insert ---------------------------------------------


def plan_job_row(session: Session, employee_id: int, values: dict[str, Any]) -> dict[str, Any]:
    """A new jobInfo row's columns; those not given carry forward from the row then in force."""
    base = effective(rows_of(session, JobInfo, employee_id), values["date"])
    columns = {key: values.get(key, getattr(base, key) if base else None)
               for key in ("location", "department", "division", "job_title", "reports_to_id")}
    return {"date": values["date"], **columns}


def plan_comp_row(session: Session, employee_id: int, values: dict[str, Any], *,
                  rate_field: str = "rate", per_field: str = "paidPer") -> dict[str, Any]:
    """A new compensation row's columns; rate, type, paidPer and exempt carry forward."""
    base = effective(rows_of(session, Compensation, employee_id), values["start_date"])
    columns = {"rate": base.rate if base else None,
               "currency": base.currency if base else CURRENCY,
               "type": base.type if base else "Salary",
               "paid_per": base.paid_per if base else None,
               "exempt": base.exempt if base else None, "reason": None, "comment": None}
    columns.update(values)
    if base is not None and columns["type"] != base.type and "rate" not in values:
        raise invalid(f"Changing the pay type from {base.type} to {columns['type']} needs "
                      f"a new {rate_field} in the same request.", rate_field)
    if columns["rate"] is None:
        raise invalid(f"{rate_field} is required: the employee has no pay yet.", rate_field)
    if base is not None and columns["type"] != base.type and "exempt" not in values:
        columns["exempt"] = "Non-exempt" if columns["type"] == "Hourly" else "Exempt"
    given = dict(values)
    if base is None:
        given.setdefault("type", columns["type"])
    settle_pay(columns, given, per_field)
    return columns


def insert_row(ctx: Ctx, table: str, employee_id: int, columns: dict[str, Any]) -> Any:
    """Insert a planned row of `table` with the next id."""
    model = MODELS[table]
    row = model(id=ctx.next_id(model), employee_id=employee_id, **columns)
    ctx.session.add(row)
    return row


def refresh(session: Session, emp: Employee, table: str, today: date) -> None:
    """Recompute the employee's current values that `table` decides."""
    if table == JOB_INFO:
        job = effective(rows_of(session, JobInfo, emp.id), today)
        if job is not None:
            emp.job_title, emp.department, emp.division = job.job_title, job.department, \
                job.division
            emp.location, emp.supervisor_eid = job.location, job.reports_to_id
    elif table == COMPENSATION:
        pay = effective(rows_of(session, Compensation, emp.id), today)
        if pay is not None:
            emp.pay_rate, emp.pay_currency, emp.pay_type = pay.rate, pay.currency, pay.type
            emp.pay_per, emp.exempt = pay.paid_per, pay.exempt
            emp.pay_rate_effective_date, emp.pay_change_reason = pay.start_date, pay.reason
    else:
        rows = rows_of(session, EmploymentStatus, emp.id)
        now = effective(rows, today)
        if now is not None:
            emp.employment_status = now.employment_status
            emp.status = "Inactive" if now.employment_status == TERMINATED else "Active"
            # A termination dated in the future is already recorded on the employee.
            last = rows[-1]
            emp.termination_date = last.date if last.employment_status == TERMINATED else None
    session.add(emp)


# -- wire rendering ----------------------------------------------------------------------------


def row_json(row: JobInfo | Compensation | EmploymentStatus,
             name_of: Callable[[int | None], str | None]) -> dict[str, Any]:
    """A table row in BambooHR's JSON shape (ids and values as strings)."""
    table = JOB_INFO if isinstance(row, JobInfo) else \
        COMPENSATION if isinstance(row, Compensation) else EMPLOYMENT_STATUS
    return render(table, row, name_of)


def render(table: str, row: Any, name_of: Callable[[int | None], str | None]
           ) -> dict[str, Any]:
    """A row of history table `table` (an ORM row or a read-only snapshot) as JSON."""
    if table == JOB_INFO:
        return {"id": str(row.id), "employeeId": str(row.employee_id), "date": iso(row.date),
                "location": row.location, "department": row.department,
                "division": row.division, "jobTitle": row.job_title,
                "reportsTo": name_of(row.reports_to_id)}
    if table == COMPENSATION:
        return {"id": str(row.id), "employeeId": str(row.employee_id),
                "startDate": iso(row.start_date),
                "rate": {"value": money(row.rate), "currency": row.currency},
                "type": row.type, "exempt": row.exempt, "reason": row.reason,
                "comment": row.comment, "paidPer": row.paid_per}
    return {"id": str(row.id), "employeeId": str(row.employee_id), "date": iso(row.date),
            "employmentStatus": row.employment_status, "comment": row.comment}


# -- the rows through the table routes (tables.py) -------------------------------------------


def _table_employee(ctx: Ctx, employee_id: int, table: str, *, write: bool) -> Employee:
    emp = get_employee_row(ctx.session, employee_ref(ctx, employee_id))
    if table == COMPENSATION and not write and not sees_private(ctx, emp.id):
        raise forbidden(f"{ctx.principal.name} may not view the compensation of employee "
                        f"{emp.id}: compensation is visible to HR and payroll (roles "
                        "hr, payroll) and to the employee themself.")
    return emp


def _name_of(session: Session) -> Any:
    cache: dict[int, str | None] = {}

    def name_of(employee_id: int | None) -> str | None:
        if employee_id is None:
            return None
        if employee_id not in cache:
            boss = session.get(Employee, employee_id)
            cache[employee_id] = display_name(boss) if boss else None
        return cache[employee_id]

    return name_of


def list_rows(*, ctx: Ctx, employee_id: int, table: str) -> list[dict[str, Any]]:
    """An employee's rows of `table`, oldest first."""
    emp = _table_employee(ctx, employee_id, table, write=False)
    model = MODELS[table]
    name_of = _name_of(ctx.session)
    return [row_json(r, name_of)
            for r in rows_of(ctx.session, model, emp.id)]  # type: ignore[type-var]


def _row_values(ctx: Ctx, emp: Employee, table: str, data: dict[str, Any]) -> dict[str, Any]:
    if table == JOB_INFO:
        return job_values(ctx.session, emp.id, data)
    if table == COMPENSATION:
        return comp_values(data)
    return status_values(ctx.session, data)


def create_row(*, ctx: Ctx, employee_id: int, table: str, data: dict[str, Any]
               ) -> dict[str, Any]:
    """Add a history row; the employee's current values follow the newest effective row."""
    session, today = ctx.session, ctx.now.date()
    emp = _table_employee(ctx, employee_id, table, write=True)
    values = _row_values(ctx, emp, table, data)
    if table == JOB_INFO:
        values = plan_job_row(session, emp.id, values)
    elif table == COMPENSATION:
        values = plan_comp_row(session, emp.id, values)
    row = insert_row(ctx, table, emp.id, values)
    refresh(session, emp, table, today)
    emp.last_changed = ctx.now.isoformat()
    ctx.commit()
    return row_json(row, _name_of(session))


def update_row(*, ctx: Ctx, employee_id: int, table: str, row_id: int, data: dict[str, Any]
               ) -> dict[str, Any]:
    """Change some columns of one history row, then recompute current values."""
    session, today = ctx.session, ctx.now.date()
    emp = _table_employee(ctx, employee_id, table, write=True)
    model = MODELS[table]
    row: Any = session.get(model, row_id)
    if row is None or row.employee_id != emp.id:
        raise not_found(f"Row {row_id} of table {table} does not belong to employee {emp.id}; "
                        f"GET /employees/{emp.id}/tables/{table} lists its rows.")
    if not data:
        raise invalid("Send at least one column of the row to change.")
    values = _row_values(ctx, emp, table, data)
    required = {"date", "start_date", "rate", "employment_status", "type", "paid_per"}
    for key, value in values.items():
        if key in required and value is None:
            raise invalid(f"{key} cannot be cleared on an existing row.", key)
    if table == COMPENSATION:
        merged = {"type": row.type, "paid_per": row.paid_per, "exempt": row.exempt, **values}
        settle_pay(merged, values)
        values.update({k: merged[k] for k in ("type", "paid_per", "exempt")})
    for key, value in values.items():
        setattr(row, key, value)
    session.add(row)
    refresh(session, emp, table, today)
    emp.last_changed = ctx.now.isoformat()
    ctx.commit()
    return row_json(row, _name_of(session))
