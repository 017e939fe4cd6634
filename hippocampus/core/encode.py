"""Encoding: each queued signal reinforces the memory that already says the same thing, or becomes a new one.

Contract:
- Idempotent per message: a signal whose (session, message id) already appears in any memory's
  sources, or earlier in the same batch, is skipped, so encoding the same signals twice changes
  nothing. Signals without a message id cannot be recognised again and are always encoded.
- "The same thing" is `similarity.similarity ≥ similarity.SAME_THRESHOLD` within the same domain (texts
  in `similarity.conflict`, another number, date, name, negation or person, are never the same); the
  best such memory is reinforced at rate `lifecycle.REPEAT_RATE` and gains the signal as a source.
- Otherwise, a memory the signal *updates* (`core.facts.updates`, found through `facts.probes`) is
  superseded: the new memory is created with `supersedes` naming it, and the old one gets
  `superseded_by` and `superseded_at` (the store moves it to the history; it is never current again).
- With a `judge` (an LLM, optional, off by default), a signal that neither rule placed but that shares
  the topic of some memories is shown to it with them (`core.verdicts`): SAME reinforces the memory it
  names, UPDATE supersedes it, ADD (and any answer that is not valid) creates a new memory.
- A new memory's content is the fact (`core.concise.fact_text`: no greeting, no "remember that"),
  shortened to `CONTENT_LIMIT`; each source keeps who said it and, when it differs, the message as
  said (cleaned and redacted), so "why do you remember this?" can show it. `context` is the signal's
  context (the turn before), kept from the first signal that had one.
- A signal that is not the user's (role ≠ "user") is never stored in the "user" domain.
- A signal scored under `threshold` (the `capture_threshold` setting) is not captured: it creates
  nothing and reinforces nothing.
- `skipped` counts duplicates, empty texts, signals under the threshold, non-user signals aimed at
  "user", and (with `gate`) signals the V-score gate rejects.
- Candidates come from an inverted index of similarity features built once per call: only the
  rarest features of a signal are looked up, which is exact because a match must share
  `similarity.required_shared` features (see similarity.py), so 1,000 signals against 100k memories take seconds.
  The best similarity found is also the resonance M (×10) the optional V-score gate uses; it is 0
  when no memory could reach the threshold.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Protocol

from hippocampus.core import facts, inheritance, junk, lifecycle, similarity, subjects, verdicts
from hippocampus.core.candidates import Candidates, profile_of
from hippocampus.core.clean import shorten
from hippocampus.core.concise import fact_text
from hippocampus.core.model import Index, Memory, Signal, Source, format_time, parse_time
from hippocampus.core.redact import scrub
from hippocampus.core.scoring import GENERAL
from hippocampus.core.tokens import keywords
from hippocampus.core.vscore import V_THRESHOLD, passes_gate

CONTENT_LIMIT = 280
"""A new memory's content is the fact of the signal cut to this many characters at a word boundary."""
KEYWORDS = 16
"""Keywords kept from the whole message, so search still finds what the shortened content cut off."""
CONTEXT_LIMIT = 400
"""The context (the turn before) is kept cut to this many characters."""
UPDATE_PROBE_LIMIT = 20
"""Latest memories per probe feature that `core.facts.updates` judges (a few indexed lookups per signal)."""


