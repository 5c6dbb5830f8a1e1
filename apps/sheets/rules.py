"""Conditional format rules (addConditionalFormatRule, updateConditionalFormatRule,
deleteConditionalFormatRule) and bandings (addBanding, updateBanding, deleteBanding).

A sheet's rules are an ordered list, named by position; a rule formats its ranges' cells
where its condition holds (a boolean rule) or colors numbers along a gradient (a gradient
rule), shown in each cell's effectiveFormat (`render.effective_format`).
"""

from __future__ import annotations

import copy
from typing import Any

from arcadia.apps.kernel import Ctx, invalid
from arcadia.apps.sheets import conditions as cond
from arcadia.apps.sheets import grid, styles
from arcadia.apps.sheets.book import Book, SheetState
from arcadia.apps.sheets.ids import new_id

# Conditional formatting can only apply these parts of a format (as in Sheets).
RULE_FORMAT = {"backgroundColor", "backgroundColorStyle", "textFormat"}
RULE_TEXT = {"bold", "italic", "strikethrough", "underline", "foregroundColor",
             "foregroundColorStyle"}


def _rule(book: Book, rule: dict[str, Any] | None, f: str) -> dict[str, Any]:
    rule = rule or {}
    ranges = [grid.check(book, g, f"{f}.ranges[{i}]") for i, g in enumerate(rule.get("ranges")
                                                                            or [])]
    if not ranges:
        raise invalid(f"Invalid {f}.ranges: a rule needs at least one range.", f"{f}.ranges")
    if len({grid.sheet_of(g) for g in ranges}) > 1:
        raise invalid(f"Invalid {f}.ranges: all of a rule's ranges must be on one sheet.",
                      f"{f}.ranges")
    kinds = [k for k in ("booleanRule", "gradientRule") if rule.get(k) is not None]
    if len(kinds) != 1:
        raise invalid(f"Invalid {f}: set exactly one of booleanRule and gradientRule.", f)
    out: dict[str, Any] = {"ranges": ranges}
    if kinds[0] == "booleanRule":
        b = rule["booleanRule"]
        bad = cond.problem(b.get("condition"), allowed=cond.FOR_FORMATTING)
        if bad:
            raise invalid(f"Invalid {f}.booleanRule.condition: {bad}.",
                          f"{f}.booleanRule.condition")
        fmt = b.get("format") or {}
        extra = sorted(set(fmt) - RULE_FORMAT) + sorted(
            f"textFormat.{k}" for k in set(fmt.get("textFormat") or {}) - RULE_TEXT)
        if extra:
            raise invalid(f"Invalid {f}.booleanRule.format: conditional formatting can only "
                          "apply bold, italic, strikethrough, underline, the text color and "
                          f"the background color, not {', '.join(extra)}.",
                          f"{f}.booleanRule.format")
        out["booleanRule"] = {"condition": b["condition"], "format": styles.sync(fmt)}
    else:
        g = rule["gradientRule"]
        points = {}
        for name in ("minpoint", "midpoint", "maxpoint"):
            p = g.get(name)
            if p is None:
                if name != "midpoint":
                    raise invalid(f"Invalid {f}.gradientRule.{name}: a gradient needs a "
                                  "minpoint and a maxpoint.", f"{f}.gradientRule.{name}")
                continue
            kind = p.get("type")
            if kind in (None, "INTERPOLATION_POINT_TYPE_UNSPECIFIED") or (
                    kind not in ("MIN", "MAX") and not p.get("value")):
                raise invalid(f"Invalid {f}.gradientRule.{name}: set a type (MIN, MAX, NUMBER, "
                              "PERCENT, PERCENTILE) and, but for MIN/MAX, a value.",
                              f"{f}.gradientRule.{name}")
            if not (p.get("color") or p.get("colorStyle")):
                raise invalid(f"Invalid {f}.gradientRule.{name}: set its colorStyle.",
                              f"{f}.gradientRule.{name}")
            points[name] = styles.sync(p)
        out["gradientRule"] = points
    return out


def _rules(book: Book, sid: Any, field: str) -> tuple[SheetState, list[dict[str, Any]]]:
    sheet = grid.sheet(book, sid, field)
    return sheet, sheet.kind("conditionalFormat")


def _at(rules: list[dict[str, Any]], index: Any, field: str) -> int:
    i = index or 0
    if not 0 <= i < len(rules):
        raise invalid(f"Invalid {field}: no conditional format rule at index {i} (the sheet "
                      f"has {len(rules)}).", field)
    return int(i)


