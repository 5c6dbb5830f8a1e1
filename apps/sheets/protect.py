"""Named ranges and protected ranges (addNamedRange, updateNamedRange, deleteNamedRange,
addProtectedRange, updateProtectedRange, deleteProtectedRange), and protection itself.

A protected range that is not warningOnly may be edited by the spreadsheet's owner and its
editors: `users` (email addresses), `groups` (here: the company's roles, `finance`), or
everyone who may edit the spreadsheet when `domainUsersCanEdit`. Anyone else's write to one
of its cells (outside its unprotectedRanges), deletion of its rows, columns or sheet, and
change to the protection itself is refused with 403 PERMISSION_DENIED, as Sheets does.
"""

from __future__ import annotations

import re
from typing import Any

from arcadia.apps.kernel import Ctx, forbidden, invalid
from arcadia.apps.sheets import grid
from arcadia.apps.sheets.a1 import RangeError, parse_ref
from arcadia.apps.sheets.book import Book, SheetState
from arcadia.apps.sheets.ids import new_id
from arcadia.apps.sheets.rewrite import rename_name

PROTECTED = ("You are trying to edit a protected cell or object. Please contact the spreadsheet "
             "owner to remove protection if you need to edit.")
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,249}$")
Box = tuple[int, int, int, int]


# -- who may edit ----------------------------------------------------------------------------

def can_edit(ctx: Ctx, book: Book, p: dict[str, Any]) -> bool:
    """Whether the caller may edit the protected range `p`."""
    if p.get("warningOnly") or book.owner_id == ctx.principal.id:
        return True
    editors = p.get("editors") or {}
    email = ctx.principal.email.lower()
    return bool(editors.get("domainUsersCanEdit")) or \
        any(u.lower() == email for u in editors.get("users") or []) or \
        ctx.principal.has_any(tuple(editors.get("groups") or ()))


def refresh_locks(ctx: Ctx, book: Book) -> None:
    """Each sheet's boxes the caller may not write (with their unprotected holes)."""
    for s in book.sheets:
        s.locks = ()
    for s in book.sheets:
        locks = []
        for p in s.protected:
            if can_edit(ctx, book, p):
                continue
            holes = tuple(grid.clip(book, g) for g in p.get("unprotectedRanges") or [])
            locks.append((grid.clip(book, p["range"]), holes))
        s.locks = tuple(locks)


def _locked(sheet: SheetState, cell: tuple[int, int]) -> bool:
    return any(grid.inside(cell, box) and not any(grid.inside(cell, h) for h in holes)
               for box, holes in sheet.locks)


def check_cell(sheet: SheetState, r: int, c: int) -> None:
    if _locked(sheet, (r, c)):
        raise forbidden(PROTECTED)


def check_box(sheet: SheetState, box: Box) -> None:
    """Refuse an edit of every cell of `box` (merging, validation, pasting) if any of them
    is locked."""
    for lock, holes in sheet.locks:
        if grid.overlaps(box, lock) and not any(
                h[0] <= max(box[0], lock[0]) and min(box[1], lock[1]) <= h[1]
                and h[2] <= max(box[2], lock[2]) and min(box[3], lock[3]) <= h[3]
                for h in holes):
            raise forbidden(PROTECTED)


def check_dimension(sheet: SheetState, rows: bool, start: int, end: int, *, insert: bool
                    ) -> None:
    """Refuse deleting rows/columns that cross a lock, or inserting inside one."""
    for (r0, r1, c0, c1), _ in sheet.locks:
        lo, hi = (r0, r1) if rows else (c0, c1)
        if (insert and lo < start < hi) or (not insert and start < hi and lo < end):
            raise forbidden(PROTECTED)


def check_sheet(sheet: SheetState) -> None:
    if sheet.locks:
        raise forbidden(PROTECTED)


# -- named ranges ----------------------------------------------------------------------------

def named_range(book: Book, name: str) -> dict[str, Any] | None:
    low = name.lower()
    return next((n for n in book.named if n["name"].lower() == low), None)


def _name_ok(book: Book, name: Any, field: str, but: dict[str, Any] | None = None) -> str:
    if not isinstance(name, str) or not NAME.match(name) or name.upper() in ("TRUE", "FALSE"):
        raise invalid(f"Invalid {field}: {name!r} is not a valid name: use 1 to 250 letters, "
                      "digits and underscores, not starting with a digit.", field)
    try:
        parse_ref(name)
    except RangeError:
        pass
    else:
        raise invalid(f"Invalid {field}: {name!r} is a cell reference; a name may not be.",
                      field)
    other = named_range(book, name)
    if other is not None and other is not but:
        raise invalid(f"Invalid {field}: a named range called {other['name']!r} already "
                      "exists.", field)
    return name


