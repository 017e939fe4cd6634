"""The database opened read-only, as the per-turn path and the warm worker read it (and the installer counts it).

Apart from `store/database.py` (the writers: schema, migrations, transactions): a reader never creates,
migrates or writes the database.
"""

from __future__ import annotations

import os
import sqlite3

from hippocampus.store.migrations import SCHEMA_VERSION

HOOK_BUSY_SECONDS = 0.05
"""request_before's read-only open waits this long at most (a turn's capture never opens the database)."""


def connect_readonly(ws_root: str, factory: type[sqlite3.Connection] = sqlite3.Connection) -> sqlite3.Connection | None:
    """The database opened read-only for the per-turn path; None when there is none yet or it is not at
    the current schema (the writers create and migrate it). `factory`: the warm worker's kept
    connections (`store.warm`), which its threads share."""
    from hippocampus.store.workspace import db_file

    path = db_file(ws_root)
    if not os.path.isfile(path) or os.path.islink(path):
        return None
    try:
        conn = sqlite3.connect(
            f"file:{path}?mode=ro",
            uri=True,
            timeout=HOOK_BUSY_SECONDS,
            isolation_level=None,
            check_same_thread=factory is sqlite3.Connection,
            factory=factory,
        )
        if conn.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
            conn.close()
            return None
    except sqlite3.Error:
        return None
    return conn


def count_memories(ws_root: str) -> int | None:
    """How many memories the database holds, read-only and at any schema version (the installer's plan of
    an existing store, which the venv's CLI migrates later); None when it cannot be read."""
    from hippocampus.store.workspace import db_file

    try:
        conn = sqlite3.connect(f"file:{db_file(ws_root)}?mode=ro", uri=True)
        try:
            return int(conn.execute("SELECT COUNT(*) FROM mem").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.Error:
        return None
