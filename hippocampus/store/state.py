"""Small bookkeeping in the database's `state` table: JSON values by key (the history-backfill watermarks)."""

from __future__ import annotations

import json
from typing import Any

from hippocampus.store import database, redacted
from hippocampus.store.workspace import Workspace


def get(ws: Workspace, key: str, default: Any) -> Any:
    """The value stored under `key`, or `default`."""
    with database.reading(ws) as conn:
        row = conn.execute("SELECT value FROM state WHERE key = ?", (key,)).fetchone()
    if row is None:
        return default
    try:
        return json.loads(row[0])
    except json.JSONDecodeError:
        return default


def update(ws: Workspace, key: str, changes: dict[str, Any]) -> None:
    """Merge `changes` into the mapping stored under `key` (in the open write transaction, if any)."""
    with database.writing(ws) as conn:
        row = conn.execute("SELECT value FROM state WHERE key = ?", (key,)).fetchone()
        current = json.loads(row[0]) if row else {}
        merged = {**(current if isinstance(current, dict) else {}), **changes}
        conn.execute("INSERT OR REPLACE INTO state(key, value) VALUES (?, ?)", (key, redacted.document(merged)))
