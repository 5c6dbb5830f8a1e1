"""The pagination styles of the products we model; each app uses its product's own.

- page/per with a `Link` header (Gusto, Greenhouse): `paginate`, then `page_headers` (built
  on `link_header`).
- opaque cursor (`cursor` -> `next_cursor`): `cursor_page`.
- OData (Microsoft Graph): `$top`/`$skip` -> `@odata.nextLink`: `odata_page`.
- Google (`pageSize`/`pageToken` -> `nextPageToken`): `token_page`.

All are offset pagination over an ordered statement underneath (give it a total order);
tokens are deterministic, so replaying the same requests gives the same pages.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Any, Generic, TypeVar
from urllib.parse import urlencode

import orjson
from sqlalchemy import func
from sqlmodel import Session, select
from sqlmodel.sql.expression import SelectOfScalar
from starlette.datastructures import URL

from arcadia.apps.kernel.errors import invalid

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


@dataclass(frozen=True)
class Slice(Generic[T]):  # noqa: UP046
    """Items of one page and the token (cursor, link) of the next, None on the last page."""

    items: list[T]
    next: str | None


def paginate(session: Session, statement: SelectOfScalar[T], *, page: int, per: int) -> Page[T]:
    """Run `statement` for one page (1-based) and count the whole result.

    One scan: the total rides on each row as a window count (computed before LIMIT); only a
    page past the end, which has no rows to carry it, counts separately.
    """
    rows = session.execute(statement.add_columns(func.count().over())
                           .offset((page - 1) * per).limit(per)).all()
    if rows:
        return Page([r[0] for r in rows], page, per, int(rows[0][1]))
    total = 0 if page == 1 else session.exec(
        select(func.count()).select_from(statement.subquery())).one()
    return Page([], page, per, int(total))


def link_header(base_url: str, page: Page[Any], *, per_param: str = "per") -> str:
    """An RFC 8288 `Link` header with first/prev/next/last, as Gusto sends (Greenhouse
    names its page size `per_page`: `per_param="per_page"`)."""
    sep = "&" if "?" in base_url else "?"
    rels = {"first": 1, "last": page.pages}
    if page.page > 1:
        rels["prev"] = page.page - 1
    if page.page < page.pages:
        rels["next"] = page.page + 1
    return ", ".join(f'<{base_url}{sep}page={n}&{per_param}={page.per}>; rel="{rel}"'
                     for rel, n in rels.items())


def page_headers(url: URL, page: Page[Any], *, per_param: str = "per", counts: bool = True
                 ) -> dict[str, str]:
    """The headers of one page of a page/per list, in the order they are sent.

    Args:
        url: the request's URL; its `page` and `per_param` parameters are replaced in each
            link, the others kept.
        page: the page served.
        per_param: the product's name of the page size (Greenhouse's `per_page`).
        counts: Gusto's `X-Page`, `X-Per-Page`, `X-Total-Count` and `X-Total-Pages` before
            the `Link` (Greenhouse sends the `Link` only).
    """
    headers = {"X-Page": str(page.page), "X-Per-Page": str(page.per),
               "X-Total-Count": str(page.total), "X-Total-Pages": str(page.pages)} \
        if counts else {}
    base = str(url.remove_query_params(["page", per_param]))
    headers["Link"] = link_header(base, page, per_param=per_param)
    return headers


def _window(session: Session, statement: SelectOfScalar[T], offset: int, limit: int
            ) -> tuple[list[T], bool]:
    """`limit` items from `offset`, and whether more follow (one extra row is read)."""
    rows = list(session.exec(statement.offset(offset).limit(limit + 1)).all())
    return rows[:limit], len(rows) > limit


def encode_token(offset: int, kind: str) -> str:
    """An opaque, deterministic token for the page starting at `offset`."""
    raw = orjson.dumps({"k": kind, "o": offset})
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_token(token: str | None, kind: str, field: str) -> int:
    """The offset a token of `kind` stands for (0 when absent); a bad token is `invalid`."""
    if not token:
        return 0
    try:
        data = orjson.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
        offset = data["o"] if isinstance(data, dict) and data.get("k") == kind else None
    except (binascii.Error, ValueError, orjson.JSONDecodeError):
        offset = None
    if not isinstance(offset, int) or isinstance(offset, bool) or offset < 0:
        raise invalid(f"{field} {token!r} is not a token this API issued; send the value "
                      "from the previous page's response, or omit it for the first page.",
                      field)
    return offset


def cursor_page(session: Session, statement: SelectOfScalar[T], *, cursor: str | None,
                limit: int, field: str = "cursor") -> Slice[T]:
    """One page after an opaque `cursor`; `next` is the cursor of the following page."""
    offset = decode_token(cursor, "cursor", field)
    items, more = _window(session, statement, offset, limit)
    return Slice(items, encode_token(offset + limit, "cursor") if more else None)


def odata_page(session: Session, statement: SelectOfScalar[T], *, base_url: str, top: int,
               skip: int) -> Slice[T]:
    """One OData page (`$top`, `$skip`); `next` is the `@odata.nextLink` URL.

    `base_url` is the request URL without `$top`/`$skip` (other query options stay).
    """
    if top < 1 or skip < 0:
        raise invalid("$top must be at least 1 and $skip at least 0.", "$top" if top < 1
                      else "$skip")
    items, more = _window(session, statement, skip, top)
    if not more:
        return Slice(items, None)
    sep = "&" if "?" in base_url else "?"
    return Slice(items, f"{base_url}{sep}{urlencode({'$top': top, '$skip': skip + top})}")


def odata_body(values: list[Any], page: Slice[Any]) -> dict[str, Any]:
    """Graph's collection body: `value` plus `@odata.nextLink` when there is more."""
    body: dict[str, Any] = {"value": values}
    if page.next is not None:
        body["@odata.nextLink"] = page.next
    return body


def token_page(session: Session, statement: SelectOfScalar[T], *, page_size: int,
               page_token: str | None) -> Slice[T]:
    """One Google-style page (`pageSize`, `pageToken`); `next` is the `nextPageToken`."""
    offset = decode_token(page_token, "page", "pageToken")
    items, more = _window(session, statement, offset, page_size)
    return Slice(items, encode_token(offset + page_size, "page") if more else None)
