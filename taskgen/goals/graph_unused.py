"""Exclusions of Microsoft Graph's write tools (mail, calendar) that hold in every world
serving them: what the tool is makes it one no task of either world calls. A world's
`unused.py` lists these beside its own (see `arcadia.taskgen.unused`)."""

from __future__ import annotations

from arcadia.taskgen.unused import unused, unused_where

__all__ = ["MAIL", "USER_TWINS"]

USER_TWINS = unused_where(
    "the /users/{user_id} twin of a /me route: the same operation on another principal's "
    "mailbox or calendar; every task acts as its actor, in the actor's own mailbox and "
    "calendar (the /me route)",
    lambda t: t.app in ("mail", "calendar") and "/users/{user_id}/" in t.path)

# The actor's own mailbox (/me), whichever world it is in.
MAIL = (
    unused("a draft and its sending (a new draft in the mailbox or in a folder, "
           "createReply, createReplyAll, createForward, then send): the two-step spelling "
           "of the sendMail, reply, replyAll or forward a task's gold makes in one call",
           "mail_create_message", "mail_create_reply_message",
           "mail_create_reply_all_message", "mail_create_forward_message",
           "mail_send_message", "mail_create_folder_message",
           "mail_create_child_folder_message"),
    unused("a message reached through its folder (/mailFolders/{folder_id}/messages/"
           "{message_id}): the same update or delete as the /me/messages/{message_id} route",
           "mail_update_folder_message", "mail_delete_folder_message"),
    unused("making, renaming or removing a mail folder or child folder: every mailbox comes "
           "with its folders, and no situation asks for a new one or a change to one",
           "mail_create_folder", "mail_update_folder", "mail_delete_folder",
           "mail_create_child_folder", "mail_update_child_folder",
           "mail_delete_child_folder"),
    unused("a file attached to or removed from a message: the tasks' mail is text, and no "
           "situation gives the actor a file to send",
           "mail_add_attachment", "mail_delete_attachment"),
    unused("a copy of a message in a second folder: filing mail is a move, and no situation "
           "wants a message in two folders", "mail_copy_message"),
    unused("deleting a message: no situation seeds mail that ought to go",
           "mail_delete_message"),
)
