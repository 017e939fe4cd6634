"""Data model: memories, signals and the index, with their JSON forms. No I/O."""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field
from datetime import datetime, timezone
from typing import Any

INDEX_VERSION = 2
DOMAINS: tuple[str, ...] = ("user", "self", "relationship", "world")
CATEGORIES: tuple[str, ...] = (
    "remember",
    "emotion",
    "preference",
    "decision",
    "person",
    "project",
    "fact",
    "general",
    "health",
    "place",
    "event",
)
"""The categories Hippocampus assigns: the seed's (`core.scoring`), and since issue 24 health and safety,
places (a move or a home) and dated obligations (`core.importance`). Others may be given with
`remember --category` or an import (`NAME_RULE`)."""


NAME_RULE = "lower-case letters, digits, '-' and '_', at most 40, starting with a letter or digit"
"""The safe character set of `domain` and `category` (the schema's patterns say the same): they are
shown in prompts and Markdown headings, so nothing in them can break a line, a fence or a heading."""


def name_problem(field: str, value: str) -> str | None:
    """Why `value` is not a valid domain or category (`field`), or None when it is."""
    first = "abcdefghijklmnopqrstuvwxyz" if field == "domain" else "abcdefghijklmnopqrstuvwxyz0123456789"
    ok = (
        0 < len(value) <= 40 and value[0] in first and all(c in "abcdefghijklmnopqrstuvwxyz0123456789_-" for c in value)
    )
    return None if ok else f"{field} must be {NAME_RULE}"  # never the value: it may hold a secret


def parse_time(value: str) -> datetime:
    """Parse ISO 8601 (or the seed's bare `YYYY-MM-DD`) into an aware UTC datetime."""
    text = value.strip()
    if text.endswith("Z"):
        text = text[:-1] + "+00:00"
    parsed = datetime.fromisoformat(text)
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    return parsed.astimezone(timezone.utc)


def format_time(value: datetime) -> str:
    """Format an aware datetime as ISO 8601 UTC with a trailing `Z`."""
    return value.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")


@dataclass(frozen=True, slots=True)
class Source:
    """Where a memory came from: a session, a message in it, and when; who said it (`speaker`: "user",
    "assistant" or a sender's name; empty in memories written before speakers were kept) and the
    message as it was said (`text`, cleaned and redacted; empty when it is the memory's content)."""

    session: str
    message: str
    time: str
    speaker: str = ""
    text: str = ""

    def to_dict(self) -> dict[str, str]:
        """JSON form (`speaker` and `text` only when set)."""
        out = {"session": self.session, "message": self.message, "time": self.time}
        if self.speaker:
            out["speaker"] = self.speaker
        if self.text:
            out["text"] = self.text
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Source:
        """Inverse of `to_dict`."""
        return cls(
            str(data.get("session", "")),
            str(data.get("message", "")),
            str(data.get("time", "")),
            str(data.get("speaker", "")),
            str(data.get("text", "")),
        )


