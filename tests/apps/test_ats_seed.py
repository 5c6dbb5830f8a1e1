"""The ATS's seed writes the same rows whatever Python's string hash seed."""

from __future__ import annotations

SEED_DIGEST = """
import hashlib
from sqlalchemy import create_engine
from sqlmodel import Session
from arcadia.apps.ats import SPEC
from arcadia.world import generate_world
from tests.factories import SPEC as WORLD
engine = create_engine("sqlite://")
SPEC.metadata.create_all(engine)
with Session(engine) as session:
    SPEC.seed(generate_world(WORLD), session)
    session.commit()
digest = hashlib.sha256()
with engine.connect() as conn:  # the rows of every table, in key order (not the schema)
    for table in SPEC.metadata.sorted_tables:
        for row in conn.execute(table.select().order_by(*table.primary_key.columns)):
            digest.update(repr(tuple(row)).encode())
print(digest.hexdigest())
"""


def test_the_seed_writes_the_same_bytes_whatever_the_hash_seed() -> None:
    import os
    import subprocess
    import sys

    digests = set()
    for hash_seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", SEED_DIGEST], capture_output=True,
                              text=True, env={**os.environ, "PYTHONHASHSEED": hash_seed},
                              timeout=300)
        assert done.returncode == 0, done.stderr
        digests.add(done.stdout.strip())
    assert len(digests) == 1 and len(digests.pop()) == 64
