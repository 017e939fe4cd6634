"""Denials: the older's word named as left behind by a negation, in any position (issue 24, fourteenth pass).

A correction often gives the new value beside the old one denied, in a clause of its own and in any order: "cashews,
not peanuts!", "Eigentlich heißt er Orfeão de São Bento, nicht Coral.", "c'est Roncesvalles, pas Leslieville.", "Pas
le 5, le 8.", "Non Fauré, Mozart: …". `core.claims` reads "not X" only in a few positions, and `core.anchors.value_only`
takes only names, numbers and dates. What marks these is sentence structure: a clause that is nothing but a negation
word (`NEGATION`, in the supported languages), an optional article and one or two words, one of which the OLDER says
(a content word, a number, or the hour of a time: "not 8" / "at 8pm"). A bare "not" with no older word is nothing:
the older is what makes the clause a denial of it ("I'm not sure" says none; "no, wait" is no clause of this form).

`left_behind(sentence, older)`: a clause of the sentence denies a word of the older's that is no person (a person
left behind needs more: "not my brother"), and the sentence says a word the older does not (the value in its place).
Which memory the denied word was is the store's question (`ambiguous`: `core.facts.replaced` takes none where
several current memories say it). `negates(new, old)`: the newer says all of the older again, negated ("I'm not a
morning person any more" / "I'm a morning person"). Pure: no I/O.
"""

from __future__ import annotations

import re

from hippocampus.core import anchors, asides, claims, slots, whose
from hippocampus.core.claims import Claim
from hippocampus.core.cues import PREFIX
from hippocampus.core.similarity import features
from hippocampus.core.tokens import WORD_RE, word_set

_NEGATION = r"(?:not|nicht|pas|non|no|não|nao|kein|keine|nein)"
_ARTICLE = (
    r"(?:the|a|an|my|our|at|on|in|le|la|les|l'|el|los|las|il|lo|der|die|das|den|dem|des|o|os|as|um|uma|un|une|ein|eine"
    r"|de|da|do|du|dos|del|à|au|a)"
)
_CLAUSE = re.compile(
    r"\s*(?:[;:!?()]|,(?!\d)|(?<!\d),|\.(?!\d)|\s[—–-]+\s|—|–|→|\b(?:but|mais|ma|sino|sondern|mas|aber)\b)\s*",
    re.IGNORECASE,
)
_DENIED = re.compile(rf"^{_NEGATION}(?:\s+{_ARTICLE})?\s+(?P<x>[^\W_][\w'.+-]*(?:\s+[^\W_][\w'.+-]*)?)$")
_VALUE_OPENING = word_set("it's that's c'est es è é ist son são sono not nicht pas non no não nao kein keine")
"""Openings that say no subject of their own: the denial itself, or "it's" of the value."""
_FEW = 4
"""Words of a sentence that is values alone ("cashews, not peanuts!", "Pas le 5, le 8.")."""
_PRONOUNS = features("he she it they er sie es il elle ils elles él ella ellos ellas lui lei ele ela eles elas")
"""A subject said by a pronoun: the older's, no topic of the newer's own."""
_EDGES = re.compile(r"^[\W_]+|[\W_]+$")
"""What stands around a clause's words: quotes, stars, an emoji."""


def denied(text: str) -> frozenset[str]:
    """The features of every clause of `text` that is only a negation, an optional article and one or two words ("not
    peanuts", "pas le 5", "nicht Coral"): what the statement names as left behind, whatever it was."""
    found: set[str] = set()
    for clause in _CLAUSE.split(text.casefold().replace("’", "'")):
        match = _DENIED.match(_EDGES.sub("", clause).casefold())
        if match:
            found |= {f.lstrip("!") for f in features(match.group("x"))}
    return frozenset(found)


def _hours(older: Claim) -> frozenset[str]:
    """The hours of the older's times said with their half of the day ("8pm" is "8")."""
    return frozenset(f[:-2] for f in older.features if f.endswith(("am", "pm")) and f[:-2].isdigit())


def named(text: str, older: Claim) -> frozenset[str]:
    """The older's words `text` denies (see above): no person, no word the older says of its subject's people."""
    said = older.content | {f for f in older.features if f[:1].isdigit()} | _hours(older)
    return denied(text) & said - claims.PEOPLE - older.subject_people


