"""Consolidation: merge memories that say the same thing (same domain, similarity ≥ `SAME_THRESHOLD`).

Strongest first, each memory either merges into the strongest already-kept memory that says the same
thing, or is kept. The survivor takes the others' sources, reinforcement counts and earliest creation
time. The first consolidation compares every memory (`core.merge_plan`: exact prefix filtering in one
global feature order); later ones only what changed, through the store's feature index
(`plan_incremental`). Either way the cost is the memories looked at times a few dictionary lookups,
never quadratic. Pure: takes `now`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from hippocampus.core.merge_plan import Entry as Entry
from hippocampus.core.merge_plan import plan_merges as plan_merges
from hippocampus.core.model import Memory
from hippocampus.core.similarity import SAME_THRESHOLD


def plan_incremental(
    changed: Iterable[Entry],
    find: Callable[[Entry, frozenset[int]], tuple[int, float]],
    weight: Callable[[int], float],
) -> list[tuple[int, int]]:
    """The merges that memories written since the last consolidation bring, `(from, into)`.

    Pairs of older memories were settled by an earlier run, so only the changed ones look for a match
    (`find(entry, excluded) -> (key, similarity)` over every memory); the weaker of a pair merges into
    the stronger, ties into the earlier, as `plan_merges` would decide.
    """
    merges: list[tuple[int, int]] = []
    gone: set[int] = set()
    for entry in sorted(changed, key=lambda e: (-e[4], e[0])):
        key, effective = entry[0], entry[4]
        if key in gone:
            continue
        target, value = find(entry, frozenset(gone | {key}))
        if target < 0 or value < SAME_THRESHOLD:
            continue
        other = weight(target)
        if other > effective or (other == effective and target < key):
            merges.append((key, target))
            gone.add(key)
        else:
            merges.append((target, key))
            gone.add(target)
    return merges


def merge_into(into: Memory, other: Memory) -> Memory:
    """`into` after absorbing `other` (sources, reinforcement count, earliest creation)."""
    return replace(
        into,
        sources=[*into.sources, *other.sources],
        times_reinforced=into.times_reinforced + other.times_reinforced,
        created=min(into.created, other.created),
    )
