"""Whose fact a statement states: its grammatical subject, read for `core.facts` (issue 24, second precision
pass).

An update word says that *something* changed, not what. Look-alikes whose newer carries one hid a true fact
because the newer's subject was another than the older's (heldout20, 13 of 60):
- another person, by role or name ("[my brother-in-law] switched his mortgage from RBC" / "Our mortgage is
  with RBC", "[Derek's parents] sold their house in Kanata" / "Our house is … in Kanata");
- another thing of the older's kind ("[The Cornwall tournament] was cancelled" / "Liam's tournament in
  Kingston is …");
- the entity the older names as its *value*, of which the newer states another attribute ("[Maple Grove]
  changed its visiting hours" / "Mom … lives at Maple Grove Residence").

So the subject is read by grammar (`phrase`): the noun phrase from an article (an elided "l'" too), a possessive
or a name (one followed by its "'s" or more of the name: every sentence opens on a capital; or, since chat leaves
names in lower case, a word right before its verb that is no function word, pronoun, adverb, time, value, verb or
bare plural: "kwab changed…", facts39) up to the main verb (a copula, an auxiliary, French "ne", a cue word, a
verb of naming, a verb in the past, irregular ones too); its *head* is what follows its last "'s", or the whole
where the "'s" is last ("Niamh's been…": "has"). No subject is read where the statement opens on a verb or a
pronoun: those stand for the older's. `other` says the newer's subject is not the older's:
- never where it involves the speaker ("GP upped my sertraline dose", "my weight's down to 78 kg"), is a cleft
  ("It's my father-in-law who's allergic"), or a part carried after "I mixed them up:";
- a thing said as next door or next to the speaker's before the update word is another one ("the boat [next to
  ours] got renamed"), as is one said with "other" ("Callum's [other] band");
- a head the older says in its subject is the older's, unless each names the thing by a name, or by words, the
  other does not say (two things of one kind: "the [Cornwall] tournament" / "Liam's tournament in [Kingston]",
  "the little market in neves" / "the big market in são tomé"), or the newer says the older's owner with a word
  that picks another one ("the [junior] band's practice" / "Band practice"), or a person's where the older's is
  the speaker's ("der Hund [von den Nachbarn]" / "Unser Hund");
- a head the older says only after its verb is the older's value entity: the same fact only where the newer
  changes a value the older states of it, naming no other attribute and leaving behind only the older's
  values, or renames it ("PureGym moved to Church St" / "My gym is PureGym on High St"), or goes on to the
  older's own thing ("Toni's retired, so the Vespa goes to …");
- a head the older never says is another person or thing, unless the verb's object is a thing the older says,
  with an article or the speaker's possessive ("the kids renamed the puppy", "the studio moved yoga class"),
  not the subject's own ("… switched *his* mortgage") nor a value left behind ("instead of the food bank").
A pronoun, a possessive or a first-person-less part carried after another subject stands for that subject
(`resolvable`, `judged`: "kwab changed his route, [he] rides…", "…, ora vende [il suo] cacao"); a part said in the
first person stays the speaker's ("Company changed the policy. Now I'm remote on Mondays").
A mistake here leaves both statements current (newer first), the lesser error. Pure.
"""

from __future__ import annotations

import re

from hippocampus.core import anchors, claims, colours, date_words, slots
from hippocampus.core.claims import Claim
from hippocampus.core.cues import CORRECTION
from hippocampus.core.parts import REMARK, resolved_parts
from hippocampus.core.similarity import features
from hippocampus.core.tokens import STOPWORDS, WORD_RE, derived, word_set

