"""The worlds with kinds of their own, by name: each world's pack of the grader, listed here
and nowhere else; their kinds are installed into `CHECKS` and `GUARDS` here, in this order
(docs/worlds.md)."""

from arcadia.grader.agency.pack import PACK as AGENCY
from arcadia.grader.pack import GraderPack, install
from arcadia.grader.restaurant.pack import PACK as RESTAURANT
from arcadia.world.registry import Registry

WORLDS: Registry[GraderPack] = Registry("world", ((p.world, p) for p in (AGENCY, RESTAURANT)))
for _pack in WORLDS.values():
    install(_pack)
