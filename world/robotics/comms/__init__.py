"""Arcadia Robotics' mail and calendars (`generate_comms`)."""

from arcadia.world.robotics.comms.generate import generate_comms

__all__ = ["generate_comms"]
