"""Encoding and consolidation over the database, inside one write transaction, without loading the index.

`StoreSpace` is `core.encode.Space` on an open transaction: a memory is read, replaced or appended one
row at a time. `candidates` builds the candidate index from the stored similarity profiles (the `prof`
column), so no memory's text is parsed or re-profiled: at 100k memories that is the difference between
seconds and minutes.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime

from hippocampus.core.candidates import Candidates
from hippocampus.core.model import Memory
from hippocampus.store import index_file, rows


class StoreSpace:
    """A `core.encode.Space` over the store's open write transaction (keys are row ids)."""

    def __init__(self, conn: sqlite3.Connection, now: datetime) -> None:
        self.conn, self.now = conn, now

    def memory(self, key: int) -> Memory:
        return rows.by_rid(self.conn, key)

    def replace(self, key: int, memory: Memory) -> None:
        index_file.put(self.conn, memory, key, self.now)

    def append(self, memory: Memory) -> int:
        index_file.put(self.conn, memory, None, self.now)
        return int(self.conn.execute("SELECT rid FROM mem WHERE id = ?", (memory.id,)).fetchone()[0])

    def new_id(self) -> str:
        return rows.allocate_id(self.conn)

    def seen(self, session: str, message: str) -> bool:
        found = self.conn.execute("SELECT 1 FROM seen WHERE session = ? AND message = ?", (session, message))
        return found.fetchone() is not None


def candidates(conn: sqlite3.Connection) -> Candidates:
    """The candidate index of every stored memory, from the stored profiles."""
    return Candidates(rows.profiles(conn))