def _said(sentence: str) -> str:
    """The sentence less an opening remark before a break that names no one but the speaker ("Je confonds tout : c'est
    Roncesvalles, pas Leslieville": the speaker's slip is no subject of the value)."""
    prefix = PREFIX.match(sentence.casefold())
    if not prefix or not denied(sentence[prefix.end() :]):
        return sentence
    opening = claims.parsed(sentence[: prefix.end()])
    return sentence if opening.people_and_names - slots.FIRST else sentence[prefix.end() :]


def _compatible(said: str, a: Claim, older: Claim) -> bool:
    """The subjects may be one (`Claim.people_compatible`), or the newer has none: it opens on the denial, on "it's"
    ("c'est Roncesvalles, pas Leslieville": the name is the value in the older's place), or is a few words of values
    only ("cashews, not peanuts!"), and names no person by role."""
    if a.people_compatible(older):
        return True
    words = WORD_RE.findall(said.casefold().replace("’", "'"))
    opening = words[:1] and (words[0] in _VALUE_OPENING or len(words) <= _FEW)
    return bool(opening) and not a.people_and_names & claims.PEOPLE and a.owner != "speaker"


def left_behind(sentence: str, older: Claim) -> bool:
    """`sentence` denies a word of `older` and says a word in its place the older does not (see above)."""
    gone = named(sentence, older)
    if not gone:
        return False
    said = _said(sentence)
    a = claims.parsed(said)
    if a.adds or not _compatible(said, a, older) or asides.beside(sentence, a, older) or whose.other(a, older):
        return False  # "… too": beside it; "my sister is not allergic to peanuts": another person's
    return _replacement(said, older)


def _replacement(said: str, older: Claim) -> bool:
    """A clause beside a denial says a value in the denied one's place and no topic of its own (a content word that
    is no value, a pronoun, a cue nor the older's): "cashews, not peanuts!", "Non Fauré, Mozart: …", "Eigentlich heißt
    er Orfeão de São Bento, nicht Coral". A topic of its own is another thing that holds a value ("Not Monday, the
    bins go out on Tuesday" / "My PT session is on Monday", "Our flat is on floor 4, not 14" / "Our house number is
    14"); one such word said alone is the value ("cashews")."""
    clauses = [c for c in (_EDGES.sub("", c) for c in _CLAUSE.split(said.replace("’", "'"))) if c]  # names: cased
    for i, clause in enumerate(clauses):
        if not named(clause, older):
            continue
        for beside in clauses[max(i - 1, 0) : i] + clauses[i + 1 : i + 2]:
            c = claims.parsed(beside)
            if denied(beside) or not c.features - older.features - c.cue_features - anchors.NEGATIONS:
                continue  # another denial ("not A, not B"), or nothing new: no value in the older's place
            own = anchors.own_topic(c) - older.features - _PRONOUNS
            if not own or len(own) == 1 and len(WORD_RE.findall(beside)) <= 2:
                return True
    return False


def probes(text: str) -> tuple[str, ...]:
    """The features a statement denies, an hour also as a time of day ("not 8" finds "at 8pm"): the memories that say
    them are those it may correct ("Pas le 5, le 8")."""
    gone = denied(text)
    hours = {f"{f}{half}" for f in gone if f.isdigit() and 0 < int(f) <= 12 for half in ("am", "pm")}
    return tuple(sorted(gone | hours))


def ambiguous(new: str, olds: list[str], found: list[int]) -> list[int]:
    """`found` less the memories whose word `new` denies and that `new` names by no other word, where several of `olds`
    are such: which one "cashews, not peanuts!" means is a guess, and a wrong guess hides a true fact (both stay
    current). A newer that names its thing replaces what it names ("The PT session is on Thursday now, not Tuesday")."""
    gone = denied(new)
    if not gone:
        return found
    topic = claims.parsed(new).content - gone
    saying = [i for i, old in enumerate(olds) if named(new, b := claims.parsed(old)) and not topic & b.content]
    return [i for i in found if i not in saying] if len(saying) > 1 else found


def negates(new: str, old: str) -> bool:
    """`new` says again everything `old` said, with its words negated ("I'm not a morning person any more"
    / "I'm a morning person"): a contradiction of the older statement, not another fact (`core.facts.is_update`)."""
    negated = {f[1:] for f in features(new) if f.startswith("!")}
    affirmed = {f for f in features(old) if not f.startswith("!")}
    b = claims.parsed(old)
    return bool(negated & affirmed & b.content) and b.content <= claims.parsed(new).content
