"""What the HRIS's wire models share: the strict body base, ids sent as text, the
employee-id marker and `plain` (what a client sent).
"""

from __future__ import annotations

from typing import Annotated, Any, TypeAlias

from pydantic import BaseModel, BeforeValidator, ConfigDict

from arcadia.apps.kernel import entity

EMPLOYEE = entity("EmployeeId")


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


# An id (or a name) as text; a JSON number is read as its digits, so the document carries
# no float bounds: the services check ids as ASCII digits within 64 bits.
IdText: TypeAlias = Annotated[str, BeforeValidator(  # noqa: UP040
    lambda v: str(v) if isinstance(v, int) and not isinstance(v, bool) else v)]


def plain(model: BaseModel) -> dict[str, Any]:
    """The fields a client actually sent (explicit nulls included)."""
    return model.model_dump(exclude_unset=True, by_alias=True)
