"""The foreign files `hippocampus import` merges: memory-ebbinghaus `memory_db.json` and other
Hippocampus indexes (version 1, the original skill's, or 2). Pure: takes `now`.

Imports are idempotent, keyed by the source's own ids: each imported memory carries a source
naming where it came from (`memory-ebbinghaus` + the item's id; `hippocampus-import` + the memory's
id in that index and its creation time), and an entry whose key is already in the store is skipped.
A memory of this very store (same id, same creation time: an export imported back) is skipped too.

History travels with an export: a Hippocampus index's `superseded` list (memories a newer one
updated, each naming `supersededBy`) is imported under the same keys into the history, with
`supersededBy` and `supersedes` renamed to the ids the memories get here; an already-imported
version keeps its id here. A superseded entry whose successor is neither in the file nor already
imported stops the import (`ValueError`): it would name a memory that is not there.
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


NUMBER, WHOLE, TIME, TEXT, LIST, OBJECTS = (
    "a number",
    "a whole number",
    "an ISO 8601 time",
    "text",
    "a list",
    "a list of objects",
)
MEMORY_FIELDS = {
    "id": TEXT,
    "importance": NUMBER,
    "anchor": NUMBER,
    "stability": NUMBER,
    "timesReinforced": WHOLE,
    "created": TIME,
    "lastAccessed": TIME,
    "keywords": LIST,
    "supersedes": LIST,
    "sources": OBJECTS,
}
"""What each field of a Hippocampus index's memory must be, as `Memory.from_dict` reads it."""
ITEM_FIELDS = {"stability": NUMBER, "review_count": WHOLE, "created": TIME, "last_reviewed": TIME}
"""The same for a memory-ebbinghaus item."""


def _fits(value: Any, kind: str) -> bool:
    """Does `value` read as `kind`? (None and "" read as absent: the reader's default applies.)"""
    if value is None or value == "":
        return kind != TEXT
    if kind in (NUMBER, WHOLE):
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            return False
        try:
            number = float(value)
        except ValueError:
            return False
        return number == number and abs(number) != float("inf") and (kind == NUMBER or number == int(number))
    if kind == TIME:
        try:
            return isinstance(value, str) and parse_time(value) is not None
        except (ValueError, OverflowError):
            return False
    if kind == TEXT:
        return isinstance(value, (str, int))
    return isinstance(value, list) and (kind == LIST or all(isinstance(v, dict) for v in value))


def _entry_problem(item: Any, fields: dict[str, str]) -> str | None:
    if not isinstance(item, dict):
        return "must be an object"
    for name, kind in fields.items():
        if name in item and not _fits(item[name], kind):
            return f"field {name!r} must be {kind}"
    return None


def file_problem(data: dict[str, Any], kind: str) -> str | None:
    """What is malformed in a parsed file of `kind`, naming the entry, the field and what it must be, and
    never the value (it may hold a secret; the error reaches a terminal and cron's log); None if nothing."""
    if kind == EBBINGHAUS:
        lists = [("items", data.get("items"), ITEM_FIELDS)]
    else:
        if "nextId" in data and not _fits(data["nextId"], WHOLE):
            return "field 'nextId' must be a whole number"
        lists = [("", data.get("memories"), MEMORY_FIELDS), ("superseded", data.get("superseded"), MEMORY_FIELDS)]
    for name, entries, fields in lists:
        if entries is None:
            continue
        if not isinstance(entries, list):
            return f"field {name or 'memories'!r} must be a list"
        for number, item in enumerate(entries, 1):
            if kind == EBBINGHAUS and not isinstance(item, dict):
                continue  # the reader skips it, as it skips an item with no content
            problem = _entry_problem(item, fields)
            if problem:
                return f"entry {f'{name} ' if name else ''}{number}: {problem}"
    return None


