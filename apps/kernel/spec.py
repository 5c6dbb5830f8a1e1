"""What an app gives the kernel: its tables, routes, loader, error style and grading hints."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from fastapi import APIRouter
from pydantic import BaseModel
from sqlalchemy import MetaData
from sqlmodel import Session

from arcadia.apps.kernel.errors import ErrorRenderer
from arcadia.apps.kernel.outbox import Handler
from arcadia.world import World

Seeder = Callable[[World, Session], None]
# The world every enterprise app serves (`WorldSpec.name`'s default).
DEFAULT_WORLD = "arcadia-robotics"


@dataclass(frozen=True)
class AppSpec:
    """One application server: everything the kernel needs to host and grade it.

    Attributes:
        name: URL prefix and database name (`hris`).
        title: Product-style title for the OpenAPI document.
        description: What the app is and which real product's API shape it follows.
        metadata: The app's own SQLModel metadata (its tables only).
        routers: Routers carrying the agent-facing routes.
        seed: Writes world truth into the app's tables (run once per template).
        render_error: Renders an `ApiError` in the product's own error style.
        validation_status: Status the product uses for malformed input (400 or 422).
        statuses: Kernel error codes whose status differs in this product (Gusto answers
            `conflict` with 422 `invalid_operation`).
        error_model: The product's error body, for the documented responses.
        error_headers: Headers every error carries (name -> description).
        ignored_fields: Per table, columns no agent action is judged on (`updated_at`).
        ignored_tables: Tables no agent action is judged on.
        handlers: Event kind -> handler, for events other apps emit to this one
            (`ctx.emit(name, kind, payload)`); see `kernel/outbox.py`.
        api_key_header: A header the product takes its API key in (Coupa's
            `X-COUPA-API-KEY`), read as the credential when no `Authorization` is sent.
        api_key_query: Query parameters the product takes its credential in (Bullhorn's
            `BhRestToken`, and its login flow's `access_token`), tried in order when neither
            `Authorization` nor `api_key_header` is sent.
        worlds: The world specs (`WorldSpec.name`) the app serves: a template builds only
            the apps serving its world, so an Arcadia Robotics episode has no restaurant
            database and a restaurant episode none of the enterprise apps.
    """

    name: str
    title: str
    description: str
    metadata: MetaData
    routers: Sequence[APIRouter]
    seed: Seeder
    render_error: ErrorRenderer
    validation_status: int = 400
    statuses: Mapping[str, int] = field(default_factory=dict)
    error_model: type[BaseModel] | None = None
    error_headers: Mapping[str, str] = field(default_factory=dict)
    ignored_fields: dict[str, tuple[str, ...]] = field(default_factory=dict)
    ignored_tables: tuple[str, ...] = ()
    handlers: Mapping[str, Handler] = field(default_factory=dict)
    api_key_header: str | None = None
    api_key_query: tuple[str, ...] = ()
    worlds: tuple[str, ...] = (DEFAULT_WORLD,)

    def serves(self, world: str) -> bool:
        """Whether a template of the world named `world` builds this app."""
        return world in self.worlds
