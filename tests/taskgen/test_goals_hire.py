"""new-hire-cohort-v1's goal kinds ship certified tasks whose instructions state no value
the gold discovered."""

from __future__ import annotations

import asyncio

from arcadia.grader.replay import StepResult, bindings, resolve, run_steps
from arcadia.grader.task import Task
from arcadia.taskgen.generate import Generator

SITUATION = "new-hire-cohort-v1"


async def _replay(gen: Generator, task: Task) -> dict[str, StepResult]:
    spec = task.world_spec()
    world = (await gen.env.store.atemplate(spec)).world
    actor = next(p.id for p in world.people if p.email == task.actor)
    episode = await gen.env.store.acreate(spec)
    try:
        token, _ = gen.env.store.mint(episode.id, actor)
        async with gen.env.client() as client:
            return {str(r.step.id): r for r in await run_steps(client, token, task.gold)}
    finally:
        await gen.env.store.adelete(episode.id)


def test_new_hire_tasks_ship_and_state_no_discovered_value() -> None:
    gen = Generator(seeds=[3], situations=[SITUATION], headcount=120, count=3)
    asyncio.run(gen.run())
    assert len(gen.shipped) == 3
    for s in gen.shipped:
        task = s.task
        said = task.instruction.lower()
        results = asyncio.run(_replay(gen, task))
        for step in task.gold:
            for ref in bindings([step.params, step.query, step.body]):
                value = resolve(ref, results)
                if isinstance(value, str | int | float) and len(str(value)) > 3:
                    assert str(value).lower() not in said, \
                        f"{task.id}: the instruction states {value!r}, read by {ref['$from']}"
