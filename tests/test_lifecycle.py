"""The lifecycle math, as tables: one definition of decay, reinforcement and tiers."""

from __future__ import annotations

import math
from datetime import datetime, timedelta, timezone

import pytest

from hippocampus.core import lifecycle
from hippocampus.core.model import Memory

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


def mem(anchor: float = 0.85, stability: float = 1.0) -> Memory:
    return Memory(
        id="mem_001", content="x", anchor=anchor, importance=anchor, created=T0, last_accessed=T0, stability=stability
    )


@pytest.mark.parametrize("days,kept", [(7, 0.93), (30, 0.74), (90, 0.40), (0, 1.0)])
def test_exponential_retention_matches_the_seed_table(days: int, kept: float) -> None:
    assert lifecycle.retention(days) == pytest.approx(kept, abs=0.005)


def test_fractional_days_count() -> None:
    m = mem()
    half = lifecycle.effective_importance(m, T0 + timedelta(hours=12))
    assert half == pytest.approx(0.85 * 0.99**0.5)


def test_effective_importance_is_a_function_of_time_not_of_runs() -> None:
    m = mem()
    for day in range(1, 31):
        m = lifecycle.refresh(m, T0 + timedelta(days=day))
    assert m.importance == pytest.approx(0.85 * 0.99**30)
    assert m.anchor == 0.85


def test_reinforce_uses_effective_value_and_moves_the_anchor() -> None:
    m = mem()
    later = T0 + timedelta(days=10)
    e = 0.85 * 0.99**10
    r = lifecycle.reinforce(m, later)
    assert r.anchor == pytest.approx(e + (1 - e) * 0.15)
    assert r.last_accessed == later
    assert r.times_reinforced == 1
    assert lifecycle.effective_importance(r, later) == pytest.approx(r.anchor)


def test_repeat_rate_is_ten_percent() -> None:
    r = lifecycle.reinforce(mem(0.5), T0, lifecycle.REPEAT_RATE)
    assert r.anchor == pytest.approx(0.55)


def test_ebbinghaus_curve_and_review_stability() -> None:
    m = mem(1.0, stability=2.0)
    assert lifecycle.effective_importance(
        m, T0 + timedelta(days=2), lifecycle.Curve(lifecycle.EBBINGHAUS)
    ) == pytest.approx(math.exp(-1))
    r = lifecycle.review(m, T0 + timedelta(days=1), lifecycle.Curve(lifecycle.EBBINGHAUS))
    assert r.stability == pytest.approx(3.0)
    assert lifecycle.review(m, T0, lifecycle.Curve()).stability == 2.0


def test_an_ebbinghaus_review_sets_strength_back_to_one() -> None:
    """memory-ebbinghaus: a review resets strength to 1.0 (it was reinforced 0.135 → 0.27) and multiplies
    stability by 1.5; the exponential curve's review is a plain reinforcement."""
    curve = lifecycle.Curve(lifecycle.EBBINGHAUS)
    faded = mem(1.0, stability=1.0)
    later = T0 + timedelta(days=2)
    assert lifecycle.effective_importance(faded, later, curve) == pytest.approx(0.135, abs=0.001)
    r = lifecycle.review(faded, later, curve)
    assert lifecycle.effective_importance(r, later, curve) == 1.0 and r.importance == 1.0
    assert r.stability == pytest.approx(1.5) and r.last_accessed == later
    assert lifecycle.effective_importance(r, later + timedelta(days=1.5), curve) == pytest.approx(math.exp(-1))
    plain = lifecycle.review(mem(0.5), T0, lifecycle.Curve())
    assert plain.anchor == pytest.approx(0.5 + 0.5 * 0.15)


@pytest.mark.parametrize(
    "value,name",
    [
        (0.95, "core"),
        (0.7, "core"),
        (0.69, "active"),
        (0.4, "active"),
        (0.39, "background"),
        (0.2, "background"),
        (0.19, "archive"),
        (0, "archive"),
    ],
)
def test_tiers(value: float, name: str) -> None:
    assert lifecycle.tier(value) == name


@pytest.mark.parametrize("value,name", [(0.7, "active"), (0.5, "decaying"), (0.29, "fading")])
def test_ebbinghaus_bands(value: float, name: str) -> None:
    assert lifecycle.band(value) == name


def test_days_until_below() -> None:
    m = mem(0.75)
    days = lifecycle.days_until_below(m, 0.7, T0)
    assert lifecycle.effective_importance(m, T0 + timedelta(days=days)) == pytest.approx(0.7)
    assert lifecycle.days_until_below(mem(0.1), 0.2, T0) == 0.0


def test_the_default_curve_is_the_seeds_and_a_decay_rate_sets_the_daily_factor() -> None:
    assert lifecycle.DEFAULT_CURVE.factor == 0.99 and lifecycle.DEFAULT_CURVE.text == "0.99^days"
    for days in (0.5, 1.0, 30.0, 400.0):
        assert lifecycle.retention(days) == 0.99**days, "the default is exactly the old formula"
    fast = lifecycle.Curve(lifecycle.EXPONENTIAL, 0.05)
    assert fast.text == "0.95^days"
    assert lifecycle.retention(10.0, fast) == pytest.approx(0.95**10)
    m = mem(0.6)
    days = lifecycle.days_until_below(m, 0.2, T0, fast)
    assert days == pytest.approx(math.log(0.2 / 0.6) / math.log(0.95))
    assert lifecycle.effective_importance(m, T0 + timedelta(days=days), fast) == pytest.approx(0.2)
    assert days < lifecycle.days_until_below(m, 0.2, T0)
    stable = mem(1.0, stability=2.0)
    at = T0 + timedelta(days=2)
    slow_rate = lifecycle.Curve(lifecycle.EBBINGHAUS, 0.05)
    assert lifecycle.effective_importance(stable, at, slow_rate) == pytest.approx(math.exp(-1)), "stability, not rate"
