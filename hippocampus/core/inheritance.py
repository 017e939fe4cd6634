"""What an update takes over from the statements it supersedes (issue 24): their key words, so the newer
answers the questions its predecessor answered. Pure: no I/O.
"""

from __future__ import annotations

from hippocampus.core import parts as message_parts
from hippocampus.core import slots
from hippocampus.core.claims import parsed as claim_of
from hippocampus.core.similarity import features, names
from hippocampus.core.tokens import stem

INHERITED_KEYWORDS = 6
"""Most key words an update takes over from the statements it supersedes (`inherited_keywords`)."""


def inherited_keywords(own: list[str], new: str, olds: list[tuple[str, list[str]]]) -> list[str]:
    """`own` key words of the statement `new`, its slot's words (`slots.SLOT_KEYWORDS`: "I turned 42"
    answers "how old am I"), then those of the superseded statements `olds` (content, key words), less
    their left-behind values: a correction answers the questions its predecessor answered ("I moved to
    Rotterdam" is where I live, "I switched from Barclays to Monzo" is my bank), so recall finds it by the
    older words. A value (a name or number of the older statement that `new` does not say) is not taken
    over: "Utrecht" does not find the Rotterdam memory."""
    kept = list(own)
    for part in message_parts.parts(new) if claim_of(new).short else ():
        claim = claim_of(part)
        kept += [w for w in slots.SLOT_KEYWORDS.get(claim.slot, ()) if w not in kept] if claim.slot else []
    seen = {stem(w.casefold()) for w in own}
    said = features(new)
    for content, words in olds:
        values = names(content)
        for word in words:
            base = stem(word.casefold())
            if base in seen or (base in values and base not in said) or word[0].isdigit():
                continue
            seen.add(base)
            kept.append(word)
    return kept[: len(own) + INHERITED_KEYWORDS]
