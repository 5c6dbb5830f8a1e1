"""How much of each product's documented API, in our domain, our OpenAPI documents carry.

For BambooHR (HRIS), Gusto (payroll), Greenhouse Harvest (ATS) and Coupa (procurement): the
share of the product's documented endpoints in our domain that our app documents (method
and path), and, over those endpoints, the share of the product's documented response
fields (dotted paths, `[]` for array items, three levels deep) that our documented
response carries.

The references are facts taken from the products' own publications, committed under
`bench/reference/` and rebuilt with:

    python bench/faithfulness.py --extract-bamboohr PATH/TO/bhr-api-python/specs/public.yaml
    python bench/faithfulness.py --extract-gusto      # from the installed gusto_embedded SDK
    python bench/faithfulness.py --extract-greenhouse PATH/TO/greenhouse-api-docs
        # github.com/grnhse/greenhouse-api-docs at 0c37c31: source/includes/harvest/*.md
    python bench/faithfulness.py --extract-sheets     # from the installed googleapiclient
    python bench/faithfulness.py --extract-coupa DIR  # DIR: output/text/ of the repository
                                                      # TimTini/coupa-compass-integration-docs
    python bench/faithfulness.py --extract-graph-mail # from the installed msgraph-sdk
    python bench/faithfulness.py --extract-graph-calendar  # from the installed msgraph-sdk
    python bench/faithfulness.py --extract-bullhorn DIR  # DIR: source/includes/ of
                                                         # github.com/bullhorn/rest-api-docs

Microsoft Graph's reference (mail) is read from the msgraph-sdk wheel, which Microsoft
generates from Graph's own OpenAPI description (microsoftgraph/msgraph-metadata): each
request builder's URL template and HTTP methods under `/users/{id}/messages`,
`/users/{id}/mailFolders` and `/users/{id}/sendMail` (in `GRAPH_MAIL_DOMAIN`), and for each
the JSON properties its return model serialises (three levels deep). Navigation properties
(`attachments`, `extensions`, extended properties, `childFolders`, `messages`,
`messageRules`), which Graph returns only with `$expand`, are not counted as fields, nor is
the `@odata.type` annotation every SDK model can write.

For Google Sheets (the sheets app) the reference is the Sheets v4 discovery document that
ships inside google-api-python-client (`--extract-sheets`): the methods of the resources we
serve (spreadsheets, spreadsheets.values, spreadsheets.sheets; not developerMetadata) and
their response schemas' fields.
Microsoft Graph's calendar reference is read from Microsoft's own Python SDK (`msgraph-sdk`,
generated from Graph's v1.0 OpenAPI description): endpoints from its request builders' URL
templates and methods (the SDK names `/me` as `/users/{user-id}`), response fields from the
models its methods return (their deserializers' JSON names, three levels deep, without the
`@odata.type` annotation every model carries). Graph accepts a type cast as
`microsoft.graph.room` or `graph.room` and paths in any case: both sides are compared in
lower case with the long cast.

Coupa publishes no machine-readable spec: its reference is one article per resource, each
with an "Actions" table (verb, path) and an "Elements" table (field, description, ..., data
type). The Coupa extractor reads the articles of our resources: endpoints from the Actions
tables (those in `COUPA_DOMAIN`), and for each endpoint the fields of its resource's
Elements table (a top-level array's items as `[].field`; the lines of invoices, purchase
orders and requisitions as `invoice-lines[].field` etc.). It also writes the data type of
every field to `apps/procurement/documented.py`, from which the app documents the fields
its world does not track (always null, as Coupa sends an unset field).

Bullhorn's REST reference (bullhorn/rest-api-docs, one Markdown file per operation family)
gives endpoints only: each `## <tag>METHOD</tag> /path` section's "HTTP Request" lines
(`{corpToken}/entity/{entityType}/{entityId}?fields=...`), or the heading's own path when
the section has none; a sub-section saying "via POST" is a POST. We count the families that
act on the agency's entities (`BULLHORN_FILES`: entity, search, query, meta, ping, find,
mass update, association, login) plus the OAuth steps of "Getting Started with REST"
(`GET /oauth/authorize`, `POST /oauth/token`). Files, resumes, saved searches, event
subscriptions, options, settings, entitlements and headshots are other features, not
counted. Bullhorn's responses carry the fields the call asks for (`fields=`), so there is
no fixed response to compare: the Bullhorn figure is endpoints only.

Usage: `python bench/faithfulness.py [--missing]` (prints the figures; `--missing` lists
the documented endpoints and fields we leave out). Nothing is timed.
"""

from __future__ import annotations

import argparse
import inspect
import json
import re
import sys
import typing
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
REFERENCE = HERE / "reference"

