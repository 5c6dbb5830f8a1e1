"""The staffing agency in the grader: its handbook's guard kinds."""

from arcadia.grader.agency.kinds import KINDS
from arcadia.grader.pack import GraderPack
from arcadia.world.agency.pack import PACK as WORLD

PACK = GraderPack(world=WORLD.name, guards=KINDS)
