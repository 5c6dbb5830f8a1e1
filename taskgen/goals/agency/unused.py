"""Why each write tool of the agency's tasks' apps (Bullhorn and mail) that no shipped task
calls is left unused, grouped by what the tools are. A tool takes the first exclusion that
covers it (`arcadia.taskgen.unused`); `taskgen coverage` prints the accounting, and a reason
that covers a tool some shipped task calls is stale.

Every agency task is a recruiter's step (a submission, a withdrawal and its replacement, a
placement, an answer to a client, a repeated submission untangled), taken or stopped by the
handbook; a stopped step is reported to the account manager by mail.
"""

from __future__ import annotations

from arcadia.taskgen.goals.graph_unused import MAIL, USER_TWINS
from arcadia.taskgen.unused import Exclusion, unused

__all__ = ["UNUSED"]

_BULLHORN = (
    unused("adding or removing to-many associations (`JobOrder/12/assignedUsers/3,4`): "
           "a task's submissions and placements are records of their own, tied to their "
           "candidate and job order by their fields", "bullhorn_add_associations",
           "bullhorn_remove_associations"),
    unused("one change to many records of a type at once: an agency task changes a few "
           "records (a submission, a withdrawal and its replacement, a placement, a repeated "
           "submission removed), each on its own", "bullhorn_mass_update_entities"),
)

_MAIL = (
    unused("a message's flags, read state or other properties: the agency's tasks send or "
           "answer mail, and none asks to flag a message or mark it read",
           "mail_update_message"),
    unused("filing a message in another folder: no agency situation asks to file mail",
           "mail_move_message"),
    unused("replying to all or forwarding: each mail of an agency task goes to one person "
           "(the account manager, the client contact answered, the candidate), and no "
           "situation widens a thread or passes one on",
           "mail_reply_all_message", "mail_forward_message"),
)

UNUSED: tuple[Exclusion, ...] = (USER_TWINS, *MAIL, *_BULLHORN, *_MAIL)
