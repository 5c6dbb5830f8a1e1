"""ASGI entry point for one app per process (`arcadia serve --multi`)."""

from __future__ import annotations

from fastapi import FastAPI

from arcadia.apps.kernel import EpisodeStore, create_app, get_settings
from arcadia.apps.registry import load_specs


def single() -> FastAPI:
    """The app named by `ARCADIA_APP`, at the root, with its own control plane."""
    name = get_settings().app
    if name is None:
        raise RuntimeError("ARCADIA_APP must name the app this process serves")
    specs = load_specs([name])
    return create_app(specs[0], EpisodeStore(specs), with_admin=True)
