"""Issue 24, thirteenth pass: a number of one kind said anew with no other word shared, its subject a pronoun or
none: an age (`core.ages`: "she turned 85 on Sunday" / "Granny May is 84") and a measure said as a bare value
(`core.measures`: "timed it this morning: more like 50 minutes" / "my commute is about 35 minutes"). Which memory
such a newer replaces is the store's question: one that holds a value of that kind, or none (`core.facts.replaced`).
Sentences of my own, both sides, and the store's two paths (remember, ingest)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from fact_pairs import found, one_holder

from hippocampus.core import ages, facts, measures
from hippocampus.core.config import Config

NOW = datetime(2026, 5, 4, 9, tzinfo=timezone.utc)
CONFIG = Config()


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Grandpa Joe is 83", "he turned 84 on Saturday, we had cake"),
        ("Mi tía tiene 56 años", "Perdón, tiene 57, los cumplió ayer"),
        ("Notre chienne Lola a 9 ans", "Lola vient de fêter ses 10 ans"),
        ("A minha sobrinha tem 6 anos", "Ela fez 7 ontem, que festa"),
        ("I'm 29, working in logistics", "I'm 30 as of Friday"),
        ("our neighbour Priya is 44", "Priya's 45 since March"),
        ("Il nostro nipote Luca ha 3 anni", "Luca ne ha compiuti 4 ieri"),
    ],
)
def test_an_age_said_anew_of_a_pronoun_a_name_or_no_one_replaces_the_older_age(old: str, new: str) -> None:
    assert found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I'm 29", "she turned 30 last week"),  # the speaker's age is said with "I" (`slots.same_holder` too)
        ("Grandpa Joe is 83", "he turned 30 last week"),  # an age moves a year or two at a time
        ("Grandpa Joe is 83", "he turned 82 on Saturday"),  # a birthday makes no one younger
        ("My daughter is 7", "my son turned 8 yesterday"),  # another holder
        ("My uncle is 58", "My uncle's wife is 59"),  # what a holder has is another holder
        ("Grandpa Joe is 83", "he's 84 minutes late"),  # a unit: no age
        ("Mi abuelo tiene 80 años", "tiene 81 vacas en la finca"),
        ("Grandpa Joe is 83", "it's 84 now"),  # "it" holds no age
        ("Grandpa Joe is 83", "mum is 84, dad is 83"),  # two ages are two people
        ("Grandpa Joe is 83", "I met his neighbour Doris. She turned 84 last week"),  # "she": the one just named
    ],
)
def test_an_age_of_another_holder_or_no_age_replaces_nothing(old: str, new: str) -> None:
    assert not facts.updates(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("my commute is about 35 minutes", "timed it this morning: more like 50 minutes"),
        ("our allotment has 6 beds", "counted again, it's 8 beds actually"),
        ("I swim 40 lengths on Saturdays", "50 lengths now, getting fitter"),
        ("the boiler needs servicing every 12 months", "the engineer says it's every 18 months"),
    ],
)
def test_a_bare_measured_value_of_the_older_unit_replaces_its_number(old: str, new: str) -> None:
    assert found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I sleep about 7 hours", "the drive to Leeds takes 3 hours"),  # a clause with its own subject and verb
        ("I sleep about 7 hours", "it's 7 hours, as I said"),  # the same value
        ("I sleep 7 hours and work 9 hours", "more like 6 hours now"),  # which of two numbers: none
        ("I run 5 km on Sundays", "it's 10 miles now"),  # another unit
        ("I run 5 km on Sundays", "5 km and then 10 km"),  # two values of the unit
    ],
)
def test_a_measure_not_said_as_one_bare_value_of_the_older_unit_replaces_nothing(old: str, new: str) -> None:
    assert not measures.restated(new, old)
    assert not facts.updates(new, old)


def test_several_memories_holding_the_kind_are_a_guess_and_none_is_replaced() -> None:
    olds = ["Grandpa Joe is 83", "Granny May is 84"]
    assert facts.replaced("she turned 85 on Sunday", olds) == []
    assert facts.replaced("she turned 85 on Sunday", olds[1:]) == [0]
    assert facts.replaced("Granny May turned 85 on Sunday", olds) == [1]  # named: no guess
    commute, lunch = "my commute is about 35 minutes", "My lunch break is 45 minutes"
    assert facts.replaced("more like 50 minutes now", [commute, lunch]) == []
    assert facts.replaced("more like 50 minutes now", [commute]) == [0]


def test_a_pronoun_age_looks_up_the_ages_it_may_replace() -> None:
    assert set(ages.probes("she turned 85 on Sunday")) == {"83", "84", "86", "87"}
    assert ages.probes("Granny May turned 85 on Sunday") == ()  # a name is looked up by its name


@pytest.mark.parametrize("path", ["remember", "ingest"])
def test_through_the_store_one_age_is_replaced_and_two_staycurrent(tmp_path: Path, path: str) -> None:
    joe, may, fix = "Grandpa Joe is 83", "Granny May is 84", "she turned 85 on Sunday, lovely lunch"

    one_holder(path, tmp_path, may, joe, fix, NOW, other_first=True)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Our cat eats Whiskas", "moved him off Whiskas onto Purina, much happier"),
        ("my phone contract is with EE", "ported over to Smarty from EE this week"),
        ("my energy supplier is Octopus", "left Octopus for EDF, cheaper tariff"),
        ("Ich fahre mit dem Bus zur Uni", "Bin vom Bus aufs Fahrrad umgestiegen"),
        ("Mi banco es Santander", "Nos hemos pasado de Santander a BBVA"),
        ("Uso l'insulina Humalog", "Sono passato da Humalog a Fiasp"),
    ],
)
def test_an_exchange_of_the_older_value_for_another_replaces_it(old: str, new: str) -> None:
    assert found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I live in Leeds", "we travelled over to York from Leeds yesterday"),  # a way of going, no exchange
        ("I live in Leeds", "flew over to York from Leeds"),
        ("I shop at Costco", "I left Costco for last, it was packed"),  # "for last" is when, no value
        ("My sister works at Tesco", "she left Tesco for Aldi"),  # another person's exchange
        ("I'm with Vodafone", "my brother left Vodafone for Three"),
        ("Ich wohne in Köln", "Bin von Köln nach Bonn gefahren"),  # a trip
    ],
)
def test_a_trip_a_time_or_another_person_s_exchange_replaces_nothing(old: str, new: str) -> None:
    assert not facts.updates(new, old)
