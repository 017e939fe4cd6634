"""Capture scoring and the V-score gate (hippocampus.scoring): pure tables."""

from __future__ import annotations

import math

import pytest

from hippocampus.core.scoring import (
    DECISION,
    EMOTIONAL,
    GENERAL,
    PERSON_PROJECT,
    PREFERENCE,
    REMEMBER,
    THRESHOLD,
    Score,
    score_message,
    seed_score,
)
from hippocampus.core.vscore import V_THRESHOLD, heuristic_csn, passes_gate, resonance_term, v_score


def test_constants_follow_the_seed_table() -> None:
    assert (REMEMBER, EMOTIONAL, PREFERENCE) == (0.9, 0.85, 0.8)
    assert (DECISION, PERSON_PROJECT, GENERAL) == (0.75, 0.7, 0.5)
    assert THRESHOLD == 0.5 and V_THRESHOLD == 0.5


@pytest.mark.parametrize(
    ("message", "kind", "value"),
    [
        # remember
        ("Remember that my sister's name is Alma", "remember", 0.9),
        ("remember this: the wifi is on the fridge", "remember", 0.9),
        ("Please remember I'm allergic to peanuts", "remember", 0.9),
        ("Don't forget the dentist on Friday", "remember", 0.9),
        ("Don’t forget my anniversary", "remember", 0.9),
        ("Note that the staging server moved to eu-west", "remember", 0.9),
        ("Can you remember that I am vegan?", "remember", 0.9),
        ("记住我妹妹叫阿尔玛", "remember", 0.9),
        ("别忘了周五交报告", "remember", 0.9),
        # emotion: a feeling about the user's state or a person
        ("I feel so lonely since the move", "emotion", 0.85),
        ("I'm really stressed about the exam", "emotion", 0.85),
        ("I love my wife more than anything", "emotion", 0.85),
        ("I miss my grandmother", "emotion", 0.85),
        ("我觉得很难过", "emotion", 0.85),
        ("I've been feeling really down lately", "emotion", 0.85),
        ("I was a bit nervous at the interview yesterday", "emotion", 0.85),
        ("我感到很孤独", "emotion", 0.85),
        ("我很开心", "emotion", 0.85),
        # preference
        ("I prefer tea over coffee", "preference", 0.8),
        ("Tea is my preference, not coffee", "preference", 0.8),
        ("I like hiking on weekends", "preference", 0.8),
        ("I love sushi", "preference", 0.8),
        ("I hate cilantro", "preference", 0.8),
        ("I always take the window seat", "preference", 0.8),
        ("I never drink after 6pm", "preference", 0.8),
        ("My favourite band is Radiohead", "preference", 0.8),
        ("My favorite color is green", "preference", 0.8),
        ("I'd rather work from home", "preference", 0.8),
        ("I don't eat meat", "preference", 0.8),
        ("我喜欢喝茶", "preference", 0.8),
        ("我更喜欢绿茶", "preference", 0.8),
        ("我讨厌下雨天", "preference", 0.8),
        # decision
        ("We decided to use Postgres for the backend", "decision", 0.75),
        ("I decided to quit my job in March", "decision", 0.75),
        ("Let's go with the blue design", "decision", 0.75),
        ("We should ship on Monday", "decision", 0.75),
        ("I feel like we should use Postgres", "decision", 0.75),
        ("我们决定用Postgres", "decision", 0.75),
        ("我们应该下周发布", "decision", 0.75),
        # people and projects
        ("My sister's name is Alma", "person", 0.7),
        ("My boss is called Karen", "person", 0.7),
        ("My wife is a nurse", "person", 0.7),
        ("My name is Jonas", "person", 0.7),
        ("I live in Lisbon", "person", 0.7),
        ("I'm a software engineer", "person", 0.7),
        ("我妹妹叫阿尔玛", "person", 0.7),
        ("我叫小明", "person", 0.7),
        ("I'm working on a compiler in Rust", "project", 0.7),
        ("My project is due next week", "project", 0.7),
        ("这个项目下周五截止", "project", 0.7),
        # general: substantive statements
        ("I spent the whole afternoon debugging the flaky integration tests again today", "general", 0.5),
        ("The capital of Australia is Canberra, not Sydney as many people think.", "general", 0.5),
        ("今天下午我一直在调试那个不稳定的集成测试", "general", 0.5),
        # statements inside questions: the question is dropped, the user's fact kept
        ("I just got a new puppy named Max, what food should I buy?", "general", 0.5),
        ("I'm planning a trip to Japan next month. Can you recommend some hotels in Kyoto?", "general", 0.5),
        ("Which laptop should I buy? I prefer something light.", "preference", 0.8),
        ("Do you remember that restaurant? Remember that I'm vegan.", "remember", 0.9),
    ],
)
def test_score_table(message: str, kind: str, value: float) -> None:
    score = seed_score(message)  # the seed's table; `core.importance` then weighs it (test_importance.py)
    assert score is not None, message
    assert (score.kind, score.category, score.value) == (kind, kind, value)


@pytest.mark.parametrize(
    "message",
    [
        "I love this bug",
        "I hate it",
        "ok thanks",
        "Thanks!",
        "thank you so much",
        "hello",
        "ok",
        "谢谢",
        "好的",
        "What time is it?",
        "Do you remember that restaurant?",
        "How do I reverse a list in Python without copying it",
        "Do you know if I like tea?",
        "Is my sister coming tomorrow?",
        "short note",
        "I'm going to bed now",
        "Can you recommend some hotels in Kyoto for next month?",
        "What do you think about Rust, is it better than Go for a CLI?",
        "You're coming to the party tomorrow night with everyone from work?",
        "",
        "   ",
        "🍵🍵🍵",
    ],
)
def test_chitchat_questions_and_noise_are_dropped(message: str) -> None:
    assert score_message(message) is None


