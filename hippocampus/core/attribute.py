"""Which attribute an update changes, read for `core.facts` (issue 24, third precision pass).

A shared name (or the speaker) and a value of one kind on each side made a newer with an update word look like
a correction of any fact of that subject (heldout21): "Liam switched to a CCM [stick]" / "Liam's skates are
Bauer Supreme", "Jean-Luc a changé de [vétérinaire]" / "Mon voisin Jean-Luc a un chien …", "cambié el [ancla]" /
"El motor del barco …", "Fiona's not doing her Sunday [yoga] anymore" / "Fiona phones every Sunday at 6pm". A
correction changes the value of an attribute the older states; so this reads the attribute the newer changes,
by grammar, and says it is another where the older never states it:

- the thing the correction verb acts on: the first content word after the cue word that is no value (no name,
  number or date: "switched to a CCM [stick]", "changé de [vétérinaire]", "mudou o [nome]");
- a thing the newer leaves behind ("cambié el ancla por …", "instead of …") or negates ("not doing her yoga");

and none of these is a word of the older, nor a form of one (`tokens.derived`), and the newer leaves behind no
value of the older's ("switched from Bauer to CCM" leaves the older's value: the same attribute). Where no thing
is read (the cue is followed by a value: "moved to 21 November"; "actually"), nothing is said here. A mistake
only leaves both statements current (newer first), the lesser error. Pure.
"""

from __future__ import annotations

import re

from hippocampus.core import claims, slots
from hippocampus.core.claims import Claim
from hippocampus.core.similarity import features
from hippocampus.core.tokens import STOPWORDS, WORD_RE, derived


def _content(word: str) -> frozenset[str]:
    """The content features of one word (none for a function word, in any supported language)."""
    return frozenset() if word in STOPWORDS else claims.content_of(features(word))


def _value(feats: frozenset[str], claim: Claim) -> bool:
    """`feats` hold a value: a number (in digits or words), a date or slot value, or a name (with its capital)."""
    numbers = {f for f in feats if f[:1].isdigit()} | feats & slots.NUMBER_STEMS
    return bool(slots.values(feats) or feats & claims.names_of(claim) or numbers or feats & _DAYS)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_EXCHANGE: tuple[str, ...] = ("switch", "swap", "chang", "replac", "cambi", "mudou", "mudei", "mudar", "wechsel")
_EXCHANGE += ("tausch", "remplac", "sostitu", "substitu", "troqu")
"""The starts of the verbs of exchanging one thing for another ("switched", "changé", "cambié", "mudou"), in the
supported languages: the thing they act on is the attribute changed."""
_NAMING = features("name names nom nombre nome namen")
"""A thing's name as what an exchange verb acts on ("mudou o nome"): the value of the older's naming, if any."""
_BEFORE = _words("the a an my our his her their its le la les l un une mon ma mes son sa el los las una mi su il")
_BEFORE |= _words("lo gli o os as um uma meu minha seu sua den die das der einen eine meinen meine")
"""The articles and possessives said between a verb and its object."""
_OF = _words("de di do da d")
"""The preposition of "changer [de] vétérinaire", "cambiar de médico": its noun is the object (not English "of":
"change [of] plans" names no thing)."""
_TO = _words("to a al au à para alla zu")
"""A destination: the phrase after it is the new value ("moved [to] the library"), its kind is the noun said
after a name in it ("switched to a CCM [stick]")."""
_DAYS = features(
    """monday tuesday wednesday thursday friday saturday sunday lundi mardi mercredi jeudi vendredi samedi dimanche
    lunes martes miércoles jueves viernes sábado domingo lunedì martedì mercoledì giovedì venerdì sabato domenica"""
)