# Our domain: employees, jobs and compensations, time off, tables, metadata, payrolls,
# terminations, company. Paths outside these patterns (benefits administration, files,
# goals, training, time tracking, webhooks, onboarding flows, partner-managed companies,
# reports, ...) are other products' worth of API, not counted.
BAMBOOHR_DOMAIN = [
    r"^/v1/employees(/\{\})?$",  # list, add, get, update
    r"^/v1/employees/directory$",
    r"^/v1/employees/changed(/tables/\{\})?$",
    r"^/v1/employees/\{\}/tables/\{\}(/\{\})?$",
    r"^/v1/employees/all/tables/\{\}$",
    r"^/v1/employees/\{\}/time_off/",
    r"^/v1/time_off/",
    r"^/v1/meta/(fields|lists|tables|time_off/types|time_off/policies|users)$",
    r"^/v1/reports/custom$",
    r"^/v1/company_information$",
]
GUSTO_DOMAIN = [
    r"^/v1/token_info$",
    r"^/v1/companies/\{\}$",
    r"^/v1/companies/\{\}/(locations|departments|employees|contractors|payrolls)$",
    r"^/v1/locations/\{\}$",
    r"^/v1/departments/\{\}(/add|/remove)?$",
    r"^/v1/companies/\{\}/pay_schedules(/\{\})?$",
    r"^/v1/employees/\{\}(/(jobs|terminations|home_addresses|work_addresses|custom_fields"
    r"|payment_method|bank_accounts|pay_stubs))?$",
    r"^/v1/employees/\{\}/bank_accounts/\{\}$",
    r"^/v1/(jobs|compensations|terminations|home_addresses|work_addresses|contractors)/\{\}$",
    r"^/v1/jobs/\{\}/compensations$",
    r"^/v1/companies/\{\}/payrolls/(\{\}|\{\}/(prepare|calculate|submit|cancel)|blockers)$",
    r"^/v1/payrolls/\{\}/employees/\{\}/pay_stub$",
]
# Coupa: suppliers (remit-to addresses, contracts, payment terms), requisitions, purchase
# orders, receiving, invoices, approvals, accounts, budget lines, users, lookup values. Not
# counted: attachments, image scans and legal PDFs, the shopping cart and scheduled issuance,
# mobile line-account edits, supplier-portal sessions and preferences, receipt requests,
# invoice-level remit-to edits and the contract lifecycle (legal agreements, signatures,
# check-in/out, publishing), which are document management and other products' worth.
COUPA_DOMAIN = [
    r"^/api/invoices(/\{\})?$",
    r"^/api/invoices/\{\}/(abandon|add_approver|bypass_approvals|bypass_current_approval|"
    r"dispute|remove_approval|restart_approvals|revalidate_tolerances|submit|void|"
    r"withdraw_dispute)$",
    r"^/api/purchase_orders(/\{\}(/[a-z_]+)?)?$",
    r"^/api/receiving_transactions(/\{\}(/void)?)?$",
    r"^/api/requisitions(/\{\})?$",
    r"^/api/requisitions/(mine|submit_for_approval)$",
    r"^/api/requisitions/\{\}/(add_approver|remove_approval|save_for_later|"
    r"update_and_submit_for_approval)$",
    r"^/api/approvals(/\{\}(/(approve|hold|reject))?)?$",
    r"^/api/suppliers(/\{\})?$",
    r"^/api/suppliers/\{\}/(addresses|remit_to_addresses)(/\{\})?$",
    r"^/api/contracts(/\{\})?$",
    r"^/api/(users|lookup_values|payment_terms)(/\{\})?$",
    r"^/api/budget_lines(/\{\}(/adjust)?)?$",
    r"^/api/accounts(/\{\}|/favorites|/recent)?$",
]
# Coupa's article (by its number in the reference's output/text/) per resource, the path
# prefix whose endpoints answer with that resource, and its line resource, if any.
COUPA_ARTICLES = {
    "invoices": ("0205", "/api/invoices", "invoice-lines"),
    "invoice-lines": ("0212", None, None),
    "purchase_orders": ("0233", "/api/purchase_orders", "order-lines"),
    "order-lines": ("0240", None, None),
    "receiving_transactions": ("0255", "/api/receiving_transactions", None),
    "requisitions": ("0261", "/api/requisitions", "requisition-lines"),
    "requisition-lines": ("0264", None, None),
    "approvals": ("0132", "/api/approvals", None),
    "supplier_addresses": ("0071", "/api/suppliers/{}/", None),
    "suppliers": ("0074", "/api/suppliers", None),
    "contracts": ("0139", "/api/contracts", None),
    "users": ("0100", "/api/users", None),
    "budget_lines": ("0038", "/api/budget_lines", None),
    "lookup_values": ("0061", "/api/lookup_values", None),
    "payment_terms": ("0064", "/api/payment_terms", None),
    "accounts": ("0027", "/api/accounts", None),
}

