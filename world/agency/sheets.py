"""The agency's spreadsheets (`World.sheets` of the agency world), from its Bullhorn truth.

Three spreadsheets, every figure from `world.agency` (no draw at all, so nothing here can
move another value):

- `Client rate cards` (kind `rate_cards`): a tab per client (titled with its name, in
  client id order), a row per rate card line: job family, bill rate low and high (dollars
  per hour), and the most the agency may pay at the markup floor (a formula). Account
  managers edit it; everyone reads it.
- `Weekly submittal report` (kind `submittal_report`): a tab per week of the window
  (`Week of YYYY-MM-DD`, the Monday, oldest first), a row per submission made that week in
  submission id order: submission id, date, candidate, job order id, job title, client,
  recruiter, status (as of `now`), pay rate, bill rate (dollars per hour) and markup (%).
  Recruiters and account managers edit it; everyone reads it.
- `Placements tracker` (kind `placements_tracker`): a row per placement: placement id,
  candidate, client, job order id, job title, start date, pay and bill rates, markup (%),
  status, and who approved a rate below the floor. Account managers edit it; everyone reads.

Internal sheets: pay rates belong here (the handbook forbids them only in what goes to
clients). Situations change a tab with `append_rows` (below).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta

from arcadia.world.agency.model import Agency
from arcadia.world.sheets import Cell, Sheets, Spreadsheet, Tab, spreadsheet_id
from arcadia.world.world import World

RATE_CARD_HEADER: tuple[Cell, ...] = ("Job family", "Bill rate low", "Bill rate high",
                                      "Max pay at floor")
SUBMITTAL_HEADER: tuple[Cell, ...] = ("Submission ID", "Date submitted", "Candidate",
                                      "Job order ID", "Job title", "Client", "Recruiter",
                                      "Status", "Pay rate", "Bill rate", "Markup %")
PLACEMENT_HEADER: tuple[Cell, ...] = ("Placement ID", "Candidate", "Client", "Job order ID",
                                      "Job title", "Start date", "Pay rate", "Bill rate",
                                      "Markup %", "Status", "Below-floor approval")


def _usd(cents: int) -> float:
    return cents / 100


def _pct(bp: int) -> float:
    return round(bp / 100, 1)


def week_title(monday: date) -> str:
    return f"Week of {monday.isoformat()}"


def agency_sheet_id(agency: Agency, kind: str) -> str:
    """The spreadsheet id of one of the agency's spreadsheets (`rate_cards`,
    `submittal_report`, `placements_tracker`)."""
    return spreadsheet_id(agency.seed, f"agency:{kind}")


def rate_cards(agency: Agency) -> Spreadsheet:
    floor = 1 + (agency.policy.min_markup_bp if agency.policy else 0) / 10_000
    tabs = []
    for client in agency.clients:
        rows: list[tuple[Cell, ...]] = [RATE_CARD_HEADER]
        for i, line in enumerate(client.rate_card, start=2):
            rows.append((line.job_family, _usd(line.bill_rate_low), _usd(line.bill_rate_high),
                         f"=ROUNDDOWN(C{i}/{floor:g},2)"))
        tabs.append(Tab(client.name, tuple(rows)))
    owner = next(u.id for u in agency.users if u.role == "account_manager")
    return Spreadsheet(agency_sheet_id(agency, "rate_cards"), "Client rate cards",
                       "rate_cards", owner, ("account_manager",), ("employee",), tuple(tabs))


def submittal_report(agency: Agency, now: date) -> Spreadsheet:
    orders = {o.id: o for o in agency.job_orders}
    clients = {c.id: c for c in agency.clients}
    candidates = {c.id: c for c in agency.candidates}
    users = {u.id: u for u in agency.users}
    start = agency.window_start or now
    monday = start - timedelta(days=start.weekday())
    tabs = []
    while monday <= now:
        week = [s for s in agency.submissions
                if monday <= s.date_added.date() < monday + timedelta(days=7)]
        rows: list[tuple[Cell, ...]] = [SUBMITTAL_HEADER]
        for s in sorted(week, key=lambda s: s.id):
            o, c, u = orders[s.job_order_id], candidates[s.candidate_id], users[s.sending_user_id]
            rows.append((s.id, s.date_added.date().isoformat(), f"{c.first_name} {c.last_name}",
                         o.id, o.title, clients[o.corporation_id].name,
                         f"{u.first_name} {u.last_name}", s.status, _usd(s.pay_rate),
                         _usd(s.bill_rate),
                         _pct((s.bill_rate - s.pay_rate) * 10_000 // s.pay_rate)))
        tabs.append(Tab(week_title(monday), tuple(rows)))
        monday += timedelta(days=7)
    return Spreadsheet(agency_sheet_id(agency, "submittal_report"), "Weekly submittal report",
                       "submittal_report", agency.users[0].id,
                       ("recruiter", "account_manager"), ("employee",), tuple(tabs))


def placements_tracker(agency: Agency) -> Spreadsheet:
    orders = {o.id: o for o in agency.job_orders}
    clients = {c.id: c for c in agency.clients}
    candidates = {c.id: c for c in agency.candidates}
    users = {u.id: u for u in agency.users}
    approvers = {r.placement_id: r.approver_id for r in agency.approvals}
    rows: list[tuple[Cell, ...]] = [PLACEMENT_HEADER]
    for p in agency.placements:
        o, c = orders[p.job_order_id], candidates[p.candidate_id]
        approver = users[approvers[p.id]] if p.id in approvers else None
        rows.append((p.id, f"{c.first_name} {c.last_name}", clients[o.corporation_id].name,
                     o.id, o.title, p.date_begin.isoformat(), _usd(p.pay_rate),
                     _usd(p.client_bill_rate), _pct(p.markup_bp), p.status,
                     f"{approver.first_name} {approver.last_name}" if approver else None))
    owner = next(u.id for u in agency.users if u.role == "account_manager")
    return Spreadsheet(agency_sheet_id(agency, "placements_tracker"), "Placements tracker",
                       "placements_tracker", owner, ("account_manager",), ("employee",),
                       (Tab("Placements", tuple(rows)),))


def agency_sheets(world: World) -> Sheets:
    """The spreadsheets of the agency world (see the module's docstring)."""
    ag = world.agency
    return Sheets(spreadsheets=[rate_cards(ag), submittal_report(ag, world.now.date()),
                                placements_tracker(ag)])


def append_rows(world: World, kind: str, tab: str, rows: list[tuple[Cell, ...]]) -> Spreadsheet:
    """Append `rows` to the tab titled `tab` of the agency's spreadsheet of `kind` in
    `world.sheets` (a new tab at the end when none has that title); returns the new
    spreadsheet, which replaces the old one in place."""
    books = world.sheets.spreadsheets
    i = next((i for i, b in enumerate(books) if b.kind == kind), None)
    if i is None:
        raise ValueError(f"no spreadsheet of kind {kind!r}; kinds: {[b.kind for b in books]}")
    book = books[i]
    tabs = list(book.tabs)
    j = next((j for j, t in enumerate(tabs) if t.title == tab), None)
    if j is None:
        tabs.append(Tab(tab, tuple(rows)))
    else:
        tabs[j] = replace(tabs[j], rows=(*tabs[j].rows, *rows))
    books[i] = replace(book, tabs=tuple(tabs))
    return books[i]
