"""The hooks keep what `ingest` keeps: a turn's request with the assistant's reply as an exchange, the turn
before as context, through the real hook entry points (request_after -> inbox -> session_end)."""

from __future__ import annotations

import io
import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from hippocampus import encoding
from hippocampus.core.capture import EXCHANGE
from hippocampus.core.config import Config
from hippocampus.openclaw import hooks
from hippocampus.openclaw.messages import message_id
from hippocampus.recall import recall
from hippocampus.store import index_file
from hippocampus.store.workspace import Workspace

NOW = "2026-03-01T10:00:00Z"
T0 = datetime(2026, 3, 1, 10, 0, tzinfo=timezone.utc)
CONVERSATION = [
    ("Can you recommend a science fiction novel about first contact?", "Try 'Story of Your Life' by Ted Chiang."),
    ("Remember that my sister Alma lives in Porto", "Noted: your sister Alma lives in Porto."),
    ("yes, that one", "Great, enjoy the book."),
    ("What's a good way to keep basil alive indoors?", "Give it a sunny window and water when the soil is dry."),
]
SECRET = "sk-abcdefghijklmnopqrstuvwxyz123456"


@pytest.fixture(autouse=True)
def fixed_now(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIPPOCAMPUS_NOW", NOW)


def call(name: str, body: dict[str, Any]) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert hooks.run(name, io.BytesIO(json.dumps(body).encode()), out, err) == 0
    assert err.getvalue() == ""
    return out.getvalue()


def payload(workspace: Path, **event: Any) -> dict[str, Any]:
    ctx = {"agentId": "main", "sessionKey": "agent:main:main", "sessionId": "sess-1", "trigger": "user"}
    return {"hook": "x", "event": event, "workspace": str(workspace), "config": {}, "ctx": ctx}


def history(turns: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """The session so far in agent_end's shape: every turn's user message and the assistant's reply."""
    out: list[dict[str, Any]] = []
    for i, (said, reply) in enumerate(turns):
        out.append({"role": "user", "content": [{"type": "text", "text": said}], "timestamp": 1772359200000 + i})
        out.append({"role": "assistant", "content": [{"type": "text", "text": reply}]})
    return out


def through_hooks(workspace: Path, turns: list[tuple[str, str]]) -> None:
    for n in range(1, len(turns) + 1):
        call("request_after", payload(workspace, messages=history(turns[:n])))
    call("session_end", payload(workspace, reason="new"))


def through_ingest(workspace: Path, turns: list[tuple[str, str]]) -> None:
    rows = []
    for said, reply in turns:
        rows.append({"session": "sess-1", "id": message_id("sess-1", said), "role": "user", "text": said})
        rows.append({"session": "sess-1", "id": message_id("sess-1", reply), "role": "assistant", "text": reply})
    for row in rows:
        row["timestamp"] = NOW
    encoding.ingest(Workspace(workspace), T0, Config(), {"sess-1": rows})


def kept(workspace: Path) -> list[tuple[str, str, str, str]]:
    return sorted(
        (m.content, m.category, m.domain, m.context) for m in index_file.load_index(Workspace(workspace)).memories
    )


def test_a_request_is_kept_with_the_reply_as_an_exchange_through_the_hooks(workspace: Path) -> None:
    through_hooks(workspace, CONVERSATION)
    memories = {m.content: m for m in index_file.load_index(Workspace(workspace)).memories}
    basil = memories[CONVERSATION[3][0]]
    assert basil.category == EXCHANGE and "sunny window" in basil.context, "the last request keeps its answer"
    assert all("sunny window" not in m.content for m in memories.values()), "the reply itself is never a fact"
    hits = recall(Workspace(workspace), "what did you tell me about basil", T0, Config(), k=3)
    assert hits and hits[0].memory.id == basil.id
    # the request carried by a later statement is that statement's context, as ingest does
    assert "Ted Chiang" not in " ".join(m.content for m in memories.values())


def test_the_hooks_and_ingest_keep_the_same_memories(tmp_path: Path) -> None:
    hooked, ingested = tmp_path / "hooked", tmp_path / "ingested"
    for folder in (hooked, ingested):
        (folder / "memory").mkdir(parents=True)
    through_hooks(hooked, CONVERSATION)
    through_ingest(ingested, CONVERSATION)
    assert kept(hooked) == kept(ingested)
    assert any(category == EXCHANGE for _, category, _, _ in kept(hooked))


def test_the_reply_queued_by_request_after_is_redacted_before_it_reaches_disk(workspace: Path) -> None:
    turns = [("Can you store my key for the deploy script?", f"Your key {SECRET} is set in the deploy script.")]
    assert call("request_after", payload(workspace, messages=history(turns))).strip() == "1", "user messages counted"
    for path in (workspace / "memory").iterdir():
        assert SECRET not in path.read_bytes().decode("utf-8", "replace")
    call("session_end", payload(workspace, reason="new"))
    for path in (workspace / "memory").rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes()


def test_a_turn_without_a_reply_queues_only_the_user_message(workspace: Path) -> None:
    call("request_after", payload(workspace, messages=history(CONVERSATION[:1])[:1]))
    call("session_end", payload(workspace, reason="new"))
    assert kept(workspace) == [], "a request with no answer is no exchange (as ingest)"


@pytest.mark.parametrize(
    "reply",
    [
        {"role": "assistant", "content": None},
        {"role": "assistant", "content": {"weird": True}},
        {"role": "assistant", "content": [{"type": "image", "data": "x"}, 5, None]},
        {"role": "assistant", "content": "x" * 200_000},
        {"role": "assistant"},
    ],
)
def test_a_hostile_or_empty_reply_queues_the_user_message_and_at_most_a_cut_reply(
    workspace: Path, reply: dict[str, Any]
) -> None:
    user = {"role": "user", "content": [{"type": "text", "text": "Remember that my dog is called Rex"}]}
    assert call("request_after", payload(workspace, messages=[user, reply])).strip() == "1"
    lines = [json.loads(line) for line in (workspace / "memory" / "inbox.jsonl").read_text().splitlines()]
    assert [row["role"] for row in lines][0] == "user" and len(lines) <= 2
    assert all(len(row["text"]) <= 400 for row in lines if row["role"] == "assistant")
    call("session_end", payload(workspace, reason="new"))
    assert [content for content, *_ in kept(workspace)] == ["my dog is called Rex"]
