"""The building blocks of payroll's wire models: the input base, a UUID field with its
entity name, the `version` description and the amount parsers."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from arcadia.apps.kernel import entity

VERSION_DOC = ("The current version of the object, derived from its updatable attributes; "
               "send it back unchanged when updating (a stale version gets 409).")


def uuid_field(name: str, what: str) -> Any:
    return Field(description=f"The UUID of the {what}.", json_schema_extra=entity(name))


class In(BaseModel):
    model_config = ConfigDict(extra="forbid")


def decimal_text(value: Any) -> Any:
    """Accept `85000`, `85000.5` or `"85000.50"`; the service checks the amount itself."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return str(value)
    return value


# A plain amount: ASCII digits (at most ten before the point), at most two decimals; no
# exponent, no NaN/Infinity, no other script's digits (Decimal would accept all of those).
_MONEY = re.compile(r"[0-9]{1,10}(\.[0-9]{1,2})?")


def parse_money(text: str) -> Decimal | None:
    """A positive amount with at most two decimals, or None when `text` is not one."""
    if not isinstance(text, str) or not _MONEY.fullmatch(text.strip()):
        return None
    value = Decimal(text.strip())
    return value if value > 0 else None
