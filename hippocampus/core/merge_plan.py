"""The first consolidation's plan: which memories merge into which, when every memory is compared.

Strongest first, each memory merges into the most similar memory already kept (same domain,
similarity ≥ `SAME_THRESHOLD`; the same text, ignoring case and spacing, first), or is kept. The
result is defined by comparing each memory with every kept one (tests/test_candidates.py holds that
brute-force reference and checks this plan against it on random stores); what this module adds is
doing it fast at 100k memories, where per-memory interpreter overhead is the whole cost:

- Candidates come from prefix filtering in one global order (All-Pairs/PPJoin): a match must share
  `similarity.required_shared` features, and two sets sharing t features share one of their first
  (size − t + 1) features in any common order. Features are ranked once, rarest first, as integers,
  so each kept memory is posted under its own short prefix of rare features and the frequent words
  have almost no postings.
- Memories with numbers are kept apart: two texts whose numbers are disjoint are different facts
  (`similarity.conflict`), so a memory with numbers is compared only with kept memories that have
  none (through the prefix postings) and with those sharing one of its numbers.
- Per memory: one sort of integer ranks, one set intersection for its numbers, one dictionary probe
  per prefix feature (postings are keyed by feature, then by set size, so sizes a feature was never
  posted under cost nothing), and the full similarity only for candidates that pass the cheap
  shared-feature count.

Pure: no clock, no disk.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import chain, repeat

from hippocampus.core import similarity
from hippocampus.core.candidates import same_text_key

Entry = tuple[int, str, str, similarity.Profile, float]
"""(key, domain, content, profile, effective importance) of one memory."""

_Postings = dict[int, dict[int, list[int]]]
"""Feature rank → feature-set size → keys of the kept memories posted under it."""


class _Bounds:
    """`similarity.required_shared` turned into the two bounds a lookup needs, memoised per size pair:
    how long a prefix of a set of `size` must be searched for partners of size `other`, and how many
    features the pair must share."""

    def __init__(self) -> None:
        self.prefix: dict[int, dict[int, int]] = {}
        self.need: dict[tuple[int, int], int] = {}
        self.longest: dict[int, int] = {}

    def prefix_for(self, size: int) -> dict[int, int]:
        """Partner size → prefix length (0 where no partner of that size can reach the threshold); filled lazily."""
        found = self.prefix.get(size)
        if found is None:
            found = self.prefix[size] = {}
        return found

    def prefix_len(self, size: int, other: int) -> int:
        need = self.shared(size, other)
        length = size - need + 1 if need <= min(size, other) else 0
        self.prefix_for(size)[other] = length
        return length

    def shared(self, size: int, other: int) -> int:
        found = self.need.get((size, other))
        if found is None:
            found = self.need[(size, other)] = similarity.required_shared(size, other)
        return found

    def posted(self, size: int) -> int:
        """How many of a set's features to post: its longest useful prefix over every partner size.
        Partners larger than `size` need more shared features (the Dice part shrinks), so the sizes up
        to `size` decide it."""
        found = self.longest.get(size)
        if found is None:
            found = self.longest[size] = max((self.prefix_len(size, other) for other in range(1, size + 1)), default=0)
        return found


def plan_merges(entries: Iterable[Entry], normalised: bool = False) -> list[tuple[int, int]]:
    """The merges to make, `(from key, into key)`, in the order they were decided (strongest first,
    ties by key); see the module docstring. With `normalised`, each content is already its
    `same_text_key` (the store's `norm` column)."""
    given = list(entries)
    texts = [(e[1], e[2] if normalised else same_text_key(e[2])) for e in given]
    frequency = Counter(chain.from_iterable(e[3][0] for e in given))
    digits = frozenset(f for f in frequency if f[0].isdigit())  # `similarity.numbers` of every feature at once
    # The global order, rarest first; a feature of one memory only is never shared, so those all rank 0.
    rank = {f: r for r, (_, f) in enumerate(sorted((n, f) for f, n in frequency.items() if n > 1), 1)}
    loners = _loners(given, texts, frozenset(rank), digits)
    # Only the others are looked at: kept, and never anyone's candidate, a loner changes no decision.
    ordered = sorted(
        ((e, t) for e, t, alone in zip(given, texts, loners, strict=True) if not alone),
        key=lambda pair: (-pair[0][4], pair[0][0]),
    )
    index = _Index()
    exact: dict[tuple[str, str], int] = {}  # (domain, same_text_key) → the kept memory with that text
    merges: list[tuple[int, int]] = []
    for (key, domain, _content, profile, _effective), text in ordered:
        same = exact.get(text)
        if same is not None:
            merges.append((key, same))
            continue
        feats = profile[0]
        ranked = sorted(map(rank.get, feats, repeat(0)))[: index.bounds.posted(len(feats))]
        numbers = () if digits.isdisjoint(feats) else [f for f in feats if f[0].isdigit()]
        best, value = index.best(domain, profile, ranked, numbers)
        if best >= 0 and value >= similarity.SAME_THRESHOLD:
            merges.append((key, best))
        else:
            exact[text] = key
            index.add(key, domain, profile, ranked, numbers)
    return merges


class _Index:
    """The kept memories, posted under their prefixes (see the module docstring)."""

    def __init__(self) -> None:
        self.bounds = _Bounds()
        self.kept: dict[int, tuple[str, similarity.Profile]] = {}
        self.plain: _Postings = {}  # kept memories without numbers
        self.counted: _Postings = {}  # kept memories with numbers
        self.numbered: dict[str, list[int]] = {}  # number → kept memories holding it

    def best(
        self, domain: str, profile: similarity.Profile, ranked: list[int], numbers: Sequence[str]
    ) -> tuple[int, float]:
        """The most similar kept memory (-1 when none) and its similarity; ties go to the earliest key."""
        feats = profile[0]
        size = len(feats)
        lengths = self.bounds.prefix_for(size)
        found: set[int] = set()
        for postings in (self.plain,) if numbers else (self.plain, self.counted):
            for position, feature in enumerate(ranked):
                for other, keys in postings.get(feature, _NO_POSTINGS).items():
                    length = lengths.get(other)
                    if length is None:
                        length = self.bounds.prefix_len(size, other)
                    if position < length:
                        found.update(keys)
        for number in numbers:
            found.update(self.numbered.get(number, ()))
        best, best_value = -1, 0.0
        for candidate in found:
            their_domain, theirs = self.kept[candidate]
            if their_domain != domain or len(feats & theirs[0]) < self.bounds.shared(size, len(theirs[0])):
                continue  # the cheap count first: most candidates share one rare feature only
            value = similarity.profile_similarity(profile, theirs)
            if value > best_value or (value == best_value and best_value > 0 and candidate < best):
                best, best_value = candidate, value
        return best, best_value

    def add(
        self, key: int, domain: str, profile: similarity.Profile, ranked: list[int], numbers: Sequence[str]
    ) -> None:
        """Keep a memory: post it under its prefix, in its size's bucket, and under its numbers."""
        self.kept[key] = (domain, profile)
        size = len(profile[0])
        for feature in ranked:
            by_size = (self.counted if numbers else self.plain).setdefault(feature, {})
            by_size.setdefault(size, []).append(key)
        for number in numbers:
            self.numbered.setdefault(number, []).append(key)


_NO_POSTINGS: dict[int, list[int]] = {}


def _loners(
    entries: list[Entry], texts: list[tuple[str, str]], shared: frozenset[str], digits: frozenset[str]
) -> list[bool]:
    """Which memories nothing can match, in any order: a unique text, and no feature in common with a
    memory it could be compared with. A memory without numbers is compared with every memory, so it
    needs a feature that another memory has (`shared`); one with numbers only with memories without
    numbers, and with those sharing one of its numbers (`similarity.conflict`). The relation is
    symmetric, so such a memory is kept and is never anyone's candidate: the loop neither looks it up
    nor posts it."""
    twice = {text for text, n in Counter(texts).items() if n > 1}
    plain_features: set[str] = set()  # every feature of the memories without numbers
    for entry in entries:
        if digits.isdisjoint(entry[3][0]):
            plain_features.update(entry[3][0])
    shared_numbers = shared & digits
    out = []
    for entry, text in zip(entries, texts, strict=True):
        feats = entry[3][0]
        if text in twice:
            out.append(False)
        elif digits.isdisjoint(feats):
            out.append(shared.isdisjoint(feats))
        else:
            out.append(plain_features.isdisjoint(feats) and shared_numbers.isdisjoint(feats))
    return out
