"""A list of values narrowed (`core.facts`): "I'm only home on Fridays now" updates "I work from home on
Mondays and Fridays". The newer keeps some of the older's days, months or numbers and drops the rest, says
"only" and that it is news, and says nothing the older did not: one attribute, fewer values. Pure and
stdlib-only.
"""

from __future__ import annotations

import re

from hippocampus.core import slots
from hippocampus.core.claims import Claim
from hippocampus.core.tokens import derived

ONLY = re.compile(r"\b(?:only|nur|seulement|plus que|solo|sólo|solamente|só|somente|soltanto)\b|только")
""""Only" in the supported languages written with spaces between words."""


def narrowed(new: str, a: Claim, b: Claim) -> bool:
    """`new` (parsed as `a`) keeps some of `b`'s values and drops the others: "only", a cue, its values a
    strict part of `b`'s, and every other content word of it `b`'s ("I only go to the gym on Fridays now"
    says nothing of working from home)."""
    if not (a.cue or a.correction) or not ONLY.search(new.casefold()):
        return False
    va, vb = slots.values(a.features), slots.values(b.features)
    if not (va and va < vb):
        return False
    words = a.content - va - a.cue_features - slots.FIRST
    return bool(words) and words <= derived(words, b.content - vb)
