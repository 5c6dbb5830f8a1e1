"""Arcadia Robotics in the world layer: the default world, its generator and situations."""

from arcadia.world.pack import WorldPack
from arcadia.world.robotics.generate import robotics_world
from arcadia.world.robotics.situations import SITUATIONS

PACK = WorldPack(name="arcadia-robotics", title="Arcadia Robotics", generate=robotics_world,
                 situations=SITUATIONS)
