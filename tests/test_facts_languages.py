"""Corrections said in another language than English (issue 24, facts38): the cue classes the English rules take
("instead of", "since yesterday", the finite forms of postponing, renaming, switching and mixing up) and the people
by role the subject tests read, in the supported languages. Sentences of my own, other than
`bench/facts_languages.py`'s; both sides: each cue corrects its own fact and not another's beside it."""

from __future__ import annotations

import pytest

from hippocampus.core import cues, facts
from hippocampus.core.similarity import features


def found(new: str, old: str) -> bool:
    """`new` finds `old` by its probes and updates it (as `bench/facts_rules.found`)."""
    olds = {f.lstrip("!") for f in features(old)}
    return bool(set(facts.probes(new)) & olds) and facts.updates(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # "instead of", its value after it
        ("Zum Frühstück esse ich Müsli", "Zum Frühstück esse ich Porridge statt Müsli"),
        ("Para el viaje alquilamos una furgoneta", "Para el viaje alquilamos un coche en vez de una furgoneta"),
        ("No jantar de Natal há bacalhau", "No jantar de Natal há peru em vez de bacalhau"),
        ("Pour le mariage on loue une salle à Nantes", "Pour le mariage on loue une grange au lieu de la salle"),
        ("Per il compleanno ordiniamo pizza", "Per il compleanno ordiniamo sushi invece della pizza"),
        # "since yesterday": news of a value
        ("Opa Heinz ist 79", "Opa Heinz ist seit gestern 80"),
        # the finite forms of postponing, renaming, switching, mixing up
        ("La boda de Lucía es el 3 de octubre", "Aplazaron la boda de Lucía al 17 de octubre"),
        ("O jantar da empresa é a 12 de dezembro", "Adiaram o jantar da empresa para 19 de dezembro"),
        ("A nossa cadela chama-se Pipoca", "Renomeámos a cadela para Bolacha"),
        (
            "Il corso di yoga di mia moglie è il lunedì",
            "Ho confuso i giorni: il corso di yoga di mia moglie è il mercoledì",
        ),
        ("Я слушаю музыку в Spotify", "Я перешёл с Spotify на Deezer"),
    ],
)
def test_a_correction_said_in_another_language_is_taken(old: str, new: str) -> None:
    assert found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # the same update words, said of another person's or another thing's fact
        ("Opa Heinz ist 79", "Heinz' Nachbar ist seit gestern 80"),
        ("Я слушаю музыку в Spotify", "Мой начальник перешёл с Spotify на Deezer"),
        ("Я слушаю музыку в Spotify", "Моя соседка перешла с Spotify на Deezer"),
        ("Ich höre Musik mit Spotify", "Mein Kollege ist von Spotify auf Deezer umgestiegen"),
        ("La boda de Lucía es el 3 de octubre", "Aplazaron la boda de Marta al 17 de octubre"),
        ("O jantar da empresa é a 12 de dezembro", "O meu vizinho adiou o jantar dele para 19 de dezembro"),
        # a day said of something beside the older's fact
        ("Zum Frühstück esse ich Müsli", "Meine Nachbarin isst seit gestern Porridge statt Müsli"),
    ],
)
def test_the_same_words_of_another_fact_are_no_correction(old: str, new: str) -> None:
    assert not found(new, old)


@pytest.mark.parametrize(
    "text",
    [
        "Die Party findet am Samstag statt",  # the separable verb "stattfinden", no "instead"
        "Das Fest findet statt, wenn es nicht regnet",
        "La place du marché est à côté",
    ],
)
def test_a_separable_verb_or_a_square_is_no_instead(text: str) -> None:
    assert not cues.WEAK.search(text.casefold())


def test_instead_and_since_yesterday_are_weak_cues_in_the_supported_languages() -> None:
    for text in (
        "statt Müsli",
        "en vez de arroz",
        "em vez de arroz",
        "au lieu du riz",
        "invece del riso",
        "вместо риса",
        "seit gestern",
        "desde ontem",
        "depuis hier",
        "da ieri",
    ):
        assert cues.WEAK.search(text.casefold()), text
