"""`arcadia cache info|clear|warm`: the machine's cache of templates, documents, catalog."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from arcadia.apps.kernel import cache

console = Console(highlight=False, soft_wrap=True)


def _mb(size: int) -> str:
    return f"{size / 1e6:,.1f} MB"


def add_commands(app: typer.Typer) -> None:
    cache_app = typer.Typer(help="The machine's cache of world templates, OpenAPI documents "
                            "and the grader's catalog (ARCADIA_CACHE_DIR).",
                            no_args_is_help=True)
    app.add_typer(cache_app, name="cache")

    @cache_app.command("info")
    def info() -> None:
        """Where the cache is, and its entries and size by kind."""
        rows = cache.info()
        console.print(f"cache: {cache.cache_root()}", markup=False)
        for row in rows:
            console.print(f"  {row.kind:<9} {row.entries:>5} entries {_mb(row.bytes):>12}  "
                          f"{row.description}", markup=False)
        console.print(f"  {'total':<9} {sum(r.entries for r in rows):>5} entries "
                      f"{_mb(sum(r.bytes for r in rows)):>12}", markup=False)

    @cache_app.command("clear")
    def clear() -> None:
        """Remove every entry; the next run builds what it needs again."""
        entries, size = cache.clear()
        console.print(f"removed {entries} entries ({_mb(size)}) from {cache.cache_root()}",
                      markup=False)

    @cache_app.command("warm")
    def warm(
        tasks: Annotated[Path | None, typer.Option(
            help="A task file, folder or split; default: the default split.",
            exists=True)] = None,
    ) -> None:
        """Build the world templates the tasks need (on every core) and every app's OpenAPI
        document, so that later runs, test workers and Ray workers only read them."""
        from arcadia.agents.cli_eval import default_split, prebuild_templates
        from arcadia.apps.registry import APP_NAMES
        from arcadia.grader import EmbeddedEnvironment
        from arcadia.grader.openapi_lookup import documents_of

        documents_of(APP_NAMES)
        from arcadia.agents.runner import load_tasks

        built = prebuild_templates(EmbeddedEnvironment(), load_tasks(tasks or default_split()))
        console.print(f"{built} templates built; cache: {cache.cache_root()}", markup=False)
