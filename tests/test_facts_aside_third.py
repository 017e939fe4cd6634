"""Issue 24, third precision pass: a newer statement whose correction verb governs another thing than the older's
fact supersedes nothing (`core.target`, through `core.asides` and the value-only route of `core.facts`).

In sentences of my own (none from a fixture), both sides:
1. the verb's object is a thing the older never says, while the older names its own ("cancelled the Spotify
   family [plan]" / "I listen to podcasts on Spotify");
2. a passive or intransitive verb said of such a thing ("the Riverside club's annual [dinner] got moved"; these
   two were already kept apart by `core.whose`, and must stay so);
3. what still updates: the object is the older's thing ("moved my dentist appointment"), a value of the older's
   is left behind elsewhere ("moved my savings from Barclays"), the object is a kind of value ("changed the
   cat's name"), another clause of the message updates ("I'm in York now, we sold the Leeds flat"), a thing
   named by its value ("sold the Civic"), a shared qualifier ("my citalopram dose").
"""

from __future__ import annotations

import pytest
from fact_pairs import found

from hippocampus.core import claims, target
from hippocampus.core.similarity import features


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # 1. the object is another thing (each superseded before this pass)
        ("I listen to podcasts on Spotify.", "We cancelled the Spotify family plan."),
        ("I read the Guardian every morning.", "I cancelled the Guardian crossword app."),
        ("Pepper weighs 6 kilos.", "We swapped Pepper's old collar for a reflective one."),
        # 2. said of its subject (kept apart before this pass too)
        ("I run with the Riverside club on Thursdays.", "The Riverside club's annual dinner got moved to March."),
        ("My spin class is Tuesday evenings at the gym.", "The gym sauna's closed, so the steam room's cancelled too."),
    ],
)
def test_another_thing_governed_supersedes_nothing(old: str, new: str) -> None:
    assert not found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My dentist appointment is on Tuesday.", "They moved my dentist appointment to Friday."),
        ("I bank with Barclays.", "I moved my savings from Barclays to Monzo."),
        ("Our cat is called Smudge.", "We changed the cat's name to Pixel."),
        ("The gym opens at 6am.", "The gym changed its hours, it opens at 7am now."),
        ("Ma réunion d'équipe est le mardi.", "Ma réunion d'équipe a été déplacée au jeudi."),
        ("I live in Leeds.", "I'm in York now, we sold the Leeds flat."),
        ("My yoga class is on Wednesdays.", "The teacher moved yoga class to Fridays."),
        ("I drive a Honda Civic.", "I sold the Civic, I drive a Tesla now."),
        ("My flight to Oslo is on 3 May.", "The Oslo flight got pushed back to 5 May."),
        ("I take 20mg of citalopram.", "The GP upped my citalopram dose to 30mg."),
        ("I use Dropbox for my photos.", "I switched my photos from Dropbox to iCloud."),
    ],
)
def test_the_older_thing_governed_still_updates(old: str, new: str) -> None:
    assert found(new, old)


@pytest.mark.parametrize(
    ("text", "governed"),
    [
        ("We cancelled the Spotify family plan.", "family plan"),  # the name is a value
        ("We swapped Pepper's old collar for a reflective one.", "old collar"),  # the possessor is whose
        ("The Riverside club's annual dinner got moved to March.", "annual dinner"),  # a passive's subject
        ("Hugo a changé de voiture.", "voiture"),  # "changer de"
        ("I stopped going to the pool.", ""),  # "going" is no noun phrase
        ("Caio turned 17 yesterday.", ""),  # nor is "yesterday"
        ("We changed the cat's name to Pixel.", ""),  # a kind of value: the older's value's attribute
        ("Disregard the Toro thing.", ""),  # a noun of no kind
        ("Non è grigia, è blu scuro.", ""),  # a copula's complement is the new value
        ("I'm in York now, we sold the Leeds flat.", ""),  # another clause updates
    ],
)
def test_target_read_by_grammar(text: str, governed: str) -> None:
    assert target.target(claims.parsed(text)) == claims.content_of(features(governed))
