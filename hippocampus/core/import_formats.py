"""The foreign files `hippocampus import` merges: memory-ebbinghaus `memory_db.json` and other
Hippocampus indexes (version 1, the original skill's, or 2). Pure: takes `now`.

Imports are idempotent, keyed by the source's own ids: each imported memory carries a source
naming where it came from (`memory-ebbinghaus` + the item's id; `hippocampus-import` + the memory's
id in that index and its creation time), and an entry whose key is already in the store is skipped.
A memory of this very store (same id, same creation time: an export imported back) is skipped too.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from hippocampus.core import lifecycle
from hippocampus.core.model import Index, Memory, Source, format_time, name_problem, parse_time

EBBINGHAUS = "memory-ebbinghaus"
HIPPOCAMPUS = "hippocampus"
IMPORTED = "hippocampus-import"
"""The source session of a memory imported from another Hippocampus index."""


def file_kind(data: Any) -> str | None:
    """Which format parsed JSON is in, or None when it is neither."""
    if not isinstance(data, dict):
        return None
    if "items" in data:
        return EBBINGHAUS
    return HIPPOCAMPUS if "memories" in data else None


def merge_file(index: Index, data: dict[str, Any], kind: str, now: datetime) -> list[str]:
    """Merge parsed file `data` of `kind` into `index`; returns the new ids. A domain or category outside
    the safe character set stops the whole import with one line naming the entry (`ValueError`)."""
    before = len(index.memories)
    created = import_index(index, data) if kind == HIPPOCAMPUS else import_ebbinghaus(index, data, now)
    for number, memory in enumerate(index.memories[before:], 1):
        problem = name_problem("domain", memory.domain) or name_problem("category", memory.category)
        if problem:
            raise ValueError(f"entry {number}: {problem}")
    return created


def _imported_keys(index: Index, kind: str) -> set[tuple[str, str]]:
    """(message, time) of every source of `kind` already in the store; `time` is "" for memory-ebbinghaus."""
    return {
        (s.message, s.time if kind == IMPORTED else "") for m in index.memories for s in m.sources if s.session == kind
    }


def import_ebbinghaus(index: Index, data: dict[str, Any], now: datetime) -> list[str]:
    """Merge a memory-ebbinghaus `memory_db.json`: strength = exp(-days/stability) from `last_reviewed`.

    Keyed by the item's `id` (its content when it has none): an item already imported is skipped.
    """
    created = []
    seen = _imported_keys(index, EBBINGHAUS)
    for item in data.get("items", []):
        if not isinstance(item, dict) or not str(item.get("content", "")).strip():
            continue
        key = str(item.get("id") or "") or "content:" + str(item["content"]).strip()
        if (key, "") in seen:
            continue
        seen.add((key, ""))
        reviewed = parse_time(str(item.get("last_reviewed") or item.get("created") or format_time(now)))
        stability = float(item.get("stability", 1.0)) or 1.0
        memory = Memory(
            id=index.new_id(),
            content=str(item["content"]).strip(),
            domain="user",
            category=str(item.get("category") or "general"),
            anchor=1.0,
            importance=1.0,
            created=parse_time(str(item.get("created") or format_time(reviewed))),
            last_accessed=reviewed,
            times_reinforced=int(item.get("review_count", 0)),
            stability=stability,
            sources=[Source(EBBINGHAUS, key, format_time(reviewed))],
        )
        memory.importance = lifecycle.effective_importance(memory, now, lifecycle.EBBINGHAUS)
        index.memories.append(memory)
        created.append(memory.id)
    return created


def import_index(index: Index, data: dict[str, Any]) -> list[str]:
    """Merge another Hippocampus index (version 1 or 2) under fresh ids, keyed by (its id, its creation time)."""
    other = Index.from_dict(data)
    created = []
    seen = _imported_keys(index, IMPORTED)
    own = {(m.id, format_time(m.created)) for m in index.memories}
    for memory in other.memories:
        key = (memory.id, format_time(memory.created))
        if key in seen or key in own:
            continue
        seen.add(key)
        memory.sources.append(Source(IMPORTED, *key))
        memory.id = index.new_id()
        index.memories.append(memory)
        created.append(memory.id)
    return created
