"""`$search`: KQL-style terms, `prop:value`, `"a phrase"` and `OR`, matched against the
text of a record's searchable fields."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arcadia.apps.kernel.odata.common import bad


@dataclass(frozen=True)
class Search:
    """KQL-lite: groups of terms joined by OR; within a group every term must match.
    A term is free text (any searchable field) or `prop:value` (that field)."""

    groups: tuple[tuple[tuple[str | None, str], ...], ...]

    def matches(self, record: Mapping[str, Any],
                fields: Mapping[str, Callable[[Mapping[str, Any]], str]]) -> bool:
        """Whether `record` matches; `fields` maps a KQL property to the text it searches
        (free text searches all of them)."""
        def hit(prop: str | None, value: str) -> bool:
            targets = fields.values() if prop is None else (fields[prop],)
            return any(value in f(record).casefold() for f in targets)
        return any(all(hit(p, v) for p, v in group) for group in self.groups)


_SEARCH_TERM = re.compile(r'\s*(?:(?P<prop>[A-Za-z]+):)?(?:"(?P<q>[^"]*)"|(?P<w>[^\s"]+))')


def parse_search(text: str | None, properties: Sequence[str],
                 field: str = "$search") -> Search | None:
    """`$search="..."` (quotes optional) -> `Search`; unknown `prop:` names are `invalid`."""
    if text is None:
        return None
    t = text.strip()
    if len(t) >= 2 and t[0] == '"' and t[-1] == '"':
        t = t[1:-1]
    t = t.replace('\\"', '"')
    groups: list[list[tuple[str | None, str]]] = [[]]
    pos = 0
    while pos < len(t):
        if t[pos:].strip() == "":
            break
        m = _SEARCH_TERM.match(t, pos)
        if m is None:
            raise bad(f"Syntax error in {field} '{text}' at position {pos}.", field)
        pos = m.end()
        prop, value = m.group("prop"), m.group("q") if m.group("q") is not None \
            else m.group("w")
        if prop is None and value == "OR":
            groups.append([])
            continue
        if prop is None and value == "AND":
            continue
        if prop is not None and prop.lower() not in properties:
            raise bad(f"The property '{prop}' cannot be searched; searchable properties: "
                      f"{', '.join(properties)}.", field)
        if value:
            groups[-1].append((prop.lower() if prop else None, value.casefold()))
    kept = tuple(tuple(g) for g in groups if g)
    if not kept:
        raise bad(f"The {field} query is empty; send terms such as \"budget\" or "
                  "\"from:alex\".", field)
    return Search(kept)
