"""The apps Arcadia hosts, by name (`APPS`: each app's package). Imported lazily so one app
never loads another."""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from arcadia.apps.kernel import AppSpec
from arcadia.world.registry import Registry

APPS: Registry[str] = Registry("app", ((name, f"arcadia.apps.{name}") for name in (
    "hris", "payroll", "ats", "procurement", "mail", "calendar", "sheets", "restaurant",
    "bullhorn")))
APP_NAMES: tuple[str, ...] = tuple(APPS)


def load_specs(names: Sequence[str] = APP_NAMES) -> list[AppSpec]:
    """The `AppSpec` of each named app (`arcadia.apps.<name>.SPEC`); every name is looked up
    before any app is imported (an unknown one: a ValueError naming the known apps)."""
    modules = [APPS.get(n) for n in names]
    return [importlib.import_module(m).SPEC for m in modules]
