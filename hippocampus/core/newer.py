"""The newer first (issue 24: "when unsure, keep both and show the newer first"): of two current memories on one
attribute (`core.facts.same_attribute`), recall and the injected block show the newer just before the older, marked
"(updated DATE)". `core.facts` decides what is hidden (an update: strong evidence); this orders what it leaves.

A looser test ("about one thing": the cue-led route's anchor, one changed value and compatible subjects, without its
cue) was measured in the eleventh pass and not kept: on the fixtures it ordered 5 more of 83 missed corrections and
marked 25 more of 582 look-alikes "(updated …)" ("I go swimming on Monday evenings" / "I go climbing on Wednesday
evenings", "My flight to Sydney …" / "My return flight from Sydney …"); BENCHMARKS, eleventh pass. Its wrong side
is measured on the 1,000 distinct person facts by `bench/newer_first.py`. Pure: no I/O; the per-turn read path
loads it, not the scoring rules.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from hippocampus.core import facts
from hippocampus.core import parts as message_parts

if TYPE_CHECKING:
    from hippocampus.core.ranking import Hit


def newer_first(hits: list[Hit]) -> list[Hit]:
    """`hits` with each memory that gives the same subject and attribute as an older one shown with it
    (`same_attribute`: both stay current, the update was uncertain), placed just before the older, and marked
    `updated` with the day it was said: recall and the injected block show "(updated DATE)". Hiding a true fact
    needs strong evidence; showing the newer first costs nothing. The order is otherwise kept; the hits are
    compared pairwise (recall and injection hold a handful)."""
    out = list(hits)
    for i in range(len(out)):
        for j in range(i + 1, len(out)):
            first, later = out[i].memory, out[j].memory
            if not _one_attribute(first.content, later.content):
                continue
            if later.created > first.created:
                out.insert(i, _marked(out.pop(j)))
            elif first.created > later.created:
                out[i] = _marked(out[i])
    return out


def _one_attribute(x: str, y: str) -> bool:
    """Some sentence of `x` and some sentence of `y` give the same attribute (`same_attribute`, either way)."""
    xs, ys = message_parts.parts(x), message_parts.parts(y)
    return any(facts.same_attribute(p, q) or facts.same_attribute(q, p) for p in xs for q in ys)


def _marked(hit: Hit) -> Hit:
    """`hit` marked as the newer of a pair (`newer_first`)."""
    return hit if hit.updated else replace(hit, updated=hit.memory.created.date().isoformat())
