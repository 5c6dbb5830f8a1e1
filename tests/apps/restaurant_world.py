"""The restaurant world as the app tests create it: a case's shift, through the admin API."""

from __future__ import annotations

from typing import Any

import httpx

from arcadia.world import SituationSpec, WorldSpec
from tests.factories import ADMIN, EpisodeHandle

MANAGER = "manager@arcadia-kitchen.example"


def shift_body(case: str = "dinner-rush", seed: int = 1) -> dict[str, Any]:
    """The `POST /admin/episodes` body of a restaurant episode running `case`."""
    return {"world": "restaurant", "seed": seed, "headcount": 40,
            "situations": [{"id": "restaurant-shift-v1", "params": {"case": case}}]}


def shift_spec(case: str = "dinner-rush", seed: int = 1) -> WorldSpec:
    return WorldSpec(name="restaurant", seed=seed, headcount=40,
                     situations=(SituationSpec("restaurant-shift-v1", {"case": case}),))


async def shift_episode(client: httpx.AsyncClient, case: str = "dinner-rush", seed: int = 1
                        ) -> EpisodeHandle:
    r = await client.post("/admin/episodes", json=shift_body(case, seed), headers=ADMIN)
    assert r.status_code == 201, r.text
    return EpisodeHandle(client, r.json()["episode_id"], r.json())
