"""A pair of tiny test apps (not product apps) that exercise the kernel's outbox.

`notes` keeps notes; posting one with `notify` set emits a `deliver` event to `inbox`, whose
handler files a message for the addressee. A message to `reject@...` makes the handler
raise, so the test can prove that a failed delivery leaves neither app changed.
Also served one per process (`uvicorn --factory tests.apps.pair:notes_app`) by the
`--multi` outbox test.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlalchemy.orm import registry
from sqlmodel import Field, Session, SQLModel, select

from arcadia.apps.kernel import ApiError, AppSpec, Ctx, CtxDep, create_app, invalid, new_store, op
from arcadia.world import World


class NotesModel(SQLModel, registry=registry()):
    pass


class InboxModel(SQLModel, registry=registry()):
    pass


class Note(NotesModel, table=True):
    __tablename__ = "note"
    id: int = Field(primary_key=True)
    text: str
    notify: str | None = None
    written_at: str


class Message(InboxModel, table=True):
    __tablename__ = "message"
    id: int = Field(primary_key=True)
    recipient: str
    body: str
    received_at: str


class NoteIn(BaseModel):
    text: str
    notify: str | None = None


def render(err: ApiError) -> Response:
    return JSONResponse({"error": err.code, "message": err.message}, status_code=err.status)


notes_router = APIRouter()


@notes_router.post("/notes", status_code=201, **op(
    "notes_create_note", "Write a note", "Write a note; `notify` mails it.", write=True))
async def create_note(ctx: CtxDep, body: NoteIn) -> dict[str, Any]:
    note = Note(id=ctx.next_id(Note), text=body.text, notify=body.notify,
                written_at=ctx.now.isoformat())
    ctx.session.add(note)
    if body.notify:
        ctx.emit("inbox", "deliver", {"to": body.notify, "body": body.text})
    ctx.commit()
    return {"id": note.id, "written_at": note.written_at}


@notes_router.get("/notes", **op("notes_list_notes", "List notes", "Every note.", write=False))
async def list_notes(ctx: CtxDep) -> list[dict[str, Any]]:
    return [n.model_dump() for n in ctx.session.exec(select(Note)).all()]


inbox_router = APIRouter()


@inbox_router.get("/messages", **op("inbox_list_messages", "List messages", "Every message.",
                                     write=False))
async def list_messages(ctx: CtxDep) -> list[dict[str, Any]]:
    return [m.model_dump() for m in ctx.session.exec(select(Message)).all()]


@inbox_router.post("/messages", status_code=201, **op(
    "inbox_create_message", "File a message", "File a message directly.", write=True))
async def create_message(ctx: CtxDep, body: NoteIn) -> dict[str, Any]:
    deliver(ctx, {"to": body.notify or "self", "body": body.text})
    ctx.commit()
    return {"ok": True}


def deliver(ctx: Ctx, payload: Mapping[str, Any]) -> None:
    if str(payload["to"]).startswith("reject@"):
        raise invalid(f"mailbox {payload['to']} does not accept mail", "to")
    ctx.session.add(Message(id=ctx.next_id(Message), recipient=str(payload["to"]),
                            body=str(payload["body"]), received_at=ctx.now.isoformat()))


def _no_rows(world: World, session: Session) -> None:
    """These apps start empty in every world."""


NOTES = AppSpec(name="notes", title="Notes", description="Test app: notes.",
                metadata=NotesModel.metadata, routers=[notes_router], seed=_no_rows,
                render_error=render)
INBOX = AppSpec(name="inbox", title="Inbox", description="Test app: messages.",
                metadata=InboxModel.metadata, routers=[inbox_router], seed=_no_rows,
                render_error=render, handlers={"deliver": deliver})


def notes_app() -> Any:
    """`notes` alone in a process, with its control plane (peers from ARCADIA_PEERS)."""
    return create_app(NOTES, new_store([NOTES]), with_admin=True)


def inbox_app() -> Any:
    return create_app(INBOX, new_store([INBOX]), with_admin=True)
