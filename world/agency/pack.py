"""The staffing agency in the world layer: its generator and situations."""

from arcadia.world.agency.sample import agency_world
from arcadia.world.agency.situations import AGENCY_WORLD, agency_situations
from arcadia.world.pack import WorldPack

PACK = WorldPack(name=AGENCY_WORLD, title="the staffing agency", generate=agency_world,
                 situations=agency_situations())
