"""How a short message splits into the parts fact identity judges apart (`core.facts.parts`): its
sentences, the clauses of a sentence, an opening remark before a colon, and a pronoun that stands for a
subject named just before it. Pure and stdlib-only.
"""

from __future__ import annotations

import re

from hippocampus.core.cues import PREFIX
from hippocampus.core.similarity import features
from hippocampus.core.tokens import WORD_RE

SENTENCE_END = re.compile(
    r"(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bSt)(?<!\bJr)(?<!\bSr)(?<!\bMrs)(?<!\bProf)(?<!\bNo)(?<!\bDra)(?<!\bSra)"
    r"(?<!\bMme)(?<!\bMlle)(?<!\bSig)(?<!\bFr)(?<!\bHr)"
    # a German ordinal date ends no sentence: "Meine Tochter hat am 12. Mai Geburtstag"
    r"(?!(?<=\d)\.\s+(?:Jan|Jän|Feb|März|Apr|Mai|Jun|Jul|Aug|Sep|Okt|Nov|Dez)[a-zä]*\b)"
    r"[.!?。！？]+[\"')\]]*\s+(?=[^\W\d_a-z])"
    # chat often opens a sentence in lower case ("I'm 35 now. feeling old lol"): a stop after a word of
    # three letters or more, not an abbreviation
    r"|(?<=[a-z]{3})(?<!\betc)(?<!\bapprox)(?<!\bincl)(?<!\bvs)(?<!\bmin)(?<!\bmax)(?<!\bdept)(?<!\best)"
    r"[.!?]+\s+(?=[a-z]{2})"
)
"""Where a sentence ends: a stop, then a capital ("Dr. Reyes" and "Mrs. Lind" are no end)."""


def sentences_of(text: str) -> list[str]:
    """The sentences of `text`, each with its stop, where `SENTENCE_END` ends one: a message of several
    sentences is judged sentence by sentence (`core.facts.updates`)."""
    out, start = [], 0
    for end in SENTENCE_END.finditer(text):
        out.append(text[start : end.end()].strip())
        start = end.end()
    out.append(text[start:].strip())
    return [s for s in out if s]


CLAUSE_END = re.compile(
    r"(?<=\w)[,;]\s+(?=\D)|,?\s+(?:and|but|so)\s+(?=(?:he|she|it|they|i|we|my|our)(?:'s|'re|'m|’s|’re|’m)?\b)"
)
"""Where a clause ends inside a sentence: a comma or semicolon after a word ("52,000" is none), or "and",
"but", "so" before a new subject ("my girlfriend is Ruth now and she's lovely")."""


PRONOUNS = frozenset(
    """he she it they he's she's it's they're er sie es il elle ils elles él ella ellos lui lei ele ela
    eles ours mine""".split()  # noqa: SIM905 - a word list reads as words
)
"""Third-person subjects that stand for a thing or person named before ("Biscuit had his birthday. He's 12
now."): `core.facts` reads them as the older statement's subject when the sentence before names it."""


OPENER = re.compile(
    r"^(?:(?:so|and|but|then|honestly|frankly|basically|apparently|officially|luckily|sadly|anyway),?\s+"
    r"|(?:oops|whoops|ah|oh|ugh|argh|sorry)[,!]\s+)+(?=\w)",
    re.IGNORECASE,
)
"""A clause's opening conjunction or remark ("…, so she goes by Priya Menon now", "Honestly, my …"): no part of
what the clause says; nor an interjection before a comma ("oops, meant the 17th")."""
REPORTED = re.compile(
    r"^(?:(?!actually\b|now\b|so\b)[\w'’]+ ){1,3}(?:says?|said|reckons|confirmed|confirms)(?: that)? "
    r"(?=(?:[\w'’]+ ){2})",
    re.IGNORECASE,
)
"""A reporting clause a statement opens on ("the vet says", "vet records say", "Mum said that"): the statement is
what follows, said of its own subject ("the vet says Biscuit is actually 8" is about Biscuit, not the vet)."""
CLEFT = re.compile(
    r"^(?P<cue>correction:\s*)?it(?:'s|’s| is| was) "
    r"(?P<who>(?:my|our|his|her|their|the) [\w'’ -]{1,30}?) (?:who|that)(?P<is>['’]s)? ",
    re.IGNORECASE,
)
"""A cleft sentence ("It's my daughter who has football on Tuesdays"): "it" stands for nothing; it says who,
and no one else, does or is what follows ("who's allergic") (`core.claims`: after a correction, the person it
names replaces another)."""


def uncleft(sentence: str) -> str:
    """`sentence` with its cleft undone ("It's my daughter who has football" → "my daughter has football"; "who's
    allergic" → "is allergic")."""

    def undone(m: re.Match[str]) -> str:
        return f"{m.group('cue') or ''}{m.group('who')} {'is ' if m.group('is') else ''}"

    return CLEFT.sub(undone, sentence, count=1)


