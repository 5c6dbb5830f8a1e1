"""Semimonthly pay periods and the deterministic pay arithmetic of every payroll.

Pure functions on dates and decimals, shared by the loader (which writes the processed
payroll history and the upcoming payroll), the payroll run (calculate, submit) and the
reads, so that old and new payrolls agree to the cent.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal

from arcadia.apps.kernel import cents
from arcadia.apps.kernel import money as money_text

PERIODS_PER_YEAR = 24
HOURS_PER_PERIOD = Decimal(2080) / PERIODS_PER_YEAR
SOCIAL_SECURITY = Decimal("0.062")
MEDICARE = Decimal("0.0145")
FICA = SOCIAL_SECURITY + MEDICARE
FEDERAL_WITHHOLDING = Decimal("0.12")
# Flat state income-tax withholding by work state (0 where the state has none).
STATE_WITHHOLDING = {"PA": Decimal("0.0307"), "OH": Decimal("0.0275"), "TX": Decimal("0"),
                     "NV": Decimal("0")}
DEFAULT_STATE_WITHHOLDING = Decimal("0.04")
# Supplemental wages (a bonus run with `fixed_withholding_rate`) withhold the IRS's flat 22%.
SUPPLEMENTAL_FEDERAL_WITHHOLDING = Decimal("0.22")
HOURS = Decimal("0.001")
CENT = Decimal("0.01")
REGULAR_HOURS = "Regular Hours"
# The earnings a payroll entry can carry, as Gusto names them.
HOURLY_MULTIPLIERS = {REGULAR_HOURS: Decimal(1), "Overtime": Decimal("1.5"),
                      "Double overtime": Decimal(2)}
FIXED_COMPENSATIONS = ("Bonus", "Commission", "Paycheck Tips", "Cash Tips",
                       "Correction Payment", "Severance", "Reimbursement")
PAID_TIME_OFF = ("Vacation Hours", "Sick Hours", "Holiday Hours")
# Fixed compensations that are not wages: reimbursements are paid on top of net pay.
NOT_WAGES = ("Reimbursement",)
# Salaried (exempt) employees earn no overtime; their regular hours are paid as salary.
SALARIED_FLSA = ("Exempt", "Owner", "Commission Only Exempt")


# Cents, half up, as payroll rounds: the kernel's rule (`money` as a Decimal, `text` as wire).
money = cents
text = money_text


@dataclass(frozen=True)
class Period:
    start: date
    end: date

    @property
    def check_date(self) -> date:
        """Payday: the period's last day, moved back to a weekday."""
        day = self.end
        while day.weekday() >= 5:
            day -= timedelta(days=1)
        return day

    @property
    def processed_date(self) -> date:
        """Two business days before payday (Gusto's standard processing)."""
        return processing_day(self.check_date)

    @property
    def days(self) -> int:
        return (self.end - self.start).days + 1


def processing_day(check_date: date) -> date:
    """The day a payroll paying on `check_date` is processed: two business days before."""
    day, left = check_date, 2
    while left:
        day -= timedelta(days=1)
        if day.weekday() < 5:
            left -= 1
    return day


def deadline(check_date: date) -> datetime:
    """The payroll deadline for paying on `check_date`: 23:00 on its processing day."""
    return datetime.combine(processing_day(check_date), time(23, 0))


def next_business_day(day: date) -> date:
    """The first weekday strictly after `day`."""
    day += timedelta(days=1)
    while day.weekday() >= 5:
        day += timedelta(days=1)
    return day


def earliest_check_date(today: date) -> date:
    """The first payday a payroll submitted today can still meet (two business days)."""
    day = next_business_day(today)
    while processing_day(day) < today:
        day = next_business_day(day)
    return day


def hourly_names(flsa_status: str) -> tuple[str, ...]:
    """The hourly compensations an employee of this FLSA status is paid through."""
    return (REGULAR_HOURS,) if flsa_status in SALARIED_FLSA else tuple(HOURLY_MULTIPLIERS)


def period_containing(day: date) -> Period:
    """The semimonthly period (1st-15th or 16th-month end) that contains `day`."""
    last = calendar.monthrange(day.year, day.month)[1]
    if day.day <= 15:
        return Period(day.replace(day=1), day.replace(day=15))
    return Period(day.replace(day=16), day.replace(day=last))


def previous_period(period: Period) -> Period:
    return period_containing(period.start - timedelta(days=1))


def upcoming_period(today: date) -> Period:
    """The current pay period: the first one not yet processed by `today`."""
    period = period_containing(today)
    while period.processed_date < today:
        period = period_containing(period.end + timedelta(days=1))
    return period


def processed_periods(today: date, count: int) -> list[Period]:
    """The last `count` periods whose payroll was processed before `today`, oldest first."""
    periods: list[Period] = []
    period = period_containing(today)
    while len(periods) < count:
        if period.processed_date < today:
            periods.append(period)
        period = previous_period(period)
    return list(reversed(periods))


