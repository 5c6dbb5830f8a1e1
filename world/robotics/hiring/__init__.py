"""Arcadia Robotics' hiring: the headcount plan's jobs (`plan`, `generate_hiring`) and their
applicants through the interview plan (`funnel`); the truth it fills is
`arcadia.world.hiring`."""

from arcadia.world.robotics.hiring.plan import generate_hiring

__all__ = ["generate_hiring"]
