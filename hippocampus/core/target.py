"""The target of an update: the thing its correction verb governs, read for `core.asides` (issue 24, third
precision pass).

An update word says that something changed, not what. A newer that shares a name, a word or a value with an
older fact and carries one hid that fact, though its verb governs another thing of the same holder (dev:
heldout20, 21, 23): "We cancelled the Netflix [trip]" / "I watch The Crown on Netflix", "We swapped Biscuit's
2-metre [lead] for a 5-metre one" / "Biscuit weighs 34 kilos", "cambié [el ancla]" / "El motor del barco …".
So the target is read by grammar, whatever route would take the newer (`target`):

- the object of the correction verb: a noun phrase right after it, opened by an article, a possessive, a
  possessor ("Biscuit's") or the "de" of "changer de vétérinaire" (a verb's particle skipped), its run of
  content words up to a function word, a particle, a cue word or the clause's end; "stopped [going]", "turned
  17 [yesterday]" govern none, and a copula's complement is the new value ("non è grigia, è blu scuro");
- where the verb has no object (a passive or an intransitive: "the knee surgery's moved up to …", "aquafit's
  cancelled till spring", "mon cours de piano a été déplacé"), its subject: the run of content words right
  before it (auxiliaries skipped), opened by an article or a possessive, or bare before an auxiliary; where that
  run follows a preposition of place or owner, the head said before it ("[the electricity] at the studio went up",
  fourth pass: not "studio", which says where);

less its values (names, numbers, dates, days and times, units, people: a value is what a correction changes,
and a thing named by its value, "I sold the Golf", is judged elsewhere) and its possessor (whose it is is
`core.whose`'s question). A noun of a kind of value ("changed its [name]", "mudou o [horário]") names the
attribute of the older's value, and a noun of no kind ("the Toro [thing]") names nothing: no target. Where
another clause of the statement carries an update cue of its own ("Mam's in a flat in Douglas now, she sold the
Ballincollig house"), that clause may be the update: no target either.

`another` says the target is another thing than the older's: no word of it is the older's (nor a form of one),
the older names a thing of its own the newer never says (both name their things by kind, and the kinds
differ: "I have an iPhone 12" names its thing by a value only), and the newer leaves behind no value of the
older's but the target itself ("moved my account from HSBC" / "I bank with HSBC" is the older's attribute,
said in other words). A mistake only leaves both statements current (newer first), the lesser error. Pure.
"""

from __future__ import annotations

import re

from hippocampus.core import anchors, claims, slots
from hippocampus.core.claims import Claim
from hippocampus.core.cues import CORRECTION, WEAK
from hippocampus.core.parts import REMARK
from hippocampus.core.similarity import features
from hippocampus.core.tokens import STOPWORDS, WORD_RE, derived, word_set

OPENERS = word_set(
    """the my our his her their its your this that these those le la les l un une mon ma mes son sa ses notre nos
    leur de d du des el los las una mi mis su sus del il lo gli i uno mio mia suo sua o os as um uma meu minha
    seu der die das den dem ein eine einen mein meine meinen unser unsere unseren an"""
)
"""The words that open a noun phrase: articles, possessives, demonstratives, and the "de" of "changer de
vétérinaire", "cambiar de médico". An object is a noun phrase: "stopped [going]", "turned 17 [yesterday]" govern
none."""
PARTICLES = word_set("up back over off out down forward away")
"""A verb's particle, said between it and its object or after it ("pushed my MRI [back]")."""
CONTRACTED = word_set("pelo pela pelos pelas nel nella nei sul sulla dal dalla au aux zum zur im am vom beim")
"""Prepositions fused with an article, which end a noun phrase ("o Google Drive [pelo] iCloud") and which the
function-word lists may not hold."""
_OF = word_set("de di del della do da")
"""The preposition inside a Romance noun phrase ("mon cours [de] piano"): part of the subject read backwards."""
_AUX = word_set(
    """was were is are be been being got get gets has have had 's 're just a été est sont ont ha han sido fue foi
    wurde wurden ist sind hat è stato stata è ont already finally recently ya déjà già já schon"""
)
"""The words said between a subject and a passive or intransitive verb ("the open day [was] moved", "mon cours de
piano [a été] déplacé")."""
_BARE = word_set("so and but then et e y und aber ma mas pero")
"""Words a bare subject may follow ("…, [so] aquafit's cancelled")."""
NO_KIND = word_set("thing things one ones stuff bit chose truc cosa cose coisa coisas sache ding")
"""Nouns that name no kind ("disregard the Toro [thing]"): no target."""
VALUE_KINDS = word_set(
    """name names number email address time times date day hours schedule price colour color nom nome nombre
    numéro numero número adresse dirección indirizzo endereço heure heures hora horas horário horario orario ora
    fecha data datum prix precio prezzo preço preis couleur colore cor farbe uhrzeit"""
)
"""Nouns of a kind of value ("changed its [name]", "mudou o [horário]"): they name the attribute of the older's
value, whatever kind the older's thing is, so they are no other thing."""
CLAUSE = re.compile(r"[,;:!?()—–]")


