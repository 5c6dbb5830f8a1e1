"""Offset pagination shared by the apps; each app names the parameters its product uses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from sqlalchemy import func
from sqlmodel import Session, select
from sqlmodel.sql.expression import SelectOfScalar

T = TypeVar("T")


@dataclass(frozen=True)
class Page(Generic[T]):  # noqa: UP046 (Python 3.11 has no PEP 695)
    items: list[T]
    page: int
    per: int
    total: int

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.per))


def paginate(session: Session, statement: SelectOfScalar[T], *, page: int, per: int) -> Page[T]:
    """Run `statement` for one page (1-based) and count the whole result."""
    total = session.exec(select(func.count()).select_from(statement.subquery())).one()
    items = list(session.exec(statement.offset((page - 1) * per).limit(per)).all())
    return Page(items, page, per, int(total))


def link_header(base_url: str, page: Page[Any]) -> str:
    """An RFC 8288 `Link` header with first/prev/next/last, as Gusto sends."""
    sep = "&" if "?" in base_url else "?"
    rels = {"first": 1, "last": page.pages}
    if page.page > 1:
        rels["prev"] = page.page - 1
    if page.page < page.pages:
        rels["next"] = page.page + 1
    return ", ".join(f'<{base_url}{sep}page={n}&per={page.per}>; rel="{rel}"'
                     for rel, n in rels.items())
