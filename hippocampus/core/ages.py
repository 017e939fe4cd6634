"""Ages: a person's age said anew, of a pronoun, of no subject at all, or in a frame the slot reader
(`core.slots`) does not read (issue 24, thirteenth pass).

Twelve passes of rules caught an age only where one frame held the whole sentence ("Theo is 8", "I turned 42"):
on blind text an age is said of "he", "she", "they" or of no one ("she turned 28 last week, where does the time
go", "Elle vient de fêter ses 62 ans", "Perdona, tiene 88, los cumplió en agosto", "Oisín ya ha cumplido los 5")
and no other word is shared. An age is a value one holds one of, that moves on by a year at a time, so this
module reads it by sentence structure, in every clause of every sentence: a holder (a pronoun, the speaker, a
name, or none), a verb of age (a birthday verb: "turned", "fez", "cumplió", "ha compiuto", "fêter ses"; or a
copula or "has" of age: "is", "'s", "tiene", "tem", "a … ans"), a number of at most three digits, the years word
optionally (required after "has"-verbs: "ha 3 figli" is no age), and then the end of the clause or a time said
of it ("last week", "since Sunday", "as of yesterday", "no domingo"); never a unit ("he's 25 minutes late").

`said_anew(new, old)`: the older states an age; the newer states one other age, of a holder that can be the
older's: the same holder (`slots.same_holder`), or a third-person pronoun or no subject where the older is not the
speaker's own age; and a pronoun's or an elided subject's age is one the older's holder can have come to: at most
`DRIFT` years from the older's, and not younger after a birthday verb. Which memory "she" means is the store's
question, not the sentence's (`ambiguous`: `core.facts.replaced` takes none where several current memories hold an
age the newer can update by a pronoun). Pure: no I/O.
"""

from __future__ import annotations

import re

from hippocampus.core import anchors, claims, slots
from hippocampus.core.tokens import WORD_RE, word_set

DRIFT = 2
"""Most years between an age and the one a pronoun's or an elided subject's newer age replaces: an age moves on
a year at a time (a birthday, or a number misremembered by one or two)."""

_YEARS = r"(?:years?|yrs?|ans|años|anos|jahre|anni)(?:\s+(?:old|alt))?"
_BIRTHDAY = (
    r"turned|turns|just turned|has turned|fez|completou|fará|cumplió|cumple|ha cumplido|cumplido|ha compiuto|"
    r"ne ha compiuti|compiuti|compie|vient de fêter ses|a fêté ses|fête ses|fêter ses|wurde|wird"
)
_COPULA = r"is|'s|are|'re|am|'m|ist|est|es|é|è|tiene|tem"
_HAS = r"ha|a|hat|has|a eu|vient d'avoir"
_AFTER = (
    r"(?:\s+(?:now|today|yesterday|last|this|on|in|since|as|no|na|em|en|el|la|le|am|im|hier|aujourd'hui|ieri|"
    r"oggi|hoy|ayer|ontem|hoje|heute|gestern|depuis|desde|seit|da|dal|already|actually|ya|já|già|schon)\b.*)?$"
)
_AGE = re.compile(
    rf"^(?P<holder>.*?)\s*\b(?P<verb>{_BIRTHDAY})\s+(?:los\s+|las\s+)?(?P<value>\d{{1,3}})(?:\s*{_YEARS})?{_AFTER}"
    rf"|^(?P<h2>.*?)\s*(?:\b(?:{_COPULA})|(?<=\w)'s|(?<=\w)'re|(?<=\w)'m)\s+(?:now\s+|actually\s+|just\s+)?"
    rf"(?P<v2>\d{{1,3}})(?:\s*{_YEARS})?{_AFTER}"
    rf"|^(?P<h3>.*?)\s*\b(?:{_HAS})\s+(?P<v3>\d{{1,3}})\s*{_YEARS}{_AFTER}"
)
_CLAUSE = re.compile(r"[,;:!?.()]+\s*|\s+[—–-]+\s+|\s*[—–]\s*")
PRONOUNS = slots.THIRD
"""A third person said by a pronoun: whose age it is, the store answers (`ambiguous`)."""
_OTHER = word_set("it we you it's that this there")
_ADVERBS = word_set("ya já già schon just now actually finally already officially only")
"""Openings that are no holder of an age ("it's 2028", "we're 8 now": a count)."""


