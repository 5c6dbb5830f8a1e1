"""`record-added-matching-v1` on hand-made diffs: a sent message or a booked event judged by
its recipients (exactly), its text (phrases, with alternative spellings) and pinned fields."""

from __future__ import annotations

import json

from arcadia.grader import CHECKS, Diff, GradeContext, Record
from arcadia.world import WorldSpec, generate_world

WORLD = generate_world(WorldSpec(seed=1, headcount=60))


def added(pk, row, table="messages", app="mail"):
    return Record(app, table, (pk,), None, row, {})


def ctx(*records):
    return GradeContext(Diff(list(records)), WORLD)


SENT = {"id": "m1", "folder": "sentitems", "owner": "ann@x.com", "subject": "RE: My raise",
        "body": "Hi Bo, payroll now has your new salary of $98,500 from Feb 20.",
        "to_recipients": json.dumps([{"emailAddress": {"name": "Bo", "address": "Bo@X.com"}}]),
        "cc_recipients": "[]"}
PARAMS = {"app": "mail", "table": "messages", "scope": {"folder": "sentitems"},
          "fields": {"id": {"generated": "str"}, "owner": "ann@x.com"},
          "members": {"to_recipients": {"exactly": ["bo@x.com"]},
                      "cc_recipients": {"exactly": []}},
          "text": {"body": [["98,500", "98500"], "Feb 20"], "subject": ["raise"]}}


def run(c, **params):
    return CHECKS.get("record-added-matching-v1").evaluate(c, params)


def test_passes_on_the_message_asked_for():
    verdict = run(ctx(added("m1", SENT)), **PARAMS)
    assert verdict.passed, verdict.reason
    other_spelling = {**SENT, "body": "Your salary is now 98500 effective feb   20."}
    assert run(ctx(added("m1", other_spelling)), **PARAMS).passed


def test_fails_without_the_change_or_with_two():
    assert not run(ctx(), **PARAMS).passed
    two = ctx(added("m1", SENT), added("m2", {**SENT, "id": "m2"}))
    assert "2 record(s) added in scope" in run(two, **PARAMS).reason


def test_fails_on_a_recipient_too_many_or_missing():
    extra = json.dumps([{"emailAddress": {"address": "bo@x.com"}},
                        {"emailAddress": {"address": "cy@x.com"}}])
    verdict = run(ctx(added("m1", {**SENT, "to_recipients": extra})), **PARAMS)
    assert not verdict.passed and "to_recipients" in verdict.reason
    cc = json.dumps([{"emailAddress": {"address": "cy@x.com"}}])
    assert not run(ctx(added("m1", {**SENT, "cc_recipients": cc})), **PARAMS).passed
    assert not run(ctx(added("m1", {**SENT, "to_recipients": "[]"})), **PARAMS).passed
    assert not run(ctx(added("m1", {**SENT, "to_recipients": "not json"})), **PARAMS).passed


def test_fails_on_missing_text_or_wrong_field():
    wrong = {**SENT, "body": "Hi Bo, payroll now has your new salary of $95,000 from Feb 20."}
    verdict = run(ctx(added("m1", wrong)), **PARAMS)
    assert not verdict.passed and "'98,500'" in verdict.reason
    assert not run(ctx(added("m1", {**SENT, "owner": "cy@x.com"})), **PARAMS).passed
    # a column the task does not name (an importance nobody asked for) fails too
    verdict = run(ctx(added("m1", {**SENT, "importance": "high"})), **PARAMS)
    assert not verdict.passed and "importance" in verdict.reason
    assert run(ctx(added("m1", {**SENT, "importance": "high"})),
               **{**PARAMS, "ignore": ["importance"]}).passed


