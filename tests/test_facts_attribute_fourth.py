"""Issue 24, precision fourth pass: another attribute of the same subject (branch `facts18`).

The newer shares the older's subject ("the garage", "Nadia") or one of its values ("Thursday", "Leith") and states
another attribute of it, or changes no value the older states. Two tests landed: a change that gives only the older's
own value (`core.given`) and a clause carried after a verb that governs another thing (`core.target.carried`). The
corrections of the same shapes are the side they must not take. Sentences of my own.
"""

from __future__ import annotations

import pytest

from hippocampus.core import claims, given, target
from hippocampus.core.facts import updates

CORRECTIONS = [
    # the same attribute of the same subject, said with an update word: still taken
    ("The garage rent is £300 a month.", "The garage rent went up to £340 a month."),
    ("My pottery class is on Thursdays.", "Pottery moved to Fridays."),
    ("The cabin rent is £600 a month.", "The rent on the cabin went up to £650 a month."),
    ("The boiler service is booked for 4 March.", "The engineer rescheduled the boiler service to 11 March."),
    ("My cousin Nadia lives in Leith.", "My cousin Nadia just moved to Portobello."),
    # a mix-up exchanges the older's own values: said wrong, not a change that gives nothing
    ("Yoga is on Monday and pilates on Wednesday.", "I mixed those up: pilates is on Monday, yoga on Wednesday."),
    # a verb of change that gives no value is still a change of the older's
    ("Mon abonnement de salle coûte 30 euros.", "La salle a augmenté l'abonnement."),
    # a clause after a verb that governs another thing, naming the older's attribute: still taken
    (
        "My grandparents live in Leeds.",
        "My grandparents sold the farm and retired to Whitby, so that's where they live now",
    ),
    ("Ma sœur travaille à Nantes.", "Ma sœur a changé de poste, elle travaille maintenant à Rennes."),
]

LOOK_ALIKES = [
    # the newer's value is the older's: nothing of the older changed (`core.given`)
    ("Nadia keeps sending me photos from Leith", "My cousin Nadia just moved to Leith"),
    ("Il mio laboratorio è a Brera.", "Il mio socio si è trasferito a Brera."),
    (
        "The choir practises on Thursday evenings.",
        "Our concert at St Cuthbert's got rescheduled to a Thursday evening.",
    ),
    # the head of a subject said with where it is: "[the electricity] at the garage" (`core.target`)
    ("The garage rent is £300 a month.", "The electricity at the garage went up to £25 a month."),
    # a clause carried after a verb of change that governs another thing (`core.target.carried`)
    ("Notre batteur s'appelle Malik.", "Malik a changé de lunettes, elles sont rouges maintenant."),
]


@pytest.mark.parametrize(("old", "new"), CORRECTIONS)
def test_the_same_attribute_said_anew_updates(old: str, new: str) -> None:
    assert updates(new, old)


@pytest.mark.parametrize(("old", "new"), LOOK_ALIKES)
def test_another_attribute_or_no_value_changed_leaves_both(old: str, new: str) -> None:
    assert not updates(new, old)


def test_a_change_to_the_older_value_gives_nothing() -> None:
    older = claims.parsed("Nadia keeps sending me photos from Leith")
    assert given.unchanged(claims.parsed("My cousin Nadia just moved to Leith"), older)
    assert not given.unchanged(claims.parsed("My cousin Nadia just moved to Portobello"), older)


def test_a_subject_head_before_where_it_is() -> None:
    assert target.phrase(claims.parsed("The heating at the cabin went up to £40 a month.")) == ["heating"]
    assert target.phrase(claims.parsed("The rent on the cabin went up to £650.")) == ["rent"]
    assert target.phrase(claims.parsed("Mon cours de piano a été déplacé au jeudi.")) == ["cours", "de", "piano"]


def test_a_carried_clause_names_an_attribute_or_not() -> None:
    older = claims.parsed("My grandparents live in Leeds.")
    assert not target.carried("correction: so that's where they live now", older)
    assert target.carried("correction: they are blonde now", claims.parsed("Our singer is called Priya."))
    assert not target.carried("they live in Whitby now", older)  # no remark carried, not resolved: not judged here


@pytest.mark.xfail(strict=True, reason="another attribute named in the newer's own words: not reached (BENCHMARKS)")
@pytest.mark.parametrize(
    ("old", "new"),
    [
        # the whole sentence, judged as one part, still shares the office and a price (blocking it lost a catch)
        ("O meu escritório custa 600 euros por mês.", "Troquei de seguro no escritório, agora pago 20 euros."),
    ],
)
def test_another_attribute_of_one_subject_left_for_later(old: str, new: str) -> None:
    assert not updates(new, old)
