"""Build the ASGI apps: one per app spec, and the embedded server that mounts them all."""

from __future__ import annotations

import inspect
from collections.abc import Sequence

from fastapi import FastAPI, Request, Response
from fastapi.dependencies.models import Dependant
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException as StarletteHTTPException

from arcadia.apps.kernel.admin import install_admin
from arcadia.apps.kernel.context import get_ctx
from arcadia.apps.kernel.dispatch import index_routes
from arcadia.apps.kernel.episodes import EpisodeStore
from arcadia.apps.kernel.errors import install_error_handlers, route_error, statuses_for
from arcadia.apps.kernel.guard import RequestGuard
from arcadia.apps.kernel.odata.graph_mount import GRAPH_PREFIX, local_graph
from arcadia.apps.kernel.openapi import install_documented_errors
from arcadia.apps.kernel.settings import get_settings
from arcadia.apps.kernel.spec import AppSpec


def create_app(spec: AppSpec, store: EpisodeStore, *, with_admin: bool = False) -> FastAPI:
    """One app's server. `with_admin` adds the control plane (for a process of its own)."""
    app = FastAPI(
        title=spec.title,
        description=spec.description,
        version="1.0.0",
        openapi_tags=[{"name": "read", "description": "Reads; change nothing."},
                      {"name": "write", "description": "Change the app's state."}],
    )
    app.state.store = store
    app.state.spec = spec
    for router in spec.routers:
        for route in router.routes:
            if isinstance(route, APIRoute) and not inspect.iscoroutinefunction(route.endpoint):
                # A `def` route would run in a worker thread, concurrently with the event
                # loop that owns the episodes' connections and turns: refused, not risked.
                raise TypeError(f"{spec.name}: route {route.path} ({route.name}) must be "
                                "`async def`; the kernel serialises an episode's requests "
                                "on the event loop")
            if isinstance(route, APIRoute) and not _uses_ctx(route.dependant):
                # Roles and the clock are enforced by the request context.
                raise TypeError(f"{spec.name}: route {route.path} ({route.name}) takes no "
                                "`CtxDep`; every agent-facing route must")
        # The routes themselves, not `include_router`: FastAPI matches an included router's
        # routes twice per request (once to pick the router, once inside it).
        app.router.routes.extend(router.routes)
    statuses = statuses_for(spec.validation_status, spec.statuses)
    install_error_handlers(app, spec.render_error, statuses)
    app.add_middleware(RequestGuard, render=spec.render_error, statuses=statuses,
                       max_body=get_settings().max_body_bytes)
    install_documented_errors(app, spec)
    if with_admin:
        install_admin(app, store)
    index_routes(app.router)
    return app


def _uses_ctx(dependant: Dependant) -> bool:
    return dependant.call is get_ctx or any(_uses_ctx(d) for d in dependant.dependencies)


def new_store(specs: Sequence[AppSpec]) -> EpisodeStore:
    """An episode store configured from the process settings (`ARCADIA_*`)."""
    settings = get_settings()
    return EpisodeStore(specs, template_cache=settings.template_cache,
                        clock_dir=settings.clock_dir, peers=settings.peers)


def create_server(specs: Sequence[AppSpec], store: EpisodeStore | None = None) -> FastAPI:
    """The embedded default: every app under `/<name>`, the control plane under `/admin`,
    and the Graph-shaped apps (mail, calendar) also under one base URL, `/graph/v1.0`."""
    store = store or new_store(specs)
    root = FastAPI(title="Arcadia", description="Arcadia Robotics' application servers.")
    root.state.store = store
    install_admin(root, store)

    apps = [(spec, create_app(spec, store)) for spec in specs]
    graph = local_graph(apps)

    @root.get("/", include_in_schema=False)
    async def index() -> dict[str, object]:
        return {"apps": {s.name: f"/{s.name}" for s in specs}, "admin": "/admin",
                **({"graph": f"{GRAPH_PREFIX}/v1.0"} if graph else {})}

    for spec, app in apps:
        root.mount(f"/{spec.name}", app)
    if graph is not None:
        root.mount(GRAPH_PREFIX, graph)
    renderers = {f"/{s.name}": s.render_error for s in specs}

    async def unrouted(request: Request, exc: Exception) -> Response:
        # A path under an app's prefix that its mount cannot match (a path parameter holding
        # a newline, say) is still that app's error, in its product's style.
        assert isinstance(exc, StarletteHTTPException)
        path = request.url.path
        for prefix, render in renderers.items():
            if path == prefix or path.startswith(prefix + "/"):
                return render(route_error(exc))
        return JSONResponse({"detail": str(exc.detail)}, status_code=exc.status_code)

    root.add_exception_handler(StarletteHTTPException, unrouted)
    index_routes(root.router)
    return root
