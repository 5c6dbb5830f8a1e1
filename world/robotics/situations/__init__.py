"""Arcadia Robotics' situations, by id (`SITUATIONS`: what the task generator walks).

- `hr-mismatch-v1` (`hr_mismatch`): HRIS and payroll disagree on some employees;
- `new-hire-cohort-v1` (`new_hire_cohort`): next Monday's starters, part-way through
  onboarding;
- `spend-anomaly-v1` (`spend_anomaly`, planted by `spend_planting`): procurement anomalies.

Each leaves its traces in mail, calendars and sheets through `traces.Traces`. The agency and
the restaurant register theirs apart (`agency_situations()`, `restaurant_situations()`).
"""

from arcadia.world.registry import Registry
from arcadia.world.robotics.situations.hiring_pipeline import HIRING_PIPELINE
from arcadia.world.robotics.situations.hr_mismatch import HR_MISMATCH
from arcadia.world.robotics.situations.inbox_calendar import INBOX_CALENDAR
from arcadia.world.robotics.situations.leave_requests import LEAVE_REQUESTS
from arcadia.world.robotics.situations.new_hire_cohort import NEW_HIRE_COHORT
from arcadia.world.robotics.situations.payroll_requests import PAYROLL_REQUESTS
from arcadia.world.robotics.situations.purchase_approvals import PURCHASE_APPROVALS
from arcadia.world.robotics.situations.spend_anomaly import SPEND_ANOMALY
from arcadia.world.situations import Situation, situation_registry

SITUATIONS: Registry[Situation] = situation_registry(HR_MISMATCH, NEW_HIRE_COHORT,
                                                      SPEND_ANOMALY, PURCHASE_APPROVALS,
                                                      INBOX_CALENDAR,
                                                      HIRING_PIPELINE, LEAVE_REQUESTS,
                                                      PAYROLL_REQUESTS)

__all__ = ["SITUATIONS"]
