"""Capture on the per-turn path: clean and redact a user message now, score it when it is encoded.

Scoring compiles dozens of multilingual trigger patterns, which costs more than a whole bare
interpreter start; the `agent_end` hook must stay within 2× of one. So the hook queues each
user message cleaned and redacted (secrets never reach the disk) and marked `unscored`, and
`score_queued` scores it at encoding time with exactly the rules `scoring.score_message`
applies everywhere else. Messages that score nothing are dropped then; the cursor still moves
past them, so the queue stays append-only and nothing is read twice.
"""

from __future__ import annotations

from .model import Signal
from .redaction import scrub

UNSCORED = "unscored"


def raw_signal(session: str, message_id: str, text: str, timestamp: str, speaker: str = "") -> Signal | None:
    """A cleaned, redacted user message waiting to be scored; None when nothing is left of it."""
    body = scrub(text)
    if not body:
        return None
    return Signal(session=session, message_id=message_id, text=body, timestamp=timestamp, score=0.0,
                  category=UNSCORED, role="user", speaker=speaker)


def score_queued(signals: list[Signal]) -> list[Signal]:
    """Score the signals queued unscored; drop the ones not worth remembering; keep the rest as they are."""
    if not any(s.category == UNSCORED for s in signals):
        return signals
    from .scoring import score_message

    out: list[Signal] = []
    for signal in signals:
        if signal.category != UNSCORED:
            out.append(signal)
            continue
        score = score_message(signal.text, signal.role)
        if score is not None:
            out.append(signal.replace(score=score.value, domain=score.domain, category=score.category))
    return out
