"""ASGI entry point for one app per process (`arcadia serve --multi`)."""

from __future__ import annotations

from fastapi import FastAPI

from arcadia.apps.kernel import create_app, get_settings, new_store
from arcadia.apps.kernel.admin import LostEpisodes
from arcadia.apps.registry import load_specs


def single() -> FastAPI:
    """The app named by `ARCADIA_APP`, at the root, with its own control plane.

    If the process is restarted (by the `serve --multi` parent), the parent tells it which
    episodes it lost (`POST /admin/lost`); requests for them get a 410, in the app's style.
    """
    name = get_settings().app
    if name is None:
        raise RuntimeError("ARCADIA_APP must name the app this process serves")
    specs = load_specs([name])
    store = new_store(specs)
    app = create_app(specs[0], store, with_admin=True)
    app.add_middleware(LostEpisodes, store=store, render=specs[0].render_error)
    return app
