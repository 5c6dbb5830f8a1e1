"""`generate_sheets(world) -> Sheets`: the spreadsheets Arcadia's teams keep, from the world.

Drawn from `random.Random(f"{seed}:sheets")` after people, hiring and procurement exist and
before any situation is applied, so adding it changed no other world value. Every figure
comes from the world; only the tracker states (laptop shipped, accounts created...) and the
log's wording are drawn.

- Headcount plan (People owns; HR, Finance and the executives edit; managers read; the
  rest of the company does not, since it lists planned hires and backfills): per
  department its current headcount (active and on leave), open requisitions and planned
  hires (open openings of open ATS jobs), planned headcount and growth as formulas, a
  SUM total row; and a tab of the open roles.
- Onboarding tracker (People Operations owns; HR, IT and Payroll edit; managers and the
  executives read): recent and upcoming starters, from the ATS's accepted offers (start
  date within `ONBOARDING_DAYS` of `now`) and the people hired in that span, with their
  manager, department, office and the setup checklist.
- Budget tracker, one per cost centre (FP&A owns; Finance edits; the executives, who own
  the cost centres, read): per month of the procurement year the budget line and the
  actual spend (purchase orders issued against the cost centre, cancelled ones excepted,
  by the month they were issued), variance as formulas, SUM totals, and a summary tab
  that refers to the monthly one.
- Vendor register (Procurement owns; Procurement and Finance edit; managers and the
  executives read): every supplier with its number, category, status, payment terms,
  latest contract and end date, owner (a buyer) and primary contact.
- Exceptions log (the Controller owns; Finance and Procurement edit; the executives
  read): a few historical entries quoting real invoices, orders and suppliers.
"""

from __future__ import annotations

import random
from collections import defaultdict
from datetime import date, timedelta
from typing import TYPE_CHECKING

from arcadia.world.robotics.procurement.catalog import CATEGORIES
from arcadia.world.sheets import Cell, Sheets, Spreadsheet, Tab, spreadsheet_id

if TYPE_CHECKING:
    from arcadia.world.model import Person
    from arcadia.world.world import World

ONBOARDING_DAYS = 60


def generate_sheets(world: World) -> Sheets:
    """The spreadsheet truth of `world` (see `arcadia.world.sheets`)."""
    rng = random.Random(f"{world.spec.seed}:sheets")
    return Sheets(spreadsheets=[
        headcount_plan(world),
        onboarding_tracker(world, rng),
        *budget_trackers(world),
        vendor_register(world),
        exceptions_log(world, rng),
    ])


def _employed(world: World) -> list[Person]:
    return [p for p in world.people if p.status != "terminated"]


def _lead(world: World, dept: str, team: str | None = None) -> Person:
    """The most senior active person of a team (the department head when none)."""
    pool = [p for p in _employed(world) if p.department_id == dept
            and (team is None or p.team == team) and p.level != "E1"]
    if pool:
        rank = {"M2": 0, "M1": 1, "IC5": 2, "IC4": 3, "IC3": 4, "IC2": 5, "IC1": 6}
        return min(pool, key=lambda p: (rank.get(p.level, 9), p.id))
    return world.person(world.department(dept).head_id or world.people[0].id)


