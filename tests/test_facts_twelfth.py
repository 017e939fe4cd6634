"""Issue 24, twelfth pass: four causes of missed corrections, fixed as causes.

In sentences of my own (none from a fixture), both sides:
1. a name both statements say is what they are about (the anchor), when another value changes; and a person by
   role owned by that name ("Theo's sister") is another person;
2. a near spelling of the older's name or number, with a typo or spelling cue (or chat's "*"), is its correction;
3. a named thing ended or left ("no more X", "cancelled the X", "I've left the X", "disregard the X", "mudamos da X
   para a Y") leaves the older's value behind, a name only;
4. a date or time move whose anchor is a number both say ("the 25th anniversary trip") or a thing shared with
   people ("our quiz nights with the neighbours").
"""

from __future__ import annotations

import pytest
from fact_pairs import found

from hippocampus.core import spelling


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # 1. a shared name is the anchor; the value that changes is another one
        ("Our dog Biscuit is 6", "The vet says Biscuit is actually 8."),
        ("Maya is in Brownies", "Maya has moved up to Guides now."),
        ("O aniversário do Tomás é em 3 de março.", "Confundi com o da Inês. O do Tomás é 13 de abril."),
        (
            "Notre voisin Paul est professeur chez Lycée Hugo.",
            "En fait, Paul travaille pour Lycée Zola, pas Lycée Hugo.",
        ),
        ("Our grandson Theo is 6", "Theo turned seven last week"),
        # 2. a near spelling with a cue of its kind, the older's value not said again
        ("My physio is Dr. Okonkwo at City Clinic", "Okonkow — I always misspell it. Sorry!"),
        ("My new flat is 128 Elm Road", "Typo: 182 Elm Road."),
        ("The bakery we like is on Brunswik St", "Brunswick St*"),
        ("our book club meets at St. Luke's hall", "typo, it's St. Lucy's hall. Luke's is the one by the station"),
        # 3. a named thing ended or left
        ("I'm a member of the Riverside Tennis Club", "I've left the Riverside Tennis Club, the fees went up."),
        ("We get the Courier delivered on Saturdays", "Cancelled the Courier, we read the news online."),
        ("I take 5mg of Ramipril in the morning", "No more Ramipril, my GP switched me to something else."),
        ("Our lawnmower is a Flymo", "Disregard the Flymo thing, that was years ago. We got a Honda in May."),
        ("A gente tem internet da Vivo.", "Mudamos da Vivo para a Claro em janeiro."),
        # 4. a date or time move anchored by a shared number or a thing shared with people
        ("Our 25th anniversary trip is booked for May 3", "We had to move the 25th anniversary trip to May 10"),
        ("Our Friday quiz nights with the neighbours are at 8", "We've moved Friday quiz night to 7:30 now"),
    ],
)
def test_corrections(old: str, new: str) -> None:
    assert found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # 1. two names, or a shared name with a thing of another topic, or someone the name owns
        ("Harper's birthday is July 21", "Liam's birthday is July 12"),
        ("Harper's birthday is July 21", "Actually Liam's birthday is July 12"),
        ("O aniversário da Harper é 21 de julho.", "Agora o aniversário do Liam é 12 de julho."),
        ("Noah plays hockey", "Noah watches the Flames games now"),
        ("Noah plays hockey on Saturdays", "Noah has swimming on Sundays now"),
        ("Our dog Biscuit is 6", "Biscuit's vet is Dr Amin now."),
        ("Theo is 6", "Theo's sister turned seven last week"),
        ("Maya is in Brownies", "Maya's friend Zoe has moved up to Guides now."),
        # 2. a near spelling of another person's name, or no cue of its kind
        ("My brother is Mark", "Typo earlier: my sister is Mary."),
        ("My dentist is Dr. Patel", "Dr. Patil is my GP, spelled with an i"),
        ("My neighbour Mark is 40", "My colleague Mary is 41 btw"),
        ("Our flat is number 128", "The bus I take is the 182"),
        # 3. a thing left that is no name, a trip, "no more than"
        ("I live in Paris", "We left Paris on Monday after the conference."),
        ("My sister lives in Lisbon", "I left Lisbon last night."),
        ("My umbrella is green", "I left my umbrella at the office."),
        ("I take vitamin D every morning", "No more than two coffees a day for me."),
        ("I take 5mg of Ramipril in the morning", "My dad takes Ramipril too."),
        # 4. a shared number alone is no anchor; a thing shared with people is not theirs
        ("Dinner with my parents is at 6", "Actually the gym class is at 6 now"),
        ("Our 10th anniversary dinner is at Luigi's", "We moved the 10th birthday party to Saturday"),
    ],
)
def test_look_alikes(old: str, new: str) -> None:
    assert not found(new, old)


def test_near_spellings() -> None:
    assert spelling.near("abernethy", "abernathy") and spelling.near("1624", "1642") and spelling.near("mary", "mark")
    assert spelling.near("tattersall", "tattersal") and spelling.near("princess", "princes")
    assert (
        not spelling.near("mark", "mark") and not spelling.near("12", "twelve") and not spelling.near("paris", "perth")
    )


def test_spelling_probes_only_with_a_cue() -> None:
    assert "abernathi" in spelling.probes("Abernethy, with an e")
    assert spelling.probes("Abernethy is my cardiologist") == ()
    assert "1642" in spelling.probes("I typed it backwards: 1624")
