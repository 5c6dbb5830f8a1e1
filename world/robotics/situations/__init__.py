"""Arcadia Robotics' situations defined in their own modules (registered by
`arcadia.world.situations`)."""
