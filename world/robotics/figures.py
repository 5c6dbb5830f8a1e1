"""Figures that say whether Arcadia Robotics' generated org chart looks like a company."""

from __future__ import annotations

import collections
import statistics
from dataclasses import dataclass

from arcadia.world.world import World


@dataclass(frozen=True)
class OrgFigures:
    """Spans of control over current (not terminated) people."""

    people: int
    managers: int  # people with at least one current direct report
    median_span: float
    min_span: int
    max_span: int

    @property
    def manager_share(self) -> float:
        return self.managers / self.people


def spans(world: World) -> dict[int, int]:
    """Current direct reports per manager id, in the order managers first appear."""
    return dict(collections.Counter(p.manager_id for p in world.people
                                    if p.manager_id is not None and p.status != "terminated"))


def org_figures(world: World) -> OrgFigures:
    reports = spans(world)
    return OrgFigures(people=sum(1 for p in world.people if p.status != "terminated"),
                      managers=len(reports), median_span=statistics.median(reports.values()),
                      min_span=min(reports.values()), max_span=max(reports.values()))