def _named_by_id(book: Book, nid: Any, field: str) -> dict[str, Any]:
    found = next((n for n in book.named if n["namedRangeId"] == nid), None)
    if found is None:
        raise invalid(f"No named range with id: {nid}", field)
    return found


def add_named_range(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    item = body.get("namedRange") or {}
    f = f"{field}.namedRange"
    name = _name_ok(book, item.get("name"), f"{f}.name")
    rng = grid.check(book, item.get("range"), f"{f}.range")
    nid = item.get("namedRangeId")
    taken = {n["namedRangeId"] for n in book.named}
    if nid in taken:
        raise invalid(f"Invalid {f}.namedRangeId: a named range with id {nid} already exists.",
                      f"{f}.namedRangeId")
    if not nid:
        nid = str(new_id(ctx, "namedRange", {int(t) for t in taken if t.isdigit()}))
    named = {"namedRangeId": nid, "name": name, "range": rng}
    book.named.append(named)
    return {"addNamedRange": {"namedRange": named}}


def update_named_range(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                       ) -> dict[str, Any]:
    item = body.get("namedRange") or {}
    f = f"{field}.namedRange"
    found = _named_by_id(book, item.get("namedRangeId"), f"{f}.namedRangeId")
    names = grid.mask(body.get("fields"), f"{field}.fields")
    new = dict(found)
    if grid.wants(names, "name"):
        new["name"] = _name_ok(book, item.get("name"), f"{f}.name", but=found)
        if new["name"] != found["name"]:  # formulas using the name follow it, as in Sheets
            _rename_in_formulas(book, found["name"], new["name"])
    if grid.wants(names, "range"):
        new["range"] = grid.check(book, item.get("range"), f"{f}.range")
    found.update(new)
    for s in book.sheets:  # protections and filter views backed by it follow it
        for p in s.protected:
            if p.get("namedRangeId") == found["namedRangeId"]:
                p["range"] = found["range"]
        for v in s.kind("filterView"):
            if v.get("namedRangeId") == found["namedRangeId"]:
                v["range"] = found["range"]
    _rehome(book)
    return {}


def _rename_in_formulas(book: Book, old: str, new: str) -> None:
    for s in book.sheets:
        for key, e in list(s.cells.items()):
            if e.kind == "formula":
                text = rename_name(e.value, old, new)
                if text != e.value:
                    s.cells[key] = type(e)("formula", text, e.fmt)


def delete_named_range(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                       ) -> dict[str, Any]:
    found = _named_by_id(book, body.get("namedRangeId"), f"{field}.namedRangeId")
    book.named.remove(found)
    for s in book.sheets:  # a protection or filter view keeps the range it had
        for item in s.protected + s.kind("filterView"):
            if item.get("namedRangeId") == found["namedRangeId"]:
                del item["namedRangeId"]
    return {}


def _rehome(book: Book) -> None:
    """Protections and filter views live on the sheet of their range (a named range moved
    to another sheet takes them along)."""
    for s in book.sheets:
        for p in [p for p in s.protected if grid.sheet_of(p["range"]) != s.sheet_id]:
            s.protected.remove(p)
            book.by_id(grid.sheet_of(p["range"])).protected.append(p)  # type: ignore[union-attr]
        views = s.kind("filterView")
        for v in [v for v in views if grid.sheet_of(v["range"]) != s.sheet_id]:
            views.remove(v)
            book.by_id(grid.sheet_of(v["range"])).kind("filterView").append(v)  # type: ignore[union-attr]


# -- protected ranges ------------------------------------------------------------------------

def _protected_by_id(book: Book, pid: Any, field: str) -> tuple[SheetState, dict[str, Any]]:
    for s in book.sheets:
        for p in s.protected:
            if p["protectedRangeId"] == pid:
                return s, p
    raise invalid(f"No protected range with id: {pid}", field)


def _protection(ctx: Ctx, book: Book, item: dict[str, Any], f: str,
                old: dict[str, Any] | None, names: list[str] | None) -> dict[str, Any]:
    """A protected range from a request (all of it, or the masked fields over `old`)."""
    def set_(name: str) -> bool:
        return names is None or grid.wants(names, name)

    out = dict(old or {})
    if item.get("tableId"):
        raise invalid(f"Invalid {f}.tableId: protect the table's range instead.", f"{f}.tableId")
    if set_("range") or set_("namedRangeId"):
        given_range = item.get("range") is not None and set_("range")
        given_name = item.get("namedRangeId") is not None and set_("namedRangeId")
        if given_range == given_name and old is None:
            raise invalid(f"Invalid {f}: set exactly one of range and namedRangeId.", f)
        if given_name:
            named = _named_by_id(book, item["namedRangeId"], f"{f}.namedRangeId")
            out["namedRangeId"], out["range"] = named["namedRangeId"], named["range"]
        elif given_range:
            out.pop("namedRangeId", None)
            out["range"] = grid.check(book, item["range"], f"{f}.range")
    for key in ("description", "warningOnly"):
        if set_(key):
            if item.get(key) in (None, "", False):
                out.pop(key, None)
            else:
                out[key] = item[key]
    if set_("unprotectedRanges"):
        holes = [grid.check(book, g, f"{f}.unprotectedRanges[{i}]")
                 for i, g in enumerate(item.get("unprotectedRanges") or [])]
        out.pop("unprotectedRanges", None)
        if holes:
            out["unprotectedRanges"] = holes
    if out.get("unprotectedRanges"):
        whole = grid.bounds(out["range"]) == grid.FULL
        if not whole or any(grid.sheet_of(g) != grid.sheet_of(out["range"])
                            for g in out["unprotectedRanges"]):
            raise invalid(f"Invalid {f}.unprotectedRanges: unprotected ranges are only "
                          "supported on a protected sheet (a range with only a sheetId), and "
                          "must lie on that sheet.", f"{f}.unprotectedRanges")
    if out.get("warningOnly"):
        out.pop("editors", None)  # warning-only protection has no editors (as in Sheets)
    elif set_("editors") and item.get("editors") is not None:
        editors = {k: v for k, v in item["editors"].items() if v not in (None, [], False)}
        if editors:
            out["editors"] = editors
        else:
            out.pop("editors", None)
    if not out.get("warningOnly") and "editors" not in out:
        out["editors"] = {"users": [ctx.principal.email]}
    return out


def add_protected_range(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                        ) -> dict[str, Any]:
    item = body.get("protectedRange") or {}
    f = f"{field}.protectedRange"
    taken = {p["protectedRangeId"] for s in book.sheets for p in s.protected}
    pid = item.get("protectedRangeId")
    if pid in taken:
        raise invalid(f"Invalid {f}.protectedRangeId: a protected range with id {pid} already "
                      "exists.", f"{f}.protectedRangeId")
    p = {"protectedRangeId": pid or new_id(ctx, "protectedRange", taken),
         **_protection(ctx, book, item, f, None, None)}
    grid.sheet(book, grid.sheet_of(p["range"]), f"{f}.range.sheetId").protected.append(p)
    return {"addProtectedRange": {"protectedRange": rendered(ctx, book, p)}}


def update_protected_range(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                           ) -> dict[str, Any]:
    item = body.get("protectedRange") or {}
    f = f"{field}.protectedRange"
    sheet, found = _protected_by_id(book, item.get("protectedRangeId"), f"{f}.protectedRangeId")
    if not can_edit(ctx, book, found):
        raise forbidden(PROTECTED)
    names = grid.mask(body.get("fields"), f"{field}.fields")
    new = _protection(ctx, book, item, f, found, names)
    sheet.protected[sheet.protected.index(found)] = new
    _rehome(book)
    return {}


def delete_protected_range(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                           ) -> dict[str, Any]:
    sheet, found = _protected_by_id(book, body.get("protectedRangeId"),
                                    f"{field}.protectedRangeId")
    if not can_edit(ctx, book, found):
        raise forbidden(PROTECTED)
    sheet.protected.remove(found)
    return {}


def rendered(ctx: Ctx, book: Book, p: dict[str, Any]) -> dict[str, Any]:
    """A protected range as the caller sees it: requestingUserCanEdit, and its editors only
    for those who may edit it (as Sheets shows them)."""
    mine = can_edit(ctx, book, p)
    out = {k: v for k, v in p.items() if k != "editors" or mine}
    out["requestingUserCanEdit"] = mine
    return out


HANDLERS = {"addNamedRange": add_named_range, "updateNamedRange": update_named_range,
            "deleteNamedRange": delete_named_range, "addProtectedRange": add_protected_range,
            "updateProtectedRange": update_protected_range,
            "deleteProtectedRange": delete_protected_range}
