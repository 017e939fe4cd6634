"""Hybrid relevance: BM25 and embedding similarity fused as a weighted sum of min-max-normalised scores.

Contract (pure; no numpy): `fuse` takes the lexical matches (key → BM25, higher is better) and the
semantic ones (key → cosine similarity) and gives every key in either the parts of its fused relevance
(`lexical`, `semantic`), each in [0, share] and [0, 1 - share], normalised over the union. A key
missing from one side gets that side's nothing (0): a memory without a vector yet is still found by its
words, and one that shares no word with the question by its meaning. The fused relevance then goes
into the usual ranking (`core.ranking.rank_candidates`) in place of BM25, so importance and recency
weigh exactly as in lexical recall, and `split` says how much of the ranked relevance term each side
gave, for `recall --explain` and the injection records.

Why this rule: on held-out conversations a weighted sum of min-max-normalised BM25 and e5 similarity,
about 0.5/0.5, beat either alone (embeddings alone lose where names decide; BM25 alone is blind to
paraphrase), and it needs no training and no score calibration between the two.
"""

from __future__ import annotations

SEMANTIC_SHARE = 0.5
"""Default weight of the semantic side in the fused relevance (setting `semantic_weight`)."""


def _normalised(scores: dict[int, float], keys: list[int]) -> dict[int, float]:
    """Min-max over the keys that have a score; a constant column counts fully when positive."""
    present = [scores[k] for k in keys if k in scores]
    if not present:
        return {}
    low, high = min(present), max(present)
    if high - low < 1e-12:
        return {k: (1.0 if high > 0 else 0.0) for k in keys if k in scores}
    return {k: (scores[k] - low) / (high - low) for k in keys if k in scores}


def fuse(
    lexical: dict[int, float], semantic: dict[int, float], share: float = SEMANTIC_SHARE
) -> dict[int, tuple[float, float]]:
    """key → (lexical part, semantic part) of its fused relevance, for every key in either mapping."""
    share = min(1.0, max(0.0, share))
    keys = sorted(set(lexical) | set(semantic))
    lex_n, sem_n = _normalised(lexical, keys), _normalised(semantic, keys)
    return {k: ((1.0 - share) * lex_n.get(k, 0.0), share * sem_n.get(k, 0.0)) for k in keys}


def split(relevance_term: float, parts: tuple[float, float]) -> tuple[float, float]:
    """The ranked relevance term (what relevance added to a score) shared between lexical and semantic
    in the proportion of the key's fused parts, so the two still add up to the term."""
    total = parts[0] + parts[1]
    if total <= 0.0:
        return relevance_term, 0.0
    semantic = relevance_term * min(1.0, parts[1] / total)
    return relevance_term - semantic, semantic


def kept(semantic: dict[int, float], lexical: dict[int, float], floor: float) -> dict[int, float]:
    """The semantic matches worth fusing: every one lexical search also found, and the others only at
    or above `floor` (an embedding model finds every text somewhat similar; without a floor every turn
    would inject the least unrelated memories)."""
    return {k: s for k, s in semantic.items() if k in lexical or s >= floor}
