"""Renames: a name given anew by a verb of naming (issue 24, fifteenth pass).

A thing or a person renamed is told as the act of naming, of a pronoun, of the older's head noun or of nothing: "it
rebranded over the weekend, it's a Priceline now" / "Priya's pharmacy is the Amcal on Sydney Rd", "after the wedding
she's going by Priya Doyle" / "Priya's surname is Sharma", "Les petits l'ont rebaptisé Capitão" / "Le perroquet
s'appelle Chico", "We've got a new director: Inês Carvalho took over." / "The choir director is Maestro Paulo Viana".
The frame and slot routes miss these: the holder is a pronoun or a noun the newer says its own way, and the name
shares no word with the older's. What marks them is the naming cue and the sentence's structure:

- the newer names anew (`NAMING`): a verb of renaming ("renamed", "rebranded", "rebaptisé", "ribattezzato",
  "umbenannt", "Mudei o nome", "took over", "took his surname", "is going by"), or a verb or noun of naming ("called",
  "heißt", "s'appelle", "si chiama", "go by", "call her") with a cue of change ("now", "jetzt", "new");
- it gives a name the older does not say, and the older gives a name the newer does not say (the one replaced) in a
  statement of naming (a naming word, or a copula before a name: "The choir director is Maestro Paulo Viana");
- one holder: the subjects compatible, and either a word of the older's (its head noun: "new director", "the group",
  "son chien") said in the newer beyond names, cues and naming words, or the thing renamed said as a pronoun ("l'ont
  rebaptisé", "renamed it", "it rebranded", "she's going by") and no noun of its own; then which memory it renames is
  the store's question (`one_holder`: only where one current memory gives a name; none where several could).

Pure: no I/O.
"""

from __future__ import annotations

import re

from hippocampus.core import claims, slots
from hippocampus.core.claims import Claim
from hippocampus.core.cues import NOVELTY
from hippocampus.core.similarity import features
from hippocampus.core.tokens import STOPWORDS, WORD_RE, derived

_RENAME = (
    r"renam\w*|rebrand\w*|rebapti[sz]\w*|ribattezz\w*|rebautiz\w*|umbenann\w*|umgetauft|renomm\w*|rinominat\w*|"
    r"renomead\w*|took over|taken over|tomou conta|a repris|ha preso il posto|übernommen|"
    r"(?:took|taken|changed|mudei|mudou|mudamos|cambió|cambié|changé|geändert|cambiato)\s+(?:\S+\s+){0,3}?"
    r"(?:name|surname|nome|nom|nombre|apellido|cognome|nachnamen?)|"
    r"(?:is|'s|are|'re|am|'m)\s+(?:now\s+)?going by|(?:wants?|asked|asks)\s+(?:\w+\s+)?to\s+(?:go by|call)"
)
_NAMING_WORD = (
    r"called|named|name|surname|go by|goes by|going by|call (?:her|him|it|us|them|me|my|our)|heißt|heisst|hei[sß]en|"
    r"s'appell\w*|l'appell\w*|appelle|chama-se|se chama|chama|si chiama|chiama\w*|se llama|llama\w*|nome|nom|nombre"
)
NAMING = re.compile(rf"\b(?:{_RENAME})\b", re.IGNORECASE)
"""A verb of renaming: says by itself that a name was given anew."""
_NAMED = re.compile(rf"(?:\b|(?<=\w'))(?:{_NAMING_WORD})\b", re.IGNORECASE)
"""A verb or noun of naming: a name given anew only with a cue of change ("heißt jetzt", "it's called Bica now")."""
_PRONOUN_RENAMED = re.compile(
    r"\b(?:l'|l’)\w*\s*(?:\w+\s+)?(?:rebapti|ribattezz|rebautiz|renomm|rinomin|renome)\w*"  # "l'ont rebaptisé"
    r"|\b(?:renamed|rebranded|rebaptised|rebaptized|rename|call)\s+(?:it|her|him|us|them)\b"  # "renamed it to …"
    r"|\b(?:lo|la|le|li)\s+(?:\w+\s+)?(?:rebautiz|ribattezz|renombr|rinomin)\w*"  # "lo rebautizamos", "la abbiamo …"
    r"|^(?:\w+\s+)?(?:it|she|he|we|they|sie|er|elle|il|ella|ela|lei)(?:\s+|'s\s+|'re\s+|'ve\s+)(?:\w+\s+){0,3}?"
    r"(?:rebrand\w*|going by|go by|heißt|renamed)",
    re.IGNORECASE,
)
"""The thing renamed said as a pronoun: the store decides whose name it is (`one_holder`)."""
_NEW_HOLDER = re.compile(r"(?:^|[.:;,]\s*)(?:the\s+|our\s+|my\s+)?new\s+\w+\s+(?:is|'s)\b", re.IGNORECASE)
"""A role's new holder: "new tenant is …", "the new coach's …" (not "there is a new cafe")."""
_COPULA = re.compile(
    r"\b(?:is|'s|are|é|è|est|es|ist|son|sind|sono|são)\s+(?:the\s+|o\s+|a\s+|la\s+|le\s+|el\s+|il\s+)?"
)
_QUOTED = re.compile(r"(?:^|(?<=\s))['‘\"“«]\s*([^'’\"”»]{2,40}?)\s*['’\"”»](?!\w)")
_PHRASE = re.compile(
    r"\b(?:after|since|before|over|dopo|après|depois d[aoe]s?|nach|seit|desde|tras|during|durante|last|this|next)\s+"
    r"(?:the\s+|la\s+|le\s+|a\s+|o\s+|der\s+|die\s+|das\s+|dem\s+|il\s+|l'|el\s+)?[\w-]+"
)
"""When or why, said as a phrase ("after the wedding", "dopo la verniciatura"): no holder of the name."""
_CLAUSE = re.compile(r"\s*(?:[;:!?()]|,|\.(?!\w)|\s[—–-]+\s|—|–)\s*")
_WORDS = features(
    "name names surname call called calling named rename renamed rebrand rebranded go goes going took over new now "
    "heißt heisst appelle chama chiama llama nome nom nombre mudei mudou want wants asked everyone lol got neu neue "
    "nouveau nouvelle nuevo nueva novo nova nuovo nuova son sa ses su sua suo sein seine ihr ihre"
)
_NAMING_FEATURES = features("chama-se si chiama heißt s'appelle se llama nome") | {"~name"}
"""The features of a statement of naming ("is called" is "~name", `core.claims`)."""
_PRONOUNS = features("it he she they we us them him her er sie es il elle ils elles él ella ele ela lui lei l lo la")


