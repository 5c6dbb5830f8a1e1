"""The `taskgen` command: what task generation can start from."""

from __future__ import annotations

import json

import typer
from rich.console import Console

from arcadia.world import SITUATIONS

app = typer.Typer(help="Generate tasks from situations seeded in Arcadia's worlds.",
                  no_args_is_help=True)
console = Console(highlight=False, soft_wrap=True)


@app.callback()
def main() -> None:
    """Generate tasks from situations seeded in Arcadia's worlds."""


@app.command()
def situations(as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """List the registered situations and their parameters."""
    rows = [{"id": s.id, "description": s.description,
             "params": s.params.model_json_schema()} for s in SITUATIONS.values()]
    if as_json:
        console.print_json(json.dumps(rows))
        return
    for row in rows:
        console.print(f"{row['id']}: {row['description']}")
        for name, prop in row["params"]["properties"].items():
            console.print(f"  {name}: {prop.get('description', '')}")
