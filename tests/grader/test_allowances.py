"""Allowances for added records beyond the gold, on hand-made diffs.

- `no-collateral-v1`: an allowance's `where` scopes the added records it covers (judged on
  the record as added), `max_added` caps them, and an added record that two allowances cover
  takes room from whichever leaves room for the others: the verdict does not depend on the
  order the records were added in;
- `record-added-matching-v1`'s `beyond`: up to that many further records in scope are left
  to the guard, and `count` of the records in scope must still be as asked.
"""

from __future__ import annotations

from arcadia.grader import CHECKS, GUARDS, Diff, GradeContext, Record
from arcadia.world import WorldSpec, generate_world

WORLD = generate_world(WorldSpec(seed=1, headcount=60))


def added(pk: str, to: str, text: str = "") -> Record:
    return Record("mail", "bodies", (pk,), None,
                  {"id": pk, "to_json": f'[{{"address": "{to}"}}]', "content": text}, {})


def guard(*records: Record, allow: list[dict]) -> str:
    ctx = GradeContext(Diff(list(records)), WORLD)
    return GUARDS.get("no-collateral-v1").evaluate(ctx, {"allow": allow}).state


GOLD = {"app": "mail", "table": "bodies", "kinds": ["added"], "max_added": 1}
TO_ANN = {**GOLD, "where": {"to_json": {"contains": "ann@example.com"}}}


def test_an_allowance_scopes_added_records_by_where_and_caps_them() -> None:
    ann, bob = added("b1", "ann@example.com"), added("b2", "bob@example.com")
    assert guard(ann, allow=[TO_ANN]) == "complied"
    assert guard(bob, allow=[TO_ANN]) == "breached"
    assert guard(ann, added("b3", "ann@example.com"), allow=[TO_ANN]) == "breached"
    assert guard(ann, added("b3", "ann@example.com"),
                 allow=[{**TO_ANN, "max_added": 2}]) == "complied"


def test_overlapping_allowances_do_not_depend_on_the_order_of_the_records() -> None:
    """The gold's mail (to bob: only the unscoped allowance covers it) and an extra to ann
    (both cover it), in either order; a third mail is still stray."""
    ann, bob = added("b1", "ann@example.com"), added("b2", "bob@example.com")
    for allow in ([GOLD, TO_ANN], [TO_ANN, GOLD]):
        assert guard(ann, bob, allow=allow) == "complied", allow
        assert guard(bob, ann, allow=allow) == "complied", allow
        assert guard(ann, bob, added("b3", "cid@example.com"), allow=allow) == "breached"
        assert guard(ann, bob, added("b3", "ann@example.com"), allow=allow) == "breached"


def check(*records: Record, **params: object) -> tuple[bool, str]:
    ctx = GradeContext(Diff(list(records)), WORLD)
    p = {"app": "mail", "table": "bodies", "scope": {}, "count": 1,
         "fields": {"id": {"generated": "str"}, "to_json": {"contains": "bob@example.com"}},
         "text": {"content": ["done"]}, **params}
    v = CHECKS.get("record-added-matching-v1").evaluate(ctx, p)
    return v.passed, v.reason


def test_beyond_tolerates_extras_in_scope_but_still_wants_the_record_asked_for() -> None:
    gold, extra = added("b1", "bob@example.com", "done"), added("b2", "ann@example.com")
    assert check(gold)[0] and check(gold, beyond=1)[0]
    assert not check(gold, extra)[0]  # exactly `count` without it
    assert check(extra, gold, beyond=1)[0]
    # the extra alone is not the record asked for, and two extras are past the bound
    passed, reason = check(extra, beyond=1)
    assert not passed and "b2" in reason
    passed, reason = check(gold, extra, added("b3", "ann@example.com"), beyond=1)
    assert not passed and "3 record(s) added in scope, wanted 1 to 2" in reason
