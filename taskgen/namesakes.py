"""Names an instruction states, against the world's other names of their kind (`Namesakes`,
from each world's pack): how many look alike (distractors, a knob) and whether the stated
one names exactly one record (a gate)."""

from __future__ import annotations

from arcadia.taskgen.goals import Candidate
from arcadia.taskgen.worlds import NAMESAKES
from arcadia.world import World


def distractors(world: World, cand: Candidate) -> int:
    """People (or suppliers, or candidates) other than the subject whose name shares a word
    with its."""
    said = cand.subject.said
    for kind in NAMESAKES:
        if kind.said in said:
            name = said[kind.said]
            words = {w for w in str(name).split() if len(w) >= kind.word}
            return sum(1 for n in kind.names(world) if n != name and words & set(n.split()))
    return 0


def unique_goal(world: World, cand: Candidate) -> bool:
    """Each name the instruction states resolves to exactly one record of the world."""
    said = cand.subject.said
    return all(kind.names(world).count(said[kind.said]) == 1
               for kind in NAMESAKES if kind.said in said)
