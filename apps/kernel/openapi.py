"""The documented responses: every error status a route returns, in the product's style.

`op(..., errors=(404, 409))` declares a route's own error statuses; the kernel adds 401
to every route, 403 to routes with roles, the app's validation status to routes that
take input or any parameter (a NUL in its text is refused, `guard.py`), and 413 to
routes with a body (`guard.py`'s cap). Each is documented with the app's error body
(`AppSpec.error_model`) and headers; FastAPI's generic 422 goes away where the product
never answers 422.
"""

from __future__ import annotations

import types
from typing import Any, Union, get_args, get_origin

from fastapi import FastAPI
from fastapi.dependencies.utils import get_flat_params
from fastapi.routing import APIRoute

from arcadia.apps.kernel.routing import ERROR_DESCRIPTIONS
from arcadia.apps.kernel.spec import AppSpec

_FASTAPI_VALIDATION = ("HTTPValidationError", "ValidationError")


def _is_text(annotation: Any) -> bool:
    if get_origin(annotation) in (Union, types.UnionType):
        return all(a is type(None) or _is_text(a) for a in get_args(annotation))
    return annotation is str


def takes_input(route: APIRoute) -> bool:
    """Whether a request to `route` can fail validation: it has a body, a required query
    parameter, or a parameter of a type other than text."""
    if route.body_field is not None:
        return True
    for field in get_flat_params(route.dependant):
        location = getattr(field.field_info, "in_", None)
        if getattr(location, "value", location) == "query" and field.field_info.is_required():
            return True
        if not _is_text(field.field_info.annotation):
            return True
    return False


def error_statuses(route: APIRoute, spec: AppSpec) -> list[int]:
    """The error statuses `route` is documented (and checked) to return."""
    declared = {int(s) for s in (route.responses or {}) if int(s) >= 400}
    extra = route.openapi_extra or {}
    statuses = declared | {401}
    if extra.get("x-roles"):
        statuses.add(403)
    if takes_input(route) or get_flat_params(route.dependant):
        # Any parameter's text can hold a NUL, which `guard.py` refuses as invalid.
        statuses.add(spec.validation_status)
    if route.body_field is not None:
        statuses.add(413)  # the kernel's body cap (`guard.py`)
    return sorted(statuses)


def install_documented_errors(app: FastAPI, spec: AppSpec) -> None:
    """Make `app.openapi()` document each route's error statuses in the product's style."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        doc = generate()
        _rewrite(doc, app, spec)
        app.openapi_schema = doc
        return doc

    app.openapi = openapi  # type: ignore[method-assign]


def _rewrite(doc: dict[str, Any], app: FastAPI, spec: AppSpec) -> None:
    schemas = doc.setdefault("components", {}).setdefault("schemas", {})
    content: dict[str, Any] = {}
    if spec.error_model is not None:
        name = spec.error_model.__name__
        schema = spec.error_model.model_json_schema(ref_template="#/components/schemas/{model}")
        schemas.update(schema.pop("$defs", {}))
        schemas[name] = schema
        content = {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}}
    headers = {h: {"description": d, "schema": {"type": "string"}}
               for h, d in spec.error_headers.items()}
    for route in (r for router in spec.routers for r in router.routes):
        if not isinstance(route, APIRoute) or not route.include_in_schema:
            continue
        item = doc["paths"][route.path_format]
        for method in sorted(route.methods or ()):
            operation = item[method.lower()]
            responses = operation["responses"]
            statuses = error_statuses(route, spec)
            if 422 not in statuses:  # FastAPI's generic one, where the route never says 422
                responses.pop("422", None)
            for status in statuses:
                entry = responses.setdefault(str(status), {})
                entry["description"] = entry.get("description") or \
                    ERROR_DESCRIPTIONS.get(status, "Error.")
                if content:
                    entry["content"] = content
                if headers:
                    entry["headers"] = headers
    text = repr(doc["paths"])
    for name in _FASTAPI_VALIDATION:
        if f"/{name}'" not in text and name in schemas:
            del schemas[name]
