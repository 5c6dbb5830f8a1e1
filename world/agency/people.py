"""The agency's people: its staff, its clients and their contacts, and its candidates.

Names and addresses come from a seeded Faker through pools drawn once (a Faker call per
candidate would cost more than the whole agency may take); every other draw is the caller's
`random.Random`.
"""

from __future__ import annotations

import itertools
import random
import re
import unicodedata
from datetime import date, datetime, timedelta

from faker import Faker

from arcadia.world.agency.model import (
    SENIORITIES,
    Address,
    Candidate,
    CandidateStatus,
    ClientContact,
    ClientCorporation,
    CorporateUser,
    RateCardLine,
    Seniority,
)
from arcadia.world.agency.population import Params, at_work, poisson, weekday, weighted

MAIL_HOSTS = ("gmail.com", "outlook.com", "yahoo.com", "icloud.com", "proton.me")
SOURCES = ("LinkedIn", "Indeed", "Referral", "Website", "Job Fair", "Dice")
OCCUPATIONS = ("Hiring Manager", "HR Business Partner", "Talent Acquisition Lead",
               "Director of Operations", "VP Engineering", "Procurement Manager")


def ascii_slug(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z]", "", folded.lower())


class Pools:
    """Weighted name lists and a few hundred addresses, drawn once from a seeded Faker."""

    def __init__(self, fake: Faker) -> None:
        names = fake.provider("faker.providers.person")
        firsts = dict(getattr(names, "first_names", {}))
        lasts = dict(getattr(names, "last_names", {}))
        self.firsts, self.first_cum = list(firsts), list(itertools.accumulate(firsts.values()))
        self.lasts, self.last_cum = list(lasts), list(itertools.accumulate(lasts.values()))
        self.homes = [Address(fake.street_address(), fake.city(),
                              fake.state_abbr(include_territories=False), fake.zipcode())
                      for _ in range(300)]
        companies: list[str] = []
        while len(companies) < 120:
            name = fake.company()
            if name not in companies:
                companies.append(name)
        self.companies = companies

    def name(self, rng: random.Random) -> tuple[str, str]:
        first = rng.choices(self.firsts, cum_weights=self.first_cum)[0]
        return first, rng.choices(self.lasts, cum_weights=self.last_cum)[0]


def phone(rng: random.Random, area: str | None = None) -> str:
    code = area or rng.choice(("412", "215", "312", "617", "212", "415", "512", "206"))
    return f"{code}-555-{rng.randrange(10_000):04d}"


class Emails:
    """Unique addresses: first.last@host, then first.last2@host, ..."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def make(self, first: str, last: str, host: str) -> str:
        base = f"{ascii_slug(first)}.{ascii_slug(last)}"
        email, n = f"{base}@{host}", 1
        while email in self.used:
            n += 1
            email = f"{base}{n}@{host}"
        self.used.add(email)
        return email


def draw_staff(params: Params, rng: random.Random, pools: Pools, emails: Emails,
               window_start: date) -> list[CorporateUser]:
    """Account managers first (user 1 runs the agency), then recruiters."""
    agency, staff = params["agency"], params["staff"]
    roles = ["account_manager"] * staff["account_managers"] + ["recruiter"] * staff["recruiters"]
    users = []
    for uid, role in enumerate(roles, start=1):
        first, last = pools.name(rng)
        added = at_work(rng, weekday(window_start - timedelta(days=rng.randint(120, 2500))))
        users.append(CorporateUser(uid, first, last, emails.make(first, last, agency["domain"]),
                                   role, phone(rng, agency["area_code"]),  # type: ignore[arg-type]
                                   added))
    return users


def draw_clients(params: Params, rng: random.Random, pools: Pools, emails: Emails,
                 managers: list[CorporateUser], window_start: date
                 ) -> tuple[list[ClientCorporation], list[ClientContact]]:
    spec = params["clients"]
    cards, skills = params["rate_cards"], params["skills"]
    clients: list[ClientCorporation] = []
    contacts: list[ClientContact] = []
    names = rng.sample(pools.companies, spec["count"])
    industries = quota(rng, spec["industries"], spec["count"])
    sizes = quota(rng, spec["sizes"], spec["count"])
    for cid, (name, industry, size) in enumerate(zip(names, industries, sizes, strict=True),
                                                 start=1):
        years = rng.uniform(*spec["added_years_ago"])
        added = at_work(rng, weekday(window_start - timedelta(days=int(years * 365))))
        factor = rng.uniform(*cards["client_factor"][size])
        card = tuple(RateCardLine(family, int(cards[family][0] * factor) // 100 * 100,
                                  -(-int(cards[family][1] * factor) // 100) * 100)
                     for family in skills[industry])
        owner = managers[(cid - 1) % len(managers)].id
        domain = f"{ascii_slug(name)[:24]}.example"
        clients.append(ClientCorporation(
            cid, name, industry, size, "Active Account",
            rng.choice(pools.homes), phone(rng), domain, added, owner, card))
        for _ in range(rng.randint(*spec["contacts_per_client"][size])):
            first, last = pools.name(rng)
            contacts.append(ClientContact(
                len(contacts) + 1, cid, first, last, emails.make(first, last, domain),
                phone(rng), rng.choice(OCCUPATIONS), owner,
                added + timedelta(days=rng.randint(0, 60))))
    return clients, contacts


def quota(rng: random.Random, weights: dict[str, float], count: int) -> list[str]:
    """`count` keys in the weights' proportions (largest remainder), in a random order:
    the client mix is the population's in every agency, which client is which is drawn."""
    total = sum(weights.values())
    shares = {k: w * count / total for k, w in weights.items()}
    counts = {k: int(v) for k, v in shares.items()}
    by_remainder = sorted(shares, key=lambda k: (-(shares[k] - counts[k]), list(shares).index(k)))
    for k in by_remainder[:count - sum(counts.values())]:
        counts[k] += 1
    keys = [k for k in weights for _ in range(counts[k])]
    rng.shuffle(keys)
    return keys


