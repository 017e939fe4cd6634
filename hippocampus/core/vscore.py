"""The humanoid V-score gate (optional, `consolidation_gate: true`): a new memory is kept only when
its sigmoid-weighted novelty, salience and resonance pass `V_THRESHOLD`."""

from __future__ import annotations

import math
import re

from hippocampus.core.clean import clean
from hippocampus.core.personal import content_words
from hippocampus.core.scoring import _SENTENCE_RE, score_message, seed_score
from hippocampus.core.tokens import count_cjk

V_THRESHOLD = 0.5
"""humanoid-memory's value threshold; the default of the `value_threshold` setting (core/config.py)."""


def _sigmoid(x: float) -> float:
    """Logistic function."""
    return 1.0 / (1.0 + math.exp(-x))


def resonance_term(m: float) -> float:
    """humanoid-memory's m: −2 for a near-duplicate (M > 9), −1 for no resonance (M < 3), else (M−5)/2."""
    if m > 9:
        return -2.0
    if m < 3:
        return -1.0
    return (m - 5.0) / 2.0


def v_score(c: float, s: float, n: float, resonance: float) -> float:
    """V = sigmoid((C−5)/2 + 1.8(S−5)/2 + 0.8·m − 1.2(N−5)/2), with C, S, N and resonance M on 0–10."""
    return _sigmoid(
        1.0 * (c - 5.0) / 2.0 + 1.8 * (s - 5.0) / 2.0 + 0.8 * resonance_term(resonance) - 1.2 * (n - 5.0) / 2.0
    )


def _clamp(x: float) -> float:
    """Clamp to the 0–10 scale."""
    return max(0.0, min(10.0, x))


_EMOJI_RE = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff]")


_RUN_RE = re.compile(r"(.)\1{3,}")


def heuristic_csn(text: str) -> tuple[float, float, float]:
    """Coherence, significance and noise (0–10 each) without an LLM, from structure, score and junk."""
    body = clean(text)
    words = re.findall(r"[^\W_]+", body)
    count = len(words) + count_cjk(body) // 2
    coherence = 5.0
    if count < 3:
        coherence -= 3.0
    elif count <= 80:
        coherence += 2.0
    elif count > 200:
        coherence -= 2.0
    sentences = [s for s in _SENTENCE_RE.findall(body) if s.strip()]
    if sentences and count / max(len(sentences), 1) >= 3:
        coherence += 1.0
    if words and 2 <= sum(len(w) for w in words) / len(words) <= 12:
        coherence += 1.0
    if words and len(content_words(body.casefold())) * 3 < len({w.casefold() for w in words}):
        coherence -= 4.0  # mostly filler ("hmm hmm … so so so", "well, ok, you know"): says little
    score, seed = score_message(body), seed_score(body)
    significance = max(score.value if score else 0.0, seed.value if seed else 0.0) * 10.0 or 2.0
    noise = 0.0
    if body:
        junk = sum(1 for ch in body if not (ch.isalnum() or ch.isspace() or ch in ".,;:!?'\"()-…，。！？、：；"))
        emoji = len(_EMOJI_RE.findall(body))
        noise += 10.0 * junk / len(body)
        noise += min(4.0, emoji / 2.0) if emoji >= 3 else 0.0
        noise += min(3.0, sum(len(m.group()) for m in _RUN_RE.finditer(body)) / 4.0)
        if len(words) >= 3:
            noise += 8.0 * (1.0 - len({w.casefold() for w in words}) / len(words))
    else:
        noise = 10.0
    return _clamp(coherence), _clamp(significance), _clamp(noise)


def passes_gate(text: str, resonance: float, threshold: float = V_THRESHOLD) -> bool:
    """The consolidation gate: V-score of the heuristic C/S/N at this resonance is ≥ `threshold`."""
    c, s, n = heuristic_csn(text)
    return v_score(c, s, n, resonance) >= threshold
