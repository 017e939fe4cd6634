"""Bringing outside memories in: `import` (foreign index files) and the conversation files `ingest` reads."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from hippocampus.core.model import Index, Memory
from hippocampus.errors import InputError
from hippocampus.store import database, files, index_file, tombstones
from hippocampus.store.workspace import Workspace


def import_file(ws: Workspace, now: datetime, path: Path) -> tuple[str, list[str]]:
    """Merge an index.json (v1/v2, its `superseded` history too) or a memory-ebbinghaus memory_db.json;
    returns (format, new ids, superseded ones included).

    A file that is not one of those, or has a malformed entry, imports nothing.
    Errors name the entry, the field and what it must be, never a value from the file (`file_problem`):
    a secret in a malformed field would reach the terminal and cron's log.
    A file that is not one of those, or has a malformed entry, imports nothing. A memory that is, or
    came from, a message forgotten here is left out (`store.tombstones`).
    """
    from hippocampus.core.import_formats import file_kind, file_problem, merge_file

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        where = f" at line {exc.lineno}" if isinstance(exc, json.JSONDecodeError) else ""
        raise InputError(f"{path}: not valid JSON{where}; nothing was imported", file=path) from None
    kind = file_kind(data)
    if kind is None:
        raise InputError(f"{path}: neither a Hippocampus index nor a memory-ebbinghaus memory_db.json", file=path)
    problem = file_problem(data, kind)
    if problem:
        raise InputError(f"{path}: {problem}; nothing was imported", file=path)
    with database.reading(ws) as conn:
        stones = tombstones.Stones.read(conn)

    def merge(index: Index, history: list[Memory]) -> list[str]:
        """Merge, then leave out what was forgotten here (an export made before the forget)."""
        before = len(index.memories)
        created = merge_file(index, data, kind, now, history)
        dropped = {m.id for m in index.memories[before:] if stones.memory(m)}
        if dropped:
            index.memories[before:] = [m for m in index.memories[before:] if m.id not in dropped]
        return [i for i in created if i not in dropped]

    try:
        created = index_file.update_with_history(ws, merge, now)
    except ValueError as exc:
        if str(exc).startswith("entry "):  # merge_file's own, which name no value
            raise InputError(f"{path}: {exc}; nothing was imported", file=path) from None
        raise InputError(f"{path}: a malformed entry; nothing was imported", file=path) from None
    except (KeyError, TypeError, AttributeError):
        raise InputError(
            f"{path}: a malformed entry (a field of the wrong kind); nothing was imported", file=path
        ) from None
    return kind, created


def read_conversation(path: Path) -> tuple[dict[str, list[dict[str, Any]]], int]:
    """An `ingest` file (JSON Lines of `{session, id, role, text, timestamp}`): messages grouped by
    session, and how many lines were malformed (skipped, reported)."""
    sessions: dict[str, list[dict[str, Any]]] = {}
    bad = 0
    for row in files.read_jsonl(path):
        if row is None or not isinstance(row.get("text"), str) or "session" not in row:
            bad += 1
            continue
        sessions.setdefault(str(row["session"]), []).append(row)
    return sessions, bad
