"""Issue 24, third precision pass: the attribute an update changes (`core.attribute`) and whose fact it states
(`core.whose`).

In sentences of my own (none from a fixture), both sides:
1. same subject, another attribute: the newer's exchange verb acts on a thing the older never states ("Priya
   switched to a Yonex racket" / "Priya's shoes are Asics"), or it negates one ("Omar's not doing his Tuesday
   choir anymore" / "Omar calls every Tuesday"); a pronoun after it stands for the subject, not the attribute;
2. another subject read by grammar: "X's" before a verb ("Kofi's changed jobs …", "the library café's closed …"),
   a name before an adverb, a remark that names the older's subject only as another's own ("his dad's
   birthday");
and what still updates: the exchange verb acting on the older's thing or leaving its value behind, a value
changed after "to", the older's subject said again in a remark.
"""

from __future__ import annotations

import pytest

from hippocampus.core import attribute, facts, whose
from hippocampus.core.facts import claim_of
from hippocampus.core.similarity import features


def _found(new: str, old: str) -> bool:
    """`new` finds `old` by its probes and updates it (what encoding does)."""
    return bool(set(facts.probes(new)) & {f.lstrip("!") for f in features(old)}) and facts.updates(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Priya's shoes are Asics, size 6.", "Priya switched to a Yonex racket, she says the Asics ones still fit."),
        ("Omar calls every Tuesday at 7pm.", "Omar's not doing his Tuesday choir anymore, he's gone back to chess."),
        (
            "Mon collègue Pierre a un vélo qui s'appelle Rocket.",
            "Pierre a changé de garage, il va maintenant chez Dupuis.",
        ),
        (
            "El coche lo compré en Bilbao por 9.000 euros.",
            "Al final cambié el volante por uno nuevo, me costó 200 euros.",
        ),
        (
            "Tomás's birthday is the 3rd of May.",
            "Kofi's changed jobs, he starts on the 3rd of May, same day as his dad's birthday.",
        ),
        (
            "My pilates class is Thursday evenings at the library.",
            "The library café's closed for the summer, so the book swap's off too.",
        ),
    ],
)
def test_another_attribute_or_subject_keeps_both(old: str, new: str) -> None:
    assert not _found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Priya's racket is a Wilson.", "Priya switched to a Yonex racket."),
        ("Priya's racket is a Wilson.", "Priya switched from Wilson to Yonex."),
        ("My dentist is Dr Lee.", "I changed dentists, I see Dr Okafor now."),
        ("My job title is analyst.", "My job title changed to senior analyst."),
        ("Our book club meets at Anna's house.", "Book club moved to the library."),
    ],
)
def test_the_same_attribute_still_updates(old: str, new: str) -> None:
    assert _found(new, old)


def test_the_attribute_read() -> None:
    assert attribute.acted_on(claim_of("Priya switched to a Yonex racket")) == {"racket"}
    assert attribute.acted_on(claim_of("Pierre a changé de garage")) == {"garag"}
    assert not attribute.acted_on(claim_of("The meeting was changed to Friday"))
    assert attribute.negated(claim_of("Omar's not doing his Tuesday choir anymore")) >= {"choir"}
    assert not attribute.negated(claim_of("Pickle didn't suit her"))


def test_whose_has_and_owned() -> None:
    old = claim_of("My pilates class is Thursday evenings at the library.")
    assert whose.other(claim_of("The library café's closed for the summer"), old)
    assert whose.owned(["same", "day", "as", "his", "dad's", "birthday"]) == {"dad's", "birthday"}
