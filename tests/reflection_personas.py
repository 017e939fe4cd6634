"""Five people, each over eight sessions of eight memories (64 each), and a scripted model that reflects
on them: the fixture of tests/test_reflection.py and bench/reflection.py.

The model is an OpenAI-compatible chat server on 127.0.0.1 (`fake_endpoint`). Asked for questions, it
answers the persona's three; asked for insights, it cites ids it was shown (and one it was not), and
adds one insight that cites nothing, which must be refused. Each insight holds the word `MARKER`, found
in no memory, so "no byte of it anywhere" can be searched for.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

from fake_endpoint import fake_endpoint

from hippocampus.llm.reflection import INSIGHTS_PROMPT, QUESTIONS_PROMPT

START = datetime(2026, 4, 6, 8, 0, tzinfo=timezone.utc)
SESSIONS = 8
PER_SESSION = 8
IMPORTANCE = 0.5
MARKER = "Quillographic"
WEEKS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


@dataclass(frozen=True)
class Persona:
    name: str
    doings: tuple[str, ...]  # eight, each said once per session
    questions: tuple[str, str, str]

    def session(self, number: int) -> list[str]:
        """The memories of one session (0-based), all different from every other session's."""
        return [f"During the {WEEKS[number]} week of April {self.name} {doing}" for doing in self.doings]

    def when(self, number: int) -> datetime:
        return START + timedelta(days=3 * number, hours=number)


PERSONAS = (
    Persona(
        "Dana",
        (
            "ran along the river before breakfast",
            "felt her left knee ache after the long run",
            "booked a physiotherapy appointment for the knee",
            "trained with the club for the autumn marathon",
            "bought trail shoes with more cushioning",
            "stretched her hamstrings after every training run",
            "worried the knee might stop her racing in October",
            "iced the knee while reading about marathon pacing",
        ),
        ("What is Dana training for?", "How is Dana's knee?", "How does Dana look after her body?"),
    ),
    Persona(
        "Tomasz",
        (
            "practised the cello scales for an hour",
            "argued with his landlord about the broken heating",
            "rehearsed the Elgar concerto with the quartet",
            "searched flat listings near the conservatory",
            "wrapped his bow hand because the wrist hurt",
            "recorded an audition tape for the orchestra",
            "slept badly because the flat was cold",
            "asked his teacher about the orchestra audition",
        ),
        ("What is Tomasz preparing?", "Why does Tomasz want to move?", "What troubles Tomasz's playing?"),
    ),
    Persona(
        "Amara",
        (
            "planted tomatoes in the allotment beds",
            "read a chapter of her thesis on soil fungi",
            "met her supervisor about the thesis deadline",
            "watered the allotment with collected rainwater",
            "sampled fungi from the allotment soil for the lab",
            "drafted the methods section of the thesis",
            "traded seedlings with the allotment neighbours",
            "stayed late in the lab counting fungal spores",
        ),
        ("What is Amara's thesis about?", "How does Amara use her allotment?", "When does Amara work late?"),
    ),
    Persona(
        "Kenji",
        (
            "fixed a bug in the payment service at work",
            "cooked ramen for his daughter after school",
            "reviewed the payment service outage report",
            "picked his daughter up from swimming lessons",
            "stayed on call for the payment service overnight",
            "helped his daughter with her maths homework",
            "planned a weekend camping trip with his daughter",
            "asked his manager for fewer on-call weekends",
        ),
        ("What does Kenji work on?", "How does Kenji spend time with his daughter?", "What strains Kenji?"),
    ),
    Persona(
        "Lucia",
        (
            "studied Japanese kanji on the train",
            "saved money for the trip to Kyoto",
            "took an online Japanese conversation class",
            "compared ryokan prices in Kyoto",
            "watched a Japanese film without subtitles",
            "asked her manager for three weeks off in spring",
            "practised ordering food in Japanese",
            "read a guidebook about temples in Kyoto",
        ),
        ("Where is Lucia going?", "How is Lucia learning Japanese?", "How is Lucia preparing the trip?"),
    ),
)


@dataclass
class Script:
    """What the scripted model was asked, by kind."""

    asked: dict[str, int] = field(default_factory=lambda: {"questions": 0, "insights": 0})
    cited: list[str] = field(default_factory=list)


def _persona(text: str) -> Persona:
    return next(p for p in PERSONAS if p.name in text)


def answer(body: dict[str, Any], script: Script) -> str:
    """The scripted model: questions for the persona named, or insights citing what it was shown."""
    system, user = body["messages"][0]["content"], body["messages"][-1]["content"]
    if system == QUESTIONS_PROMPT:
        script.asked["questions"] += 1
        return "Here they are:\n" + json.dumps(list(_persona(user).questions))
    assert system == INSIGHTS_PROMPT, system
    script.asked["insights"] += 1
    number = script.asked["insights"]
    shown = re.findall(r"\((mem_[0-9A-Za-z_]+)\)", user)
    question = user.split("\n", 1)[0].removeprefix("Question: ")
    persona = _persona(user + question)
    script.cited += shown[:2]
    insights = [
        {"insight": f"{persona.name} {MARKER} pattern {number}: {question}", "evidence": [*shown[:2], "mem_999999"]},
        {"insight": f"{persona.name} made up {MARKER} claim {number}", "evidence": []},
    ]
    return json.dumps(insights)


@contextmanager
def scripted_model() -> Iterator[tuple[str, Script]]:
    """The model's base URL and its script, while the block runs."""
    script = Script()

    def reply(body: Any) -> Any:
        return {"choices": [{"message": {"content": answer(body, script)}}]}

    with fake_endpoint(reply) as url:
        yield url, script
