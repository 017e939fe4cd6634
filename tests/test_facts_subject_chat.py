"""Issue 24, facts39: whose fact a newer with an update word states, read as chat writes it (`core.whose`).

In sentences of my own (none from a fixture), both sides:
1. a name typed in lower case as the newer's subject, read by where it stands (before its verb), not by a capital;
2. a person reached through another ("Ines's brother gave up…", "la collègue de Marta…", "il mio collega…"), and
   a pronoun or a possessive after another subject standing for that subject ("…, he rides…", "il suo furgone");
3. another thing of one kind said with words the other does not say, names typed in lower case ("the small
   market in [ribeira]" / "the big market in [matosinhos]");
   the older's owner said with a word that picks another one ("the [youth] choir's rehearsal" / "Choir rehearsal
   is …"), a person's thing where the older's is the speaker's ("der Hund [von den Nachbarn]" / "Unser Hund"), a
   thing said as next door before the update word ("la peluquería [de al lado] se mudó");
4. a subject said with a contracted "'s" ("Pedro's changed his van") is the whole phrase, another one;
5. what still updates: the speaker's own thing, a common noun said bare ("prices went up", "company changed…")
   before a first-person fact, the older's own subject with no capital, the older's value entity that goes on to
   the older's own thing ("Rui's retired, so the van goes to …"), the older's thing as the verb's whole object
   ("garage moved [tom's car service] to …").
"""

from __future__ import annotations

import pytest
from fact_pairs import found

from hippocampus.core import claims, whose
from hippocampus.core.facts import claim_of
from hippocampus.core.tokens import name_words


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # 1. a lowercase name before its verb
        (
            "my optician is mr. carvalho in porto",
            "tiago switched to a new optician, ms. reis, she's closer to his work",
        ),
        ("my swimming route is two laps of the lake", "bento changed his walking route, he goes round the park now"),
        ("my phone is an old nokia", "amara just got her new phone, so she's finally on whatsapp now"),
        # 2. a person reached through another; a pronoun after another subject
        (
            "We rent a garage on Mill Lane with my friend Ines",
            "Ines's brother gave up his garage on Mill Lane last week",
        ),
        ("Mon club de lecture, c'est le jeudi.", "La voisine de Marta ne lit plus le jeudi, elle y va le lundi."),
        (
            "il furgone della ditta consegna a Torino",
            "il mio collega ha cambiato furgone, ora consegna il suo pane a Pavia",
        ),
        (
            "Ma salle de sport, c'est Fitness Park.",
            "Mon collègue Hugo a changé de salle, il va au Basic-Fit maintenant.",
        ),
        # 3. another thing of one kind
        ("i shop at the big market in matosinhos on fridays", "the small market in ribeira moved to the old fish hall"),
        ("Choir rehearsal is Thursdays at 8 in the school hall", "the youth choir's rehearsal moved to Tuesdays"),
        ("Unser Hund heißt Bruno und ist vier.", "Der Hund von den Nachbarn heißt jetzt Rocky statt Rex."),
        ("Mi hermana tiene su peluquería en Triana", "La peluquería de al lado se mudó a Nervión"),
        ("our gate code is 4412", "the house next door changed their gate code to 9981"),
        # 4. a contracted "'s": the whole phrase is the subject
        ("My line manager is Pedro Alves", "Pedro Alves's changed his van, it's a white Transit now"),
        ("We're booked at the Blue Lamp on the 4th.", "Blue Lamp's changed its hours, it shuts at 1 now."),
    ],
)
def test_another_subject_said_as_chat_supersedes_nothing(old: str, new: str) -> None:
    assert not found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I work from the office on Tuesdays.", "Company changed the rules again. Now I'm in the office on Thursdays."),
        ("We fly home to Lima on the 3rd", "flights changed. home to lima on the 8th"),
        ("my optician is mr. carvalho in porto", "switched opticians, i see ms. reis now"),
        ("My rent is 800 a month.", "landlord raised the rent, it's 850 a month now."),
        ("My sister lives in Bath.", "My sister moved to Bristol."),
        ("i shop at the big market in matosinhos on fridays", "the big market in matosinhos moved to saturdays"),
        ("My van mechanic is Rui in Braga", "Rui's retired so the van goes to Oficina Sousa from now on"),
        ("Tom's car service is on Monday at 9.", "garage's moved tom's car service to wednesday, same time"),
        ("Choir rehearsal is Thursdays at 8 in the school hall", "the choir's rehearsal moved to Tuesdays"),
        (
            "I park the car in bay 12 at the station",
            "switched the car to bay 14, the one next door to the ticket office",
        ),
        ("Unser Hund heißt Bruno und ist vier.", "Unser Hund heißt jetzt doch Rocky statt Bruno."),
    ],
)
def test_the_speakers_fact_still_updates(old: str, new: str) -> None:
    assert found(new, old)


def test_a_lowercase_name_is_read_by_where_it_stands() -> None:
    assert whose.phrase(claim_of("tiago switched to a new optician")) == ["tiago"]
    assert whose.phrase(claim_of("ines's brother gave up his garage")) == ["ines's", "brother"]  # an irregular past
    assert whose.phrase(claim_of("prices went up again")) == []  # a bare plural: a common noun
    assert whose.phrase(claim_of("apparently moved to friday")) == []  # an adverb, no name
    assert whose.phrase(claim_of("yesterday was cancelled")) == []  # a time, no name
    assert whose.phrase(claim_of("L'équipe de Marta ne joue plus")) == ["l'équipe", "de", "marta"]


def test_a_capital_inside_a_name_is_not_the_speaker() -> None:
    assert name_words("she's at Notre Dame now") == frozenset({"notre"})
    assert not claims.parsed("Ruby changed schools, she's at Notre Dame now").involves_speaker
    assert claims.parsed("Ruby changed schools, she's at my old school now").involves_speaker
