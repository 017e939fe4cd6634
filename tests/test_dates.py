"""Time expressions in recall: the pure resolution in core/dates.py, and recall's boost through a real store."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hippocampus.core import dates
from hippocampus.core.config import Config
from hippocampus.core.model import Index, Memory, Source, format_time
from hippocampus.recall import recall
from hippocampus.store import index_file
from hippocampus.store.workspace import Workspace

NOW = datetime(2023, 3, 2, 8, 0, tzinfo=timezone.utc)  # a Thursday


def days(question: str, now: datetime = NOW) -> list[tuple[date, date]]:
    return list(dates.question_time(question, now).spans)


def around(d: date, margin: int = 1) -> tuple[date, date]:
    return d - timedelta(days=margin), d + timedelta(days=margin)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What airline did I fly with on Valentine's day?", around(date(2023, 2, 14))),
        ("what did I do on 14 February?", around(date(2023, 2, 14))),
        ("what happened on February 14th, 2021?", around(date(2021, 2, 14))),
        ("where was I on 2022-12-01?", around(date(2022, 12, 1))),
        ("what did I cook at Christmas?", around(date(2022, 12, 25))),
        ("who came on New Year's Eve?", around(date(2022, 12, 31))),
        ("what costume did I wear for Halloween?", around(date(2022, 10, 31))),
        ("where did we eat at Thanksgiving?", around(date(2022, 11, 24))),
        ("what did I do last Tuesday?", around(date(2023, 2, 28))),
        ("who called yesterday?", around(date(2023, 3, 1))),
        ("what did I buy 3 weeks ago?", around(date(2023, 2, 9), 4)),
        ("what did I read last month?", (date(2023, 2, 1), date(2023, 2, 28))),
        ("how far did I run last week?", (date(2023, 2, 18), date(2023, 2, 28))),  # the week before, ± 2 days
        ("which concerts did I go to in the past three months?", (date(2022, 12, 1), date(2023, 3, 2))),
        ("where did I go in March?", (date(2023, 3, 1), date(2023, 3, 31))),
        ("what did I do in May 2021?", (date(2021, 5, 1), date(2021, 5, 31))),
        ("¿qué hice el 14 de febrero?", around(date(2023, 2, 14))),
        ("was habe ich am 14. Februar gemacht?", around(date(2023, 2, 14))),
        ("qu'ai-je mangé à Noël ?", around(date(2022, 12, 25))),
        ("was habe ich an Weihnachten gekocht?", around(date(2022, 12, 25))),
        ("情人节我做了什么？", around(date(2023, 2, 14))),
        ("クリスマスに何をしましたか", around(date(2022, 12, 25))),
    ],
)
def test_a_questions_date_words_resolve_back_from_now(question: str, expected: tuple[date, date]) -> None:
    assert days(question) == [expected]


def test_a_question_that_looks_forward_resolves_forward() -> None:
    assert days("what will I do at Christmas?") == [around(date(2023, 12, 25))]
    assert days("what am I planning for Easter?") == [around(date(2023, 4, 9))]


@pytest.mark.parametrize(
    "question",
    [
        "what is my sister called?",
        "I bought 3 apples",
        "I may go to Paris",  # "may" the verb is no month
        "Noel is my friend",  # a name, not Christmas
        "my prenatal classes",
        "which herb do I dislike?",
    ],
)
def test_no_date_words_no_spans(question: str) -> None:
    assert days(question) == []


@pytest.mark.parametrize(
    "question",
    [
        "When did I move to Berlin?",
        "How many days ago did I buy the bike?",
        "What date is my dentist visit?",
        "¿Cuándo me mudé?",
        "Wann bin ich umgezogen?",
        "언제 이사했어?",
        "いつ引っ越した？",
    ],
)
def test_when_questions_are_recognised(question: str) -> None:
    assert dates.question_time(question, NOW).asks_when


@pytest.mark.parametrize(
    "question",
    [
        "What do I eat when it's cold?",
        "How many engineers did I lead when I started the new role?",
        "Whenever I travel, what do I pack?",
    ],
)
def test_when_as_a_conjunction_asks_for_no_time(question: str) -> None:
    assert not dates.question_time(question, NOW).asks_when


@pytest.mark.parametrize(
    "question", ["  when did I move?", "[Tue 2026-12-01 19:00 UTC] When did I move?", "Do you remember when we met?"]
)
def test_when_after_an_envelope_or_a_verb_of_knowing_still_asks(question: str) -> None:
    assert dates.question_time(question, NOW).asks_when


def test_a_memorys_words_resolve_from_when_they_were_said() -> None:
    monday = datetime(2023, 2, 20, 18, tzinfo=timezone.utc)
    assert dates.spans_in("my flight last Tuesday was late", monday) == [around(date(2023, 2, 14))]
    assert dates.spans_in("I flew home today", monday) == [around(date(2023, 2, 20))]
    # no year: the nearest occurrence to when it was said (said in November, "February 10th" is next one)
    assert dates.spans_in("my flight on February 10th", datetime(2022, 11, 17, tzinfo=timezone.utc)) == [
        around(date(2023, 2, 10))
    ]
    assert dates.has_time_expression("my flight on February 10th")
    assert not dates.has_time_expression("my flight was delayed")


def test_time_factor_boosts_a_matching_message_date_or_date_words() -> None:
    asked = dates.question_time("What airline did I fly with on Valentine's day?", NOW)
    on_the_day = datetime(2023, 2, 14, 20, 47, tzinfo=timezone.utc)
    later = datetime(2023, 2, 20, tzinfo=timezone.utc)
    assert dates.time_factor(asked, [("my American Airlines flight", on_the_day)]) == 1 + dates.DATE_BOOST
    assert dates.time_factor(asked, [("my flight last Tuesday", later)]) == 1 + dates.DATE_BOOST
    assert dates.time_factor(asked, [("on Valentine's day we flew", later)]) == 1 + dates.DATE_BOOST
    assert dates.time_factor(asked, [("my flight", later)]) == 1.0
    assert dates.time_factor(asked, [("my flight on 20 February", later)]) == 1.0, "another day is no match"
    when = dates.question_time("When did I fly to Boston?", NOW)
    assert dates.time_factor(when, [("I flew to Boston on 3 January", later)]) == 1 + dates.WHEN_BOOST
    assert dates.time_factor(when, [("I flew to Boston", later)]) == 1.0
    plain = dates.question_time("which airline do I like?", NOW)
    assert not plain.active and dates.time_factor(plain, [("I flew on 3 January", later)]) == 1.0


_PIECES = ["may", "ago", "last", "next", "christmas", "easter", "days", "weeks", "14", "9999", "2023-02-30", "of"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(_PIECES) | st.text(alphabet="0123456789 -.,abdeijmnoprsty'", max_size=8), max_size=8),
    st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31)),
)
def test_resolution_never_raises_and_spans_are_ordered(pieces: list[str], when: datetime) -> None:
    """Any text at any moment, the ends of the calendar included: spans or nothing, never an error."""
    text = " ".join(pieces)
    moment = when.replace(tzinfo=timezone.utc)
    for a, b in list(dates.question_time(text, moment).spans) + dates.spans_in(text, moment):
        assert a <= b
    dates.time_factor(dates.question_time(text, moment), [(text, moment)])


@pytest.mark.parametrize("when", [datetime(1, 1, 1, tzinfo=timezone.utc), datetime(9999, 12, 31, tzinfo=timezone.utc)])
def test_clock_extremes(when: datetime) -> None:
    for text in ("tomorrow", "yesterday", "next Friday", "last Christmas", "999 years ago", "Easter", "9999-12-31"):
        dates.question_time(text, when)
        dates.spans_in(text, when)


def said_on(i: int, text: str, when: datetime) -> Memory:
    return Memory(
        id=f"mem_{i:03d}",
        content=text,
        anchor=0.6,
        importance=0.6,
        created=when,
        last_accessed=when,
        sources=[Source(f"s{i}", f"m{i}", format_time(when), "user")],
    )


def test_recall_finds_the_message_said_on_the_day_the_question_names(workspace: Path) -> None:
    """Through a real store: of two equally worded flight memories, the one said on 14 February comes first
    for "on Valentine's day", while a question without date words keeps the keyword order."""
    ws = Workspace(workspace)
    memories = [
        said_on(
            1,
            "I flew American Airlines from LAX to JFK and it was delayed",
            datetime(2023, 2, 14, 20, tzinfo=timezone.utc),
        ),
        said_on(
            2,
            "I flew United Airlines from Boston to Chicago, it was delayed",
            datetime(2023, 1, 5, tzinfo=timezone.utc),
        ),
        said_on(
            3,
            "Airlines: I flew JetBlue airlines, a red-eye, slept all the way",
            datetime(2022, 11, 17, tzinfo=timezone.utc),
        ),
    ]
    index_file.write_whole(ws, Index(memories=memories, next_id=4), NOW)
    plain = [h.memory.id for h in recall(ws, "which airlines did I fly with?", NOW, Config(), k=3)]
    assert plain[0] == "mem_003", "without date words the most matching words win"
    dated = [h.memory.id for h in recall(ws, "which airlines did I fly with on Valentine's day?", NOW, Config(), k=3)]
    assert dated[0] == "mem_001"


def test_a_question_without_date_words_compiles_no_pattern() -> None:
    """The cold per-turn process pays for the date patterns only when its question has date words."""
    import subprocess
    import sys

    code = (
        "from datetime import datetime, timezone\n"
        "from hippocampus.core import dates\n"
        "now = datetime(2023, 3, 2, tzinfo=timezone.utc)\n"
        "for q in ('how do I fix my bike?', 'what is my sister called?', 'which book did you recommend?'):\n"
        "    assert not dates.question_time(q, now).active\n"
        "assert not dates._compiled, dates._compiled\n"
        "assert dates.question_time('what did I do on Valentine\\'s day?', now).spans\n"
        "assert dates._compiled\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
