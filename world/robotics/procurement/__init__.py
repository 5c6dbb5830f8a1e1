"""Arcadia Robotics' purchasing year: its static shape (`catalog`), the year's master data
and `generate_procurement` (`generate`), and each purchase's life (`book`); the truth it
fills is `arcadia.world.procurement`."""

from arcadia.world.robotics.procurement.generate import generate_procurement

__all__ = ["generate_procurement"]
