"""Consolidation: merge memories that say the same thing (same domain, `similarity` ≥ `SAME_THRESHOLD`).

The strongest memory of each group survives and takes the others' sources, reinforcement
counts and earliest creation time. Candidates come from an inverted index of content words
(at most 50 earlier survivors per word are compared), so the cost is not quadratic in practice.
Pure: takes `now`.
"""

from __future__ import annotations

from datetime import datetime

from hippocampus.core import lifecycle
from hippocampus.core.model import Memory
from hippocampus.core.similarity import SAME_THRESHOLD, similarity
from hippocampus.core.tokens import tokenize

CANDIDATES_PER_WORD = 50


def merge_near_duplicates(
    memories: list[Memory], now: datetime, curve: str
) -> tuple[list[Memory], list[dict[str, str]]]:
    """The memories left after merging (in their original order) and the merges, `{"from", "into"}`.

    Survivors are changed in place (sources, counts, creation time).
    """
    order = {m.id: i for i, m in enumerate(memories)}
    keep: list[Memory] = []
    buckets: dict[tuple[str, str], list[int]] = {}
    merged: list[dict[str, str]] = []
    for memory in sorted(memories, key=lambda m: -lifecycle.effective_importance(m, now, curve)):
        words = set(tokenize(memory.content))
        target = _match(keep, buckets, memory, words)
        if target is None:
            for word in words:
                buckets.setdefault((memory.domain, word), []).append(len(keep))
            keep.append(memory)
            continue
        into = keep[target]
        into.sources.extend(memory.sources)
        into.times_reinforced += memory.times_reinforced
        into.created = min(into.created, memory.created)
        merged.append({"from": memory.id, "into": into.id})
    return sorted(keep, key=lambda m: order.get(m.id, 0)), merged


def _match(
    keep: list[Memory], buckets: dict[tuple[str, str], list[int]], memory: Memory, words: set[str]
) -> int | None:
    """Position in `keep` of a survivor that says the same as `memory`, if any."""
    seen: set[int] = set()
    for word in words:
        for pos in buckets.get((memory.domain, word), [])[:CANDIDATES_PER_WORD]:
            if pos not in seen:
                seen.add(pos)
                if similarity(keep[pos].content, memory.content) >= SAME_THRESHOLD:
                    return pos
    return None
