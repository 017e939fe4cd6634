"""The lifecycle math, defined once: retention, effective importance, reinforcement, tiers.

Decay is a pure function of time since `last_accessed`, applied to the `anchor` (the
importance as of that moment), so running `decay` any number of times gives the formula's
value. Every function takes `now`; nothing here reads the clock.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hippocampus.core.model import Memory

EXPONENTIAL = "exponential"
EBBINGHAUS = "ebbinghaus"
CURVES: tuple[str, ...] = (EXPONENTIAL, EBBINGHAUS)

DAILY_FACTOR = 0.99
"""The seeds' `0.99^days` curve."""
DAILY_RATE = 0.01
"""humanoid-memory's default forgetting rate: the share of importance lost per day (1 − DAILY_FACTOR)."""
USE_RATE = 0.15
"""Reinforcement when a memory is used (recall --reinforce, reinforce, review)."""
REPEAT_RATE = 0.10
"""Reinforcement when encoding finds a signal that repeats an existing memory."""
REVIEW_STABILITY_FACTOR = 1.5
"""Ebbinghaus: each review multiplies stability by this."""
CORE_FLOOR = 0.7
ACTIVE_FLOOR = 0.4
ARCHIVE_BELOW = 0.2
"""Memories under this are archive candidates (`decay --archive` moves them to archive.md)."""

TIERS: tuple[tuple[str, float], ...] = (
    ("core", CORE_FLOOR),
    ("active", ACTIVE_FLOOR),
    ("background", ARCHIVE_BELOW),
    ("archive", 0.0),
)
"""The one tier table, (name, lower bound) highest first: core ≥ 0.7, active 0.4–0.7,
background 0.2–0.4, archive < 0.2. Every threshold shown or applied anywhere comes from here."""

BAND_ACTIVE = 0.7
BAND_FADING_BELOW = 0.3
EBBINGHAUS_BANDS: tuple[tuple[str, float], ...] = (
    ("active", BAND_ACTIVE),
    ("decaying", BAND_FADING_BELOW),
    ("fading", 0.0),
)
"""memory-ebbinghaus status bands, shown when that curve is chosen."""

SECONDS_PER_DAY = 86400.0


@dataclass(frozen=True, slots=True)
class Curve:
    """A forgetting curve: its kind and, for the exponential kind, the daily forgetting rate.

    Settings choose both (`curve:` and `decay_rate:`); the Ebbinghaus kind forgets by each memory's
    stability instead, so it ignores the rate."""

    kind: str = EXPONENTIAL
    daily_rate: float = DAILY_RATE

    @property
    def factor(self) -> float:
        """The share kept per day: `1 − rate` (0.99 by default, the seeds' curve)."""
        return 1.0 - self.daily_rate

    @property
    def text(self) -> str:
        """The formula as shown to people: `0.99^days` or `exp(−days / stability)`."""
        return "exp(−days / stability)" if self.kind == EBBINGHAUS else f"{self.factor:g}^days"


DEFAULT_CURVE = Curve()


def days_between(earlier: datetime, later: datetime) -> float:
    """Fractional days from `earlier` to `later`, never negative."""
    return max(0.0, (later - earlier).total_seconds() / SECONDS_PER_DAY)


def retention(days: float, curve: Curve = DEFAULT_CURVE, stability: float = 1.0) -> float:
    """Fraction of importance kept after `days`: `(1 − rate)^days` or `exp(-days/stability)`."""
    if curve.kind == EBBINGHAUS:
        return math.exp(-days / max(stability, 1e-9))
    return float(curve.factor**days)


def effective_importance(memory: Memory, now: datetime, curve: Curve = DEFAULT_CURVE) -> float:
    """Importance of `memory` at `now`: anchor × retention(now − last_accessed)."""
    days = days_between(memory.last_accessed, now)
    return memory.anchor * retention(days, curve, memory.stability)


def reinforce(memory: Memory, now: datetime, rate: float = USE_RATE, curve: Curve = DEFAULT_CURVE) -> Memory:
    """Return `memory` reinforced at `now`: new = e + (1 − e) × rate from the effective value e."""
    current = effective_importance(memory, now, curve)
    boosted = current + (1.0 - current) * rate
    return replace(
        memory,
        anchor=boosted,
        importance=boosted,
        last_accessed=max(now, memory.last_accessed),
        times_reinforced=memory.times_reinforced + 1,
    )


RECALL_BOOST = 0.05
"""humanoid-memory's reinforcement of a recalled memory; the setting `recall_boost` (0, off, by default)."""


def used(memory: Memory, at: datetime, boost: float = 0.0) -> Memory:
    """`memory` as used at `at` (the block before a turn held it as relevant, or `recall` returned it):
    its last access moves to `at`, never back, so its recency and its fading count from that use and
    a memory the agent keeps using does not fade as if unused (Generative Agents' last access);
    `boost` (setting `recall_boost`) also adds that much to its importance, at most 1."""
    if at <= memory.last_accessed and boost <= 0.0:
        return memory
    anchor = min(1.0, memory.anchor + max(0.0, boost))
    return replace(memory, anchor=anchor, importance=anchor, last_accessed=max(at, memory.last_accessed))


def review(memory: Memory, now: datetime, curve: Curve = DEFAULT_CURVE) -> Memory:
    """A deliberate review: reinforce on use; on the Ebbinghaus curve, as memory-ebbinghaus does, the
    strength (the importance on that curve) goes back to 1.0 and stability grows by 1.5."""
    reinforced = reinforce(memory, now, USE_RATE, curve)
    if curve.kind == EBBINGHAUS:
        reinforced = replace(
            reinforced, anchor=1.0, importance=1.0, stability=memory.stability * REVIEW_STABILITY_FACTOR
        )
    return reinforced


def refresh(memory: Memory, now: datetime, curve: Curve = DEFAULT_CURVE) -> Memory:
    """Set the stored `importance` to the effective value at `now`; the anchor is untouched."""
    return replace(memory, importance=effective_importance(memory, now, curve))


def tier(value: float) -> str:
    """Tier name for an effective importance."""
    for name, floor in TIERS:
        if value >= floor:
            return name
    return TIERS[-1][0]


def band(value: float) -> str:
    """memory-ebbinghaus status band for a strength."""
    for name, floor in EBBINGHAUS_BANDS:
        if value >= floor:
            return name
    return EBBINGHAUS_BANDS[-1][0]


def days_until_below(memory: Memory, threshold: float, now: datetime, curve: Curve = DEFAULT_CURVE) -> float:
    """Days from `now` until the effective importance falls under `threshold` (inf if never, 0 if already)."""
    current = effective_importance(memory, now, curve)
    if current < threshold:
        return 0.0
    if threshold <= 0:
        return math.inf
    ratio = math.log(threshold / current)
    if curve.kind == EBBINGHAUS:
        return -ratio * memory.stability
    return ratio / math.log(curve.factor)
