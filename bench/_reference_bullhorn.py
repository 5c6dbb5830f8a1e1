"""Bullhorn's reference (the agency's app): the endpoints of bullhorn/rest-api-docs'
operation families that act on the agency's entities, and the OAuth steps (see
faithfulness.py)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

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
