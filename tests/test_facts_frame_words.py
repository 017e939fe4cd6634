"""Issue 24, precision: a verb of wanting or needing, or a season, is a sentence frame, not a shared topic.

Found in the paraphrase bench's store (statements written for recall, never for these rules): "I need new glasses,
my prescription changed" superseded "I need to renew my passport before October" (the shared "need" was the
correction's topic), and "I want to replace new running shoes this autumn" superseded "I want to replace a blue
raincoat this autumn" ("want" and "autumn"). The issue: sharing a frame is not enough. Sentences of my own.
"""

from __future__ import annotations

import pytest
from fact_pairs import found


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I need to book the car for its MOT", "I need a new mattress, mine changed shape"),
        ("I want to replace the old sofa this winter", "I want to replace new hiking boots this winter"),
        ("We plan to visit Oslo in spring", "We changed our plan, the kitchen gets redone in spring"),
    ],
)
def test_a_shared_frame_is_no_topic(old: str, new: str) -> None:
    assert not found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I want to visit Oslo this winter", "Change of plan: we want to visit Bergen this winter, not Oslo"),
        ("I need 8 hours of sleep", "Actually I need 9 hours of sleep"),
    ],
)
def test_the_same_fact_in_that_frame_still_updates(old: str, new: str) -> None:
    assert found(new, old)


def test_ignore_what_i_said_is_a_correction_not_a_take_back() -> None:
    """A message that states a value and ends "ignore what I said" corrects an earlier message: it is kept (it was
    refused as taken back, and the correction was lost); "ignore that" alone still takes the message back."""
    from hippocampus.core.junk import noise

    assert noise("Mechanic says every 12,000 miles for this car so ignore what I said") == ""
    assert noise("I might move to Leeds. Ignore that.") == "taken back"