def said(text: str) -> tuple[str, int, bool] | None:
    """The one age a statement says, as (holder, years, said with a birthday verb), or None (none, or several:
    "mum is 19 July, dad is 3 March" is no age, and two ages are two people). The holder is `slots.holder_of`'s
    form ("i" for the speaker), "" for none, or the pronoun."""
    low = " ".join(slots.NUMBER_WORDS.get(w, w) for w in text.casefold().replace("’", "'").split())
    found: list[tuple[str, int, bool]] = []
    for clause in _CLAUSE.split(low):
        match = _AGE.match(clause.strip())
        if not match:
            continue
        holder = next(match.group(k) for k in ("holder", "h2", "h3") if match.group(k) is not None).strip()
        value = next(match.group(k) for k in ("value", "v2", "v3") if match.group(k) is not None)
        words = [w for w in WORD_RE.findall(holder) if w not in _ADVERBS]
        holder = " ".join(words)
        if words and (words[0] in _OTHER or words[-1] in _OTHER or len(words) > 6):
            continue
        speaker = slots.first_person(WORD_RE.findall(low))  # "Ben is 34" is no "I" in an English statement
        who = holder if holder in PRONOUNS else slots.holder_of(holder, speaker) if words else ""
        found.append((who, int(value), match.group("verb") is not None))
    return found[0] if len(found) == 1 else None


def _by_pronoun(holder: str) -> bool:
    """An age said of a pronoun or of no subject: whose, the store decides."""
    return holder == "" or holder in PRONOUNS


def said_anew(new: str, old: str) -> bool:
    """`new` gives the age `old` states another value, of a holder that can be the older's (see above)."""
    a, b = said(new), said(old)
    if a is None or b is None or a[1] == b[1]:
        return False
    (holder, years, birthday), (older, was, _) = a, b
    parsed = claims.parsed(old)
    older = older or (parsed.holder if parsed.slot == "age" else "")  # "Il mio gatto, Pipoca, ha 11 anni"
    if not claims.parsed(new).people_compatible(parsed):
        return False  # "my mum's partner is 67" / "My mum is 64", "my brother-in-law" / "my brother"
    if not _by_pronoun(holder):
        return older != "" and slots.same_holder(holder, older)
    if older in ("", "i") or older in PRONOUNS:
        return False  # the speaker's own age is said with "I"; a pronoun's age replaces a named holder's
    if claims.parsed(new).people_and_names - parsed.features - PRONOUNS - anchors.MONTH_NAMES - anchors.WEEKDAYS:
        return False  # "I met my son's friend. He turned 11 today": the pronoun may be the one the newer names
    return abs(years - was) <= DRIFT and not (birthday and years < was)


def by_pronoun(new: str) -> bool:
    """`new` says an age of a pronoun or of no subject (its memory is the store's question, `ambiguous`)."""
    found = said(new)
    return found is not None and _by_pronoun(found[0])


def probes(new: str) -> tuple[str, ...]:
    """The ages a newer age of a pronoun, of no subject or of the speaker may replace, as features: the older
    says only its number and its holder's name, or the speaker's "I" ("Aoife is 27" / "she turned 28 last week",
    "I'm 29" / "I'm 30 as of Friday")."""
    found = said(new)
    if found is None or not (_by_pronoun(found[0]) or found[0] == "i"):
        return ()  # a name finds its holder's statements by itself
    return tuple(str(found[1] + d) for d in range(-DRIFT, DRIFT + 1) if d and found[1] + d >= 0)


def ambiguous(new: str, olds: list[str], found: list[int]) -> list[int]:
    """`found` less the ages a pronoun's newer age would replace where several of `olds` hold one it can
    update: which one "she" means is a guess, and a wrong guess hides a true fact."""
    if not by_pronoun(new):
        return found
    aged = [i for i, old in enumerate(olds) if said_anew(new, old)]
    return [i for i in found if i not in aged] if len(aged) > 1 else found
