"""Consolidation: merge memories that say the same thing (same domain, similarity ≥ `SAME_THRESHOLD`).

Strongest first, each memory either merges into the strongest already-kept memory that says the same
thing, or is kept. The survivor takes the others' sources, reinforcement counts and earliest creation
time. Candidates come from `core.candidates` (exact prefix filtering over similarity features), so
the cost is the size of the store times a few dictionary lookups, never quadratic. Pure: takes `now`.
"""

from __future__ import annotations

from hippocampus.core.candidates import Candidates, global_order
from hippocampus.core.model import Memory
from hippocampus.core.similarity import SAME_THRESHOLD, Profile

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

Entry = tuple[int, str, str, Profile, float]
"""(key, domain, content, profile, effective importance) of one memory."""


def plan_merges(entries: Iterable[Entry]) -> list[tuple[int, int]]:
    """The merges to make, `(from key, into key)`, in the order they were decided.

    Every entry is known up front, so the index posts prefixes in one global order (`Candidates(order=)`).
    """
    ordered = sorted(entries, key=lambda e: (-e[4], e[0]))
    kept = Candidates(order=global_order(e[3] for e in ordered))
    merges: list[tuple[int, int]] = []
    for key, domain, content, profile, _effective in ordered:
        probe = kept.probe(profile)
        target, value = kept.best(content, profile, domain, probe=probe)
        if target >= 0 and value >= SAME_THRESHOLD:
            merges.append((key, target))
        else:
            kept.add(key, domain, content, profile, probe)
    return merges


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
    return into.replace(
        sources=[*into.sources, *other.sources],
        times_reinforced=into.times_reinforced + other.times_reinforced,
        created=min(into.created, other.created),
    )
