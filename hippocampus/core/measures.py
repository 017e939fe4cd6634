"""Measures: a measured number said anew as a bare value, its subject "it" or none (issue 24, thirteenth pass).

A measured quantity is often corrected by its value alone, in a clause of its own beside how the speaker knows:
"we counted last night and it's more like fifty words" / "kabir says about 20 words", "tracked it on my watch:
closer to 5 hours" / "I sleep about 6 hours before a long day shift", "23 years now, did the maths" / "I've been
driving buses for 22 years". Nothing but the unit is shared, and the unit is left out of every anchor (`core.anchors`:
a unit alone names no thing). What marks these is sentence structure: a clause that is nothing but a value ("it's",
"that's" or nothing, an adverb or an approximation, the number, the unit, and at most a time word after it), said
of a unit the older says of its one number.

An age is a measure too, read by its own grammar (`core.ages`): `said_anew`, `probes` and `one_holder` are the two
routes as `core.facts` asks them.

`restated(new, old)`: the older says exactly one number, with a unit; one clause of the newer is such a bare value
of that unit, with another number; the newer says no other number of that unit. Which memory a bare value is about
is the store's question (`ambiguous`, `one_holder`: `core.facts.replaced` takes none where several current memories
hold a number of that unit). Pure: no I/O.
"""

from __future__ import annotations

import re

from hippocampus.core import ages, claims, slots
from hippocampus.core.sentences import REPORTED
from hippocampus.core.tokens import stem

_NUMBER = r"(?P<number>\d[\d,.]*|" + "|".join(sorted(slots.NUMBER_WORDS, key=len, reverse=True)) + r")"
_BARE = re.compile(
    r"^(?:(?:it|that|this|which)(?:'s| is| was)\s+|c'est\s+|es\s+|è\s+|é\s+|ist\s+|sind\s+|son\s+|são\s+|sono\s+)?"
    r"(?:(?:actually|technically|really|now|only|officially|just|still|en fait|en realidad|eigentlich|in realtà|"
    r"na verdade|ahora|agora|jetzt|maintenant|adesso)\s+)*"
    r"(?:(?:more like|closer to|nearer|nearly|about|around|roughly|approximately|almost|like|every|over|under|"
    r"plus|más bien|eher|environ|circa|cerca de|unos|unas|etwa|presque|quasi)\s+)?"
    + _NUMBER
    + r"\s*(?P<unit>[^\W\d_]+)(?:\s+(?:now|still|these days|actually|apparently|today|this week|left|to go|"
    r"so far|maintenant|ahora|agora|jetzt|adesso|ora)\b.*)?$"
)
_CLAUSE = re.compile(r"\s*(?:[;:!?()]|,(?!\d)|(?<!\d),|\.(?!\d)|\s[—–-]+\s|—|–|\band\b)\s*")
_EDGES = re.compile(r"^[\W_]+|[\W_]+$")
"""What stands around a clause's words: quotes, stars, an emoji ("closer to 5 hours 😬")."""
_UNIT = re.compile(r"(?<![\d:])(\d[\d,.]*)\s*(?:a |an |per )?([^\W\d_]+)")


def _digits(number: str) -> str:
    """A number as its digits ("fifty" is "50", "10,000" is "10000")."""
    return slots.NUMBER_WORDS.get(number, number.replace(",", "").rstrip("."))


def bare(text: str) -> frozenset[tuple[str, str]]:
    """The (number, unit stem) of each clause of `text` that is a bare measured value ("it's more like fifty
    words", "closer to 5 hours", "23 years now")."""
    found = set()
    for clause in _CLAUSE.split(text.casefold().replace("’", "'")):
        match = _BARE.match(REPORTED.sub("", _EDGES.sub("", clause)))  # "the engineer says it's every 18 months"
        if match and match.group("unit") not in slots.NUMBER_WORDS:
            found.add((_digits(match.group("number")), stem(match.group("unit"))))
    return frozenset(found)


def _measured(text: str) -> frozenset[tuple[str, str]]:
    """Every (number, unit stem) a statement says, a number word as its digits."""
    low = " ".join(slots.NUMBER_WORDS.get(w, w) for w in text.casefold().split())
    return frozenset((_digits(n), stem(u)) for n, u in _UNIT.findall(low))


def restated(new: str, old: str) -> bool:
    """`new` gives the one measured number of `old` another value, as a bare value of its unit (see above)."""
    b = claims.parsed(old)
    if len(b.numbers) != 1:
        return False
    older = _measured(old)
    if len(older) != 1:
        return False
    (was, unit), said = next(iter(older)), bare(new)
    values = {n for n, u in said if u == unit}
    again = {n for n, u in _measured(new) if u == unit} - {was}  # "not 20, more like fifty words": 20 is the older's
    return len(values) == 1 and values == again


def ambiguous(new: str, olds: list[str], found: list[int]) -> list[int]:
    """`found` less the measures a bare value would replace where several of `olds` hold one of its unit."""
    if not bare(new):
        return found
    measured = [i for i, old in enumerate(olds) if restated(new, old)]
    return [i for i in found if i not in measured] if len(measured) > 1 else found


def said_anew(new: str, old: str) -> bool:
    """`new` gives `old`'s age (`core.ages`) or its one measured number (`restated`) another value."""
    return ages.said_anew(new, old) or restated(new, old)


def probes(new: str) -> tuple[str, ...]:
    """The features of the older values `new` may replace that it does not say: the ages (`ages.probes`)."""
    return ages.probes(new)


def one_holder(new: str, olds: list[str], found: list[int]) -> list[int]:
    """`found` less what an age of a pronoun or a bare measured value would replace where several of `olds` hold
    one it can: which one it means is a guess, and a wrong guess hides a true fact (both stay current)."""
    return ambiguous(new, olds, ages.ambiguous(new, olds, found))
