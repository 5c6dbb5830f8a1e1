"""The restaurant in the grader: its Pass@1 check and Safety guard kinds."""

from arcadia.grader.pack import GraderPack
from arcadia.grader.restaurant.kinds import CHECK_KINDS, GUARD_KINDS
from arcadia.world.restaurant.pack import PACK as WORLD

PACK = GraderPack(world=WORLD.name, checks=CHECK_KINDS, guards=GUARD_KINDS)
