"""Issue 24, second precision pass: an update word speaks of its statement's grammatical subject (`core.whose`).

In sentences of my own (none from a fixture), both sides:
1. the newer's subject is another person, by role or by name, acting on their own thing ("switched *her* bank");
2. another thing of the older's kind, named by another name ("the Leeds match" / "my match in York");
3. the older's value entity, of which the newer states another attribute ("Oakwood changed its opening hours" /
   "my daughter goes to Oakwood Nursery");
and what still updates: a pronoun or no subject, the speaker's thing ("my rent"), the same head, another
person changing the speaker's thing ("the landlord raised the rent"), and the older's value entity given a new
value the older states of it ("PureGym moved to Church St" / "My gym is PureGym on High St").
"""

from __future__ import annotations

import pytest
from fact_pairs import found

from hippocampus.core import claims, whose
from hippocampus.core.facts import claim_of
from hippocampus.core.similarity import features


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # 1. another person, by role or by name, acting on their own thing
        ("Our savings account is with Barclays.", "My sister-in-law just switched her savings from Barclays to Monzo."),
        ("Our flat is a one-bedroom in Leith.", "Tom's parents sold their flat in Leith and moved to Fife."),
        (
            "Ella wants to go to Durham for law.",
            "Her friend Zara changed her plans and is going to Exeter instead of Durham.",
        ),
        # 2. another thing of the older's kind, by another name
        ("Sam's match in York is on Saturday 9 May.", "The Leeds match was postponed, so that's a free Saturday."),
        # 3. the older's value entity, another attribute of it
        (
            "My daughter goes to Oakwood Nursery in Hove.",
            "Oakwood changed its opening hours, it's now 8 to 6 instead of 7 to 6.",
        ),
        ("We shop at the Tesco on Church Road.", "The Church Road Tesco changed its hours, it shuts at 10 now."),
    ],
)
def test_another_subject_supersedes_nothing(old: str, new: str) -> None:
    assert not found(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My gym is PureGym on High St.", "PureGym moved to Church St."),
        ("Our rent is 900 a month.", "The landlord raised the rent, it's 950 a month now."),
        ("My swimming lesson is on Tuesdays.", "The pool moved swimming lesson to Thursdays."),
        ("My sister lives in Bath.", "My sister moved to Bristol."),
        ("I take 20mg of citalopram.", "The GP upped my citalopram to 30mg."),
        ("We named the kitten Pepper.", "The kids renamed the kitten, it's Biscuit now."),
    ],
)
def test_the_older_subject_still_updates(old: str, new: str) -> None:
    assert found(new, old)


def test_subject_is_read_by_grammar() -> None:
    assert whose.phrase(claim_of("My sister-in-law just switched her bank.")) == ["my", "sister", "in", "law"]
    assert whose.phrase(claim_of("Moved the spare key to the shed.")) == []  # a verb first: the speaker's
    assert whose.phrase(claim_of("Tom's parents sold their flat.")) == ["tom's", "parents"]
    head, owner = whose.head_and_owner(["coach", "ward's", "assistant", "kyle"])
    assert head == claims.content_of(features("assistant kyle"))
    assert owner == claims.content_of(features("coach ward"))
