"""The equivalence gate: variants of the gold a careful person might make score 1.0.

Each variant changes one write of the gold in a way that does the same work:
- `free-text`: an optional free-text field of the write's request body or query (a
  comment, a note, a memo, a reason: a plain string, no enum, format or pattern) that the
  gold did not send, set to a short neutral text;
- `input-option`: Sheets' `valueInputOption` swapped (RAW <-> USER_ENTERED), so that a
  date, a number or TRUE is typed as a user types it, or pasted as text;
- `html-body`: a text body (`contentType` + `content`) sent as HTML, escaped (`&` as
  `&amp;`) and wrapped in paragraphs;
- `number-text`: numbers written with trailing zeros (`"75.00"`) written without, in values
  and in text;
- `both-emails`: an optional e-mail field the gold left out, set to the e-mail the gold sent
  in another field; required only where the world sets that column in (nearly) every row
  of its table (payroll employees all have `email` and `work_email`);
- `route`: the same request on another documented route of the app with the same method,
  the same request schema and the same path parameters (`POST /me/events` for
  `POST /me/calendar/events`).

A variant the app refuses at the changed step is skipped, with a note; every variant tried
is reported with its score.
"""

from __future__ import annotations

import html
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arcadia.apps.kernel import AppSpec
from arcadia.grader.gate import GateResult, record_keys
from arcadia.grader.openapi_lookup import Route, document
from arcadia.grader.task import Step, Task
from arcadia.grader.variants import get_at, scalar_leaves, set_at

TEXT = "Done as you asked."
# Fields whose name says they hold free text (`comment`, `notes`, `memo`, `reason`,
# `reject_reason_comment`, `changeReason`), matched on the last word of the name.
_FREE = re.compile(r"(comments?|notes?|memos?|reasons?|remarks?)$", re.I)
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_ZEROS = re.compile(r"^(\d+)\.(\d*?)0+$")
_TEXT_ZEROS = re.compile(r"(?<![\d.])(\d+)\.00(?![\d])")
# A column the world sets in at least this share of its table's rows is the world's
# convention (a both-emails variant is then required to score 1.0).
CONVENTION = 0.9


def free_text(name: str, prop: Mapping[str, Any]) -> bool:
    """Whether an optional request field holds free text (not a flag, amount or enum); a
    nullable string (`anyOf: [string, null]`) is judged by its string."""
    kinds = [p for p in prop.get("anyOf", ()) if p.get("type") != "null"]
    if len(kinds) == 1 and len(prop["anyOf"]) == 2:
        prop = {**prop, **kinds[0]}
    return (prop.get("type") == "string" and "enum" not in prop and not prop.get("format")
            and not prop.get("pattern") and bool(_FREE.search(name.replace(".", "_"))))


@dataclass(frozen=True)
class Variant:
    kind: str
    what: str  # e.g. "comment on 's4'"
    steps: list[Step]
    at: int  # the index of the step changed
    world: bool = False  # required only where the world sets the column it writes


def _optional(route: Route | None, sent: Step | None) -> list[tuple[str, dict[str, Any]]]:
    if route is None or sent is None or not isinstance(sent.body, dict | None):
        return []
    props = (route.body or {}).get("properties", {})
    required = set((route.body or {}).get("required", []))
    return [(n, p) for n, p in props.items() if n not in required and n not in (sent.body or {})]


def _html(text: str) -> str:
    paras = [html.escape(p).replace("\n", "<br>") for p in text.split("\n\n")]
    return "<html><body>" + "".join(f"<p>{p}</p>" for p in paras) + "</body></html>"


