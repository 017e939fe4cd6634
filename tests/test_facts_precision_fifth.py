"""Issue 24, precision fifth pass: the newer's subject is a thing related to the older's (branch `facts20`).

The newer names the older's thing, but as the owner of what it is about: a part said as a possessive ("the van's
tyres"), a person of it ("le frère de Karim", "our club treasurer"), another thing of one kind said as an English
compound beside a thing of the older's own ("the club dinner" / "Club training is on Tuesdays"). `core.related`
splits the phrase into its head and its owner. The corrections of the same shapes are the side it must not take.
Sentences of my own.
"""

from __future__ import annotations

import pytest

from hippocampus.core import claims, related
from hippocampus.core.facts import updates

CORRECTIONS = [
    # the head is the older's thing: still taken
    ("Club training is on Tuesdays at 7pm.", "Club training got moved to Thursdays."),
    ("My van is a white Transit.", "Sold the van, I drive a Caddy now."),
    ("The piano lesson is on Mondays.", "The piano lesson moved to Wednesdays."),
    ("Karim's flight lands at 6pm.", "Karim's flight was moved to 9pm."),
    # a value-kind head names the older's attribute: "the name of the dog", not another thing
    ("Notre chat s'appelle Moka.", "On a changé le nom du chat, il s'appelle Praline maintenant."),
    # the speaker's own thing, changed by another ("rescheduled me"), and a name followed by "'s" = "has"
    ("My dental check-up is on 3 May at 10am.", "The dental practice rescheduled me. My check-up is on 9 May now."),
    ("My physio appointment is on Wednesday at 4pm.", "The physio clinic moved me to Friday."),
    ("The router is in the hall.", "The router's moved to the study."),
]

LOOK_ALIKES = [
    # a part of the older's thing, said as a possessive (a plural possessor too)
    ("My van is a white Transit.", "Swapped the van's tyres for winter ones."),
    ("The roofers start at 7 am.", "The roofers' scaffolding got moved to the back garden."),
    # a person of the older's thing: "X de Y", a possessive, an English compound whose head is a person
    ("Karim travaille de nuit.", "Le frère de Karim ne travaille plus de nuit."),
    ("Karim lives in Leeds.", "Karim's sister moved to York."),
    ("I play cello in the orchestra.", "Our orchestra conductor quit last week."),
    # another thing of one kind, an English compound beside a thing the older names of its own
    ("Club training is on Tuesdays at 7pm.", "The club dinner got moved to 12 May."),
    ("The workshop has a Bosch table saw.", "Replaced the workshop lights with LED panels."),
]


@pytest.mark.parametrize(("old", "new"), CORRECTIONS)
def test_a_correction_of_the_older_thing_updates(old: str, new: str) -> None:
    assert updates(new, old)


@pytest.mark.parametrize(("old", "new"), LOOK_ALIKES)
def test_a_related_thing_leaves_both(old: str, new: str) -> None:
    assert not updates(new, old)


def test_split_reads_head_and_owner() -> None:
    assert related.split(["the", "van's", "tyres"]) == (["tyres"], ["van"], "possessive")
    assert related.split(["le", "frère", "de", "karim"]) == (["frère"], ["karim"], "of")
    assert related.split(["the", "club", "dinner"]) == (["dinner"], ["club"], "compound")
    assert related.split(["sarah", "okafor's"]) == (["sarah", "okafor's"], [], "")  # "has", no owner


def test_a_head_the_older_says_is_the_older_thing() -> None:
    old = claims.parsed("The van's tyres are worn.")
    assert not related.related(claims.parsed("The van's tyres got replaced."), old)