@dataclass
class EncodeResult:
    """What encoding did: ids created, reinforced and superseded, signals skipped, queue lines that were
    malformed, and the events-log rows. The one result of `encode`, `encoding.encode_pending`
    and `encoding.ingest`."""

    created: list[str] = field(default_factory=list)
    reinforced: list[str] = field(default_factory=list)
    superseded: list[str] = field(default_factory=list)
    skipped: int = 0
    malformed: int = 0
    events: list[dict[str, str]] = field(default_factory=list)
    not_kept: Counter[str] = field(default_factory=Counter)
    """User messages that became no memory, by reason (`scoring.NOT_KEPT`, and "low_value" for the
    V-score gate): nothing is dropped silently."""

    def add(self, other: EncodeResult) -> None:
        """Fold another pass into this one."""
        self.created += other.created
        self.reinforced += other.reinforced
        self.superseded += other.superseded
        self.skipped += other.skipped
        self.malformed += other.malformed
        self.events += other.events
        self.not_kept.update(other.not_kept)

    def not_kept_line(self) -> str:
        """ "; not kept: question 2, request 1" for a summary line, or "" when every message was kept."""
        if not self.not_kept:
            return ""
        return "; not kept: " + ", ".join(f"{why} {n}" for why, n in sorted(self.not_kept.items()))

    def to_dict(self) -> dict[str, Any]:
        """The `--json` form (events are in the events log, not here)."""
        return {
            "created": self.created,
            "reinforced": self.reinforced,
            "superseded": self.superseded,
            "skipped": self.skipped,
            "malformed": self.malformed,
            "not_kept": dict(sorted(self.not_kept.items())),
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
    return Candidates(
        (i, m.domain, m.content, profile_of(m.content)) for i, m in enumerate(index.memories) if m.current
    )


def encode(
    index: Index,
    signals: list[Signal],
    now: datetime,
    curve: lifecycle.Curve = lifecycle.DEFAULT_CURVE,
    gate: bool = False,
    judge: verdicts.Judge | None = None,
    threshold: float = 0.0,
    value_threshold: float = V_THRESHOLD,
) -> EncodeResult:
    """Encode `signals` into `index` in place, in order; see the module docstring for the rules."""
    return encode_into(
        IndexSpace(index), lambda: index_candidates(index), signals, now, curve, gate, judge, threshold, value_threshold
    )


def two_facts(new: str, old: str) -> bool:
    """One frame with another value ("learning to [cook|sail]", `facts.distinct_values`) or another subject
    ("[Je|Doug] joue … le mercredi", `subjects.different`): two facts, however many words they share."""
    return facts.distinct_values(new, old) or subjects.different(new, old)


class CandidateIndex(Protocol):
    """What encoding asks of a candidate index (`core.candidates.Candidates`, or the store's)."""

    def add(self, key: int, domain: str, content: str, profile: similarity.Profile) -> None: ...

    def best(
        self, content: str, profile: similarity.Profile, domain: str, exclude: frozenset[int] = frozenset()
    ) -> tuple[int, float]: ...

    def recent_with(
        self, feats: tuple[str, ...], domain: str, limit: int, exclude: frozenset[int] = frozenset()
    ) -> list[int]: ...


def encode_into(
    space: Space,
    candidates_of: Callable[[], CandidateIndex],
    signals: list[Signal],
    now: datetime,
    curve: lifecycle.Curve = lifecycle.DEFAULT_CURVE,
    gate: bool = False,
    judge: verdicts.Judge | None = None,
    threshold: float = 0.0,
    value_threshold: float = V_THRESHOLD,
) -> EncodeResult:
    """Encode `signals` into `space`, in order; `candidates_of` builds the candidate index on first need;
    `judge` (optional, `core.verdicts`) decides the cases the offline rules leave ambiguous. Signals
    scored under `threshold` are skipped (see the module's contract); with `gate`, a new memory whose
    V-score is under `value_threshold` too."""
    result = EncodeResult()
    candidates: CandidateIndex | None = None
    batch: set[tuple[str, str]] = set()
    retired: set[int] = set()
    for signal in signals:
        key = (signal.session, signal.message_id)
        full = scrub(signal.text)  # encode takes signals from any source: it cleans and redacts them itself
        body = shorten(fact_text(full), CONTENT_LIMIT)
        done = bool(signal.message_id) and (key in batch or space.seen(*key))
        below = _valid_score(signal.score) < threshold
        if done or below or not body or (signal.role != "user" and signal.domain == "user"):
            result.skipped += 1
            if below and not done:
                result.not_kept["below_threshold"] += 1
            continue
        if candidates is None:
            candidates = candidates_of()
        moment = _event_time(signal, now)
        source = Source(
            signal.session,
            signal.message_id,
            format_time(moment),
            signal.speaker or signal.role,
            full if full != body else "",
        )
        profile = profile_of(body)
        gone = frozenset(retired)
        position, value = candidates.best(body, profile, signal.domain, gone)
        if position >= 0 and value < 1.0 and two_facts(body, space.memory(position).content):
            value = 0.0  # one frame, another value or another subject: two facts, never the same
        # the update question reads the statement as said: `fact_text` drops an opening "Actually," that is its cue
        said = full if len(full.split()) <= facts.MAX_WORDS else body
        replaced = [] if value >= 1.0 else _updated(space, candidates, said, signal.domain, gone)
        if (position < 0 or value < similarity.SAME_THRESHOLD) and judge is not None and not replaced:
            verdict, position = _judged(space, candidates, judge, body, signal.domain, gone)
            replaced = [position] if verdict == verdicts.UPDATE else []
            value = 1.0 if verdict == verdicts.SAME else value
        if position >= 0 and value >= similarity.SAME_THRESHOLD and not replaced:
            old = space.memory(position)
            context = old.context or shorten(scrub(signal.context), CONTEXT_LIMIT)
            space.replace(
                position,
                replace(
                    lifecycle.reinforce(old, moment, lifecycle.REPEAT_RATE, curve),
                    sources=[*old.sources, source],
                    context=context,
                ),
            )
            result.reinforced.append(old.id)
            result.events.append(_event(moment, "reinforce", old.id, signal))
        else:
            if gate and not passes_gate(body, 10.0 * value, value_threshold):
                result.skipped += 1
                result.not_kept["low_value"] += 1
                continue
            score = min(_valid_score(signal.score), junk.core_cap(body))  # never core without a fact
            memory = Memory(
                id=space.new_id(),
                content=body,
                domain=signal.domain,
                category=signal.category,
                anchor=score,
                importance=score,
                created=moment,
                last_accessed=moment,
                keywords=inheritance.inherited_keywords(
                    keywords(full, KEYWORDS),
                    body,
                    [(space.memory(k).content, space.memory(k).keywords) for k in replaced],
                ),
                stability=1.0,
                sources=[source],
                summary_pending=True,
                context=shorten(scrub(signal.context), CONTEXT_LIMIT),
                supersedes=[space.memory(k).id for k in replaced],
            )
            candidates.add(space.append(memory), memory.domain, memory.content, profile)
            result.created.append(memory.id)
            result.events.append(_event(moment, "create", memory.id, signal))
            for old_key in replaced:
                old = space.memory(old_key)
                space.replace(old_key, replace(old, superseded_by=memory.id, superseded_at=format_time(moment)))
                retired.add(old_key)
                result.superseded.append(old.id)
                result.events.append({**_event(moment, "supersede", old.id, signal), "into": memory.id})
        if signal.message_id:
            batch.add(key)
    return result


def _event(moment: datetime, kind: str, memory_id: str, signal: Signal) -> dict[str, str]:
    """One events-log row."""
    return {
        "time": format_time(moment),
        "type": kind,
        "id": memory_id,
        "session": signal.session,
        "message": signal.message_id,
    }


def _updated(space: Space, candidates: CandidateIndex, body: str, domain: str, gone: frozenset[int]) -> list[int]:
    """Keys of the current memories that `body` updates (`core.facts.updates`), newest first."""
    probes = facts.probes(body)
    if not probes:
        return []
    keys = [k for d in facts.domains_of(domain) for k in candidates.recent_with(probes, d, UPDATE_PROBE_LIMIT, gone)]
    keys = sorted(set(keys), reverse=True)
    return [keys[i] for i in facts.replaced(body, [space.memory(k).content for k in keys])]


def _judged(
    space: Space, candidates: CandidateIndex, judge: verdicts.Judge, body: str, domain: str, gone: frozenset[int]
) -> tuple[str, int]:
    """The judge's validated verdict on `body` and the memory it names (`core.verdicts`); (ADD, -1) when
    nothing is ambiguous or the answer is not valid."""
    keys = candidates.recent_with(facts.related_probes(body), domain, verdicts.PROBE_LIMIT, gone)
    asked = verdicts.ambiguous(body, [(k, space.memory(k).content) for k in keys])
    if not asked:
        return verdicts.ADD, -1
    return verdicts.accepted(judge(body, [content for _, content in asked]), body, asked)


def _valid_score(value: float) -> float:
    """A signal score usable as an importance: finite and within [0, 1]."""
    if not math.isfinite(value):
        return GENERAL
    return min(1.0, max(0.0, value))
