"""Probing one write route's reference fields over HTTP: the episode, the ids and base
body taken from its records, and the outcome of each wrong value
(`tests/apps/test_write_references.py`; the fields come from `write_references.py`)."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

import httpx

from tests.apps.write_references import Route, cut, merge, minimal, with_value, wrong
from tests.factories import ADMIN

# -- the episode -----------------------------------------------------------------------


def record_for(http: httpx.Client, headers: dict[str, str], app: str,
                     path: str, ids: dict[str, str]) -> Any:
    """The record the route acts on (`GET` of its path up to its last parameter), or the
    collection's first record for a create; None if neither reads back."""
    concrete = path
    for name, value in ids.items():
        concrete = concrete.replace("{" + name + "}", value)
    if "{" in concrete:
        return None
    parts = concrete.split("/")
    candidates = []
    for cut_at in range(len(parts), 1, -1):
        candidates.append("/".join(parts[:cut_at]))
    for candidate in candidates:
        r = http.get(f"/{app}{candidate}", headers=headers)
        if r.status_code != 200 or "json" not in r.headers.get("content-type", ""):
            continue
        data = r.json()
        if isinstance(data, dict):
            for key in ("value", "data", "employees"):
                if isinstance(data.get(key), list):
                    data = data[key]
                    break
        if isinstance(data, list):
            return data[0] if data else None
        return data
    return None


def path_ids(http: httpx.Client, headers: dict[str, str], app: str, path: str,
                   fallback: dict[str, str]) -> dict[str, str]:
    """Each path parameter: the first record of the collection it indexes, else the
    app's known valid id (`fallback`)."""
    ids: dict[str, str] = {}
    segments = path.split("/")
    for i, seg in enumerate(segments):
        m = re.fullmatch(r"\{(\w+)\}", seg)
        if not m:
            for other in re.findall(r"\{(\w+)\}", seg):
                ids[other] = fallback.get(other, "1")
            continue
        name = m.group(1)
        collection = "/".join(segments[:i])
        for known, value in ids.items():
            collection = collection.replace("{" + known + "}", value)
        found = None
        r = http.get(f"/{app}{collection}", headers=headers)
        if r.status_code == 200 and "json" in r.headers.get("content-type", ""):
            data = r.json()
            if isinstance(data, dict):
                data = next((v for v in data.values() if isinstance(v, list)), None)
            if isinstance(data, list) and data and isinstance(data[0], dict):
                for key in ("id", "uuid", "payroll_uuid", "spreadsheetId"):
                    if key in data[0]:
                        found = str(data[0][key])
                        break
        ids[name] = found if found is not None else fallback.get(name, "1")
    return ids


def snapshot(http: httpx.Client, episode: str) -> tuple[int, Any]:
    r = http.get(f"/admin/episodes/{episode}", headers=ADMIN)
    c = http.get(f"/admin/episodes/{episode}/changes", headers=ADMIN)
    return int(r.json()["tick"]), c.json()


# -- probing ---------------------------------------------------------------------------


@dataclass
class Outcome:
    op_id: str
    field: str
    status: int
    changed: bool
    base_status: int | None = None
    text: str = ""

    @property
    def accepted(self) -> bool:
        return 200 <= self.status < 300


def open_episode(http: httpx.Client, body: dict[str, Any], doc: dict[str, Any],
                 route: Route) -> tuple[str, dict[str, str]]:
    """A fresh episode and the headers of a principal holding the route's roles (and most
    of the app's)."""
    r = http.post("/admin/episodes", json=body, headers=ADMIN)
    assert r.status_code == 201, r.text
    episode = r.json()["episode_id"]
    wanted = {role for item in doc["paths"].values() for op in item.values()
              if isinstance(op, dict) for role in op.get("x-roles", ())}
    people = http.get(f"/admin/episodes/{episode}/principals", headers=ADMIN).json()
    own = set(route.roles)
    best = max(people["principals"], key=lambda p: (
        not own or bool(own & set(p["roles"])), len(wanted & set(p["roles"])), -p["id"]))
    token = http.post(f"/admin/episodes/{episode}/tokens", json={"principal": best["id"]},
                      headers=ADMIN).json()["token"]
    return episode, {"Authorization": f"Bearer {token}", "Accept": "application/json"}


def request_parts(route: Route, ids: dict[str, str], fallback: dict[str, str]
                  ) -> tuple[str, dict[str, str], dict[str, str]]:
    """The route's URL, its required query parameters and its header parameters."""
    path, query, headers = route.path, {}, {}
    for name, value in ids.items():
        path = path.replace("{" + name + "}", value)
    for p in route.params:
        if p["in"] == "query" and p.get("required"):
            query[p["name"]] = fallback.get(p["name"]) or str(minimal({}, p.get("schema", {})))
        elif p["in"] == "header" and p["name"] in fallback:
            headers[p["name"]] = fallback[p["name"]]
    return f"/{route.app}{path}", query, headers


UNIQUE = ("name", "login", "email", "number", "po-number", "invoice-number", "title",
          "display-name", "external-ref-code", "code", "displayName")


def fresh(body: Any, route: Route) -> Any:
    """A create's body with its natural keys made new (the record it copies holds them)."""
    if route.method != "post" or not isinstance(body, dict):
        return body
    out = {key: [{k: v for k, v in item.items() if k != "id"} if isinstance(item, dict)
                 else item for item in value] if isinstance(value, list) else value
           for key, value in body.items()}  # a copied record's lines are not the new one's
    for key in UNIQUE:
        if isinstance(out.get(key), str) and out[key]:
            value = out[key]
            out[key] = f"ref.{value}" if "@" in value else f"{value} R"
    return out


