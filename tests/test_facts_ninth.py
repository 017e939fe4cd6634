"""Issue 24, ninth pass: each rule with cases it must catch and look-alikes it must not (own sentences, not the
fixtures'): a name said with a capital is no verb form however it ends ("a Specialized"); a typo said as
"meant …, not …" after an interjection; a cleft said with "who's"; "it" standing for the older's subject in a
restated measure; "rebooked" and "shift … to"; a mix-up idiom in French; a time said of the whole statement
("this year"); and, on capture, a person by role with a number ("The twins are 6.")."""

from __future__ import annotations

import pytest

from hippocampus.core import facts
from hippocampus.core.personal import stated_value
from hippocampus.core.sentences import uncleft


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a name that ends like a verb form is a value, not a relation
        ("My landlord is Mr Hughes.", "Actually my landlord is Mr Golding now."),
        ("My bike is a Giant.", "actually my bike's a Specialized, I sold the Giant"),
        # a typo said as "meant", its "I" dropped after an interjection
        ("The plumber is booked for the 9th of June.", "oops, meant the 19th of June for the plumber, not the 9th"),
        # a cleft said with "who's", after a mix-up remark
        ("My uncle is allergic to bees.", "Sorry, I mixed up my relatives. It's my aunt who's allergic to bees."),
        # "it" standing for the older's subject, a measure restated with a cue
        ("The cottage in Whitby is booked for 5 nights.", "actually it's 6 nights in Whitby, we added the friday"),
        # rebooked, and "shift" as a verb
        ("The car service is booked for Tuesday morning.", "the garage rebooked the car service for Thursday morning"),
        ("My nails are booked for Friday at 2.", "salon called, had to shift my nails to Monday at 3"),
        # a mix-up idiom in French
        (
            "Le dentiste de mon fils est le mardi à 10h.",
            "Je me suis emmêlée les pinceaux : le dentiste de mon fils est le jeudi à 10h.",
        ),
        # a time said of the whole statement
        ("My son's coach this season is Mr Hill.", "my son's coach is Mr Barnes now"),
        ("The gym membership renews on 3 March.", "The gym membership renews on 8 March this year."),
    ],
)
def test_a_correction_of_the_ninth_pass_supersedes(old: str, new: str) -> None:
    assert facts.updates(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a verb form in lower case is still another relation
        ("My brother is moving to Leeds.", "My brother is working in Leeds now."),
        # "meant" that is no correction
        ("The plumber is booked for the 9th of June.", "The plumber meant to ring me about June."),
        ("My mum's birthday is on the 4th.", "That meant a lot to my mum on the 4th."),
        # a cleft of another attribute, with no mix-up
        ("My uncle is allergic to bees.", "It's my aunt who's scared of bees."),
        # "it" with another measure
        ("The cottage in Whitby is booked for 5 nights.", "actually it's 6 degrees in Whitby today"),
        # the noun "shift", and a rebooking of another thing
        ("I work at the cafe on Mondays.", "I work the early shift to cover Tom at the cafe now."),
        ("The car service is booked for Tuesday morning.", "The pub quiz got rebooked for Thursday."),
        # a mix-up idiom about something else
        ("Le dentiste de mon fils est le mardi à 10h.", "Je me suis emmêlé les pinceaux avec les impôts."),
        # "this year" of another person or another thing
        ("My son's coach this season is Mr Hill.", "My daughter's coach is Mrs Barnes now."),
        ("The gym membership renews on 3 March.", "The car insurance renews on 8 March this year."),
    ],
)
def test_a_look_alike_of_the_ninth_pass_does_not_supersede(old: str, new: str) -> None:
    assert not facts.updates(new, old)


def test_a_cleft_with_whos_is_undone() -> None:
    assert uncleft("It's my aunt who's allergic to bees.") == "my aunt is allergic to bees."
    assert uncleft("It's my aunt who has the keys.") == "my aunt has the keys."


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a person by role, said as the subject, with a number: an age
        ("The twins are 6.", True),
        ("My son is 9.", True),
        ("Our kids are 4.", True),
        # no person, or no value
        ("The results are 6.", False),
        ("The tickets are 4.", False),
        ("The twins are lovely.", False),
    ],
)
def test_a_person_by_role_with_a_number_is_a_value(text: str, value: bool) -> None:
    assert stated_value(text) is value
