"""Issue 24, eleventh pass: the cue-led route generalised by grammar.

In sentences of my own (none from a fixture), both sides: a verb of change said as "<verb> … to <value>" or
"<verb> … from <old> to|into <new>", whatever the verb; a number word as its digits; a value left behind by
"not" inside a longer text or at the opening of another language's sentence; and the look-alikes each must
leave alone (a trip from one place to another, a state "limited to", a number word that is the same value).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fact_pairs import found

from hippocampus.core import anchors, claims, newer
from hippocampus.core.model import Memory
from hippocampus.core.ranking import Hit


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # "<verb> … to <value>", a verb in the past that is no cue word
        ("The kitchen fitting is booked for 9 June", "the builders are behind so the kitchen fitting slid to 23 June"),
        ("I run three times a week", "knee trouble, so I've scaled my running back to two times a week"),
        ("I smoke ten cigarettes a day", "cut down to five cigarettes a day since January"),
        # "<verb> … from <old> to|into <new>", whatever the verb; the older's value is left behind
        ("My electricity is with Octopus", "Transferred the electricity account from Octopus to EDF last month"),
        ("My savings are with Barclays", "I shifted all my savings over from Barclays into a Marcus account"),
        ("We get our veg box from Riverford", "We went with Abel & Cole over Riverford for the veg box"),
        # "swap X for Y" in Portuguese, German "von X auf Y" with a participle of change
        ("Uso o Chrome no portátil", "troquei o Chrome pelo Firefox no portátil"),
        ("Ich fahre einen Opel", "Von dem Opel bin ich auf einen Skoda umgestiegen"),
        # a value left behind by "not" inside a longer text, or opening another language's sentence
        ("My gas bill is £80 a month", "It's £95 a month not £80 — the supplier put the gas bill up"),
        ("Tomas arrives on the 3rd", "Tomas lands on the 4th, not the 3rd, his flight got changed"),
        ("Il mio treno per Roma parte da Termini", "Non da Termini: il treno per Roma parte da Tiburtina"),
    ],
)
def test_a_verb_of_change_updates(old: str, new: str) -> None:
    assert found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a trip from one place to another is no change of where one lives, nor of a provider
        ("I live in Bristol", "We drove from Bristol to Cardiff on Saturday"),
        ("I live in Leeds", "I walked from Leeds to York for charity"),
        # a state, not a change: "is limited to", an intention "wanted to"
        ("I drink three coffees a day", "My coffee is limited to two cups on weekdays"),
        ("I go swimming on Mondays", "I wanted to swim on Tuesdays too"),
        # the same value in words and digits is no change
        ("My daughter is 7", "My daughter is seven and loves horses"),
        # a range from one number to another with no verb of change
        ("My shift is from 9 to 5", "The pharmacy is open from 8 to 6 on Saturdays"),
        # a choice of another thing altogether
        ("I use Spotify for music", "We went with Ikea over Habitat for the new sofa"),
    ],
)
def test_look_alikes_stay(old: str, new: str) -> None:
    assert not found(new, old)


def test_number_words_are_their_digits() -> None:
    a, b = claims.parsed("my son is eight now"), claims.parsed("my son is 8")
    assert "number" not in anchors.changed(a, b)
    c = claims.parsed("my son is nine now")
    assert "number" in anchors.changed(c, b)


def test_the_value_left_behind_is_the_olders() -> None:
    a, b = claims.parsed("Ported the landline from BT to Sky"), claims.parsed("Our landline is with BT")
    assert "bt" in a.left
    assert "name" in anchors.changed(a, b)  # BT is left behind: the newer's value is Sky


def _hit(text: str, days: int) -> Hit:
    at = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(days=days)
    return Hit(Memory(f"m{days}", text, created=at, last_accessed=at), 1.0, 1.0, 0.5, 1.0)


def test_newer_first_leaves_two_things_alone() -> None:
    old, new = "My sister Ana lives in Porto", "My brother Rui works in Braga"
    out = newer.newer_first([_hit(old, 0), _hit(new, 5)])
    assert [h.memory.content for h in out] == [old, new] and not any(h.updated for h in out)
