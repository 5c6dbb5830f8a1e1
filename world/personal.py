"""Personal facts of each person (gender, marital status, phones, home email, SSN).

Drawn from a stream of their own (`random.Random` and `Faker` seeded from the world's seed
and the label `personal`), after the rest of the world, so that adding these facts left
every other value of an existing world as it was.
"""

from __future__ import annotations

import random
from datetime import date

from faker import Faker

from arcadia.world.model import Person, Personal

MARITAL_STATUSES = ("Single", "Married", "Domestic Partnership", "Divorced", "Widowed")
GENDERS = ("Male", "Female", "Non-binary")
# Area codes near each person's office: the Pittsburgh, Columbus, Austin and Reno areas.
_AREA_CODES = {"LOC-PIT": ("412", "724", "878"), "LOC-COL": ("614", "380", "740"),
               "LOC-AUS": ("512", "737"), "LOC-RNO": ("775",)}
_MAIL_HOSTS = ("gmail.com", "yahoo.com", "outlook.com", "icloud.com", "hotmail.com")


def personal_rng(seed: int) -> tuple[random.Random, Faker]:
    """The personal-facts stream of the world with `seed` (string seeding is sha512-based,
    the same in every process)."""
    rng = random.Random(f"{seed}:personal")
    fake = Faker("en_US")
    fake.seed_instance(f"{seed}:personal")
    return rng, fake


def draw_personal(people: list[Person], seed: int, today: date) -> None:
    """Give every person their personal facts, in list order (deterministic)."""
    rng, fake = personal_rng(seed)
    names = fake.provider("faker.providers.person")
    female = set(getattr(names, "first_names_female", ()))
    male = set(getattr(names, "first_names_male", ()))
    used_ssn: set[str] = set()
    for p in people:
        gender = _gender(p.first_name, female, male, rng)
        middle = None
        if rng.random() < 0.7:
            middle = (fake.first_name_female() if gender == "Female" else
                      fake.first_name_male() if gender == "Male" else fake.first_name())
        age = (today - p.birth_date).days // 365
        married_share = 0.15 if age < 27 else 0.5 if age < 35 else 0.62
        roll = rng.random()
        if roll < married_share:
            marital = "Married"
        elif roll < married_share + 0.06:
            marital = "Domestic Partnership"
        elif age >= 32 and roll < married_share + 0.16:
            marital = "Divorced"
        elif age >= 55 and roll < married_share + 0.2:
            marital = "Widowed"
        else:
            marital = "Single"
        areas = _AREA_CODES.get(p.location_id, ("412",))
        mobile = _phone(rng, areas)
        home = _phone(rng, areas) if rng.random() < 0.3 else None
        home_email = None
        if rng.random() < 0.85:
            handle = f"{p.email.split('@')[0].split('.')[0]}{rng.randint(1, 99)}"
            home_email = f"{handle}@{rng.choice(_MAIL_HOSTS)}"
        extension = str(rng.randint(100, 4999)) if rng.random() < 0.45 else None
        ssn = _ssn(rng)
        while ssn in used_ssn:
            ssn = _ssn(rng)
        used_ssn.add(ssn)
        p.personal = Personal(middle_name=middle, gender=gender, marital_status=marital,
                              mobile_phone=mobile, home_phone=home, home_email=home_email,
                              work_phone_extension=extension, ssn=ssn)


def _gender(first: str, female: set[str], male: set[str], rng: random.Random) -> str:
    if rng.random() < 0.01:
        return "Non-binary"
    if first in female and first not in male:
        return "Female"
    if first in male and first not in female:
        return "Male"
    return rng.choice(("Female", "Male"))


def _phone(rng: random.Random, areas: tuple[str, ...]) -> str:
    return f"{rng.choice(areas)}-{rng.randint(201, 989)}-{rng.randint(0, 9999):04d}"


def _ssn(rng: random.Random) -> str:
    """A well-formed SSN: area 001-899 but not 666, group 01-99, serial 0001-9999."""
    area = rng.randint(1, 898)
    area = area + 1 if area >= 666 else area
    return f"{area:03d}-{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}"
