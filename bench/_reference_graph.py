"""Microsoft Graph's references, mail and calendar, read from the msgraph-sdk wheel (request
builders and models generated from Graph's v1.0 OpenAPI description; see faithfulness.py),
and the parts of Graph that are our domain."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any

from _api_fields import in_domain, join_path, norm_path

# Graph calendar (under /users/{id}; /me is the same): calendars, events and their actions,
# calendarView, instances, getSchedule, findMeetingTimes, rooms and room lists. Not counted:
# attachments, extensions and extended properties, calendar permissions and calendar groups,
# delta queries, reminders (dismiss/snooze), permanentDelete, `/$count` segments (served as
# `$count=true`), the event's own `/calendar` navigation, and the aliases of an event under
# `/calendar/events/{id}` and `/calendars/{id}/events/{id}` (served at `/events/{id}`),
# places other than rooms and room lists (buildings, floors, desks, check-ins).
GRAPH_CALENDAR_DOMAIN = [
    r"^(GET|PATCH) /users/\{\}/calendar$",
    r"^(GET|POST) /users/\{\}/calendars$",
    r"^(GET|PATCH|DELETE) /users/\{\}/calendars/\{\}$",
    r"^(GET|POST) /users/\{\}/(calendar|calendars/\{\})/events$",
    r"^GET /users/\{\}/((calendar|calendars/\{\})/)?calendarview$",
    r"^(GET|POST) /users/\{\}/events$",
    r"^(GET|PATCH|DELETE) /users/\{\}/events/\{\}$",
    r"^GET /users/\{\}/events/\{\}/instances$",
    r"^POST /users/\{\}/events/\{\}/(accept|decline|tentativelyaccept|cancel|forward)$",
    r"^POST /users/\{\}/(calendar/getschedule|findmeetingtimes)$",
    r"^GET /places/(microsoft\.graph\.(room|roomlist)|\{\})$",
    r"^GET /places/\{\}/microsoft\.graph\.roomlist/rooms$",
]
# Microsoft Graph mail: messages (CRUD and the actions on one message), sendMail, mail
# folders and child folders and the messages in them. Not counted: MIME ($value), delta
# queries, open extensions, message rules, permanentDelete, upload sessions, $count segments,
# folder move/copy, and the actions repeated under folder paths
# (/mailFolders/{}/messages/{}/reply ...), which Graph serves for the same messages.
GRAPH_MAIL_DOMAIN = [
    r"^/users/\{\}/messages(/\{\})?$",
    r"^/users/\{\}/messages/\{\}/(send|reply|replyAll|forward|createReply|createReplyAll"
    r"|createForward|move|copy)$",
    r"^/users/\{\}/messages/\{\}/attachments(/\{\})?$",
    r"^/users/\{\}/sendMail$",
    r"^/users/\{\}/mailFolders(/\{\})?$",
    r"^/users/\{\}/mailFolders/\{\}/childFolders(/\{\})?$",
    r"^/users/\{\}/mailFolders/\{\}/messages(/\{\})?$",
    r"^/users/\{\}/mailFolders/\{\}/childFolders/\{\}/messages$",
]
GRAPH_NAVIGATION = {"attachments", "extensions", "multiValueExtendedProperties",
                    "singleValueExtendedProperties", "childFolders", "messages",
                    "messageRules", "userConfigurations"}


_KIOTA_WRITE = re.compile(r'writer\.write_\w+\("([^"]+)", self\.(\w+)')
_KIOTA_RETURN = re.compile(r"async def (get|post|patch|delete)\(self.*?\) -> (?:Optional\[)?"
                           r"(\w+)", re.S)


def _kiota_class(name: str) -> Any:
    """A model class of msgraph-sdk by its class name (module = snake_case name)."""
    snake = re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
    for module_name in (f"msgraph.generated.models.{snake}",
                        f"msgraph.generated.models.o_data_errors.{snake}"):
        try:
            module = __import__(module_name, fromlist=["_"])
        except ImportError:
            continue
        return getattr(module, name, None)
    return None


def _kiota_fields(cls: Any, prefix: str = "", depth: int = 0) -> set[str]:
    """The JSON properties a kiota model serialises (its own and its bases'), with the
    properties of nested models, three levels deep."""
    out: set[str] = set()
    if cls is None or depth > 3:
        return out
    for klass in cls.__mro__:
        if not klass.__module__.startswith("msgraph.") or "serialize" not in vars(klass):
            continue
        source = inspect.getsource(klass.serialize)
        hints = getattr(klass, "__annotations__", {})
        for json_name, attr in _KIOTA_WRITE.findall(source):
            if json_name in GRAPH_NAVIGATION or json_name == "@odata.type":
                continue  # `@odata.type` is OData's type annotation, sent on derived types
            path = join_path(prefix, json_name)
            out.add(path)
            hint = str(hints.get(attr, ""))
            inner = re.sub(r"^Optional\[(.*)\]$", r"\1", hint)
            many = inner.startswith("list[")
            inner = re.sub(r"^list\[(.*)\]$", r"\1", inner)
            if inner and inner[0].isupper() and inner not in ("UUID",):
                out |= _kiota_fields(_kiota_class(inner), path + ("[]" if many else ""),
                                     depth + 1)
    return out


def extract_graph_mail() -> dict[str, Any]:
    import msgraph

    root = Path(msgraph.__file__).parent / "generated" / "users" / "item"
    endpoints: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*_request_builder.py")):
        text = path.read_text()
        found = re.search(r'"\{\+baseurl\}(/users/[^"{]*(?:\{[^?}][^}]*\}[^"{]*)*)', text)
        if not found:
            continue
        url = norm_path(re.sub(r"\{[^}]+\}", "{id}", found.group(1)))
        if not in_domain(GRAPH_MAIL_DOMAIN, url):
            continue
        for method, returns in _KIOTA_RETURN.findall(text):
            fields = set() if returns == "None" else _kiota_fields(_kiota_class(returns))
            endpoints[f"{method.upper()} {url}"] = sorted(fields)
    return {"product": "Microsoft Graph mail", "source": "the msgraph-sdk Python SDK "
            f"{_dist_version('msgraph-sdk')} (generated from Graph's v1.0 OpenAPI)",
            "endpoints": dict(sorted(endpoints.items()))}


def _dist_version(name: str) -> str:
    from importlib.metadata import version
    return version(name)


def _graph_path(template: str) -> str:
    path = template.replace("{+baseurl}", "").split("{?", 1)[0].split("?", 1)[0]
    path = re.sub(r"\{[^}]+\}", "{}", path).replace("/graph.", "/microsoft.graph.")
    return path.lower()


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


_DESERIALIZER = re.compile(r'"([^"]+)": lambda n ?: setattr\(self, \'\w+\', n\.(\w+)\((\w+)?')


def _graph_model_fields(cls: Any, prefix: str = "", depth: int = 0) -> set[str]:
    """A Graph SDK model's JSON field paths (`a.b`, `a[].b`), three levels deep. A property
    whose type is an entity (an event's `calendar`, `instances`, `attachments`) is a
    navigation property, returned only with `$expand`: not counted (a collection
    response's `value` is the resource itself)."""
    import importlib

    from msgraph.generated.models.entity import Entity

    out: set[str] = set()
    if depth > 3:
        return out
    for klass in cls.__mro__:
        if "get_field_deserializers" not in vars(klass):
            continue
        source = inspect.getsource(vars(klass)["get_field_deserializers"])
        for name, getter, inner in _DESERIALIZER.findall(source):
            if name.startswith("@odata.type"):
                continue
            target = None
            if inner and getter in ("get_object_value", "get_collection_of_object_values"):
                module = importlib.import_module(f"msgraph.generated.models.{_snake(inner)}")
                target = getattr(module, inner)
                if issubclass(target, Entity) and name != "value":
                    continue
            path = join_path(prefix, name)
            out.add(path)
            if target is not None:
                child = path + "[]" if getter == "get_collection_of_object_values" else path
                out |= _graph_model_fields(target, child, depth + 1)
    return out


def extract_graph_calendar() -> dict[str, Any]:
    """Endpoints and response fields of Graph's calendar from the msgraph-sdk wheel."""
    import importlib

    import msgraph

    root = Path(msgraph.__file__).parent / "generated"
    dirs = [root / "places", *(root / "users" / "item" / d for d in (
        "calendar", "calendars", "calendar_view", "events", "find_meeting_times"))]
    endpoints: dict[str, list[str]] = {}
    for folder in dirs:
        for file in sorted(folder.rglob("*_request_builder.py")):
            text = file.read_text()
            found = re.search(r'super\(\).__init__\(request_adapter, "([^"]+)"', text)
            if not found:
                continue
            path = _graph_path(found.group(1))
            rel = file.relative_to(root.parent.parent).with_suffix("")
            module = importlib.import_module(".".join(rel.parts))
            imports = {n: m for m, n in re.findall(r"from (\.+[\w.]*) import (\w+)", text)}
            for method, result in re.findall(
                    r"async def (get|post|patch|put|delete)\(self.*?\) -> ([^:]+):", text,
                    re.S):
                key = f"{method.upper()} {path}"
                if not in_domain(GRAPH_CALENDAR_DOMAIN, key):
                    continue
                kind = re.sub(r"Optional\[|\]", "", result).strip()
                fields: set[str] = set()
                if kind in imports:
                    target = importlib.import_module(imports[kind], module.__package__)
                    fields = _graph_model_fields(getattr(target, kind))
                endpoints[key] = sorted(fields)
    return {"product": "Microsoft Graph v1.0 calendar", "source": "the msgraph-sdk Python "
            f"package {msgraph_version()} (request builders and models generated from "
            "Graph's v1.0 OpenAPI description)", "endpoints": dict(sorted(endpoints.items()))}


def msgraph_version() -> str:
    from importlib.metadata import version

    return version("msgraph-sdk")
