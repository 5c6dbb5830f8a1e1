"""The control plane: create, inspect, diff and delete episodes; mint tokens.

It has its own bearer token (`ARCADIA_ADMIN_TOKEN`), which agents never get. When the
apps run in separate processes each one mounts this router and holds its own episodes'
databases; `ControlPlane` fans a request out to all of them.
"""

from __future__ import annotations

import os
import secrets
from datetime import datetime, timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.types import ASGIApp, Receive, Scope, Send

from arcadia.apps.kernel.context import Ctx, bearer_token
from arcadia.apps.kernel.control import LOST_HEADER
from arcadia.apps.kernel.episodes import Episode, EpisodeError, EpisodeStore, Principal
from arcadia.apps.kernel.errors import ApiError, ErrorRenderer
from arcadia.apps.kernel.guard import RequestGuard
from arcadia.apps.kernel.outbox import Event
from arcadia.apps.kernel.settings import get_settings
from arcadia.apps.kernel.spec import DEFAULT_WORLD
from arcadia.world import WORLDS, SituationSpec, WorldSpec, to_plain


class SituationIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(description="Registered situation id, e.g. `hr-mismatch-v1`.")
    params: dict[str, Any] = Field(default_factory=dict, description="Situation parameters.")


class EpisodeCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")
    world: str = Field(DEFAULT_WORLD, pattern=r"^[a-z0-9][a-z0-9-]{0,63}$",
                       description="World spec name (`arcadia-robotics`, `restaurant`): its "
                       "template builds only the apps serving it.")
    seed: int = Field(0, description="World seed.")
    headcount: int = Field(800, ge=40, le=20_000, description="People in the world.")
    now: datetime | None = Field(None, description="World start time (naive UTC).")
    situations: list[SituationIn] = Field(default_factory=list, description="Seeded situations.")
    episode_id: str | None = Field(None, pattern=r"^[A-Za-z0-9_.-]{1,64}$",
                                   description="Id to use (the fan-out passes one to all apps).")

    def world_spec(self) -> WorldSpec:
        kwargs: dict[str, Any] = {"name": self.world, "seed": self.seed,
                                  "headcount": self.headcount,
                                  "situations": tuple(SituationSpec(s.id, s.params)
                                                      for s in self.situations)}
        if self.now is not None:
            kwargs["now"] = self.now
        return WorldSpec(**kwargs)


class TokenCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")
    principal: int | str = Field(description="Employee id or work email of the principal.")
    token: str | None = Field(None, min_length=16, max_length=128,
                              description="Token value to register (the fan-out sets one).")


