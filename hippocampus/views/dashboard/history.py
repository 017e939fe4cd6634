"""Where a memory came from and what happened to it, as the dashboard shows it. Pure.

A source names an OpenClaw session by its id (a UUID). People know their conversations by channel
and agent, so the page shows those (from OpenClaw's session key, `agent:<id>:<channel>:…`, when
`views` found it in OpenClaw's session store) and a readable date; the raw id goes in a tooltip.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass

from hippocampus.core.model import Memory, Source, parse_time

SESSION_SHOWN = 20
"""Sources listed per memory; the rest are counted."""

KNOWN_ORIGINS = {
    "cli": "CLI (remember)",
    "memory-ebbinghaus": "import (memory-ebbinghaus)",
    "hippocampus-import": "import (Hippocampus index)",
    "unknown": "OpenClaw (session not named)",
    "reflection": "reflection (an insight's evidence)",
}
"""Sessions that are not OpenClaw conversations, as people call them."""


@dataclass(frozen=True)
class SourceView:
    """One source as shown: where (channel or agent), when, who said it, what was said, the raw id."""

    origin: str
    when: str
    speaker: str
    text: str
    session: str
    cites: str = ""
    """An insight's evidence source: the id of the memory it cites (linked while that memory is current)."""
    cited_current: bool = False


@dataclass(frozen=True)
class Link:
    """A memory this one superseded, or the one that superseded it."""

    id: str
    content: str
    when: str


@dataclass(frozen=True)
class MemoryHistory:
    """A memory's history: its sources (first = where it was created; later ones reinforced it),
    how often it was reinforced, and the memories it superseded."""

    sources: tuple[SourceView, ...]
    hidden_sources: int
    reinforced: int
    supersedes: tuple[Link, ...]

    @property
    def worth_showing(self) -> bool:
        """More than the source column already says: several sources, a message as said, a speaker,
        a reinforcement or an update."""
        first = self.sources[0] if self.sources else None
        return bool(
            len(self.sources) > 1
            or self.reinforced
            or self.supersedes
            or (first is not None and (first.text or first.speaker))
        )


def readable_time(raw: str) -> str:
    """`2026-06-15 12:00 UTC` for an ISO 8601 time; as stored otherwise (never raises)."""
    try:
        return parse_time(raw).isoformat(" ")[:16] + " UTC"
    except ValueError:
        return raw


def channel_label(session_key: str) -> str:
    """`telegram · agent main` for `agent:main:telegram:direct:42`; `agent main` for its main session."""
    parts = session_key.split(":")
    if len(parts) >= 3 and parts[0] == "agent" and parts[1]:
        agent, channel = parts[1], parts[2]
        if channel in {"", "main"}:
            return f"agent {agent}"
        return f"{channel} · agent {agent}"
    return session_key


def origin_of(session: str, session_keys: Mapping[str, str]) -> str:
    """Where a source's session is, in words: a channel and agent, a CLI or import, else an OpenClaw session."""
    if session in KNOWN_ORIGINS:
        return KNOWN_ORIGINS[session]
    key = session_keys.get(session, "")
    if key:
        return channel_label(key)
    if session.startswith("agent:"):  # a session key stored as the session (no sessionId in the hook)
        return channel_label(session)
    return "OpenClaw session"


def source_view(source: Source, session_keys: Mapping[str, str], current: Container[str] | None = None) -> SourceView:
    """One source as the page shows it; an insight's evidence source names the memory it cites, and
    whether that memory is among the `current` ones (so the page can link to its row)."""
    cited = source.session == "reflection"  # reflection.EVIDENCE
    return SourceView(
        origin=origin_of(source.session, session_keys),
        when=readable_time(source.time),
        speaker="" if cited else source.speaker,
        text=f"cites {source.message}" if cited else source.text,
        session=source.session,
        cites=source.message if cited else "",
        cited_current=cited and current is not None and source.message in current,
    )


def cited_ids(memories: Sequence[Memory]) -> frozenset[str]:
    """The ids the insights among `memories` cite as evidence: their rows get an anchor to link to."""
    return frozenset(s.message for m in memories for s in m.sources if s.session == "reflection")


def memory_history(
    memory: Memory,
    session_keys: Mapping[str, str],
    superseded: Mapping[str, Memory],
    current: Container[str] | None = None,
) -> MemoryHistory:
    """The history of a current memory (`superseded`: the superseded memories by id; `current`: the
    current memories' ids, which an insight's evidence links to)."""
    shown = memory.sources[:SESSION_SHOWN]
    links = tuple(
        Link(old.id, old.content, readable_time(old.superseded_at))
        for old in (superseded.get(i) for i in memory.supersedes)
        if old is not None
    )
    return MemoryHistory(
        sources=tuple(source_view(s, session_keys, current) for s in shown),
        hidden_sources=max(0, len(memory.sources) - len(shown)),
        reinforced=memory.times_reinforced,
        supersedes=links,
    )


def by_id(memories: Sequence[Memory]) -> dict[str, Memory]:
    """Memories keyed by id."""
    return {m.id: m for m in memories}
