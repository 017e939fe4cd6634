"""The newer first (issue 24: "when unsure, keep both and show the newer first"): of two current memories on one
attribute (`core.facts.same_attribute`), recall and the injected block show the newer just before the older, marked
"(updated DATE)". `core.facts` decides what is hidden (an update: strong evidence); this orders what it leaves.
The mark says the older may be outdated, so `same_attribute` is not enough for it: the pair must give one attribute
two values (`two_values_of_one`). Found in the eleventh pass and fixed on branch `order`: the strict test alone
marked a distinct fact in 2.3% / 4.3% of person-fact queries (dev / held) and 46 of 582 look-alikes ("my dentist
Arjun is [afraid of needles|allergic to kiwi]", "I'm also allergic to …", "our neighbour's dog …"); now none.

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

from hippocampus.core import facts, frames, slots
from hippocampus.core import parts as message_parts
from hippocampus.core.similarity import features

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
    """Some sentence of `x` and some sentence of `y` give one attribute two values (`two_values_of_one`)."""
    xs, ys = message_parts.parts(x), message_parts.parts(y)
    return any(two_values_of_one(p, q) or two_values_of_one(q, p) for p in xs for q in ys)


def two_values_of_one(new: str, old: str) -> bool:
    """The two sentences give one attribute of one subject two values, so the newer may well replace the older:
    `same_attribute`, and beyond it what the mark claims. The subjects are one either way (`people_compatible`:
    "our [neighbour's] dog is called Bruno" / "our dog is called Rolo"); neither is said as one more ("I'm also
    allergic to cats", `Claim.adds`: both hold); a slot of one holder gets another value, neither the same one
    nor the same said longer ("the [guest] wifi is called ChezNous[-Guest]"); otherwise the frame swaps a value,
    not a whole predicate (`frames.valued`: "my dentist Arjun is [afraid of needles|allergic to kiwi]"). Hiding
    nothing, the mark still says the older may be outdated: a true fact marked so is misread (BENCHMARKS, issue
    24, the newer-first mark)."""
    if not facts.same_attribute(new, old):
        return False
    a, b = facts.claim_of(new), facts.claim_of(old)
    if a.adds or b.adds or not (a.people_compatible(b) and b.people_compatible(a)):
        return False
    if a.slot and slots.same_slot(a.slot, b.slot) and slots.same_holder(a.holder, b.holder):
        va, vb = features(a.slot_value), features(b.slot_value)
        if a.slot in slots.MANY or not (va <= vb or vb <= va):  # "Mrs. [Ortega|Ortiz]", not "ChezNous[-Guest]"
            return True
    return frames.valued(a, b)


def _marked(hit: Hit) -> Hit:
    """`hit` marked as the newer of a pair (`newer_first`)."""
    return hit if hit.updated else replace(hit, updated=hit.memory.created.date().isoformat())