def collection(http: httpx.Client, auth: dict[str, str], app: str, path: str,
               ids: dict[str, str], limit: int = 12,
               where: dict[str, str] | None = None) -> list[str]:
    """The ids of the first records of the collection the route's last parameter indexes
    (those the product's own list filters `where` select)."""
    params = re.findall(r"\{(\w+)\}", path)
    if not params:
        return []
    head = path[:path.index("{" + params[-1] + "}")].rstrip("/")
    for name, value in ids.items():
        head = head.replace("{" + name + "}", value)
    r = http.get(f"/{app}{head}", headers=auth, params=where)
    if r.status_code != 200 or "json" not in r.headers.get("content-type", ""):
        return []
    data = r.json()
    if isinstance(data, dict):
        data = next((v for v in data.values() if isinstance(v, list)), None)
    found = []
    for item in (data or [])[:limit]:
        if isinstance(item, dict):
            key = next((k for k in ("id", "uuid", "payroll_uuid") if k in item), None)
            if key:
                found.append(str(item[key]))
    return found


def base_body(http: httpx.Client, auth: dict[str, str], doc: dict[str, Any], route: Route,
              ids: dict[str, str], bodies: dict[str, dict[str, Any]]) -> dict[str, Any]:
    if route.op_id in bodies:
        return copy.deepcopy(bodies[route.op_id])
    record = record_for(http, auth, route.app, route.path, ids)
    return fresh(merge(minimal(doc, route.body), cut(doc, route.body, record) or {}), route)


def choose(http: httpx.Client, app: str, doc: dict[str, Any], route: Route,
           episode_body: dict[str, Any], fallback_ids: Any,
           bodies: dict[str, dict[str, Any]], where: dict[str, str] | None = None
           ) -> tuple[dict[str, str], int, str]:
    """Path ids whose base body the route accepts, tried over the collection's first
    records (those `where` selects) in a scratch episode; the last tried (and its
    refusal) if none is."""
    _, auth = open_episode(http, episode_body, doc, route)
    fallback = fallback_ids(http, auth, app) if fallback_ids else {}
    ids = path_ids(http, auth, app, route.path, fallback)
    options = [ids]
    params = re.findall(r"\{(\w+)\}", route.path)
    if params:
        options += [{**ids, params[-1]: other}
                    for other in collection(http, auth, app, route.path, ids, where=where)
                    if other != ids[params[-1]]]
    status, text = 0, ""
    for option in options:
        url, query, extra = request_parts(route, option, fallback)
        body = base_body(http, auth, doc, route, option, bodies)
        r = http.request(route.method.upper(), url, params=query, headers={**auth, **extra},
                         json=body)
        status, text = r.status_code, r.text[:300]
        if 200 <= status < 300:
            return option, status, text
    return options[-1], status, text


def probe(http: httpx.Client, app: str, doc: dict[str, Any], route: Route,
          episode_body: dict[str, Any], fallback_ids: Any,
          bodies: dict[str, dict[str, Any]], where: dict[str, str] | None = None
          ) -> list[Outcome]:
    """Every reference field of one route, wrong one at a time, then the base body: at
    the collection's first records, else at the ids `choose` finds it accepted for
    (among the records `where`, the product's list filters, selects)."""
    out = _probe_at(http, app, doc, route, episode_body, fallback_ids, bodies, {})
    if out and out[0].base_status and 200 <= out[0].base_status < 300:
        return out
    ids, status, _ = choose(http, app, doc, route, episode_body, fallback_ids, bodies, where)
    if not 200 <= status < 300:
        return out  # accepted nowhere: the route is one of NO_BASE's
    return _probe_at(http, app, doc, route, episode_body, fallback_ids, bodies, ids)


def _probe_at(http: httpx.Client, app: str, doc: dict[str, Any], route: Route,
              episode_body: dict[str, Any], fallback_ids: Any,
              bodies: dict[str, dict[str, Any]], ids: dict[str, str]) -> list[Outcome]:
    episode, auth = open_episode(http, episode_body, doc, route)
    fallback = fallback_ids(http, auth, app) if fallback_ids else {}
    ids = {**path_ids(http, auth, app, route.path, fallback), **ids}
    url, query, extra = request_parts(route, ids, fallback)
    headers = {**auth, **extra}
    base = base_body(http, auth, doc, route, ids, bodies)
    out = []
    for ref in route.refs:
        before = snapshot(http, episode)
        r = http.request(route.method.upper(), url, params=query, headers=headers,
                         json=with_value(base, doc, route, ref, wrong(ref)))
        changed = snapshot(http, episode) != before
        out.append(Outcome(route.op_id, ref.name, r.status_code, changed, text=r.text[:300]))
        if changed:  # the next probes start from the world again (same ids: deterministic)
            episode, auth = open_episode(http, episode_body, doc, route)
            if fallback_ids:
                fallback_ids(http, auth, app)
            headers = {**auth, **extra}
    r = http.request(route.method.upper(), url, params=query, headers=headers, json=base)
    for o in out:
        o.base_status = r.status_code
        if not 200 <= r.status_code < 300:
            o.text = f"base refused: {r.text[:300]}"
    return out
