"""The meta lists: employee fields (`GET /meta/fields`) and list field options
(`GET /meta/lists`).
"""

from __future__ import annotations

from pydantic import BaseModel
from pydantic import Field as WireField


class MetaField(BaseModel):
    id: int = WireField(description="Numeric field id (usable in `fields=`).")
    name: str = WireField(description="Human-readable name.")
    type: str = WireField(description="BambooHR field type.")
    alias: str = WireField(description="API field name.")


class ListOptionOut(BaseModel):
    id: int = WireField(description="Option id.")
    archived: str = WireField(description="`yes` or `no`.")
    name: str = WireField(description="Option value to send in writes.")


class MetaList(BaseModel):
    fieldId: int = WireField(description="Numeric id of the list field.")
    manageable: str = WireField(description="`yes` if options may be managed.")
    multiple: str = WireField(description="`yes` if several options may be chosen.")
    name: str = WireField(description="Field name.")
    alias: str = WireField(description="API field name.")
    options: list[ListOptionOut] = WireField(description="Allowed values.")
