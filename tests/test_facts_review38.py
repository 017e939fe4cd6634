"""Issue 24, stop 38's review of its four rules passes: each row failed on the merged passes before the fix, and the
rows that update held at stop 37 (`f9073bb`). Sentences of the reviewer's and mine, both sides."""

from __future__ import annotations

import pytest
from fact_pairs import found


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a first name ending in "s" is no German genitive ("Noras Mann"): "Carlos García" is Carlos
        ("Carlos lives in Sevilla", "Carlos García lives in Madrid now"),
        ("Thomas wohnt in Berlin", "Thomas Müller wohnt jetzt in Köln"),
        # "in" names a place, not an owner: the gym in Leeds is the speaker's gym
        ("My gym opens at 7am", "The gym in Leeds changed its opening hours to 6am"),
    ],
)
def test_still_an_update(old: str, new: str) -> None:
    assert found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # "instead of" is whole words: "dal posto di lavoro" is no "al posto di"
        ("Marco lavora a Roma", "Marco è tornato dal posto di lavoro a Milano"),
        # a one-letter conjunction is no letter said: "con un o dos" spells nothing
        ("Voy con Ana a Sevila", "Voy con un o dos amigos a Sevilla"),
    ],
)
def test_not_an_update(old: str, new: str) -> None:
    assert not found(new, old)
