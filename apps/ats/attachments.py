"""Files on candidates and applications: the types Harvest takes, and where a file is kept."""

from __future__ import annotations

from typing import Any

from arcadia.apps.ats import schemas as s
from arcadia.apps.ats import views
from arcadia.apps.kernel import Ctx, invalid, json_text

TYPES = ("resume", "cover_letter", "admin_only", "take_home_test", "offer_packet",
         "offer_letter", "signed_offer_letter", "other")


def entry(ctx: Ctx, a: s.AttachmentIn, owner: str) -> dict[str, Any]:
    """The stored file (`owner`: the record's path, as in its URL), after its checks."""
    if a.type not in TYPES:
        raise invalid(f"type must be one of {', '.join(TYPES)}.", "type")
    if (a.content is None) == (a.url is None):
        raise invalid("Send the file as exactly one of content (base64) or url.", "content")
    return {"filename": a.filename, "type": a.type, "created_at": views.ts(ctx.now),
            "url": f"https://files.arcadia.test/ats/{owner}/{ctx.next_seq('attachment')}/"
                   f"{a.filename}"}


def for_new_application(ctx: Ctx, items: list[s.AttachmentIn] | None) -> str:
    """The JSON column of a new application's files."""
    return json_text([entry(ctx, x, "application") for x in items or []])
