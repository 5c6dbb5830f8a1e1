"""The staffing agency in the command line: `--world agency` runs its corpus. Its handbook's
guards are graded like any other (the report's `by_guard` counts them)."""

from pathlib import Path

from arcadia.agents.pack import AgentsPack
from arcadia.world.agency.pack import PACK as WORLD

PACK = AgentsPack(world=WORLD.name, corpus=Path("corpus") / "agency-v1")
