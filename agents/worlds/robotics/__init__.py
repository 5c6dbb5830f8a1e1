"""Arcadia Robotics in the command line: its pack of this layer (`pack`)."""
