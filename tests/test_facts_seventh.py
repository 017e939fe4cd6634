"""Issue 24, seventh pass: each rule with cases it must catch and look-alikes it must not (own sentences, not
the fixtures'): a German ordinal date that ends no sentence, mix-ups and "no longer" in German and Italian,
an idiom for a mix-up, "not X but Y" in the other languages, a thing named in German, a colour as a value,
"from <month>" as news, a list narrowed ("only … now"), a price raised, a day one "can't make", a day or number left behind with no topic, a restated measure
with another verb; a relation hyphenated to other words ("brother-in-law", "ex-wife") is its own person."""

from __future__ import annotations

import pytest

from hippocampus.core import claims, colours, facts, sentences
from hippocampus.core.similarity import features


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a German ordinal date ends no sentence: the older is one statement, the newer one correction
        ("Mein Sohn hat am 3. März Geburtstag.", "Tippfehler: Mein Sohn hat am 30. März Geburtstag."),
        # a mix-up in Italian, in an English idiom
        (
            "Il mio dentista è il dottor Ferri.",
            "Mi sono confusa, il mio dentista è il dottor Galli; Ferri è l'ortodontista.",
        ),
        ("My daughter's piano teacher is Mrs Lund.", "Got my wires crossed, her piano teacher is Mrs Berg."),
        # "no longer" in German: "kein … mehr"
        ("Ich bin Raucher.", "Ich bin kein Raucher mehr, seit Januar."),
        # "not X but Y" in French, Italian, Spanish, German
        ("Mon frère habite à Lyon.", "Mon frère n'habite pas à Lyon mais à Grenoble."),
        ("Mia moglie lavora da Ferrero.", "Mia moglie non lavora da Ferrero ma da Barilla."),
        ("Mi hermano trabaja en Telefónica.", "Mi hermano no trabaja en Telefónica sino en Iberdrola."),
        # a thing named in German, with "jetzt"
        ("Unser Hund heißt Bello.", "Wir nennen den Hund jetzt Bruno."),
        # a colour as a value of a thing said again, by its name or all its words
        ("My bike is black.", "I had the bike sprayed, it's red now."),
        ("Our van is a white Transit.", "The Transit got wrapped, it's matte grey now."),
        # "from <month>" is news; ordinals and weekdays both changed are one date
        ("The choir rehearses every second Tuesday.", "From March the choir rehearses every first Thursday."),
        # a day left behind beside a topic word, said as news
        ("I work from the office on Tuesdays.", "Now I'm in the office on Wednesdays instead of Tuesdays."),
        # a price changed, the value said after: "raised prices, it's … now"
        ("My Audible plan costs $14.95.", "Audible raised prices, it's $16.45 now."),
        # a list of values narrowed, said as news
        ("I swim on Tuesdays and Thursdays.", "These days I only swim on Thursdays."),
        # a name that opens on a digit is no number: left behind, it names the older alone
        ("I keep my notes in 2Do.", "I switched from 2Do to Todoist."),
        # a day one "can't make", beside a topic word (a person too)
        ("The electrician is coming on Friday.", "The electrician can't make Friday, he's coming Monday instead."),
    ],
)
def test_a_correction_of_the_seventh_pass_supersedes(old: str, new: str) -> None:
    assert facts.updates(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a day or a number left behind, nothing else shared: another attribute holds it
        ("My yoga class is on Thursday.", "Not Thursday, the recycling goes out on Friday."),
        ("My locker number is 21.", "Our office is on floor 2, not 21."),
        ("My piano lesson is on Wednesday.", "I can't make Wednesday, the window cleaner comes on Thursday."),
        # "only" with the older's day, about another thing; or with no value kept
        ("I swim on Tuesdays and Thursdays.", "I only do yoga on Thursdays now."),
        ("I swim on Tuesdays and Thursdays.", "Only on weekends now, the pool is shut midweek."),
        # a price changed of another thing
        ("My gym membership costs £30 a month.", "The leisure centre raised prices, a swim is £6 now."),
        # a restated measure with another verb: another attribute
        ("I water the plants 2 times a week.", "I mow the lawn 3 times a week now."),
        # a colour of another thing, or of a thing not said again
        ("My front door is green.", "The back door is grey now."),
        ("We painted the hallway pale yellow.", "We've painted the study dark green now."),
        ("My car is a silver Golf.", "My wife's car is a blue Golf now."),
        # no colour news without a cue: both stay
        ("My scarf is red.", "My scarf is blue."),
        # "kein … mehr" about another thing
        ("Ich bin Vegetarier.", "Ich habe keine Zeit mehr für Sport."),
        # "not X but Y" with another X
        ("Ma sœur travaille chez Airbus.", "Ma sœur ne travaille pas le lundi mais le mardi."),
    ],
)
def test_a_look_alike_of_the_seventh_pass_does_not_supersede(old: str, new: str) -> None:
    assert not facts.updates(new, old)


def test_a_german_ordinal_date_ends_no_sentence() -> None:
    assert sentences.sentences_of("Meine Tochter hat am 12. Mai Geburtstag.") == [
        "Meine Tochter hat am 12. Mai Geburtstag."
    ]
    assert len(sentences.sentences_of("Ich bin 12. Morgen mehr.")) == 2


def test_a_thing_named_in_german_fills_its_name_slot() -> None:
    claim = claims.parsed("Wir nennen den Kater jetzt Moritz")
    assert (claim.slot, claim.slot_value) == ("name", "moritz")
    assert claims.parsed("Unser Kater heißt Felix.").slot == "name"


def test_colours_are_features_of_what_is_said() -> None:
    assert features("it's dark blue now") & colours.COLOURS
    assert features("Meine Jacke ist grün") & colours.COLOURS
    assert not features("I'm feeling blue-sky optimistic about Golf") & colours.COLOURS - features("blue")


@pytest.mark.parametrize(
    ("old", "new", "same"),
    [
        # a person word hyphenated to others is someone else than the word said alone
        ("My brother is 41.", "My brother-in-law is 38.", False),
        ("My sister lives in York.", "My sister-in-law lives in Leeds.", False),
        ("My son is 9.", "My step-son is 12.", False),
        ("My wife lives in York.", "My ex-wife lives in Leeds.", False),
        ("My sister is 33.", "My half-sister is 30.", False),
        # the same compound on both sides is one person, and their facts update as anyone's do
        ("My brother-in-law is 38.", "Actually my brother-in-law is 39.", True),
        ("My mother-in-law is 69.", "My mother-in-law turned 70.", True),
        ("My sister-in-law lives in York.", "My sister-in-law moved to Leeds.", True),
        ("My ex-wife lives in York.", "My ex-wife moved to Leeds.", True),
        # the bare word still updates the bare word
        ("My brother is 41.", "Actually my brother is 42.", True),
    ],
)
def test_a_hyphenated_relation_is_its_own_person(old: str, new: str, same: bool) -> None:
    assert facts.updates(new, old) is same
