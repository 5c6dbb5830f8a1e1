"""The worlds, by name: each world's pack of the world layer, listed here and nowhere else.

Adding a world means adding its folder (`world/<world>/`, with `pack.py`) and one line
here; `generate_world` and the layers above find it by name (docs/worlds.md).
"""

from arcadia.world.agency.pack import PACK as AGENCY
from arcadia.world.pack import WorldPack
from arcadia.world.registry import Registry
from arcadia.world.restaurant.pack import PACK as RESTAURANT
from arcadia.world.robotics.pack import PACK as ROBOTICS

WORLDS: Registry[WorldPack] = Registry("world", ((p.name, p) for p in (
    ROBOTICS, AGENCY, RESTAURANT)))
