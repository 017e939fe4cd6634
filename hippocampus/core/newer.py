"""The newer first (issue 24: "when unsure, keep both and show the newer first"): of two current memories about
one thing, recall and the injected block show the newer just before the older, marked "(updated DATE)".

`core.facts` decides what is hidden (an update: strong evidence). This orders what it leaves, by a looser test:
the strict same attribute (`core.facts.same_attribute`), or one thing with another value without a cue
(`about_one_thing`: the cue-led route's anchor, value and subjects, `core.anchors.one_thing`). A missed correction
then still shows its newer value first; ordering never hides a fact. Its wrong side is measured on the 1,000
distinct person facts (`bench/newer_first.py`). Pure: no I/O; the per-turn read path loads it, not the scoring rules.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from hippocampus.core import anchors, facts, kinds
from hippocampus.core import parts as message_parts

if TYPE_CHECKING:
    from hippocampus.core.ranking import Hit


def newer_first(hits: list[Hit]) -> list[Hit]:
    """`hits` with each memory that gives the same subject and attribute as an older one, or is about one
    thing with another value (`_one_attribute`: both stay current, the update was uncertain), placed just
    before the older, and marked `updated` with the day it was said: recall and the injected block show
    "(updated DATE)". Hiding a true fact needs strong evidence; showing the newer first costs nothing. The order
    is otherwise kept; the hits are compared pairwise (recall and injection hold a handful)."""
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
    """Some sentence of `x` and some sentence of `y` give the same attribute (`same_attribute`, either way), or are
    about one thing with another value (`about_one_thing`)."""
    xs, ys = message_parts.parts(x), message_parts.parts(y)
    return any(
        facts.same_attribute(p, q) or facts.same_attribute(q, p) or about_one_thing(p, q) or about_one_thing(q, p)
        for p in xs
        for q in ys
    )


def about_one_thing(new: str, old: str) -> bool:
    """The looser test that orders two current memories (`newer_first`), never hides one: a shared anchor, one value
    of one kind changed and compatible subjects (`anchors.one_thing`, the cue-led route without its cue). A missed
    correction ("closing slid to April 11th" before a cue was read there) still shows its newer value first."""
    a, b = facts.claim_of(new), facts.claim_of(old)
    if not (a.short and b.short) or a.key == b.key or a.asks or b.asks or not a.people_compatible(b):
        return False
    return anchors.one_thing(a, b) and not facts.another_subject(a, b) and not kinds.other_things(a, b)


def _marked(hit: Hit) -> Hit:
    """`hit` marked as the newer of a pair (`newer_first`)."""
    return hit if hit.updated else replace(hit, updated=hit.memory.created.date().isoformat())