def merge_file(
    index: Index, data: dict[str, Any], kind: str, now: datetime, history: list[Memory] | None = None
) -> list[str]:
    """Merge parsed file `data` of `kind` into `index` (`history`: the store's superseded memories); returns
    the new ids, superseded ones included (appended with `superseded_by` set: the store files them as
    history). A domain or category outside the safe character set stops the whole import with one line
    naming the entry (`ValueError`)."""
    _refuse_duplicate_ids(data, kind)
    before = len(index.memories)
    created = import_index(index, data, history) if kind == HIPPOCAMPUS else import_ebbinghaus(index, data, now)
    for number, memory in enumerate(index.memories[before:], 1):
        problem = name_problem("domain", memory.domain) or name_problem("category", memory.category)
        if problem:
            raise ValueError(f"entry {number}: {problem}")
    return created


def _refuse_duplicate_ids(data: dict[str, Any], kind: str) -> None:
    """Two entries of the file with one id stop the import (`ValueError` naming the id and both entries):
    the second was dropped in silence, as the import is keyed by id. memory-ebbinghaus items without an
    id are keyed by their content, and were never dropped for it."""
    lists = ("items",) if kind == EBBINGHAUS else ("memories", "superseded")
    first: dict[str, str] = {}
    for name in lists:
        entries = data.get(name) or []
        for number, entry in enumerate(entries if isinstance(entries, list) else [], 1):
            if not isinstance(entry, dict) or entry.get("id") in (None, ""):
                continue
            ident = str(entry["id"])
            where = f"{number} of {name}" if kind == HIPPOCAMPUS else str(number)
            if ident in first:
                shown = ident if len(ident) <= 40 and ident.isprintable() else repr(ident[:40]) + "…"
                raise ValueError(f"entry {where}: duplicate id {shown} (also entry {first[ident]})")
            first[ident] = where


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
        memory.importance = lifecycle.effective_importance(memory, now, lifecycle.Curve(lifecycle.EBBINGHAUS))
        index.memories.append(memory)
        created.append(memory.id)
    return created


def import_index(index: Index, data: dict[str, Any], history: list[Memory] | None = None) -> list[str]:
    """Merge another Hippocampus index (version 1 or 2) under fresh ids, keyed by (its id, its creation time),
    with its `superseded` history (see the module docstring); `history` is the store's own."""
    other = Index.from_dict(data)
    raw = data.get("superseded") or []
    if not isinstance(raw, list) or not all(isinstance(item, dict) for item in raw):
        raise ValueError("entry superseded: not a list of memories")
    old = [Memory.from_dict(item) for item in raw]
    for number, memory in enumerate(old, 1):
        if not memory.superseded_by:
            raise ValueError(f"entry superseded {number}: it names no supersededBy")
    here: dict[tuple[str, str], str] = {}  # import key -> the id that memory has in this store
    for memory in [*index.memories, *(history or [])]:
        here[(memory.id, format_time(memory.created))] = memory.id
        for source in memory.sources:
            if source.session == IMPORTED:
                here[(source.message, source.time)] = memory.id
    renamed: dict[str, str] = {}  # id in the file -> id here
    fresh: list[Memory] = []
    for memory in [*other.memories, *old]:
        key = (memory.id, format_time(memory.created))
        if key not in here:
            here[key] = index.new_id()
            fresh.append(memory)
        renamed[memory.id] = here[key]
    for number, memory in enumerate(old, 1):
        if memory.superseded_by not in renamed:
            raise ValueError(f"entry superseded {number}: its supersededBy names no memory in the file")
    for memory in fresh:
        memory.sources.append(Source(IMPORTED, memory.id, format_time(memory.created)))
        memory.id = renamed[memory.id]
        memory.supersedes = [renamed[x] for x in memory.supersedes if x in renamed]
        if memory.superseded_by:
            memory.superseded_by = renamed[memory.superseded_by]
        index.memories.append(memory)
    return [m.id for m in fresh]
