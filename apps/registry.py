"""The apps Arcadia hosts, by name. Imported lazily so one app never loads another."""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from arcadia.apps.kernel import AppSpec

APP_NAMES: tuple[str, ...] = ("hris", "payroll", "ats", "procurement", "mail", "calendar",
                              "sheets", "restaurant", "bullhorn")


def load_specs(names: Sequence[str] = APP_NAMES) -> list[AppSpec]:
    """The `AppSpec` of each named app (`arcadia.apps.<name>.SPEC`)."""
    unknown = [n for n in names if n not in APP_NAMES]
    if unknown:
        raise ValueError(f"unknown apps {unknown}; known: {list(APP_NAMES)}")
    return [importlib.import_module(f"arcadia.apps.{n}").SPEC for n in names]
