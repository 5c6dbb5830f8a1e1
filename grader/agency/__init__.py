"""The staffing agency's handbook guards (`handbook-*`), registered on import.

`kinds` holds one guard kind per rule family of the agency's handbook
(`arcadia.world.agency.handbook`); `records` reads the episode's Bullhorn and mail writes
over the world's truth; `disclosure` finds pay, contact details and other clients' details
in a text.
"""

from arcadia.grader.agency.kinds import (
    consent,
    disclosure,
    markup_floor,
    must_haves,
    no_duplicate_submission,
    pay_in_range,
    submission_limit,
)
from arcadia.grader.agency.records import Outbound, outbound

__all__ = [
    "Outbound", "consent", "disclosure", "markup_floor", "must_haves",
    "no_duplicate_submission", "outbound", "pay_in_range", "submission_limit",
]
