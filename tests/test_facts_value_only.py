"""A correction that names no thing of its own, only the value it leaves behind ("It's Wednesday, not Tuesday"):
it corrects the one statement that says that value, and none where several do (`core.anchors.value_only`,
`core.facts.replaced`). Sentences of my own; both sides, and the store's two paths (remember, ingest)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from fact_pairs import one_holder

from hippocampus.core import facts
from hippocampus.core.config import Config

NOW = datetime(2026, 5, 4, 9, tzinfo=timezone.utc)
CONFIG = Config()


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The new fridge is being delivered on Tuesday", "It's Thursday, not Tuesday"),
        ("Our train to York leaves at 7.15", "Typo before: 7.51, not 7.15"),
        ("Grandma's party is on 12 June", "No, the 21st, not the 12th."),
        ("my yoga class is every Monday", "No: Wednesdays, not Mondays"),
        ("Wir treffen uns am Freitag bei Jonas", "Samstag, nicht Freitag."),
    ],
)
def test_a_value_left_behind_with_nothing_else_said_corrects_its_statement(old: str, new: str) -> None:
    assert facts.updates(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # the newer names a thing of its own: about that thing, not the older's
        ("My PT session is on Tuesday", "Not Tuesday, the recycling goes out on Thursday."),
        ("Our house number is 27", "The flat is on floor 7, not 27."),
        # no value left behind, or a person, or a word that is no value
        ("The fridge is being delivered on Tuesday", "It's Thursday."),
        ("My brother smokes.", "I quit smoking."),
        ("My cousin is Ana", "It's Ben, not my cousin."),
    ],
)
def test_a_newer_with_a_thing_of_its_own_or_no_value_left_is_no_such_correction(old: str, new: str) -> None:
    assert not facts.updates(new, old)


def test_several_statements_saying_the_value_are_a_guess_and_none_is_replaced() -> None:
    olds = ["The fridge is being delivered on Tuesday", "My PT session is on Tuesday"]
    assert facts.replaced("It's Thursday, not Tuesday", olds) == []
    assert facts.replaced("It's Thursday, not Tuesday", olds[:1]) == [0]
    # a newer naming its thing replaces what it names, however many say the value
    assert facts.replaced("The PT session is on Thursday now, not Tuesday", olds) == [1]


@pytest.mark.parametrize("path", ["remember", "ingest"])
def test_through_the_store_one_holder_is_corrected_and_two_staycurrent(tmp_path: Path, path: str) -> None:
    fridge, pt, fix = (
        "The fridge is being delivered on Tuesday",
        "My PT session is on Tuesday",
        "It's Thursday, not Tuesday",
    )

    one_holder(path, tmp_path, fridge, pt, fix, NOW)
