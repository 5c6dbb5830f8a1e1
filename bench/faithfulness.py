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
every field to `apps/procurement/documented.json`, from which the app documents the fields
its world does not track (always null, as Coupa sends an unset field).

Bullhorn's REST reference (bullhorn/rest-api-docs, one Markdown file per operation family)
gives endpoints only: each `## <tag>METHOD</tag> /path` section's "HTTP Request" lines
(`{corpToken}/entity/{entityType}/{entityId}?fields=...`), or the heading's own path when
the section has none; a sub-section saying "via POST" is a POST. We count the families that
act on the agency's entities (`BULLHORN_FILES`: entity, search, query, meta, ping, find,
mass update, association, login) plus the OAuth steps of "Getting Started with REST"
(`GET /oauth/authorize`, `POST /oauth/token`). Files, resumes, saved searches, event
subscriptions, options, settings, entitlements and headshots are other features, not
counted. Bullhorn's responses carry the fields the call asks for (`fields=`), so its
response figure is per entity: the field names of each entity's table in the entity
reference (source/includes/entityref/, a range row such as `customText1 to 40` counted as
each of its fields), against the fields our `/meta/{entity}` lists.

Each product's reader and its domain patterns live beside this script: `_reference_hr.py`
(BambooHR, Gusto, Greenhouse), `_reference_coupa.py`, `_reference_graph.py` (mail and
calendar), `_reference_sheets.py` and `_reference_bullhorn.py`; `_api_fields.py` reads the
endpoints and response fields of an OpenAPI document (ours, and BambooHR's spec).

Usage: `python bench/faithfulness.py [--missing]` (prints the figures; `--missing` lists
the documented endpoints and fields we leave out). Nothing is timed.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from _api_fields import google_norm, openapi_endpoints
from _reference_bullhorn import extract_bullhorn
from _reference_coupa import extract_coupa, write_coupa_catalogue
from _reference_graph import extract_graph_calendar, extract_graph_mail
from _reference_hr import extract_bamboohr, extract_greenhouse, extract_gusto
from _reference_sheets import extract_sheets

HERE = Path(__file__).parent
REFERENCE = HERE / "reference"


def _bullhorn_ours(endpoints: dict[str, set[str]]) -> dict[str, set[str]]:
    """Our Bullhorn document's endpoints keyed as the reference keys them (paths under the
    restUrl without `/rest-services/{corpToken}`)."""
    out = {}
    for key, fields in endpoints.items():
        method, path = key.split(" ", 1)
        path = re.sub(r"^/rest-services/\{\}(?=/)", "", path)
        out[f"{method} {path}"] = fields
    return out


def _bullhorn_served() -> dict[str, set[str]]:
    """Each entity's fields our Bullhorn app serves (its `/meta/{entity}` list)."""
    sys.path.insert(0, str(HERE.parent))
    from arcadia.apps.bullhorn.fields import ENTITIES

    return {name: set(e.fields) for name, e in ENTITIES.items()}


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
        ours = openapi_endpoints(docs[app])
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
        reference, openapi_endpoints(docs["sheets"], norm=google_norm))
    print(f"sheets_documented_endpoints: {len(reference['endpoints'])} endpoints")
    print(f"sheets_endpoints_served: {100 * endpoints:.1f} %")
    print(f"sheets_response_fields_served: {100 * fields:.1f} %")
    # The Spreadsheet resource (get, create, getByDataFilter, batchUpdate's replies) documents
    # every feature of Sheets. We document all of it, but some parts no spreadsheet here can
    # carry (BigQuery/Looker data sources and their schedules, data source sheets and
    # columns, anonymous or imported comment posts): those fields say "always omitted" and
    # the figure below counts only the fields our seeded world or our requests can populate.
    _, with_data, _, _ = coverage(reference, openapi_endpoints(docs["sheets"], tracked=True,
                                                        norm=google_norm))
    print(f"sheets_response_fields_with_data: {100 * with_data:.1f} %")
    values_ref = {**reference, "endpoints": {k: v for k, v in reference["endpoints"].items()
                                             if "/values" in k}}
    _, values_fields, _, _ = coverage(values_ref, openapi_endpoints(docs["sheets"],
                                                                    norm=google_norm))
    print(f"sheets_values_response_fields_served: {100 * values_fields:.1f} %")
    bullhorn = json.loads((REFERENCE / "bullhorn.json").read_text())
    bh_ours = _bullhorn_ours(openapi_endpoints(docs["bullhorn"]))
    bh_endpoints, _, bh_missing, _ = coverage(bullhorn, bh_ours)
    print(f"bullhorn_documented_endpoints: {len(bullhorn['endpoints'])} endpoints")
    print(f"bullhorn_endpoints_served: {100 * bh_endpoints:.1f} %")
    missing_lines += [f"Bullhorn (bullhorn) missing endpoint: {k}" for k in bh_missing]
    # Response fields: an entity's record carries what `fields=` asks for, any field of its
    # entity reference table; ours are the fields its `/meta/{entity}` lists (the registry).
    served = _bullhorn_served()
    ref_fields = bullhorn.get("fields", {})
    total = sum(len(v) for v in ref_fields.values())
    have = sum(len(set(v) & served.get(k, set())) for k, v in ref_fields.items())
    print(f"bullhorn_response_fields_served: {100 * have / total if total else 0:.1f} %")
    for k, v in ref_fields.items():
        shown = set(v) & served.get(k, set())
        missing_lines += [f"Bullhorn (bullhorn) {k}: {len(shown)}/{len(v)} fields; missing "
                          f"{', '.join(n for n in v if n not in shown)}"]
    missing_lines += [f"Google Sheets (sheets) missing endpoint: {k}" for k in missing]
    missing_lines += [f"Google Sheets (sheets) {k}: missing fields {', '.join(names)}"
                      for k, names in missing_fields.items()]
    # Coupa documents many fields this instance has no data for (tax registrations, image
    # scans, punch-out sites): our document carries them, always null, as Coupa sends an
    # unset field. The figure below counts only the fields that carry data.
    reference = json.loads((REFERENCE / "coupa.json").read_text())
    _, tracked, _, _ = coverage(reference, openapi_endpoints(docs["procurement"], tracked=True))
    print(f"coupa_response_fields_with_data: {100 * tracked:.1f} %")
    reference = json.loads((REFERENCE / "graph-calendar.json").read_text())
    endpoints, fields, missing, missing_fields = coverage(
        reference, _graph_ours(openapi_endpoints(docs["calendar"])))
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
