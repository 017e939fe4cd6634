"""Issue 24, facts40: a correction whose subject is a pronoun that agrees with the older's, or is left unsaid, its verb
the older's in the same form (`core.anaphora`, through `core.parts.resolved_parts`). Sentences of my own, both
sides: what it takes, and the pronouns, speakers and names it must not read as the older's subject."""

from __future__ import annotations

import pytest
from fact_pairs import found

from hippocampus.core import anaphora
from hippocampus.core.parts import resolved_parts


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Mi hermana vive en Sevilla", "Ahora vive en Cádiz, se mudó en enero"),
        ("Mein Sohn wohnt in Köln", "Eigentlich wohnt er in Bonn, in Köln studiert er nur"),
        ("Mes parents habitent à Nantes", "Maintenant ils habitent à Angers"),
        ("My nephew is a junior architect at a firm in Leith", "He's a senior architect now!"),
        ("Il mio vicino Marco lavora in banca", "Adesso lavora in una scuola"),
        ("The kids eat lunch at 12", "they eat lunch at 1 now"),
        ("the jazz festival is in Ghent", "Actually it's in Bruges, Ghent was last year"),
    ],
)
def test_a_pronoun_or_an_unsaid_subject_of_the_older_s_verb_updates_it(old: str, new: str) -> None:
    assert found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My son plays the violin", "She plays the cello now"),  # "she" is not my son
        ("Mon fils habite à Lyon", "Maintenant elle habite à Paris"),
        ("Mi hermano vive en Sevilla", "Ahora ella vive en Cádiz"),
        ("Doug's hearing aids are Phonak", "Mine are Oticon now"),  # "mine" is the speaker's, not Doug's
        ("My son is a nurse", "it's a big hospital now"),  # "it" is no person
        ("Mein Sohn wohnt in Köln", "Jetzt wohnt Anna in Bonn"),  # the subject said after its verb
        ("Our neighbour Mrs Okafor walks the dog", "Pippa broke her leg. She walks the dog now"),  # "she" is Pippa
        ("please continue sequence 5 and 6", "continue sequence 2 to 6"),  # requests: no subject (LongMemEval)
        ("Bitte schreib Kapitel 3 neu", "schreib Kapitel 4 neu"),
    ],
)
def test_a_pronoun_of_another_or_a_subject_said_is_not_the_older_s(old: str, new: str) -> None:
    # the reader itself, not only the store's probes ("Mine are Oticon now" shares no probe word with its older)
    assert not found(new, old)
    assert resolved_parts(new, old) == []


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("Mi hija Lucía vive en Vigo.", "En realidad vive en Lugo", "En realidad mi hija Lucía vive en Lugo"),
        (
            "Meine Freundin Jana kommt aus Graz",
            "Eigentlich kommt sie aus Linz",
            "Eigentlich meine Freundin Jana kommt aus Linz",
        ),
        ("My uncle is a baker", "he's a butcher now", "my uncle is a butcher now"),
        ("Claire's a nurse at the Royal", "she's at the Western now", "Claire is at the Western now"),
    ],
)
def test_the_part_is_said_of_the_older_s_subject(old: str, new: str, said: str) -> None:
    assert anaphora.resolved(new, old) == said


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("We live in Leeds", "they live in York now"),  # the older is the speaker's
        ("My sister moved to Leeds", "Moved to York last week"),  # a verb first in the past drops "I"
        ("The office is on the 3rd floor", "The canteen is on the 5th floor now"),  # a subject said
        ("Le club de lecture se réunit le mardi", "Le cours de danse a été déplacé au mardi"),  # an article, no verb
        ("Mi vecina Jean tiene 82 años", "Jean ya no conduce"),  # a name is no verb
        ("My work laptop is an old ThinkPad", "IT is replacing it on Monday"),  # a department, no pronoun
        ("My daughter lives in Paris", "she and I live in Lyon now"),  # said of the speaker too
        ("My sister's flatmate is Hannah", "she's a teacher now"),  # "she" may be the sister or her flatmate
    ],
)
def test_no_subject_is_read_where_the_newer_says_its_own_or_the_speaker_s(old: str, new: str) -> None:
    assert anaphora.resolved(new, old) is None


def test_a_pronoun_after_another_named_is_theirs() -> None:
    assert anaphora.resolved("she's a teacher now", "My best friend is a nurse") == "my best friend is a teacher now"
    assert anaphora.resolved("she's a teacher now", "My best friend is a nurse", "Hannah called") is None
    assert anaphora.resolved("she's a teacher now", "My best friend is a nurse", "my mum called") is None
