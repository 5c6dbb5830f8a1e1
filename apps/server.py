"""ASGI entry point for one app per process (`arcadia serve --multi`)."""

from __future__ import annotations

from fastapi import FastAPI

from arcadia.apps.kernel import create_app, get_settings, new_store
from arcadia.apps.registry import load_specs


def single() -> FastAPI:
    """The app named by `ARCADIA_APP`, at the root, with its own control plane."""
    name = get_settings().app
    if name is None:
        raise RuntimeError("ARCADIA_APP must name the app this process serves")
    specs = load_specs([name])
    return create_app(specs[0], new_store(specs), with_admin=True)
