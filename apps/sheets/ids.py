"""Sheets' ids, minted from the episode's sequences: spreadsheet ids (44 URL-safe
characters) and the opaque 31-bit numbers of sheets, named and protected ranges, filter
views, charts and the other objects of a spreadsheet."""

from __future__ import annotations

import base64
import hashlib

from arcadia.apps.kernel import Ctx


def new_spreadsheet_id(ctx: Ctx) -> str:
    digest = hashlib.sha256(f"sheets:spreadsheet:{ctx.next_seq('spreadsheet')}".encode())
    return base64.urlsafe_b64encode(digest.digest()).decode()[:44]


def new_sheet_id(ctx: Ctx, taken: set[int]) -> int:
    return new_id(ctx, "sheet", taken)


def new_id(ctx: Ctx, kind: str, taken: set[int]) -> int:
    """A new id of `kind` (sheet, namedRange, protectedRange, object, ...): Sheets' ids are
    opaque 31-bit numbers; ours are minted from the episode's sequence of that kind."""
    while True:
        digest = hashlib.sha256(f"sheets:{kind}:{ctx.next_seq(kind)}".encode()).digest()
        sid = int.from_bytes(digest[:4], "big") % 2_000_000_000 + 1
        if sid not in taken:
            return sid
