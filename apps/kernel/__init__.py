"""The one framework under every app: episodes, auth, errors, clock, ids, pagination."""

from arcadia.apps.kernel.clock import Clock, FileClock
from arcadia.apps.kernel.context import Ctx, CtxDep, requires, seed_uuid
from arcadia.apps.kernel.db import KERNEL_TABLES, Database, RowChange, changed_rows
from arcadia.apps.kernel.episodes import Episode, EpisodeError, EpisodeStore, Principal, Template
from arcadia.apps.kernel.errors import ApiError, not_found
from arcadia.apps.kernel.factory import create_app, create_server, new_store
from arcadia.apps.kernel.outbox import DeliveryError, Event, Handler
from arcadia.apps.kernel.pagination import Page, link_header, paginate
from arcadia.apps.kernel.routing import entity, op
from arcadia.apps.kernel.settings import Settings, get_settings
from arcadia.apps.kernel.spec import AppSpec

__all__ = [
    "KERNEL_TABLES",
    "ApiError",
    "AppSpec",
    "Clock",
    "Ctx",
    "CtxDep",
    "Database",
    "DeliveryError",
    "Episode",
    "EpisodeError",
    "EpisodeStore",
    "Event",
    "FileClock",
    "Handler",
    "Page",
    "Principal",
    "RowChange",
    "Settings",
    "Template",
    "changed_rows",
    "create_app",
    "create_server",
    "entity",
    "get_settings",
    "link_header",
    "new_store",
    "not_found",
    "op",
    "paginate",
    "requires",
    "seed_uuid",
]
