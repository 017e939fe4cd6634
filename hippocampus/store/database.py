"""`memory/hippocampus.db`: the one SQLite database that is the store's single source of truth.

Contract (schema version `SCHEMA_VERSION`, kept in `PRAGMA user_version`):

    meta(key, value)              nextId, lastUpdated, decayLastRun, migratedFrom; profileVersion (the
                                  `similarity.PROFILE_VERSION` of the stored profiles, `store.reprofile`)
    mem(rid, id, anchor, last, stability, norm, domain, prof, json)
                                  one row per memory; `json` is `Memory.to_dict()`, the rest are the
                                  columns recall, core selection, decay, encoding and consolidation
                                  read without parsing it (`norm`: the content casefolded and
                                  whitespace folded, "the same text"; `prof`: its similarity profile,
                                  rids are never reused (AUTOINCREMENT)
                                  `[features, names]`); rid order is index order
    fts(tokens, context)          FTS5 over each memory's search tokens (its content and keywords), and
                                  in a second column the tokens of its `context` (the turn before it)
                                  and of its sources' messages as said, which recall weighs lower
                                  (`search_cache.CONTEXT_WEIGHT`); rowid = mem.rid
    vocab                         fts5vocab over fts (document frequencies for query pruning)
    feat(f, size, num, rid), feat_df(f, n), feat_size(size, n)
                                  the similarity features of each memory (`num`: 1 when the memory holds
                                  a number, `similarity.numbers`), their document frequencies and the
                                  feature-set sizes: `core.candidates`' index, persisted, so encoding and
                                  consolidation look candidates up instead of rebuilding it
    dirty(rid)                    memories whose text changed since the last consolidation (new ones are
                                  those past `meta.consolidatedRid`)
    seen(session, message, rid)   every (session, message id) a memory came from: encoding's "already done"
    queue(seq, json)              captured signals waiting to be encoded (`Signal.to_dict()`); a row is
                                  deleted in the same transaction that encodes it
    events(seq, id, json)         the events log; `forget` keeps an event but drops any text in it
    archived(id, json, time)      memories archived below 0.2; `archive.md` is rendered from these
    superseded(id, rid, successor, time, json)
                                  memories a newer one updated (`core.facts`): history, out of `mem` so
                                  nothing current (core, recall, encoding, consolidation) ever reads them;
                                  `rid` is the row they had, whose `seen` rows stay (re-encoding the old
                                  message does not bring the old fact back)
    state(key, value)             small bookkeeping (history-backfill watermarks)
    tombstones(session, message, hash, time)
                                  what forgotten memories came from, with no text: ids and a keyed hash
                                  of the message (`store/tombstones.py`); no path stores those again
    vec(seq, rid, model, norm, v) one embedding per current memory (`store/vectors.py`): `v` is float32
                                  bytes of the unit vector of its stored (redacted) content under `model`
                                  (name and version), `norm` the text it was made from; `seq` grows with
                                  every write, so a warm reader refreshes only what is new. Triggers
                                  delete a memory's vector when its row goes (forget, archive,
                                  supersede, merge, wipe) or its text changes.

Migrations: 0 → 2 creates the schema (and imports the legacy files); 1 → 2 rebuilds `fts` with the
`context` column (every memory's tokens copied, contexts empty: version 1 kept none) and adds
`superseded`; 2 → 3 fills the second column again from each memory (its context and its sources'
messages as said, `rows.search_fields`); 3 → 4 adds `vec` and its triggers, empty (memories are
embedded afterwards in short batches, `semantic.embedding.catch_up`); 4 → 5 rebuilds `feat` with `num` and adds
`feat_recent` (every posting copied; about 3 s of CPU at 100k memories, once); 5 → 6 adds `tombstones`,
empty. Each runs in one
transaction: a crash leaves the older version as it was.

Pragmas: WAL (readers never block the writer, nor it them), `synchronous=FULL` (a committed turn
survives power loss), `secure_delete=ON` (forgotten text is overwritten, not left in free pages),
`busy_timeout` = `BUSY_SECONDS` (a writer waits that long at most, then fails with a clear error).
Every change is one short `BEGIN IMMEDIATE` transaction (`writing`).

Files under `memory/` must be regular files: a symlink is refused with an error, so an append or a
write never lands outside the workspace and the store never forks.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import threading
from collections.abc import Iterator

from hippocampus.errors import CorruptIndexError, LockTimeoutError, StoreError
from hippocampus.store.migrations import SCHEMA_VERSION
from hippocampus.store.workspace import Workspace, ensure_layout

BUSY_SECONDS = 30.0
"""How long a writer waits for another writer's transaction before it fails with a clear error. Transactions
are kept to milliseconds, but SQLite's busy handler is not fair: eight processes remembering 25 facts each beside
the test suite's other groups (load 8–10 on 2 cores) starved one past 5 s in four suite runs over three stops
(stops 34–36; `tests/test_store.py`'s eight-process test), and its `remember` was refused. A command that waits
longer beats one that loses what the user said. No turn waits on it: the per-turn read uses
`readonly.HOOK_BUSY_SECONDS`, and the hooks write their turns to the inbox file."""


def refuse_links(ws: Workspace, *names: str) -> None:
    """Raise `StoreError` if `memory/` or one of its named entries is a symlink (never followed)."""
    for path in (ws.memory_dir, *(ws.memory_dir / n for n in names)):
        if path.is_symlink():
            raise StoreError(
                f"{path}: is a symbolic link; Hippocampus does not follow links in memory/ (left as it is)", file=path
            )


def private(ws: Workspace) -> None:
    """The database file is made 0600 before SQLite opens it (SQLite creates it by the umask, 0644 on
    most systems, and gives its -wal and -shm the database's own mode); one an older version left
    readable by others, with its -wal and -shm, is made 0600 too. Costs a stat per open."""
    try:
        os.close(os.open(ws.db_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600))
        return
    except FileExistsError:
        pass
    except OSError as exc:
        raise StoreError(_describe(ws.db_path, exc) + " (nothing was changed)") from None
    for path in (
        ws.db_path,
        ws.db_path.with_name(ws.db_path.name + "-wal"),
        ws.db_path.with_name(ws.db_path.name + "-shm"),
    ):
        with contextlib.suppress(FileNotFoundError):
            mode = stat.S_IMODE(os.lstat(path).st_mode)
            if mode & 0o077:
                with contextlib.suppress(PermissionError):  # not ours to change: SQLite still opens it
                    os.chmod(path, mode & 0o700)


def _configure(conn: sqlite3.Connection, busy: float) -> None:
    conn.execute(f"PRAGMA busy_timeout = {int(busy * 1000)}")
    conn.execute("PRAGMA secure_delete = ON")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")


def _describe(path: object, exc: BaseException) -> str:
    return f"{path}: {' '.join(str(exc).split())}"


def connect(ws: Workspace, busy: float = BUSY_SECONDS) -> sqlite3.Connection:
    """Open (creating and migrating if needed) the workspace's database for reading and writing."""
    refuse_links(ws, ws.db_path.name, ws.db_path.name + "-wal", ws.db_path.name + "-shm")
    ensure_layout(ws)
    if ws.db_path.exists() and not ws.db_path.is_file():
        raise StoreError(f"{ws.db_path}: is not a regular file (left as it is)", file=ws.db_path)
    private(ws)
    try:
        conn = sqlite3.connect(ws.db_path, timeout=busy, isolation_level=None)
    except sqlite3.Error as exc:
        raise StoreError(_describe(ws.db_path, exc) + " (nothing was changed)", file=ws.db_path) from None
    try:
        _configure(conn, busy)
        if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            conn.execute("PRAGMA journal_mode = WAL")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version != SCHEMA_VERSION:
            _migrate(ws, conn, version)
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise _translate(ws, exc) from None
    except BaseException:
        conn.close()
        raise
    return conn


def _translate(ws: Workspace, exc: sqlite3.Error) -> Exception:
    """A one-line domain error for a database failure, naming the file (also as its `file`); a damaged
    database's names the newest good backup and the command that restores it."""
    text, where = str(exc).lower(), ws.db_path
    if "locked" in text or "busy" in text:
        return LockTimeoutError(f"{where}: another process kept the store busy; nothing was changed", file=where)
    if "malformed" in text or "not a database" in text or "file is not" in text:
        from hippocampus.store.backup_files import advice

        return CorruptIndexError(
            f"{where}: damaged database ({exc}); the file was left as it is; {advice(ws)}", file=where
        )
    if "readonly" in text or "read-only" in text or "unable to open" in text:
        return StoreError(_describe(where, exc) + " (check permissions; nothing was changed)", file=where)
    return StoreError(_describe(where, exc) + " (nothing was changed)", file=where)


def _migrate(ws: Workspace, conn: sqlite3.Connection, version: int) -> None:
    """Bring the schema to `SCHEMA_VERSION` (`store.migrations`, where the SQL is)."""
    from hippocampus.store.migrations import migrate

    migrate(ws, conn, version)


_active: dict[tuple[int, str], sqlite3.Connection] = {}
"""The write transaction each thread has open on each database (they nest: an inner `writing` joins it).
Per thread: the warm worker's catch-up writes on its own thread while hooks run on others, and a
connection joined from another thread raises (sqlite3 `check_same_thread`) instead of waiting its turn."""


def _key(ws: Workspace) -> tuple[int, str]:
    return threading.get_ident(), str(ws.db_path)


def active(ws: Workspace) -> sqlite3.Connection | None:
    """The open write transaction on `ws`'s database in this thread, if any."""
    return _active.get(_key(ws))


@contextlib.contextmanager
def writing(ws: Workspace, busy: float = BUSY_SECONDS) -> Iterator[sqlite3.Connection]:
    """One short write transaction (`BEGIN IMMEDIATE` … `COMMIT`); rolled back on any error.

    Inside it, another `writing` on the same workspace joins the same transaction, so what a change
    logs (events, archive rows) commits or rolls back with it.
    """
    key = _key(ws)
    joined = _active.get(key)
    if joined is not None:
        yield joined
        return
    conn = connect(ws, busy)
    try:
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise _translate(ws, exc) from None
        _active[key] = conn
        try:
            yield conn
            conn.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise _translate(ws, exc) from None
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise
        finally:
            _active.pop(key, None)
    finally:
        conn.close()


@contextlib.contextmanager
def reading(ws: Workspace) -> Iterator[sqlite3.Connection]:
    """A consistent snapshot for reading (one read transaction); never blocks or is blocked by writers.
    Inside a write transaction on the same workspace it reads that transaction's state. A database at
    the current schema is opened read-only (`readonly.open_readonly`: it reads on a full disk too); one
    that is missing or older goes through `connect`, which creates or migrates it."""
    joined = active(ws)
    if joined is not None:
        yield joined
        return
    conn = open_for_reading(ws)
    try:
        conn.execute("BEGIN")
        try:
            yield conn
        except sqlite3.DatabaseError as exc:
            raise _translate(ws, exc) from None
        finally:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("COMMIT")
    finally:
        conn.close()


def open_for_reading(ws: Workspace) -> sqlite3.Connection:
    """A connection for reads only: the database opened read-only when it is at the current schema,
    else `connect` (which creates or migrates it, or reports what is wrong)."""
    return _read_only(ws) or connect(ws)


def _read_only(ws: Workspace) -> sqlite3.Connection | None:
    """The database opened read-only when it is a regular file at the current schema; else None (the
    caller then opens it for writing, which reports what is wrong)."""
    from hippocampus.store.readonly import open_readonly

    refuse_links(ws, ws.db_path.name, ws.db_path.name + "-wal", ws.db_path.name + "-shm")
    if not ws.db_path.is_file():
        return None
    with contextlib.suppress(StoreError, OSError):  # a read-only file system: the read goes on
        private(ws)  # an older version's 0644 file is made 0600 by a read as well
    try:
        conn = open_readonly(str(ws.db_path), BUSY_SECONDS)
    except sqlite3.Error:
        return None
    try:
        if conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
            return conn
    except sqlite3.Error:
        pass
    conn.close()
    return None


def scrub_files(ws: Workspace) -> None:
    """After a forget or wipe: merge the FTS segments (dropping deleted tokens) and truncate the WAL, so no
    copy of removed text stays in the database files."""
    conn = connect(ws)
    try:
        conn.execute("INSERT INTO fts(fts) VALUES ('optimize')")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("VACUUM")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.DatabaseError as exc:
        raise _translate(ws, exc) from None
    finally:
        conn.close()
