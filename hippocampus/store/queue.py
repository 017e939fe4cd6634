"""The capture queue: the `queue` table of the database (store/database.py).

Contract: the `agent_end` hook inserts each turn's signals in one short transaction, never waiting
on a long job (jobs compute outside their write transaction); encoding reads the queue and deletes
exactly the rows it encoded in the same transaction that writes their memories, so a crash either
encodes a row and removes it, or does neither. A row that is not a valid signal is counted as
malformed and removed with the batch it came in.

When the database cannot take a turn's signals (damaged, unwritable, or busy past the hook's wait),
they go to `memory/queue-spill.jsonl` instead, one JSON line per signal in one `O_APPEND` write,
and the next encode moves them into the queue (duplicates are harmless: encoding skips a message
it has already seen). So no captured message is dropped while the store is unavailable.
"""

from __future__ import annotations

import json
import os
import sqlite3

from hippocampus.core.model import Signal
from hippocampus.errors import HippocampusError, LockTimeoutError
from hippocampus.store import database, redacted
from hippocampus.store.workspace import Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


SPILL_FILE = "queue-spill.jsonl"


def append_signals(ws: Workspace, signals: list[Signal], busy: float = database.BUSY_SECONDS) -> None:
    """Queue signals in one transaction (all or none). When another writer holds the database past
    `busy`, they go to `memory/queue-spill.jsonl` (the next encode absorbs them); when it cannot take
    them at all (damaged, unwritable), they are spilled and the error re-raised, so the caller reports it."""
    if not signals:
        return
    try:
        with database.writing(ws, busy) as conn:
            conn.executemany("INSERT INTO queue(json) VALUES (?)", [(redacted.document(s.to_dict()),) for s in signals])
    except LockTimeoutError:
        spill(ws, signals)  # another writer is mid-transaction: the spill file is the queue's overflow, not an error
    except HippocampusError:
        spill(ws, signals)
        raise


def spill(ws: Workspace, signals: list[Signal]) -> None:
    """Append signals to the spill file in one write; never through a link."""
    data = "".join(redacted.document(s.to_dict()) + "\n" for s in signals).encode("utf-8")
    if ws.memory_dir.is_symlink():
        return
    fd = os.open(ws.memory_dir / SPILL_FILE, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    try:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            data = b"\n" + data  # a write cut short by a full disk left half a line: never glue onto it
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def absorb_spill(ws: Workspace, conn: sqlite3.Connection) -> int:
    """Move spilled signals into the queue inside the caller's transaction; the file is emptied once
    the caller commits (`clear_spill`). Returns how many complete lines were read."""
    path = ws.memory_dir / SPILL_FILE
    if not path.is_file() or path.is_symlink():
        return 0
    lines = [line for line in path.read_bytes().splitlines(keepends=True) if line.endswith(b"\n")]
    conn.executemany("INSERT INTO queue(json) VALUES (?)", [(_respilled(line),) for line in lines])
    return len(lines)


def _respilled(line: bytes) -> str:
    """A spilled line as a queue row, redacted again (a file left by an older version may hold secrets)."""
    raw = line.decode("utf-8", "replace").strip()
    try:
        return redacted.document(json.loads(raw))
    except json.JSONDecodeError:
        return redacted.text(raw)  # malformed: counted and dropped by encoding, but never copied as it was


def clear_spill(ws: Workspace, absorbed: int) -> None:
    """Drop the first `absorbed` lines of the spill file (after they were committed to the queue)."""
    path = ws.memory_dir / SPILL_FILE
    if absorbed <= 0 or not path.is_file():
        return
    from hippocampus.store.files import atomic_write

    rest = path.read_bytes().splitlines(keepends=True)[absorbed:]
    if rest:
        atomic_write(path, b"".join(rest))
    else:
        path.unlink()


def pending(conn: sqlite3.Connection) -> tuple[list[Signal], int, int]:
    """The queued signals in order, the last row's number (0 if none) and how many rows were malformed."""
    signals: list[Signal] = []
    bad = 0
    last = 0
    for seq, doc in conn.execute("SELECT seq, json FROM queue ORDER BY seq"):
        last = int(seq)
        try:
            signals.append(Signal.from_dict(json.loads(doc)))
        except (json.JSONDecodeError, TypeError, ValueError, AttributeError, KeyError):
            bad += 1
    return signals, last, bad


def consume(conn: sqlite3.Connection, last: int) -> None:
    """Remove the rows up to `last` (inside the transaction that encoded them)."""
    conn.execute("DELETE FROM queue WHERE seq <= ?", (last,))


def read_pending_signals(ws: Workspace) -> tuple[list[Signal], int, int]:
    """`pending` on a fresh read snapshot."""
    with database.reading(ws) as conn:
        return pending(conn)


def queued(ws: Workspace) -> int:
    """How many signals wait to be encoded."""
    with database.reading(ws) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM queue").fetchone()[0])


def rows(ws: Workspace) -> list[dict[str, Any]]:
    """The queued signals' JSON forms, in order (for status views and tests)."""
    with database.reading(ws) as conn:
        return [json.loads(doc) for (doc,) in conn.execute("SELECT json FROM queue ORDER BY seq")]
