"""Stores written under older redaction rules are redacted again, in place, by the daily `decay`.

Contract: `meta.redactionRules` names the rules a store's text was last redacted with
(`store.redacted.RULES`). When it is behind, `catch_up` re-writes every stored text through `store.redacted` (the
door every new write already goes through): memory rows with their search tokens and similarity
features, superseded memories, the queue, events, archived memories, state values and `meta`
values. It works in transactions of `BATCH` rows, so a turn never waits long, and resumes where a
crash left it (`meta.redactionRid`). Then it scrubs the database files (`database.scrub_files`:
`secure_delete` overwrote the old pages; the WAL is truncated and the file vacuumed), so no copy of
the old text is left. The last batch records the new rules together with `meta.redactionScrub`, which
only a finished scrub removes, so a kill between the two still gets its scrub from the next run
(tests/test_catch_up_faults.py kills it at random points, and at that one). Bump `RULES` whenever the
rules change in a way that finds more.
"""

from __future__ import annotations

import json
import sqlite3

from hippocampus.store import database, redacted, rows
from hippocampus.store.workspace import Workspace

RULES = redacted.RULES
BATCH = 500
_TABLES = (("superseded", "id", True), ("archived", "id", True), ("queue", "seq", False), ("events", "seq", False))
"""(table, key, holds memories): a memory's keywords that were part of a secret are dropped (`redacted.memory`)."""


def behind(conn: sqlite3.Connection) -> bool:
    """Whether this store holds text redacted under older rules (or none recorded: before redaction was
    versioned)."""
    return rows.get_meta(conn, "redactionRules") != RULES


def catch_up(ws: Workspace) -> int:
    """Redact every stored text with today's rules if the store is behind, and scrub the files if that
    is still owed; returns how many rows changed."""
    with database.reading(ws) as conn:
        owed, scrub_owed = behind(conn), bool(rows.get_meta(conn, "redactionScrub"))
    if not owed and not scrub_owed:
        return 0
    changed = _redact_all(ws) if owed else 0
    database.scrub_files(ws)
    with database.writing(ws) as conn:
        conn.execute("DELETE FROM meta WHERE key = 'redactionScrub'")
    return changed


def _redact_all(ws: Workspace) -> int:
    """The batches, resumable (`meta.redactionRid`); the last records the rules and the scrub owed."""
    changed = 0
    while True:
        with database.writing(ws) as conn:
            start = int(rows.get_meta(conn, "redactionRid", "0") or 0)
            batch = conn.execute(
                "SELECT rid, json FROM mem WHERE rid > ? ORDER BY rid LIMIT ?", (start, BATCH)
            ).fetchall()
            for rid, doc in batch:
                item = json.loads(doc)
                if redacted.memory(item) != item:
                    rows.write_memory(conn, item, int(rid))  # the door redacts; tokens and features follow
                    changed += 1
            if batch:
                rows.set_meta(conn, "redactionRid", str(batch[-1][0]))
                continue
            changed += _documents(conn)
            for key, value in conn.execute("SELECT key, value FROM meta").fetchall():
                if redacted.text(value) != value:
                    rows.set_meta(conn, key, value)  # set_meta redacts
                    changed += 1
            conn.execute("DELETE FROM meta WHERE key = 'redactionRid'")
            rows.set_meta(conn, "redactionRules", RULES)
            rows.set_meta(conn, "redactionScrub", "owed")
            break
    return changed


def _documents(conn: sqlite3.Connection) -> int:
    """Re-serialise the JSON documents of the other tables, and the state values, through the door."""
    changed = 0
    for table, key, memories in _TABLES:
        for ident, doc in conn.execute(f"SELECT {key}, json FROM {table}").fetchall():
            value = json.loads(doc)
            clean = redacted.document(redacted.memory(value) if memories else value)
            if clean != doc:
                conn.execute(f"UPDATE {table} SET json = ? WHERE {key} = ?", (clean, ident))
                changed += 1
    for name, value in conn.execute("SELECT key, value FROM state").fetchall():
        clean = redacted.document(json.loads(value))
        if clean != value:
            conn.execute("UPDATE state SET value = ? WHERE key = ?", (clean, name))
            changed += 1
    return changed
