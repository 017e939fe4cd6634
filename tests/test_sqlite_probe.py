"""The fault tests' own reads of the database cannot corrupt what they check (tests/sqlite_probe.py).

The flaky "row not in PRIMARY KEY order for feat" of tests/test_catch_up_faults.py came from the test
process, not the product: its probes left sqlite3 connections open (a reference cycle keeps them until
the garbage collector runs) and `leaked` then read the database files raw, which cancels every POSIX
lock the process holds on them. The first test shows the hazard itself, the others that the probes close
their connections and that the raw read refuses to run while one is open."""

from __future__ import annotations

import gc
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from secret_paths import all_bytes
from sqlite_probe import open_here, probe

from hippocampus.core.model import Index, Memory
from hippocampus.store import index_file
from hippocampus.store.workspace import Workspace
from tests.test_catch_up_faults import NOW, memory_rows, meta
from tests.test_store_faults import check_store

WRITER = r"""
import sqlite3, sys
for n in (1, 2):  # the first connection closes (the last user, it thinks), the second commits and dies
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("UPDATE t SET n = ?", (n,))
    if n == 1:
        conn.close()
import os, signal
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.fixture
def no_gc() -> Iterator[None]:
    """The garbage collector off, so that a connection only a cycle holds stays open, as it does until
    the collector happens to run."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def test_a_raw_read_beside_an_open_connection_loses_a_child_s_commit(tmp_path: Path, no_gc: None) -> None:
    """The hazard, with bare sqlite3: this process keeps a connection open and reads the files raw; a child
    then deletes the WAL under it (it believes itself the last user), this process no longer sees what
    the child committed, and once this process closes its connections the commit is gone from the file."""
    folder = tmp_path / "bare"
    folder.mkdir()
    db = folder / "t.db"
    with probe(db) as conn:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("CREATE TABLE t(k TEXT PRIMARY KEY, n INTEGER) WITHOUT ROWID")
        conn.executemany("INSERT INTO t VALUES (?, 0)", [(f"k{i:05d}",) for i in range(2000)])
    kept = sqlite3.connect(db)  # what `with sqlite3.connect(...)` leaves behind
    kept.execute("SELECT COUNT(*) FROM t").fetchone()
    for name in os.listdir(folder):
        (folder / name).read_bytes()
    subprocess.run([sys.executable, "-c", WRITER, str(db)], check=False, timeout=60)
    assert any("(deleted)" in path for path in open_here(folder)), "the WAL was deleted under this process"
    with probe(db) as conn:
        assert conn.execute("SELECT MAX(n) FROM t").fetchone()[0] == 1, "the child's last commit, unseen here"
    kept.close()
    with probe(db) as conn:
        assert conn.execute("SELECT MAX(n) FROM t").fetchone()[0] == 1, "and now lost from the file"


def _store(ws: Workspace) -> None:
    memories = [
        Memory(id=f"mem_{i:04d}", content=f"Remember that box {i} is blue", created=NOW, last_accessed=NOW)
        for i in range(1, 6)
    ]
    index_file.write_whole(ws, Index(memories=memories, next_id=6), NOW)


def test_the_fault_tests_probes_close_their_connections(workspace: Path, no_gc: None) -> None:
    ws = Workspace(workspace)
    _store(ws)
    assert len(memory_rows(ws)) == 5
    assert meta(ws, "nextId") == "6"
    check_store(ws)
    assert open_here(workspace) == [], "a probe left the database open in the test process"


def test_the_raw_read_refuses_while_this_process_holds_the_store_open(workspace: Path, no_gc: None) -> None:
    ws = Workspace(workspace)
    _store(ws)
    conn = sqlite3.connect(ws.db_path)
    conn.execute("SELECT COUNT(*) FROM mem").fetchone()
    with pytest.raises(AssertionError, match="hippocampus.db"):
        all_bytes(workspace)
    conn.close()
    assert b"box 3 is blue" in all_bytes(workspace)


def test_a_dropped_connection_is_collected_before_the_raw_read(workspace: Path, no_gc: None) -> None:
    """Garbage is no hazard once collected (it closes cleanly): only a live connection is refused."""
    ws = Workspace(workspace)
    _store(ws)
    with sqlite3.connect(ws.db_path) as conn:
        conn.execute("SELECT COUNT(*) FROM mem").fetchone()
    del conn
    assert open_here(workspace), "the cycle kept it open"
    assert b"box 3 is blue" in all_bytes(workspace)
    assert open_here(workspace) == []
