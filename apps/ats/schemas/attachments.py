"""Files on a candidate or an application."""

from __future__ import annotations

from pydantic import BaseModel, Field

from arcadia.apps.ats.schemas.common import Strict, d


class Attachment(BaseModel):
    filename: str = d("File name.")
    url: str = d("Where to download it.")
    type: str = d("resume, cover_letter, admin_only, take_home_test, offer_packet, ...")
    created_at: str = d("When attached.")


class AttachmentIn(Strict):
    filename: str = Field(min_length=1, max_length=255, description="File name.")
    type: str = d("resume, cover_letter, admin_only, take_home_test, offer_packet, "
                  "offer_letter, signed_offer_letter or other.")
    content: str | None = Field(None, max_length=200_000,
                                description="The file, base64 encoded (or give url).")
    url: str | None = Field(None, max_length=2000, description="Where to fetch the file.")
    content_type: str | None = d("The file's MIME type.")


class AttachmentOut(BaseModel):
    filename: str = d("File name.")
    url: str = d("Where to download it.")
    type: str = d("Its type.")
    content_type: str | None = d("The MIME type.")
