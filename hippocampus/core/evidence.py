"""Relevance with abstention: is there evidence that a recalled memory is about this message?

Recall always ranks something first; the block before a turn must hold a memory only when chance
cannot explain how well it matches. Each side of the match gives the share of the store's memories
that, unrelated to the question, would match it at least this well, measured on this store for this
question, never against a constant fitted to one set:

- Lexical (`lexical_chance`): BM25 sums, over the question's searched words a memory holds, each
  word's IDF on this store, ln((N − df + ½)/(df + ½)), so e^(−BM25) is about the product of df/N over
  those words: the share of memories that would hold them all. A word every tenth memory says ("work",
  "make") buys a factor of 0.1, a word one memory in a thousand says 0.001: common words are discounted
  by the store's own counts, with no list of them. Which of the question's words a memory shares is
  seen only after the fact, so the share is multiplied by how many words were searched (a question of
  twelve words offers twelve ways to share one).
- Semantic (`Tail`, `semantic_chance`): e5 rates every pair of short texts alike, and the similarities
  of a store's memories to one question have a heavy upper tail (on a 1,044-memory store, the nearest
  unrelated memory reached 3–4.4 standard deviations for trivia questions), so a normal tail is no
  guide. The tail is read off this question's own similarities instead: the excesses of the `TAIL` most
  similar memories over the `TAIL`-th are fitted by an exponential (peaks over a threshold, the usual
  model of a distribution's upper tail), and a memory's chance is the share of memories the fit expects
  at least as similar. What counts is how far a memory stands out from the crowd nearest the question.
  The exponential's scale is taken from the median excess (median / ln 2), not the mean: when a topic
  fills many memories (a whole session about bikes), those memories are the top of the tail, and the
  mean excess would grow with them until none stood out.
- A reference outside the store (`semantic.background`): where the store holds many memories on the
  question's topic, they are its tail and none stands out; the same tail fitted on a fixed background
  of generic chat sentences is not crowded by the topic. A memory's semantic chance is the smaller of
  the two shares (`semantic_chance`'s `background`): two estimates of one share, the store's crowded
  by the topic, the background's blind to the store's register; measured on both sides (BENCHMARKS.md,
  issue 25, sixth pass: questions about nothing stored got no more memories than by the store alone).
  Only where the store has a tail of its own: a handful of memories still has no semantic evidence.
- A memory is evidence when either side alone makes chance unlikely (`combined`: the smaller chance,
  doubled because two tests are made), judged against the store's size by `about_message`: at most
  `EXPECTED_STRAYS` unrelated memories of the whole store are expected to pass for a question about
  nothing stored. A store too small to fit a tail or give a word any IDF (one memory) has no evidence
  to offer, and nothing is injected from it but core memories.
- How many strays a question may risk depends on how likely it is to be about nothing stored
  (`strays_for`): the bar trades the two errors the issue names, an unrelated memory shown and the evidence
  missed, and the odds between them differ by the question. A trivia, coding or writing request ("What is
  the capital of Mongolia?") is usually about nothing the user told; a question that speaks of the user
  ("How many bikes do I own?", "my chocolate chip cookies need something extra", "the festivals I
  attended") is what the store exists to answer, and a miss there is the failure the user sees. So a
  question in the first person (`core.personal.first_person`, capture's own test, every supported
  language) gets `SELF_STRAYS`, twice the budget; its cost falls only on first-person questions about
  nothing stored ("How do I center a div?"). Measured on both sides in BENCHMARKS.md (issue 25, stop 37):
  on dev72 the misses abstained with the evidence at 0.5–0.75 expected strays, just over the bar.

Measured on both sides at once in BENCHMARKS.md (issue 25): Fisher's combination of the two chances and
a normal tail let 1.9–2.3 unrelated memories a turn through; `EXPECTED_STRAYS` 1 let 0.58. Pure: no I/O.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import median

EXPECTED_STRAYS = 0.5
"""How many unrelated memories, in the whole store, may be expected to pass by chance for a question
about nothing stored: the issue's ceiling for memories injected per such turn, used as the definition."""
SELF_STRAYS = 2 * EXPECTED_STRAYS
"""The budget for a question in the first person, about the user's own life (`strays_for`): twice the
general one, the simplest step that says "more likely about something stored" (1.5× and 3× measured beside it)."""
TAIL = 50
"""How many of the memories most similar to a question the tail is fitted on: enough excesses for a
stable fit of one parameter, few enough to stay in the tail of a store of hundreds or thousands."""
MIN_TAIL = 5
"""Fewer excesses than this (a store under 4 × MIN_TAIL memories) fit nothing: no semantic evidence."""


@dataclass(frozen=True, slots=True)
class Tail:
    """An exponential fit to the upper tail of one question's similarities: above `threshold`, the
    `count` most similar memories' excesses have mean `scale`; the store has `total` with a vector."""

    threshold: float
    scale: float
    count: int
    total: int


def fit_tail(similarities: list[float], total: int) -> Tail | None:
    """The tail of a question's similarities (the most similar memories', any order; `total` memories
    were compared), or None when the store is too small to fit one."""
    ranked = sorted((s for s in similarities if math.isfinite(s)), reverse=True)
    count = min(TAIL, len(ranked), total // 4)
    if count - 1 < MIN_TAIL:
        return None
    threshold = ranked[count - 1]
    scale = median(s - threshold for s in ranked[: count - 1]) / math.log(2)
    if scale <= 0.0:
        return None
    return Tail(threshold, scale, count, total)


def lexical_chance(bm25: float, words: int = 1) -> float:
    """The share of memories that would hold the question's words a memory with this BM25 holds, for a
    question of `words` searched words (1: no word in common)."""
    if bm25 <= 0.0:
        return 1.0
    return min(1.0, max(1, words) * math.exp(-bm25))


def semantic_chance(similarity: float | None, tail: Tail | None, background: Tail | None = None) -> float:
    """The share of memories the tail's fit expects at least this similar to the question, the smaller
    of the store's tail and the `background`'s when given (1: no vector, or no tail to judge by)."""
    if similarity is None or not math.isfinite(similarity):
        return 1.0
    shares = [
        min(1.0, t.count / t.total * math.exp(-(similarity - t.threshold) / t.scale))
        for t in (tail, background)
        if t is not None
    ]
    return min(shares, default=1.0)


def combined(lexical: float, semantic: float) -> float:
    """The chance that an unrelated memory passes either side this well: the smaller one, doubled."""
    return min(1.0, 2.0 * min(lexical, semantic))


def strays_for(question: str) -> float:
    """How many unrelated memories of the store a block may be expected to hold for `question`:
    `SELF_STRAYS` when it speaks in the first person, else `EXPECTED_STRAYS` (see the module's docstring)."""
    from hippocampus.core.personal import first_person

    return SELF_STRAYS if first_person(question.casefold()) else EXPECTED_STRAYS


def about_message(chance: float, memories: int, strays: float = EXPECTED_STRAYS) -> bool:
    """Whether a memory whose combined chance is `chance`, in a store of `memories`, is evidence."""
    return memories >= 2 and chance * memories <= strays
