"""Whose statement it is, for encoding's same-or-new question: two statements about different subjects are
two facts, however many words they share (issue 24).

"Je joue aux cartes le mercredi." and "Doug joue aux quilles le mercredi." share a frame ("joue … le
mercredi") and, in French, function words the feature set counts ("aux", "le"): similarity 0.67, over
`similarity.SAME_THRESHOLD`, so the second reinforced the first and was hidden. Nothing told them apart: a name
that opens a sentence is no name to `similarity.names` (every sentence opens on a capital), so the subject
"Doug" was invisible, and `core.facts.distinct_values` compares people by role ("my coach"), not names.

The subject here is read from the opening, grammar only: the speaker ("I …", "je …", "ich …", "yo …"), or a
name (`personal.named_statement`'s test: a capitalised word that is no function word, pronoun or filler, then
more capitalised words). Two subjects differ when one is the speaker and the other a name the speaker's
statement never mentions, in a statement that never mentions the speaker ("Doug plays with me" is the
speaker's too), or when both are names and neither is said in the other ("At night Doug …" / "Doug …": one).
Anything else (a possessive, an article, a verb first) is no subject read here: the other rules decide.
Pure and stdlib-only.
"""

from __future__ import annotations

import re

from hippocampus.core.personal import FILLER, FIRST_PERSON, FUNCTION
from hippocampus.core.slots import FIRST, SPEAKER

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
_ME_LIST = "me moi mich mir mí mim comigo conmigo meco меня мне"
_MENTIONS = FIRST | frozenset(_ME_LIST.split())
"""The speaker anywhere in a statement, word by word ("Doug plays with me", "Doug joue avec moi")."""


def subject_of(text: str) -> tuple[str, frozenset[str]] | None:
    """("speaker", {}) or ("name", its words casefolded) for a statement's opening; None when neither."""
    words = _WORD.findall(text)
    if not words:
        return None
    first = words[0].casefold()
    head = first.split("'")[0]  # "I'll", "That's", "It's": the pronoun before its clitic
    if first in SPEAKER or head in SPEAKER or first.startswith("j'"):
        return "speaker", frozenset()
    if not words[0][0].isupper() or head in FUNCTION or head in FILLER or FIRST_PERSON.get().fullmatch(first):
        return None
    run = [head]
    for word in words[1:3]:
        if not word[0].isupper():
            break
        run.append(_base(word))
    return "name", frozenset(run)


def _base(word: str) -> str:
    """A word casefolded without its clitic ("Doug's" is Doug)."""
    return word.casefold().split("'")[0]


def different(new: str, old: str) -> bool:
    """True when two statements are about different subjects (module docstring): never "the same" fact."""
    a, b = subject_of(new), subject_of(old)
    if a is None or b is None or a[0] == b[0] == "speaker":
        return False
    words_new = {_base(w) for w in _WORD.findall(new)}
    words_old = {_base(w) for w in _WORD.findall(old)}
    if a[0] == b[0] == "name":
        return not (a[1] & words_old) and not (b[1] & words_new)
    (_, name), named, speaker = (a, new, words_old) if a[0] == "name" else (b, old, words_new)
    return not name & speaker and not _MENTIONS & {w.casefold() for w in _WORD.findall(named)}
