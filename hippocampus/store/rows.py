"""Row-level SQL on an open connection, inside the caller's transaction: memories with their search
tokens and sources, and the `meta` values. Everything that writes a memory row goes through `write_memory`.
"""

from __future__ import annotations

import json
import math
import sqlite3

from hippocampus.core.model import Index, Memory, parse_time

TYPE_CHECKING = False  # typing costs ~10 ms of a cold start; mypy still reads the block below
if TYPE_CHECKING:
    from typing import Any


def set_meta(conn: sqlite3.Connection, key: str, value: str) -> None:
    """Set a `meta` value."""
    conn.execute(
        "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, value)
    )


def get_meta(conn: sqlite3.Connection, key: str, default: str = "") -> str:
    """A `meta` value (nextId, lastUpdated, decayLastRun, ...), or `default`."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return str(row[0]) if row else default


def _tokens(item: dict[str, Any]) -> str:
    from hippocampus.core.tokens import tokenize

    return " ".join(tokenize(f"{item.get('content', '')} {' '.join(item.get('keywords', []))}"))


def finite(item: dict[str, Any]) -> bool:
    return all(math.isfinite(v) for v in (item["anchor"], item["importance"], item["stability"]))


def write_memory(conn: sqlite3.Connection, item: dict[str, Any], rid: int | None) -> int:
    """Insert (rid None) or replace one memory row with its search tokens and sources; returns its rid."""
    last = parse_time(str(item["lastAccessed"])).timestamp()
    values = (
        str(item["id"]),
        float(item["anchor"]),
        last,
        float(item["stability"]),
        json.dumps(item, ensure_ascii=False),
    )
    if rid is None:
        rid = int(
            conn.execute("INSERT INTO mem(id, anchor, last, stability, json) VALUES (?,?,?,?,?)", values).lastrowid or 0
        )
    else:
        conn.execute("UPDATE mem SET id=?, anchor=?, last=?, stability=?, json=? WHERE rid=?", (*values, rid))
        conn.execute("DELETE FROM fts WHERE rowid = ?", (rid,))
        conn.execute("DELETE FROM seen WHERE rid = ?", (rid,))
    conn.execute("INSERT INTO fts(rowid, tokens) VALUES (?, ?)", (rid, _tokens(item)))
    conn.executemany(
        "INSERT OR IGNORE INTO seen(session, message, rid) VALUES (?, ?, ?)",
        [
            (str(s.get("session", "")), str(s.get("message", "")), rid)
            for s in item.get("sources", [])
            if s.get("message")
        ],
    )
    return rid


def delete(conn: sqlite3.Connection, ids: list[str]) -> None:
    """Remove memories with their search tokens and sources (inside the caller's transaction)."""
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        rids = [r[0] for r in conn.execute(f"SELECT rid FROM mem WHERE id IN ({marks})", chunk)]
        if rids:
            rmarks = ",".join("?" * len(rids))
            conn.execute(f"DELETE FROM fts WHERE rowid IN ({rmarks})", rids)
            conn.execute(f"DELETE FROM seen WHERE rid IN ({rmarks})", rids)
            conn.execute(f"DELETE FROM mem WHERE rid IN ({rmarks})", rids)


def insert_all(conn: sqlite3.Connection, index: Index) -> None:
    """Write a whole (validated) index into an empty database, in order (the migration)."""
    for memory in index.memories:
        write_memory(conn, memory.to_dict(), None)
    set_meta(conn, "nextId", str(index.next_id))
    set_meta(conn, "lastUpdated", index.last_updated)
    set_meta(conn, "decayLastRun", index.decay_last_run)


def read_index(conn: sqlite3.Connection, where: str = "") -> Index:
    """Every memory in index order, with the bookkeeping."""
    memories = [
        Memory.from_dict(json.loads(doc)) for (doc,) in conn.execute(f"SELECT json FROM mem {where} ORDER BY rid")
    ]
    return Index(
        memories=memories,
        next_id=int(get_meta(conn, "nextId", "1") or 1),
        last_updated=get_meta(conn, "lastUpdated"),
        decay_last_run=get_meta(conn, "decayLastRun"),
    )
