"""A spelling corrected (`core.facts.updates`): the newer says, with a typo or spelling cue, a near spelling of a
value of the older ("Abernathy" → "Abernethy — with an e", "Tattersal" → "Tattersall, double l", "Princes St" →
"Princess St*", "245" → "typo, it's 254", "Nova 1642" → "I typed it backwards: Nova 1624").

Why its own rule: a corrected spelling shares no word with the fact it corrects (the two spellings are two
features), and chat often says nothing else ("Princess St*": a trailing "*" is chat's correction mark), so neither
the frames nor the cue-led anchor can see it. The near form is the anchor: a name or number of the older that the
newer does not say, and a word of the newer within one edit of it (two for a long word; a swap of two letters is
one, as Damerau counts), or the same digits in another order. It needs a cue of its kind (`SPELLING`, anywhere in
the message): a near spelling alone may be another name ("Mark" / "Mary"). Found by probing the near forms of the
newer's names and numbers (`probes`: for these messages only). A number of two digits is near only where the newer
says a word of the older's thing again ("Tippfehler: Boxhagener Straße 21, nicht 12"), and a typo said of another
thing, its subject a noun phrase of its own, updates nothing (`elsewhere`: "typo: my bike lock code is 4412" /
"my locker number is 12"). Pure.
"""

from __future__ import annotations

import re
from itertools import permutations

from hippocampus.core import claims, slots
from hippocampus.core.similarity import features
from hippocampus.core.tokens import STOPWORDS, WORD_RE, stem, word_set

SPELLING = re.compile(
    r"\b(?:typo|typos|mistyped|misspel\w*|mis-spel\w*|spel(?:t|led|ling|ls)|typed|fat[- ]finger\w*|autocorrect\w*"
    r"|(?:with|without) (?:(?:an?|one|two|the) [a-z]|(?!a\b)[a-z])(?= |\.|,|$)"
    r"|(?:double|doppel|doppia|doble|deux) [a-z]\b|two [a-z]'s\b"  # "double l", "two n's"
    # a letter said in the other languages takes its article: "avec un v", "mit einem h", "con una z", "com um l"
    r"|(?:avec|sans) une? [a-z](?= |\.|,|$)|(?:mit|ohne) (?:einem|ein) [a-z](?= |\.|,|$)"
    r"|(?:con|sin|senza) una? (?![oeyu]\b)[a-z](?= |\.|,|$)|(?:com|sem) uma? (?![oeyu]\b)[a-z](?= |\.|,|$)"
    r"|erreur de frappe|faute de frappe|faute d'orthographe|(?:une|petite) coquille|coquille ?:"
    r"|mal (?:écrit|orthographié)|j'ai mal écrit"
    r"|tippfehler|schreibfehler|rechtschreibfehler|vertippt|verschrieben|falsch geschrieben"
    r"|errore di battitura|refuso|scritto male|ho scritto male|ho sbagliato a scrivere"
    r"|erro de digitação|erro de escrita|gralha|digitei (?:errado|mal)|escrevi (?:errado|mal)"
    r"|error de tipeo|errata|error tipográfico|(?:lo )?escribí mal|mal escrito"
    r"|опечат\w*|неправильно написал\w*)"
    r"|\w\*(?=\s|$)"
)
"""A message says it corrects a spelling: a typo, a misspelling, a letter said ("with an e", "double l", "two n's",
"avec un v"), a word marked with chat's "*", in the supported languages (en, fr, de, it, pt, es, ru)."""
_LETTERS = "abcdefghijklmnopqrstuvwxyzéèàçñüöäãõ"
MAX_VARIANT_WORDS = 3
"""Most words of a message whose near forms are probed (`probes`)."""


def cued(text: str) -> bool:
    """`text` carries a spelling cue (`SPELLING`)."""
    return bool(SPELLING.search(text.casefold().replace("’", "'")))


def value_words(text: str) -> frozenset[str]:
    """The names (words said with a capital) and numbers of `text`, casefolded, a possessive's "'s" dropped; a
    name of four letters at least, a number of three digits (a shorter one has too many near forms)."""
    out = set()
    for word in WORD_RE.findall(text.replace("’", "'")):
        low = word.casefold().removesuffix("'s")
        if low.isdigit() and len(low) >= 3 or word[:1].isupper() and len(low) >= 4 and low not in STOPWORDS:
            out.add(low)
    return frozenset(out)


