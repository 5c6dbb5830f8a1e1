"""The kernel's OData query options as route parameters (`odata_query`, `Top`)."""

from __future__ import annotations

from typing import Annotated, get_args

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from arcadia.apps.kernel.odata import Top, odata_query

Filter = Annotated[str | None, odata_query("filter", "A filter.")]
Skip = Annotated[int | None, odata_query("skip", "Items to skip.", le=50)]


def app() -> FastAPI:
    server = FastAPI()

    @server.get("/items")
    async def items(filter: Filter = None, top: Top = None, skip: Skip = None) -> dict:
        return {"filter": filter, "top": top, "skip": skip}

    return server


def test_options_have_graphs_names_and_bounds():
    doc = app().openapi()["paths"]["/items"]["get"]["parameters"]
    by_name = {p["name"]: p for p in doc}
    assert list(by_name) == ["$filter", "$top", "$skip"]
    assert by_name["$filter"]["description"] == "A filter."
    assert by_name["$filter"]["schema"]["anyOf"][0] == {"type": "string", "maxLength": 4000}
    assert by_name["$top"]["description"] == "Page size (default 10, at most 1000)."
    assert by_name["$top"]["schema"]["anyOf"][0] == {"type": "integer", "minimum": 0,
                                                      "maximum": 1000}
    assert by_name["$skip"]["schema"]["anyOf"][0] == {"type": "integer", "minimum": 0,
                                                       "maximum": 50}


def test_options_are_read_and_bounded():
    client = TestClient(app())
    assert client.get("/items", params={"$filter": "a eq 1", "$top": "3"}).json() == \
        {"filter": "a eq 1", "top": 3, "skip": None}
    assert client.get("/items", params={"$skip": "51"}).status_code == 422
    assert client.get("/items", params={"$top": "1001"}).status_code == 422


def test_an_option_without_a_kernel_description_needs_the_apps():
    with pytest.raises(ValueError):
        odata_query("filter")
    assert get_args(Top)[0] == int | None
