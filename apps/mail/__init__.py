"""Mail: Arcadia Robotics' Exchange Online mailboxes on the public shape of Microsoft Graph
v1.0 (messages, mailFolders, attachments, sendMail, reply/replyAll/forward, move/copy).

Base URL `http://host/mail/v1.0`; `/me/...` is the signed-in person and
`/users/{id | userPrincipalName}/...` names a mailbox (only your own: delegated
permissions). OData query options, `@odata.nextLink` paging and Graph's error body.
Other apps deliver mail through the `deliver` event (the calendar's meeting mail).
"""

from arcadia.apps.kernel import AppSpec
from arcadia.apps.mail.delivery import deliver_event
from arcadia.apps.mail.errors import GRAPH_ERROR_HEADERS, STATUSES, GraphError, render_error
from arcadia.apps.mail.models import MailModel
from arcadia.apps.mail.routes import router
from arcadia.apps.mail.seed import seed

SPEC = AppSpec(
    name="mail",
    title="Mail API (Microsoft Graph v1.0 mail shape)",
    description=(
        "Arcadia Robotics' mail (Exchange Online) on Microsoft Graph v1.0's mail API: "
        "messages across the mailbox and per folder (well-known names inbox, drafts, "
        "sentitems, deleteditems, archive, junkemail, outbox), drafts (create, update, "
        "send), sendMail, reply, replyAll, forward and their createReply/createReplyAll/"
        "createForward drafts, move and copy, updates (isRead, categories, flag, "
        "importance), delete, attachments, mail folders and child folders. `/me/...` is "
        "you; `/users/{id or userPrincipalName}/...` must also be you (another mailbox is "
        "403 ErrorAccessDenied). Query options $filter (eq, ne, gt, ge, lt, le, and, or, "
        "not, in, startswith, endswith, contains, any/all), $search (KQL), $orderby, "
        "$select, $top, $skip, $count; pages carry @odata.nextLink. Sending puts a copy in "
        "each colleague's Inbox and yours in Sent Items; outside addresses are recorded "
        "as sent. Errors are Graph's: "
        '{"error": {"code", "message", "innerError"}}.'),
    metadata=MailModel.metadata,
    routers=(router,),
    seed=seed,
    render_error=render_error,
    validation_status=400,
    statuses=STATUSES,
    error_model=GraphError,
    error_headers=GRAPH_ERROR_HEADERS,
    ignored_fields={"messages": ("modified_at", "version")},
    handlers={"deliver": deliver_event},
    # Arcadia Robotics and the staffing agency (its staff, clients and candidates).
    worlds=("arcadia-robotics", "agency"),
)

__all__ = ["SPEC"]