def names(text: str) -> frozenset[str]:
    """The names a statement says, as features: its capitalised words and quoted words, people by role left out."""
    quoted = " ".join(_QUOTED.findall(text))
    return (claims.names_of(claims.parsed(text)) | features(quoted)) - claims.PEOPLE - _WORDS


def gives_name(old: str) -> bool:
    """`old` gives a thing or a person a name: a naming word, or a copula before a name."""
    b = claims.parsed(old)
    if not names(old):
        return False
    if b.slot == "name" or _NAMED.search(old):
        return True
    after = _COPULA.split(old, maxsplit=1)
    return len(after) == 2 and bool(names(after[1]) & names(old) - features(after[0]))


def _named_anew(new: str, a: Claim) -> bool:
    """`new` says a name was given anew: a verb of renaming, or of naming with a cue of change. "New" alone says only
    that a thing is recent ("There is a new cafe on Main St called Bean There", `cues.NOVELTY`), unless it opens the
    subject of a copula: the new holder of a role ("new tenant is a nurse called Sofia Matos")."""
    if NAMING.search(new):
        return True
    changed = a.correction or a.cue_features - features(" ".join(NOVELTY)) or _NEW_HOLDER.search(new)
    return bool(_NAMED.search(new)) and bool(changed)


def _clauses(new: str) -> list[tuple[str, str]]:
    """Each clause of the newer that says the naming, as (its words to the naming word, the words that give the name):
    those after it, or the clause after ("it rebranded over the weekend, it's a Priceline now"), or those before it
    ("Inês Carvalho took over"); never a clause beside ("et le nom est resté", "elle trouvait que Pancho …")."""
    clauses = [c.strip() for c in _CLAUSE.split(_PHRASE.sub(" ", new.replace("’", "'"))) if c.strip()]
    found = []
    for i, clause in enumerate(clauses):
        match = NAMING.search(clause) or _NAMED.search(clause)
        if match and not (i and (NAMING.search(clauses[i - 1]) or _NAMED.search(clauses[i - 1]))):
            after = clause[match.end() :]
            if not _called(after) and i + 1 < len(clauses) and _called(clauses[i + 1]):
                after = f"{after}, {clauses[i + 1]}"
            found.append((clause[: match.end()], after if _called(after) else clause[: match.start()]))
    return found


def _called(fragment: str) -> frozenset[str]:
    """The names in a fragment of a sentence that follows or precedes a naming word: its capitalised and quoted words
    (none opens a sentence there)."""
    cased = " ".join(w for w in WORD_RE.findall(fragment) if w[:1].isupper() and w.casefold() not in STOPWORDS)
    return (features(cased) | features(" ".join(_QUOTED.findall(fragment)))) - claims.PEOPLE - _WORDS


