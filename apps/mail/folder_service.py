"""Mail folders and their child folders: list (with Graph's query options), get, create,
rename, delete (Exchange keeps a deleted folder under Deleted Items)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import Request
from sqlalchemy import func
from sqlmodel import select

from arcadia.apps.kernel import Ctx, conflict, invalid
from arcadia.apps.mail import models as m
from arcadia.apps.mail import schemas as s
from arcadia.apps.mail.common import (
    ROOT,
    folder_for,
    folder_id,
    folder_in,
    folders_of,
    item_not_found,
    mailbox_for,
    new_key,
    well_known,
)
from arcadia.apps.mail.message_service import remove_message
from arcadia.apps.mail.query import Query, api_base, collection
from arcadia.apps.mail.views import FOLDER_SCHEMA, context_url, render_folder


def _folder_stats(ctx: Ctx, box: m.Mailbox) -> tuple[dict[str, tuple[int, int, int]],
                                                     dict[str, int]]:
    stats: dict[str, tuple[int, int, int]] = {}
    rows = ctx.session.exec(select(
        m.Message.folder_id, func.count(), func.count().filter(m.Message.is_read == False),  # noqa: E712
        func.count()).where(m.Message.mailbox_id == box.id)
        .group_by(m.Message.folder_id)).all()  # type: ignore[call-overload]
    for fid, total, unread, _ in rows:
        stats[fid] = (int(total), int(unread or 0), 0)
    children: dict[str, int] = {}
    for f in folders_of(ctx, box.id):
        children[f.parent_id] = children.get(f.parent_id, 0) + 1
    return stats, children


def _render_folders(ctx: Ctx, box: m.Mailbox, rows: Sequence[m.Folder]
                    ) -> list[dict[str, Any]]:
    stats, children = _folder_stats(ctx, box)
    out = []
    for f in rows:
        total, unread, _ = stats.get(f.id, (0, 0, 0))
        out.append(render_folder(f, children=children.get(f.id, 0), total=total,
                                 unread=unread, size=total * 4096))
    return out


def list_folders(ctx: Ctx, request: Request, *, user: str | None, parent: str | None,
                 q: Query) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    under = folder_for(ctx, box, parent if parent is not None else ROOT)
    rows = [f for f in folders_of(ctx, box.id) if f.parent_id == under.id]
    base = api_base(request)
    tail = "mailFolders" if parent is None else f"mailFolders('{parent}')/childFolders"
    return collection(request, _render_folders(ctx, box, rows), q, schema=FOLDER_SCHEMA,
                      entity="microsoft.graph.mailFolder",
                      context=context_url(base, box.id, tail))


def get_folder(ctx: Ctx, request: Request, *, user: str | None, folder: str,
               child: str | None = None) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    row = folder_for(ctx, box, folder)
    if child is not None:
        c = folder_for(ctx, box, child)
        if c.parent_id != row.id:
            raise item_not_found()
        row = c
    base = api_base(request)
    return {"@odata.context": context_url(base, box.id, "mailFolders/$entity"),
            **_render_folders(ctx, box, [row])[0]}


def create_folder(ctx: Ctx, request: Request, *, user: str | None, parent: str | None,
                  data: s.FolderCreate) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    under = folder_for(ctx, box, parent if parent is not None else ROOT)
    name = data.displayName.strip()
    if not name:
        raise invalid("displayName must not be blank.", "displayName")
    existing = folders_of(ctx, box.id)
    if any(f.parent_id == under.id and f.display_name.lower() == name.lower()
           for f in existing):
        raise conflict("A folder with the specified name already exists.", "displayName",
                       meta={"graph_code": "ErrorFolderExists"})
    row = m.Folder(id=folder_id(f"{box.id}:{new_key(ctx, 'folder')}"), mailbox_id=box.id,
                   parent_id=under.id, display_name=name,
                   position=max((f.position for f in existing), default=0) + 1)
    ctx.session.add(row)
    ctx.commit()
    base = api_base(request)
    return {"@odata.context": context_url(base, box.id, "mailFolders/$entity"),
            **render_folder(row, children=0, total=0, unread=0, size=0)}


def update_folder(ctx: Ctx, request: Request, *, user: str | None, folder: str,
                  child: str | None, data: s.FolderUpdate) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    row = folder_in(ctx, box, folder, child)
    if data.displayName is not None:
        name = data.displayName.strip()
        if not name:
            raise invalid("displayName must not be blank.", "displayName")
        if row.well_known is not None:
            raise invalid(f"The well-known folder '{row.display_name}' cannot be renamed.",
                          "displayName", meta={"graph_code": "ErrorInvalidRequest"})
        if any(f.parent_id == row.parent_id and f.id != row.id
               and f.display_name.lower() == name.lower() for f in folders_of(ctx, box.id)):
            raise conflict("A folder with the specified name already exists.",
                           "displayName", meta={"graph_code": "ErrorFolderExists"})
        row.display_name = name
        ctx.session.add(row)
    ctx.commit()
    return get_folder(ctx, request, user=user, folder=row.id)


def delete_folder(ctx: Ctx, *, user: str | None, folder: str, child: str | None) -> None:
    """Exchange keeps a deleted folder (and what is in it) under Deleted Items."""
    box = mailbox_for(ctx, user)
    row = folder_in(ctx, box, folder, child)
    if row.well_known is not None:
        raise invalid("Distinguished folders cannot be deleted.", "folder",
                      meta={"graph_code": "ErrorDeleteDistinguishedFolder"})
    trash = well_known(ctx, box, "deleteditems")
    if row.parent_id != trash.id:
        row.parent_id = trash.id
        ctx.session.add(row)
    else:  # deleting it from Deleted Items removes it, its folders and their messages
        doomed, frontier = {row.id}, [row.id]
        every = folders_of(ctx, box.id)
        while frontier:
            parent = frontier.pop()
            for f in every:
                if f.parent_id == parent and f.id not in doomed:
                    doomed.add(f.id)
                    frontier.append(f.id)
        for msg in ctx.session.exec(select(m.Message).where(
                m.Message.folder_id.in_(sorted(doomed)))).all():  # type: ignore[attr-defined]
            remove_message(ctx, msg)
        for f in every:
            if f.id in doomed:
                ctx.session.delete(f)
    ctx.commit()