_AUX = word_set(
    """was were has have had got gets will would can could did does do just also finally recently already
    a ha hat hatte hanno ont avait habe hat ha han hemos tem têm foi fue se s'est si ne n'"""
)
"""Words that end a subject when said after it: auxiliaries and the adverbs said before a verb ("Derek's parents
[just] sold", "la résidence a changé"), French "ne" ("l'équipe [ne] joue plus"); "a" is the article at a subject's
start."""
_PRONOUNS = word_set(
    """i we you it they he she this that there these those i'm we're it's they're he's she's that's there's
    i've we've i'll we'll it'll ich wir es er sie je nous il elle ils elles on c'est ça yo nosotros él ella eso
    io noi lui lei eu nós ele ela isso"""
)
"""A subject that stands for another said before (or the speaker): the older's, as far as this test goes."""
_THEIRS = word_set("his her their its sa son ses leur leurs su sus suo sua seu sua dessen deren sein seine ihr ihre")
"""The possessives that make a thing the subject's own ("switched [his] mortgage")."""
_DISCOURSE = word_set("correction so and but oh well ok okay update also btw fyi anyway actually")
"""Words a statement may open on before its subject."""
_PAST = word_set(
    """sold took went bought left gave made told found kept lost paid sent spent won broke chose drove rode wrote ran
    came became began brought caught fell held heard met taught thought threw wore flew grew knew quit put"""
)
"""The irregular past forms of English (a closed class), which end a subject as a verb in "-ed" does ("Morag's
brother [gave] up his plot", "the band [bought] a new tuba")."""
_BESIDE = re.compile(
    r"\b(?:next to (?:ours|mine)|next door|de al lado|d'à côté|d'a coté|ao lado|do lado|accanto|nebenan)\b"
)
"""A thing said as beside the speaker's or next door, before the update word: another one of its kind ("the boat
[next to ours] got renamed", "el taller [de al lado] se mudó", "la boulangerie [d'à côté] a fermé")."""
_OTHER = word_set("other autre autres otro otra otros otras altro altra altri outro outra outros andere anderen")
"""A word that says its noun is another one of the kind ("Callum's [other] band", "l'autre salle")."""


_DETERMINERS = word_set("the this that la le les el los las lo il gli o os as der die das den dem")
"""The articles and demonstratives a subject may open on (a possessive or a name too)."""
_NOT = word_set("not non pas nicht não no")
_NAMING = re.compile(r"\b(?:called|named|renamed|rebranded|s'appelle|se llama|si chiama|chama-se|heißt|heisst)\b")
"""A new name given to a thing: the older's value when the thing is the older's value entity ("Vertical World
got rebranded, it's called Edgeworks now" / "My climbing gym is Vertical World")."""
MAX_PHRASE = 8
"""Most words a subject read here holds: a longer run before a verb is no noun phrase this reader trusts."""


def phrase(claim: Claim, known: frozenset[str] = frozenset()) -> list[str]:
    """The words of `claim`'s subject, from its start (discourse words skipped) up to its main verb (a copula, an
    auxiliary, a cue word or a verb in the past); empty where the statement opens on no article, possessive or
    name (a verb first: "Moved the spare key…", a pronoun), or no verb is found: then no subject is read. A
    word in `known` (casefolded) said first is a name."""
    words = WORD_RE.findall(claim.key)
    n = 0
    while n < len(words) and (words[n] in _DISCOURSE or features(words[n]) & claims.CUE_FEATURES):
        n += 1
    if n >= len(words):
        return []
    first, after = words[n], words[n + 1] if n + 1 < len(words) else ""
    # every sentence opens on a capital: a name first is one followed by its "'s" or by more of the name
    cased = {w.split("'")[0] for w in claim.cased}
    # or a name the older says with its capital (`known`: "Oakwood changed…" / "… goes to Oakwood Nursery")
    named = bool(_content([first])) and (
        first.endswith("'s")
        or first in known
        or after not in _PRONOUNS
        and after.split("'")[0] in cased
        or _bare_name(first, after, claim)
    )
    elided = first.startswith(("l'", "dell'", "all'")) and len(first) > 2  # "l'équipe": the article elided
    if not (first in _DETERMINERS or first in slots.POSSESSIVES or first in _THEIRS or named or elided):
        return []
    out: list[str] = []
    for word in words[n:]:
        if out and (word in _AUX or word in slots.COPULAS or _verb(word, claim)):
            return out
        if word in _NOT or word[:1].isdigit() or len(out) >= MAX_PHRASE:
            return []
        out.append(word)
    return []


