"""Gusto-shaped routes under `/v1`: thin, each calling one service function, one module per
resource.

`ROUTERS` is the app's route order, which is the order of the document's paths (the tool
graph and the task corpus follow it) and of the dispatch trie's candidates. Bank accounts
and benefits were given their routes on one record after the contractors' routes, so each
of those two modules has an `item_router` that comes before the payrolls and a `router`
that comes last.
"""

from arcadia.apps.payroll.routes import (
    addresses,
    bank_accounts,
    benefits,
    company,
    contractors,
    employees,
    jobs,
    pay_schedules,
    payrolls,
    terminations,
)

ROUTERS = (
    company.router,
    employees.router,
    addresses.router,
    jobs.router,
    terminations.router,
    contractors.router,
    bank_accounts.item_router,
    benefits.item_router,
    pay_schedules.router,
    payrolls.router,
    bank_accounts.router,
    benefits.router,
)

__all__ = ["ROUTERS"]
