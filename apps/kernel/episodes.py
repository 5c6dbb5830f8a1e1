"""Templates, episodes and tokens: the multi-tenant heart of every app process.

A template is built once per world spec (world truth loaded into each app's tables) and
kept in memory; an episode is a set of cloned databases plus the tokens minted for it.
A token resolves to exactly one (episode, principal); nothing else links episodes.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field

from sqlmodel import Session

from arcadia.apps.kernel.db import Database, create_schema, install_changelog, new_connection
from arcadia.apps.kernel.spec import AppSpec
from arcadia.world import World, WorldSpec, generate_world


@dataclass(frozen=True)
class Principal:
    """A person of the world acting through the apps, with the roles that gate routes."""

    id: int
    email: str
    name: str
    roles: tuple[str, ...]

    def has_any(self, roles: Sequence[str]) -> bool:
        return any(r in self.roles for r in roles)


@dataclass
class Template:
    key: str
    world: World
    world_hash: str
    dbs: dict[str, Database]


@dataclass
class Episode:
    id: str
    template: Template
    dbs: dict[str, Database]
    tokens: dict[str, Principal] = field(default_factory=dict)

    @property
    def world(self) -> World:
        return self.template.world


class EpisodeError(Exception):
    """A control-plane request that cannot be honoured (unknown episode, bad principal)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class EpisodeStore:
    """Every template and live episode of the apps hosted by this process."""

    def __init__(self, apps: Sequence[AppSpec]) -> None:
        self.apps = {a.name: a for a in apps}
        self._templates: dict[str, Template] = {}
        self._episodes: dict[str, Episode] = {}
        self._tokens: dict[str, tuple[str, Principal]] = {}
        self._next_id = 1

    # templates -----------------------------------------------------------------
    def template(self, spec: WorldSpec) -> Template:
        key = spec.key()
        if key not in self._templates:
            self._templates[key] = self._build(key, spec)
        return self._templates[key]

    def _build(self, key: str, spec: WorldSpec) -> Template:
        world = generate_world(spec)
        dbs = {}
        for app in self.apps.values():
            db = Database(new_connection(), app.metadata)
            create_schema(db)
            with Session(db.engine) as session:
                app.seed(world, session)
                session.commit()
            install_changelog(db)
            dbs[app.name] = db
        return Template(key, world, world.content_hash(), dbs)

    # episodes ------------------------------------------------------------------
    def create(self, spec: WorldSpec, episode_id: str | None = None) -> Episode:
        if episode_id is not None and episode_id in self._episodes:
            raise EpisodeError(409, f"Episode {episode_id} already exists.")
        template = self.template(spec)
        if episode_id is None:
            while f"ep-{self._next_id}" in self._episodes:
                self._next_id += 1
            episode_id = f"ep-{self._next_id}"
            self._next_id += 1
        episode = Episode(episode_id, template, {n: db.clone() for n, db in template.dbs.items()})
        self._episodes[episode_id] = episode
        return episode

    def get(self, episode_id: str) -> Episode:
        try:
            return self._episodes[episode_id]
        except KeyError:
            raise EpisodeError(404, f"Episode {episode_id} does not exist.") from None

    def episodes(self) -> list[Episode]:
        return list(self._episodes.values())

    def delete(self, episode_id: str) -> None:
        episode = self.get(episode_id)
        for token in episode.tokens:
            self._tokens.pop(token, None)
        for db in episode.dbs.values():
            db.close()
        del self._episodes[episode_id]

    # principals and tokens -------------------------------------------------------
    def principal(self, episode: Episode, ref: int | str) -> Principal:
        """The person `ref` (employee id or email) as a principal of this episode."""
        world = episode.world
        person = (world.person_by_email(ref) if isinstance(ref, str)
                  else next((p for p in world.people if p.id == ref), None))
        if person is None:
            raise EpisodeError(404, f"No person {ref!r} in this world.")
        if person.status == "terminated":
            raise EpisodeError(409, f"{person.name} is terminated and cannot sign in.")
        return Principal(person.id, person.email, person.name, person.roles)

    def mint(self, episode_id: str, ref: int | str, token: str | None = None
             ) -> tuple[str, Principal]:
        episode = self.get(episode_id)
        principal = self.principal(episode, ref)
        token = token or secrets.token_urlsafe(24)
        if token in self._tokens:
            raise EpisodeError(409, "That token is already in use.")
        self._tokens[token] = (episode_id, principal)
        episode.tokens[token] = principal
        return token, principal

    def resolve(self, token: str) -> tuple[Episode, Principal] | None:
        hit = self._tokens.get(token)
        if hit is None:
            return None
        return self._episodes[hit[0]], hit[1]
