"""The kernel's JSON text column encoding (`json_text`, `json_value`)."""

from __future__ import annotations

from arcadia.apps.kernel import json_text, json_value


def test_text_is_compact_orjson_in_the_values_own_key_order():
    value = {"pattern": {"type": "weekly", "interval": 1}, "range": {"type": "noEnd"}}
    assert json_text(value) == '{"pattern":{"type":"weekly","interval":1},"range":{"type":"noEnd"}}'
    assert json_text(["a", "é"]) == '["a","é"]'


def test_sorted_text_is_canonical():
    assert json_text({"b": 1, "a": {"d": 2, "c": 3}}, sort_keys=True) == \
        '{"a":{"c":3,"d":2},"b":1}'
    assert json_text({"b": 1, "a": 2}, sort_keys=True) == json_text({"a": 2, "b": 1},
                                                                      sort_keys=True)


def test_none_is_null_both_ways():
    assert json_text(None) is None
    assert json_text(None, sort_keys=True) is None
    assert json_value(None) is None


def test_value_round_trips():
    for value in ({"a": [1, 2.5, None, True]}, [], {}, "text", 0):
        assert json_value(json_text(value)) == value
