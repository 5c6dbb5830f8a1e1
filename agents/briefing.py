"""What an agent is told when its episode starts, written once for every way in (the
environment API, MCP, the `llm` agent, every adapter): who it is, the world's date and
time, and its budget; the turn budget a task gets by default; the warning when few turns
are left.

Who the agent is comes from the world's truth for the task's actor (name, e-mail, title,
department, roles, the company); the date and time is the episode's clock at reset (an
episode starts at the world's "now", tick 0); the budget is the task's (`task_budget`):
the turns its world declares for it (`AgentsPack.turns`), else `DEFAULT_TURNS`, and the
seconds, tokens and cost where they are enforced.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from arcadia.agents.base import DEFAULT_TURNS, OBSERVATION_CHARS, Budget
from arcadia.agents.worlds import pack_of
from arcadia.apps.kernel.templates import WorldSource
from arcadia.grader import Environment, Task

__all__ = ["WARN_AT", "Briefing", "brief", "briefing", "noted", "task_budget", "task_turns",
           "turns_note"]

# Turns left at which each observation says how many are left.
WARN_AT = 3


def task_turns(task: Task) -> int:
    """The task's default turn budget: what its world declares for it, else 30."""
    turns = pack_of(task.world.spec).turns
    return DEFAULT_TURNS if turns is None else turns(task)


def task_budget(task: Task, budget: Budget | None = None) -> Budget:
    """`budget` (default: the default `Budget`) with `max_turns` filled in from the task
    where it is None."""
    budget = budget or Budget()
    if budget.max_turns is not None:
        return budget
    return dataclasses.replace(budget, max_turns=task_turns(task))


@dataclass(frozen=True)
class Briefing:
    """Who the agent is, when it is, what it may spend. None: not known, or not limited."""

    name: str
    email: str | None
    title: str | None
    department: str | None
    roles: tuple[str, ...]
    company: str | None
    now: datetime
    turns: int
    seconds: float | None = None
    tokens: int | None = None
    cost: float | None = None
    world_note: str | None = None  # what the task's world adds (`AgentsPack.brief`)

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "email": self.email, "title": self.title,
                "department": self.department, "roles": list(self.roles),
                "company": self.company, "now": self.now.isoformat(),
                "budget": {"turns": self.turns, "seconds": self.seconds,
                           "tokens": self.tokens, "cost": self.cost}}

    def text(self) -> str:
        who = self.name + (f" ({self.email})" if self.email else "")
        post = ", ".join(x for x in (self.title, self.department and
                                     f"in the {self.department} department") if x)
        where = f" at {self.company}" if self.company else ""
        lines = [f"You are {who}" + (f": {post}" if post else "") + f"{where}."]
        if self.roles:
            lines.append(f"Your roles in the apps: {', '.join(self.roles)}.")
        now = self.now
        lines.append(f"It is {now:%A} {now.day} {now:%B %Y, %H:%M} UTC in the world: the "
                     "apps' clock, which moves on one step with each change you make.")
        spend = [f"{self.turns} turns (each step you take, a tool call or an answer with "
                 "tool calls, uses one; your final message ends the task)"]
        if self.seconds is not None:
            spend.append(f"{self.seconds:g} seconds")
        if self.tokens is not None:
            spend.append(f"{self.tokens:,} tokens")
        if self.cost is not None:
            spend.append(f"a cost of {self.cost:g}")
        lines.append("Your budget: " + ", ".join(spend) + ". When it runs out the episode "
                     "ends and is graded as it stands.")
        lines.append("Your final message reaches no one: what a colleague or a client should "
                     "hear from you, tell them through the apps. You are graded by what you "
                     "leave in the apps.")
        if self.world_note:
            lines.append(self.world_note)
        lines.append(f"An answer over {OBSERVATION_CHARS:,} characters comes back cut to its "
                     "first whole items, as JSON with a `truncated` note that says how to "
                     "get the rest.")
        return "\n".join(lines)


def _actor(task: Task, source: WorldSource | None) -> tuple[Any, Any, str | None]:
    """The actor's person, department and company in the world's truth (None if unknown)."""
    if source is None:
        return None, None, None
    actor = task.actor
    if isinstance(actor, str):
        wanted = actor.strip().lower()
        person = next((p for p in source.part("people") if p.email == wanted), None)
    else:
        person = next((p for p in source.part("people") if p.id == actor), None)
    department = None if person is None else next(
        (d for d in source.part("departments") if d.id == person.department_id), None)
    return person, department, source.part("company_name") or None


def briefing(task: Task, source: WorldSource | None, budget: Budget, *,
             timed: bool = True) -> Briefing:
    """The briefing of `task`'s agent at reset, from its world (`source`; None: only what
    the task says) and its budget (turns filled in from the task; `timed`: whether
    `max_seconds` is enforced where the agent runs)."""
    budget = task_budget(task, budget)
    person, department, company = _actor(task, source)
    pack = pack_of(task.world.spec)
    note = pack.brief(task, budget.turns) if pack.brief is not None else None
    return Briefing(
        name=person.name if person else str(task.actor),
        email=person.email if person else (task.actor if isinstance(task.actor, str)
                                           else None),
        title=person.title if person else None,
        department=department.name if department else None,
        roles=tuple(person.roles) if person else (),
        company=company, now=task.world_spec().now, turns=budget.turns,
        seconds=budget.max_seconds if timed else None, tokens=budget.max_tokens,
        cost=budget.max_cost, world_note=note)


async def brief(env: Environment, task: Task, budget: Budget, *,
                timed: bool = True) -> Briefing:
    """`briefing` of a task in `env` (its world read from there)."""
    return briefing(task, await env.source(task), budget, timed=timed)


def turns_note(used: int, total: int) -> str | None:
    """What an observation says when `WARN_AT` or fewer of `total` turns are left."""
    left = total - used
    if left > WARN_AT or left < 0:
        return None
    if left == 0:
        return f"[0 of {total} turns left: the episode has ended]"
    return (f"[{left} of {total} turns left: finish, and give your final message before "
            "they run out]")


def noted(text: str, note: str | None) -> str:
    """`text` with `note` at the end of its first line (an answer's status line), so that
    what follows, an answer's JSON, stays as it is."""
    if note is None:
        return text
    head, sep, rest = text.partition("\n")
    return f"{head} {note}{sep}{rest}"