def _naming(new: str) -> str:
    """The newer's naming clauses, and the clause before each (where a head noun may stand: "We've got a new
    director: Inês Carvalho took over.")."""
    clauses = [c for c in _CLAUSE.split(_PHRASE.sub(" ", new.replace("’", "'"))) if c.strip()]
    kept = {j for i, c in enumerate(clauses) if NAMING.search(c) or _NAMED.search(c) for j in (i - 1, i) if j >= 0}
    return ", ".join(clauses[j] for j in sorted(kept))


def _given(new: str) -> frozenset[str]:
    """The names the newer's naming gives: those after its naming word (or in the clause after)."""
    return frozenset().union(*(_called(after) for _, after in _clauses(new)))


def _own(text: str, a: Claim) -> frozenset[str]:
    """The words of `text` that could name a holder: content words less names, capitalised words, cues, naming words,
    pronouns, possessives, and phrases of when or why."""
    bare = NAMING.sub(" ", _NAMED.sub(" ", _PHRASE.sub(" ", text)))
    rest = claims.parsed(bare) if bare.strip() else None
    if rest is None:
        return frozenset()
    gone = rest.cue_features | a.cue_features | names(text) | _called(text) | _WORDS | _PRONOUNS | slots.FIRST
    return frozenset(
        w
        for w in rest.content - gone
        if w not in STOPWORDS and not slots.timely(w) and not w[:1].isdigit() and not w.startswith("~")
    )


def _pair(new: str, old: str) -> tuple[Claim, Claim] | None:
    """The two claims where `new` may give `old`'s holder a new name (see above), else None."""
    a, b = claims.parsed(new), claims.parsed(old)
    if a.adds or not _named_anew(new, a) or not gives_name(old) or not a.people_compatible(b):
        return None
    said = claims.parsed(" ".join(f"{x} {y}" for x, y in _clauses(new)) or new)
    if not _given(new) - b.features or not names(old) - (said.features - a.left):
        return None  # no name given anew, or none of the older's replaced ("no more Dolly" replaces it)
    return a, b


def renamed(new: str, old: str) -> bool:
    """`new` renames `old`'s holder, said by a word of the older's (its head noun: "new director", "the group"), in the
    naming clause or the one before it, and at most one word of its own beside."""
    pair = _pair(new, old)
    if pair is None:
        return False
    a, b = pair
    theirs = b.content - names(old) - _WORDS - claims.PEOPLE
    for said in (" ".join(x + " " + y for x, y in _clauses(new)), _naming(new)):
        own = _own(said, a)
        if derived(own, theirs) and len(own - derived(own, theirs)) <= 1:
            return True
    return False


def unanchored(new: str, old: str) -> bool:
    """`new` renames a thing said as a pronoun and names no noun of its own ("Les petits l'ont rebaptisé Capitão",
    "it rebranded …, it's a Priceline now"): which memory, the store decides (`one_holder`)."""
    pair = _pair(new, old)
    if pair is None:
        return False
    for before, after in _clauses(new):
        match = _PRONOUN_RENAMED.search(before + after)
        if match and match.end() >= len(before) - 1 and not _own((before + after)[match.end() :], pair[0]):
            return True  # "Les petits l'ont rebaptisé [Capitão]": the agent is no holder
    return False


def said_anew(new: str, old: str) -> bool:
    """`new` gives `old`'s holder a new name (`renamed`, or `unanchored`: which memory, `one_holder`)."""
    return renamed(new, old) or unanchored(new, old)


def one_holder(new: str, olds: list[str], found: list[int]) -> list[int]:
    """`found` less what `new` renames by a pronoun alone (`unanchored`) where more than one of `olds` gives a name:
    which one it means is a guess, and a wrong guess hides a true fact (both stay current)."""
    loose = [i for i in found if unanchored(new, olds[i]) and not renamed(new, olds[i])]
    if not loose:
        return found
    naming = [old for old in olds if gives_name(old)]
    return [i for i in found if i not in loose] if len(naming) > 1 else found


def probes(new: str) -> tuple[str, ...]:
    """The features of the statements of naming a rename may be about, which it may share no word with ("l'ont
    rebaptisé Capitão" / "s'appelle Chico"): the naming words, looked up only for a statement that names anew."""
    a = claims.parsed(new)
    if not _named_anew(new, a) or not names(new):
        return ()
    return tuple(sorted(_NAMING_FEATURES))
