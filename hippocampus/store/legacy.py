"""The files the store was before the database, migrated into it once, on first use, with nothing lost.

Read, inside the migration's transaction: `memory/index.json` (version 1 from the original skill,
or version 2), the queue `memory/signals.jsonl` after `memory/signals.cursor`, `memory/events.jsonl`,
`memory/state.json` and `memory/archive.md`. A file that cannot be read whole (bad JSON, a
malformed or schema-breaking memory, a link, a folder) stops the migration with a one-line error
naming it; nothing is written and the file is left as it is. Once the transaction has committed,
the migrated files and the old search cache are deleted: the database holds everything they
held, and keeping copies would keep text that `forget` must be able to remove.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

from hippocampus.core.model import Index, Signal
from hippocampus.errors import CorruptIndexError
from hippocampus.store.workspace import Workspace

LEGACY_ARCHIVE_KEY = "legacyArchive"


def _read_bytes(path: Path) -> bytes | None:
    if path.is_symlink():
        raise CorruptIndexError(f"{path}: is a symbolic link; not followed, left as it is", file=path)
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise CorruptIndexError(f"{path}: is a folder, not a file; left as it is", file=path) from None
    except OSError as exc:
        raise CorruptIndexError(f"{path}: cannot be read ({exc.strerror}); left as it is", file=path) from None


def _finite(value: Any) -> bool:
    """No NaN or infinity anywhere in a parsed JSON value."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    return True


def read_legacy_index(path: Path) -> Index | None:
    """`index.json` parsed, migrated to the current model and fully validated; None when absent."""
    raw = _read_bytes(path)
    if raw is None:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        where = f" at line {exc.lineno}" if isinstance(exc, json.JSONDecodeError) else ""
        raise CorruptIndexError(f"{path}: not valid JSON{where}; the file was left as it is", file=path) from None
    if not isinstance(data, dict) or not isinstance(data.get("memories", []), list):
        raise CorruptIndexError(f"{path}: not a Hippocampus index; the file was left as it is", file=path)
    if not _finite(data):
        raise CorruptIndexError(f"{path}: contains NaN or Infinity; the file was left as it is", file=path)
    try:
        index = Index.from_dict(data)
    except (KeyError, ValueError, TypeError, AttributeError):  # never the value: it may hold a secret
        raise CorruptIndexError(f"{path}: a malformed memory entry; the file was left as it is", file=path) from None
    ids = [m.id for m in index.memories]
    if len(set(ids)) != len(ids):
        raise CorruptIndexError(f"{path}: the same memory id appears twice; the file was left as it is", file=path)
    from hippocampus.store.schema import validate_index

    try:
        validate_index(index.to_dict())
    except Exception as exc:  # noqa: BLE001 - any schema failure is reported against the file
        raise CorruptIndexError(f"{path}: {exc}; the file was left as it is", file=path) from None
    return index


def count_legacy_memories(path: Path) -> int | None:
    """How many memories a pre-database `index.json` lists, read without validating or changing it (the
    installer's plan of a store the first use will migrate); None when it cannot be read as an index."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    memories = data.get("memories", []) if isinstance(data, dict) else None
    return len(memories) if isinstance(memories, list) else None


def _jsonl_rows(path: Path, start: int = 0) -> list[dict[str, Any]]:
    """Complete object lines of a JSON-lines file from byte `start`; malformed lines are skipped."""
    raw = _read_bytes(path)
    if raw is None:
        return []
    if not 0 <= start <= len(raw):
        start = 0  # a cursor past the end (the file was replaced) or negative: read it all; encoding dedupes
    rows = []
    for line in raw[start:].splitlines(keepends=True):
        if not line.endswith(b"\n"):
            break
        with contextlib.suppress(UnicodeDecodeError, json.JSONDecodeError):
            row = json.loads(line.decode("utf-8"))
            if isinstance(row, dict):
                rows.append(row)
    return rows


def _cursor(path: Path) -> int:
    raw = _read_bytes(path)
    try:
        return int((raw or b"0").strip() or 0)
    except ValueError:
        return 0


def import_legacy(ws: Workspace, conn: sqlite3.Connection) -> None:
    """Copy every legacy file into the (new, empty) database, inside the caller's transaction."""
    from hippocampus.store import redacted, rows

    index = read_legacy_index(ws.index_path)
    if index is not None:
        rows.insert_all(conn, index)
    for row in _jsonl_rows(ws.signals_path, _cursor(ws.cursor_path)):
        with contextlib.suppress(KeyError, TypeError, ValueError, AttributeError):
            conn.execute("INSERT INTO queue(json) VALUES (?)", (redacted.document(Signal.from_dict(row).to_dict()),))
    for row in _jsonl_rows(ws.events_path):
        conn.execute("INSERT INTO events(id, json) VALUES (?, ?)", (str(row.get("id", "")), redacted.document(row)))
    state = _read_bytes(ws.state_path)
    if state:
        with contextlib.suppress(UnicodeDecodeError, json.JSONDecodeError):
            data = json.loads(state.decode("utf-8"))
            if isinstance(data, dict):
                for key, value in data.items():
                    conn.execute("INSERT INTO state(key, value) VALUES (?, ?)", (str(key), redacted.document(value)))
    archive = _read_bytes(ws.archive_path)
    if archive:
        conn.execute(
            "INSERT INTO meta(key, value) VALUES (?, ?)",
            (LEGACY_ARCHIVE_KEY, redacted.text(archive.decode("utf-8", "replace"))),
        )
    conn.execute(
        "INSERT OR REPLACE INTO meta(key, value) VALUES ('migratedFrom', ?)",
        ("index.json" if index is not None else "nothing",),
    )


def remove_legacy(ws: Workspace) -> None:
    """Delete the migrated files and the old search cache (after the migration committed)."""
    for path in (ws.index_path, ws.signals_path, ws.cursor_path, ws.events_path, ws.state_path):
        with contextlib.suppress(FileNotFoundError, IsADirectoryError, PermissionError):
            if not path.is_symlink():
                path.unlink()
    cache = ws.memory_dir / ".cache"
    if cache.is_dir() and not cache.is_symlink():
        shutil.rmtree(cache, ignore_errors=True)
    for leftover in ws.memory_dir.glob(".index.json.*.tmp"):
        with contextlib.suppress(OSError):
            os.unlink(leftover)
