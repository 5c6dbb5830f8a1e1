"""The restaurant in the world layer: its crew's world and its one situation, the shift."""

from arcadia.world.pack import WorldPack
from arcadia.world.restaurant.crew import crew_world
from arcadia.world.restaurant.situations import RESTAURANT_WORLD, restaurant_situations

PACK = WorldPack(name=RESTAURANT_WORLD, title="the restaurant", generate=crew_world,
                 situations=restaurant_situations())
