"""Arcadia Robotics' goal kinds and add-ons, one module per situation (`hr_mismatch`,
`new_hire_cohort`, `spend_anomaly`, each with its `*_addons`), what they share (`common`),
and the world's pack of the task generator (`pack`)."""