@pytest.mark.parametrize(
    "message",
    [
        "I love this bug",
        "I love this bug, it only shows up on Tuesdays when the moon is full",
        "I love that feature of the new editor so much, really great",
        "I hate it when the build breaks on Fridays before the release",
        "Unlovely as it is, this hatchback works",
    ],
)
def test_love_of_a_thing_is_not_emotional(message: str) -> None:
    score = score_message(message)
    assert score is None or score.kind != "emotion"


@pytest.mark.parametrize(
    "message",
    [
        "I feel Procreate is better than Photoshop for sketching on the iPad",
        "I'm happy to help you test the new version of the app next week",
        "I bought new boots from Zara and I love them, they fit perfectly",
        "I'm excited to try out the new recipe for chicken tikka masala tonight",
    ],
)
def test_opinions_and_willingness_are_not_emotional(message: str) -> None:
    score = score_message(message)
    assert score is None or score.kind != "emotion"


@pytest.mark.parametrize(
    "message",
    ["Clive likes tea", "Alive and well after the trip", "The unforgettable note-taking app"],
)
def test_triggers_match_whole_words_only(message: str) -> None:
    score = score_message(message)
    # no trigger fires ("Clive" holds no "I live"); a fact about someone named is kept as one (issue 24)
    assert score is None or score.kind in ("general", "fact")


@pytest.mark.parametrize("role", ["assistant", "system", "tool", "cron", ""])
def test_only_the_user_is_scored(role: str) -> None:
    assert score_message("Remember that my sister's name is Alma", role=role) is None
    assert score_message("I prefer tea over coffee", role=role) is None


@pytest.mark.parametrize(
    ("message", "domain"),
    [
        ("I prefer tea over coffee", "user"),
        ("Remember that my sister's name is Alma", "user"),
        ("I miss you", "relationship"),
        ("I love you", "relationship"),
        ("You and I make a great team, honestly", "relationship"),
        ("Thank you for helping me with my thesis yesterday", "relationship"),
        ("I really enjoy our conversations about history", "relationship"),
        ("谢谢你一直以来的帮助和耐心", "relationship"),
        ("The capital of Australia is Canberra, not Sydney as many people think.", "world"),
        ("Water boils at lower temperatures at high altitude because pressure drops.", "world"),
        ("I spent the whole afternoon debugging the flaky integration tests again today", "user"),
    ],
)
def test_domains(message: str, domain: str) -> None:
    score = score_message(message)
    assert score is not None
    assert score.domain == domain


def test_score_is_frozen() -> None:
    score = Score(0.9, "remember", "remember", "user")
    with pytest.raises(AttributeError):
        score.value = 0.1  # type: ignore[misc]


# --- V-score ---------------------------------------------------------------------------------


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


@pytest.mark.parametrize(
    ("resonance", "m"),
    [
        (0.0, -1.0),
        (2.9, -1.0),
        (3.0, -1.0),
        (3.01, -0.995),
        (5.0, 0.0),
        (7.0, 1.0),
        (9.0, 2.0),
        (9.01, -2.0),
        (10.0, -2.0),
    ],
)
def test_resonance_term(resonance: float, m: float) -> None:
    assert resonance_term(resonance) == pytest.approx(m)


@pytest.mark.parametrize(
    ("c", "s", "n", "resonance", "exponent"),
    [
        (5, 5, 5, 5, 0.0),
        (5, 5, 5, 10, -1.6),
        (5, 5, 5, 0, -0.8),
        (7, 7, 3, 7, 1.0 + 1.8 + 0.8 + 1.2),
        (10, 10, 0, 5, 2.5 + 4.5 + 3.0),
        (0, 0, 10, 0, -2.5 - 4.5 - 0.8 - 3.0),
        (9, 8, 1, 0, 2.0 + 2.7 - 0.8 + 2.4),
        (5, 5, 5, 9, 1.6),
    ],
)
def test_v_score_formula(c: float, s: float, n: float, resonance: float, exponent: float) -> None:
    assert v_score(c, s, n, resonance) == pytest.approx(_sigmoid(exponent))


@pytest.mark.parametrize(
    ("message", "passes"),
    [
        ("I prefer tea over coffee", True),
        ("Remember that my sister's name is Alma", True),
        ("I spent the whole afternoon debugging the flaky integration tests again today", True),
        ("ok thanks", False),
        ("😀😀😀😀😀 !!!!!!! $$$$ lol lol lol lol", False),
        ("asdf asdf asdf asdf asdf asdf asdf", False),
        ("", False),
    ],
)
def test_gate(message: str, passes: bool) -> None:
    assert passes_gate(message, resonance=0.0) is passes


def test_heuristic_csn_ranges_and_ordering() -> None:
    good = heuristic_csn("I prefer tea over coffee.")
    junk = heuristic_csn("$$$ ### @@@ !!!!!!!! 😀😀😀😀😀😀")
    for value in (*good, *junk):
        assert 0.0 <= value <= 10.0
    assert good[0] > junk[0]  # coherence
    assert good[1] == pytest.approx(8.0)  # significance follows the score
    assert good[2] < junk[2]  # noise


def test_near_duplicate_resonance_lowers_v() -> None:
    c, s, n = heuristic_csn("I prefer tea over coffee")
    assert v_score(c, s, n, 9.5) < v_score(c, s, n, 7.0)
