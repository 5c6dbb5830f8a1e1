"""`json_response`: an already rendered body as orjson bytes, the status and headers given."""

from datetime import UTC, datetime

import orjson

from arcadia.apps.kernel.responses import json_response


def test_the_body_is_orjsons_bytes_as_application_json():
    body = {"b": 1, "a": [None, 1.5, "é"], "at": datetime(2026, 3, 25, 9, tzinfo=UTC)}
    response = json_response(body)
    assert response.body == orjson.dumps(body)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"


def test_status_and_headers_are_kept():
    response = json_response([], 201, headers={"Link": '<x>; rel="next"'})
    assert response.status_code == 201
    assert response.headers["link"] == '<x>; rel="next"'
    assert response.body == b"[]"
