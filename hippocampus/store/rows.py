"""Row-level SQL on an open connection, inside the caller's transaction: memories with their search
tokens and sources, and the `meta` values. Everything that writes a memory row goes through `write_memory`.
"""

from __future__ import annotations

import json
import math
import sqlite3

from hippocampus.core.candidates import same_text_key
from hippocampus.core.model import Index, Memory, parse_time

TYPE_CHECKING = False  # typing costs ~10 ms of a cold start; mypy still reads the block below
if TYPE_CHECKING:
    from collections.abc import Iterator
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
    from hippocampus.core.candidates import profile_of

    last = parse_time(str(item["lastAccessed"])).timestamp()
    content = str(item.get("content", ""))
    profile = profile_of(content)
    values = (
        str(item["id"]),
        float(item["anchor"]),
        last,
        float(item["stability"]),
        same_text_key(content),
        str(item.get("domain", "user")),
        json.dumps([sorted(profile[0]), sorted(profile[1])], ensure_ascii=False),
        json.dumps(item, ensure_ascii=False),
    )
    if rid is None:
        rid = int(
            conn.execute(
                "INSERT INTO mem(id, anchor, last, stability, norm, domain, prof, json) VALUES (?,?,?,?,?,?,?,?)",
                values,
            ).lastrowid
            or 0
        )
    else:
        conn.execute(
            "UPDATE mem SET id=?, anchor=?, last=?, stability=?, norm=?, domain=?, prof=?, json=? WHERE rid=?",
            (*values, rid),
        )
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


def by_ids(conn: sqlite3.Connection, ids: list[str]) -> dict[str, tuple[int, Memory]]:
    """(rid, memory) of each named memory that exists."""
    out: dict[str, tuple[int, Memory]] = {}
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        for rid, doc in conn.execute(f"SELECT rid, json FROM mem WHERE id IN ({marks})", chunk):
            memory = Memory.from_dict(json.loads(doc))
            out[memory.id] = (int(rid), memory)
    return out


def by_text(conn: sqlite3.Connection, content: str) -> tuple[int, Memory] | None:
    """The first memory (index order) that says exactly `content` (casefold, whitespace folded)."""
    row = conn.execute(
        "SELECT rid, json FROM mem WHERE norm = ? ORDER BY rid LIMIT 1", (same_text_key(content),)
    ).fetchone()
    return (int(row[0]), Memory.from_dict(json.loads(row[1]))) if row else None


def allocate_id(conn: sqlite3.Connection) -> str:
    """The next free id (`mem_001`…), advancing `nextId`; ids are never reused."""
    next_id = int(get_meta(conn, "nextId", "1") or 1)
    while True:
        candidate = f"mem_{next_id:03d}"
        next_id += 1
        if conn.execute("SELECT 1 FROM mem WHERE id = ?", (candidate,)).fetchone() is None:
            set_meta(conn, "nextId", str(next_id))
            return candidate


def by_rid(conn: sqlite3.Connection, rid: int) -> Memory:
    """The memory in row `rid`."""
    return Memory.from_dict(json.loads(conn.execute("SELECT json FROM mem WHERE rid = ?", (rid,)).fetchone()[0]))


def profiles(conn: sqlite3.Connection) -> Iterator[tuple[int, str, str, tuple[frozenset[str], frozenset[str]]]]:
    """(rid, domain, norm, profile) of every memory in index order, without parsing the memories."""
    for rid, domain, norm, prof in conn.execute("SELECT rid, domain, norm, prof FROM mem ORDER BY rid"):
        feats, names = json.loads(prof)
        yield int(rid), str(domain), str(norm), (frozenset(feats), frozenset(names))


def by_rids(conn: sqlite3.Connection, rids: list[int]) -> dict[int, Memory]:
    """The memories in the named rows that exist, by row id (in index order)."""
    out: dict[int, Memory] = {}
    for start in range(0, len(rids), 500):
        chunk = rids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        for rid, doc in conn.execute(f"SELECT rid, json FROM mem WHERE rid IN ({marks}) ORDER BY rid", chunk):
            out[int(rid)] = Memory.from_dict(json.loads(doc))
    return out
