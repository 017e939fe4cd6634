"""Issue 24, fifteenth pass: a dated or timed plan moved, said with a cue and a word of its event or none
(`core.moves`), and a name given anew by a verb of naming, of a pronoun, of the older's head noun or of nothing
(`core.renames`); where only the value's kind ties the newer to a memory, the store takes one memory and none of two
(`core.restatements.one_holder`, through `core.facts.replaced`). Sentences of my own, both sides, and the store's two
paths (remember, ingest)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from fact_pairs import found, one_holder

from hippocampus.core import facts, moves, renames
from hippocampus.core.similarity import features

NOW = datetime(2026, 6, 2, 9, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The plumber is booked for Tuesday the 3rd", "they rang and moved it to Friday the 6th"),
        ("Our ferry to Skye leaves on 4 June", "the ferry got pushed, now sailing 7 June"),
        ("Das Sommerfest ist am 12. Juli", "Fest wurde verschoben, jetzt am 19. Juli"),
        ("A reunião de pais é às cinco da tarde", "Mudaram a reunião para as seis e meia"),
        ("my aunt is visiting on the 3rd of June", "she's coming the 10th now"),
        ("The piano recital is at 6pm", "the recital got moved, it starts at 7 now"),
        ("Our sailing boat is called Petrel", "We rebaptised her Kittiwake after the refit"),
        ("Mi gato se llama Tigre", "Lo rebautizamos Sultán, le queda mejor"),
        ("The bakery on the corner is Crumbs", "the bakery rebranded, it's Dough & Co now"),
        ("Meine Katze heißt Mimi", "Sie heißt jetzt Luna, die Kinder wollten das so"),
        ("Our book club is called The Page Turners", "we renamed it to 'Spine Breakers' last month"),
        ("La nostra barca si chiama Stella", "L'abbiamo ribattezzata Onda dopo il restauro"),
    ],
)
def test_a_plan_moved_or_a_name_given_anew_replaces_the_older(old: str, new: str) -> None:
    assert found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I swim on Mondays.", "Pilates moved to Wednesdays."),
        ("The book club meets on 5 March", "The budget meeting got pushed to 12 March"),
        ("The kids' dentist is on the 3rd of May", "my sister's wedding moved to the 10th"),
        ("Gym opens at 6am", "the pool now closes at 9, not 10"),
        (
            "The plumber is booked for Tuesday the 3rd",
            "the plumber is booked for Tuesday the 3rd and the electrician on the 9th",
        ),
        ("My dog is called Rex", "My neighbour renamed her cat Mochi"),
        ("My brother is called Tom", "My band is called Velvet Fog now"),
        ("Our cat is called Miso", "the café down the road rebranded as Bean There"),
        ("My manager is Sandra", "Sandra's team got renamed to Platform"),
        ("Our flight is on 9 May", "we're flying on 9 May now"),
    ],
)
def test_another_plan_another_holder_or_no_change_replaces_nothing(old: str, new: str) -> None:
    assert not found(new, old)


def test_the_value_kinds_a_move_reads() -> None:
    assert moves.dates("he's coming the 16th now") == {(16, 0)}
    assert moves.dates("on Thursday the 9th, the 9th of July") == {(9, 7)}  # one date, its month once said
    assert moves.dates("I'm on the 4th floor") == frozenset()
    assert moves.times("O coro ensaia às nove da noite.") == {(9, 0)}
    assert moves.times("para as oito e meia") == {(8, 30)}
    assert moves.times("at 7pm") == moves.times("at 7 in the evening") == {(7, 0)}
    assert moves.weekdays("babysitting next sat") == {"sat"}
    assert moves.kind_moved("Final's moved, now Sat 29 Nov", "the final is on Friday 21 November") == "date"
    assert moves.kind_moved("we're flying on 9 May now", "Our flight is on 9 May") == ""


def test_the_names_a_rename_gives() -> None:
    assert renames.gives_name("The choir director is Maestro Paulo Viana")
    assert renames.gives_name("Il nostro camper si chiama 'Gaivota'.")
    assert not renames.gives_name("The choir meets on Thursdays")
    assert renames.names("the nursing students' group chat is 'Ninety'") == features("Ninety")
    assert "group" not in renames.names("the nursing students' group chat is 'Ninety'")  # an apostrophe, no quote


def test_the_store_takes_one_memory_a_bare_move_or_rename_can_mean_and_none_of_two() -> None:
    plumber, dentist = "The plumber is booked for Tuesday the 3rd", "Dentist check-up on Wednesday the 11th"
    moved = "they rang and moved it to Friday the 6th"
    assert facts.replaced(moved, [plumber]) == [0]
    assert facts.replaced(moved, [plumber, dentist]) == []
    boat, cat = "Our sailing boat is called Petrel", "The cat is called Miso"
    renamed = "We rebaptised her Kittiwake after the refit"
    assert facts.replaced(renamed, [boat]) == [0]
    assert facts.replaced(renamed, [boat, cat]) == []
    assert facts.replaced("the bakery rebranded, it's Dough & Co now", ["The bakery on the corner is Crumbs", cat]) == [
        0
    ]


@pytest.mark.parametrize("path", ["remember", "ingest"])
def test_through_the_store_a_bare_move_replaces_one_plan_and_leaves_two(tmp_path: Path, path: str) -> None:
    aunt, ferry = "My aunt arrives on the 3rd of June", "The ferry to Skye is booked for 20 June"
    fix = "she's coming the 10th now"
    one_holder(path, tmp_path, aunt, ferry, fix, NOW)


@pytest.mark.parametrize("path", ["remember", "ingest"])
def test_through_the_store_a_rename_by_a_pronoun_replaces_one_name_and_leaves_two(tmp_path: Path, path: str) -> None:
    cat, car = "Meine Katze heißt Mimi", "Unser Auto heißt Blitz"
    fix = "Sie heißt jetzt Luna, die Kinder wollten das so"
    one_holder(path, tmp_path, cat, car, fix, NOW)
