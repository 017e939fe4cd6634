"""Issue 24, facts41: the spelling route and the value-left-behind route, both sides.

In sentences of my own (none from a fixture):
1. a typo-cued correction of a two-digit number is taken where the newer says again a word of the older's thing;
   a name the newer opens on that it respells is no other subject; the typo cues of the supported languages; a
   typo-cued statement whose subject is another thing updates nothing (`core.spelling`);
2. a value left behind where the newer also swaps another word of the older's, in one slot of the frame (the
   occasion, the place, the person), is another fact (`core.swaps`).
"""

from __future__ import annotations

import pytest
from fact_pairs import found

from hippocampus.core import facts, spelling


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # 1. a two-digit number corrected where the older's thing is said again
        ("Mein Onkel Jonas wohnt in der Warschauer Straße 34", "Tippfehler: Warschauer Straße 43, nicht 34"),
        ("Our allotment is plot 17 on Mill Lane", "typo, plot 71 on Mill Lane"),
        ("O meu lugar na garagem é o 56", "digitei mal, o lugar na garagem é o 65"),
        # a name respelled, said alone with its title
        ("my dentist is Dr Farrel on Quay Street", "Dr Farrell* sorry, autocorrect"),
        ("my GP is Dr Harlan near the station", "Dr Harlen* oops, with an e"),
        # the typo cues of the other languages
        ("o meu número de utente é 48213907", "escrevi mal o número, o certo é 48213970"),
        ("Il mio codice cliente è 771903", "refuso: il codice cliente è 771930"),
        ("Mon code d'immeuble est 4521", "coquille : mon code d'immeuble est 4512"),
        # 2. the same frame, the value left behind the only word swapped
        ("At the picnic we bring lemonade", "At the picnic we're bringing iced tea instead of lemonade"),
        ("En la boda servimos pollo", "En la boda servimos pescado en vez de pollo"),
        ("My son plays the violin", "My son plays the cello now, not the violin"),
    ],
)
def test_corrections(old: str, new: str) -> None:
    assert found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # 1. a typo about another thing, or a short number with nothing of the older's thing said again
        ("my gym locker is 14", "typo: my bike lock code is 41"),
        ("my gym locker is 14", "typo: my bike lock code is 1441"),
        ("Our allotment is plot 17 on Mill Lane", "typo, the bus is the 71"),
        ("Mein Spind ist Nummer 23", "Tippfehler: meine Hausnummer ist 32"),
        ("my dentist is Dr Farrel on Quay Street", "my sister is Farrell* sorry, autocorrect"),
        # "with a" is no letter said; "two a day" is no spelling
        ("I take 20mg of the tablets", "I switched over with a new pharmacy, 21 a day"),
        # 2. a second word of the frame swapped: another occasion, another place, another person
        ("At the picnic we bring lemonade", "At the wedding we're bringing iced tea instead of lemonade"),
        ("En la boda servimos pollo", "En la comunión servimos pescado en vez de pollo"),
        ("My son plays the violin", "My daughter plays the cello now, not the violin"),
        ("In the kitchen we use oak", "In the bathroom we went with slate instead of oak"),
    ],
)
def test_not_corrections(old: str, new: str) -> None:
    # the rules themselves, not only the probes: several rows share no probe word with their older
    assert not found(new, old) and not facts.updates(new, old)


def test_typo_cues_of_each_language() -> None:
    for said in (
        "escrevi mal",
        "uma gralha",
        "un refuso",
        "une coquille",
        "ein Schreibfehler",
        "опечатка",
        "con una z",
    ):
        assert spelling.cued(said), said
    for said in ("com a minha mãe", "with a friend", "two a day", "avec un ami", "con un amigo"):
        assert not spelling.cued(said), said
