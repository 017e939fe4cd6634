"""Asides: a newer statement that carries an update word but is about something beside the older's fact
(`core.facts`, issue 24's precision pass). Each is read from the sentence's grammar, not from its words:

- **another person** (`other_person`): the newer is said of "she", "he" (in the supported languages) and
  the older is the speaker's own ("My partner's company changed the rules, she's no longer allowed to work
  from home" / "I work from home on Mondays"). A pronoun read as the older's subject is resolved before
  (`core.parts.resolved_parts`), so what is left is someone else.
- **another thing, named by what it belongs to** (`other_head`): the thing a correction verb changes is the
  head of the words after it; where the older does not name that head and shares only words of its
  qualifier ("changed [the croquettes] of Caramel" / "our cat is called Caramel", "moved [the party] for my
  birthday" / "my birthday is 9 April"), the correction is of the head's thing. Where both name the head with
  two qualifiers ("la cita [del dentista]" / "cita [con el oftalmólogo]"), they are two things of one kind.
- **another use of a thing had** (`other_use`): "I don't wear the Fitbit to bed anymore" ends a use of a
  thing the older says the speaker *has*; the end of having it is said with that verb ("I don't have the
  Fitbit anymore") or with a verb of parting ("sold", `core.cues`).
- **another thing governed** (`core.target`, third pass): the thing the correction verb governs, its object or
  (passive, intransitive) its subject, is one the older never says, while the older names one of its own ("We
  swapped Biscuit's 2-metre [lead] …" / "Biscuit weighs 34 kilos", "We cancelled the Netflix [trip]").
- **no value changed** (`core.given`, fourth pass): the correction verb governs only the older's words, a value
  among them ("My cousin Tara just moved to Nairobi" / "Tara keeps sending me photos from Nairobi").

A mistake here only leaves both statements current (newer first), the lesser error. Pure.
"""

from __future__ import annotations

from hippocampus.core import claims, given, slots, target
from hippocampus.core.claims import Claim
from hippocampus.core.similarity import features
from hippocampus.core.tokens import STOPWORDS, derived, word_set

_HE_SHE = word_set("he she he's she's he'll she'll he'd she'd il elle él ella lui lei ele ela")
"""A third person said as a pronoun (not "they": "they moved my check-up" is impersonal, nor German "sie")."""
_HAVE = word_set("have has had 've got own owns j'ai ai avons tengo tenemos tiene ho abbiamo tenho temos habe haben")
"""The verbs of having a thing (the older's relation in "I have a Fitbit")."""


def beside(new: str, a: Claim, b: Claim) -> bool:
    """`a` (the parsed `new`) is about another person or thing than `b`'s fact, or another use of it, or its
    correction verb governs another thing (`core.target`)."""
    return (
        other_person(a, b)
        or other_named(a, b)
        or other_head(a, b)
        or other_use(new, a, b)
        or target.another(a, b)
        or given.unchanged(a, b)
    )


def other_person(a: Claim, b: Claim) -> bool:
    """`a` is said of "she"/"he", `b` by the speaker of themselves, and `a` neither involves the speaker nor
    is a change the person makes (its verb a correction verb: what changes may be the speaker's)."""
    if len(a.tokens) > 1 and _cue(a.tokens[1], a):
        return False  # "She bumped the sertraline up to 100 mg": the psychiatrist acts on the speaker's thing
    return bool(a.tokens) and a.tokens[0] in _HE_SHE and b.owner == "speaker" and not a.involves_speaker


def _cue(word: str, a: Claim) -> bool:
    """`word` is one of `a`'s cue words (a cue may be matched by its start: "spostat" in "spostato")."""
    return bool(features(word) & a.cue_features) or any(len(c) > 3 and word.startswith(c) for c in a.cue_features)


