"""Hybrid relevance: BM25 and embedding similarity, each measured against a reference, as a weighted sum.

Contract (pure; no numpy): `fuse` takes the lexical matches (key → BM25, higher is better), the BM25 of
a full match of the question (`store.search_cache.full_match`) and the semantic ones (key → similarity
beyond the store's average, `semantic.similar`) and gives every key in either the parts of its fused
relevance (`lexical`, `semantic`), each in [0, 1 - share] and [0, share] (a lexical match not yet
embedded: its lexical part alone, in [0, 1]), each non-decreasing in the key's own score. A memory
without a vector yet is still found by its words, and one that shares no word with the question by
its meaning. The fused relevance then goes into the usual ranking (`core.ranking.rank_candidates`) in
place of BM25, so importance and recency weigh exactly as in lexical recall, and `split` says how much
of the ranked relevance term each side gave, for `recall --explain` and the injection records. `kept` and
`noise_bar` decide which memories found by meaning alone take part at all.

Why this rule: on held-out conversations a weighted sum of normalised BM25 and e5 similarity, about
0.5/0.5, beat either alone (embeddings alone lose where names decide; BM25 alone is blind to
paraphrase). Each side's reference is what its scale means, not the candidates at hand:
- Lexical: BM25 over the larger of the best match and a full match of the question (min-max over
  the candidates made a memory sharing one common word with the question, when nothing else matched
  a word, count as much as one holding all of them: every hybrid miss of bench/paraphrase.py was one).
- Semantic: the similarity is measured from the store's centroid (0: as near as the average memory,
  the noise baseline; `VectorMatrix.centred`) and over the nearest memory's, so the best match by meaning
  counts fully and one no nearer than the average counts nothing.
- A memory found only by meaning must clear `noise_bar`, the similarity the most similar of the
  store's memories would reach if none were related: without it every turn filled its block with the
  least unrelated memories (78 of 100 slots for questions about nothing stored, BENCHMARKS.md).
"""

from __future__ import annotations

SEMANTIC_SHARE = 0.5
"""Default weight of the semantic side in the fused relevance (setting `semantic_weight`)."""


def _over(scores: dict[int, float], reference: float) -> dict[int, float]:
    """Each score over the larger of `reference` and the best score: in [0, 1], the best one 1 only
    when it reaches the reference; a score at or below 0 counts 0."""
    top = max([reference, *scores.values()])
    if top <= 0.0:
        return dict.fromkeys(scores, 0.0)
    return {k: max(0.0, v) / top for k, v in scores.items()}


def fuse(
    lexical: dict[int, float], semantic: dict[int, float], share: float = SEMANTIC_SHARE, full_match: float = 0.0
) -> dict[int, tuple[float, float]]:
    """key → (lexical part, semantic part) of its fused relevance, for every key in either mapping.

    `full_match` is the BM25 score of a memory holding every word of the question
    (`store.search_cache.full_match`); the semantic scores are similarities beyond the store's average
    (`semantic.similar`), so 0 is the noise baseline and the nearest memory is the reference.
    `semantic` must hold a score for every lexical match that has a vector (recall passes them all):
    a lexical match without one has not been embedded yet, so its words are all there is to judge it
    by and its lexical part takes the whole weight (it ranks as lexical recall would rank it, not at
    `1 - share` of it); a key only in `semantic` shares no word with the question (lexical part 0)."""
    share = min(1.0, max(0.0, share))
    lex_n, sem_n = _over(lexical, full_match), _over(semantic, 0.0)
    fused = {k: ((1.0 - share) * lex_n.get(k, 0.0), share * s) for k, s in sem_n.items()}
    fused.update((k, (v, 0.0)) for k, v in lex_n.items() if k not in sem_n)
    return dict(sorted(fused.items()))


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
    or above `floor` (recall passes the larger of the `semantic_floor` setting and `noise_bar`)."""
    return {k: s for k, s in semantic.items() if k in lexical or s >= floor}


def noise_bar(mean: float, spread: float, count: int) -> float:
    """The similarity a memory found by meaning alone must reach: the characteristic largest value of
    `count` unrelated memories whose similarities to the question have this mean and spread (normal),
    the level only one of them is expected to pass, `mean + Φ⁻¹(1 - 1/count) · spread`. The bar
    grows slowly with the store (1.97 σ at 41 memories, 2.6 σ at 218, 3.7 σ at 10k) and is the
    store's own figure for every question, so it holds for any model's scale. Below two memories
    there is no spread to judge by: nothing is cut."""
    if count < 2:
        return float("-inf")
    from statistics import NormalDist

    return mean + NormalDist().inv_cdf(1.0 - 1.0 / count) * spread
