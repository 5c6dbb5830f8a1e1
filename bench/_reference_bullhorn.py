"""Bullhorn's reference (the agency's app): the endpoints of bullhorn/rest-api-docs'
operation families that act on the agency's entities, and the OAuth steps (see
faithfulness.py)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

BULLHORN_FILES = ("_entity.md", "_search.md", "_query.md", "_meta.md", "_ping.md",
                  "_find.md", "_massupdate.md", "_association.md", "_login.md")
BULLHORN_ENTITIES = ("CorporateUser", "ClientCorporation", "ClientContact", "JobOrder",
                     "Candidate", "JobSubmission", "Placement", "Note", "Appointment",
                     "Skill")
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
            "endpoints": {k: [] for k in sorted(endpoints)},
            "fields_source": "github.com/bullhorn/rest-api-docs source/includes/entityref/ "
                             "(one field table per entity)",
            "fields": extract_bullhorn_fields(includes / "entityref", BULLHORN_ENTITIES)}



_BH_RANGE = re.compile(r"^([A-Za-z]+?)(\d+)(s?) to (\d+)s?$")
_BH_NAME = re.compile(r"^[A-Za-z_]\w*$")


def _first_cells(text: str) -> list[str]:
    """The first cell of each table row: Markdown (`| name | type |`) or HTML
    (`<tr>` then `<td>name</td>`)."""
    cells, in_row = [], False
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("|"):
            cells.append(line.split("|")[1].strip())
        elif line.startswith("<tr"):
            in_row = True
        elif in_row and line.startswith("<td"):
            cells.append(re.sub(r"<[^>]+>", "", line).strip())
            in_row = False
    return cells


def extract_bullhorn_fields(entityref: Path, entities: tuple[str, ...]) -> dict[str, list[str]]:
    """Each entity's field names from its entity reference table (`_candidate.md`); a
    range row (`customText1 to 40`, `customObject1s to 35s`) stands for each of its fields."""
    out: dict[str, list[str]] = {}
    for entity in entities:
        path = entityref / f"_{entity.lower()}.md"
        if not path.exists():
            continue
        names: list[str] = []
        for cell in _first_cells(path.read_text()):
            cell = cell.replace("*", "").strip()
            span = _BH_RANGE.match(cell)
            if span:
                stem, first, plural, last = span.groups()
                names += [f"{stem}{i}{plural}" for i in range(int(first), int(last) + 1)]
            elif _BH_NAME.match(cell):
                names.append(cell)
        out[entity] = list(dict.fromkeys(names))
    return out