def _verb(word: str, claim: Claim) -> bool:
    """`word` is a cue word of `claim`, a verb in the past or a verb of naming ("der Labrador … [heißt]")."""
    feats = features(word)
    cue = bool(feats & claim.cue_features) or any(len(c) > 3 and word.startswith(c) for c in claim.cue_features)
    named = bool(_NAMING.fullmatch(word))
    return cue or named or word in _PAST or len(word) > 4 and word.endswith("ed") and word not in STOPWORDS


def _bare_name(word: str, after: str, claim: Claim) -> bool:
    """`word`, said first in lower case, is the subject's name: chat often leaves names uncapitalised ("kwab
    changed his route"), so a name is read by where it stands, not by its capital: right before a verb (an
    auxiliary, a copula, a cue word, a verb in the past), and no word the rules know as another part of speech
    there: no function word, pronoun or discourse word, no adverb in "-ly", no time or value, no verb itself, no
    bare plural."""
    known = word in STOPWORDS or word in _PRONOUNS or word in _AUX or word in slots.COPULAS or word in _DISCOURSE
    value = slots.timely(word) or date_words.hints(word)[0] or bool(slots.values(features(word)))
    verb_after = after in _AUX or after in slots.COPULAS or _verb(after, claim)
    # a bare plural ("flights changed", "prices went up") is a common noun: English says those with no article
    plural = word.endswith("s") and not word.endswith("ss")
    return word.isalpha() and verb_after and not (known or value or plural or word.endswith("ly") or _verb(word, claim))


def _content(words: list[str]) -> frozenset[str]:
    return claims.content_of(features(" ".join(words))) - slots.FIRST


