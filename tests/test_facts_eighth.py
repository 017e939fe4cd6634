"""Issue 24, eighth pass: each rule with cases it must catch and look-alikes it must not (own sentences, not
the fixtures'): rescheduled, switched and turned N in Spanish, Portuguese, French and German; a new choice
("gone with", "opted for") and a value that went up ("got a bump") said in other words; a change for a while
("till spring", "for now"); and, on capture, a price said as a word ("is free") and a named subject's value
after "now" ("Ella now has …"), kept on `ingest` and the hooks as `remember` keeps them, so a later "actually
it's £3 an hour" has something to supersede on every path."""

from __future__ import annotations

import pytest

from hippocampus.core import facts
from hippocampus.core.capture import signals_from_messages
from hippocampus.core.personal import stated_value


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # rescheduled, in Portuguese
        ("A reunião de pais é dia 3 de maio.", "Remarcaram a reunião de pais pro dia 10 de maio."),
        # switched, "pasarse de X a Y" in Spanish
        ("Para ir a la universidad uso el autobús.", "Me he pasado del autobús al metro para ir a la universidad."),
        ("Para el gimnasio uso la bici.", "Me pasé de la bici al coche para el gimnasio."),
        # turned N, in French and German
        ("Mon neveu a 6 ans.", "Mon neveu a eu 7 ans hier."),
        ("Meine Nichte ist 9.", "Meine Nichte ist 10 geworden."),
        # a new choice and a value that went up, said in other words, beside a shared topic word
        (
            "Our window cleaning is with Sparkle Ltd.",
            "We've gone with a new company for the window cleaning, Clearview.",
        ),
        ("I get 20 days leave at work.", "Got a raise and 23 days leave at work now."),
        # a change for a while
        ("The choir rehearses at the church hall.", "The choir rehearses at the school till summer."),
        ("My office is on the 3rd floor.", "My office is on the 5th floor for now."),
    ],
)
def test_a_correction_of_the_eighth_pass_supersedes(old: str, new: str) -> None:
    assert facts.updates(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # "gone with" / "opted for" / "got a raise" about another thing
        ("Our window cleaning is with Sparkle Ltd.", "We've gone with oak for the new kitchen floor."),
        ("I get 20 days leave at work.", "My sister got a raise at the bank."),
        ("My gym is PureGym.", "I opted for the salmon at dinner."),
        # "for now" / "till spring" about another thing
        ("The book club meets at the library.", "I'm staying with my parents till spring."),
        ("My office is in Leeds.", "The gym is closed for now."),
        # turned N of another person, switched of another thing
        ("Mon neveu a 6 ans.", "Ma nièce a eu 4 ans hier."),
        ("Para ir a la universidad uso el autobús.", "Me he pasado del café al té por las mañanas."),
    ],
)
def test_a_look_alike_of_the_eighth_pass_does_not_supersede(old: str, new: str) -> None:
    assert not facts.updates(new, old)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Parking at the school is free.", True),
        ("Entry to the museum is free.", True),
        ("El aparcamiento del hospital es gratis.", True),
        # a named subject, an adverb of news, then its verb: a value said as news
        ("Noah now has the small bedroom.", True),
        ("Priya still has the blue Vespa.", True),
        # no price, or no subject to hold it
        ("The weather is nice.", False),
        ("Feel free to ask.", False),
        ("That is free.", False),
        ("It now has a garden.", False),
    ],
)
def test_a_price_said_as_a_word_is_a_value(text: str, value: bool) -> None:
    assert stated_value(text) is value


def test_a_free_thing_is_captured_as_remember_keeps_it() -> None:
    at = "2026-03-02T09:00:00+00:00"
    row = {"session": "s", "id": "1", "role": "user", "text": "Parking at the school is free.", "timestamp": at}
    assert [s.text for s in signals_from_messages([row], at)] == ["Parking at the school is free."]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a weekday said as a habit, in lower case as chat has it, is a date
        ("recycling gets collected on thursdays", True),
        ("swimming lessons are on saturdays now", True),
        ("The bins go out on Mondays.", True),
        # words that only end in "s" are no weekday, and chat without a value stays out
        ("nice weekends are great", False),
        ("see you soon then", False),
    ],
)
def test_a_weekday_said_as_a_habit_is_a_value(text: str, value: bool) -> None:
    assert stated_value(text) is value
