"""ASGI entry point for one app per process (`arcadia serve --multi`)."""

from __future__ import annotations

from fastapi import FastAPI

from arcadia.apps.kernel import create_app, get_settings, new_store
from arcadia.apps.kernel.admin import LostEpisodes
from arcadia.apps.kernel.odata.graph_mount import GRAPH_PREFIX, GraphMount, is_graph
from arcadia.apps.registry import load_specs


def single() -> FastAPI:
    """The app named by `ARCADIA_APP`, at the root, with its own control plane.

    If the process is restarted (by the `serve --multi` parent), the parent tells it which
    episodes it lost (`POST /admin/lost`); requests for them get a 410, in the app's style.

    A Graph-shaped app (mail, calendar) also serves Graph's one base URL, `/graph/v1.0`:
    its own routes here, the other Graph apps' routes forwarded to their processes (the
    peers, `ARCADIA_PEERS`), so a Graph client may use either process's `/graph/v1.0`.
    """
    name = get_settings().app
    if name is None:
        raise RuntimeError("ARCADIA_APP must name the app this process serves")
    specs = load_specs([name])
    store = new_store(specs)
    app = create_app(specs[0], store, with_admin=True)
    app.add_middleware(LostEpisodes, store=store, render=specs[0].render_error)
    if is_graph(specs[0]):
        # The peers' specs only for their routes (which paths go where); the Graph mount
        # inside this app has passed its middleware, so it hands local requests to the
        # router, where only this app's routes can match.
        peers = dict(zip(store.peers, load_specs(list(store.peers)), strict=True))
        app.mount(GRAPH_PREFIX, GraphMount(
            {name: (specs[0], app.router)},
            {n: (spec, store.peers[n]) for n, spec in peers.items() if is_graph(spec)}))
    return app
