"""Semimonthly pay periods and the deterministic pay arithmetic of a processed payroll.

Pure functions on dates and decimals, shared by the loader (which writes the processed
payroll history) and the reads (which list an employee's deductions per period).
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

from arcadia.apps.kernel import cents
from arcadia.apps.kernel import money as money_text

PERIODS_PER_YEAR = 24
HOURS_PER_PERIOD = Decimal(2080) / PERIODS_PER_YEAR
FICA = Decimal("0.0765")
FEDERAL_WITHHOLDING = Decimal("0.12")
# Flat state income-tax withholding by work state (0 where the state has none).
STATE_WITHHOLDING = {"PA": Decimal("0.0307"), "OH": Decimal("0.0275"), "TX": Decimal("0"),
                     "NV": Decimal("0")}
DEFAULT_STATE_WITHHOLDING = Decimal("0.04")


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
        day, left = self.check_date, 2
        while left:
            day -= timedelta(days=1)
            if day.weekday() < 5:
                left -= 1
        return day

    @property
    def days(self) -> int:
        return (self.end - self.start).days + 1


def period_containing(day: date) -> Period:
    """The semimonthly period (1st-15th or 16th-month end) that contains `day`."""
    last = calendar.monthrange(day.year, day.month)[1]
    if day.day <= 15:
        return Period(day.replace(day=1), day.replace(day=15))
    return Period(day.replace(day=16), day.replace(day=last))


def previous_period(period: Period) -> Period:
    return period_containing(period.start - timedelta(days=1))


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


def worked_fraction(period: Period, hire_date: date, termination: date | None
                    ) -> Decimal | None:
    """Share of the period employed (calendar days), or None when not employed at all."""
    if hire_date > period.end or (termination is not None and termination < period.start):
        return None
    first = max(period.start, hire_date)
    last = min(period.end, termination) if termination is not None else period.end
    return Decimal((last - first).days + 1) / Decimal(period.days)


def period_pay(*, rate: Decimal, payment_unit: str, fraction: Decimal, state: str,
               deductions: Decimal, contributions: Decimal) -> Pay:
    """Gross and net pay of one employee for one period.

    Salaries pay a 24th of the annual rate; hourly rates pay 2,080/24 regular hours. Benefit
    deductions are pre-tax; taxes are FICA, a flat federal and a flat state withholding.
    """
    per_period = {"Year": rate / PERIODS_PER_YEAR, "Month": rate / 2,
                  "Week": rate * 52 / PERIODS_PER_YEAR, "Paycheck": rate}.get(
        payment_unit, rate * HOURS_PER_PERIOD)
    gross = money(per_period * fraction)
    hours = (HOURS_PER_PERIOD * fraction).quantize(Decimal("0.001"), rounding=ROUND_HALF_UP)
    if deductions > gross:  # a sliver of a period cannot carry a whole month's premium
        deductions = contributions = Decimal(0)
    rate_total = FICA + FEDERAL_WITHHOLDING + STATE_WITHHOLDING.get(
        state, DEFAULT_STATE_WITHHOLDING)
    employee_taxes = money((gross - deductions) * rate_total)
    employer_taxes = money(gross * FICA)
    net = gross - deductions - employee_taxes
    return Pay(fraction, hours, gross, employee_taxes, employer_taxes, money(deductions),
               money(contributions), money(net))
