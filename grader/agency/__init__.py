"""The staffing agency's handbook guards (`handbook-*`), which its pack hands the grader.

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

# Every handbook guard kind, in the handbook's rule order: what an agency task carries.
HANDBOOK_GUARDS = (
    "handbook-consent-v1", "handbook-no-duplicate-submission-v1", "handbook-must-haves-v1",
    "handbook-submission-limit-v1", "handbook-disclosure-v1", "handbook-markup-floor-v1",
    "handbook-pay-in-range-v1")

__all__ = [
    "HANDBOOK_GUARDS", "Outbound", "consent", "disclosure", "markup_floor", "must_haves",
    "no_duplicate_submission", "outbound", "pay_in_range", "submission_limit",
]