def benefits_start(hire_date: date) -> date:
    """Benefits start on the first of the month after hire (the hire day if it is the 1st)."""
    if hire_date.day == 1:
        return hire_date
    last = calendar.monthrange(hire_date.year, hire_date.month)[1]
    return hire_date.replace(day=last) + timedelta(days=1)


@dataclass(frozen=True)
class Pay:
    fraction: Decimal
    hours: Decimal
    gross: Decimal
    employee_taxes: Decimal
    employer_taxes: Decimal
    deductions: Decimal
    contributions: Decimal
    net: Decimal


def worked_days(period: Period, hire_date: date, termination: date | None) -> int | None:
    """Calendar days of the period employed, or None when not employed in it at all."""
    if hire_date > period.end or (termination is not None and termination < period.start):
        return None
    first = max(period.start, hire_date)
    last = min(period.end, termination) if termination is not None else period.end
    return (last - first).days + 1


def worked_fraction(period: Period, hire_date: date, termination: date | None
                    ) -> Decimal | None:
    """Share of the period employed (calendar days), or None when not employed at all."""
    days = worked_days(period, hire_date, termination)
    return None if days is None else Decimal(days) / Decimal(period.days)


def period_hours(fraction: Decimal) -> Decimal:
    """Scheduled regular hours for the share of a period worked, to the thousandth (the
    precision a payroll shows hours at): 86.667 for a whole semimonthly period."""
    return (HOURS_PER_PERIOD * fraction).quantize(HOURS, rounding=ROUND_HALF_UP)


def salary_per_period(rate: Decimal, payment_unit: str) -> Decimal | None:
    """A salaried rate's share of one period (unrounded), or None for an hourly rate."""
    return {"Year": rate / PERIODS_PER_YEAR, "Month": rate / 2,
            "Week": rate * 52 / PERIODS_PER_YEAR, "Paycheck": rate}.get(payment_unit)


def state_rate(state: str) -> Decimal:
    return STATE_WITHHOLDING.get(state, DEFAULT_STATE_WITHHOLDING)


@dataclass(frozen=True)
class Settlement:
    """Taxes, benefits and net pay of one employee's gross pay in one payroll."""

    employee_taxes: Decimal
    employer_taxes: Decimal
    deductions: Decimal
    contributions: Decimal
    net: Decimal


def settle(*, gross: Decimal, state: str, deductions: Decimal, contributions: Decimal,
           federal: Decimal = FEDERAL_WITHHOLDING) -> Settlement:
    """The one tax rule every payroll uses, processed history and new runs alike.

    Benefit deductions are pre-tax; employee taxes are FICA, a flat federal and a flat state
    withholding on gross less deductions; employer taxes are FICA on gross.
    """
    if deductions > gross:  # a sliver of a period cannot carry a whole month's premium
        deductions = contributions = Decimal(0)
    employee_taxes = money((gross - deductions) * (FICA + federal + state_rate(state)))
    employer_taxes = money(gross * FICA)
    net = gross - deductions - employee_taxes
    return Settlement(employee_taxes, employer_taxes, money(deductions), money(contributions),
                      money(net))


def tax_lines(*, gross: Decimal, deductions: Decimal, state: str, settled: Settlement,
              federal: Decimal = FEDERAL_WITHHOLDING) -> list[tuple[str, bool, Decimal]]:
    """`settle`'s taxes itemised as (name, employer?, amount), adding up to its totals to
    the cent (the rounding remainder goes to the federal income tax and employer Medicare).
    """
    taxable = gross - deductions if deductions <= gross else gross
    social = money(taxable * SOCIAL_SECURITY)
    medicare = money(taxable * MEDICARE)
    withheld = money(taxable * state_rate(state))
    federal_tax = settled.employee_taxes - social - medicare - withheld
    lines = [("Federal Income Tax", False, federal_tax), ("Social Security", False, social),
             ("Medicare", False, medicare)]
    if state_rate(state) > 0:
        lines.append((f"{state} Withholding Tax" if state else "State Withholding Tax", False,
                      withheld))
    employer_social = money(gross * SOCIAL_SECURITY)
    lines += [("Social Security", True, employer_social),
              ("Medicare", True, settled.employer_taxes - employer_social)]
    return lines


def period_pay(*, rate: Decimal, payment_unit: str, fraction: Decimal, state: str,
               deductions: Decimal, contributions: Decimal) -> Pay:
    """Gross and net pay of one employee for one regular period.

    Salaries pay a 24th of the annual rate; hourly rates pay the period's scheduled hours
    (2,080/24, shown to the thousandth) at the rate. Taxes follow `settle`.
    """
    hours = period_hours(fraction)
    salary = salary_per_period(rate, payment_unit)
    gross = money(salary * fraction) if salary is not None else money(rate * hours)
    settled = settle(gross=gross, state=state, deductions=deductions,
                     contributions=contributions)
    return Pay(fraction, hours, gross, settled.employee_taxes, settled.employer_taxes,
               settled.deductions, settled.contributions, settled.net)
