"""The references of BambooHR (HRIS), Gusto (payroll) and Greenhouse Harvest (ATS), and
the parts of each product's API that are our domain (see faithfulness.py): BambooHR's
OpenAPI spec, the gusto_embedded SDK's models, and Harvest's docs' example responses."""

from __future__ import annotations

import inspect
import json
import re
import typing
from pathlib import Path
from typing import Any

from _api_fields import in_domain, join_path, norm_path, openapi_endpoints

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


def extract_bamboohr(spec_path: Path) -> dict[str, Any]:
    import yaml  # the spec is YAML; pyyaml comes with the dev tools (schemathesis)

    doc = yaml.safe_load(spec_path.read_text())
    endpoints = {k: sorted(v) for k, v in openapi_endpoints(doc).items()
                 if in_domain(BAMBOOHR_DOMAIN, k.split(" ", 1)[1])}
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
            path = join_path(prefix, field.alias or name)
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
                key = f"{found.group(1)} {norm_path(found.group(2))}"
                if not in_domain(GUSTO_DOMAIN, key.split(" ", 1)[1]):
                    continue
                hints = typing.get_type_hints(fn, globalns=vars(module))
                endpoints[key] = sorted(_model_fields(hints.get("return")))
    return {"product": "Gusto", "source": "the gusto_embedded Python SDK "
            f"{getattr(gusto_embedded, '__version__', '')} (Gusto's published API models)",
            "endpoints": dict(sorted(endpoints.items()))}


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
            path = join_path(prefix, name)
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
            key = f"{request.group(1).upper()} {norm_path(request.group(2))}"
            if not in_domain(GREENHOUSE_DOMAIN, key):
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