# Greenhouse Harvest: the resources the ATS models (jobs, openings, stages, job posts,
# departments, offices, candidates with their notes, attachments and tags, prospects,
# applications and their transitions, scheduled interviews, scorecards, offers, users,
# sources, rejection and close reasons, custom fields as read). Left out as other products'
# worth of API: approvals, demographics, EEOC, education look-ups, e-mail templates, prospect
# pools, tracking links, user permissions and roles, and account administration (users'
# writes, custom field definitions' writes, candidate merge and anonymize, job creation).
GREENHOUSE_DOMAIN = [
    r"^GET /v1/jobs(/\{\})?$",
    r"^PATCH /v1/jobs/\{\}$",
    r"^\w+ /v1/jobs/\{\}/hiring_team$",
    r"^\w+ /v[12]/jobs/\{\}/openings(/\{\})?$",
    r"^GET /v1/(jobs/\{\}/stages|job_stages(/\{\})?)$",
    r"^\w+ /v[12]/job_posts(/\{\}(/status|/custom_locations)?)?$",
    r"^GET /v1/jobs/\{\}/job_posts?$",
    r"^\w+ /v1/(departments|offices)(/\{\})?$",
    r"^\w+ /v1/candidates(/\{\})?$",
    r"^\w+ /v1/candidates/\{\}/(attachments|applications|tags(/\{\})?|activity_feed"
    r"(/notes|/emails)?)$",
    r"^\w+ /v1/tags/candidate(/\{\})?$",
    r"^POST /v1/prospects$",
    r"^\w+ /v1/applications(/\{\}(/(advance|transfer_to_job|move|convert_prospect"
    r"|attachments|hire|reject|unreject|scorecards|scheduled_interviews|offers"
    r"|offers/current_offer))?)?$",
    r"^\w+ /v[12]/scheduled_interviews(/\{\})?$",
    r"^GET /v1/(scorecards|offers|users)(/\{\})?$",
    r"^GET /v1/(sources|rejection_reasons|close_reasons)$",
    r"^GET /v1/(custom_fields/\{\}|custom_field/\{\}(/custom_field_options)?)$",
]


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


def _norm(path: str) -> str:
    path = re.sub(r"\{[^}]+\}|:[a-z_]+", "{}", path).rstrip("/") or "/"
    return re.sub(r"^/api/gateway\.php/\{\}", "", path).replace("/api/v1/", "/v1/")


def _in(patterns: list[str], path: str) -> bool:
    return any(re.search(p, path) for p in patterns)


# -- fields of an OpenAPI response schema ----------------------------------------------------


def _join(prefix: str, name: str) -> str:
    """`a.b`, and `items[].b` under an array (a top-level array's items: `[].b`)."""
    return f"{prefix}.{name}" if prefix else name