def _content(word: str) -> frozenset[str]:
    """The content features of one word (none for a function word, in any supported language)."""
    return frozenset() if word in STOPWORDS else claims.content_of(features(word))


def _run(words: list[str], cues: frozenset[str], of: bool = False) -> list[str]:
    """The leading run of content words of `words` (a noun phrase without its function words), a number among
    them ("Biscuit's [2-metre] lead"), up to a particle or a cue word ("cancelled [till spring]"); `of`: a Romance
    "de" inside it ("cours de piano", read backwards)."""
    out: list[str] = []
    for word in words:
        said = _content(word.removesuffix("'s"))
        if of and word in _OF and out:
            out.append(word)
            continue
        if word in PARTICLES | CONTRACTED or not (said or any(c.isdigit() for c in word)) or said and said <= cues:
            break
        out.append(word)
    while out and out[-1] in _OF:
        out.pop()
    return out


def _object(after: list[str], cues: frozenset[str]) -> list[str]:
    """The noun phrase a verb governs, from the words after it: opened by an article, a possessive or a possessor
    ("swapped [Biscuit's] 2-metre lead"), a verb's particle before it skipped; none otherwise."""
    n = 0
    while n < len(after) and after[n] in PARTICLES:
        n += 1
    if n >= len(after) or not (after[n] in OPENERS or after[n].endswith("'s")):
        return []
    while n < len(after) and after[n] in OPENERS:
        n += 1
    phrase = _run(after[n:], cues)
    last = max((i for i, w in enumerate(phrase) if w.endswith("'s")), default=-1)
    return phrase[last + 1 :]  # the possessor is whose it is (`core.whose`), not what


def _subject(before: list[str], cues: frozenset[str]) -> list[str]:
    """The noun phrase a passive or intransitive verb is said of, from the words before it ("[the knee surgery]'s
    moved up", "[mon cours de piano] a été déplacé"): opened by an article or a possessive, or bare at its clause's
    start before an auxiliary ("aquafit's cancelled", not "petite [faute de frappe]"); none otherwise."""
    words = list(before)
    while words and words[-1] in _AUX:
        words.pop()
    if words and words[-1].endswith("'s"):
        words[-1] = words[-1].removesuffix("'s")  # "surgery's moved": the verb's "has"/"is"
    verb = len(words) < len(before) or before[-1:] != words[-1:]  # an auxiliary or an "'s" said before the verb
    phrase = _run(words[::-1], cues, of=True)[::-1]
    bare = len(phrase) == len(words) or words[len(words) - len(phrase) - 1] in _BARE
    opened = len(phrase) < len(words) and words[len(words) - len(phrase) - 1] in OPENERS or bare and verb
    last = max((i for i, w in enumerate(phrase) if w.endswith("'s")), default=-1)
    start = len(words) - len(phrase) - 2  # the word before the phrase's opener
    if phrase and opened and start > 0 and words[start] in _AT:
        head = _subject(words[:start], cues)  # "[the electricity] at the studio went up": the head, not where
        if head:
            return head
    return phrase[last + 1 :] if phrase and opened else []


_AT = word_set("at in on for from with à au chez dans en no na em nel nella bei")
"""Prepositions after a subject's head ("the electricity [at] the studio"): what follows says where or whose."""