def resolved(sentence: str, before: str, subject: frozenset[str], said_as: str) -> str | None:
    """`sentence` with its opening pronoun read as `said_as` (an older statement's subject, whose content words
    are `subject`), when `before` (the sentence before it) names that subject as nobody else's (not "my son's
    friend", nor "my sister's visa"); None otherwise. A contracted copula stays one ("he's 12" → "my dog
    Biscuit is 12")."""
    sentence = OPENER.sub("", sentence)
    now = re.match(r"(?:now|these days)\s+", sentence, re.IGNORECASE)  # "now it leaves at 9:30pm"
    words = sentence[now.end() if now else 0 :].split(maxsplit=1)
    if CLEFT.match(sentence):
        return None
    first = words[0].casefold().replace("’", "'") if words else ""
    if first not in PRONOUNS or words[0].isupper() and len(words[0]) > 1 or len(words) < 2 or not subject:
        return None  # "IT is replacing it": a department, no pronoun
    said = WORD_RE.findall(before.casefold().replace("’", "'"))
    # a mention of the subject that is nobody else's: not an owner ("my son's friend") nor owned by another
    # ("my sister's visa"): then the pronoun may stand for it
    named = {
        f
        for i, w in enumerate(said)
        if not w.endswith("'s") and not (i and said[i - 1].endswith("'s") and not features(said[i - 1]) <= subject)
        for f in features(w) & subject
    }  # the older's own owner may own it: "I had my manager's surname wrong, it's…" / "my manager's name is…"
    if not named:
        return None
    copula = " is" if first.endswith(("'s", "'re")) else ""
    return f"{'now ' if now else ''}{_up_to(said_as, named)}{copula} {words[1]}"


_HERS = frozenset(
    "daughter sister mother mum mom wife girlfriend fiancée aunt niece grandmother grandma granddaughter".split()  # noqa: SIM905 - a word list reads as words
)
_HIS = frozenset(
    "son brother father dad husband boyfriend fiancé uncle nephew grandfather grandpa grandson".split()  # noqa: SIM905 - a word list reads as words
)
_OWNER = re.compile(r"^(?P<my>my|our) (?P<who>[\w-]+)'s ")


def possessive(sentence: str, said_as: str) -> str | None:
    """`sentence` with its opening "his", "her" or "their" read as the owner of an older statement's subject
    (`said_as`: "my daughter's teacher"), when the owner's gender or number agrees ("her teacher is Mr Doyle
    now" → "my daughter's teacher is Mr Doyle now"); None otherwise."""
    words = OPENER.sub("", sentence).split(maxsplit=1)
    owner = _OWNER.match(said_as)
    if len(words) < 2 or not owner:
        return None
    first, who = words[0].casefold(), owner.group("who")
    agrees = first == "her" and who in _HERS or first == "his" and who in _HIS or first == "their" and who[-1:] == "s"
    return f"{owner.group(0)}{words[1]}" if agrees else None


_IMPERSONAL = frozenset(["it", "it's", "ours", "mine"])


def impersonal(sentence: str) -> bool:
    """`sentence` opens on a pronoun that stands for a thing ("it's $1,950 a month now"), never a person."""
    words = OPENER.sub("", sentence).split(maxsplit=1)
    return bool(words) and words[0].casefold().replace("’", "'") in _IMPERSONAL


def pronoun_subject(part: str) -> bool:
    """`part` opens on a third-person pronoun (after a carried "correction:" cue), so whose fact it is depends
    on what came before it."""
    if CLEFT.match(part):
        return False  # "It's my daughter who…": "it" stands for nothing
    words = part.removeprefix("correction:").split(maxsplit=1)
    return bool(words) and words[0].casefold().replace("’", "'") in PRONOUNS and not words[0].isupper()


def _up_to(said_as: str, named: set[str] | frozenset[str]) -> str:
    """`said_as` cut after its last word that is `named`: the subject's noun phrase, not the verb an opening
    of three words may hold ("my passport expires" → "my passport")."""
    words = said_as.split()
    last = max((i for i, w in enumerate(words) if features(w) & named), default=len(words) - 1)
    return " ".join(words[: last + 1])


def opening(sentence: str) -> str:
    """A sentence's opening remark before a colon or dash ("I had that backwards: …"), or ""."""
    found = PREFIX.match(sentence)
    return found.group(0) if found else ""


def clauses_of(sentence: str) -> list[str]:
    """The clauses of a sentence of two words or more each ("I got promoted, I'm a senior developer now"
    → "I'm a senior developer now"); an opening word alone ("Oops,", "Actually,") is no clause."""
    return [c for c in (c.strip() for c in CLAUSE_END.split(sentence)) if len(WORD_RE.findall(c)) >= 2]


def after_opening(clause: str) -> list[str]:
    """A clause as its opening remark and what follows it ("Correction on the booking code: it's QZ7P4J"), so
    a pronoun after the colon is read against the remark before it; the clause alone when it has none."""
    found = opening(clause)
    return [found.strip(), clause[len(found) :]] if found and clause[len(found) :].strip() else [clause]
