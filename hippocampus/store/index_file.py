"""`memory/index.json`, the memories: read, validate, write, and keep the search cache in step.

Format: a JSON object `{"version": 2, "lastUpdated", "decayLastRun", "nextId", "memories": [...]}`
(JSON Schema in `store/schemas/index.schema.json`), one memory per line. Version 1 files (the
original skill's) are read and migrated in memory. Every write is validated, atomic and made
under the store lock (`files.locked`). A corrupt index is never overwritten: loading it raises
`CorruptIndexError` naming the file, and the bytes stay as they were.
"""

from __future__ import annotations

import contextlib
import json
from datetime import datetime

from hippocampus.core.model import Index, format_time
from hippocampus.errors import CorruptIndexError
from hippocampus.store.files import atomic_write, locked
from hippocampus.store.workspace import Workspace, ensure_layout

TYPE_CHECKING = False  # typing costs ~10 ms of a cold start; mypy still reads the block below
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable
    from typing import Any, TypeVar

    T = TypeVar("T")


def read_raw_index(ws: Workspace) -> dict[str, Any] | None:
    """Parse `index.json` into a dict; None when it does not exist yet."""
    try:
        raw = ws.index_path.read_bytes()
    except FileNotFoundError:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CorruptIndexError(f"{ws.index_path}: not valid JSON ({exc}); the file was left as it is") from None
    if not isinstance(data, dict) or not isinstance(data.get("memories", []), list):
        raise CorruptIndexError(f"{ws.index_path}: not a Hippocampus index; the file was left as it is")
    return data


def load_index(ws: Workspace) -> Index:
    """Load the index (an empty one if none exists); raises `CorruptIndexError` if unreadable."""
    return _index_from_raw(ws, read_raw_index(ws))


def _index_from_raw(ws: Workspace, data: dict[str, Any] | None) -> Index:
    """Build the Index from parsed JSON, reporting malformed entries against the file."""
    if data is None:
        return Index()
    try:
        return Index.from_dict(data)
    except (KeyError, ValueError, TypeError, AttributeError) as exc:
        raise CorruptIndexError(
            f"{ws.index_path}: malformed memory entry ({exc!r}); the file was left as it is"
        ) from None


def dump_index(payload: dict[str, Any]) -> str:
    """Serialise with the C encoder, one memory per line: fast at 100k and still readable and diffable."""
    head = {k: v for k, v in payload.items() if k != "memories"}
    lines = [json.dumps(m, ensure_ascii=False) for m in payload["memories"]]
    body = ",\n  ".join(lines)
    top = json.dumps(head, ensure_ascii=False)[:-1]
    return f'{top}, "memories": [\n  {body}\n]}}\n' if lines else f'{top}, "memories": []}}\n'


def _validate(payload: dict[str, Any], unchanged: set[str]) -> None:
    """Validate against the shipped JSON Schema; memories identical to what was loaded are skipped."""
    from hippocampus.store import schema

    schema.validate_index(payload, skip_ids=unchanged)


def save_index(
    ws: Workspace,
    index: Index,
    now: datetime,
    *,
    loaded: dict[str, Any] | None = None,
    allow_empty: bool = False,
) -> None:
    """Validate and atomically write `index`. Call with the lock held.

    Refuses to replace an index that has memories with an empty one unless `allow_empty`.
    """
    index.last_updated = format_time(now)
    payload = index.to_dict()
    before: dict[str, Any] = {}
    if loaded is not None:
        before = {str(m.get("id")): m for m in loaded.get("memories", []) if isinstance(m, dict)}
    changed = [m for m in payload["memories"] if before.get(m["id"]) != m]
    _validate(payload, {m["id"] for m in payload["memories"]} - {m["id"] for m in changed})
    if not index.memories and not allow_empty and ws.index_path.exists():
        existing = read_raw_index(ws)
        if existing and existing.get("memories"):
            raise CorruptIndexError(f"{ws.index_path}: refusing to overwrite memories with an empty index")
    ensure_layout(ws)
    from hippocampus.store import search_cache

    old_stamp = search_cache.stamp(ws.index_path) if loaded is not None else None
    atomic_write(ws.index_path, dump_index(payload))
    removed = set(before) - {m["id"] for m in payload["memories"]}
    search_cache.apply_changes(ws.index_path, ws.cache_path, old_stamp, changed, removed, payload)


def update_index(ws: Workspace, change: Callable[[Index], T], now: datetime, *, allow_empty: bool = False) -> T:
    """Lock, load, apply `change` (which mutates the index in place), validate, write; return its result."""
    with locked(ws):
        raw = read_raw_index(ws)
        index = _index_from_raw(ws, raw)
        result = change(index)
        save_index(ws, index, now, loaded=raw, allow_empty=allow_empty)
        return result


def wipe(ws: Workspace, now: datetime) -> int:
    """Delete every memory, the signal queue, events, archive and cache; returns how many memories."""
    with locked(ws):
        raw = read_raw_index(ws) if ws.index_path.exists() else None
        count = len(raw.get("memories", [])) if raw else 0
        save_index(ws, Index(), now, allow_empty=True)
        for path in (ws.signals_path, ws.cursor_path, ws.events_path, ws.archive_path, ws.core_path):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
        return count


def open_search(ws: Workspace) -> sqlite3.Connection | None:
    """The search cache, read-only, rebuilt from the index first if it is missing or stale;
    None when there is no index."""
    import sqlite3

    from hippocampus.store import search_cache

    if search_cache.stamp(ws.index_path) is None:
        return None
    conn = search_cache.open_fresh(ws.index_path, ws.cache_path)
    if conn is None:
        search_cache.rebuild(ws.index_path, ws.cache_path, read_raw_index(ws) or {})
        conn = search_cache.open_fresh(ws.index_path, ws.cache_path)
    return conn if conn is not None else sqlite3.connect(f"file:{ws.cache_path}?mode=ro", uri=True)