def _distance(a: str, b: str) -> int:
    """Damerau distance (optimal string alignment): insertions, deletions, substitutions, adjacent swaps."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def near(a: str, b: str) -> bool:
    """`a` is a near spelling of `b`: not the same, the same digits in another order, or within one edit (two for
    words of eight letters and more); a number is never near a word."""
    if a == b or a.isdigit() != b.isdigit():
        return False
    if a.isdigit() and sorted(a) == sorted(b):
        return True
    return _distance(a, b) <= (2 if min(len(a), len(b)) >= 8 and not a.isdigit() else 1)


def respelled(parts: list[str], message: str, old: str) -> bool:
    """A part of `message` (cued as a spelling correction) says a near spelling of a value of `old` that it does
    not say itself, of a compatible subject: no other person by role on each side ("my [brother|sister] is
    [Mark|Mary]", "my [dentist|GP] is Dr. [Patel|Patil]" are two people), and no other thing ("typo: my bike lock
    code is 4412" / "my locker number is 412"). A number of two digits has too many near forms to be found alone:
    it is near only where the newer says again a word of the older's thing ("Tippfehler: Boxhagener Straße 21,
    nicht 12"). A name the newer opens on that is the older's or the respelled one is no other subject ("Dr
    Nolen*" / "my GP is Dr Nolan")."""
    if not cued(message):
        return False
    olds, b = value_words(old), claims.parsed(old)
    pairs = _short_numbers(old)
    for part in parts:
        a = claims.parsed(part)
        roles_a, roles_b = (
            _owned(part) | a.people_and_names & claims.PEOPLE,
            _owned(old) | b.people_and_names & claims.PEOPLE,
        )
        if roles_a - b.features and roles_b - a.features or _other_thing(part, b):
            continue  # another person by role, or another thing ("my [bike lock code|locker number]")
        words = {w.casefold().removesuffix("'s") for w in WORD_RE.findall(part.replace("’", "'"))}
        found = {w for w in value_words(part) - olds for v in olds - words if near(w, v)}
        if _own_words(part, a) & b.features:  # the older's thing said again: a short number's near form is its own
            found |= {w for w in _short_numbers(part) - pairs for v in pairs - words if near(w, v)}
        if any(a.people_compatible(b) or a.subject_names <= b.features | {stem(w)} for w in found):
            return True
    return False


def _short_numbers(text: str) -> frozenset[str]:
    """The numbers of two digits `text` says."""
    return frozenset(w for w in WORD_RE.findall(text) if w.isdigit() and len(w) == 2)


def _statement(part: str) -> str:
    """`part` less a cue's remark before a colon ("Petite faute de frappe : c'est …", "typo: my …")."""
    head, colon, tail = part.partition(":")
    return tail if colon and cued(head) else part


def _own_words(part: str, claim: claims.Claim) -> frozenset[str]:
    """The content words of a correction beside its cues, its numbers and what it leaves behind: the words of the
    thing it says a value of, and the name it respells."""
    said = _statement(part)
    cue = features(" ".join(m.group(0) for m in SPELLING.finditer(said.casefold().replace("’", "'"))))
    words = claims.content_of(features(said)) - cue - claim.cue_features - claim.left
    return frozenset(w for w in words if not w[:1].isdigit() and not NEGATION.fullmatch(w))


def elsewhere(parts: list[str], message: str, b: claims.Claim) -> bool:
    """`message`, cued as a typo, names a thing of its own in each part that names a thing (`_other_thing`): the
    value it corrects is that thing's, not `b`'s ("typo: my bike lock code is 4412" / "my locker number is 12")."""
    if not cued(message):
        return False
    things = [_other_thing(part, b) for part in parts if _thing(part)]
    return bool(things) and all(things)


def _thing(part: str) -> claims.Claim | None:
    """`part` (less a cue's remark) as a statement whose subject opens on an article or possessive: it names a
    thing ("typo: [my bike lock code] is 4412"); a subject opened otherwise names none ("digitei errado o CEP, o
    certo é …": a verb)."""
    a = claims.parsed(_statement(part))
    return a if a.subject and a.opening.split(" ", 1)[0] in slots.POSSESSIVES | _ARTICLES else None


def _other_thing(part: str, b: claims.Claim) -> bool:
    """`part` names a thing (`_thing`) with a word the older does not say, and the older's subject has a word
    `part` does not say ("[my locker number] is 412"): a typo corrected there is that thing's value."""
    a = _thing(part)
    own = a.subject & _own_words(part, a) - b.features if a else frozenset()
    return a is not None and bool({w for w in own if not RIGHT.fullmatch(w)}) and bool(b.subject - a.features)


RIGHT = re.compile(
    r"right|correct\w*|proper|actual|real|cert[oa]|corret[oa]|giust[oa]|richtig\w*|bon(?:ne)?|правильн\w*|ones?"
)
"""Words that say a value is the right one ("the right one is…", "o certo é…"), and the pro-form "one": a subject
of these alone is the older's thing, said again as the corrected one."""


_ARTICLES = word_set("the a an our your his her their le la les el los las o os il lo der die das")
"""The words a noun phrase opens on, beside the speaker's possessives."""


NEGATION = re.compile(r"not|no|non|nicht|não|nao|pas|ne|нет|не")
"""The negations a value left behind is said with ("…, nicht 12"), which name no thing."""


_OWNED = re.compile(r"\b(?:my|our|his|her|their) ([\w'-]+)", re.IGNORECASE)


def _owned(text: str) -> frozenset[str]:
    """The features of the nouns said as someone's ("my [GP]", "our [dentist]"): the role a statement names."""
    return frozenset(stem(w.casefold().removesuffix("'s")) for w in _OWNED.findall(text.replace("’", "'")))


def _variants(word: str) -> set[str]:
    """The near forms of `word` that `near` accepts at one edit (a number: its digits in another order)."""
    if word.isdigit():
        return {"".join(p) for p in permutations(word)} if len(word) <= 6 else set()
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    out = {left + right[1:] for left, right in splits if right}
    out |= {left + right[1] + right[0] + right[2:] for left, right in splits if len(right) > 1}
    out |= {left + c + right[1:] for left, right in splits if right for c in _LETTERS}
    out |= {left + c + right for left, right in splits for c in _LETTERS}
    return out - {word}


def probes(text: str) -> tuple[str, ...]:
    """The features of the near forms of `text`'s names and numbers, when it carries a spelling cue: the older
    spelling is another feature, which no word of the newer finds."""
    if not cued(text):
        return ()
    words = sorted(value_words(text), key=lambda w: (-len(w), w))[:MAX_VARIANT_WORDS]
    return tuple(sorted({stem(v) for w in words for v in _variants(w)}))
