"""Days: a date said anew, of a pronoun or of no subject, with little topic of its own (issue 24, fourteenth pass).

A moved date is often said with a pronoun or no subject at all, and in other words than the older's: "flights got
changed, they land on the 9th of July now" / "Tiago and the kids fly in from Toronto on July 3rd", "Afinal passou
para sábado, dia 7." / "A festa de anos da Leonor é no domingo, dia 8.", "Enganei-me a escrever, é a 14 de março." /
"O meu neto Afonso faz anos a 17 de março.". No frame aligns and no topic word is shared ("land" / "fly in"). What marks
these is the value's kind and the sentence's structure: a day of the month said with its month or weekday (or "dia"),
one in each statement, another day in the newer; a correction or update cue in the newer (`core.cues`); no person or
name the older does not say (a pronoun may be the older's holder); and at most `MAX_OWN` words of a topic of its own
("flights … land": a thing of its own would be another date's: "the dentist moved my cleaning to the 9th").

Which memory such a date is about is the store's question (`ambiguous`: `core.facts.replaced` takes none where several
current memories hold a date it can replace). Pure: no I/O.
"""

from __future__ import annotations

import re

from hippocampus.core import anchors, claims, date_words, slots
from hippocampus.core.similarity import features
from hippocampus.core.tokens import word_set

_MONTH = "|".join(sorted((re.escape(m) for m in date_words.MONTHS), key=len, reverse=True))
_WEEKDAY = (
    r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?|wednesday|saturday|montag|dienstag|mittwoch|donnerstag"
    r"|freitag|samstag|sonntag|lunes|martes|miércoles|jueves|viernes|sábado|domingo|lundi|mardi|mercredi|jeudi"
    r"|vendredi|samedi|dimanche|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|segunda|terça|quarta|quinta"
    r"|sexta"
)
_DAY = r"(?P<day>[1-9]|[12]\d|3[01])(?:st|nd|rd|th|º|ª|er|\.)?"
_DATE = re.compile(
    rf"\b{_DAY}\s+(?:of\s+|de\s+|di\s+)?(?P<m1>{_MONTH})\b"  # "9th of July", "14 de março", "1 September"
    rf"|\b(?P<m2>{_MONTH})\.?\s+(?P<d2>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?\b"  # "July 3rd", "Oct 1"
    rf"|\b(?:{_WEEKDAY}),?\s+(?:dia\s+|the\s+|le\s+|el\s+|den\s+)?(?P<d3>[1-9]|[12]\d|3[01])(?:st|nd|rd|th|\.)?(?!\s*(?:h|pm|am|:))\b"
    r"|\bdia\s+(?P<d4>[1-9]|[12]\d|3[01])\b"  # "dia 8"
)
MAX_OWN = 2
"""Most content words of its own (not the older's, no value, cue nor pronoun) a date said anew may say ("flights …
land"): one more is a thing of its own whose date it is."""
_AUXILIARIES = features("got get gets getting been has have had was were pra pro para")
"""Verbs and prepositions that say no topic ("flights got changed", "pra domingo")."""
_PRONOUN_WORDS = word_set(
    "he she it they we er sie es il elle ils elles él ella ellos ellas lui lei loro ele ela eles elas"
)
_PRONOUNS = features("he she it they we er sie es il elle ils elles él ella ellos ellas lui lei loro ele ela eles elas")


def said(text: str) -> frozenset[tuple[int, int]]:
    """The days of the month a statement says with their month (its number, 0 when unsaid) or weekday, or after
    "dia"."""
    found = set()
    for match in _DATE.finditer(text.casefold().replace("’", "'")):
        day = int(next(g for g in (match.group(k) for k in ("day", "d2", "d3", "d4")) if g))
        found.add((day, date_words.MONTHS.get(match.group("m1") or match.group("m2") or "", 0)))
    return frozenset(found)


def _same(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """One date: the same day, in the same month or one unsaid."""
    return a[0] == b[0] and (a[1] == b[1] or not a[1] or not b[1])


def said_anew(new: str, old: str) -> bool:
    """`new` gives the one date of `old` another day, by its kind alone (see above)."""
    was, now = said(old), said(new)
    if len(was) != 1 or len(now) != 1 or _same(next(iter(was)), next(iter(now))):
        return False
    a, b = claims.parsed(new), claims.parsed(old)
    if not (a.correction or a.cue) or a.adds or not a.people_compatible(b):
        return False
    if a.people_and_names - b.features - _PRONOUNS - anchors.MONTH_NAMES - anchors.WEEKDAYS:
        return False  # "Marta's party moved to the 9th": another holder, named
    own = (
        anchors.own_topic(a)
        - b.features
        - _PRONOUNS
        - _AUXILIARIES
        - anchors.MONTH_NAMES
        - anchors.WEEKDAYS
        - slots.MONTHS
    )
    # "The board meeting got pushed to June 12", "Me cambiaron la cita del dentista": the thing it is said of, or
    # the thing its verb moves, is a thing of its own, whose date it is
    subject = frozenset() if a.tokens[:1] and a.tokens[0] in _PRONOUN_WORDS else a.subject
    return len(own) <= MAX_OWN and not own & (subject | a.acted_on)  # "they asked to …": a pronoun, no thing


def ambiguous(new: str, olds: list[str], found: list[int]) -> list[int]:
    """`found` less the dates `new` would replace by its kind alone where several of `olds` hold one: which one it
    means is a guess, and a wrong guess hides a true fact (both stay current)."""
    if len(said(new)) != 1:
        return found
    dated = [i for i, old in enumerate(olds) if said_anew(new, old)]
    return [i for i in found if i not in dated] if len(dated) > 1 else found