def _resolve(doc: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = doc["components"]["schemas"][name]
    return schema


# What a field's description says when we document it for shape only: Coupa sends such a
# field as null, Google leaves it out.
UNTRACKED = ("always null", "always omitted")


def _schema_fields(doc: dict[str, Any], schema: dict[str, Any], prefix: str = "",
                   depth: int = 0, *, tracked: bool = False) -> set[str]:
    """The field paths of `schema`; with `tracked`, only those whose description does not
    say they are always null or always omitted (documented for shape only)."""
    schema = _resolve(doc, schema)
    out: set[str] = set()
    if depth > 3:
        return out
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in schema.get(key, ()):
            out |= _schema_fields(doc, sub, prefix, depth, tracked=tracked)
    if schema.get("type") == "array" and "items" in schema:
        return out | _schema_fields(doc, schema["items"], prefix + "[]", depth,
                                    tracked=tracked)
    for name, sub in (schema.get("properties") or {}).items():
        if tracked and any(mark in (sub.get("description") or "")
                           for mark in UNTRACKED):
            continue
        path = _join(prefix, name)
        out.add(path)
        out |= _schema_fields(doc, sub, path, depth + 1, tracked=tracked)
    return out


def _response_fields(doc: dict[str, Any], operation: dict[str, Any], *,
                     tracked: bool = False) -> set[str]:
    for status in ("200", "201", "202"):
        response = operation.get("responses", {}).get(status)
        if not response:
            continue
        response = _resolve(doc, response)
        for media, body in (response.get("content") or {}).items():
            if "json" in media and "schema" in body:
                return _schema_fields(doc, body["schema"], tracked=tracked)
    return set()


def _endpoints(doc: dict[str, Any], *, tracked: bool = False,
               norm: Any = None) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for path, item in doc["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                out[f"{method.upper()} {(norm or _norm)(path)}"] = _response_fields(
                    doc, operation, tracked=tracked)
    return out


# -- Google Sheets (the discovery document) --------------------------------------------------

SHEETS_RESOURCES = ("spreadsheets", "spreadsheets.values", "spreadsheets.sheets")


def _google_norm(path: str) -> str:
    """`/v4/spreadsheets/{}:batchUpdate`: parameters as `{}`, Google's `:verb` kept."""
    return re.sub(r"\{[^}]+\}", "{}", path)


def _discovery_fields(schemas: dict[str, Any], schema: dict[str, Any], prefix: str = "",
                      depth: int = 0) -> set[str]:
    """Field paths of a discovery schema, as `_schema_fields` reads an OpenAPI one."""
    while "$ref" in schema:
        schema = schemas[schema["$ref"]]
    out: set[str] = set()
    if depth > 3:
        return out
    if schema.get("type") == "array" and "items" in schema:
        return _discovery_fields(schemas, schema["items"], prefix + "[]", depth)
    for name, sub in (schema.get("properties") or {}).items():
        path = _join(prefix, name)
        out.add(path)
        out |= _discovery_fields(schemas, sub, path, depth + 1)
    return out


def extract_sheets() -> dict[str, Any]:
    import googleapiclient

    source = Path(googleapiclient.__file__).parent / "discovery_cache/documents/sheets.v4.json"
    doc = json.loads(source.read_text())
    endpoints: dict[str, list[str]] = {}

    def walk(resources: dict[str, Any], prefix: str) -> None:
        for name, resource in resources.items():
            full = f"{prefix}{name}"
            if full in SHEETS_RESOURCES:
                for method in resource.get("methods", {}).values():
                    key = f"{method['httpMethod']} {_google_norm('/' + method['path'])}"
                    response = method.get("response")
                    endpoints[key] = sorted(_discovery_fields(doc["schemas"], response)) \
                        if response else []
            walk(resource.get("resources", {}), f"{full}.")

    walk(doc["resources"], "")
    version = getattr(googleapiclient, "__version__", "?")
    return {"product": "Google Sheets",
            "source": f"sheets.v4.json (revision {doc.get('revision')}) in "
                      f"google-api-python-client {version}",
            "endpoints": dict(sorted(endpoints.items()))}


# -- extraction of the references ----------------------------------------------------------


def extract_bamboohr(spec_path: Path) -> dict[str, Any]:
    import yaml  # the spec is YAML; pyyaml comes with the dev tools (schemathesis)

    doc = yaml.safe_load(spec_path.read_text())
    endpoints = {k: sorted(v) for k, v in _endpoints(doc).items()
                 if _in(BAMBOOHR_DOMAIN, k.split(" ", 1)[1])}
    return {"product": "BambooHR", "source": "github.com/BambooHR/bhr-api-python "
            "specs/public.yaml", "endpoints": dict(sorted(endpoints.items()))}


def _model_fields(tp: Any, prefix: str = "", depth: int = 0) -> set[str]:
    from pydantic import BaseModel

    out: set[str] = set()
    if depth > 3:
        return out
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _model_fields(typing.get_args(tp)[0], prefix, depth)
    if origin in (list, typing.List):  # noqa: UP006 (the SDK's own spelling)
        return _model_fields(typing.get_args(tp)[0], prefix + "[]", depth)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        for arg in typing.get_args(tp):
            out |= _model_fields(arg, prefix, depth)
        return out
    if inspect.isclass(tp) and issubclass(tp, BaseModel):
        for name, field in tp.model_fields.items():
            path = _join(prefix, field.alias or name)
            out.add(path)
            out |= _model_fields(field.annotation, path, depth + 1)
    return out


def extract_gusto() -> dict[str, Any]:
    import gusto_embedded

    package = Path(gusto_embedded.__file__).parent
    endpoints: dict[str, list[str]] = {}
    for module_path in sorted(package.glob("*.py")):
        module = __import__(f"gusto_embedded.{module_path.stem}", fromlist=["_"])
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != module.__name__:
                continue
            for name, fn in inspect.getmembers(cls, inspect.isfunction):
                if name.startswith("_") or inspect.iscoroutinefunction(fn):
                    continue
                try:
                    body = inspect.getsource(fn)
                except OSError:
                    continue
                found = re.search(r'method="(\w+)",\s*path="([^"]+)"', body)
                if not found:
                    continue
                key = f"{found.group(1)} {_norm(found.group(2))}"
                if not _in(GUSTO_DOMAIN, key.split(" ", 1)[1]):
                    continue
                hints = typing.get_type_hints(fn, globalns=vars(module))
                endpoints[key] = sorted(_model_fields(hints.get("return")))
    return {"product": "Gusto", "source": "the gusto_embedded Python SDK "
            f"{getattr(gusto_embedded, '__version__', '')} (Gusto's published API models)",
            "endpoints": dict(sorted(endpoints.items()))}


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
            path = _join(prefix, json_name)
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
        url = _norm(re.sub(r"\{[^}]+\}", "{id}", found.group(1)))
        if not _in(GRAPH_MAIL_DOMAIN, url):
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


_GH_HEADING = re.compile(r"^## (GET|POST|PATCH|PUT|DELETE)\b", re.I | re.M)
_GH_REQUEST = re.compile(r"^`(GET|POST|PATCH|PUT|DELETE) '?https://harvest\.greenhouse\.io"
                         r"(/v\d/(?:[^`?' {]|\{[^}]*\})*)", re.M)
_GH_BLOCK = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.S | re.M)