def headcount_plan(world: World) -> Spreadsheet:
    hiring = world.hiring
    current: dict[str, int] = defaultdict(int)
    for p in _employed(world):
        current[p.department_id] += 1
    reqs: dict[str, int] = defaultdict(int)
    planned: dict[str, int] = defaultdict(int)
    for job in hiring.jobs:
        if job.status != "open":
            continue
        reqs[job.department_id] += 1
        planned[job.department_id] += sum(1 for o in job.openings if o.status == "open")
    rows: list[tuple[Cell, ...]] = [(
        "Department", "Cost centre", "Head", "Current headcount",
        "Open requisitions", "Planned hires", "Planned headcount", "Growth %")]
    for dept in world.departments:
        r = len(rows) + 1
        head = world.person(dept.head_id).name if dept.head_id is not None else ""
        rows.append((dept.name, dept.cost_centre_id, head, current[dept.id], reqs[dept.id],
                     planned[dept.id], f"=D{r}+F{r}", f"=IF(D{r}=0,0,ROUND(F{r}/D{r},3))"))
    last = len(rows)
    t = last + 1
    rows.append(("Total", None, None, f"=SUM(D2:D{last})", f"=SUM(E2:E{last})",
                 f"=SUM(F2:F{last})", f"=SUM(G2:G{last})",
                 f"=IF(D{t}=0,0,ROUND(F{t}/D{t},3))"))
    roles: list[tuple[Cell, ...]] = [(
        "Requisition ID", "Job", "Department", "Office", "Level", "Open openings",
        "Hiring manager", "Recruiter", "Opened")]
    for job in hiring.jobs:
        if job.status != "open":
            continue
        manager = job.team.hiring_managers[0] if job.team.hiring_managers else None
        recruiter = job.team.recruiters[0] if job.team.recruiters else None
        roles.append((job.requisition_id, job.name, world.department(job.department_id).name,
                      world.location(job.location_id).name, job.level,
                      sum(1 for o in job.openings if o.status == "open"),
                      world.person(manager).name if manager is not None else "",
                      world.person(recruiter).name if recruiter is not None else "",
                      f"{job.opened_at:%Y-%m-%d}" if job.opened_at else None))
    owner = world.department("HR").head_id or world.people[0].id
    return Spreadsheet(
        spreadsheet_id(world.spec.seed, "headcount_plan"),
        f"Headcount plan {world.now.year}", "headcount_plan", owner,
        ("hr", "finance", "exec"), ("manager",),
        (Tab("Plan", tuple(rows)), Tab("Open roles", tuple(roles))))


def onboarding_tracker(world: World, rng: random.Random) -> Spreadsheet:
    hiring = world.hiring
    today = world.now.date()
    lo, hi = today - timedelta(days=ONBOARDING_DAYS), today + timedelta(days=ONBOARDING_DAYS)
    apps = {a.id: a for a in hiring.applications}
    jobs = {j.id: j for j in hiring.jobs}
    candidates = {c.id: c for c in hiring.candidates}
    people = {p.id: p for p in world.people}
    # (start, name, email, role, department id, manager id, location id)
    starters: list[tuple[date, str, str, str, str, int | None, str]] = []
    linked: set[int] = set()
    for offer in hiring.offers:
        if offer.status != "accepted" or not lo <= offer.starts_at <= hi:
            continue
        app = apps[offer.application_id]
        if app.job_id is None:
            continue
        job = jobs[app.job_id]
        cand = candidates[app.candidate_id]
        person = people.get(cand.person_id) if cand.person_id is not None else None
        if person is not None:
            linked.add(person.id)
            if person.status == "terminated":
                continue
            starters.append((offer.starts_at, person.name, person.email, person.title,
                             person.department_id, person.manager_id, person.location_id))
        else:
            # Not on the org chart yet: the personal address the recruiter has.
            manager = job.team.hiring_managers[0] if job.team.hiring_managers else None
            email = next((e.value.lower() for e in cand.emails), "")
            starters.append((offer.starts_at, f"{cand.first_name} {cand.last_name}", email,
                             job.name, job.department_id, manager, job.location_id))
    for p in world.people:
        if p.id in linked or p.status == "terminated" or not lo <= p.hire_date <= hi:
            continue
        starters.append((p.hire_date, p.name, p.email, p.title, p.department_id, p.manager_id,
                         p.location_id))
    starters.sort(key=lambda s: (s[0], s[1]))
    rows: list[tuple[Cell, ...]] = [(
        "Name", "Email", "Title", "Department", "Manager", "Location", "Start date", "Laptop",
        "Accounts created", "Payroll set up", "Benefits enrolled", "Status", "Notes")]
    for start, name, email, role, dept, manager, loc in starters:
        days = (start - today).days
        if days <= -14:
            laptop, accounts, payroll, benefits, status = "Delivered", True, True, \
                rng.random() < 0.9, "Complete"
        elif days <= 0:
            laptop, accounts, payroll, benefits, status = "Delivered", True, \
                rng.random() < 0.85, rng.random() < 0.4, "In progress"
        else:
            laptop = rng.choice(("Ordered", "Shipped", "Not ordered")) if days > 7 \
                else rng.choice(("Shipped", "Delivered"))
            accounts, payroll, benefits = days <= 7, False, False
            status = "In progress" if laptop != "Not ordered" else "Not started"
        if status == "Complete" and not benefits:
            status = "In progress"
        note = rng.choice(("", "", "", "Remote first week", "Needs badge for Columbus plant",
                           "Second monitor requested", "Relocating; start confirmed"))
        rows.append((name, email, role, world.department(dept).name,
                     people[manager].name if manager is not None and manager in people else "",
                     world.location(loc).name, f"{start:%Y-%m-%d}", laptop, accounts, payroll,
                     benefits, status, note))
    owner = _lead(world, "HR", "People Operations")
    return Spreadsheet(
        spreadsheet_id(world.spec.seed, "onboarding_tracker"), "New hire onboarding tracker",
        "onboarding_tracker", owner.id, ("hr", "it", "payroll"), ("manager", "exec"),
        (Tab("Starters", tuple(rows)),))


