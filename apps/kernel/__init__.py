"""The one framework under every app: episodes, auth, errors, clock, ids, pagination."""

from arcadia.apps.kernel.clock import Clock, FileClock
from arcadia.apps.kernel.context import Ctx, CtxDep, requires, seed_uuid
from arcadia.apps.kernel.db import KERNEL_TABLES, Database, RowChange, changed_rows
from arcadia.apps.kernel.effective import in_effect
from arcadia.apps.kernel.episodes import Episode, EpisodeError, EpisodeStore, Principal, Template
from arcadia.apps.kernel.errors import (
    ApiError,
    conflict,
    forbidden,
    invalid,
    not_found,
    stale,
    unauthorized,
)
from arcadia.apps.kernel.factory import create_app, create_server, new_store
from arcadia.apps.kernel.formats import (
    INT64_MAX,
    JSON_INT_MAX,
    Amount,
    Id,
    Int64,
    ascii_int,
    cents,
    decimal_or_none,
    iso,
    money,
    parse_decimal,
    parse_ids,
    parse_list,
)
from arcadia.apps.kernel.guard import header_safe
from arcadia.apps.kernel.ids import check_version, content_version
from arcadia.apps.kernel.lookup import get_or_404, read_or_404
from arcadia.apps.kernel.openapi import error_statuses, takes_input
from arcadia.apps.kernel.outbox import DeliveryError, Event, Handler
from arcadia.apps.kernel.pagination import (
    Page,
    Slice,
    cursor_page,
    link_header,
    odata_body,
    odata_page,
    paginate,
    token_page,
)
from arcadia.apps.kernel.routing import ERROR_DESCRIPTIONS, entity, op, slash_alias
from arcadia.apps.kernel.settings import Settings, get_settings
from arcadia.apps.kernel.spec import AppSpec

__all__ = [
    "ERROR_DESCRIPTIONS",
    "INT64_MAX",
    "JSON_INT_MAX",
    "Amount",
    "Id",
    "Int64",
    "ascii_int",
    "decimal_or_none",
    "header_safe",
    "parse_decimal",
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
    "Slice",
    "Template",
    "cents",
    "changed_rows",
    "check_version",
    "conflict",
    "content_version",
    "create_app",
    "create_server",
    "cursor_page",
    "entity",
    "error_statuses",
    "forbidden",
    "get_or_404",
    "read_or_404",
    "get_settings",
    "in_effect",
    "invalid",
    "iso",
    "link_header",
    "money",
    "new_store",
    "not_found",
    "odata_body",
    "odata_page",
    "op",
    "paginate",
    "parse_ids",
    "parse_list",
    "requires",
    "seed_uuid",
    "slash_alias",
    "stale",
    "takes_input",
    "token_page",
    "unauthorized",
]