def _bodies(body: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to Graph-style text bodies (`{"contentType": "text", "content": ...}`)."""
    out: list[tuple[Any, ...]] = []
    if isinstance(body, dict):
        if str(body.get("contentType", "")).lower() == "text" \
                and isinstance(body.get("content"), str):
            out.append(prefix)
        for k, v in body.items():
            out += _bodies(v, (*prefix, k))
    elif isinstance(body, list):
        for i, v in enumerate(body):
            out += _bodies(v, (*prefix, i))
    return out


def _numbers(body: Any) -> Any:
    """The body with numbers' trailing zeros dropped (`"75.00"` -> `"75"`), or None."""
    out, changed = body, False
    for path in scalar_leaves(body):
        v = get_at(body, path)
        if not isinstance(v, str):
            continue
        m = _ZEROS.match(v)
        new = (m.group(1) + (f".{m.group(2)}" if m.group(2) else "")) if m else \
            _TEXT_ZEROS.sub(r"\1", v)
        if new != v:
            out, changed = set_at(out, path, new), True
    return out if changed else None


class Aliases:
    """Per app, documented routes interchangeable with one another: same method, request
    schema and path parameters, another path."""

    def __init__(self, specs: Mapping[str, AppSpec]) -> None:
        self.groups: dict[tuple[str, str, str, tuple[str, ...]], list[str]] = {}
        for name, spec in specs.items():
            for path, ops in document(spec)["paths"].items():
                for method, o in ops.items():
                    ref = (o.get("requestBody", {}).get("content", {})
                           .get("application/json", {}).get("schema", {}).get("$ref"))
                    if not ref or "write" not in o.get("tags", ()):
                        continue
                    holes = tuple(sorted(re.findall(r"\{(\w+)\}", path)))
                    self.groups.setdefault((name, method.upper(), ref, holes), []).append(path)

    def others(self, step: Step) -> list[str]:
        """Paths that reach the same operation: one's segments a subsequence of the other's,
        with the same last segment (`/me/events`, `/me/calendar/events`), never a sibling
        operation that shares the schema (`reply`, `replyAll`)."""
        holes = tuple(sorted(re.findall(r"\{(\w+)\}", step.path)))
        for (app, method, _, h), paths in self.groups.items():
            if app == step.app and method == step.method and h == holes and \
                    step.path in paths:
                return [p for p in paths if p != step.path and _nested(p, step.path)]
        return []


def _nested(a: str, b: str) -> bool:
    x, y = (a.strip("/").split("/"), b.strip("/").split("/"))
    short, long = (x, y) if len(x) <= len(y) else (y, x)
    if not short or short[-1] != long[-1] or short[0] != long[0]:
        return False
    it = iter(long)
    return all(seg in it for seg in short)


def optional_query(route: Route | None, sent: Step | None) -> list[tuple[str, dict[str, Any]]]:
    """The route's optional free-text query parameters the step did not send (Coupa's
    approve and reject take their `reason` in the query)."""
    if route is None or route.query is None:
        return []
    query = (sent.query if sent is not None else None) or {}
    required = set(route.query.get("required", []))
    return [(n, p) for n, p in route.query.get("properties", {}).items()
            if n not in required and n not in query and free_text(n, p)]


def variants(task: Task, writes: Sequence[int], routes: Sequence[Route | None],
             sent: Sequence[Step | None], aliases: Aliases) -> list[Variant]:
    """The equivalent variants of the gold, one change each, in the order tried."""
    gold = list(task.gold)
    out: list[Variant] = []

    def at(w: int, step: Step) -> list[Step]:
        return [*gold[:w], step, *gold[w + 1:]]

    for w in writes:
        step, s, route = gold[w], sent[w], routes[w]
        optional = _optional(route, s)
        for name, prop in optional:
            if free_text(name, prop) and isinstance(step.body, dict | None):
                body = {**(step.body or {}), name: TEXT}
                out.append(Variant("free-text", f"{name} on {step.id!r}",
                                   at(w, step.model_copy(update={"body": body})), w))
        for name, _ in optional_query(route, step):
            query = {**(step.query or {}), name: TEXT}
            out.append(Variant("free-text", f"{name} (query) on {step.id!r}",
                               at(w, step.model_copy(update={"query": query})), w))
        if s is None:
            continue
        for where in ("query", "body"):
            part = getattr(s, where)
            if isinstance(part, dict) and part.get("valueInputOption") in ("RAW", "USER_ENTERED"):
                new = "USER_ENTERED" if part["valueInputOption"] == "RAW" else "RAW"
                out.append(Variant("input-option", f"valueInputOption={new} on {step.id!r}",
                                   at(w, s.model_copy(update={
                                       where: {**part, "valueInputOption": new}})), w))
        for path in _bodies(s.body):
            text = get_at(s.body, path)
            body = set_at(s.body, path, {**text, "contentType": "HTML",
                                         "content": _html(text["content"])})
            where = ".".join(map(str, path)) or "body"
            out.append(Variant("html-body", f"{where} as HTML on {step.id!r}",
                               at(w, s.model_copy(update={"body": body})), w))
        numbers = _numbers(s.body)
        if numbers is not None:
            out.append(Variant("number-text", f"numbers without trailing zeros on "
                               f"{step.id!r}", at(w, s.model_copy(update={"body": numbers})),
                               w))
        emails = [v for k, v in (s.body or {}).items() if "email" in k.lower()
                  and isinstance(v, str) and _EMAIL.match(v)] \
            if isinstance(s.body, dict) else []
        for name, prop in optional:
            if emails and "email" in name.lower() and prop.get("type") == "string" \
                    and "enum" not in prop:
                body = {**s.body, name: emails[0]}
                out.append(Variant("both-emails", f"{name}={emails[0]} on {step.id!r}",
                                   at(w, s.model_copy(update={"body": body})), w, world=True))
        for route_path in aliases.others(step):
            out.append(Variant("route", f"{step.method} {route_path} for {step.path} on "
                               f"{step.id!r}",
                               at(w, step.model_copy(update={"path": route_path})), w))
    return out


Attempting = Callable[[Task, Sequence[Step]], Awaitable[Any]]
Convention = Callable[[str, str, str], Awaitable[tuple[int, int]]]


async def equivalence(task: Task, found: list[Variant], gold_diff: Any,
                      attempt: Attempting, convention: Convention) -> GateResult:
    """Run every variant; the gate fails on the first required one scoring below 1.0.
    `convention(app, table, column)` is (rows that set it, rows) in the world's table."""
    if not found:
        return GateResult(True, "no equivalent variant applies")
    notes: list[str] = []
    failure: str | None = None
    for v in found:
        a = await attempt(task, v.steps)
        if a.error is not None and len(a.results) == v.at:
            notes.append(f"{v.kind} {v.what}: refused by the app ({a.error.status})")
            continue
        if v.world:
            why = await _unconventional(gold_diff, a.diff, convention)
            if why:
                notes.append(f"{v.kind} {v.what}: not required ({why})")
                continue
        if a.grade.outcome == "ungradeable" or a.grade.score is None:
            line = f"{v.kind} {v.what}: ungradeable ({a.grade.reason})"
        else:
            line = f"{v.kind} {v.what}: {a.grade.score:g}"
        if a.grade.score != 1.0 or a.error is not None:
            wrong = [c.reason for c in a.grade.checks if not c.passed]
            wrong += [g.reason for g in a.grade.guards if not g.passed]
            if a.error is not None:
                wrong.insert(0, f"stopped: {a.error}")
            line += f" [{'; '.join(wrong[:2])}]" if wrong else ""
            failure = failure or line
        notes.append(line)
    if failure:
        return GateResult(False, f"{failure} (tried: {'; '.join(notes)})")
    return GateResult(True, "; ".join(notes))


async def _unconventional(gold: Any, variant: Any, convention: Convention) -> str | None:
    """Why the columns a variant sets beyond the gold are not the world's convention, or
    None when they all are (every changed column is set in most rows of its table)."""
    if variant is None:
        return "no diff"
    a, b = record_keys(gold), record_keys(variant)
    cols = sorted({(k[0], k[1], c) for k, r in b.items() if k in a
                   for c in r.current if a[k].current.get(c) != r.current.get(c)})
    if not cols:
        return "it changes nothing the gold does not"
    for app, table, col in cols:
        held, rows = await convention(app, table, col)
        if rows == 0 or held / rows < CONVENTION:
            return f"the world sets {app}.{table}.{col} in {held} of {rows} rows"
    return None
