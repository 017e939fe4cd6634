"""Facts that are right (issue 10): the targets of bench/facts.py as pass/fail tests, plus the rules' properties.

The fixtures are `tests/fixtures/facts.json`; the measurements are bench/facts.py's own functions (one
definition of each target), run through the real store.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from hippocampus.core import facts, similarity
from hippocampus.core.concise import fact_text
from hippocampus.core.importance import ORDINARY
from hippocampus.core.junk import NOT_CORE, core_cap, noise
from hippocampus.core.scoring import REMEMBER, score_message

_spec = importlib.util.spec_from_file_location(
    "bench_facts", Path(__file__).resolve().parents[1] / "bench" / "facts.py"
)
assert _spec is not None and _spec.loader is not None
bench: Any = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)
DATA = bench.load()


def test_every_correction_puts_the_new_fact_first_and_never_shows_the_old_as_current(tmp_path: Path) -> None:
    right, total, failed = bench.corrections(DATA, tmp_path)
    assert total >= 10 and right == total, failed


def test_a_thousand_project_deadlines_stay_distinct_and_are_recalled(tmp_path: Path) -> None:
    kept, recalled = bench.projects(tmp_path)
    assert kept >= 0.99 and recalled >= 0.95


def test_pairs_that_differ_by_one_number_or_name_are_all_kept_distinct(tmp_path: Path) -> None:
    kept, _updates, total = bench.distinct_pairs(DATA, tmp_path)
    assert total == 100 and kept == total


def test_paraphrases_reinforce(tmp_path: Path) -> None:
    same, total = bench.paraphrases(DATA, tmp_path)
    assert same >= 0.8 * total


def test_junk_is_never_core_and_noise_is_never_stored(tmp_path: Path) -> None:
    stored, core, _ = bench.junk(DATA, tmp_path)
    assert stored == 0 and core == 0


def test_capture_and_same_language_recall_in_every_supported_language(tmp_path: Path) -> None:
    results = bench.languages(DATA, tmp_path)
    assert len(results) == 13
    for code, row in results.items():
        # a preference is ordinary (below the core floor), a "remember that" the seed's 0.9, in every language
        assert row["scores"] == [ORDINARY, REMEMBER], code
        assert row["recall_remember"] and row["recall_preference"], code


# --- properties ---------------------------------------------------------------------------------

TEMPLATES = [
    "my locker number is {}",
    "remember that project {} is due in week 12",
    "the invoice for order {} was paid yesterday",
    "my flight leaves at gate {} tomorrow morning",
    "I paid {} euros for the new bike",
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TEMPLATES), st.integers(0, 99_999), st.integers(0, 99_999))
@example("remember that project {} is due in week 12", 0, 12)  # the value equals another number in the text
def test_changing_only_one_distinguishing_number_never_yields_same(template: str, a: int, b: int) -> None:
    if a == b:
        return
    left, right = template.format(a), template.format(b)
    assert similarity.similarity(left, right) < similarity.SAME_THRESHOLD


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 999), st.integers(0, 999))
def test_swapping_the_order_of_two_numbers_never_yields_same(a: int, b: int) -> None:
    if a != b:
        left, right = f"process {a} fact number {b}", f"process {b} fact number {a}"
        assert similarity.similarity(left, right) < similarity.SAME_THRESHOLD


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["Lunch with {} on Friday", "Call {} about the lease", "I met {} at the conference in Porto"]),
    st.sampled_from(DATA["names"]),
    st.sampled_from(DATA["names"]),
)
def test_swapping_only_a_name_never_yields_same(template: str, a: str, b: str) -> None:
    if a != b:
        assert similarity.similarity(template.format(a), template.format(b)) < similarity.SAME_THRESHOLD


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_the_rules_never_raise_on_any_text(text: str) -> None:
    facts.updates(text, text[::-1])
    facts.probes(text)
    fact_text(text)
    noise(text, text)
    assert 0.0 < core_cap(text) <= 1.0


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("My son is 5", "My daughter is 7", False),  # another person: another fact
        ("My sister is Alma", "My sister is a nurse", False),  # both true
        ("Remember that project 3704 is due in week 12", "Remember that project 706 is due in week 33", False),
        ("Remember that project 3704 is due in week 12", "Project 3704 is due in week 14", True),
        ("I live in Lisbon", "I moved to Porto", True),
        ("Train 12 leaves from platform 4", "Train 13 leaves from platform 4", False),
    ],
)
def test_updates_need_the_same_subject(old: str, new: str, expected: bool) -> None:
    assert facts.updates(new, old) is expected


def test_a_negation_is_a_different_fact() -> None:
    assert similarity.similarity("I eat meat", "I don't eat meat") < similarity.SAME_THRESHOLD
    assert similarity.conflict(similarity.profile("my son plays chess"), similarity.profile("my daughter plays chess"))


@pytest.mark.parametrize(
    "text",
    [
        "Draft a short thank-you note for my neighbour",
        "Give me a packing list for a week in Hawaii",
        "Explain TCP vs UDP in simple terms",
        "Can you recommend three podcasts about history?",
    ],
)
def test_requests_and_questions_are_not_memories(text: str) -> None:
    assert score_message(text) is None


def test_a_request_keeps_only_the_durable_fact_it_holds() -> None:
    text = "Draft a short thank-you note for my neighbour Ruth who watered the plants"
    score = score_message(text)
    assert score is not None and score.kind == "person"
    assert fact_text(text).casefold() == "my neighbour ruth"


def test_concise_content_drops_the_greeting_and_the_instruction() -> None:
    assert fact_text("Hi! Remember that my sister Alma lives in Porto") == "my sister Alma lives in Porto"
    assert fact_text("remember") == "remember"  # nothing left: kept as said
    assert core_cap("my WiFi password is [REDACTED]") == NOT_CORE