# Hashes keyed by each customer's own custom fields: the docs' examples show made-up keys
# (`favorite_station`, `shirt_size`), which are not part of the API's shape.
_GH_CUSTOMER_KEYED = ("custom_fields", "keyed_custom_fields")


def _json_fields(value: Any, prefix: str = "", depth: int = 0) -> set[str]:
    """Dotted paths of an example JSON value, `[]` for array items, three levels deep
    (custom field hashes counted as a field, not by their example keys)."""
    out: set[str] = set()
    if depth > 3:
        return out
    if isinstance(value, list):
        for item in value:
            out |= _json_fields(item, prefix + "[]", depth)
    elif isinstance(value, dict):
        for name, sub in value.items():
            path = _join(prefix, name)
            out.add(path)
            if name not in _GH_CUSTOMER_KEYED:
                out |= _json_fields(sub, path, depth + 1)
    return out


def extract_greenhouse(docs: Path) -> dict[str, Any]:
    """Each `## VERB: ...` section of Harvest's docs: its request line and the fields of its
    example response (the last JSON example of the section, which follows the request)."""
    endpoints: dict[str, list[str]] = {}
    for page in sorted((docs / "source" / "includes" / "harvest").glob("_*.md")):
        text = page.read_text()
        starts = [m.start() for m in _GH_HEADING.finditer(text)] + [len(text)]
        for start, end in zip(starts, starts[1:], strict=False):
            section = text[start:end].split("\n## ", 1)[0]
            request = _GH_REQUEST.search(section)
            if request is None:
                continue
            key = f"{request.group(1).upper()} {_norm(request.group(2))}"
            if not _in(GREENHOUSE_DOMAIN, key):
                continue
            # The response is the first JSON example after the words "returns" (a request
            # body comes before them), else the section's last JSON example.
            answer = section.find("returns")
            examples: list[tuple[int, Any]] = []
            for block in _GH_BLOCK.finditer(section):
                if block.group(1) not in ("", "json"):
                    continue
                try:
                    examples.append((block.start(), json.loads(block.group(2))))
                except json.JSONDecodeError:
                    continue
            after = [value for at, value in examples if answer != -1 and at > answer]
            chosen = after[:1] or [value for _, value in examples[-1:]]
            endpoints[key] = sorted(_json_fields(chosen[0])) if chosen else []
    return {"product": "Greenhouse Harvest", "source": "github.com/grnhse/greenhouse-api-docs "
            "source/includes/harvest/*.md (example responses)",
            "endpoints": dict(sorted(endpoints.items()))}


