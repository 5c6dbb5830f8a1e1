"""The kernel's `/me` + `/users/{user_id}` pair (`me_and_user`)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Path, Query
from fastapi.testclient import TestClient

from arcadia.apps.kernel.odata import me_and_user

UserId = Annotated[str, Path(description="The user.")]
Top = Annotated[int | None, Query(alias="$top", ge=0, le=10, description="Page size.")]


def server() -> FastAPI:
    router = APIRouter()

    async def items(user_id: UserId, top: Top = None) -> Any:  # postponed annotations
        return {"user": user_id, "top": top}

    me_and_user(router, "GET", "/me/items", "/users/{user_id}/items", items,
                me={"operation_id": "list_items"}, user={"operation_id": "list_user_items"},
                response_model=None)
    app = FastAPI()
    app.include_router(router)
    return app


def test_both_paths_answer_me_first_and_me_has_no_user_id():
    app = server()
    doc = app.openapi()["paths"]
    assert list(doc) == ["/me/items", "/users/{user_id}/items"]
    me, user = doc["/me/items"]["get"], doc["/users/{user_id}/items"]["get"]
    assert me["operationId"] == "list_items" and user["operationId"] == "list_user_items"
    assert [p["name"] for p in me["parameters"]] == ["$top"]
    assert [p["name"] for p in user["parameters"]] == ["user_id", "$top"]
    client = TestClient(app)
    assert client.get("/me/items", params={"$top": "3"}).json() == {"user": None, "top": 3}
    assert client.get("/users/u1/items").json() == {"user": "u1", "top": None}
    assert client.get("/me/items", params={"$top": "11"}).status_code == 422
