"""Names in checks and guards, checked against the registered apps' tables at load.

A predicate on a field a record lacks never matches, so a misspelled guard field would
silently always pass and a misspelled check field always fail. Each kind's parameter model
lists the names it uses (`names() -> NameRef...`); every one must be an app, a table of
that app, and a column of that table the diff keeps (not a bookkeeping field). A kind that
judges whole added records (`accounted()`) must name every judged column of its table.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import orjson
from pydantic import BaseModel, ValidationError

from arcadia.apps.kernel import AppSpec, cache
from arcadia.apps.kernel.templates import app_key
from arcadia.apps.registry import APP_NAMES, load_specs
from arcadia.grader.checks import Kind, NameRef
from arcadia.grader.kinds import CHECKS, GUARDS
from arcadia.world.registry import Registry


@dataclass(frozen=True)
class Catalog:
    """Judged tables and their judged columns, per app, plus what the diff ignores."""

    tables: Mapping[str, Mapping[str, tuple[str, ...]]]
    ignored: Mapping[str, Mapping[str, tuple[str, ...]]]

    @classmethod
    def of(cls, specs: Iterable[AppSpec]) -> Catalog:
        tables: dict[str, dict[str, tuple[str, ...]]] = {}
        ignored: dict[str, dict[str, tuple[str, ...]]] = {}
        for spec in specs:
            tables[spec.name], ignored[spec.name] = {}, {}
            for t in spec.metadata.sorted_tables:
                if t.name in spec.ignored_tables:
                    ignored[spec.name][t.name] = ()
                    continue
                dropped = set(spec.ignored_fields.get(t.name, ()))
                tables[spec.name][t.name] = tuple(c.name for c in t.columns
                                                  if c.name not in dropped)
                ignored[spec.name][t.name] = tuple(sorted(dropped))
        return cls(tables, ignored)


@functools.cache
def registered() -> Catalog:
    """The catalog of every registered app (`arcadia.apps.registry.load_specs()`), from the
    machine's cache when the apps' code is unchanged (loading a corpus then imports no
    app)."""
    def build() -> bytes:
        catalog = Catalog.of(load_specs())
        return orjson.dumps({"tables": catalog.tables, "ignored": catalog.ignored},
                            option=orjson.OPT_NON_STR_KEYS)

    plain = orjson.loads(cache.cached("catalog", "\0".join(map(app_key, APP_NAMES)), build))
    return Catalog(*({app: {t: tuple(cols) for t, cols in tables.items()}
                      for app, tables in plain[part].items()} for part in ("tables", "ignored")))


def _unknown(what: str, name: str, valid: Iterable[str]) -> str:
    valid = sorted(valid)
    close = difflib.get_close_matches(name, valid, n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return f"unknown {what} {name!r}; {hint}known: {', '.join(valid)}"


def ref_problem(ref: NameRef, catalog: Catalog) -> str | None:
    """Why `ref` names nothing the diff can show, or None when it is fine."""
    if ref.app not in catalog.tables:
        return _unknown("app", ref.app, catalog.tables)
    tables = catalog.tables[ref.app]
    if ref.table not in tables:
        if ref.table in catalog.ignored[ref.app]:
            return (f"table {ref.app}.{ref.table} is bookkeeping the diff ignores; "
                    f"nothing in it can be judged")
        return _unknown(f"table of {ref.app}", ref.table, tables)
    if ref.field is None or ref.field in tables[ref.table]:
        return None
    if ref.field in catalog.ignored[ref.app].get(ref.table, ()):
        return (f"field {ref.app}.{ref.table}.{ref.field} is bookkeeping the diff ignores; "
                f"a predicate on it never matches")
    return _unknown(f"field of {ref.app}.{ref.table}", ref.field, tables[ref.table])


def params_problems(registry: Registry[Kind[Any, Any]], kind: str, params: dict[str, Any],
                    catalog: Catalog | None = None) -> list[tuple[str, str]]:
    """(location under `params`, message) for each bad name the parameters give.

    Unknown kinds and parameters that do not parse are left to grading, which reports
    them as ungradeable; kinds whose parameters list no names are not checked.
    """
    if kind not in registry:
        return []
    try:
        parsed: BaseModel = registry.get(kind).params.model_validate(params)
    except ValidationError:
        return []
    names = getattr(parsed, "names", None)
    if names is None:
        return []
    catalog = catalog or registered()
    out = []
    for ref in names():
        problem = ref_problem(ref, catalog)
        if problem is not None:
            out.append((ref.loc, problem))
    accounted = getattr(parsed, "accounted", None)
    if accounted is not None and not out:
        loc, app, table, named = accounted()
        missing = [c for c in catalog.tables[app][table] if c not in named]
        if missing:
            out.append((loc, f"does not account for {app}.{table} column(s) "
                             f"{', '.join(missing)}: name each with its value, or "
                             f"{{\"generated\": type}} for what the app generates"))
    return out


def task_problems(checks: Iterable[tuple[str, dict[str, Any]]],
                  guards: Iterable[tuple[str, dict[str, Any]]],
                  catalog: Catalog | None = None) -> list[tuple[str, str]]:
    """(field path in the task, message) for every bad name of its checks and guards."""
    out = []
    for section, registry, items in (("checks", CHECKS, checks), ("guards", GUARDS, guards)):
        for i, (kind, params) in enumerate(items):
            for loc, msg in params_problems(registry, kind, params, catalog):
                out.append((f"{section}.{i}.params.{loc}", msg))
    return out