def other_named(a: Claim, b: Claim) -> bool:
    """`a`'s correction is said of a thing its subject names by a name `b` does not say, and `b` names another
    ("The Cornwall weekend is postponed" / "We're going to Portugal in August"), and they share no name nor
    does `a` leave the older's value behind: two named things."""
    if not a.correction or a.involves_speaker or a.owner == "speaker" or a.left & b.features:
        return False  # "Billy's changed over from Bright Beginnings to …": the older's value, left behind
    na, nb = claims.names_of(a) - slots.MONTHS, claims.names_of(b) - slots.MONTHS
    if na & nb:
        return False  # "the South Freo Sunday market" / "the Sunday South Fremantle market": one, said otherwise
    return bool(na & a.subject - b.features) and bool(nb - a.features)


def _content(word: str) -> frozenset[str]:
    """The content features of one word (none for a function word, in any supported language)."""
    return frozenset() if word in STOPWORDS else claims.content_of(features(word))


_OF = word_set("of for with de del della dello dei degli des du di do da dos das per con com avec mit von")
"""The prepositions that qualify a noun by what it belongs to or is for ("the party [for] my birthday", "les
croquettes [de] Caramel", "la cita [del] dentista", "cita [con] el oftalmólogo"); not those of where it goes."""


def _phrase(words: list[str], start: int) -> tuple[str, frozenset[str]]:
    """The head noun from `words[start]` on (function words skipped) and the content words of the phrase of
    `_OF` right after it ("la cita [del dentista]"), up to a value or another preposition; ("", {}) if none."""
    n = start
    while n < len(words) and not _content(words[n]):
        n += 1
    if n >= len(words) or slots.values(_content(words[n])):
        return "", frozenset()  # "moved to 21 November": no thing named, the value follows
    head, qualifier = sorted(_content(words[n]))[0], set[str]()
    if n + 1 < len(words) and words[n + 1] in _OF:
        for w in words[n + 2 :]:
            if w in _OF or slots.values(_content(w)) or w in ("to", "a", "al", "à", "au", "para", "zu", "alla"):
                break
            qualifier |= _content(w)
    return head, frozenset(qualifier)


def other_head(a: Claim, b: Claim) -> bool:
    """The thing `a`'s correction verb changes is another than `b`'s (see the module)."""
    if not a.correction:
        return False
    words = list(a.tokens)
    at = next((i for i, w in enumerate(words) if _cue(w, a)), -1)
    head, qualifier = _phrase(words, at + 1) if at >= 0 else ("", frozenset())
    if not head or not qualifier:
        return False
    if head in b.content or derived(frozenset([head]), b.content):
        # both name the head, each qualified by what the other does not say: two things of one kind
        older = list(b.tokens)
        at_b = next((i for i, w in enumerate(older) if head in _content(w)), -1)
        theirs = _phrase(older, at_b)[1] if at_b >= 0 else frozenset()
        return bool(qualifier - b.features) and bool(theirs - a.features)
    # the older's words are said only of what the head belongs to: "[the croquettes] of Caramel"
    shared = (a.content & b.content) - a.cue_features - slots.values(a.content) - _dated(words)
    return bool(shared) and shared <= qualifier


def _dated(words: list[str]) -> frozenset[str]:
    """The words said right after a number, with a "de"/"of" between at most: a date's month in any supported
    language ("13 giugno", "27 de mayo"), which `slots.MONTHS` knows in English only."""
    after = [
        words[n + 2] if words[n + 1] in ("de", "of") and n + 2 < len(words) else words[n + 1]
        for n in range(len(words) - 1)
        if words[n].isdigit()
    ]
    return frozenset(f for w in after for f in _content(w))


def other_use(new: str, a: Claim, b: Claim) -> bool:
    """`a` ends a use of a thing `b` says the speaker has: what `a` negates shares the thing with `b`, and a
    verb of it is none of `b`'s, which says only the having."""
    negated = {f[1:] for f in features(new) if f.startswith("!")} - a.cue_features
    if not negated or not set(b.tokens) & _HAVE:
        return False
    shared = (a.content & b.content) - a.cue_features
    return bool(shared) and shared <= negated and bool(negated - b.features - slots.values(frozenset(negated)))
