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
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from hippocampus.core import lifecycle, similarity
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


class _Candidates:
    """Inverted index from similarity features to memory positions, bucketed by feature-set size."""

    def __init__(self, memories: list[Memory]) -> None:
        self.memories = memories
        self.profiles: list[similarity.Profile] = []
        self.postings: dict[str, dict[int, list[int]]] = {}  # feature → set size → positions
        self.frequency: Counter[str] = Counter()
        self.sizes: set[int] = set()
        self.exact: dict[tuple[str, str], int] = {}  # (domain, casefolded content) → first position
        for position, memory in enumerate(memories):
            self.add(position, _profile(memory.content))

    def add(self, position: int, profile: similarity.Profile) -> None:
        """Index the memory at `position` (positions are appended in order)."""
        memory = self.memories[position]
        self.exact.setdefault((memory.domain, memory.content.strip().casefold()), position)
        self.profiles.append(profile)
        feats = profile[0]
        size = len(feats)
        self.sizes.add(size)
        self.frequency.update(feats)
        for feature in feats:
            self.postings.setdefault(feature, {}).setdefault(size, []).append(position)

    def best(self, body: str, profile: similarity.Profile, domain: str) -> tuple[int, float]:
        """Position and similarity of the most similar memory in `domain` that could reach the threshold.

        The same text (ignoring case) is similarity 1 even without features (emoji only). Otherwise
        prefix filtering, per candidate size b: a match shares at least `need` features, so it
        appears in the postings of any (size − need + 1) of ours; we take the rarest. Exact.
        """
        same = self.exact.get((domain, body.strip().casefold()))
        if same is not None:
            return same, 1.0
        feats = profile[0]
        size = len(feats)
        ranked = sorted(feats, key=self.frequency.__getitem__)
        best, best_value = -1, 0.0
        for other in sorted(self.sizes):
            need = similarity.required_shared(size, other)
            if need > min(size, other):
                continue
            counts: Counter[int] = Counter()
            for feature in ranked[: size - need + 1]:
                counts.update(self.postings.get(feature, {}).get(other, ()))
            profiles, memories = self.profiles, self.memories
            for position in counts:
                if len(feats & profiles[position][0]) < need or memories[position].domain != domain:
                    continue  # the cheap exact test first: most candidates share one rare word only
                value = similarity.profile_similarity(profile, profiles[position])
                if value > best_value or (value == best_value and best_value > 0 and position < best):
                    best, best_value = position, value
        return best, best_value


_PROFILE_MEMO: dict[str, similarity.Profile] = {}
_MEMO_LIMIT = 300_000


def _profile(content: str) -> similarity.Profile:
    """`similarity.profile`, memoised: ingesting session after session re-indexes the same memories each call."""
    found = _PROFILE_MEMO.get(content)
    if found is None:
        if len(_PROFILE_MEMO) >= _MEMO_LIMIT:
            _PROFILE_MEMO.clear()
        found = _PROFILE_MEMO[content] = similarity.profile(content)
    return found


def _event_time(signal: Signal, now: datetime) -> datetime:
    """When the signal happened: its timestamp, or `now` when missing or unreadable, never in the future."""
    try:
        moment = parse_time(signal.timestamp) if signal.timestamp.strip() else now
    except ValueError:
        moment = now
    return min(moment, now)


def encode(
    index: Index, signals: list[Signal], now: datetime, curve: str = lifecycle.EXPONENTIAL, gate: bool = False
) -> EncodeResult:
    """Encode `signals` into `index` in place, in order; see the module docstring for the rules."""
    result = EncodeResult()
    seen = {(s.session, s.message) for m in index.memories for s in m.sources if s.message}
    candidates: _Candidates | None = None
    taken: set[str] | None = None
    for signal in signals:
        key = (signal.session, signal.message_id)
        full = scrub(signal.text)  # encode takes signals from any source: it cleans and redacts them itself
        body = shorten(full, CONTENT_LIMIT)
        if (signal.message_id and key in seen) or not body or (signal.role != "user" and signal.domain == "user"):
            result.skipped += 1
            continue
        if candidates is None:
            candidates = _Candidates(index.memories)
        moment = _event_time(signal, now)
        source = Source(signal.session, signal.message_id, format_time(moment))
        profile = _profile(body)
        position, value = candidates.best(body, profile, signal.domain)
        if position >= 0 and value >= similarity.SAME_THRESHOLD:
            old = index.memories[position]
            index.memories[position] = lifecycle.reinforce(old, moment, lifecycle.REPEAT_RATE, curve).replace(
                sources=[*old.sources, source]
            )
            result.reinforced.append(old.id)
            kind, memory_id = "reinforce", old.id
        else:
            if gate and not passes_gate(body, resonance=10.0 * value):
                result.skipped += 1
                continue
            if taken is None:
                taken = {m.id for m in index.memories}
            score = _valid_score(signal.score)
            memory = Memory(
                id=index.new_id(taken),
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
            index.memories.append(memory)
            candidates.add(len(index.memories) - 1, profile)
            result.created.append(memory.id)
            kind, memory_id = "create", memory.id
        if signal.message_id:
            seen.add(key)
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
