"""Issue 24, precision fourth pass: another attribute of the same subject (branch `facts18`).

The newer shares the older's subject ("the garage", "Nadia") or one of its values ("Thursday", "Leith") and states
another attribute of it in words of its own. No test of this pass was kept (BENCHMARKS.md: each candidate lost more
catches than it removed look-alikes), so the look-alikes are strict xfails that say what is still wrong, and the
corrections of the same shapes are the side any later test must keep. Sentences of my own.
"""

from __future__ import annotations

import pytest

from hippocampus.core.facts import updates

CORRECTIONS = [
    # the same attribute of the same subject, said with an update word: must stay taken
    ("The garage rent is £300 a month.", "The garage rent went up to £340 a month."),
    ("My pottery class is on Thursdays.", "Pottery moved to Fridays."),
    ("The boiler service is booked for 4 March.", "The engineer rescheduled the boiler service to 11 March."),
    ("My bike lock code is on the blue tag.", "I mixed up the tags, the lock code is on the red one."),
]

LOOK_ALIKES = [
    # another attribute of one subject, in words of its own: both hold
    ("The garage rent is £300 a month.", "The electricity at the garage went up to £25 a month."),
    (
        "The choir practises on Thursday evenings.",
        "Our concert at St Cuthbert's got rescheduled to a Thursday evening.",
    ),
    # the newer gives no value the older does not already state
    ("Nadia keeps sending me photos from Leith", "My cousin Nadia just moved to Leith"),
]


@pytest.mark.parametrize(("old", "new"), CORRECTIONS)
def test_the_same_attribute_said_anew_updates(old: str, new: str) -> None:
    assert updates(new, old)


@pytest.mark.xfail(strict=True, reason="fourth pass: no general test kept (BENCHMARKS.md, facts18)")
@pytest.mark.parametrize(("old", "new"), LOOK_ALIKES)
def test_another_attribute_of_one_subject_leaves_both(old: str, new: str) -> None:
    assert not updates(new, old)
