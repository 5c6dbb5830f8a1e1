"""Arcadia inside the frameworks its users train and evaluate with.

Each adapter is a module that imports its framework, installed as an extra:

- `arcadia.agents.adapters.openenv` (`arcadia[openenv]`): an OpenEnv environment server;
- `arcadia.agents.adapters.verifiers` (`arcadia[verifiers]`): `load_environment()`;
- `arcadia.agents.adapters.inspect` (`arcadia[inspect]`): inspect_ai tasks, solvers, scorer;
- `arcadia.agents.adapters.harbor`: `arcadia export harbor DIR` (no framework import);
- `arcadia.agents.adapters.gym` (`arcadia[gymnasium]`): `arcadia/Task-v0`.

This package itself imports no framework.
"""

from arcadia.agents.adapters._common import (
    SPLITS,
    LoopThread,
    Ungradeable,
    gold_calls,
    reward,
    split_tasks,
    step_call,
)

__all__ = ["SPLITS", "LoopThread", "Ungradeable", "gold_calls", "reward", "split_tasks",
           "step_call"]