_COUPA_NAME = re.compile(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+|[a-z]{2,}")
# Words of the Elements tables' other columns that look like field names.
_COUPA_WORDS = {"yes", "no", "any", "integer", "string", "boolean", "datetime", "decimal",
                "float", "text", "true", "false", "date", "none", "note", "accelerated",
                "in", "out"}
# Input-only fields (credentials) no response carries.
_COUPA_INPUT_ONLY = {"password", "generate-password-and-notify"}


def _coupa_kind(data_type: str) -> str:
    low = data_type.strip().lower()
    for kind in ("string", "text", "integer", "boolean", "decimal", "float", "datetime", "date"):
        if low.startswith(kind):
            return {"text": "string", "float": "decimal", "date": "datetime"}.get(kind, kind)
    return "object"  # an association (User, Currency, Account, ...)


def coupa_elements(text: str) -> dict[str, str]:
    """Field -> data kind of an article's Elements table. Rows come either tab-separated on
    one line or one cell per line (empty cells dropped); a field's type is its row's last
    cell. Names are given with `-` (the JSON spelling; the tables mix `_` and `-`)."""
    start = text.find("\nElements")
    out: dict[str, str] = {}
    if start < 0:
        return out
    current: str | None = None
    last: str | None = None
    for raw in text[start:].split("\n"):
        cells = [c.strip() for c in raw.split("\t")]
        if not cells[0]:
            continue
        head = cells[0]
        if head.startswith(("Example", "Sample")):
            break
        if _COUPA_NAME.fullmatch(head) and head not in _COUPA_WORDS:
            name = head.replace("_", "-")
            if name == current:
                continue  # the description repeats the name
            if current is not None and last is not None:
                out.setdefault(current, _coupa_kind(last))
            current, last = name, None
            if len(cells) > 2:  # a whole row on one line
                out.setdefault(name, _coupa_kind([c for c in cells if c][-1]))
                current = None
            continue
        if current is not None:
            last = [c for c in cells if c][-1]
    if current is not None and last is not None:
        out.setdefault(current, _coupa_kind(last))
    out.setdefault("id", "integer")
    for name in _COUPA_INPUT_ONLY:
        out.pop(name, None)
    return dict(sorted(out.items()))


def extract_coupa(text_dir: Path) -> tuple[dict[str, Any], dict[str, dict[str, str]]]:
    articles = {name: (text_dir.glob(f"{number}-*").__next__()).read_text()
                for name, (number, _, _) in COUPA_ARTICLES.items()}
    kinds = {name: coupa_elements(text) for name, text in articles.items()}
    endpoints: dict[str, list[str]] = {}
    for name, text in articles.items():
        prefix, lines = COUPA_ARTICLES[name][1:]
        if prefix is None:
            continue
        fields = set(kinds[name])
        if lines:
            fields |= {f"{lines}[].{f}" for f in kinds[lines]}
        flat = re.sub(r"\s+", " ", text)
        for method, raw in re.findall(r"\b(GET|POST|PUT|DELETE|PATCH) +(/api/[^ ]+)", flat):
            path = _norm(raw)
            if not _in(COUPA_DOMAIN, path) or not (path + "/").startswith(
                    prefix.rstrip("/") + "/"):
                continue
            listing = method == "GET" and re.search(r"(s|/mine|/favorites|/recent|addresses)$",
                                                    path) is not None
            endpoints[f"{method} {path}"] = sorted(f"[].{f}" if listing else f
                                                   for f in fields)
    reference = {"product": "Coupa", "source": "github.com/TimTini/coupa-compass-integration-"
                 "docs output/text/ (Coupa Compass's Core API articles: Actions and Elements "
                 "tables)", "endpoints": dict(sorted(endpoints.items()))}
    return reference, kinds


def write_coupa_catalogue(kinds: dict[str, dict[str, str]]) -> None:
    target = HERE.parent / "apps" / "procurement" / "documented.py"
    lines = ['"""Every field Coupa documents per resource, with its data kind (string, integer,',
             "boolean, decimal, datetime or object). Generated by `python bench/faithfulness.py",
             '--extract-coupa DIR` from Coupa\'s Elements tables; do not edit by hand."""', "",
             "DOCUMENTED: dict[str, dict[str, str]] = {"]
    for name, fields in sorted(kinds.items()):
        lines.append(f"    {name!r}: {{")
        lines += [f"        {f!r}: {k!r}," for f, k in fields.items()]
        lines.append("    },")
    lines.append("}")
    target.write_text("\n".join(lines) + "\n")


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
            path = _join(prefix, name)
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
                if not _in(GRAPH_CALENDAR_DOMAIN, key):
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


BULLHORN_FILES = ("_entity.md", "_search.md", "_query.md", "_meta.md", "_ping.md",
                  "_find.md", "_massupdate.md", "_association.md", "_login.md")
BULLHORN_OAUTH = ("GET /oauth/authorize", "POST /oauth/token")
_BH_TAG = re.compile(r"^##\s+<span class=\"tag\">(\w+)</span>\s+(\S+)")
_BH_REQUEST = re.compile(r"^`(?:(GET|PUT|POST|DELETE) )?[{\[]corp[\w-]*[}\]](/[^`?\s]*)")
_BH_SHELL = re.compile(r"https://rest[^\s/]*\.bullhornstaffing\.com(?:/rest-services)?"
                       r"(?:/e999)?(/(?:login|logout))\b")


def _bullhorn_norm(path: str) -> str:
    """`/entity/{entityType}/{{entity-id},{entity-id},*}` -> `/entity/{}/{}`."""
    path = re.sub(r"\{\{[^/]*\}", "{}", path.rstrip("/"))
    return re.sub(r"\{[^/}]*\}?[^/]*|\[[^/]*\][^/]*", "{}", path)


def extract_bullhorn(includes: Path) -> dict[str, Any]:
    endpoints: set[str] = set(BULLHORN_OAUTH)
    for name in BULLHORN_FILES:
        tagged, method, heading_path, found = "GET", "GET", "", False
        for line in (includes / name).read_text().splitlines():
            tag = _BH_TAG.match(line)
            if tag or line.startswith("## "):
                if tag and not found and heading_path:
                    endpoints.add(f"{method} {_bullhorn_norm(heading_path)}")
                if tag:
                    tagged, heading_path, found = tag.group(1).upper(), tag.group(2), False
                method = tagged
                continue
            if line.startswith("### ") and "HTTP Request" not in line:
                method = "POST" if " via POST" in line else tagged
            request = _BH_REQUEST.match(line)
            if request:
                endpoints.add(f"{request.group(1) or method} {_bullhorn_norm(request.group(2))}")
                found = True
            shell = _BH_SHELL.search(line)
            if shell and name == "_login.md":  # login is at the root, logout under restUrl
                endpoints.add("GET /rest-services/login" if shell.group(1) == "/login"
                              else f"GET {shell.group(1)}")
        if not found and heading_path:
            endpoints.add(f"{method} {_bullhorn_norm(heading_path)}")
    return {"product": "Bullhorn REST API",
            "source": "github.com/bullhorn/rest-api-docs source/includes/ "
                      f"({', '.join(BULLHORN_FILES)}) and Getting Started with REST (OAuth)",
            "endpoints": {k: [] for k in sorted(endpoints)}}


def _bullhorn_ours(endpoints: dict[str, set[str]]) -> dict[str, set[str]]:
    """Our Bullhorn document's endpoints keyed as the reference keys them (paths under the
    restUrl without `/rest-services/{corpToken}`)."""
    out = {}
    for key, fields in endpoints.items():
        method, path = key.split(" ", 1)
        path = re.sub(r"^/rest-services/\{\}(?=/)", "", path)
        out[f"{method} {path}"] = fields
    return out


def _graph_ours(endpoints: dict[str, set[str]]) -> dict[str, set[str]]:
    """Our Graph-shaped document's endpoints keyed as the reference keys them."""
    out = {}
    for key, fields in endpoints.items():
        method, path = key.split(" ", 1)
        out[f"{method} {path.removeprefix('/v1.0').lower()}"] = fields
    return out


# -- the figures ---------------------------------------------------------------------------


def coverage(reference: dict[str, Any], ours: dict[str, set[str]]
             ) -> tuple[float, float, list[str], dict[str, list[str]]]:
    ref = {k: set(v) for k, v in reference["endpoints"].items()}
    matched = sorted(k for k in ref if k in ours)
    missing = sorted(k for k in ref if k not in ours)
    total = sum(len(ref[k]) for k in matched)
    have = sum(len(ref[k] & ours[k]) for k in matched)
    missing_fields = {k: sorted(ref[k] - ours[k]) for k in matched if ref[k] - ours[k]}
    return (len(matched) / len(ref) if ref else 1.0, have / total if total else 1.0,
            missing, missing_fields)


def our_documents() -> dict[str, dict[str, Any]]:
    sys.path.insert(0, str(HERE.parent))
    from arcadia.apps.kernel import EpisodeStore, create_app
    from arcadia.apps.registry import load_specs

    specs = load_specs(["hris", "payroll", "ats", "procurement", "mail", "calendar",
                        "sheets", "bullhorn"])
    store = EpisodeStore(specs)
    return {s.name: create_app(s, store).openapi() for s in specs}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--extract-bamboohr", type=Path, metavar="SPEC")
    parser.add_argument("--extract-gusto", action="store_true")
    parser.add_argument("--extract-greenhouse", type=Path, metavar="DOCS")
    parser.add_argument("--extract-coupa", type=Path, metavar="DIR")
    parser.add_argument("--extract-graph-calendar", action="store_true")
    parser.add_argument("--extract-graph-mail", action="store_true")
    parser.add_argument("--extract-sheets", action="store_true")
    parser.add_argument("--extract-bullhorn", type=Path, metavar="DIR")
    parser.add_argument("--missing", action="store_true")
    parser.add_argument("--quick", action="store_true", help="(the same: nothing is timed)")
    args = parser.parse_args(argv)
    REFERENCE.mkdir(exist_ok=True)
    if args.extract_bamboohr:
        (REFERENCE / "bamboohr.json").write_text(
            json.dumps(extract_bamboohr(args.extract_bamboohr), indent=1) + "\n")
    if args.extract_gusto:
        (REFERENCE / "gusto.json").write_text(json.dumps(extract_gusto(), indent=1) + "\n")
    if args.extract_greenhouse:
        (REFERENCE / "greenhouse.json").write_text(
            json.dumps(extract_greenhouse(args.extract_greenhouse), indent=1) + "\n")
    if args.extract_sheets:
        (REFERENCE / "sheets.json").write_text(json.dumps(extract_sheets(), indent=1) + "\n")
    if args.extract_coupa:
        reference, kinds = extract_coupa(args.extract_coupa)
        (REFERENCE / "coupa.json").write_text(json.dumps(reference, indent=1) + "\n")
        write_coupa_catalogue(kinds)
    if args.extract_graph_calendar:
        (REFERENCE / "graph-calendar.json").write_text(
            json.dumps(extract_graph_calendar(), indent=1) + "\n")
    if args.extract_bullhorn:
        (REFERENCE / "bullhorn.json").write_text(
            json.dumps(extract_bullhorn(args.extract_bullhorn), indent=1) + "\n")
    if args.extract_graph_mail:
        (REFERENCE / "graph-mail.json").write_text(
            json.dumps(extract_graph_mail(), indent=1) + "\n")
    docs = our_documents()
    missing_lines: list[str] = []
    for app, ref_name in (("hris", "bamboohr"), ("payroll", "gusto"), ("ats", "greenhouse"),
                          ("procurement", "coupa"), ("mail", "graph-mail")):
        reference = json.loads((REFERENCE / f"{ref_name}.json").read_text())
        ours = _endpoints(docs[app])
        if app == "mail":  # Graph's paths are under the version: /v1.0/users/{id}/...
            ours = {k.replace(" /v1.0/", " /", 1): v for k, v in ours.items()}
        endpoints, fields, missing, missing_fields = coverage(reference, ours)
        figure = ref_name.replace("-", "_")
        print(f"{figure}_documented_endpoints: {len(reference['endpoints'])} endpoints")
        print(f"{figure}_endpoints_served: {100 * endpoints:.1f} %")
        print(f"{figure}_response_fields_served: {100 * fields:.1f} %")
        missing_lines += [f"{reference['product']} ({app}) missing endpoint: {k}"
                          for k in missing]
        missing_lines += [f"{reference['product']} ({app}) {k}: missing fields "
                          f"{', '.join(names)}" for k, names in missing_fields.items()]
    reference = json.loads((REFERENCE / "sheets.json").read_text())
    endpoints, fields, missing, missing_fields = coverage(
        reference, _endpoints(docs["sheets"], norm=_google_norm))
    print(f"sheets_documented_endpoints: {len(reference['endpoints'])} endpoints")
    print(f"sheets_endpoints_served: {100 * endpoints:.1f} %")
    print(f"sheets_response_fields_served: {100 * fields:.1f} %")
    # The Spreadsheet resource (get, create, getByDataFilter, batchUpdate's replies) documents
    # every feature of Sheets. We document all of it, but some parts no spreadsheet here can
    # carry (BigQuery/Looker data sources and their schedules, data source sheets and
    # columns, anonymous or imported comment posts): those fields say "always omitted" and
    # the figure below counts only the fields our seeded world or our requests can populate.
    _, with_data, _, _ = coverage(reference, _endpoints(docs["sheets"], tracked=True,
                                                        norm=_google_norm))
    print(f"sheets_response_fields_with_data: {100 * with_data:.1f} %")
    values_ref = {**reference, "endpoints": {k: v for k, v in reference["endpoints"].items()
                                             if "/values" in k}}
    _, values_fields, _, _ = coverage(values_ref, _endpoints(docs["sheets"], norm=_google_norm))
    print(f"sheets_values_response_fields_served: {100 * values_fields:.1f} %")
    bullhorn = json.loads((REFERENCE / "bullhorn.json").read_text())
    bh_ours = _bullhorn_ours(_endpoints(docs["bullhorn"]))
    bh_endpoints, _, bh_missing, _ = coverage(bullhorn, bh_ours)
    print(f"bullhorn_documented_endpoints: {len(bullhorn['endpoints'])} endpoints")
    print(f"bullhorn_endpoints_served: {100 * bh_endpoints:.1f} %")
    missing_lines += [f"Bullhorn (bullhorn) missing endpoint: {k}" for k in bh_missing]
    missing_lines += [f"Google Sheets (sheets) missing endpoint: {k}" for k in missing]
    missing_lines += [f"Google Sheets (sheets) {k}: missing fields {', '.join(names)}"
                      for k, names in missing_fields.items()]
    # Coupa documents many fields this instance has no data for (tax registrations, image
    # scans, punch-out sites): our document carries them, always null, as Coupa sends an
    # unset field. The figure below counts only the fields that carry data.
    reference = json.loads((REFERENCE / "coupa.json").read_text())
    _, tracked, _, _ = coverage(reference, _endpoints(docs["procurement"], tracked=True))
    print(f"coupa_response_fields_with_data: {100 * tracked:.1f} %")
    reference = json.loads((REFERENCE / "graph-calendar.json").read_text())
    endpoints, fields, missing, missing_fields = coverage(
        reference, _graph_ours(_endpoints(docs["calendar"])))
    print(f"graph_calendar_documented_endpoints: {len(reference['endpoints'])} endpoints")
    print(f"graph_calendar_endpoints_served: {100 * endpoints:.1f} %")
    print(f"graph_calendar_response_fields_served: {100 * fields:.1f} %")
    missing_lines += [f"{reference['product']} (calendar) missing endpoint: {k}"
                      for k in missing]
    missing_lines += [f"{reference['product']} (calendar) {k}: missing fields "
                      f"{', '.join(names)}" for k, names in missing_fields.items()]
    if args.missing:
        print("\n".join(missing_lines))


if __name__ == "__main__":
    main()
