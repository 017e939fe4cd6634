"""Two statements as one frame (`core.facts`, question 1): the shared opening and end of their words, and the
values between ("my office is on the [2nd|6th] floor"), or two relations of one subject and one object ("my
brother [lives|works] in Gdańsk"). Pure and stdlib-only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from hippocampus.core import anchors, colours, slots
from hippocampus.core.claims import PEOPLE, RELATION_WORDS, Claim, content_of
from hippocampus.core.similarity import features
from hippocampus.core.slots import COPULAS, FIRST, MONTH_WORDS, NUMBERISH
from hippocampus.core.tokens import STOPWORDS, stem


@dataclass(frozen=True)
class Swap:
    """Two statements as one frame with one value swapped: whether the values are single by nature
    (numbers, dates, times) and whether they differ in a content word (not only in form)."""

    single: bool
    content_differs: bool


def _kind(tokens: tuple[str, ...], cased: frozenset[str]) -> str:
    """The kind of a value: a number/date/time, a name (capitalised where said), or other."""
    words = [t for t in tokens if t not in STOPWORDS or t in MONTH_WORDS or t in cased]  # "[O|A] positive"
    if words and all(NUMBERISH.match(t) or t in MONTH_WORDS for t in words):
        return "number"
    if any(t in cased for t in words):
        return "name"
    return "other"


def _differing(x: tuple[str, ...], y: tuple[str, ...]) -> tuple[int, int, tuple[str, ...], tuple[str, ...]]:
    """The length of the shared opening and of the shared end of two token lists, and what each side
    has between them."""
    p = 0
    while p < min(len(x), len(y)) and x[p] == y[p]:
        p += 1
    s = 0
    while s < min(len(x), len(y)) - p and x[-1 - s] == y[-1 - s]:
        s += 1
    return p, s, x[p : len(x) - s], y[p : len(y) - s]


def align(a: Claim, b: Claim) -> Swap | None:
    """The two statements as one frame with one value swapped, or None (see `core.facts` question 1)."""
    p, s, dx, dy = _differing(a.tokens, b.tokens)
    if not dx or not dy or len(dx) > 4 or len(dy) > 4:
        return None
    prefix = a.tokens[:p]
    if not prefix:
        return None
    if any(w in COPULAS for w in (*dx, *dy)):
        return None  # "my favourite [colour is teal|podcast is Radiolab]": the relation is in what differs
    content = [w for w in prefix if w not in STOPWORDS and w not in FIRST and w not in COPULAS]
    copula = any(w in COPULAS or w in ("has", "have", "had") for w in prefix)  # "my team has [5|9] people"
    end = a.tokens[len(a.tokens) - s :] if s else ()
    # a shared end that is a place or purpose names the attribute: "I [cycle|take the train] to work"
    aim = bool(end) and end[0] in RELATION_WORDS and not any(slots.timely(w) for w in end)
    aim = aim and any(w not in STOPWORDS for w in end)
    speaker = prefix[0] in ("i", "we", "ich", "je", "yo", "eu", "io", "я") and (bool(content) or aim)  # "I sleep…"
    if not (content or speaker or (copula and prefix[0] in FIRST)):
        return None
    last = content[-1] if content else ""
    if not (copula or speaker) and (len(content) < 2 or last in a.cased or stem(last) in PEOPLE):
        return None  # "my coach Farid [has…|is…]", "my favourite [colour…]": the relation is not shared
    kx, ky = _kind(dx, a.cased), _kind(dy, b.cased)
    # a gerund that is the whole value after a copula is a value: "my main hobby is [bouldering|woodworking]"
    gerunds = prefix[-1] in COPULAS and len(dx) == len(dy) == 1
    verbs = _verbish(dx[0], dy[0], a.cased | b.cased) and not gerunds
    relation = dx[0] in RELATION_WORDS or dy[0] in RELATION_WORDS or verbs
    if dx[0] != dy[0] and relation and not kx == ky == "number":  # "[on 2 May|May 16]" is one date
        return None  # "I live [with two cats|close to the river]", "is [moving to…|learning to…]"
    placed = len(prefix) > 1 and prefix[-2] in COPULAS and prefix[-1] in RELATION_WORDS  # "is in", "is at"
    if (prefix[-1] in COPULAS or placed) and kx != ky:
        return None  # "my sister is [Alma|a nurse]", "the wedding is in [Bristol|June]": two attributes
    if kx != "number" and _two_relations(dx, dy):
        return None  # "I use [Spotify for music|Audible for audiobooks]": a thing and what it is for, both new
    cx, cy = content_of(features(" ".join(dx))), content_of(features(" ".join(dy)))
    named = [w for w in a.tokens[len(a.tokens) - s :] if w not in STOPWORDS] if s else []
    if not content and not named and kx == ky == "other" and not cx & cy:
        return None  # "I'm a [teacher|vegetarian]", "I have [two cats|three nephews]": the frame names no attribute
    # (a shared end names it: "I'm a [junior|senior] developer")
    differs = bool(cx ^ cy)
    return Swap(single=kx == ky == "number", content_differs=differs or kx == ky == "number")


def two_predicates(a: Claim, b: Claim) -> bool:
    """The two align as one frame (`align`), but what is swapped is a whole predicate on each side, not a value:
    another thing counted or named beside a changed value ("our house has [three bedrooms|two bathrooms]", "take
    [18 loaves|6 focaccias]", "we named the [puppy Bear|kitten Luna]"), or, no value changing, two content words
    or more on each side ("my dentist Arjun is [afraid of needles|allergic to kiwi]", "I [sleep badly|work
    part-time] in summer", "I live [opposite a park|close to the river]"): two facts that both hold, however
    the newer is said ("… now")."""
    swap = _swapped(a, b)
    if swap is None:
        return False
    return bool(swap.own_x and swap.own_y) if swap.value else len(swap.own_x) > 1 and len(swap.own_y) > 1


def valued(a: Claim, b: Claim) -> bool:
    """The two align as one frame (`align`) and what is swapped is a *value* of the attribute the frame names:
    a value of one kind changes (a number, a date, a name: `anchors.changed`, or the frame's own `_kind`) and
    at most one side has a content word beside it ("my office is on the [2nd|6th] floor", "I'm a [Leo|Virgo, I
    checked]"); or no value does, and each side is one word of content at most, after a copula whose subject
    names the attribute ("my favourite colour is [teal|green]", "my blood type is [A|O] positive") or before a
    shared end that names it ("I'm a [junior|senior] developer"). Stricter than "not `two_predicates`": a frame
    on a person, a shared time or a bare verb names no attribute ("my sister is [a chef|pregnant]", "my coach
    Farid is learning to [cook|sail]"). What the newer-first mark asks (issue 24: it says the older may be
    outdated, so a true fact marked so is misread)."""
    swap = _swapped(a, b)
    if swap is None or two_predicates(a, b):
        return False
    if swap.value:
        return True
    if len(swap.own_x) > 1 or len(swap.own_y) > 1:
        return False
    prefix, end = swap.prefix, swap.end
    if any(w not in STOPWORDS and not slots.timely(w) for w in end):
        return True  # "I'm a [junior|senior] developer", "I [cycle|drive] to work"
    n = len(prefix)  # an article or a possessive after the copula: "il mio colore preferito è il [blu|verde]"
    while n > 1 and prefix[n - 1] not in COPULAS and not content_of(features(prefix[n - 1])):
        n -= 1
    # the subject before the copula names the attribute by a word that is no person, name or speaker
    cased = a.cased | b.cased
    named = [w for w in prefix[: n - 1] if w not in cased and content_of(features(w)) - PEOPLE - FIRST]
    return prefix[n - 1] in COPULAS and bool(named)


class _Swapped(NamedTuple):
    """What two aligned statements swap: whether a value of one kind, the content words each side swaps beside
    the values, and the shared opening and end."""

    value: bool
    own_x: frozenset[str]
    own_y: frozenset[str]
    prefix: tuple[str, ...]
    end: tuple[str, ...]


def _swapped(a: Claim, b: Claim) -> _Swapped | None:
    """`_Swapped` for two statements that `align` (a number word, a unit, a colour, a cue is no content word
    swapped, nor a word both sides say), or None."""
    if align(a, b) is None:
        return None
    p, s, dx, dy = _differing(a.tokens, b.tokens)
    cased = a.cased | b.cased
    vals = frozenset().union(*anchors.value_kinds(a).values(), *anchors.value_kinds(b).values())
    # a number word, a unit, a colour ("my car is a [red Golf|blue Polo]"), a cue ("now")
    vals |= slots.values(a.features | b.features) | colours.COLOURS | a.cue_features | b.cue_features
    cx, cy = (
        content_of(features(" ".join(w for w in d if w not in cased and not NUMBERISH.match(w)))) for d in (dx, dy)
    )
    cx, cy = cx - vals, cy - vals
    value = bool(anchors.changed(a, b)) or _kind(dx, a.cased) == _kind(dy, b.cased) != "other"
    return _Swapped(value, cx - cy, cy - cx, a.tokens[:p], a.tokens[len(a.tokens) - s :])


def _two_relations(dx: tuple[str, ...], dy: tuple[str, ...]) -> bool:
    """Both values hold one relation word after a value of their own, and go on to another object after it
    ("[Spotify for music|Audible for audiobooks]"): two attributes changed, so two facts."""
    for i, word in enumerate(dx):
        if i and word in RELATION_WORDS and word not in COPULAS and word in dy[1:]:
            j = dy.index(word, 1)
            after_x, after_y = content_of(features(" ".join(dx[i + 1 :]))), content_of(features(" ".join(dy[j + 1 :])))
            return bool(after_x and after_y and not after_x & after_y)
    return False


def relation_swap(a: Claim, b: Claim) -> bool:
    """The two statements share their opening and their end and differ only in the words between, each
    side with content words of its own ("my brother Tomasz [lives|works] in Gdańsk", "my cousin Hedda
    [grew up|just got back] from Lagos"): two relations of one subject and one object, two facts. A
    rewording keeps its content words ("[lives|is living] in", "[works as|is] a paramedic"), in
    another form ("[vive|está viviendo] en"), or changes only an adverb ("[usually|normally] wake up")."""
    p, s, dx, dy = _differing(a.tokens, b.tokens)
    if p and not s and dx and dy:
        return _new_predicate(dx, dy)
    if not (p and s and dx and dy) or len(dx) > 4 or len(dy) > 4:
        return False
    cx, cy = ([_form(w) for w in d if w not in COPULAS and not w.endswith("ly") and _form(w)] for d in (dx, dy))
    # an adverb ("[usually|normally] wake up") or an auxiliary ("[vive|está viviendo] en") is no relation
    return bool(cx) and bool(cy) and not any(_one_root(u, v) for u in cx for v in cy)


def _new_predicate(dx: tuple[str, ...], dy: tuple[str, ...]) -> bool:
    """After one opening, each goes on with a word of its own ("During the first week of April Tomasz
    [recorded an audition tape…|asked his teacher about…]") and the rest shares at most half its content
    words: two things said of one subject. A paraphrase goes on alike or shares the rest ("I'm [learning
    to play the piano|taking piano lessons to learn to play]")."""
    fx, fy = ([_form(w) for w in d if w not in COPULAS and not w.endswith("ly") and _form(w)] for d in (dx, dy))
    if not fx or not fy or _one_root(fx[0], fy[0]) or fx[0] == fy[0]:
        return False
    cx, cy = set(fx), set(fy)
    return 2 * len(cx & cy) <= 0.5 * (len(cx) + len(cy))


def _form(word: str) -> str:
    """A word as `similarity` compares it (stem, or its concept: "encanta" and "gusta" are ~like); empty
    for a word without content ("don't", "never", "the")."""
    found = features(word)
    return next(iter(found)).lstrip("!") if len(found) == 1 else " ".join(sorted(found))


def _one_root(u: str, v: str) -> bool:
    """Two forms of one word, in any supported language ("lives"/"living", "vive"/"viviendo"): they
    open alike for all but the last letter of the shorter, three letters at least, four at most."""
    need = max(3, min(4, len(u) - 1, len(v) - 1))
    return u[:need] == v[:need] and len(u) >= need and len(v) >= need


def _verbish(x: str, y: str, cased: frozenset[str]) -> bool:
    """Either differing first word reads as a verb form (a relation, not a value); a name said with a capital
    is none, however it ends ("my bike is a [Specialized|Trek]", "[Reading|Leeds]")."""
    return any(w.endswith(("ing", "ed")) and len(w) > 4 and w not in cased for w in (x, y))