def head_and_owner(words: list[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The content words of a subject's head (after its last "'s") and of its possessor (before it). An "'s" said
    last is "has" or "is" ("[Niamh's] been transferred", "[Sleazy's] changed its hours"): the whole is the head."""
    if words and words[-1].endswith("'s"):
        return _content([w.removesuffix("'s") for w in words]), frozenset()
    last = max((i for i, w in enumerate(words) if w.endswith("'s")), default=-1)
    return _content(words[last + 1 :]), _content(words[: last + 1])


def other(a: Claim, b: Claim) -> bool:
    """The newer `a` states a fact of another subject than the older `b`'s (see the module)."""
    cue = CORRECTION.search(a.key)
    if cue and _BESIDE.search(a.key[: cue.start()]):
        return True  # "the boat moored [next to ours] got renamed": the thing beside the speaker's, not theirs
    said = phrase(a, b.cased)
    if not said or a.cleft or a.involves_speaker or a.key.startswith(REMARK) or set(said) & slots.SUBJECT_PRONOUNS:
        return False  # "It's my father-in-law who's allergic"; a part carried after "I mixed them up:"
    head, owner = head_and_owner(said)
    if not head or said[0] in slots.POSSESSIVES and not head & claims.PEOPLE:
        return False  # "my weight's down to 78 kg": the speaker's thing
    rest = WORD_RE.findall(a.key)[len(said) :]
    if set(rest) & slots.FIRST:
        return False  # "GP upped my sertraline dose": the speaker's fact, changed by another
    theirs = b.subject | _content(phrase(b))
    if set(said) & _OTHER and not set(WORD_RE.findall(b.key)) & _OTHER:
        return True  # "Callum's other band changed their name" / "The band's called Loch Disaster": another one
    if _owners(said, a) - b.features and b.possessed and head & b.subject:
        return True  # "Der Labrador [von den Nachbarn]" / "Unser Labrador": another's thing, not the speaker's
    if head & theirs or derived(head, theirs):
        # one kind, two things where each is named by a name the other does not say ("the [Cornwall] tournament"
        # / "Liam's tournament in [Kingston]"); a person is who, not which ("Sam's flight" / "my partner's flight")
        mine, other_names = claims.names_of(a) & _content(said), claims.names_of(b) & theirs
        if mine - b.features - claims.PEOPLE and other_names - a.features - claims.PEOPLE:
            return True
        # the same, where each says its thing with words the other does not (chat types names in lower case: "the
        # little market in [neves]" / "the big market in [são tomé]")
        kind = head & theirs or derived(head, theirs)
        # the older's owner said with a word the older never says picks another one of that kind ("the [junior]
        # band's practice" / "Band practice is …"); not a person by role ("my daughter's teacher")
        if owner & b.features and owner - b.features - a.cue_features and not owner & claims.PEOPLE:
            return True
        return bool(_qualifiers(said, kind, a) - b.features and _qualifiers(_around(b, kind), kind, b) - a.features)
    if head <= b.features or derived(head, b.content):
        # … or it goes on to the older's own thing ("Toni's retired, so [the Vespa] goes to …")
        return not (_changes_value(a, b, _content(said)) or _acts_on(a, b, rest))
    return not _acts_on(a, b, rest)


def _owners(said: list[str], claim: Claim) -> frozenset[str]:
    """The people and names a subject says as its owner: before its "'s" or after "of"/"de"/"von" ("[Ines]'s
    garage", "la tortuga de [Ruby]", "der Labrador von den [Nachbarn]")."""
    out: set[str] = set()
    for n, word in enumerate(said):
        if word.endswith("'s") and n + 1 < len(said):
            out |= _content([word.removesuffix("'s")])
        elif n and said[n - 1] in _OF_OWNER | _DETERMINERS and any(w in _OF_OWNER for w in said[:n]):
            out |= _content([word])
    names = claims.names_of(claim)
    return frozenset(f for f in out if f in names or derived(frozenset([f]), claims.PEOPLE))  # "Nachbar[n]"


_OF_NAME = word_set("in of de di da du des del della von vom")
"""The prepositions that name a thing after its noun ("the market [in] Neves", "la feria [de] Sevilla")."""
_OF_OWNER = _OF_NAME - {"in"}
"""The prepositions before a thing's owner ("la tortuga [de] Ruby"): "in" names a place ("the gym in Leeds")."""


def _around(claim: Claim, kind: frozenset[str]) -> list[str]:
    """The noun phrase of `claim` around the word of `kind`: the content words before it back to a function word,
    and a name said after it with a preposition ("the [big market in são tomé city] every saturday")."""
    words = WORD_RE.findall(claim.key)
    at = next((n for n, w in enumerate(words) if _content([w.removesuffix("'s")]) & kind), -1)
    if at < 0:
        return []
    start = at
    while start > 0 and _content([words[start - 1].removesuffix("'s")]) and words[start - 1] not in _AUX:
        start -= 1
    end = at + 1
    if end < len(words) and words[end] in _OF_NAME:
        end += 1
        while end < len(words) and _content([words[end]]) and words[end] not in STOPWORDS:
            end += 1
    return words[start:end]


def _qualifiers(said: list[str], kind: frozenset[str], claim: Claim) -> frozenset[str]:
    """The words that say which thing of `kind` a noun phrase names: its content words but the kind, cue words,
    people, values and times."""
    times = anchors.WEEKDAYS | anchors.MONTH_NAMES
    return _content(said) - kind - claim.cue_features - claims.PEOPLE - slots.values(_content(said)) - times


def _changes_value(a: Claim, b: Claim, entity: frozenset[str]) -> bool:
    """`a`, said of the older's value entity, changes a value the older states of it: it names no attribute the
    older does not say and leaves behind only the older's values, or it gives the entity a new name."""
    if _NAMING.search(a.key) or colours.recoloured(a, b):
        return True  # renamed, or recoloured ("The Transit got wrapped, it's matte grey now" / "… a white Transit")
    # a unit said without its number is an attribute ("changed its hours"), not a value
    values = claims.names_of(a) | slots.values(a.content) - slots.MEASURES | {f for f in a.features if f[:1].isdigit()}
    attribute = a.content - entity - a.cue_features - values - b.features
    return not attribute and a.left <= b.features


def _acts_on(a: Claim, b: Claim, rest: list[str]) -> bool:
    """What `a`'s verb changes is a thing the older says, said with an article or the speaker's possessive, not
    as the subject's own ("… switched [his] mortgage") nor as a value left behind ("instead of the food bank")."""
    verb = next((n for n, w in enumerate(rest) if w not in _AUX), 0)  # "ne [joue] plus": the verb, no object
    said = False
    for n, word in enumerate(rest[verb + 1 :], start=verb + 1):
        found = _content([word]) - a.left - anchors.WEEKDAYS - anchors.MONTH_NAMES  # "[le mardi]": a time, no thing
        # "moved [the] yoga class", "a augmenté [le] loyer", "moved yoga class": the verb's object, each word of its
        # noun phrase ("moved [ben's parents' evening]", "the [spare key]")
        words_on = said and (rest[n - 1].endswith("'s") or bool(_content([rest[n - 1]])))
        said = n == 1 or rest[n - 1] in _DETERMINERS | slots.POSSESSIVES | _ARTICLES or words_on
        theirs = rest[n + 1 : n + 2] and rest[n + 1] in _THEIRS_AFTER  # "adiou o jantar [dele]": his own
        if said and found and not theirs and (found & b.content or derived(found, b.content)):
            return True
    return False


_ARTICLES = word_set("a an un une una um uma ein eine")
_THEIRS_AFTER = word_set("dele dela deles delas suyo suya suyos suyas")
"""The possessives said after the thing (Portuguese, Spanish): "adiou o jantar [dele]" is his own dinner."""


def judged(said: list[str], b: Claim) -> list[str]:
    """The parts of a message (`core.parts.parts`) to judge against `b`: a part carried after a remark is said
    of the remark's subject ("The Cornwall tournament was cancelled, [correction:] so that's one less hotel
    weekend"), so none is where the message's first part is of another subject than `b`'s, unless it names
    `b`'s subject again ("Riverside got sold off, so the tennis club plays at …" / "The tennis club plays at …")."""
    if len(said) > 1 and other(claims.parsed(said[0]), b):
        # a part said in the first person is the speaker's own fact, whoever changed it ("Company changed the
        # policy. Now I'm remote on Mondays")
        # the older's subject as its noun phrase where one is read ("il laboratorio", not its verb "vende")
        theirs = _content(phrase(b)) or b.subject
        return [p for p in said if not p.startswith(REMARK) or _mine(p) or _names(p, theirs)]
    return said


def _names(part: str, theirs: frozenset[str]) -> bool:
    """A carried `part` names the older's subject again, as a thing no one else's: a third person's possessive
    there says the thing is the other subject's ("…, ora vende [il suo] cacao")."""
    words = set(WORD_RE.findall(part.casefold()))
    return bool(claims.parsed(part).content & theirs) and not words & (_THEIRS | _THEIRS_AFTER)


def _mine(part: str) -> bool:
    """`part` says the speaker as its subject ("now I'm remote…", "je travaille…")."""
    return bool(set(WORD_RE.findall(part.casefold().replace("’", "'"))) & slots.SUBJECT_PRONOUNS)


def first_other(said: list[str], b: Claim) -> bool:
    """The message's first part (`core.parts.parts`) is of another subject than `b`'s: a value it says anew with
    no subject of its own ("…, it's Dragonfly now") is that subject's."""
    return bool(said) and other(claims.parsed(said[0]), b)


def resolvable(said: list[str], new: str, old: str) -> list[str]:
    """The parts of `new` that open on a pronoun read as `old`'s subject (`core.parts.resolved_parts`), none where the
    message's first part is of another subject than `old`'s: the pronoun stands for that one ("kwab changed his
    cycling route, [he] rides up to …" / "My running route is along the coast")."""
    return [] if first_other(said, claims.parsed(old)) else resolved_parts(new, old)
