"""A message taken back in the same breath is never stored (`core.junk.noise`: "taken back"); a statement that
only ends on the same words is a fact like any other ("she won't let anyone forget it" was refused by `remember`
as taken back, found by a blind fixture). Both sides, in sentences of my own."""

from __future__ import annotations

import pytest

from hippocampus.core.junk import noise


@pytest.mark.parametrize(
    "text",
    [
        "Forget it.",
        "ok never mind",
        "My flight is at 6, never mind",
        "no wait, don't save that",
        "scratch that",
        "My sister is Ana. Actually, forget that!",
        "Ignore that",
        "Lo que dije del vuelo, olvídalo",
        "Ich bin 40. Vergiss es.",
        "その話は忘れて",
    ],
)
def test_a_message_taken_back_is_never_stored(text: str) -> None:
    assert noise(text) == "taken back"


@pytest.mark.parametrize(
    "text",
    [
        "Sofía's 7 now and she won't let anyone forget it",
        "I'll never forget that",
        "Grandad says he'll never forget it",
        "he told me to ignore that",
        "My son's teacher said to never mind the spelling for now",
    ],
)
def test_a_statement_that_ends_on_those_words_is_kept(text: str) -> None:
    assert noise(text) == ""
