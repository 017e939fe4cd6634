"""Issue 24, fourteenth pass: the older's word named as left behind by a negation, in a clause of its own, anywhere
in the sentence and in every supported language (`core.denials`: "almonds, not hazelnuts!" / "Ruth is allergic to
hazelnuts"). A bare negation with no word of the older's is nothing; a clause beside the denial that has a topic of
its own is another thing; where several current memories say the denied word, none is replaced (`core.facts.replaced`).
Sentences of my own, both sides, and the store's two paths (remember, ingest)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from fact_pairs import found, one_holder

from hippocampus.core import claims, days, denials, facts
from hippocampus.core.config import Config

NOW = datetime(2026, 6, 2, 9, tzinfo=timezone.utc)
CONFIG = Config()


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Ruth is allergic to hazelnuts", "almonds, not hazelnuts!"),
        ("Unser Hund heißt Bello.", "Eigentlich heißt er Rex, nicht Bello."),
        (
            "Ma sœur habite à Lyon, dans le quartier de Croix-Rousse.",
            "Je mélange tout : c'est Confluence, pas Croix-Rousse.",
        ),
        ("Le jardinier passe le 12 du mois.", "Pas le 12, le 15. Je me suis trompé."),
        ("La banda suona Verdi a Natale.", "Non Verdi, Puccini: suoniamo Puccini."),
        ("O meu carro é um Fiat azul.", "Renault, não Fiat."),
        ("The garage door is painted red.", "grey, not red"),
    ],
)
def test_a_word_of_the_older_denied_in_a_clause_of_its_own_replaces_it(old: str, new: str) -> None:
    assert found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My yoga class is on Monday.", "Not Monday, the recycling goes out on Thursday."),  # a topic of its own
        ("Our room number is 12.", "Our flat is on floor 2, not 12."),
        ("My niece goes to Oakfield School.", "Not Oakfield Lane, the fair is on Elmfield Lane."),
        ("Ruth is allergic to hazelnuts", "I'm not sure, I'll ask Ruth."),  # a bare "not": no word of the older's
        ("Ruth is allergic to hazelnuts", "no, wait, that's right"),
        ("Ruth is allergic to hazelnuts", "Pas les noisettes."),  # nothing said in its place
    ],
)
def test_what_is_no_denial_of_the_older_word_replaces_nothing(old: str, new: str) -> None:
    assert not found(new, old)


def test_a_denial_is_a_clause_of_a_negation_an_article_and_a_word_or_two() -> None:
    assert denials.denied("cashews, not peanuts!") == frozenset({"peanut"})
    assert denials.denied("Pas le 5, le 8.") == frozenset({"5"})
    assert denials.denied("I'm not sure about the peanuts") == frozenset()  # not a clause of its own
    assert denials.named("half 9, not 8", claims.parsed("quiz night is at 8pm")) == frozenset({"8"})  # an hour


def test_the_store_takes_one_memory_saying_the_denied_word_and_none_of_two() -> None:
    ruth, jam = "Ruth is allergic to hazelnuts", "Sam loves hazelnuts in his porridge"
    assert facts.replaced("almonds, not hazelnuts!", [ruth]) == [0]
    assert facts.replaced("almonds, not hazelnuts!", [ruth, jam]) == []


@pytest.mark.parametrize("path", ["remember", "ingest"])
def test_through_the_store_a_denial_replaces_one_memory_and_leaves_two(tmp_path: Path, path: str) -> None:
    ruth, jam = "Ruth is allergic to hazelnuts", "Sam loves hazelnuts in his porridge"
    fix = "it's almonds, not hazelnuts. I mixed them up"  # a few words more: ingest keeps no bare "almonds, not …"

    one_holder(path, tmp_path, ruth, jam, fix, NOW)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("O aniversário da Inês é no sábado, dia 12.", "Afinal passou para domingo, dia 13."),
        ("A reunião de pais é a 9 de maio.", "Enganei-me, é a 19 de maio."),
        ("The movers come on 4 June", "they asked to come on 6 June instead"),
        ("O jantar dos avós é na sexta, dia 20", "Mudamos pra sábado, dia 21"),
    ],
)
def test_a_day_said_anew_of_a_pronoun_or_no_subject_replaces_the_older_date(old: str, new: str) -> None:
    assert days.said_anew(new, old)
    assert facts.updates(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The book fair is on June 5.", "The staff party got pushed to June 12."),  # a thing of its own, its date
        ("Tengo cita con el oculista el 20 de mayo.", "Me cambiaron la cita del fisio al 27 de mayo."),
        ("The movers come on 4 June", "The movers come on 4 June, I checked"),  # the same day
        ("The movers come on 4 June", "they come on 6 June"),  # no cue: a second date may be another thing's
        ("The movers come on 4 June", "Marta's is on 6 June now, she moved it"),  # a person the older does not name
        ("The movers come on 4 June and the cleaners on 5 June", "they asked to come on 6 June instead"),  # two dates
    ],
)
def test_a_date_of_another_thing_or_no_change_is_no_date_said_anew(old: str, new: str) -> None:
    assert not days.said_anew(new, old)


def test_the_store_takes_one_memory_holding_a_date_and_none_of_two() -> None:
    movers, dentist = "The movers come on 4 June", "My dentist appointment is on 3 June"
    new = "they asked to come on 6 June instead"
    assert facts.replaced(new, [movers]) == [0]
    assert facts.replaced(new, [movers, dentist]) == []


def test_an_hour_denied_finds_the_time_it_corrects() -> None:
    assert {"8am", "8pm"} <= set(denials.probes("half 8, not 8"))
    assert found("half 8, not 8", "quiz night is at 8pm")


def test_a_portuguese_cue_is_a_whole_word_not_part_of_a_name() -> None:
    assert claims.parsed("Errei: é às 16h").correction
    assert not claims.parsed('I just finished listening to "Winterreise" and loved it').correction  # "errei" in it
