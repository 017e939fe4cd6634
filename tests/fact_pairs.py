"""The fact rules' pairwise question, as encoding asks it: does the newer statement find the older by its probes
(`core.facts.probes`, one of the older's features) and update it (`core.facts.updates`)? The tests of every rules
pass ask it of their own sentences (`bench/facts_rules.py` asks it of the fixtures)."""

from __future__ import annotations

from hippocampus.core import facts
from hippocampus.core.similarity import features


def found(new: str, old: str) -> bool:
    """`new` finds `old` by its probes and updates it (what encoding does)."""
    return bool(set(facts.probes(new)) & {f.lstrip("!") for f in features(old)}) and facts.updates(new, old)
