"""Two statements as one frame (`core.facts`, question 1): the shared opening and end of their words, and the
values between ("my office is on the [2nd|6th] floor"), or two relations of one subject and one object ("my
brother [lives|works] in Gdańsk"). Pure and stdlib-only.
"""

from __future__ import annotations

from dataclasses import dataclass

from hippocampus.core import slots
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
