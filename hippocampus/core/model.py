"""Data model: memories, signals and the index, with their JSON forms. No I/O."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from hippocampus.core.values import ValueClass

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
)


NAME_RULE = "lower-case letters, digits, '-' and '_', at most 40, starting with a letter or digit"
"""The safe character set of `domain` and `category` (the schema's patterns say the same): they are
shown in prompts and Markdown headings, so nothing in them can break a line, a fence or a heading."""


def name_problem(field: str, value: str) -> str | None:
    """Why `value` is not a valid domain or category (`field`), or None when it is."""
    first = "abcdefghijklmnopqrstuvwxyz" if field == "domain" else "abcdefghijklmnopqrstuvwxyz0123456789"
    ok = (
        0 < len(value) <= 40 and value[0] in first and all(c in "abcdefghijklmnopqrstuvwxyz0123456789_-" for c in value)
    )
    return None if ok else f"{field} {value[:60]!r} must be {NAME_RULE}"


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


class Source(ValueClass):
    """Where a memory came from: a session, a message in it, and when; who said it (`speaker`: "user",
    "assistant" or a sender's name; empty in memories written before speakers were kept) and the
    message as it was said (`text`, cleaned and redacted; empty when it is the memory's content)."""

    __slots__ = ("session", "message", "time", "speaker", "text")
    session: str
    message: str
    time: str
    speaker: str
    text: str

    def __init__(self, session: str, message: str, time: str, speaker: str = "", text: str = "") -> None:
        self.session, self.message, self.time = session, message, time
        self.speaker, self.text = speaker, text

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


class Memory(ValueClass):
    """One memory. `anchor` is the importance as of `last_accessed`; decay is derived from it.

    `context` is the turn before the one the memory came from (usually the assistant's words, which
    are never facts about the user but give "yes, that one" its meaning); it is indexed for recall in
    its own, lower-weighted search field. `supersedes` names the memories this one updated;
    `superseded_by` and `superseded_at` are set on a memory another one updated: it is history, never
    current (never injected, recalled or listed as current; see `hippocampus history`).
    """

    __slots__ = (
        "id",
        "content",
        "domain",
        "category",
        "anchor",
        "importance",
        "created",
        "last_accessed",
        "times_reinforced",
        "keywords",
        "stability",
        "sources",
        "summary_pending",
        "context",
        "supersedes",
        "superseded_by",
        "superseded_at",
    )
    id: str
    content: str
    domain: str
    category: str
    anchor: float
    importance: float
    created: datetime
    last_accessed: datetime
    times_reinforced: int
    keywords: list[str]
    stability: float
    sources: list[Source]
    summary_pending: bool
    context: str
    supersedes: list[str]
    superseded_by: str
    superseded_at: str

    def __init__(
        self,
        id: str,  # noqa: A002 - the field is called id in index.json and everywhere else
        content: str,
        *,
        created: datetime,
        last_accessed: datetime,
        domain: str = "user",
        category: str = "general",
        anchor: float = 0.5,
        importance: float = 0.5,
        times_reinforced: int = 0,
        keywords: list[str] | None = None,
        stability: float = 1.0,
        sources: list[Source] | None = None,
        summary_pending: bool = False,
        context: str = "",
        supersedes: list[str] | None = None,
        superseded_by: str = "",
        superseded_at: str = "",
    ) -> None:
        # created and last_accessed are required: core never reads the clock (see core/__init__.py)
        self.id, self.content, self.domain, self.category = id, content, domain, category
        self.anchor, self.importance = anchor, importance
        self.created, self.last_accessed = created, last_accessed
        self.times_reinforced = times_reinforced
        self.keywords = list(keywords) if keywords is not None else []
        self.stability = stability
        self.sources = list(sources) if sources is not None else []
        self.summary_pending = summary_pending
        self.context = context
        self.supersedes = list(supersedes) if supersedes is not None else []
        self.superseded_by, self.superseded_at = superseded_by, superseded_at

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


class Signal(ValueClass):
    """A scored piece of conversation waiting in the queue to be encoded; `context` is the turn before it."""

    __slots__ = (
        "session",
        "message_id",
        "text",
        "timestamp",
        "score",
        "domain",
        "category",
        "role",
        "speaker",
        "context",
    )
    session: str
    message_id: str
    text: str
    timestamp: str
    score: float
    domain: str
    category: str
    role: str
    speaker: str
    context: str

    def __init__(
        self,
        session: str,
        message_id: str,
        text: str,
        timestamp: str,
        score: float,
        domain: str = "user",
        category: str = "general",
        role: str = "user",
        speaker: str = "",
        context: str = "",
    ) -> None:
        self.session, self.message_id, self.text, self.timestamp = session, message_id, text, timestamp
        self.score, self.domain, self.category, self.role, self.speaker = score, domain, category, role, speaker
        self.context = context

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


class Index(ValueClass):
    """The whole store: memories plus bookkeeping. `next_id` only grows, so ids never collide."""

    __slots__ = ("memories", "next_id", "last_updated", "decay_last_run")
    memories: list[Memory]
    next_id: int
    last_updated: str
    decay_last_run: str

    def __init__(
        self, memories: list[Memory] | None = None, next_id: int = 1, last_updated: str = "", decay_last_run: str = ""
    ) -> None:
        self.memories = list(memories) if memories is not None else []
        self.next_id, self.last_updated, self.decay_last_run = next_id, last_updated, decay_last_run

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
