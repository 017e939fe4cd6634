"""A thing's colour (`core.facts`): one value at a time, as a name or a number is. "got the Golf resprayed,
it's dark blue now" updates "My car is a silver Golf": each says a colour the other does not, the newer
names the older's thing and says it is news. Pure and stdlib-only.
"""

from __future__ import annotations

from hippocampus.core import claims
from hippocampus.core.claims import Claim
from hippocampus.core.similarity import features

COLOURS = features(
    """red blue green yellow black white grey gray silver gold golden orange purple pink brown navy beige teal
    turquoise maroon burgundy cream lilac rot blau grün gruen schwarz weiß weiss gelb grau silbern rouge bleu
    vert noir blanc gris argent jaune violet rose rojo azul verde negro blanco amarillo morado rosso blu nero
    bianco giallo grigio argento preto branco cinza amarelo"""
)
"""Colour words in the supported languages written in the Latin script, as features."""


def recoloured(a: Claim, b: Claim) -> bool:
    """`a` gives the thing `b` names another colour, and says it is news: a colour each says that the other
    does not, a cue ("now", "resprayed" is none, "actually" is), and `b`'s thing said again, by its name
    ("the Golf") or all its words ("my front door"). Two things of one colour word each ("the [front|back]
    door") share neither."""
    if not (a.cue or a.correction):
        return False
    if not (a.features & COLOURS - b.features and b.features & COLOURS - a.features):
        return False
    name = claims.names_of(b) & a.features - COLOURS
    said = b.content - COLOURS  # "We painted the [kitchen sage|bathroom navy]": the kitchen is not said again
    return bool(name) or bool(said) and said <= a.content
