"""The embedded server with every registered app, for uvicorn (`--factory`) in the fuzz test."""

from __future__ import annotations

from fastapi import FastAPI

from arcadia.apps.kernel import create_server
from arcadia.apps.registry import APP_NAMES, load_specs


def embedded() -> FastAPI:
    return create_server(load_specs(APP_NAMES))
