"""A newer statement whose subject is a pronoun or left unsaid, read as the older's subject (`core.parts`,
issue 24, facts40).

A correction is often said of no one by name: the older named its subject and the newer says "he", "ils",
"sie", or nothing at all where the language drops it ("En realidad vive en Barcelos" / "Mi hijo Duarte vive en
Braga", "Maintenant ils vont à une garderie dans Villeray" / "Mes petits-enfants vont à la garderie à
Rosemont", "He's head chef now!" / "My son is sous-chef…"). Without its subject the newer reads as said of
another thing ("vive en Barcelos" names Barcelos first), and the routes that compare the two refuse it.

A finite verb agrees with its subject in person and number: where the newer's verb is the older's verb in the
very same form, said right after the older's subject, and the newer's subject is a third-person pronoun of
that form (of the subject's gender, where its role word has one: "she" is not "my son") or none, the newer is
said of the older's subject. `resolved` writes it so ("en realidad mi hijo Duarte vive en Barcelos"), and the
rules then judge it as any other statement, with every precision test. Not read so:
- an older said by the speaker ("I", "we"): a third person is someone else;
- a verb-first newer in the past, the "I" chat drops ("Moved to York"; `Claim.verb_first`), or one that says
  the speaker anywhere: the speaker's own;
- a newer that says, before the pronoun, a thing the older does not: the pronoun may be that thing's;
- "it" for a person, a pronoun for a subject whose words the clause says again ("it's 6 degrees in Whitby today" /
  "The cottage in Whitby is booked…": "it" is the weather).
Pure.
"""

from __future__ import annotations

import re

from hippocampus.core import slots
from hippocampus.core.claims import CUE_FEATURES, PEOPLE, parsed
from hippocampus.core.personal import POLITE
from hippocampus.core.sentences import OPENER, PRONOUNS
from hippocampus.core.similarity import features
from hippocampus.core.tokens import STOPWORDS, WORD_RE, stem, word_set

_MALE = word_set(
    """he il él lui ele er son brother father dad husband boyfriend fiancé uncle nephew grandfather grandpa grandson
    hijo hermano padre papá marido esposo novio tío sobrino abuelo nieto fils frère père papa mari copain oncle
    neveu figlio fratello papà marito fidanzato zio nonno filho irmão pai namorado tio sobrinho avô neto sohn
    bruder vater mann freund onkel neffe opa enkel"""
)
"""Masculine third-person pronouns and kin words, in the supported languages written in the Latin script."""
_FEMALE = word_set(
    """she elle ella lei ela daughter sister mother mum mom wife girlfriend fiancée aunt niece grandmother grandma
    granddaughter hija hermana madre mamá esposa mujer novia tía sobrina abuela nieta fille sœur mère maman femme
    copine tante nièce grand-mère petite-fille figlia sorella mamma moglie fidanzata zia nonna filha irmã mãe
    namorada tia sobrinha avó neta tochter schwester mutter frau freundin tante nichte oma enkelin"""
)
"""Feminine third-person pronouns and kin words, as `_MALE`."""
_IT = word_set("it es")
"""The pronoun of a thing: never a person's."""
_VALUE = re.compile(r"\d|(?<![.!?] )(?<!^)\b[A-Z]")
"""A number, or a name (a capital not opening a sentence): the value a correction said of "it" names (or a number
word, `slots.NUMBER_WORDS`)."""
_MINE = word_set("mine ours")
"""The pronouns of the speaker's own thing: they stand only for a subject the speaker owns ("my hearing aids")."""
_COPULA = {"'s": "is", "'re": "are"}
"""A contracted copula after a pronoun ("he's", "they're"), as its verb."""
_IS_AFTER = re.compile(r"(?:in|on|at|to|from|a|an|the|down|up|about|around|called|named|now|still|\d)\b")
"""What follows a noun's "'s" when it is "is" ("Daniela's a designer", "the car's at the garage"), not its owner's
("Daniela's car")."""
_DISCOURSE = word_set("so and but oh well ok okay also btw fyi anyway correction update") | POLITE
"""Words said before a subject that are none ("so", "btw", "please"): skipped before it, and never a subject."""
_ARTICLES = word_set(
    """the a an le la les l' un une des el los las lo una il gli i uno o os as um uma der die das den dem des ein
    eine einen einem"""
)
"""Articles, which open a noun phrase: a statement that opens on one says its subject, no verb."""
_HAS = re.compile(r"(?:\w+ed|got|been|gone|had|left|taken|made|done|become|come|given|found|seen|started)\b")
"""A past participle after "'s", which is then "has" ("she's moved back"), not "is"."""
MAX_SUBJECT = 6
"""Most words of the older's subject, before its verb: a longer run is no subject this reader trusts."""


