"""The "last injected" panel: what the block before each of the last turns held, and why.

Built from the `injected` events (one per memory per turn, written from `memory/injections.jsonl` at
encoding, `store/injections.py`) and the records not yet encoded; a turn is the events sharing a time
and a session. Only ids, sections and score parts are recorded, so the text shown is the memory's
current content, or "(forgotten)". Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hippocampus.core.model import Memory

TURNS_SHOWN = 10


@dataclass(frozen=True)
class InjectedMemory:
    """One memory of an injected block, with the parts of its score (`recall --explain`'s terms)."""

    id: str
    content: str
    section: str
    score: float | None
    why: str


@dataclass(frozen=True)
class InjectionRow:
    """One turn's injected block."""

    when: str
    session: str
    session_id: str
    memories: tuple[InjectedMemory, ...]


def _why(event: Mapping[str, Any]) -> str:
    parts = [
        f"{name} {float(event[name]):.2f}"
        for name in ("lexical", "semantic", "importance", "recency")
        if _number(event.get(name)) and (name != "semantic" or event[name] > 0)  # lexical recall: no semantic part
    ]
    return " + ".join(parts) if parts else "core: by importance"


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def recent_injections(
    events: Sequence[Mapping[str, Any]],
    current: Mapping[str, Memory],
    session_label: Any,
    when: Any,
) -> list[InjectionRow]:
    """The last `TURNS_SHOWN` injected blocks, newest first. `session_label(id) -> str` and
    `when(time) -> str` format a session and a time as the rest of the page does."""
    turns: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
    for event in events:
        if event.get("type") == "injected" and isinstance(event.get("id"), str):
            turns.setdefault((str(event.get("time", "")), str(event.get("session", ""))), []).append(event)
    rows = []
    for (time, session), found in list(turns.items())[-TURNS_SHOWN:]:
        memories = tuple(
            InjectedMemory(
                e["id"],
                current[e["id"]].content if e["id"] in current else "(forgotten)",
                str(e.get("section", "")),
                float(e["score"]) if _number(e.get("score")) else None,
                _why(e),
            )
            for e in found
        )
        rows.append(InjectionRow(when(time), session_label(session), session, memories))
    return rows[::-1]
