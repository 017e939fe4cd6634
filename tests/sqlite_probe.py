"""The tests' own look inside a store's database, and the one rule that keeps it from corrupting it.

`probe(path)` is how a test runs its own SQL on the database (outside the product's connections): the
connection is always closed on the way out. Python 3.11's `sqlite3.Connection` sits in a reference cycle
(its statement cache holds it), so one that is dropped without `close()` stays open, with its locks,
until the garbage collector happens to run; `with sqlite3.connect(...)` only commits, it never closes.

`refuse_if_open(root)` is called before anything reads a store's files raw (`secret_paths.all_bytes`).
POSIX drops every lock a process holds on a file as soon as that process closes *any* descriptor of it
(https://sqlite.org/howtocorrupt.html, section 2.2). A raw read while a connection of this process is
still open therefore cancels that connection's locks: a catch-up killed and restarted in a child then
sees itself as the database's last user, checkpoints and deletes the WAL and the shared-memory index
under the open connection, and every later connection of this process reads (and writes) through the
stale index: committed batches seem lost, and `PRAGMA integrity_check` reports "row not in PRIMARY KEY
order" or the FTS index is malformed. That was the flaky failure of
tests/test_catch_up_faults.py (tests/test_sqlite_probe.py shows it, and that the guard now refuses).
"""

from __future__ import annotations

import contextlib
import gc
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def probe(path: Path | str) -> Iterator[sqlite3.Connection]:
    """A connection to the database at `path` for the test's own reads; committed and closed on exit."""
    conn = sqlite3.connect(path)
    try:
        with conn:
            yield conn
    finally:
        conn.close()


def open_here(root: Path) -> list[str]:
    """The files under `root` this process has open right now (Linux `/proc/self/fd`; empty elsewhere)."""
    fds = Path("/proc/self/fd")
    if not fds.is_dir():
        return []
    prefix = os.path.realpath(root) + os.sep
    held = []
    for fd in os.listdir(fds):
        with contextlib.suppress(OSError):  # the descriptor listdir itself used is gone by now
            target = os.readlink(fds / fd)
            if target.startswith(prefix):
                held.append(target)
    return sorted(held)


def refuse_if_open(root: Path) -> None:
    """Raise `AssertionError` if this process still holds a file under `root` open once garbage (a
    connection only a reference cycle kept) is collected: reading it raw now would cancel its locks."""
    gc.collect()  # a dropped connection is closed cleanly here, locks and all, before the raw read
    held = open_here(root)
    if held:
        raise AssertionError(
            f"this process still has {held} open (an unclosed sqlite3 connection?): reading the files raw "
            "now would cancel its SQLite locks (sqlite.org/howtocorrupt.html 2.2); close it first"
        )
