"""Whether a statement is said of a thing *related* to an older statement's thing, not of that thing (issue 24,
fifth precision pass).

A newer with an update word that names the older's thing hid the older though its subject, or what its correction
verb governs, is another thing said *by way of* the older's (dev: heldout30, 12 of 60 look-alikes, the worst blind
figure so far): a part of it said as a possessive ("switched [the scooter's tyres]" / "my e-scooter is a Xiaomi"),
a person of it ("[le collègue de Julien] ne travaille plus de nuit" / "Julien travaille de nuit", "[our choir
director] quit" / "I sing alto in the choir"), another thing of one kind said as a compound ("[the choir concert]
got rescheduled" / "Choir rehearsal is Wednesday", "replaced [the studio monitors]" / "The studio's got a Neve
console"). `whose` compared the whole phrase, so the word the two share ("scooter", "choir", "Julien") made one
subject of them.

So the phrase is split (`split`) into its *head*, the thing it names, and its *owner*: what stands before its last
possessive ("the scooter's | tyres", "the builders' | skip"), or after a preposition of owner ("le collègue | de
Julien", "la clase | de yoga", "der Labrador | von den Nachbarn"), or else the modifiers of an English compound
("choir | concert"). A phrase ending on "'s" says "has"/"is" ("Sarah Okafor's changed…"): it has no owner. The
newer is about a related thing (`related`) where its head is a thing the older never says (nor a form of it) and
its owner is the older's: a possessor or a preposition's object anywhere in the older; a compound's modifier only
where the older names its own thing beside it (its subject says a head the newer does not), so "the piano lesson
moved to Thursday" still corrects "Piano is on Tuesdays". A mistake only leaves both statements current (newer
first), the lesser error. Pure.
"""

from __future__ import annotations

import re

from hippocampus.core import claims, slots, target, whose
from hippocampus.core.claims import Claim
from hippocampus.core.cues import CORRECTION
from hippocampus.core.parts import REMARK
from hippocampus.core.similarity import features
from hippocampus.core.tokens import WORD_RE, derived, stem, word_set

_OF = word_set("of de di del della dello dei degli do da dos das du des von vom")
"""The prepositions of an owner said after the head ("the head [of] the school", "le collègue [de] Julien")."""
_SKIP = word_set(
    """the a an this that these those my our your his her their its le la les l un une mon ma mes ton ta son sa ses
    notre nos votre leur leurs el los las lo una mi mis tu su sus il gli uno mio mia tuo suo sua o os as um uma meu
    minha teu seu der die das den dem des ein eine mein meine dein sein ihr unser unsere al"""
)
"""Articles and possessives: no part of a head or an owner."""
_PLURAL_OWNER = re.compile(r"\b(\w+s)['’](?=\s|$)")
"""A plural possessor ("the builders' skip"), whose apostrophe the word reader drops."""
_ENGLISH = word_set("the my our your his her their this that")
"""The openers of an English compound ("[the] choir concert"), whose last word is its head."""
_PERSONS = claims.PEOPLE | frozenset(stem(w) for w in slots.OCCUPATIONS)
"""People by role and by occupation (stems): a compound's head that is a person is never its modifier's thing."""
_CARRIED = word_set("he she they il elle ils elles él ella ellos ellas er sie lui lei loro ele ela eles elas")
"""The pronouns a part carried after a related subject opens on: that subject's ("…, [she]'s at Lycée du Parc
now")."""


def _content(words: list[str]) -> frozenset[str]:
    return claims.content_of(features(" ".join(words))) - slots.FIRST


def split(words: list[str], plural_owners: frozenset[str] = frozenset()) -> tuple[list[str], list[str], str]:
    """A noun phrase's head words, owner words and how the owner is said ("possessive", "of", "compound", or ""
    where it has none), articles and possessives left out. An "'s" said last says "has" or "is" ("Sarah Okafor's
    changed her car", "swimming's | Sundays": the phrase is cut there by `_phrase`), no owner."""
    words = [w for w in words if w not in _SKIP]
    if not words or words[-1].endswith("'s"):
        return words, [], ""
    owned = [i for i, w in enumerate(words) if w.endswith("'s") or w in plural_owners]
    if owned:
        return words[owned[-1] + 1 :], [w.removesuffix("'s") for w in words[: owned[-1] + 1]], "possessive"
    of = next((i for i, w in enumerate(words) if w in _OF and i > 0), 0)
    if of:
        return words[:of], [w for w in words[of + 1 :] if w not in _OF], "of"
    return words[-1:], words[:-1], "compound" if len(words) > 1 else ""


