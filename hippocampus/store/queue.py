"""The capture queue: the `queue` table of the database (store/database.py), fed by the turn inbox.

Contract: each turn's signals are appended to `memory/inbox.jsonl` (`store/inbox.py`), which never
touches the database, so a turn never waits on a writer. Encoding claims the inbox inside its write
transaction, moves its lines into the table, reads the table, and deletes exactly the rows it encoded
in that same transaction, so a crash either encodes a row and removes it, or does neither. A row
that is not a valid signal is counted as malformed and removed with the batch it came in. Writers
that are not per-turn (the transcript backfill) insert into the table directly, and fall back to the
inbox when the database is busy or cannot take them.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from hippocampus.core.model import Signal
from hippocampus.errors import HippocampusError, LockTimeoutError
from hippocampus.store import database, inbox, redacted
from hippocampus.store.workspace import Workspace


def append_signals(ws: Workspace, signals: list[Signal], busy: float = database.BUSY_SECONDS) -> None:
    """Queue signals in one transaction (all or none). When another writer holds the database past
    `busy`, they go to the inbox (the next encode absorbs them); when it cannot take them at all
    (damaged, unwritable), they go to the inbox and the error is re-raised, so the caller reports it."""
    if not signals:
        return
    try:
        with database.writing(ws, busy) as conn:
            conn.executemany("INSERT INTO queue(json) VALUES (?)", [(redacted.document(s.to_dict()),) for s in signals])
    except LockTimeoutError:
        inbox.append_signals(str(ws.root), signals)  # another writer is mid-transaction: not an error
    except HippocampusError:
        inbox.append_signals(str(ws.root), signals)
        raise


def absorb_inbox(ws: Workspace, conn: sqlite3.Connection) -> list[str]:
    """Claim the inbox and move its lines into the queue inside the caller's transaction; returns the
    claimed files, for `inbox.delete` once the caller has committed."""
    claimed = inbox.claim(str(ws.root))
    for path in claimed:
        conn.executemany("INSERT INTO queue(json) VALUES (?)", [(_requeued(line),) for line in inbox.lines(path)])
    return claimed


def _requeued(line: bytes) -> str:
    """An inbox line as a queue row, redacted again (a file left by an older version may hold secrets)."""
    raw = line.decode("utf-8", "replace").strip()
    try:
        return redacted.document(json.loads(raw))
    except json.JSONDecodeError:
        return redacted.text(raw)  # malformed: counted and dropped by encoding, but never copied as it was


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
    """How many signals wait to be encoded (in the queue and the inbox)."""
    with database.reading(ws) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM queue").fetchone()[0]) + len(inbox.waiting(str(ws.root)))


def rows(ws: Workspace) -> list[dict[str, Any]]:
    """The queued signals' JSON forms, in order, the inbox's after the table's (for status views and tests);
    a line that is not JSON (a write cut short) is left out."""
    with database.reading(ws) as conn:
        found = [json.loads(doc) for (doc,) in conn.execute("SELECT json FROM queue ORDER BY seq")]
    for line in inbox.waiting(str(ws.root)):
        try:
            found.append(json.loads(line))
        except ValueError:
            continue
    return found
