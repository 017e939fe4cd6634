"""Requests aren't facts, but no conversation is lost: a request no statement carries is kept with the reply."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from hippocampus import encoding
from hippocampus.core.capture import EXCHANGE, signals_from_messages
from hippocampus.core.config import Config
from hippocampus.recall import core_memories, recall
from hippocampus.store import index_file
from hippocampus.store.workspace import Workspace

NOW = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)
T = "2026-03-01T10:00:00+00:00"
ASK_1 = "Can you give me some examples of studies on binaural beats for anxiety?"
REPLY_1 = "Sure: a study in the journal Music and Medicine followed 38 subjects who listened daily."
ASK_2 = "Could you recommend specific binaural beats tracks for stress relief?"
REPLY_2 = "I cannot recommend tracks, but look for alpha and theta frequencies."


def _rows(*turns: tuple[str, str], session: str = "s1") -> list[dict[str, Any]]:
    return [
        {"session": session, "id": f"{session}:{i}", "role": role, "text": text, "timestamp": T}
        for i, (role, text) in enumerate(turns)
    ]


def test_requests_no_statement_carries_are_kept_with_their_replies() -> None:
    signals = signals_from_messages(
        _rows(("user", ASK_1), ("assistant", REPLY_1), ("user", ASK_2), ("assistant", REPLY_2)), T
    )
    assert [(s.text, s.context, s.category, s.domain) for s in signals] == [
        (ASK_1, REPLY_1, EXCHANGE, "relationship"),
        (ASK_2, REPLY_2, EXCHANGE, "relationship"),
    ]
    assert [s.message_id for s in signals] == ["s1:0", "s1:2"] and all(s.score == 0.5 for s in signals)


def test_a_request_the_next_statement_carries_is_only_its_context() -> None:
    statement = "I have been sleeping badly since I started my new job in March."
    signals = signals_from_messages(_rows(("user", ASK_1), ("assistant", REPLY_1), ("user", statement)), T)
    assert [s.text for s in signals] == [statement]
    assert ASK_1 in signals[0].context and "Music and Medicine" in signals[0].context


def test_what_is_not_an_exchange() -> None:
    assert signals_from_messages(_rows(("user", ASK_1)), T) == []  # no reply: just a request
    assert signals_from_messages(_rows(("user", "hi there!"), ("assistant", "Hello! How can I help?")), T) == []
    assert (
        signals_from_messages(_rows(("user", "ok?"), ("assistant", REPLY_1)), T) == []
    )  # too short to be about anything
    named = [{"session": "g", "id": "g:0", "role": "Alma", "text": ASK_1, "timestamp": T}]
    assert signals_from_messages([*named, *_rows(("assistant", REPLY_1), session="g")], T) == []


def test_an_exchange_closed_by_thanks_or_a_later_request_is_kept_and_sessions_stay_apart() -> None:
    rows = [
        *_rows(("user", ASK_1), session="a"),
        *_rows(("user", ASK_2), session="b"),
        *_rows(("assistant", REPLY_1), session="a"),
        *_rows(("assistant", REPLY_2), session="b"),
        *_rows(("user", "thanks!"), session="a"),
    ]
    signals = signals_from_messages(rows, T)
    assert sorted((s.session, s.text, s.context) for s in signals) == [("a", ASK_1, REPLY_1), ("b", ASK_2, REPLY_2)]


def test_the_reply_is_redacted_and_cut_before_it_is_kept() -> None:
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    reply = f"Use the token {token} in the header. " + "More detail. " * 60
    (signal,) = signals_from_messages(_rows(("user", ASK_1), ("assistant", reply)), T)
    assert token not in signal.context and "[REDACTED" in signal.context and len(signal.context) <= 400


def test_an_ingested_exchange_is_recalled_never_core_and_ingesting_again_adds_nothing(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    sessions = {"s1": _rows(("user", ASK_1), ("assistant", REPLY_1))}
    first = encoding.ingest(ws, NOW, Config(), sessions)
    assert len(first.created) == 1
    (memory,) = index_file.load_index(ws).memories
    assert (memory.category, memory.domain, memory.context) == (EXCHANGE, "relationship", REPLY_1)
    found = [h.memory.id for h in recall(ws, "binaural beats study anxiety", NOW, Config())]
    assert found == [memory.id]
    assert [h.memory.id for h in recall(ws, "Music and Medicine subjects", NOW, Config())] == [memory.id]
    assert core_memories(ws, NOW, Config()) == []
    again = encoding.ingest(ws, NOW, Config(), sessions)
    assert again.created == [] and len(index_file.load_index(ws).memories) == 1
