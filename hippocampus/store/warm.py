"""What the warm worker keeps between turns: one read-only connection per database, and what is derived
from it (parsed rows, the core candidates, the vector matrix's freshness) until the database changes.

Contract:
- Off unless `enable()` was called (the worker does; the cold hooks and the CLI never do): then
  `reading(root)` opens and closes a connection per call exactly as `readonly.connect_readonly`.
- On, `reading(root)` yields the kept connection of that database inside one read transaction (one
  snapshot for the whole turn, which the cold path's statement-by-statement reads do not give), with
  the calls on one database taking turns (a per-database lock).
- Every cached value belongs to a version: `PRAGMA data_version`, read inside that transaction, which
  changes whenever any other connection, in this process or another, committed since the last call.
  A changed version drops everything cached, so a write is seen by the next call. The file itself is
  checked by device and inode on every call: a database deleted or replaced is opened again, and one
  at another schema (a migration pending) is read as the cold path reads it (not at all).
- What is cached, and how, is `store.memo` (a leaf module: the readers in `store` import it).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager

from hippocampus.store.memo import Kept
from hippocampus.store.readonly import connect_readonly

KEPT = 8
"""Databases kept open at most (one per workspace the worker serves); the least recently used closes."""

_enabled = False
_kept: dict[str, Kept] = {}  # database path -> its connection and cache, least recently used first
_kept_lock = threading.Lock()


def enable() -> None:
    """Keep connections and caches in this process from now on (the warm worker)."""
    global _enabled
    _enabled = True


def close_all() -> None:
    """Close every kept connection (the worker's exit, and tests)."""
    with _kept_lock:
        kept = list(_kept.values())
        _kept.clear()
    for conn in kept:
        with conn.turn:
            conn.close()


def reading(root: str) -> AbstractContextManager[sqlite3.Connection | None]:
    """The database of workspace `root` for one turn's reads (see the module docstring); None when
    there is none yet or it is not at the current schema."""
    return _kept_turn(root) if _enabled else _opened(root)


@contextlib.contextmanager
def _opened(root: str) -> Iterator[sqlite3.Connection | None]:
    """`reading` while off: the database opened when the block starts and closed when it ends."""
    conn = connect_readonly(root)
    try:
        yield conn
    finally:
        if conn is not None:
            conn.close()


@contextlib.contextmanager
def _kept_turn(root: str) -> Iterator[sqlite3.Connection | None]:
    """`reading` while on: the kept connection inside one read transaction, its cache checked."""
    kept = _kept_for(root)
    if kept is None:
        yield None
        return
    failed = False
    try:
        with kept.turn:
            try:
                kept.execute("BEGIN")
                version = int(kept.execute("PRAGMA data_version").fetchone()[0])
                if version != kept.version:
                    kept.cache = {}
                    kept.version = version
                yield kept
            except sqlite3.Error:
                failed = True  # a connection in a bad state is not kept: the next call opens a new one
                raise
            finally:
                if kept.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        kept.execute("ROLLBACK")
    finally:
        if failed:
            _let_go(kept)


def _kept_for(root: str) -> Kept | None:
    """The kept connection of `root`'s database, opened (again) when its file is new or another."""
    from hippocampus.store.migrations import SCHEMA_VERSION
    from hippocampus.store.workspace import db_file

    path = db_file(root)
    try:
        if os.path.islink(path):
            raise FileNotFoundError(path)
        info = os.stat(path)
    except OSError:
        _drop(path)
        return None
    ident = (info.st_dev, info.st_ino)
    with _kept_lock:
        kept = _kept.pop(path, None)
        if kept is not None and kept.ident == ident and not kept.immutable:
            _kept[path] = kept  # most recently used last (an immutable one is opened again: space may be back)
    if kept is not None and kept.ident == ident and not kept.immutable:
        if _current_schema(kept, SCHEMA_VERSION):
            return kept
        _drop(path)
        return None
    if kept is not None:
        _close(kept)
    conn = connect_readonly(root, factory=Kept)
    if conn is None:
        return None
    assert isinstance(conn, Kept)
    conn.ident, conn.version, conn.cache, conn.turn = ident, -1, {}, threading.Lock()
    with _kept_lock:
        other = _kept.get(path)
        if other is not None and other.ident == ident:  # another thread opened it meanwhile: use that one
            conn.close()
            return other
        _kept[path] = conn
        evicted = [_kept.pop(next(iter(_kept))) for _ in range(len(_kept) - KEPT)]
    for old in [*evicted, *([other] if other is not None else [])]:
        _close(old)
    return conn


def _current_schema(conn: Kept, version: int) -> bool:
    try:
        with conn.turn:
            return bool(conn.execute("PRAGMA user_version").fetchone()[0] == version)
    except sqlite3.Error:
        return False


def _let_go(conn: Kept) -> None:
    """Stop keeping `conn` (if it is still the one kept for its file) and close it."""
    with _kept_lock:
        for path, kept in list(_kept.items()):
            if kept is conn:
                del _kept[path]
    _close(conn)


def _drop(path: str) -> None:
    with _kept_lock:
        kept = _kept.pop(path, None)
    if kept is not None:
        _close(kept)


def _close(conn: Kept) -> None:
    with conn.turn:
        conn.close()