def _noun_phrase(words: list[str]) -> list[str]:
    """The leading noun phrase of `words`: articles and possessives, then content words (a possessor, a number, the
    "de" of "le collègue de Julien"), up to the first other function word ("Sunday route starts [at] …")."""
    out: list[str] = []
    for word in words:
        opener = word in _SKIP and not any(w not in _SKIP for w in out) or word in _OF and bool(out)
        said = bool(_content([word.removesuffix("'s")])) or any(c.isdigit() for c in word)
        if not (opener or said and word not in target.CONTRACTED):
            break
        out.append(word)
    while out and out[-1] in _OF | _SKIP:
        out.pop()
    return out


def _phrase(a: Claim, b: Claim) -> list[str]:
    """The newer's subject (`whose.phrase`) within its first clause, or else the noun phrase its correction verb
    governs in its clause, possessor kept. A subject that runs to its clause's end is followed by no verb: its
    last "'s" is one ("that lathe model's wrong", "swimming's Sundays"), and it is cut there."""
    said = whose.phrase(a, b.cased)
    if said:
        clause = WORD_RE.findall(target.CLAUSE.split(a.key, maxsplit=1)[0])
        start = next((n for n, w in enumerate(clause) if w == said[0]), len(clause))
        if start + len(said) >= len(clause):
            cut = next((n for n, w in enumerate(said) if w.endswith("'s")), len(said))
            said = said[: cut + 1]
        # a subject that is no noun phrase up to its verb ("the dentist rang this morning and moved…") is not read
        return said if _noun_phrase(said) == said else []
    found = CORRECTION.search(a.key)
    if not found:
        return []
    after = WORD_RE.findall(target.CLAUSE.split(a.key[found.end() :], maxsplit=1)[0])
    while after and after[0] in target.PARTICLES:
        after = after[1:]
    if not after or not (after[0] in target.OPENERS or after[0].endswith("'s")):
        return []
    return _noun_phrase(after)


def related(a: Claim, b: Claim) -> bool:
    """`a` is said of a thing related to `b`'s, not of `b`'s thing (see the module)."""
    if a.involves_speaker:
        return False  # "the eye clinic rescheduled me": the speaker's own thing, changed by another
    plural = frozenset(m.casefold() for m in _PLURAL_OWNER.findall(a.key))
    said = _phrase(a, b)
    head_words, owner_words, how = split(said, plural)
    if not how or {w.removesuffix("'s") for w in head_words} & (target.NO_KIND | target.VALUE_KINDS):
        return False  # "le [nom] du chien": the attribute of the older's thing; "the Toro [thing]": no kind
    head = _content(head_words) - a.cue_features
    head -= target.values_of(head, a) - claims.PEOPLE  # "swimming's [Sundays]": a value, no thing; a person is one
    owner = _content(owner_words)
    if not head or not owner or head & b.features or derived(head, b.content):
        return False
    if not (owner & b.features or derived(owner, b.content)):
        return False
    if how != "compound":
        return True  # "the scooter's tyres", "le collègue de Julien": a part or a person of the older's thing
    if said[0] not in _ENGLISH:
        return False  # a compound is English grammar: "o metrô", "Pipoca ne" are no modifier and head
    if not owner & (b.content - target.values_of(b.content, b)):
        return False  # "the Crete trip" / "We're flying to Crete": the modifier is the older's value, not its thing
    if head & _PERSONS:
        return True  # "our choir director quit" / "I sing alto in the choir": a person of the older's thing
    # a compound's modifier is the older's thing only beside a thing of the older's own ("choir [rehearsal]", "a
    # Neve [console]") that the newer never says (`target.own`)
    return bool(target.own(b, a) - owner)


def about(said: list[str], b: Claim) -> bool:
    """The message's first part (`core.parts.parts`) is said of a related thing, and no later part that is not
    carried after it (a remark, or opened by a pronoun that stands for that thing) names `b`'s subject again."""
    if not said or not related(claims.parsed(said[0]), b):
        return False
    rest = [p for p in said[1:] if not p.startswith(REMARK) and WORD_RE.findall(p.casefold())[:1] != []]
    rest = [p for p in rest if WORD_RE.findall(p.casefold())[0].split("'")[0] not in _CARRIED]
    return not any(claims.parsed(p).content & b.subject for p in rest if p not in said[0])
