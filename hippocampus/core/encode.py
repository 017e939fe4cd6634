"""Encoding: each queued signal reinforces the memory that already says the same thing, or becomes a new one.

Contract:
- Idempotent per message: a signal whose (session, message id) already appears in any memory's
  sources, or earlier in the same batch, is skipped, so encoding the same signals twice changes
  nothing. Signals without a message id cannot be recognised again and are always encoded.
- "The same thing" is `similarity.similarity ≥ similarity.SAME_THRESHOLD` within the same domain; the best
  such memory is reinforced at rate `lifecycle.REPEAT_RATE` and gains the signal as a source.
- A signal that is not the user's (role ≠ "user") is never stored in the "user" domain.
- `skipped` counts duplicates, empty texts, non-user signals aimed at "user", and (with `gate`)
  signals the V-score gate rejects.
- Candidates come from an inverted index of similarity features built once per call: only the
  rarest features of a signal are looked up, which is exact because a match must share
  `similarity.required_shared` features (see similarity.py), so 1,000 signals against 100k memories take seconds.
  The best similarity found is also the resonance M (×10) the optional V-score gate uses; it is 0
  when no memory could reach the threshold.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from hippocampus.core import lifecycle, similarity
from hippocampus.core.candidates import Candidates, profile_of
from hippocampus.core.clean import shorten
from hippocampus.core.model import Index, Memory, Signal, Source, format_time, parse_time
from hippocampus.core.redact import scrub
from hippocampus.core.scoring import GENERAL
from hippocampus.core.tokens import keywords
from hippocampus.core.vscore import passes_gate

CONTENT_LIMIT = 280
KEYWORDS = 16
"""Keywords kept from the whole message, so search still finds what the shortened content cut off."""
"""A new memory's content is the cleaned signal text cut to this many characters at a word boundary."""


@dataclass
class EncodeResult:
    """What encoding did: ids created and reinforced, signals skipped, queue lines that were
    malformed, and the events-log rows. The one result of `encode`, `encoding.encode_pending`
    and `encoding.ingest`."""

    created: list[str] = field(default_factory=list)
    reinforced: list[str] = field(default_factory=list)
    skipped: int = 0
    malformed: int = 0
    events: list[dict[str, str]] = field(default_factory=list)

    def add(self, other: EncodeResult) -> None:
        """Fold another pass into this one."""
        self.created += other.created
        self.reinforced += other.reinforced
        self.skipped += other.skipped
        self.malformed += other.malformed
        self.events += other.events

    def to_dict(self) -> dict[str, Any]:
        """The `--json` form (events are in the events log, not here)."""
        return {
            "created": self.created,
            "reinforced": self.reinforced,
            "skipped": self.skipped,
            "malformed": self.malformed,
        }


def _event_time(signal: Signal, now: datetime) -> datetime:
    """When the signal happened: its timestamp, or `now` when missing or unreadable, never in the future."""
    try:
        moment = parse_time(signal.timestamp) if signal.timestamp.strip() else now
    except ValueError:
        moment = now
    return min(moment, now)


class Space(Protocol):
    """Where encoding reads and writes memories: an in-memory index, or the store's open transaction."""

    def memory(self, key: int) -> Memory: ...

    def replace(self, key: int, memory: Memory) -> None: ...

    def append(self, memory: Memory) -> int: ...

    def new_id(self) -> str: ...

    def seen(self, session: str, message: str) -> bool: ...


class IndexSpace:
    """A `Space` over an in-memory `Index` (keys are list positions)."""

    def __init__(self, index: Index) -> None:
        self.index = index
        self.taken = {m.id for m in index.memories}
        self.sources = {(s.session, s.message) for m in index.memories for s in m.sources if s.message}

    def memory(self, key: int) -> Memory:
        return self.index.memories[key]

    def replace(self, key: int, memory: Memory) -> None:
        self.index.memories[key] = memory
        self.sources.update((s.session, s.message) for s in memory.sources if s.message)

    def append(self, memory: Memory) -> int:
        self.index.memories.append(memory)
        self.sources.update((s.session, s.message) for s in memory.sources if s.message)
        return len(self.index.memories) - 1

    def new_id(self) -> str:
        return self.index.new_id(self.taken)

    def seen(self, session: str, message: str) -> bool:
        return (session, message) in self.sources


def index_candidates(index: Index) -> Candidates:
    """The candidate index of an in-memory index (keys are list positions)."""
    return Candidates((i, m.domain, m.content, profile_of(m.content)) for i, m in enumerate(index.memories))


def encode(
    index: Index, signals: list[Signal], now: datetime, curve: str = lifecycle.EXPONENTIAL, gate: bool = False
) -> EncodeResult:
    """Encode `signals` into `index` in place, in order; see the module docstring for the rules."""
    return encode_into(IndexSpace(index), lambda: index_candidates(index), signals, now, curve, gate)


class CandidateIndex(Protocol):
    """What encoding asks of a candidate index (`core.candidates.Candidates`, or the store's)."""

    def add(self, key: int, domain: str, content: str, profile: similarity.Profile) -> None: ...

    def best(self, content: str, profile: similarity.Profile, domain: str) -> tuple[int, float]: ...


def encode_into(
    space: Space,
    candidates_of: Callable[[], CandidateIndex],
    signals: list[Signal],
    now: datetime,
    curve: str = lifecycle.EXPONENTIAL,
    gate: bool = False,
) -> EncodeResult:
    """Encode `signals` into `space`, in order; `candidates_of` builds the candidate index on first need."""
    result = EncodeResult()
    candidates: CandidateIndex | None = None
    batch: set[tuple[str, str]] = set()
    for signal in signals:
        key = (signal.session, signal.message_id)
        full = scrub(signal.text)  # encode takes signals from any source: it cleans and redacts them itself
        body = shorten(full, CONTENT_LIMIT)
        done = bool(signal.message_id) and (key in batch or space.seen(*key))
        if done or not body or (signal.role != "user" and signal.domain == "user"):
            result.skipped += 1
            continue
        if candidates is None:
            candidates = candidates_of()
        moment = _event_time(signal, now)
        source = Source(signal.session, signal.message_id, format_time(moment))
        profile = profile_of(body)
        position, value = candidates.best(body, profile, signal.domain)
        if position >= 0 and value >= similarity.SAME_THRESHOLD:
            old = space.memory(position)
            space.replace(
                position,
                lifecycle.reinforce(old, moment, lifecycle.REPEAT_RATE, curve).replace(sources=[*old.sources, source]),
            )
            result.reinforced.append(old.id)
            kind, memory_id = "reinforce", old.id
        else:
            if gate and not passes_gate(body, resonance=10.0 * value):
                result.skipped += 1
                continue
            score = _valid_score(signal.score)
            memory = Memory(
                id=space.new_id(),
                content=body,
                domain=signal.domain,
                category=signal.category,
                anchor=score,
                importance=score,
                created=moment,
                last_accessed=moment,
                keywords=keywords(full, KEYWORDS),
                stability=1.0,
                sources=[source],
                summary_pending=True,
            )
            candidates.add(space.append(memory), memory.domain, memory.content, profile)
            result.created.append(memory.id)
            kind, memory_id = "create", memory.id
        if signal.message_id:
            batch.add(key)
        result.events.append(
            {
                "time": format_time(moment),
                "type": kind,
                "id": memory_id,
                "session": signal.session,
                "message": signal.message_id,
            }
        )
    return result


def _valid_score(value: float) -> float:
    """A signal score usable as an importance: finite and within [0, 1]."""
    if not math.isfinite(value):
        return GENERAL
    return min(1.0, max(0.0, value))