class AdminError(Exception):
    def __init__(self, status: int, message: str,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.headers = status, message, headers


class LostIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    episodes: dict[str, list[str]] = Field(
        description="Episode id -> sha256 digests of its tokens, as a sibling process lists "
        "them (`GET /admin/tokens`).")
    why: str = Field(description="What happened, e.g. `payroll process restarted`.")


async def require_admin(request: Request) -> None:
    token = bearer_token(request)
    if token is None or not secrets.compare_digest(token, get_settings().admin_token):
        raise AdminError(401, "The control plane needs the admin bearer token.")


def principal_json(p: Principal) -> dict[str, Any]:
    return {"id": p.id, "email": p.email, "name": p.name, "roles": list(p.roles)}


def episode_json(store: EpisodeStore, episode: Episode) -> dict[str, Any]:
    changes = episode.changes()
    opened = episode.dbs.opened()
    # An app this episode has not used yet holds the template's rows and no bytes of its own.
    apps = {name: {"bytes": opened[name].size_bytes() if name in opened else 0,
                   "changed_rows": len(changes[name])} for name in episode.template.dbs}
    spec = episode.template.spec
    tick = episode.clock.tick
    now = spec.now + timedelta(seconds=tick * get_settings().clock_step_seconds)
    return {"episode_id": episode.id, "tick": tick, "now": now.isoformat(),
            "world": {"name": spec.name, "seed": spec.seed, "headcount": spec.headcount,
                      "now": spec.now.isoformat(), "hash": episode.template.world_hash},
            "apps": apps, "tokens": len(episode.tokens)}


class EventIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    source: str = Field(description="App that emitted the event.")
    target: str = Field(description="App the event is for (the one this process serves).")
    kind: str = Field(description="Event kind the target registered a handler for.")
    payload: dict[str, Any] = Field(description="The event's JSON payload.")


class DeliveryIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    event: EventIn
    principal: int = Field(description="Employee id of the principal whose request emitted it.")
    tick: int = Field(ge=0, description="Tick of the emitting request (the episode's turn is "
                      "held by the emitting process).")


def episode_error(e: EpisodeError, episode_id: str) -> AdminError:
    return AdminError(e.status, e.message,
                      {LOST_HEADER: episode_id} if e.status == 410 else None)


async def path_episode(request: Request, episode_id: str) -> Episode:
    try:
        return request.app.state.store.get(episode_id)  # type: ignore[no-any-return]
    except EpisodeError as e:
        raise episode_error(e, episode_id) from None


EpisodeDep = Annotated[Episode, Depends(path_episode)]


def admin_router(store: EpisodeStore) -> APIRouter:
    router = APIRouter(prefix="/admin", tags=["admin"], dependencies=[Depends(require_admin)])

    @router.post("/episodes", status_code=201, operation_id="admin_create_episode",
                 summary="Create an episode (clone of a cached world template).")
    async def create_episode(body: EpisodeCreate) -> dict[str, Any]:
        try:
            # A world no pack registers is refused before anything is built (a ValueError
            # naming the known worlds), whichever generator the store was given.
            WORLDS.get(body.world)
            ep = await store.acreate(body.world_spec(), body.episode_id)
        except (EpisodeError, ValueError) as e:
            raise AdminError(getattr(e, "status", 422), getattr(e, "message", str(e))) from None
        return episode_json(store, ep)

    @router.get("/episodes", operation_id="admin_list_episodes", summary="List live episodes.")
    async def list_episodes() -> dict[str, Any]:
        return {"episodes": [e.id for e in store.episodes()]}

    @router.get("/episodes/{episode_id}", operation_id="admin_get_episode",
                summary="An episode's state: clock tick, size and changed rows per app.")
    async def get_episode(ep: EpisodeDep) -> dict[str, Any]:
        return episode_json(store, ep)

    @router.delete("/episodes/{episode_id}", status_code=204, operation_id="admin_delete_episode",
                   summary="Delete an episode and free its databases.")
    async def delete_episode(episode_id: str) -> Response:
        try:
            await store.adelete(episode_id)  # a lost episode is forgotten
        except EpisodeError as e:
            raise episode_error(e, episode_id) from None
        return Response(status_code=204)

    @router.delete("/episodes/{episode_id}/tokens/{digest}", status_code=204,
                   operation_id="admin_revoke_token",
                   summary="Revoke a token, named by its sha256 digest (fan-out rollback).")
    async def revoke_token(ep: EpisodeDep, digest: str) -> Response:
        try:
            store.revoke(ep.id, digest)
        except EpisodeError as e:
            raise AdminError(e.status, e.message) from None
        return Response(status_code=204)

    @router.get("/health", operation_id="admin_health",
                summary="This process: its apps, pid, live and lost episodes.")
    async def health() -> dict[str, Any]:
        return {"status": "up", "apps": sorted(store.apps), "pid": os.getpid(),
                "episodes": len(store.episodes()), "lost": len(store.lost())}

    @router.get("/tokens", operation_id="admin_list_token_digests",
                summary="Live episodes and the sha256 digests of their tokens.")
    async def list_token_digests() -> dict[str, Any]:
        return {"episodes": store.token_digests()}

    @router.post("/lost", operation_id="admin_mark_lost",
                 summary="Answer episodes this process held before a restart with a 410.")
    async def mark_lost(body: LostIn) -> dict[str, Any]:
        return {"marked": store.mark_lost(body.episodes, body.why), "lost": sorted(store.lost())}

    @router.post("/episodes/{episode_id}/tokens", status_code=201,
                 operation_id="admin_create_token", summary="Mint a token for a principal.")
    async def create_token(ep: EpisodeDep, body: TokenCreate) -> dict[str, Any]:
        try:
            token, principal = store.mint(ep.id, body.principal, body.token)
        except EpisodeError as e:
            raise AdminError(e.status, e.message) from None
        return {"token": token, "principal": principal_json(principal)}

    @router.get("/episodes/{episode_id}/principals", operation_id="admin_list_principals",
                summary="People who can act in this episode, optionally by role.")
    async def list_principals(ep: EpisodeDep, role: str | None = None) -> dict[str, Any]:
        people = [p for p in ep.world.people if p.status != "terminated"
                  and (role is None or role in p.roles)]
        return {"principals": [{"id": p.id, "email": p.email, "name": p.name,
                                "roles": list(p.roles)} for p in people]}

    @router.get("/episodes/{episode_id}/situations", operation_id="admin_list_situations",
                summary="The situations seeded into the episode's world, with hidden facts.")
    async def list_situations(ep: EpisodeDep) -> dict[str, Any]:
        return {"situations": to_plain(ep.world.situations)}

    @router.get("/episodes/{episode_id}/changes", operation_id="admin_list_changes",
                summary="Rows the episode changed, per app, with values before and after.")
    async def list_changes(ep: EpisodeDep) -> dict[str, Any]:
        return {name: [{"table": c.table, "pk": list(c.pk), "old": c.old, "new": c.new}
                       for c in rows] for name, rows in ep.changes().items()}

    @router.post("/episodes/{episode_id}/deliver", operation_id="admin_deliver_event",
                 summary="Apply another app process's event to this app (the outbox, --multi).")
    async def deliver_event(ep: EpisodeDep, body: DeliveryIn) -> dict[str, Any]:
        event = Event(body.event.source, body.event.target, body.event.kind, body.event.payload)
        spec = store.apps.get(event.target)
        if spec is None or event.kind not in spec.handlers or not ep.serves(event.target):
            raise AdminError(404, f"This process has no handler for {event.target}:{event.kind} "
                             "in this episode's world.")
        try:
            principal = store.principal(ep, body.principal)
        except EpisodeError as e:
            raise AdminError(e.status, e.message) from None
        # No turn is taken: the emitting process holds the episode's turn for this request.
        ctx = Ctx(store, ep, principal, event.target, method="EVENT",
                  path=f"{event.source}:{event.kind}", tick=body.tick, writes=True)
        try:
            spec.handlers[event.kind](ctx, event.payload)
            ctx.committed = True
            await ctx.finish()
        except ApiError as e:
            raise AdminError(e.status, e.message) from None
        finally:
            ctx.close()
        return {"delivered": True, "tick": body.tick}

    return router


def admin_error_response(status: int, message: str,
                         headers: dict[str, str] | None = None) -> Response:
    """The control plane's error style: `{"error": {"status", "message"}}`."""
    return JSONResponse({"error": {"status": status, "message": message}},
                        status_code=status, headers=headers)


def render_admin_error(err: ApiError) -> Response:
    return admin_error_response(err.status, err.message)


class AdminGuard:
    """ASGI middleware: a request to the control plane (`/admin`) passes the apps'
    `RequestGuard` (the body cap, never read past; strict JSON; no NUL), refused in the
    control plane's own error style; any other path goes on as it came (each app mounted
    beside the control plane has a guard of its own)."""

    def __init__(self, app: ASGIApp, *, max_body: int) -> None:
        self.app = app
        self.guarded = RequestGuard(app, render=render_admin_error, statuses={},
                                    max_body=max_body)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "") if scope["type"] == "http" else ""
        if path == "/admin" or path.startswith("/admin/"):
            await self.guarded(scope, receive, send)
        else:
            await self.app(scope, receive, send)


def install_admin(app: FastAPI, store: EpisodeStore) -> None:
    async def on_admin_error(_: Request, exc: Exception) -> Response:
        assert isinstance(exc, AdminError)
        return admin_error_response(exc.status, exc.message, exc.headers)

    app.add_exception_handler(AdminError, on_admin_error)
    app.include_router(admin_router(store))
    # Outermost: in an app's own process the app's guard would answer in its product's style.
    app.add_middleware(AdminGuard, max_body=get_settings().max_body_bytes)


class LostEpisodes:
    """ASGI middleware of an app process: a request bearing a token of an episode lost in a
    restart gets a 410 in the app's own error style (with `X-Arcadia-Episode-Lost`), not
    the 401 of a token nobody ever issued."""

    def __init__(self, app: ASGIApp, store: EpisodeStore,
                 render: ErrorRenderer) -> None:
        self.app, self.store, self.render = app, store, render

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.store.any_lost and not scope["path"].startswith(
                "/admin"):
            token = bearer_token(Request(scope))
            hit = None if token is None or self.store.resolve(token) else (
                self.store.lost_by_token(token))
            if hit is not None:
                response = self.render(ApiError(410, hit[1], code="episode_lost"))
                response.headers[LOST_HEADER] = hit[0]
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
