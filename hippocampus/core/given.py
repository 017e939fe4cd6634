"""What a change gives: a newer statement whose verb of change gives no value the older does not already state
changes nothing of it (`core.asides`, issue 24, precision fourth pass).

A verb of change ("moved to", "si è trasferito a", "rescheduled to") says the newer's value replaces an older
one. Where every word it governs is the older's, and a value is among them, it replaced none of the older's values:
"My cousin Tara just moved to [Nairobi]" / "Tara keeps sending me photos from Nairobi", "Il mio cliente principale si
è trasferito a [Finnieston]" / "Il mio studio è a Finnieston". Both hold (the newer first, `views`).

Not where the newer says the older was *said wrong* (`SAID_WRONG`: a typo, a mix-up, things said backwards): a
mix-up exchanges the older's own values between two subjects ("mixed those up — pharmacology's in B2, anatomy is
A1"), so its values are the older's by nature. Not where the newer names a value it leaves behind ("…, not X",
"cancelled Netflix") or ends the older's fact (`ENDED`: "Non corro più a Roma" / "Corro a Roma"). Not where the
verb governs no value ("Le propriétaire a augmenté le loyer", "Ho cambiato numero"): a change with its new value
unsaid is still a change of the older's. Pure.
"""

from __future__ import annotations

import re

from hippocampus.core import claims, slots
from hippocampus.core.claims import Claim

SAID_WRONG = re.compile(
    r"\b(?:typo|mistyp\w*|mix(?:ed)? ?up|mix-up|mixed|confus\w*|backwards|wrong|mistake\w*|misspoke|meant|muddled|"
    r"wires crossed|scratch that|strike that|correction|autocorrect\w*|fat[- ]finger\w*|emmêl\w*|trompé\w*|lío|"
    r"durcheinander\w*|baralh\w*|vertippt|verschrieben|verwechselt|error|erreur|errore|erro|fehler|equivoqu\w*|"
    r"confund\w*|confondu\w*|confusione|sbagliat\w*|tippfehler|korrektur|enganei|перепутал\w*|опечат\w*)\b"
)
"""Cue words that say the older statement was said wrong, not that its value changed, in the supported languages."""
ENDED = re.compile(
    r"(?:\b(?:not|no|non|ne|nicht|kein\w*|não|nao|никогда|не|nie|never|jamais|nunca|mai)\b|n't\b|"
    r"\b(?:stopped|quit|gave up|cancell?ed|called off|sold|ditched|dumped|got rid of|dejé|deje|parei|arrêté|"
    r"aufgehört|annulé|abgesagt|cancelad\w*|annullat\w*|vendu|verkauft|vend[ií]\w*))"
)
"""A negation or a verb of ending, in the supported languages: the newer ends the older's fact ("Non corro più a
Roma" / "Corro a Roma"), which gives no value by nature."""


def unchanged(a: Claim, b: Claim) -> bool:
    """`a`'s verb of change governs only words `b` says, a value among them: it gives `b` no new value."""
    if not a.correction or a.left or a.leaves or SAID_WRONG.search(a.key) or ENDED.search(a.key):
        return False
    # a cue matched by its start is a cue too ("trasferit" in "trasferito")
    cues = {f for f in a.acted_on if any(len(c) > 3 and f.startswith(c) for c in a.cue_features)}
    governed = claims.content_of((a.acted_on | a.acted_names) - a.cue_features - cues)
    given = governed | {f for f in a.acted_on if f[:1].isdigit()}
    said = claims.names_of(a) | slots.values(a.features)
    return bool(given) and given <= b.features and bool(given & said)
