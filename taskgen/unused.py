"""Why a write tool no shipped task uses is left unused: a world pack's exclusions.

Each world pack lists its exclusions (`goals/<world>/unused.py`, gathered as
`TaskgenPack.unused`): a reason a researcher can check, and the tools it covers, named or
picked by a predicate on the tool (its app, method, path). A tool takes the first exclusion
in the list that covers it, so each unused tool has exactly one reason. An exclusion that
covers a tool some shipped task uses is stale, and `write_coverage` says so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from arcadia.taskgen.graph import Tool

__all__ = ["Exclusion", "unused", "unused_where"]


@dataclass(frozen=True)
class Exclusion:
    """A reason, and the write tools it covers: `tools` by operation id, or every tool
    `where` holds for."""

    reason: str
    tools: tuple[str, ...] = ()
    where: Callable[[Tool], bool] | None = None

    def covers(self, tool: Tool) -> bool:
        if self.where is not None:
            return self.where(tool)
        return tool.operation_id in self.tools


def unused(reason: str, *tools: str) -> Exclusion:
    """The tools named (operation ids) are unused for `reason`."""
    if not tools:
        raise ValueError(f"an exclusion names no tool: {reason!r}")
    return Exclusion(reason, tools=tools)


def unused_where(reason: str, where: Callable[[Tool], bool]) -> Exclusion:
    """Every tool `where` holds for (and no earlier exclusion covers) is unused for
    `reason`."""
    return Exclusion(reason, where=where)
