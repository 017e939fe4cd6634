"""Issue 24: a short statement about a person or a thing in the user's life is kept on the conversation path,
and two statements about different subjects never reinforce one another (sentences of our own, not the
bench's fixtures). Both sides: what the rules catch and what they must leave alone."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from hippocampus.core.encode import encode, two_facts
from hippocampus.core.model import Index, Signal
from hippocampus.core.personal import named_statement
from hippocampus.core.scoring import score_message
from hippocampus.core.subjects import different

NOW = datetime(2026, 5, 1, 9, tzinfo=timezone.utc)

KEPT = [
    "Priya swims laps at dawn",  # en: a name, a verb in -s, what she does
    "Omar always walks the dog",  # a habitual adverb before the verb
    "Aunt Mabel knits scarves",  # a name of two capitalised words
    "The boiler runs on oil",  # "the <thing>": the user's own
    "Léa prend du fer le soir.",  # fr
    "Onkel Jens fährt einen Tesla.",  # de: a noun capitalised after the verb
    "Mateo toma clases de guitarra.",  # es
    "Chiara gioca a tennis il sabato.",  # it
    "A Beatriz corre na praia.",  # pt: a name after its article
]

NOT_KEPT = [
    "Make the intro shorter",  # a request: a verb first, an article after it
    "Take a screenshot of it",
    "Let's move on to chapter two",
    "Random forest hyperparameters explained",  # a noun phrase: no verb form after its "subject"
    "Bullet points please",
    "Another version",
    "She hates the rain",  # a pronoun has no one to refer to
]


@pytest.mark.parametrize("text", KEPT)
def test_a_named_subject_and_a_verb_is_kept(text: str) -> None:
    assert named_statement(text)
    assert score_message(text) is not None


@pytest.mark.parametrize("text", NOT_KEPT)
def test_requests_fragments_and_pronouns_are_not(text: str) -> None:
    assert not named_statement(text)
    assert score_message(text) is None


@pytest.mark.xfail(reason="an Italian verb with no Italian function word beside it ('in' is English too)", strict=True)
def test_known_limit_italian_without_function_words() -> None:
    assert named_statement("Chiara lavora in ospedale.")


def test_a_question_about_someone_is_no_statement() -> None:
    assert score_message("Does Priya swim laps at dawn?") is None


def test_things_can_be_left_out() -> None:
    assert named_statement("The boiler runs on oil", things=False) is False
    assert named_statement("Priya swims laps at dawn", things=False)


TWO = [
    ("Je fais du vélo le dimanche.", "Marc fait du vélo le dimanche."),  # the speaker, then a name
    ("I bake bread on Sundays.", "Yusuf bakes bread on Sundays."),
    ("Ich spiele dienstags Schach.", "Lena spielt dienstags Schach."),
    ("Tomás plays chess on Tuesdays.", "Iris plays chess on Tuesdays."),  # two names
    ("Marta takes vitamin D in the morning", "Marta takes iron in the morning"),  # one subject, two objects
]
ONE = [
    ("I bake bread with Yusuf on Sundays.", "Yusuf bakes bread with me on Sundays."),  # each names the other
    ("On Sundays Yusuf bakes bread.", "Yusuf bakes bread on Sundays."),  # the name said later, not first
    ("Sundays are for baking bread, I love it.", "I love baking bread on Sundays."),
]


@pytest.mark.parametrize(("old", "new"), TWO)
def test_another_subject_or_object_is_two_facts(old: str, new: str) -> None:
    assert two_facts(new, old)
    index = Index()
    for n, text in enumerate((old, new)):
        encode(index, [Signal("s", f"m{n}", text, NOW.isoformat(), 0.5, category="fact")], NOW)
    assert len([m for m in index.memories if not m.superseded_by]) == 2


@pytest.mark.parametrize(("old", "new"), ONE)
def test_one_subject_said_otherwise_is_not(old: str, new: str) -> None:
    assert not different(new, old)


def test_french_first_person_words_are_whole_words() -> None:
    """The words "je", "ma", "mes" are the speaker's only as words: "jeudi", "matin", "mesure" say nothing of them (a French
    text about Thursday morning was read as a first-person statement)."""
    from hippocampus.core.personal import first_person

    assert first_person("j'ai un chien") and first_person("ma sœur habite à lyon") and first_person("je cours")
    assert not first_person("le matin du jeudi, la mesure change")


@pytest.mark.parametrize(
    "text",
    ["Kwame's allergic to shellfish.", "Ines does pilates on Tuesdays", "Rory's favourite food is lasagne"],
)
def test_a_named_persons_state_said_with_is_has_does_is_kept(text: str) -> None:
    """A name then "'s", "is", "has" or "does" says something of that person: an allergy of theirs is a health
    fact kept as core ("Meera's allergic to horses" was dropped on ingest and the hooks, found by a blind set)."""
    score = score_message(text)
    assert score is not None and score.kind == "fact"


def test_an_imperative_opening_on_a_capital_is_no_named_person() -> None:
    """In "Take a look at the parchment", "a" is no verb: "a" is a verb after a name in French only, beside a French word."""
    assert score_message("Take a look at the parchment") is None