def _skills(rng: random.Random, family: dict[str, list[str]], core: list[int],
            extra: list[int]) -> tuple[str, ...]:
    held = rng.sample(family["core"], rng.randint(*core))
    held += [s for s in rng.sample(family["extra"], rng.randint(*extra)) if s not in held]
    return tuple(held)


def draw_candidates(params: Params, rng: random.Random, pools: Pools, emails: Emails,
                    recruiters: list[CorporateUser], window_start: date, now: datetime
                    ) -> list[Candidate]:
    """The initial pool (added before the window) and a Poisson number of arrivals a week.

    A candidate's job family is drawn with its industry's client weight (families of an
    industry equally), so supply follows demand.
    """
    spec, skills, pay = params["candidates"], params["skills"], params["pay"]
    industries = params["clients"]["industries"]
    families = {f: industries[i] / len(fams) for i, fams in skills.items() for f in fams}
    family_skills = {f: fam for fams in skills.values() for f, fam in fams.items()}
    moments: list[datetime] = [
        at_work(rng, weekday(window_start - timedelta(days=rng.randint(1, 1100))))
        for _ in range(spec["initial_pool"])]
    for week in range(params["window_weeks"]):
        for _ in range(poisson(rng, spec["arrivals_per_week"])):
            day = window_start + timedelta(days=7 * week + rng.randrange(5))
            moment = at_work(rng, weekday(day))
            if moment <= now:
                moments.append(moment)
    moments.sort()
    candidates = []
    for cid, added in enumerate(moments, start=1):
        family = weighted(rng, families)
        seniority: Seniority = weighted(rng, spec["seniority"])  # type: ignore[assignment]
        market = pay[family][seniority]
        centre = market * rng.uniform(1 - spec["centre_jitter"], 1 + spec["centre_jitter"])
        low = int(centre * (1 - spec["pay_spread"])) // 25 * 25
        high = -(-int(centre * (1 + spec["pay_spread"])) // 25) * 25
        current = int(low * rng.uniform(spec["current_low"], 1.0)) // 25 * 25
        first, last = pools.name(rng)
        status: CandidateStatus = ("Unavailable" if rng.random() < spec["unavailable_share"]
                                   else "New Lead")
        candidates.append(Candidate(
            cid, first, last, emails.make(first, last, rng.choice(MAIL_HOSTS)), phone(rng),
            phone(rng), rng.choice(pools.homes), family,
            _skills(rng, family_skills[family], spec["core_skills"], spec["extra_skills"]),
            seniority, status, rng.choice(recruiters).id, current, low, high, added,
            rng.choice(SOURCES)))
    return candidates


def near_seniorities(seniority: Seniority) -> tuple[Seniority, ...]:
    """`seniority` and the levels next to it."""
    index = SENIORITIES.index(seniority)
    return SENIORITIES[max(index - 1, 0):index + 2]
