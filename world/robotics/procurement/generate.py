"""`generate_procurement(world)`: a year of Arcadia's purchasing, from its own random stream.

Drawn from `random.Random` and `Faker` seeded with `f"{seed}:procurement"`, after the rest of
the world, so adding procurement left every other value of an existing world as it was. All
dates come from the world's `now`: the procurement year is the 365 days before it.

Per cost centre the generator draws purchases until the year's orders reach a target share
of its annual budget (72-95%; two cost centres run 3-12% over), each purchase going through
the whole life: requisition -> approvals along `approval_chain` -> purchase order ->
receipts -> invoices -> payment, as far as its age allows.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING

from faker import Faker

from arcadia.world.procurement import (
    Account,
    Address,
    BudgetLine,
    Category,
    Contact,
    Contract,
    LookupValue,
    Procurement,
    Supplier,
    User,
    approval_limit,
)
from arcadia.world.robotics.procurement.book import Book
from arcadia.world.robotics.procurement.catalog import (
    BRAND,
    CATEGORIES,
    DISPUTE_REASONS,
    GL_ACCOUNTS,
    HOLD_REASONS,
    PAYMENT_TERMS,
    SUFFIX,
    SUPPLIER_BASE,
    SUPPLIERS_PER_CATEGORY,
    TERM_WEIGHTS,
    USER_ROLE,
)

if TYPE_CHECKING:
    from arcadia.world.world import World


def procurement_rng(seed: int) -> tuple[random.Random, Faker]:
    """The procurement stream of the world with `seed` (string seeding is SHA-512 based)."""
    rng = random.Random(f"{seed}:procurement")
    fake = Faker("en_US")
    fake.seed_instance(f"{seed}:procurement")
    return rng, fake


def year_start(world: World) -> date:
    """The first day of the procurement year (365 days before the world's date)."""
    return world.now.date() - timedelta(days=365)


def months(first: date, last: date) -> list[tuple[str, date, date]]:
    """(label, first day, last day) of each calendar month from `first`'s to `last`'s."""
    out = []
    cur = first.replace(day=1)
    while cur <= last:
        nxt = (cur.replace(day=28) + timedelta(days=4)).replace(day=1)
        out.append((f"{cur:%Y-%m}", cur, nxt - timedelta(days=1)))
        cur = nxt
    return out


def generate_procurement(world: World) -> Procurement:
    """The procurement truth of `world` (see `arcadia.world.procurement`)."""
    rng, fake = procurement_rng(world.spec.seed)
    today = world.now.date()
    first = year_start(world)
    proc = Procurement(payment_terms=list(PAYMENT_TERMS))
    proc.accounts = _accounts(world)
    proc.cost_centre_owners = {d.cost_centre_id: d.head_id for d in world.departments
                               if d.head_id is not None}
    proc.finance_approver_id = world.department("FIN").head_id
    proc.users = _users(world, proc.accounts)
    proc.lookup_values = _lookups()
    proc.suppliers = _suppliers(rng, fake, first, today)
    proc.budget_lines = _budgets(world, first, today)
    book = Book(world, proc, rng)
    book.year(first, today)
    proc.suppliers = [_size_contracts(s, proc, rng) for s in proc.suppliers]
    return proc


def _accounts(world: World) -> list[Account]:
    rows: list[Account] = []
    for cc in world.cost_centres:
        codes = sorted({c.gl_code for c in CATEGORIES if cc.department_id in c.departments})
        for code in codes:
            gl = next(g for g in GL_ACCOUNTS if g.code == code)
            rows.append(Account(len(rows) + 1, f"{cc.id}-{code}", f"{cc.name} - {gl.name}",
                                cc.id, code))
    return rows


def _users(world: World, accounts: list[Account]) -> list[User]:
    default: dict[str, int] = {}
    for a in accounts:
        default.setdefault(a.cost_centre_id, a.id)
    users = []
    for p in world.people:
        roles = [USER_ROLE]
        if "procurement" in p.roles:
            roles.append("Buyer")
        if p.department_id == "FIN" and p.team == "Accounts Payable":
            roles.append("AP")
        limit = approval_limit(p.level, p.manager_id)
        users.append(User(p.id, p.email, p.email, p.first_name, p.last_name, p.employee_number,
                          p.status != "terminated", p.manager_id,
                          None if limit is None else float(limit), p.department_id,
                          default[p.cost_centre_id], tuple(roles)))
    return users


def _lookups() -> list[LookupValue]:
    rows: list[LookupValue] = []
    for c in CATEGORIES:
        rows.append(LookupValue(len(rows) + 1, "Commodity", c.name,
                                f"GL {c.gl_code}: {c.name}", c.code))
    for code, name, text in DISPUTE_REASONS:
        rows.append(LookupValue(len(rows) + 1, "Dispute Reason", name, text, code))
    for code, name, text in HOLD_REASONS:
        rows.append(LookupValue(len(rows) + 1, "Hold Reason", name, text, code))
    return rows


def _suppliers(rng: random.Random, fake: Faker, first: date, today: date) -> list[Supplier]:
    suppliers: list[Supplier] = []
    names: set[str] = set()
    address_id = contract_id = 0
    for cat in CATEGORIES:
        for _ in range(SUPPLIERS_PER_CATEGORY[cat.code]):
            name = _supplier_name(cat, rng, fake)
            while name in names:
                name = _supplier_name(cat, rng, fake)
            names.add(name)
            sid = SUPPLIER_BASE + len(suppliers)
            term = rng.choices(PAYMENT_TERMS, weights=TERM_WEIGHTS)[0]
            slug = "".join(ch for ch in name.lower() if ch.isalnum())[:18]
            given, family = fake.first_name(), fake.last_name()
            contact = Contact(sid, given, family,
                              f"{given.lower()}.{family.lower()}@{slug}.com".replace(" ", ""),
                              fake.numerify("###-555-####"))
            remit = []
            for n in range(1 if rng.random() < 0.8 else 2):
                address_id += 1
                remit.append(Address(address_id, "Remit to" if n == 0 else "Lockbox",
                                     fake.street_address() if n == 0 else
                                     f"PO Box {rng.randint(1000, 99999)}",
                                     None, fake.city(), fake.state_abbr(
                                         include_territories=False), fake.zipcode(), "US"))
            active = rng.random() > 0.08
            contracts: list[Contract] = []
            if active and rng.random() < 0.4:
                for start, end in _contract_dates(rng, first, today):
                    contract_id += 1
                    contracts.append(Contract(
                        contract_id, f"CTR-{start.year}-{contract_id:04d}",
                        f"{name} {cat.name} agreement", sid, start, end, 0.0,
                        "published" if end >= today else "expired", term.id))
            created = datetime.combine(first - timedelta(days=rng.randint(60, 2400)),
                                       time(rng.randint(8, 17), rng.randint(0, 59)))
            suppliers.append(Supplier(
                sid, f"S-{sid}", name, cat.code, "active" if active else "inactive", term.id,
                fake.numerify("##-#######"), f"https://www.{slug}.com", contact, tuple(remit),
                tuple(contracts), created))
    return suppliers


def _supplier_name(cat: Category, rng: random.Random, fake: Faker) -> str:
    suffix = rng.choice(SUFFIX[cat.code])
    roll = rng.random()
    if roll < 0.45:
        stem = fake.last_name()
    elif roll < 0.7:
        stem = rng.choice(BRAND)
    elif roll < 0.85:
        stem = fake.city()
    else:
        stem = f"{fake.last_name()} & {fake.last_name()}"
    return f"{stem} {suffix}"


def _contract_dates(rng: random.Random, first: date, today: date) -> list[tuple[date, date]]:
    """In force over the whole year (60%), renewed during it (25%) or lapsed during it
    (15%: the supplier is then not used after its end)."""
    roll = rng.random()
    start = first - timedelta(days=rng.randint(30, 700))
    if roll < 0.6:
        end = today + timedelta(days=rng.randint(90, 720))
        return [(start, end)]
    mid = first + timedelta(days=rng.randint(90, 300))
    if roll < 0.85:
        return [(start, mid), (mid + timedelta(days=1), mid + timedelta(days=rng.choice(
            (365, 730, 1095))))]
    return [(start, mid)]


def _budgets(world: World, first: date, today: date) -> list[BudgetLine]:
    rows: list[BudgetLine] = []
    for cc in world.cost_centres:
        for label, start, end in months(first, today):
            rows.append(BudgetLine(len(rows) + 1, cc.id, label, start, end,
                                   float(round(cc.annual_budget / 12 / 100) * 100)))
    return rows


def _size_contracts(s: Supplier, proc: Procurement, rng: random.Random) -> Supplier:
    """Each contract's maximum: its orders' total with 30-100% headroom, in $5,000 steps."""
    if not s.contracts:
        return s
    sized = []
    for c in s.contracts:
        spent = sum(o.total for o in proc.purchase_orders if o.contract_id == c.id
                    and o.status != "cancelled")
        top = max(spent * rng.uniform(1.3, 2.0), 20_000)
        sized.append(replace(c, maximum_value=float(math.ceil(top / 5000) * 5000)))
    return replace(s, contracts=tuple(sized))
