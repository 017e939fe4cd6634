"""Capture, in one place: a user message becomes a clean, redacted signal, scored once.

Each message is cleaned and redacted once (`redact.scrub`) before anything is queued, so
secrets never reach the disk; scoring then reads that clean text as it is.

On the per-turn path the scoring is deferred: it compiles dozens of multilingual trigger
patterns, and a turn must not wait on them. So the hook queues each message cleaned, redacted and marked
`unscored` (`raw_signal`), and `score_queued` scores it at encoding time with the same rules
`signals_from_messages` applies to history and imports. Messages that score nothing are
dropped then; the queue cursor still moves past them, so nothing is read twice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from hippocampus.core.model import Signal
from hippocampus.core.redact import scrub

UNSCORED = "unscored"


CONTEXT_CHARS = 400
"""How much of the turn before a message is kept as its context (`Signal.context`)."""
CONTEXT_WINDOW = 4 * CONTEXT_CHARS
"""How much of that turn is redacted to give it: redacting a whole long reply would hold up the turn, and
only its start is kept. A secret cut at the window's edge lies far past the kept part
(a private key's body is redacted to the end of the window, `core.redact`)."""
NOT_FACTS = ("assistant", "system", "tool", "toolResult", "developer")
"""Roles whose words are never facts about anyone: the agent's own, and the machinery's."""


def context_of(before: str) -> str:
    """The turn before a message as its context: cleaned, redacted and cut (see `Memory.context`)."""
    from hippocampus.core.clean import shorten

    return shorten(scrub(before[:CONTEXT_WINDOW]), CONTEXT_CHARS) if before else ""


def raw_signal(
    session: str,
    message_id: str,
    text: str,
    timestamp: str,
    speaker: str = "",
    context: str = "",
    role: str = "user",
) -> Signal | None:
    """A cleaned, redacted message waiting to be scored; None when nothing is left of it. The assistant's
    reply (`role` "assistant") is queued too, redacted and cut like a context (`context_of`): it is never a
    fact, only the context of what follows and the answer an exchange keeps (`score_queued`)."""
    body = scrub(text) if role == "user" else context_of(text)
    if not body:
        return None
    return Signal(
        session=session,
        message_id=message_id,
        text=body,
        timestamp=timestamp,
        score=0.0,
        category=UNSCORED,
        role=role,
        speaker=speaker,
        context=context_of(context),
    )


def score_queued(signals: list[Signal], not_kept: Counter[str] | None = None) -> list[Signal]:
    """Score the signals queued unscored with the rules of history and imports (`signals_from_messages`,
    exchanges included): each run of them is read as the conversation it was, the assistant's queued
    replies among them. Signals already scored are kept as they are, in their place. The user messages
    that keep nothing are counted in `not_kept` by reason (`scoring.NOT_KEPT`)."""
    if not any(s.category == UNSCORED for s in signals):
        return signals
    out: list[Signal] = []
    run: list[Signal] = []
    for signal in [*signals, None]:
        if signal is not None and signal.category == UNSCORED:
            run.append(signal)
            continue
        if run:
            out += signals_from_messages([_row(s) for s in run], run[0].timestamp, not_kept)
            run = []
        if signal is not None:
            out.append(signal)
    return out


def _row(signal: Signal) -> dict[str, Any]:
    """A queued signal as the conversation row `signals_from_messages` reads; `before` is the turn before
    it as the hook saw it, for the first row of its session in the run."""
    return {
        "session": signal.session,
        "id": signal.message_id,
        "role": signal.role,
        "text": signal.text,
        "timestamp": signal.timestamp,
        "speaker": signal.speaker,
        "before": signal.context,
    }


EXCHANGE = "exchange"
"""The category of a request kept with the assistant's reply (see `signals_from_messages`)."""


def signals_from_messages(
    rows: list[dict[str, Any]], default_time: str, not_kept: Counter[str] | None = None
) -> list[Signal]:
    """Clean, redact and score conversation rows `{session, id, role, text, timestamp, speaker}` into
    signals; rows without a timestamp get `default_time`. A row's optional `before` is the turn before it
    as the hooks saw it: used unless the row follows a reply among these rows (a run the hooks queued
    holds each turn's reply; older queues and turns without one do not).

    Speakers: a "user" row is the user's own words. The assistant's (and system and tool rows) are
    never facts: they are kept only as the context of the next statement. Any other role is a named
    sender in a group or an imported chat (its `speaker`, else the role, names them): scored like the
    user's words and stored in the "world" domain as "<name>: <what they said>", since a "my sister"
    there is the sender's, not the user's. Each signal's `context` is the turn before it, with the
    user's own message before that when it was not kept (a request), see `context_of`.

    Exchanges: a request or question to the assistant (`scoring.asks`) is no fact, and normally lives
    on as the context of the next statement kept. When none carries it (the next user turn is not kept
    either, or the session ends), the request is kept as an exchange: category "exchange", domain
    "relationship", importance `scoring.GENERAL` (never core on arrival), the assistant's reply as its
    context. So "what did you tell me about X?" still finds the conversation that answered it.

    Nothing is lost silently: each message that keeps no fact is counted in `not_kept` by its reason
    (`scoring.not_kept`: greeting, question, request, junk, secret, below_threshold).
    """
    from hippocampus.core.scoring import asks, score_clean
    from hippocampus.core.scoring import not_kept as reason_of

    out: list[Signal] = []
    before: dict[str, tuple[str, bool]] = {}  # session -> (the turn before the next row, whether it was kept)
    open_asks: dict[str, tuple[Signal, list[str]]] = {}  # session -> a request no statement carries yet, replies

    def close(session: str) -> None:
        signal, replies = open_asks.pop(session)
        if replies:
            out.append(replace(signal, context=context_of(" … ".join(replies))))

    replied: set[str] = set()  # sessions whose last row here was the assistant's (or the machinery's)
    for row in rows:
        role = str(row.get("role", "user"))
        session = str(row.get("session", ""))
        raw = str(row.get("text", ""))
        earlier, kept = before.get(session, ("", True))
        if role in NOT_FACTS:
            replied.add(session)
            before[session] = (raw if kept or not earlier else f"{earlier} … {raw}", True)
            if session in open_asks and role == "assistant":
                open_asks[session][1].append(raw)
            continue
        if "before" in row and session not in replied:  # the turn before is not among these rows
            earlier = str(row["before"])
        replied.discard(session)
        named = role != "user"
        speaker = str(row.get("speaker", "")) or role
        text = scrub(raw)
        score = score_clean(text, "user") if text else None
        before[session] = (raw, score is not None)
        if score is None:
            if not_kept is not None:
                not_kept[reason_of(text) if text else "junk"] += 1
            if session in open_asks:
                close(session)  # the next turn is no statement either: nothing carries that exchange
            if not named and text and asks(text):
                open_asks[session] = (_exchange(row, session, speaker, text, default_time), [])
            continue
        open_asks.pop(session, None)  # carried as this statement's context
        out.append(
            Signal(
                session=session,
                message_id=str(row.get("id", "")),
                text=f"{speaker}: {text}" if named else text,
                timestamp=str(row.get("timestamp") or default_time),
                score=score.value,
                domain="world" if named else score.domain,
                category=score.category,
                role="other" if named else "user",
                speaker=speaker,
                context=context_of(earlier),
            )
        )
    for session in list(open_asks):
        close(session)
    return out


def _exchange(row: dict[str, Any], session: str, speaker: str, text: str, default_time: str) -> Signal:
    """A request waiting for its reply (`signals_from_messages`, "Exchanges")."""
    from hippocampus.core.scoring import GENERAL

    return Signal(
        session=session,
        message_id=str(row.get("id", "")),
        text=text,
        timestamp=str(row.get("timestamp") or default_time),
        score=GENERAL,
        domain="relationship",
        category=EXCHANGE,
        role="user",
        speaker=speaker,
    )