def resolved(part: str, old: str, before: str = "") -> str | None:
    """`part` said of `old`'s subject, where its own subject is a pronoun that agrees with it or is left unsaid
    and its verb is the older's in the same form ("Maintenant ils vont à…" → "Maintenant mes petits-enfants vont
    à…"); None otherwise. `before` is what the newer says before `part`."""
    claim = parsed(part)
    if claim.verb_first or set(_words(part)) & (slots.SPEAKER | slots.POSSESSIVES):
        return None  # "Moved to York", "she's moving in with me": the speaker's
    spans = [(m.start(), m.end(), m.group(0)) for m in WORD_RE.finditer(part)]
    said = [w.casefold().replace("’", "'") for _, _, w in spans]
    cues = claim.cue_features | CUE_FEATURES
    lead = 0  # the cue and discourse words said before the subject ("En realidad", "Maintenant")
    while lead < min(3, len(said)) and (said[lead] in _DISCOURSE | slots.FILLER or _cue(said[lead], cues)):
        lead += 1
    if lead + 1 >= len(said) or spans[lead][2].isupper() and len(said[lead]) > 1:
        return None  # "IT is replacing it": a department, no pronoun
    (start, end, _), first, second = spans[lead], said[lead], said[lead + 1]
    if first in PRONOUNS and "'" in first:  # "he's head chef now": the verb is in the pronoun
        pronoun, _, tail = first.partition("'")
        verb = "has" if tail == "s" and _HAS.match(second) else _COPULA.get(f"'{tail}", "")
    elif first in PRONOUNS:  # "Maintenant ils vont à…"
        pronoun, verb, end = first, second, spans[lead + 1][1]
    elif second in PRONOUNS - _IT:  # "Eigentlich kommt sie aus Darwin": the verb before its subject
        pronoun, verb, end = second, first, spans[lead + 1][1]
    elif spans[lead + 1][2][:1].isupper():
        return None  # "Eigentlich kommt Dani aus Cholula": the subject said after its verb
    else:  # "En realidad vive en Barcelos": no subject said
        pronoun, verb = "", first
    if verb not in slots.COPULAS and (verb in STOPWORDS | _ARTICLES or not features(verb) - cues):
        return None  # "The canteen is…", "Le cours de danse…", "es el 27": a subject said, no verb
    subject = _subject(old, verb)
    if (
        not subject
        or not _agrees(subject, pronoun, before, old, part[end:])
        or features(subject) & features(part[end:])
    ):
        return None  # "it's 6 degrees in Whitby today" / "The cottage in Whitby…": a clause names its subject once
    head, _, rest = subject.partition(" ")
    if head.casefold() in STOPWORDS | _ARTICLES | slots.FIRST:  # "Mes petits-enfants": no name mid-sentence
        subject = f"{head.casefold()} {rest}".strip()
    return f"{part[:start]}{subject} {verb}{part[end:]}"


def _agrees(subject: str, pronoun: str, before: str, old: str, tail: str) -> bool:
    """`subject` (the older's) is of the third person and agrees with `pronoun` (or none) in gender ("it" only where
    `tail`, what the clause says after it, holds a name or a number: "it" says many things), and nothing said
    `before` is another it may stand for: no thing `old` does not say ("We got a puppy, he's…")."""
    said = set(_words(subject))
    if pronoun in _MINE and not said & slots.POSSESSIVES:
        return False  # "Mine are Oticon" is the speaker's, not "Doug's hearing aids"
    if said & (slots.SPEAKER | slots.COPULAS) or said <= STOPWORDS | PRONOUNS | _DISCOURSE:
        return False  # "We live in Leeds" / "They live in York now": another subject; "please continue…": none
    person = bool({stem(w) for w in said} & PEOPLE) or bool(said & (_MALE | _FEMALE))
    if pronoun in _IT and not (_VALUE.search(tail) or set(_words(tail)) & slots.NUMBER_WORDS.keys()):
        return False  # "It is in the news now", "it's raining": no value named
    if pronoun in _IT and person or pronoun in _MALE and said & _FEMALE or pronoun in _FEMALE and said & _MALE:
        return False  # "she" is not "my son", nor "it" a person
    if pronoun in _MALE | _FEMALE and any(w.endswith("'s") for w in said):
        return False  # "my sister's flatmate": "she" may be either
    # "Sara moved out. She lives…", "We got a puppy, he's about 3 months old": a pronoun may stand for what the
    # newer named before it; only a remark of the older's words or cues leaves the older's subject the one named
    said_before = parsed(before) if before.strip() else None
    return not said_before or not said_before.content - said_before.cue_features - features(old)


def _cue(word: str, cues: frozenset[str]) -> bool:
    """`word` is one of a statement's cue words (`cues`: "actually", "en realidad", "maintenant")."""
    said = features(word)
    return bool(said) and said <= cues


def _subject(old: str, verb: str) -> str:
    """The words `old` says before its first `verb` (a noun's "'s" that is "is" counted as "is"), as said; "" where
    it says none, or more than `MAX_SUBJECT` words before it."""
    text = OPENER.sub("", old.strip()).replace("’", "'")
    for n, m in enumerate(WORD_RE.finditer(text)):
        word = m.group(0).casefold()
        if n >= MAX_SUBJECT:
            return ""
        if word == verb and n:  # a verb mid-sentence is said in lower case ("Mi vecina Jean": a name)
            return "" if m.group(0)[:1].isupper() else text[: m.start()].strip(" ,")
        if verb == "is" and word.endswith("'s") and _IS_AFTER.match(text, m.end() + 1):
            return text[: m.end() - 2]  # "Daniela's a UX designer at Kavak"
    return ""


def _words(text: str) -> list[str]:
    """The casefolded words of `text`."""
    return [w.casefold().replace("’", "'") for w in WORD_RE.findall(text)]