@dataclass(slots=True)
class Memory:
    """One memory. `anchor` is the importance as of `last_accessed`; decay is derived from it.

    `context` is the turn before the one the memory came from (usually the assistant's words, which
    are never facts about the user but give "yes, that one" its meaning); it is indexed for recall in
    its own, lower-weighted search field. `supersedes` names the memories this one updated;
    `superseded_by` and `superseded_at` are set on a memory another one updated: it is history, never
    current (never injected, recalled or listed as current; see `hippocampus history`).
    """

    id: str
    content: str
    _: KW_ONLY
    domain: str = "user"
    category: str = "general"
    anchor: float = 0.5
    importance: float = 0.5
    created: datetime  # created and last_accessed are required: core never reads the clock (core/__init__.py)
    last_accessed: datetime
    times_reinforced: int = 0
    keywords: list[str] = field(default_factory=list)
    stability: float = 1.0
    sources: list[Source] = field(default_factory=list)
    summary_pending: bool = False
    context: str = ""
    supersedes: list[str] = field(default_factory=list)
    superseded_by: str = ""
    superseded_at: str = ""

    def __post_init__(self) -> None:
        # the lists are the memory's own: a caller's list changed later does not change it
        self.keywords, self.sources, self.supersedes = list(self.keywords), list(self.sources), list(self.supersedes)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: the seed's fields plus `anchor`, `stability`, `sources`, `summaryPending`, and
        `context`, `supersedes`, `supersededBy`, `supersededAt` when set."""
        out: dict[str, Any] = {
            "id": self.id,
            "domain": self.domain,
            "category": self.category,
            "content": self.content,
            "importance": round(self.importance, 6),
            "anchor": round(self.anchor, 6),
            "created": format_time(self.created),
            "lastAccessed": format_time(self.last_accessed),
            "timesReinforced": self.times_reinforced,
            "keywords": list(self.keywords),
            "stability": round(self.stability, 6),
            "sources": [s.to_dict() for s in self.sources],
            "summaryPending": self.summary_pending,
        }
        if self.context:
            out["context"] = self.context
        if self.supersedes:
            out["supersedes"] = list(self.supersedes)
        if self.superseded_by:
            out["supersededBy"] = self.superseded_by
            out["supersededAt"] = self.superseded_at
        return out

    @property
    def current(self) -> bool:
        """False once another memory has superseded this one."""
        return not self.superseded_by

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Memory:
        """Read a memory written by us or by the original skill (no anchor: importance is it)."""
        importance = float(data.get("importance", 0.5))
        created = parse_time(str(data.get("created") or data.get("lastAccessed")))
        return cls(
            id=str(data["id"]),
            content=str(data.get("content", "")),
            domain=str(data.get("domain", "user")),
            category=str(data.get("category", "general")),
            anchor=float(data.get("anchor", importance)),
            importance=importance,
            created=created,
            last_accessed=parse_time(str(data.get("lastAccessed") or data.get("created"))),
            times_reinforced=int(data.get("timesReinforced", 0)),
            keywords=[str(k) for k in data.get("keywords", [])],
            stability=float(data.get("stability", 1.0)),
            sources=[Source.from_dict(s) for s in data.get("sources", [])],
            summary_pending=bool(data.get("summaryPending", False)),
            context=str(data.get("context", "")),
            supersedes=[str(i) for i in data.get("supersedes", [])],
            superseded_by=str(data.get("supersededBy", "")),
            superseded_at=str(data.get("supersededAt", "")),
        )


@dataclass(frozen=True, slots=True)
class Signal:
    """A scored piece of conversation waiting in the queue to be encoded; `context` is the turn before it."""

    session: str
    message_id: str
    text: str
    timestamp: str
    score: float
    domain: str = "user"
    category: str = "general"
    role: str = "user"
    speaker: str = ""
    context: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-lines form used in the queue (`context` only when set)."""
        out: dict[str, Any] = {
            "session": self.session,
            "id": self.message_id,
            "text": self.text,
            "timestamp": self.timestamp,
            "score": round(self.score, 4),
            "domain": self.domain,
            "category": self.category,
            "role": self.role,
            "speaker": self.speaker,
        }
        if self.context:
            out["context"] = self.context
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Signal:
        """Inverse of `to_dict`."""
        return cls(
            session=str(data.get("session", "")),
            message_id=str(data.get("id", "")),
            text=str(data.get("text", "")),
            timestamp=str(data.get("timestamp", "")),
            score=float(data.get("score", 0.0)),
            domain=str(data.get("domain", "user")),
            category=str(data.get("category", "general")),
            role=str(data.get("role", "user")),
            speaker=str(data.get("speaker", "")),
            context=str(data.get("context", "")),
        )


@dataclass(slots=True)
class Index:
    """The whole store: memories plus bookkeeping. `next_id` only grows, so ids never collide."""

    memories: list[Memory] = field(default_factory=list)
    next_id: int = 1
    last_updated: str = ""
    decay_last_run: str = ""

    def __post_init__(self) -> None:
        self.memories = list(self.memories)  # the index's own list

    def new_id(self, taken: set[str] | None = None) -> str:
        """Allocate the next id (`mem_001`…) and advance the counter; the one id allocator.

        `taken` is the set of ids in use, kept by a caller that allocates many (it is updated);
        without it the set is built from the memories, O(n) per id.
        """
        used = taken if taken is not None else {m.id for m in self.memories}
        while True:
            candidate = f"mem_{self.next_id:03d}"
            self.next_id += 1
            if candidate not in used:
                used.add(candidate)
                return candidate

    def get(self, memory_id: str) -> Memory | None:
        """The memory with this id, or None."""
        for memory in self.memories:
            if memory.id == memory_id:
                return memory
        return None

    def to_dict(self) -> dict[str, Any]:
        """JSON form of `index.json` (version 2)."""
        return {
            "version": INDEX_VERSION,
            "lastUpdated": self.last_updated,
            "decayLastRun": self.decay_last_run,
            "nextId": self.next_id,
            "memories": [m.to_dict() for m in self.memories],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Index:
        """Read version 1 (the original skill) or 2; version 1 is migrated in memory."""
        memories = [Memory.from_dict(m) for m in data.get("memories", [])]
        highest = 0
        for memory in memories:
            tail = memory.id.rsplit("_", 1)[-1]
            if tail.isdigit():
                highest = max(highest, int(tail))
        next_id = max(int(data.get("nextId", 1)), highest + 1)
        return cls(
            memories=memories,
            next_id=next_id,
            last_updated=str(data.get("lastUpdated", "")),
            decay_last_run=str(data.get("decayLastRun", "") or ""),
        )