def budget_actuals(world: World) -> dict[tuple[str, str], float]:
    """Spend per (cost centre, month "YYYY-MM"): orders issued, cancelled ones excepted."""
    proc = world.procurement
    cost_centre = {r.id: r.cost_centre_id for r in proc.requisitions}
    out: dict[tuple[str, str], float] = defaultdict(float)
    for order in proc.purchase_orders:
        if order.status == "cancelled":
            continue
        key = (cost_centre[order.requisition_id], f"{order.created_at:%Y-%m}")
        out[key] = round(out[key] + order.total, 2)
    return out


def budget_trackers(world: World) -> list[Spreadsheet]:
    actuals = budget_actuals(world)
    lines: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for line in world.procurement.budget_lines:
        lines[line.cost_centre_id].append((line.period, line.amount))
    owner = _lead(world, "FIN", "FP&A")
    out = []
    for cc in world.cost_centres:
        dept = world.department(cc.department_id)
        rows: list[tuple[Cell, ...]] = [(
            "Month", "Budget", "Actual", "Variance", "Variance %", "Notes")]
        for period, amount in sorted(lines.get(cc.id, [])):
            r = len(rows) + 1
            actual = actuals.get((cc.id, period), 0.0)
            note = "Over budget" if actual > amount else ""
            rows.append((period, amount, actual, f"=B{r}-C{r}",
                         f"=IF(B{r}=0,0,ROUND(D{r}/B{r},3))", note))
        last = len(rows)
        t = last + 1
        rows.append(("Total", f"=SUM(B2:B{last})", f"=SUM(C2:C{last})", f"=B{t}-C{t}",
                     f"=IF(B{t}=0,0,ROUND(D{t}/B{t},3))", None))
        head = world.person(dept.head_id).name if dept.head_id is not None else ""
        summary: tuple[tuple[Cell, ...], ...] = (
            ("Item", "Value"),
            ("Cost centre", cc.id),
            ("Name", cc.name),
            ("Owner", head),
            ("Annual budget", cc.annual_budget),
            ("Budgeted to date", f"=SUM(Monthly!B2:B{last})"),
            ("Actual to date", f"=SUM(Monthly!C2:C{last})"),
            ("Remaining of annual budget", "=B5-B7"),
        )
        out.append(Spreadsheet(
            spreadsheet_id(world.spec.seed, f"budget_tracker:{cc.id}"),
            f"Budget tracker {cc.id} - {cc.name}", "budget_tracker", owner.id,
            ("finance",), ("exec",),
            (Tab("Monthly", tuple(rows)), Tab("Summary", summary)), cost_centre_id=cc.id))
    return out


