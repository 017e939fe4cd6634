"""The records beside the memories: the events log and the archive (database tables), and the failure log.

- `events` table: one JSON object per event, `{"time", "type", "id", ...}` (creates, reinforcements,
  reviews, merges, archives, forgets, revisions). `forget` keeps a memory's events but drops every
  field that could hold its text.
- `archived` table: memories archived below 0.2; `memory/archive.md` is rendered from it (and from the
  pre-database archive text, kept as it was) after each change, atomically.
- `memory/hippocampus.log`: one line per hook failure or warning, `<ISO time> <message>`; a link there
  is never followed.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from datetime import datetime
from typing import TYPE_CHECKING, Any

from hippocampus.core.model import Memory, format_time
from hippocampus.store import database, redacted, rows
from hippocampus.store.workspace import Workspace

if TYPE_CHECKING:
    from hippocampus.core.lifecycle import Curve

ARCHIVE_HEADER = "# Hippocampus archive\n\nMemories that faded below 0.2, moved here by `hippocampus archive`.\n\n"
EVENT_FIELDS = ("time", "type", "id", "session", "message", "into")
"""What an event keeps after its memory is forgotten: ids and times, never text."""


def event(now: datetime, kind: str, memory_id: str, **more: Any) -> dict[str, Any]:
    """One events-log row."""
    return {"time": format_time(now), "type": kind, "id": memory_id, **more}


def insert_events(conn: sqlite3.Connection, events: list[dict[str, Any]]) -> None:
    """Add events inside the caller's transaction."""
    conn.executemany(
        "INSERT INTO events(id, json) VALUES (?, ?)",
        [(str(e.get("id", "")), redacted.document(e)) for e in events],
    )


def append_events(ws: Workspace, events: list[dict[str, Any]]) -> None:
    """Log events, in the open write transaction when there is one (they commit with the change)."""
    if events:
        with database.writing(ws) as conn:
            insert_events(conn, events)


def read_events(ws: Workspace) -> list[dict[str, Any]]:
    """All events, oldest first."""
    with database.reading(ws) as conn:
        return [json.loads(doc) for (doc,) in conn.execute("SELECT json FROM events ORDER BY seq")]


def forget_text(conn: sqlite3.Connection, ids: list[str]) -> None:
    """Keep the forgotten memories' events, less any field that could hold their text."""
    for memory_id in ids:
        rows = conn.execute("SELECT seq, json FROM events WHERE id = ?", (memory_id,)).fetchall()
        for seq, doc in rows:
            kept = {k: v for k, v in json.loads(doc).items() if k in EVENT_FIELDS}
            conn.execute("UPDATE events SET json = ? WHERE seq = ?", (redacted.document(kept), seq))
        conn.execute("DELETE FROM archived WHERE id = ?", (memory_id,))


def archive(ws: Workspace, memories: list[Memory], now: datetime) -> None:
    """Record memories as archived (in the open write transaction when there is one)."""
    with database.writing(ws) as conn:
        conn.executemany(
            "INSERT OR REPLACE INTO archived(id, time, json) VALUES (?, ?, ?)",
            [(m.id, format_time(now), redacted.document(redacted.memory(m.to_dict()))) for m in memories],
        )


def archive_rows(conn: sqlite3.Connection, found: list[int], now: datetime, curve: Curve) -> None:
    """Record the memories in rows `found` as archived at `now`, each with its importance as of that
    decay, in the open write transaction `conn`. A store redacted under today's rules copies each stored
    document with only that number changed (re-redacting 80,000 already-redacted rows was a third of the
    first archive of an old store); a store behind them goes through `redacted.memory` as `archive` does."""
    current = rows.get_meta(conn, "redactionRules") == redacted.RULES
    when, records = format_time(now), []
    for start in range(0, len(found), 500):
        chunk = found[start : start + 500]
        marks = ",".join("?" * len(chunk))
        for (doc,) in conn.execute(f"SELECT json FROM mem WHERE rid IN ({marks}) ORDER BY rid", chunk):
            stored = json.loads(doc)
            memory = rows.as_of_decay(Memory.from_dict(stored), now, curve)
            text = (
                redacted.renumbered(stored, importance=round(memory.importance, 6))  # as Memory.to_dict writes it
                if current
                else redacted.document(redacted.memory(memory.to_dict()))
            )
            records.append((memory.id, when, text))
    conn.executemany("INSERT OR REPLACE INTO archived(id, time, json) VALUES (?, ?, ?)", records)


def archived(ws: Workspace) -> tuple[str, list[tuple[str, Memory]]]:
    """The pre-database archive text and the archived memories with the time they were archived, oldest first."""
    with database.reading(ws) as conn:
        legacy = rows.get_meta(conn, "legacyArchive")
        found = conn.execute("SELECT time, json FROM archived ORDER BY time, id").fetchall()
    return legacy, [(str(t), Memory.from_dict(json.loads(doc))) for t, doc in found]


def log_line(ws: Workspace, message: str, now: datetime) -> None:
    """Append one line to `memory/hippocampus.log`; never raises, never follows a link."""
    with contextlib.suppress(OSError):
        ws.memory_dir.mkdir(parents=True, exist_ok=True)
        if ws.memory_dir.is_symlink():
            return
        fd = os.open(ws.log_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8") as handle:
            handle.write(f"{format_time(now)} {' '.join(redacted.text(message).split())}\n")
