"""The database opened read-only, as the per-turn path and the warm worker read it (and the installer counts it).

Apart from `store/database.py` (the writers: schema, migrations, transactions): a reader never creates,
migrates or writes the database.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3

from hippocampus.store.migrations import SCHEMA_VERSION

HOOK_BUSY_SECONDS = 0.05
"""request_before's read-only open waits this long at most (a turn's capture never opens the database)."""


def open_readonly(
    path: str, timeout: float, factory: type[sqlite3.Connection] = sqlite3.Connection
) -> sqlite3.Connection:
    """`path` opened read-only (`mode=ro`), at any schema; raises `sqlite3.Error`.

    On a full disk a read-only open of a WAL database still has to create and size its `-shm` file, and
    fails ("disk I/O error"). Then, when there is no WAL holding commits (no other connection open: the
    last one to close checkpoints and deletes it), the file is read as `immutable`, which needs no
    `-shm`: what the database holds is all there is. So recall, the injection, `list` and `export` keep
    working until space returns; only writes fail.
    """
    options = {"uri": True, "timeout": timeout, "isolation_level": None}
    shared = {"check_same_thread": factory is sqlite3.Connection, "factory": factory}
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", **options, **shared)  # type: ignore[call-overload]
        conn.execute("PRAGMA user_version").fetchone()
        return conn  # type: ignore[no-any-return]
    except sqlite3.OperationalError as exc:
        wal = path + "-wal"
        if "disk i/o" not in str(exc).lower() or (os.path.exists(wal) and os.path.getsize(wal) > 0):
            raise
    conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", **options, **shared)  # type: ignore[call-overload]
    with contextlib.suppress(AttributeError):  # a kept connection (`store.memo.Kept`) says so: never kept
        conn.immutable = True  # it would never see a later commit
    return conn  # type: ignore[no-any-return]


def connect_readonly(ws_root: str, factory: type[sqlite3.Connection] = sqlite3.Connection) -> sqlite3.Connection | None:
    """The database opened read-only for the per-turn path (`open_readonly`); None when there is none yet
    or it is not at the current schema (the writers create and migrate it). `factory`: the warm worker's
    kept connections (`store.warm`), which its threads share."""
    from hippocampus.store.workspace import db_file

    path = db_file(ws_root)
    if not os.path.isfile(path) or os.path.islink(path):
        return None
    try:
        conn = open_readonly(path, HOOK_BUSY_SECONDS, factory)
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
