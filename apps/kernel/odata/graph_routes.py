"""Graph serves a user's resources under `/me` and under `/users/{user_id}` alike."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from fastapi import APIRouter
from fastapi.dependencies.utils import get_typed_return_annotation, get_typed_signature

Handler = Callable[..., Awaitable[Any]]


def me_and_user(router: APIRouter, method: str, me_path: str, user_path: str, fn: Handler, *,
                me: Mapping[str, Any], user: Mapping[str, Any], **route: Any) -> Handler:
    """Add `fn` (which takes `user_id`) to `router` twice, `/me` first: at `me_path` as `fn`
    with `user_id=None` and without that parameter, and at `user_path` as `fn` itself.

    Args:
        me, user: Each route's own `add_api_route` arguments (its `op(...)`).
        route: The arguments both routes take (`response_model`, `response_class`).
    """
    async def for_me(**kwargs: Any) -> Any:
        return await fn(user_id=None, **kwargs)

    # The annotations as FastAPI resolves them for `fn` (in `fn`'s module): it would look a
    # postponed annotation of the wrapper up in this module, which does not have the names.
    returns = inspect.signature(fn).return_annotation
    for_me.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [p for p in get_typed_signature(fn).parameters.values() if p.name != "user_id"],
        return_annotation=returns if returns is inspect.Signature.empty
        else get_typed_return_annotation(fn))
    for_me.__name__ = f"{fn.__name__}_me"
    router.add_api_route(me_path, for_me, methods=[method], **route, **me)
    router.add_api_route(user_path, fn, methods=[method], **route, **user)
    return fn
