"""Issue 24, precision: what a statement leaves behind is the thing it stopped, not when it stopped.

Found outside the facts fixtures: in the paraphrase bench's store (320 short statements written for recall,
never for the update rules), "I stopped eating meat two years ago" superseded "My laptop battery barely lasts
two hours now" and "We adopted two goldfish for the kids": the value left behind read "meat two", and a shared
"two" was taken for the older's value. A time said after the thing ("… two years ago", "hace dos años") is
when, not what. Sentences of my own, both sides.
"""

from __future__ import annotations

import pytest
from fact_pairs import found

from hippocampus.core.claims import parsed


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("I stopped eating meat two years ago", {"meat"}),
        ("I stopped going to the gym a few weeks ago", {"gym"}),
        ("We gave up the allotment about three months ago", {"allot"}),
    ],
)
def test_when_a_thing_was_left_is_not_what_was_left(text: str, left: set[str]) -> None:
    assert parsed(text).left == frozenset(left)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My phone battery only lasts two hours", "I stopped drinking coffee two weeks ago"),
        ("We have three chickens in the garden", "I gave up sugar three months ago"),
        ("My commute takes two hours a day", "I stopped using Instagram two years ago"),
    ],
)
def test_a_shared_number_of_when_updates_nothing(old: str, new: str) -> None:
    assert not found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I drink coffee every morning", "I stopped drinking coffee two weeks ago"),
        ("I'm on Instagram a lot", "I stopped using Instagram two years ago"),
        ("I pay £12 a month for Spotify", "I switched from Spotify to Tidal a month ago"),
    ],
)
def test_the_thing_left_behind_still_updates(old: str, new: str) -> None:
    assert found(new, old)