def acted_on(claim: Claim) -> frozenset[str]:
    """The thing `claim`'s verb of exchange acts on: its object ("cambié [el ancla]", "changé de [vétérinaire]"),
    or the kind of the named value it goes to ("switched to a CCM [stick]"); none where the object is a value
    or a name ("moved to the library": the new value; "mudou o nome": the older's naming)."""
    words = WORD_RE.findall(claim.key)
    at = next((i for i, w in enumerate(words) if w.startswith(_EXCHANGE)), -1)
    if at < 0:
        return frozenset()
    rest = words[at + 1 : at + 7]
    to = bool(rest) and rest[0] in _TO
    n = 1 if to else 0
    while n < len(rest) and (rest[n] in _BEFORE or rest[n] in _OF and not to):
        n += 1
    if to:  # "to a CCM stick": the noun after the name is the kind of the new value
        named = n
        while named < len(rest) and _content(rest[named]) and _content(rest[named]) <= claims.names_of(claim):
            named += 1
        n = named if named > n else len(rest)
    found = _content(rest[n]) if n < len(rest) else frozenset()
    if not found or _value(found, claim) or found & _NAMING:
        return frozenset()
    return found


def changed(claim: Claim) -> frozenset[str]:
    """The words of the attributes `claim` changes: what its verb of exchange acts on, and what it negates, where
    none of that is a value ("not half five" negates a time). What a cue reads as left behind is not used: it may
    be a word after the value ("no longer vegetarian [fwiw]")."""
    behind = negated(claim) - claim.cue_features
    if any(f[:1].isdigit() or f in slots.NUMBER_STEMS for f in behind):
        return acted_on(claim)  # a number negated is a value left behind ("not half five")
    return acted_on(claim) | frozenset(f for f in claims.content_of(behind) if not _value(frozenset([f]), claim))


_NEGATION = _words("not never nicht kein keine pas non não")
"""The words that negate what follows (not "no": an article in Portuguese, "no mês passado")."""


def negated(claim: Claim) -> frozenset[str]:
    """The thing `claim` negates: the words of the noun phrase a negation reaches through its verb, from the
    article or possessive that opens it ("not doing [her Sunday yoga]"); none where it reaches no noun phrase
    ("Pickle didn't suit her")."""
    for clause in _CLAUSE.split(claim.key):  # the phrase ends with its clause: "not the 3rd, his flight …"
        words = WORD_RE.findall(clause)
        for n, word in enumerate(words):
            if word in _NEGATION or word.endswith("n't"):
                opens = next((i for i in range(n + 1, min(n + 4, len(words))) if words[i] in _BEFORE), -1)
                if opens >= 0:
                    return frozenset().union(*(_content(w) for w in words[opens + 1 : opens + 4]))
    return frozenset()


_CLAUSE = re.compile(r"[,;:.!?()—–]")


def another(a: Claim, b: Claim) -> bool:
    """The newer `a` changes an attribute the older `b` never states, leaves behind none of `b`'s values, and
    shares with `b` no word beyond names, values and units ("changed our minds on the [kitten]'s [name]")."""
    if claims.content_of(a.left | negated(a)) & b.features - _DAYS:
        return False  # "switched from Bauer to CCM": the older's value, left behind (a day may qualify the thing)
    words = changed(a) - slots.FIRST
    if not words or words & b.features or derived(words, b.content):
        return False
    names = claims.names_of(a) | claims.names_of(b) | _cased(a) & _cased(b)  # "Liam …" / "Liam's skates …"
    shared = a.content & b.content - a.cue_features - names - _units(a) - _units(b)
    return not {f for f in shared if not _value(frozenset([f]), b)}


def _cased(claim: Claim) -> frozenset[str]:
    """The words `claim` says with a capital, a sentence's first too (a name both say so is a name)."""
    return features(" ".join(word.split("'")[0] for word in claim.cased))


def _units(claim: Claim) -> frozenset[str]:
    """The words said right after a number: its unit ("300 [libras]")."""
    words = WORD_RE.findall(claim.key)
    return frozenset().union(*(_content(w) for p, w in zip(words, words[1:], strict=False) if p[:1].isdigit()))
