"""Recall ranking after Generative Agents: a weighted sum of min-max-normalised relevance,
effective importance and recency (`0.995^hours` since last access). Pure: takes `now`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from hippocampus.core.config import Config
from hippocampus.core.lifecycle import SECONDS_PER_DAY, effective_importance, retention, tier
from hippocampus.core.model import Memory


@dataclass(frozen=True, slots=True)
class Hit:
    """A ranked memory with the parts of its score, for `--json` and for explaining recall."""

    memory: Memory
    score: float
    relevance: float
    effective: float
    recency: float
    parts: tuple[float, float, float] | None = None
    """What each term added to `score` (weight × normalised value): lexical, importance, recency; None
    for a hit that was not ranked by the weighted sum (core listings, history)."""
    semantic: float = 0.0
    """What meaning added to `score` (hybrid recall, `core.fusion`; the lexical part is then BM25's share
    of the relevance term); 0.0 in lexical recall."""
    similarity: float | None = None
    """The embedding's cosine similarity to the query, both measured from the store's average memory
    (`semantic.similar`); None when not compared (lexical recall, no vector)."""
    chance: float = 1.0
    """How likely a memory unrelated to the query would match it this well (`core.evidence.combined`):
    what decides whether the block before a turn holds it; 1.0 when not judged."""
    updated: str = ""
    """The day (YYYY-MM-DD) this memory was said, when an older current memory shown with it gives the
    same subject and attribute another value (`core.newer.newer_first`): shown as "(updated DATE)"."""

    @property
    def tier(self) -> str:
        """Tier of the effective importance."""
        return tier(self.effective)


def recency(memory: Memory, now: datetime, per_hour: float) -> float:
    """`per_hour^hours` since the memory was last accessed."""
    hours = max(0.0, (now - memory.last_accessed).total_seconds() / 3600.0)
    return float(per_hour**hours)


def _normalise(values: list[float]) -> list[float]:
    """Min-max to [0, 1]; a constant column counts fully when positive, else not at all."""
    if not values:
        return []
    low, high = min(values), max(values)
    if high - low < 1e-12:
        return [1.0 if high > 0 else 0.0 for _ in values]
    return [(v - low) / (high - low) for v in values]


Candidate = tuple[int, str, float, float, float, float]
"""(key, memory id, anchor, last access in epoch seconds, stability, relevance) of one match: all that
ranking reads, so a store can rank from columns and parse only the winners."""


def rank_candidates(
    candidates: list[Candidate], now: datetime, config: Config, k: int, scaled: bool = False
) -> list[tuple[int, float, float, float, float, tuple[float, float, float]]]:
    """The top `k` candidates as (key, score, relevance, effective importance, recency, parts), best
    first (ties by memory id); `parts` is what the lexical, importance and recency terms each added to
    the score, so `recall --explain` shows the sum the ranking really made. `scaled`: the relevance is
    already on a fixed [0, 1] scale (hybrid recall's fused relevance, `core.fusion`) and counts as it
    is; BM25 (not `scaled`) has no fixed scale and is min-max-normalised over the candidates."""
    if not candidates:
        return []
    now_ts = now.timestamp()
    effective, recent = [], []
    for _key, _id, anchor, last, stability, _relevance in candidates:
        elapsed = max(0.0, now_ts - last)
        effective.append(anchor * retention(elapsed / SECONDS_PER_DAY, config.decay_curve, stability))
        recent.append(float(config.recency_per_hour ** (elapsed / 3600.0)))
    rel_n = [min(1.0, max(0.0, c[5])) for c in candidates] if scaled else _normalise([c[5] for c in candidates])
    imp_n = _normalise(effective)
    rec_n = _normalise(recent)
    scored = []
    for i, candidate in enumerate(candidates):
        parts = (
            config.weight_relevance * rel_n[i],
            config.weight_importance * imp_n[i],
            config.weight_recency * rec_n[i],
        )
        score = parts[0] + parts[1] + parts[2]
        scored.append((score, candidate[1], candidate[0], candidate[5], effective[i], recent[i], parts))
    scored.sort(key=lambda s: (-s[0], s[1]))
    return [(key, score, rel, eff, rec, parts) for score, _id, key, rel, eff, rec, parts in scored[:k]]


def rank(candidates: list[tuple[Memory, float]], now: datetime, config: Config, k: int) -> list[Hit]:
    """Order (memory, relevance) candidates by the weighted score and keep the top `k`."""
    columns = [
        (i, m.id, m.anchor, m.last_accessed.timestamp(), m.stability, relevance)
        for i, (m, relevance) in enumerate(candidates)
    ]
    return [
        Hit(candidates[key][0], score, rel, eff, rec, parts)
        for key, score, rel, eff, rec, parts in rank_candidates(columns, now, config, k)
    ]


def by_importance(memories: list[Memory], now: datetime, config: Config) -> list[Hit]:
    """Memories as hits ordered by effective importance (for core and listings)."""
    hits = [
        Hit(m, e, 0.0, e, recency(m, now, config.recency_per_hour))
        for m in memories
        for e in (effective_importance(m, now, config.decay_curve),)
    ]
    hits.sort(key=lambda h: (-h.effective, h.memory.id))
    return hits
