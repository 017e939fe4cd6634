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

When every entry is known up front (the first consolidation), a fixed global order (`order`, rarest
first) lets each entry be posted under its own prefix only (size − the least `need` any partner size
allows + 1 features), as in All-Pairs/PPJoin: two sets sharing t features share one of their first
(size − t + 1) in any common order. The frequent words then have almost no postings, which is where
the time went.
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


_LEAST_NEED: dict[int, int] = {}
_NEED: dict[tuple[int, int], int] = {}


def _need(size: int, other: int) -> int:
    """`similarity.required_shared`, memoised: lookups ask it for every pair of set sizes."""
    found = _NEED.get((size, other))
    if found is None:
        found = _NEED[(size, other)] = similarity.required_shared(size, other)
    return found


def least_need(size: int) -> int:
    """The fewest shared features a set of `size` needs with a partner of any size to reach the threshold."""
    found = _LEAST_NEED.get(size)
    if found is None:
        # Above `size` partners need more (the Dice part shrinks), so scanning up to `size` suffices.
        feasible = (similarity.required_shared(size, other) for other in range(1, size + 1))
        found = _LEAST_NEED[size] = min((n for n in feasible if n <= size), default=size + 1)
    return found


def global_order(profiles: Iterable[similarity.Profile]) -> dict[str, int]:
    """Each feature's rank among all of them, rarest first (ties by the feature), for `Candidates(order=)`."""
    frequency: Counter[str] = Counter()
    for profile in profiles:
        frequency.update(profile[0])
    return {f: rank for rank, f in enumerate(sorted(frequency, key=lambda f: (frequency[f], f)))}


class Candidates:
    """Inverted index from similarity features to entry keys, bucketed by feature-set size.

    Without `order`, every feature of an entry is posted and lookups rank by the frequencies seen so
    far. With `order` (from `global_order` over every entry there will be), only each entry's prefix
    in that order is posted; lookups must then use features the order knows or rank them first.
    """

    def __init__(
        self, entries: Iterable[tuple[int, str, str, similarity.Profile]] = (), order: dict[str, int] | None = None
    ) -> None:
        self.order = order
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

    def probe(self, profile: similarity.Profile) -> tuple[list[str], frozenset[str]]:
        """What `best` and `add` derive from a profile (its ranked features and its numbers), computed once
        by a caller that does both for the same entry."""
        return self._ranked(profile[0]), similarity.numbers(profile[0])

    def add(
        self,
        key: int,
        domain: str,
        content: str,
        profile: similarity.Profile,
        probe: tuple[list[str], frozenset[str]] | None = None,
    ) -> None:
        """Index an entry (the first entry with a given text is the one `best` returns for it)."""
        self.exact.setdefault((domain, same_text_key(content)), []).append(key)
        self.profiles[key] = profile
        self.domains[key] = domain
        feats = profile[0]
        size = len(feats)
        if self.order is None:
            self.frequency.update(feats)
            posted: Iterable[str] = feats
        else:
            posted = (probe[0] if probe else self._ranked(feats))[: size - least_need(size) + 1]
        numbers = probe[1] if probe else similarity.numbers(feats)
        postings = self.counted if numbers else self.postings
        (self.counted_sizes if numbers else self.plain_sizes).add(size)
        for feature in posted:
            postings.setdefault(feature, {}).setdefault(size, []).append(key)
        for number in numbers:
            self.numbered.setdefault(number, []).append(key)

    def _ranked(self, feats: frozenset[str]) -> list[str]:
        """Features rarest first: by the fixed order when there is one, else by frequency so far."""
        if self.order is None:
            return sorted(feats, key=self.frequency.__getitem__)
        order = self.order
        return sorted(feats, key=lambda f: (order.get(f, -1), f))

    def recent_with(
        self, feats: tuple[str, ...], domain: str, limit: int, exclude: frozenset[int] = frozenset()
    ) -> list[int]:
        """Keys of the latest `limit` entries in `domain` holding each feature, newest first, deduplicated
        (where `core.facts` looks for the statement a new one updates). Needs every feature posted (no `order`)."""
        if self.order is not None:
            raise ValueError("recent_with needs an index without a fixed order (every feature posted)")
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
        probe: tuple[list[str], frozenset[str]] | None = None,
    ) -> tuple[int, float]:
        """Key and similarity of the most similar entry in `domain` that could reach the threshold
        (-1 when none), leaving out the keys in `exclude`; the same text (ignoring case and spacing) is
        similarity 1 even without features."""
        same = [k for k in self.exact.get((domain, same_text_key(content)), ()) if k not in exclude]
        if same:
            return min(same), 1.0
        feats = profile[0]
        size = len(feats)
        ranked, numbers = probe if probe else self.probe(profile)
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
