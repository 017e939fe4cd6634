"""Finding the memory that already says the same thing: an inverted index of similarity features.

Entries are keyed by integers whose order is index order (list positions in memory, row ids in the
store), so "the earliest best match" means the same thing in both. Candidates come from prefix
filtering: a match must share `similarity.required_shared` features, so it appears in the postings
of any (size − need + 1) of a text's features, and only the rarest are looked up. Exact: it finds
every memory that could reach `SAME_THRESHOLD`, and 1,000 lookups against 100k memories take
milliseconds once the index is built. Encoding and consolidation both use it. Pure.
"""

from __future__ import annotations

from collections import Counter

from hippocampus.core import similarity

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable


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


class Candidates:
    """Inverted index from similarity features to entry keys, bucketed by feature-set size."""

    def __init__(self, entries: Iterable[tuple[int, str, str, similarity.Profile]] = ()) -> None:
        self.profiles: dict[int, similarity.Profile] = {}
        self.domains: dict[int, str] = {}
        self.postings: dict[str, dict[int, list[int]]] = {}  # feature → set size → keys
        self.frequency: Counter[str] = Counter()
        self.sizes: set[int] = set()
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
        self.sizes.add(size)
        self.frequency.update(feats)
        for feature in feats:
            self.postings.setdefault(feature, {}).setdefault(size, []).append(key)

    def recent_with(
        self, feats: tuple[str, ...], domain: str, limit: int, exclude: frozenset[int] = frozenset()
    ) -> list[int]:
        """Keys of the latest `limit` entries in `domain` holding each feature, newest first, deduplicated
        (where `core.facts` looks for the statement a new one updates)."""
        found: list[int] = []
        for feature in feats:
            keys = sorted((k for bucket in self.postings.get(feature, {}).values() for k in bucket), reverse=True)
            found += [k for k in keys if k not in exclude and self.domains[k] == domain][:limit]
        return sorted(set(found), reverse=True)

    def best(
        self, content: str, profile: similarity.Profile, domain: str, exclude: frozenset[int] = frozenset()
    ) -> tuple[int, float]:
        """Key and similarity of the most similar entry in `domain` that could reach the threshold
        (-1 when none), leaving out the keys in `exclude`; the same text (ignoring case and spacing) is
        similarity 1 even without features."""
        same = [k for k in self.exact.get((domain, same_text_key(content)), ()) if k not in exclude]
        if same:
            return min(same), 1.0
        feats = profile[0]
        size = len(feats)
        ranked = sorted(feats, key=self.frequency.__getitem__)
        best, best_value = -1, 0.0
        for other in sorted(self.sizes):
            need = similarity.required_shared(size, other)
            if need > min(size, other):
                continue
            counts: Counter[int] = Counter()
            for feature in ranked[: size - need + 1]:
                counts.update(self.postings.get(feature, {}).get(other, ()))
            profiles, domains = self.profiles, self.domains
            for key in counts:
                if key in exclude or len(feats & profiles[key][0]) < need or domains[key] != domain:
                    continue  # the cheap exact test first: most candidates share one rare word only
                value = similarity.profile_similarity(profile, profiles[key])
                if value > best_value or (value == best_value and best_value > 0 and key < best):
                    best, best_value = key, value
        return best, best_value
