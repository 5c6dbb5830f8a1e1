"""Arcadia Robotics: the default world, a robotics manufacturer of about 800 people."""
