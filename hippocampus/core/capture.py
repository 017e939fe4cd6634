"""Capture, in one place: a user message becomes a clean, redacted signal, scored once.

Each message is cleaned and redacted once (`redact.scrub`) before anything is queued, so
secrets never reach the disk; scoring then reads that clean text as it is.

On the per-turn path the scoring is deferred: it compiles dozens of multilingual trigger
patterns, which costs more than a whole bare interpreter start, and the `agent_end` hook must
stay within 2x of one. So the hook queues each message cleaned, redacted and marked
`unscored` (`raw_signal`), and `score_queued` scores it at encoding time with the same rules
`signals_from_messages` applies to history and imports. Messages that score nothing are
dropped then; the queue cursor still moves past them, so nothing is read twice.
"""

from __future__ import annotations

from hippocampus.core.model import Signal
from hippocampus.core.redact import scrub

TYPE_CHECKING = False  # typing costs ~10 ms of a cold start; mypy still reads the block below
if TYPE_CHECKING:
    from typing import Any

UNSCORED = "unscored"


def raw_signal(session: str, message_id: str, text: str, timestamp: str, speaker: str = "") -> Signal | None:
    """A cleaned, redacted user message waiting to be scored; None when nothing is left of it."""
    body = scrub(text)
    if not body:
        return None
    return Signal(
        session=session,
        message_id=message_id,
        text=body,
        timestamp=timestamp,
        score=0.0,
        category=UNSCORED,
        role="user",
        speaker=speaker,
    )


def score_queued(signals: list[Signal]) -> list[Signal]:
    """Score the signals queued unscored; drop the ones not worth remembering; keep the rest as they are."""
    if not any(s.category == UNSCORED for s in signals):
        return signals
    from hippocampus.core.scoring import score_clean

    out: list[Signal] = []
    for signal in signals:
        if signal.category != UNSCORED:
            out.append(signal)
            continue
        score = score_clean(signal.text, signal.role)
        if score is not None:
            out.append(signal.replace(score=score.value, domain=score.domain, category=score.category))
    return out


def signals_from_messages(rows: list[dict[str, Any]], default_time: str) -> list[Signal]:
    """Clean, redact and score conversation rows `{session, id, role, text, timestamp, speaker}` into
    signals (user turns only); rows without a timestamp get `default_time`."""
    from hippocampus.core.scoring import score_clean

    out = []
    for row in rows:
        role = str(row.get("role", "user"))
        text = scrub(str(row.get("text", ""))) if role == "user" else ""
        score = score_clean(text, role) if text else None
        if score is None:
            continue
        out.append(
            Signal(
                session=str(row.get("session", "")),
                message_id=str(row.get("id", "")),
                text=text,
                timestamp=str(row.get("timestamp") or default_time),
                score=score.value,
                domain=score.domain,
                category=score.category,
                role=role,
                speaker=str(row.get("speaker", "")),
            )
        )
    return out
