"""Process settings: one typed object, environment variables prefixed `ARCADIA_`."""

from __future__ import annotations

import secrets
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="ARCADIA_")

    admin_token: str = Field(
        default_factory=lambda: secrets.token_urlsafe(24),
        description="Bearer token of the control plane; never handed to agents.",
    )
    clock_step_seconds: int = Field(
        60, ge=1, description="World seconds the episode clock advances per mutating request."
    )
    host: str = Field("127.0.0.1", description="Interface `arcadia serve` binds.")
    port: int = Field(8700, description="Port of the embedded server; --multi uses the next ones.")
    app: str | None = Field(None, description="The one app a `--multi` child process serves.")
    max_body_bytes: int = Field(
        1 << 20, ge=1024, description="Largest request body an app reads (413 beyond).")
    template_cache: int = Field(8, ge=1, description="World templates kept in memory (LRU).")
    clock_dir: Path | None = Field(
        None, description="Directory of the episodes' shared clock files (`--multi`: set by "
        "the parent so that every app process of a host shares each episode's clock).")
    peers: dict[str, str] = Field(
        default_factory=dict, description="Other app processes, app -> base URL (JSON), to "
        "deliver cross-app events to (`--multi`: set by the parent).")
    database_url: str | None = Field(
        None, description="Where world state lives: unset for SQLite in memory (the "
        "default); `postgresql://user@host:port/db` for a PostgreSQL server (templates and "
        "episodes as its databases; `db` is the one the kernel connects to to make them).")
    cache_dir: Path | None = Field(
        None, description="The machine's cache of templates, OpenAPI documents and the "
        "grader's catalog (`arcadia cache info`); default `$XDG_CACHE_HOME/arcadia`, else "
        "`~/.cache/arcadia`.")
    pg_clone_strategy: Literal["wal_log", "file_copy"] = Field(
        "wal_log", description="PostgreSQL's `CREATE DATABASE ... STRATEGY` for an "
        "episode's clone of a template (see docs/scale-out.md and its figures).")


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