def phrase(claim: Claim) -> list[str]:
    """The words of the noun phrase `claim`'s correction verb governs, its possessor left out (see the module)."""
    found = CORRECTION.search(claim.key)
    if not found or set(WORD_RE.findall(found.group(0))[-1:]) & slots.COPULAS:
        return []  # "non è grigia, [è] blu scuro": a copula's complement is the new value, no object
    clause_start = max((m.end() for m in CLAUSE.finditer(claim.key, 0, found.start())), default=0)
    clause_end = next((m.start() for m in CLAUSE.finditer(claim.key, found.end())), len(claim.key))
    rest = claim.key[:clause_start] + " " + claim.key[clause_end:]
    if CORRECTION.search(rest) or WEAK.search(rest):
        return []  # "Mam's in a flat in Douglas [now], she sold the Ballincollig house": another update
    after = WORD_RE.findall(claim.key[found.end() : clause_end])
    said = _object(after, claim.cue_features)
    if not said and not (after and (after[0] in OPENERS or _content(after[0]) - claim.cue_features)):
        said = _subject(WORD_RE.findall(claim.key[clause_start : found.start()]), claim.cue_features)
    return said


def target(claim: Claim) -> frozenset[str]:
    """The content words of the thing `claim`'s correction verb governs, less its values (see the module)."""
    said = phrase(claim)
    if {w.removesuffix("'s") for w in said} & (NO_KIND | VALUE_KINDS):
        return frozenset()  # "mudou o [horário]": the older's value's attribute; "the Toro [thing]": no kind
    found = frozenset().union(*(_content(w) for w in said)) - claim.cue_features
    return found - values_of(found, claim)


def values_of(feats: frozenset[str], claim: Claim) -> frozenset[str]:
    """The features of `feats` that are values: names, numbers, dates, units, days and times, people."""
    return (
        slots.values(feats)
        | feats & claims.names_of(claim)
        | feats & claims.PEOPLE
        | {f for f in feats if slots.timely(f) or f[:1].isdigit()}
        | feats & (anchors.WEEKDAYS | anchors.MONTH_NAMES)
    )


def own(b: Claim, a: Claim) -> frozenset[str]:
    """The things `b` names by kind that `a` never says: its content words less values, people, cue words and
    those `a` says (or a form of them)."""
    kept = b.content - values_of(b.content, b) - a.features - a.cue_features
    return kept - derived(kept, a.content)


def another(a: Claim, b: Claim) -> bool:
    """`a`'s correction verb governs a thing `b` never says, while `b` names a thing of its own `a` never says."""
    said = target(a)
    if not said or said & b.features or derived(said, b.content):
        return False
    behind = {f for f in a.left & b.features if f[:1].isdigit()} | claims.content_of(a.left) & b.content
    if behind - features(" ".join(phrase(a))):
        return False  # "moved my account from HSBC" / "I bank with HSBC": the older's value, left behind
    if "date" in anchors.changed(a, b):
        return False  # "The Crete trip is postponed to August" / "We're flying to Crete in July": its date, moved
    return bool(own(b, a))


def beside(said: list[str], b: Claim) -> bool:
    """Some part of a message (`core.parts.parts`) governs another thing than `b`'s (`another`): the value-only route
    of `core.facts.updates` ("It's Wednesday, not Tuesday") does not take "We cancelled the Netflix trip" / "I watch
    The Crown on Netflix", for the newer names a thing of its own."""
    return any(another(claims.parsed(part), b) for part in said)


def carried(part: str, b: Claim, resolved: bool = False) -> bool:
    """`part`, a clause carried after a correction verb that governs another thing than `b`'s (`beside`: a remark's
    part, or a pronoun read as `b`'s subject when `resolved`), names no attribute of `b`'s: beyond `b`'s subject
    (said for the pronoun), its values (a unit said after a number too: "30 libras") and people, it says no word of
    `b` ("Priya a changé de coiffure, [elle est blonde maintenant]" / "Notre chanteuse s'appelle Priya"). Said of
    that other thing, it updates nothing of `b`'s; "…, so that's where they [live] now" names `b`'s attribute."""
    if not (resolved or part.startswith(REMARK)):
        return False
    a = claims.parsed(part)
    words = list(a.tokens)
    units = {f for n in range(len(words) - 1) if words[n][:1].isdigit() for f in _content(words[n + 1])}
    said = a.content - (b.subject if resolved else frozenset()) - units
    return not (said & b.content) - values_of(b.content, b) - claims.PEOPLE - a.cue_features
