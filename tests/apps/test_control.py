"""The control plane's fan-out is all or nothing, and says which process failed.

Two app "processes" in this process (each its own store and admin surface, reached through
ASGI), and a transport that can make one of them fail the way a dead process does.
"""

from __future__ import annotations

import httpx
import pytest

from arcadia.apps.kernel import EpisodeStore, create_app
from arcadia.apps.kernel.admin import LostEpisodes
from arcadia.apps.kernel.control import (
    AppUnreachable,
    ControlPlane,
    ControlPlaneError,
    EpisodeLost,
    token_digest,
)
from arcadia.apps.registry import load_specs
from tests.factories import ADMIN_TOKEN

URLS = {"hris": "http://hris.test", "payroll": "http://payroll.test"}


class Processes(httpx.AsyncBaseTransport):
    """Routes by host to each app's ASGI app; `fail[(host, path-part)]` breaks a route."""

    def __init__(self) -> None:
        self.stores: dict[str, EpisodeStore] = {}
        self.apps = {}
        for spec in load_specs(list(URLS)):
            store = EpisodeStore([spec])
            app = create_app(spec, store, with_admin=True)
            app.add_middleware(LostEpisodes, store=store, render=spec.render_error)
            self.stores[spec.name] = store
            self.apps[httpx.URL(URLS[spec.name]).host] = httpx.ASGITransport(app=app)
        self.fail: dict[tuple[str, str], int | None] = {}

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        for (host, part), status in self.fail.items():
            if request.url.host == host and part in request.url.path:
                if status is None:
                    raise httpx.ConnectError("All connection attempts failed", request=request)
                return httpx.Response(status, text="boom", request=request)
        return await self.apps[request.url.host].handle_async_request(request)


@pytest.fixture
def processes() -> Processes:
    return Processes()


def plane(processes: Processes) -> ControlPlane:
    return ControlPlane(URLS, ADMIN_TOKEN, transport=processes)


async def test_create_rolls_back_when_one_process_is_unreachable(processes):
    processes.fail[("payroll.test", "/admin/episodes")] = None
    async with plane(processes) as cp:
        with pytest.raises(AppUnreachable) as info:
            await cp.create_episode(headcount=40, episode_id="ep-a")
    assert str(info.value) == ("payroll at http://payroll.test is unreachable: ConnectError: "
                               "All connection attempts failed (POST /admin/episodes)")
    assert (info.value.app, info.value.url) == ("payroll", URLS["payroll"])
    assert [s.episodes() for s in processes.stores.values()] == [[], []]


async def test_create_rolls_back_on_a_server_error_and_keeps_a_taken_id(processes):
    async with plane(processes) as cp:
        processes.fail[("payroll.test", "/admin/episodes")] = 500
        with pytest.raises(AppUnreachable, match="payroll at http://payroll.test is "
                           "unreachable: POST /admin/episodes answered 500 boom"):
            await cp.create_episode(headcount=40, episode_id="ep-b")
        assert processes.stores["hris"].episodes() == []
        processes.fail.clear()
        await cp.create_episode(headcount=40, episode_id="ep-b")
        # A refusal (409: the id is taken) is the caller's fault and deletes nothing.
        with pytest.raises(ControlPlaneError) as info:
            await cp.create_episode(headcount=40, episode_id="ep-b")
        assert info.value.status == 409
        assert [len(s.episodes()) for s in processes.stores.values()] == [1, 1]


KNOWN_WORLDS = "['agency', 'arcadia-robotics', 'restaurant']"


async def test_a_world_no_pack_registers_is_refused_and_nothing_is_created(processes):
    """It used to build the default world (which no app serves) and create the episode."""
    async with httpx.AsyncClient(transport=processes, base_url=URLS["hris"]) as http:
        r = await http.post("/admin/episodes", json={"world": "nope", "headcount": 40},
                            headers={"Authorization": f"Bearer {ADMIN_TOKEN}"})
    assert r.status_code == 422
    assert r.json() == {"error": {"status": 422,
                                  "message": f"unknown world 'nope'; known: {KNOWN_WORLDS}"}}
    async with plane(processes) as cp:
        with pytest.raises(ControlPlaneError) as info:
            await cp.create_episode(world="nope", headcount=40, episode_id="ep-n")
    assert info.value.status == 422
    assert f"unknown world 'nope'; known: {KNOWN_WORLDS}" in str(info.value)
    assert [s.episodes() for s in processes.stores.values()] == [[], []]


async def test_mint_revokes_where_it_registered_when_one_process_fails(processes):
    async with plane(processes) as cp:
        episode = await cp.create_episode(headcount=40)
        hr = (await cp.principals(episode, role="hr"))[0]
        processes.fail[("payroll.test", "/tokens")] = None
        with pytest.raises(AppUnreachable, match="^payroll at http://payroll.test"):
            await cp.mint_token(episode, hr["id"])
        assert [s.token_digests() for s in processes.stores.values()] == [{episode: []}] * 2
        processes.fail.clear()
        token, _ = await cp.mint_token(episode, hr["id"])
        assert processes.stores["hris"].token_digests() == {episode: [token_digest(token)]}
        await cp.revoke_token(episode, token)
        assert processes.stores["payroll"].resolve(token) is None


async def test_delete_tries_every_process_and_lost_episodes_answer_410(processes):
    async with plane(processes) as cp:
        episode = await cp.create_episode(headcount=40)
        hr = (await cp.principals(episode, role="hr"))[0]
        token, _ = await cp.mint_token(episode, hr["id"])
        # payroll "restarts": its copy is gone, and it is told what it lost.
        payroll = processes.stores["payroll"]
        payroll.delete(episode)
        assert payroll.mark_lost({episode: [token_digest(token)]},
                                 "payroll process restarted") == 1
        with pytest.raises(EpisodeLost) as info:
            await cp.episode(episode)
        assert str(info.value) == (f"episode {episode} was lost when the payroll process "
                                   "(http://payroll.test) restarted; start a new episode")
        async with httpx.AsyncClient(transport=processes, base_url=URLS["payroll"]) as agent:
            r = await agent.get("/v1/token_info", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 410 and r.headers["x-arcadia-episode-lost"] == episode
        assert "lost when the payroll process restarted" in r.json()["errors"][0]["message"]
        # Delete: hris's copy goes, payroll forgets the lost one; nothing is left anywhere.
        await cp.delete_episode(episode)
        assert [s.episodes() for s in processes.stores.values()] == [[], []]
        assert payroll.lost() == {}
        with pytest.raises(ControlPlaneError) as missing:
            await cp.delete_episode(episode)
        assert missing.value.status == 404
        # An unreachable process does not stop the others from deleting; its failure is
        # raised once all were tried.
        episode = await cp.create_episode(headcount=40)
        processes.fail[("hris.test", f"/admin/episodes/{episode}")] = None
        with pytest.raises(AppUnreachable, match="^hris at http://hris.test"):
            await cp.delete_episode(episode)
        assert payroll.episodes() == []


async def test_health_reports_each_process_and_a_failed_one_as_down(processes):
    async with plane(processes) as cp:
        episode = await cp.create_episode(headcount=40)
        processes.fail[("payroll.test", "/admin/health")] = None
        health = await cp.health()
        await cp.delete_episode(episode)
    assert health["hris"]["status"] == "up" and health["hris"]["apps"] == ["hris"]
    assert (health["hris"]["episodes"], health["hris"]["lost"]) == (1, 0)
    assert health["payroll"] == {
        "status": "down", "url": URLS["payroll"],
        "error": "payroll at http://payroll.test is unreachable: ConnectError: All connection "
                 "attempts failed (GET /admin/health)"}