def vendor_register(world: World) -> Spreadsheet:
    proc = world.procurement
    terms = {t.id: t.code for t in proc.payment_terms}
    categories = {c.code: c.name for c in CATEGORIES}
    buyers = [p for p in _employed(world) if "procurement" in p.roles]
    rows: list[tuple[Cell, ...]] = [(
        "Supplier", "Number", "Category", "Status", "Payment terms", "Contract #",
        "Contract end", "Maximum value", "Owner", "Primary contact", "Contact email",
        "Web address")]
    for s in proc.suppliers:
        contract = max(s.contracts, key=lambda c: (c.end_date, c.id), default=None)
        owner = buyers[s.id % len(buyers)].name if buyers else ""
        c = s.primary_contact
        rows.append((s.name, s.number, categories.get(s.category, s.category), s.status,
                     terms.get(s.payment_term_id, ""),
                     contract.number if contract else None,
                     f"{contract.end_date:%Y-%m-%d}" if contract else None,
                     contract.maximum_value if contract else None, owner,
                     f"{c.name_given} {c.name_family}", c.email.lower(), s.website))
    owner_person = _lead(world, "SCM", "Procurement")
    return Spreadsheet(
        spreadsheet_id(world.spec.seed, "vendor_register"), "Vendor register",
        "vendor_register", owner_person.id, ("procurement", "finance"), ("manager", "exec"),
        (Tab("Suppliers", tuple(rows)),))


def exceptions_log(world: World, rng: random.Random) -> Spreadsheet:
    """A few historical exceptions: disputed invoices, orders cancelled or changed after
    issue, each quoting the real document, supplier and amount."""
    proc = world.procurement
    today = world.now.date()
    suppliers = {s.id: s for s in proc.suppliers}
    orders = {o.id: o for o in proc.purchase_orders}
    ap = [p for p in _employed(world) if p.team == "Accounts Payable"] or \
        [p for p in _employed(world) if p.department_id == "FIN"]
    buyers = [p for p in _employed(world) if "procurement" in p.roles] or ap
    controller = _lead(world, "FIN")
    # (date, area, supplier, reference, amount, description, owner, status, resolved on)
    entries: list[tuple[date, str, str, str, float, str, str, str, str | None]] = []
    for inv in [i for i in proc.invoices if i.status == "disputed"][:4]:
        order = orders[inv.order_id]
        who = ap[inv.supplier_id % len(ap)]
        raised = min(inv.received_at.date() + timedelta(days=rng.randint(1, 4)), today)
        resolved = raised + timedelta(days=rng.randint(5, 20))
        open_ = resolved >= today
        entries.append((raised, "Accounts Payable", suppliers[inv.supplier_id].name,
                        inv.invoice_number, inv.total,
                        f"Invoice does not match {order.number}: "
                        f"{inv.dispute_reason or 'amount differs from the order'}. Disputed "
                        f"with the supplier.", who.name, "Open" if open_ else "Resolved",
                        None if open_ else f"{resolved:%Y-%m-%d}"))
    for order in [o for o in proc.purchase_orders if o.status == "cancelled"][:2]:
        who = buyers[order.supplier_id % len(buyers)]
        raised = order.created_at.date() + timedelta(days=rng.randint(1, 6))
        if raised >= today:
            continue
        entries.append((raised, "Procurement", suppliers[order.supplier_id].name,
                        order.number, order.total,
                        "Order cancelled after issue; supplier confirmed no charges.",
                        who.name, "Resolved",
                        f"{raised + timedelta(days=rng.randint(1, 5)):%Y-%m-%d}"))
    for order in [o for o in proc.purchase_orders if o.version > 1][:2]:
        who = buyers[order.supplier_id % len(buyers)]
        raised = order.created_at.date() + timedelta(days=rng.randint(3, 12))
        if raised >= today:
            continue
        entries.append((raised, "Procurement", suppliers[order.supplier_id].name,
                        order.number, order.total,
                        f"Change order (version {order.version}) after issue; approvals "
                        f"re-checked against the new total.", who.name, "Resolved",
                        f"{raised + timedelta(days=rng.randint(1, 4)):%Y-%m-%d}"))
    entries.sort(key=lambda e: (e[0], e[3]))
    rows: list[tuple[Cell, ...]] = [(
        "Date", "Area", "Supplier", "Reference", "Amount", "Description", "Owner", "Status",
        "Resolved on")]
    rows += [(f"{e[0]:%Y-%m-%d}", *e[1:]) for e in entries]
    return Spreadsheet(
        spreadsheet_id(world.spec.seed, "exceptions_log"), "Finance exceptions log",
        "exceptions_log", controller.id, ("finance", "procurement"), ("exec",),
        (Tab("Log", tuple(rows)),))
