"""Issue 24, the newer-first mark: `core.newer.newer_first` marks the newer of two current memories "(updated DATE)"
only where they give one attribute of one subject two values; two facts that both hold are left as they were.

Both sides, in sentences of my own (none from a fixture or from `bench/person_facts.py`): a value of one kind
swapped in one frame is ordered and marked; a whole predicate swapped, another person, a value said as one more,
or the same value said longer is not. And `updates`: a predicate swapped with "now" supersedes nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from hippocampus.core import facts, newer
from hippocampus.core.model import Memory
from hippocampus.core.ranking import Hit


def _hit(text: str, days: int) -> Hit:
    at = datetime(2026, 3, 1, tzinfo=UTC) + timedelta(days=days)
    return Hit(Memory(f"m{days}", text, created=at, last_accessed=at), 1.0, 1.0, 0.5, 1.0)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My locker is number 14.", "My locker is number 41."),  # a number
        ("The book club meets on Thursdays.", "The book club meets on Sundays."),  # a day
        ("My accountant is Mrs. Lindqvist.", "My accountant is Mrs. Haddad."),  # a name after a title
        ("My favourite season is autumn.", "My favourite season is spring."),  # one word, the attribute named
        ("My van is a white Transit.", "My van is a grey Sprinter."),  # a colour beside the name
        ("I'm a trainee pharmacist.", "I'm a senior pharmacist."),  # a shared end names it
        ("Il mio sport preferito è il nuoto.", "Il mio sport preferito è il tennis."),  # an article after the copula
        ("My nephew Idris lives in Leeds.", "My nephew Idris lives in Bath."),  # a slot of one holder
    ],
)
def test_one_attribute_two_values_is_ordered_and_marked(old: str, new: str) -> None:
    out = newer.newer_first([_hit(old, 0), _hit(new, 9)])
    assert [h.memory.content for h in out] == [new, old]
    assert out[0].updated == "2026-03-10" and not out[1].updated


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a whole predicate swapped on a person, a verb or a shared time: two facts
        ("My plumber Osei is afraid of spiders.", "My plumber Osei is allergic to cashews."),
        ("My niece is a vet.", "My niece is left-handed."),
        ("I swim badly in winter.", "I volunteer weekly in winter."),
        ("I live opposite a school.", "I live close to the canal."),
        ("My godson Nils is learning to knit.", "My godson Nils is learning to surf."),
        ("I work on the Heron dashboard.", "I work on the Heron migration."),
        # another thing counted or named beside the value
        ("Our flat has two balconies.", "Our flat has three wardrobes."),
        ("We named the hamster Pip.", "We named the goldfish Dot."),
        # another person
        ("Our rabbit is called Clover.", "Our neighbour's rabbit is called Biscuit."),
        ("My aunt is 70.", "My aunt's husband is 73."),
        # a value said as one more
        ("I'm allergic to wasps.", "I'm also allergic to latex."),
        ("I play chess on Fridays.", "I play chess on Tuesdays too."),
        # the same value said longer: another holder
        ("The printer is called Atlas.", "The office printer is called Atlas-Office."),
    ],
)
def test_two_facts_are_neither_reordered_nor_marked(old: str, new: str) -> None:
    out = newer.newer_first([_hit(old, 0), _hit(new, 9)])
    assert [h.memory.content for h in out] == [old, new]
    assert not any(h.updated for h in out)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My plumber Osei is afraid of spiders.", "My plumber Osei is allergic to cashews now."),
        ("I swim badly in winter.", "I volunteer weekly in winter now."),
        ("I live opposite a school.", "I live close to the canal now."),
    ],
)
def test_a_predicate_swapped_with_now_supersedes_nothing(old: str, new: str) -> None:
    assert not facts.updates(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My favourite season is autumn.", "My favourite season is spring now."),
        ("I commute by tram.", "I commute by scooter now."),
        ("I walk to work.", "I take the bus to work now."),
        ("My go-to lunch is a tuna sandwich.", "These days my go-to lunch is ramen."),  # two words for one
        ("My brother's allergic to sesame", "actually my brother's allergic to pine nuts, sesame is fine"),
    ],
)
def test_a_value_swapped_with_a_cue_still_updates(old: str, new: str) -> None:
    assert facts.updates(new, old)