def test_plain_value_lists_and_attendee_objects():
    event = {"id": "e1", "attendees": json.dumps([
        {"type": "required", "name": "Bo", "address": "bo@x.com", "response": "none"},
        {"type": "required", "name": "Cy", "address": "cy@x.com", "response": "none"}]),
        "categories": json.dumps(["Payroll"])}
    params = {"app": "calendar", "table": "events", "scope": {}, "fields": {"id": "e1"},
              "members": {"attendees": {"exactly": ["cy@x.com", "BO@x.com"]},
                          "categories": {"key": None, "exactly": ["Payroll"]}}}
    assert run(ctx(added("e1", event, "events", "calendar")), **params).passed
    params["members"]["attendees"] = {"exactly": ["bo@x.com"]}
    assert not run(ctx(added("e1", event, "events", "calendar")), **params).passed


def cell(row, col, value, kind="string", fmt=None, sheet=0):
    return added(f"s:{sheet}:{row}:{col}", {"spreadsheet_id": "S", "sheet_id": sheet,
                                             "row": row, "col": col, "kind": kind,
                                             "value": value, "fmt": fmt}, "cells", "sheets")


ROW = {"app": "sheets", "table": "cells", "scope": {"spreadsheet_id": "S", "sheet_id": 0},
       "group": "row", "key": "col", "value": "value",
       "entries": {"0": "Wendy Mills", "1": {"in": ["2026-03-09", 46090]}, "2": "Not in HRIS"},
       "ignore": ["kind", "fmt"]}


def group(c, **params):
    return CHECKS.get("group-added-v1").evaluate(c, params)


def test_group_added_a_spreadsheet_row():
    raw = ctx(cell(7, 0, "Wendy Mills"), cell(7, 1, "2026-03-09"), cell(7, 2, "Not in HRIS"))
    assert group(raw, **ROW).passed
    typed = ctx(cell(7, 0, "Wendy Mills"), cell(7, 1, "46090.0", "number", '{"t":"DATE"}'),
                cell(7, 2, "Not in HRIS"))
    assert group(typed, **ROW).passed
    assert not group(ctx(), **ROW).passed


def test_group_added_fails_on_a_missing_extra_or_wrong_cell_or_row():
    base = [cell(7, 0, "Wendy Mills"), cell(7, 1, "2026-03-09"), cell(7, 2, "Not in HRIS")]
    assert "wanted exactly" in group(ctx(*base[:2]), **ROW).reason
    assert not group(ctx(*base, cell(7, 3, "extra")), **ROW).passed
    wrong = group(ctx(base[0], cell(7, 1, "2026-03-10"), base[2]), **ROW)
    assert not wrong.passed and "col 1" in wrong.reason
    assert "2 row(s) added" in group(ctx(*base, cell(8, 0, "Wendy Mills")), **ROW).reason
    # another sheet's cells are outside the scope
    assert group(ctx(*base, cell(1, 0, "x", sheet=1)), **ROW).passed
    # a column neither judged nor ignored fails
    strict = {**ROW, "ignore": ["kind"]}
    assert "fmt" in group(ctx(*base[:1], cell(7, 1, "2026-03-09", fmt="{}"), base[2]),
                        **strict).reason


def test_group_added_anchored_on_a_cell_counts_only_that_row():
    wendy = [cell(7, 0, "Wendy Mills"), cell(7, 1, "2026-03-09"), cell(7, 2, "Not in HRIS")]
    jenny = [cell(8, 0, "Jenny Smith"), cell(8, 1, "2026-03-09"), cell(8, 2, "Not in HRIS")]
    anchored = {**ROW, "anchor": "0"}
    assert group(ctx(*jenny, *wendy), **anchored).passed  # any order, any row
    assert not group(ctx(*jenny), **anchored).passed
    twice = [cell(9, 0, "Wendy Mills"), cell(9, 1, "2026-03-09"), cell(9, 2, "Not in HRIS")]
    assert "2 row(s) added" in group(ctx(*wendy, *twice), **anchored).reason
    wrong = [wendy[0], cell(7, 1, "2026-03-16"), wendy[2]]
    assert not group(ctx(*wrong, *jenny), **anchored).passed
