"""OpenClaw's transcript messages: the user's own text, a stable message id, the turn's messages, their time.

A message is `{"role", "content": str | [{"type": "text", "text"}...], "timestamp": epoch ms | ISO}`.
The live hooks and the history backfill use the same functions, so both give a message the same id.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from hashlib import sha1
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hippocampus.core.model import Signal

MAX_TEXT = 20_000
MAX_QUERY = 2_000
# OpenClaw-internal blocks and our own fence never become facts about the user.
_INTERNAL = re.compile(
    r"<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>.*?<<<END_OPENCLAW_INTERNAL_CONTEXT>>>"
    r"|<hippocampus-recalled-notes>.*?</hippocampus-recalled-notes>",
    re.DOTALL | re.IGNORECASE,
)
_STAMP = re.compile(r"^\[[A-Z][a-z]{2} \d{4}-\d{2}-\d{2} \d{2}:\d{2}(?::\d{2})?(?: [A-Z]{2,5})?\]\s*")


def message_text(message: dict[str, Any]) -> str:
    """The user's own text of a transcript message: text parts joined, internal blocks removed."""
    content = message.get("content")
    if isinstance(content, str):
        text = content
    elif isinstance(content, list):
        text = "\n".join(
            str(p.get("text", "")) for p in content if isinstance(p, dict) and p.get("type", "text") == "text"
        )
    else:
        text = ""
    text = text[:MAX_TEXT]
    if "<" in text:
        text = _INTERNAL.sub(" ", text)
    text = text.strip()
    return _STAMP.sub("", text).strip() if text.startswith("[") else text


def message_id(session: str, text: str) -> str:
    """A stable id for a message: the same session and text give the same id in hooks and backfill."""
    digest = sha1(f"{session}\n{text}".encode("utf-8", "replace")).hexdigest()  # noqa: S324 - a message id, not a security hash
    return f"msg_{digest[:16]}"


def turn_messages(messages: Any) -> list[dict[str, Any]]:
    """The user messages of the turn that just ended: the last run of user messages."""
    return turn_with_context(messages)[0]


def turn_with_context(messages: Any) -> tuple[list[dict[str, Any]], str]:
    """`turn_messages`, and the text of the message just before them (the assistant's last words, the
    first one's context)."""
    rows = [m for m in messages if isinstance(m, dict)] if isinstance(messages, list) else []
    end = len(rows) - 1
    while end >= 0 and rows[end].get("role") != "user":
        end -= 1
    start = end
    while start > 0 and rows[start - 1].get("role") == "user":
        start -= 1
    if end < 0:
        return [], ""
    return rows[start : end + 1], message_text(rows[start - 1]) if start > 0 else ""


def reply_of(messages: Any) -> tuple[str, dict[str, Any]]:
    """The assistant's words after the turn's last user message (its text parts, joined), and the last
    of those messages (for its time); ("", {}) when it has none."""
    rows = [m for m in messages if isinstance(m, dict)] if isinstance(messages, list) else []
    replies: list[dict[str, Any]] = []
    for row in reversed(rows):
        if row.get("role") == "user":
            break
        if row.get("role") == "assistant":
            replies.insert(0, row)
    text = " ".join(t for t in (message_text(r) for r in replies) if t)
    return text, replies[-1] if replies and text else {}


def message_time(message: dict[str, Any], now: datetime) -> str:
    """The message's own time (epoch ms or ISO) as ISO 8601, else `now`."""
    from hippocampus.core.model import format_time, parse_time

    value = message.get("timestamp")
    try:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return format_time(datetime.fromtimestamp(value / 1000.0, tz=timezone.utc))
        if isinstance(value, str) and value:
            return format_time(parse_time(value))
    except (ValueError, OverflowError, OSError):
        pass
    return format_time(now)


def turn_query(event: dict[str, Any]) -> str:
    """What to recall for before a turn: the current user message (else the prompt), cleaned like a message."""
    current = event.get("currentUserMessage")
    query = current if isinstance(current, str) else str(event.get("prompt") or "")
    return message_text({"content": query[:MAX_TEXT]})[:MAX_QUERY]


def is_bare_command(text: str) -> bool:
    """A lone slash command such as `/new`: never a fact about the user."""
    return text.startswith("/") and len(text.split()) == 1


def turn_signals(payload: dict[str, Any], now: datetime) -> list[Signal]:
    """This turn's user messages as raw signals (cleaned, redacted, unscored: `core.capture.raw_signal`),
    each with the message before it as its context, then the assistant's reply to them (never a fact:
    the context of what follows, and the answer a request is kept with as an exchange)."""
    from hippocampus.core.capture import raw_signal
    from hippocampus.openclaw.payload import as_dict, session_of

    event = as_dict(payload.get("event"))
    session = session_of(payload)
    sender = str(as_dict(payload.get("ctx")).get("senderId") or "")
    signals = []
    messages, before = turn_with_context(event.get("messages"))
    for message in messages:
        text = message_text(message)
        if not text or is_bare_command(text):
            continue
        signal = raw_signal(session, message_id(session, text), text, message_time(message, now), sender, before)
        if signal is not None:
            signals.append(signal)
        before = text
    reply, last = reply_of(event.get("messages"))
    if signals and reply:  # the answer, for the exchange a request makes at encoding (core/capture.py)
        answer = raw_signal(
            session, message_id(session, reply), reply, message_time(last, now), "", before, role="assistant"
        )
        signals += [answer] if answer is not None else []
    return signals