def add_rule(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    rule = _rule(book, body.get("rule"), f"{field}.rule")
    _, rules = _rules(book, grid.sheet_of(rule["ranges"][0]), f"{field}.rule.ranges")
    index = body.get("index") or 0
    if index > len(rules):
        raise invalid(f"Invalid {field}.index: {index} is past the end of the sheet's rules "
                      f"({len(rules)}).", f"{field}.index")
    rules.insert(index, rule)
    return {}


def _index_fields(new_index: int, new_rule: dict[str, Any], old_index: int | None = None,
                  old_rule: dict[str, Any] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"newRule": new_rule}
    if new_index:  # integers without presence: 0 is left out, as Google writes them
        out["newIndex"] = new_index
    if old_index:
        out["oldIndex"] = old_index
    if old_rule is not None:
        out["oldRule"] = old_rule
    return out


def update_rule(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    if (body.get("rule") is None) == (body.get("newIndex") is None):
        raise invalid(f"Invalid {field}: set exactly one of rule (to replace the rule) and "
                      "newIndex (to move it).", field)
    if body.get("newIndex") is not None:
        _, rules = _rules(book, body.get("sheetId"), f"{field}.sheetId")
        old = _at(rules, body.get("index"), f"{field}.index")
        new = _at(rules, body["newIndex"], f"{field}.newIndex")
        rule = rules.pop(old)
        rules.insert(new, rule)
        return {"updateConditionalFormatRule": _index_fields(new, rule, old_index=old)}
    rule = _rule(book, body["rule"], f"{field}.rule")
    sid = body.get("sheetId", grid.sheet_of(rule["ranges"][0]))
    sheet, rules = _rules(book, sid, f"{field}.sheetId")
    i = _at(rules, body.get("index"), f"{field}.index")
    if grid.sheet_of(rule["ranges"][0]) != sheet.sheet_id:
        raise invalid(f"Invalid {field}.rule.ranges: the rule's ranges must be on the rule's "
                      "sheet.", f"{field}.rule.ranges")
    old_rule = rules[i]
    rules[i] = rule
    return {"updateConditionalFormatRule": _index_fields(i, rule, old_rule=old_rule)}


def delete_rule(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    _, rules = _rules(book, body.get("sheetId"), f"{field}.sheetId")
    rule = rules.pop(_at(rules, body.get("index"), f"{field}.index"))
    return {"deleteConditionalFormatRule": {"rule": rule}}


# -- bandings --------------------------------------------------------------------------------

def _band_props(p: dict[str, Any] | None, f: str) -> dict[str, Any] | None:
    if p is None:
        return None
    for name in ("firstBandColor", "secondBandColor"):
        if not (p.get(name) or p.get(name + "Style")):
            raise invalid(f"Invalid {f}.{name}Style: a banding needs its first and second "
                          "band colors.", f"{f}.{name}Style")
    return styles.sync(p)  # type: ignore[no-any-return]


def _banding(book: Book, item: dict[str, Any], f: str, but: dict[str, Any] | None = None
             ) -> dict[str, Any]:
    rng = grid.check(book, item.get("range"), f"{f}.range")
    rows = _band_props(item.get("rowProperties"), f"{f}.rowProperties")
    cols = _band_props(item.get("columnProperties"), f"{f}.columnProperties")
    if rows is None and cols is None:
        raise invalid(f"Invalid {f}: set rowProperties or columnProperties.", f)
    box = grid.clip(book, rng)
    sheet = grid.sheet(book, grid.sheet_of(rng), f"{f}.range.sheetId")
    for other in sheet.kind("banding"):
        if other is not but and grid.overlaps(box, grid.clip(book, other["range"])):
            raise invalid(f"Invalid {f}.range: it overlaps the banding "
                          f"{other['bandedRangeId']} ({grid.box_text(book, other['range'])}); "
                          "bandings cannot overlap.", f"{f}.range")
    out: dict[str, Any] = {"range": rng}
    if rows is not None:
        out["rowProperties"] = rows
    if cols is not None:
        out["columnProperties"] = cols
    return out


def _band(book: Book, bid: Any, field: str) -> tuple[SheetState, dict[str, Any]]:
    for s in book.sheets:
        for b in s.kind("banding"):
            if b["bandedRangeId"] == bid:
                return s, b
    raise invalid(f"No banded range with id: {bid}", field)


def add_banding(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    item = body.get("bandedRange") or {}
    f = f"{field}.bandedRange"
    taken = {b["bandedRangeId"] for s in book.sheets for b in s.kind("banding")}
    bid = item.get("bandedRangeId")
    if bid in taken:
        raise invalid(f"Invalid {f}.bandedRangeId: a banding with id {bid} already exists.",
                      f"{f}.bandedRangeId")
    band = {"bandedRangeId": bid or new_id(ctx, "banding", taken), **_banding(book, item, f)}
    book.by_id(grid.sheet_of(band["range"])).kind("banding").append(band)  # type: ignore[union-attr]
    return {"addBanding": {"bandedRange": band}}


def update_banding(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    item = body.get("bandedRange") or {}
    f = f"{field}.bandedRange"
    sheet, old = _band(book, item.get("bandedRangeId"), f"{f}.bandedRangeId")
    names = grid.mask(body.get("fields"), f"{field}.fields")
    merged = copy.deepcopy(old)
    for key in ("range", "rowProperties", "columnProperties"):
        if "*" in names or key in names:
            merged.pop(key, None)
            if item.get(key) is not None:
                merged[key] = item[key]
        else:
            for n in names:
                if n.startswith(key + "."):
                    sub = n.split(".", 1)[1]
                    part = dict(merged.get(key) or {})
                    part.pop(sub, None)
                    part.pop(sub.removesuffix("Style"), None)
                    given = (item.get(key) or {}).get(sub)
                    if given is not None:
                        part[sub] = given
                    merged[key] = part
    new = {"bandedRangeId": old["bandedRangeId"], **_banding(book, merged, f, but=old)}
    bands = sheet.kind("banding")
    bands[bands.index(old)] = new
    if grid.sheet_of(new["range"]) != sheet.sheet_id:
        bands.remove(new)
        book.by_id(grid.sheet_of(new["range"])).kind("banding").append(new)  # type: ignore[union-attr]
    return {}


def delete_banding(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    sheet, old = _band(book, body.get("bandedRangeId"), f"{field}.bandedRangeId")
    sheet.kind("banding").remove(old)
    return {}


HANDLERS = {"addConditionalFormatRule": add_rule, "updateConditionalFormatRule": update_rule,
            "deleteConditionalFormatRule": delete_rule, "addBanding": add_banding,
            "updateBanding": update_banding, "deleteBanding": delete_banding}
