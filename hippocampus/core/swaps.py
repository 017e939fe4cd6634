"""A second word swapped: a newer statement that names a value as left behind ("…, not X", "Y instead of X", "en
vez de X") and also puts another word in place of one of the older's is another fact (`core.facts.is_update`,
issue 24): "At the [party|barbecue] we serve [lamb|salmon instead of lamb]" says what is served at another occasion,
"En la [fiesta|barbacoa] servimos [cordero|salmón en vez de cordero]" the same.

Why: a correction changes one value of one fact; the value it leaves behind says which one. Where the rest of the
frame differs too (the occasion, the place, the person), the lamb left behind is that other fact's, as "I'd rather
serve salmon instead of lamb at the barbecue" says nothing of the party. The two are compared as all their words,
stemmed, in order (`difflib`; only content words count as swapped); a stretch of the older's words replaced by the
newer's, other than the stretch the value left behind stands in, is the second swap. A word said
again in another form ("serve" / "serving", "drive" / "driving") is no swap, nor a stretch the newer only adds or
only drops ("my dentist moved my appointment to Monday, not Friday" adds "moved"; "now I'm remote on Mondays
instead of Fridays" / "I work from home on Fridays" swaps the whole of it, the value with it). Pure.
"""

from __future__ import annotations

from difflib import SequenceMatcher

from hippocampus.core.claims import Claim
from hippocampus.core.tokens import WORD_RE, derived, stem


def second(a: Claim, b: Claim) -> bool:
    """`a` (which leaves a value of `b`'s behind) puts a word of its own in place of a word of `b`'s besides the
    value, in one slot of the frame: right after a function word both say there ("at the [party|barbecue]", "my
    [brother|sister]"). A word swapped elsewhere is most often the same fact said otherwise ("Denise [flies in|
    lands] on the 15th", "Theo['s jersey number is|wears] 32"): a verb or a whole phrase reworded."""
    if not a.left:
        return False
    mine = [w for w in _ordered(a) if w not in a.left and w not in a.cue_features]
    theirs = _ordered(b)
    for tag, i1, i2, j1, j2 in SequenceMatcher(a=theirs, b=mine, autojunk=False).get_opcodes():
        was, now = frozenset(theirs[i1:i2]) & b.content, frozenset(mine[j1:j2]) & a.content
        slot = i1 > 0 and j1 > 0 and theirs[i1 - 1] == mine[j1 - 1] and theirs[i1 - 1] not in b.content
        one = len(was) == len(now) == 1  # one word for one word: a reworded phrase is the same fact
        if tag == "replace" and one and slot and was and now and not was & a.left and not derived(now, was):
            return True
    return False


def _ordered(claim: Claim) -> list[str]:
    """The words of `claim`, in the order said, stemmed."""
    return [stem(w) for w in WORD_RE.findall(claim.key)]
