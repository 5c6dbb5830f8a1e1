"""The worlds with kinds of their own, by name: each world's pack of the grader, listed here
and nowhere else; `arcadia.grader.kinds` lists their kinds in `CHECKS` and `GUARDS`, in
this order (docs/worlds.md)."""

from arcadia.grader.agency.pack import PACK as AGENCY
from arcadia.grader.pack import GraderPack
from arcadia.grader.restaurant.pack import PACK as RESTAURANT
from arcadia.world.registry import Registry

WORLDS: Registry[GraderPack] = Registry("world", ((p.world, p) for p in (AGENCY, RESTAURANT)))
