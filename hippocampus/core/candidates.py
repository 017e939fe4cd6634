"""Finding the memory that already says the same thing: an inverted index of similarity features.

Entries are keyed by integers whose order is index order (list positions in memory, row ids in the
store), so "the earliest best match" means the same thing in both. Candidates come from prefix
filtering: a match must share `similarity.required_shared` features, so it appears in the postings
of any (size − need + 1) of a text's features, and only the rarest are looked up. Exact: it finds
every memory that could reach `SAME_THRESHOLD`, and 1,000 lookups against 100k memories take
milliseconds once the index is built. Encoding and consolidation both use it. Pure.

Entries with numbers are kept apart: two texts whose numbers are disjoint are different facts
(`similarity.conflict`), so a text with numbers is compared only with entries that have none and
with those sharing one of its numbers. On a store of dated or numbered facts that is the difference
between comparing each with thousands of look-alikes and with a handful.

When every entry is known up front (the first consolidation), `core.merge_plan` does the same with
prefixes in one global order instead (All-Pairs/PPJoin), which posts far less.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from hippocampus.core import similarity


def same_text_key(content: str) -> str:
    """What "the same text" compares: casefolded, whitespace folded."""
    return " ".join(content.casefold().split())


_PROFILE_MEMO: dict[str, similarity.Profile] = {}
_MEMO_LIMIT = 300_000


def profile_of(content: str) -> similarity.Profile:
    """`similarity.profile`, memoised: ingesting session after session re-indexes the same memories."""
    found = _PROFILE_MEMO.get(content)
    if found is None:
        if len(_PROFILE_MEMO) >= _MEMO_LIMIT:
            _PROFILE_MEMO.clear()
        found = _PROFILE_MEMO[content] = similarity.profile(content)
    return found


_NEED: dict[tuple[int, int], int] = {}


def _need(size: int, other: int) -> int:
    """`similarity.required_shared`, memoised: lookups ask it for every pair of set sizes."""
    found = _NEED.get((size, other))
    if found is None:
        found = _NEED[(size, other)] = similarity.required_shared(size, other)
    return found


class Candidates:
    """Inverted index from similarity features to entry keys, bucketed by feature-set size: every
    feature of an entry is posted, and lookups rank a text's features by the frequencies seen so far."""

    def __init__(self, entries: Iterable[tuple[int, str, str, similarity.Profile]] = ()) -> None:
        self.profiles: dict[int, similarity.Profile] = {}
        self.domains: dict[int, str] = {}
        self.postings: dict[str, dict[int, list[int]]] = {}  # feature → set size → keys, entries without numbers
        self.counted: dict[str, dict[int, list[int]]] = {}  # the same for entries with numbers
        self.numbered: dict[str, list[int]] = {}  # number → keys of the entries holding it
        self.plain_sizes: set[int] = set()
        self.counted_sizes: set[int] = set()
        self.frequency: Counter[str] = Counter()
        self.exact: dict[tuple[str, str], list[int]] = {}  # (domain, same_text_key) → keys, first first
        for key, domain, content, profile in entries:
            self.add(key, domain, content, profile)

    def add(self, key: int, domain: str, content: str, profile: similarity.Profile) -> None:
        """Index an entry (the first entry with a given text is the one `best` returns for it)."""
        self.exact.setdefault((domain, same_text_key(content)), []).append(key)
        self.profiles[key] = profile
        self.domains[key] = domain
        feats = profile[0]
        size = len(feats)
        self.frequency.update(feats)
        numbers = similarity.numbers(feats)
        postings = self.counted if numbers else self.postings
        (self.counted_sizes if numbers else self.plain_sizes).add(size)
        for feature in feats:
            postings.setdefault(feature, {}).setdefault(size, []).append(key)
        for number in numbers:
            self.numbered.setdefault(number, []).append(key)

    def _ranked(self, feats: frozenset[str]) -> list[str]:
        """Features rarest first, by frequency so far."""
        return sorted(feats, key=self.frequency.__getitem__)

    def recent_with(
        self, feats: tuple[str, ...], domain: str, limit: int, exclude: frozenset[int] = frozenset()
    ) -> list[int]:
        """Keys of the latest `limit` entries in `domain` holding each feature, newest first, deduplicated
        (where `core.facts` looks for the statement a new one updates)."""
        found: list[int] = []
        for feature in feats:
            buckets = [*self.postings.get(feature, {}).values(), *self.counted.get(feature, {}).values()]
            keys = sorted((k for bucket in buckets for k in bucket), reverse=True)
            found += [k for k in keys if k not in exclude and self.domains[k] == domain][:limit]
        return sorted(set(found), reverse=True)

    def best(
        self,
        content: str,
        profile: similarity.Profile,
        domain: str,
        exclude: frozenset[int] = frozenset(),
    ) -> tuple[int, float]:
        """Key and similarity of the most similar entry in `domain` that could reach the threshold
        (-1 when none), leaving out the keys in `exclude`; the same text (ignoring case and spacing) is
        similarity 1 even without features."""
        same = [k for k in self.exact.get((domain, same_text_key(content)), ()) if k not in exclude]
        if same:
            return min(same), 1.0
        feats = profile[0]
        size = len(feats)
        ranked, numbers = self._ranked(feats), similarity.numbers(feats)
        # Texts whose numbers are disjoint are different facts (`similarity.conflict`), so a text with
        # numbers is compared with the entries without any, and with those sharing one of its numbers.
        indexes = [(self.postings, self.plain_sizes)]
        if not numbers:
            indexes.append((self.counted, self.counted_sizes))
        found: set[int] = set()
        for postings, sizes in indexes:
            for other in sizes:
                need = _need(size, other)
                if need > min(size, other):
                    continue
                for feature in ranked[: size - need + 1]:
                    found.update(postings.get(feature, {}).get(other, ()))
        for number in numbers:
            found.update(self.numbered.get(number, ()))
        best, best_value = -1, 0.0
        profiles, domains = self.profiles, self.domains
        for key in found:
            theirs = profiles[key]
            need = _need(size, len(theirs[0]))
            if key in exclude or len(feats & theirs[0]) < need or domains[key] != domain:
                continue  # the cheap exact test first: most candidates share one rare word only
            value = similarity.profile_similarity(profile, theirs)
            if value > best_value or (value == best_value and best_value > 0 and key < best):
                best, best_value = key, value
        return best, best_value
