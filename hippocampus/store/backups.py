"""`memory/backups/`: online copies of the database, taken with SQLite's backup API, and restoring one.

Why: the database is the store's single source of truth; a damaged file would lose years of memories.

- **Taking one** (`take`; the daily cron job's `decay --backup`, or `hippocampus backup`) copies the
  database in one step of the backup API from a read snapshot, so writers are never blocked (WAL), into
  a 0600 temp file in `memory/backups/` (0700), turned to a single self-contained file (rollback
  journal, not WAL), checked (`PRAGMA quick_check`) and only then renamed into place as
  `hippocampus-<UTC stamp>.db`. A damaged copy is deleted, never kept: rotating 7 damaged copies in
  would push every good one out. The newest `keep` (the `backups_keep` setting) are kept.
- **Restoring one** (`restore`) checks the file first (`PRAGMA integrity_check`, and that it is a
  Hippocampus database no newer than this code), asks, then moves the current database (with its WAL)
  aside into `memory/backups/` as `damaged-<stamp>.db` (or `replaced-<stamp>.db` when it read as
  sound) and puts the copy in its place with one `os.replace`. The stale WAL is moved aside before,
  so SQLite can never replay it into the restored file.
- **Forget means gone** (`drop_holding`): after a forget, a copy that holds any forgotten memory (its
  id in a table or the events log, or a queued message it came from) is deleted, and so is any file
  here that cannot be read to show it does not; after a wipe, all of them (`drop_all`).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from hippocampus.errors import CorruptIndexError, InputError, StoreError
from hippocampus.store.backup_files import PREFIX, SUFFIX, advice, folder, listing, newest_good, problem
from hippocampus.store.workspace import Workspace

__all__ = [  # what backup_files holds is used through this module too
    "Backup",
    "advice",
    "drop_all",
    "drop_holding",
    "folder",
    "listing",
    "newest_good",
    "problem",
    "restore",
    "sources",
    "take",
]


@dataclass(frozen=True, slots=True)
class Backup:
    """One copy taken: where, how big, and how many memories it holds."""

    path: Path
    size: int
    memories: int


def _stamp(now: datetime) -> str:
    return now.strftime("%Y%m%dT%H%M%SZ")


def _free_name(where: Path, stem: str) -> Path:
    """`<stem>.db`, or `<stem>-2.db`, … when a copy of that second exists."""
    path, n = where / f"{stem}{SUFFIX}", 1
    while path.exists():
        n += 1
        path = where / f"{stem}-{n}{SUFFIX}"
    return path


def _make_folder(ws: Workspace) -> Path:
    where = folder(ws)
    if where.is_symlink():
        raise StoreError(f"{where}: is a symbolic link; Hippocampus does not follow links in memory/", file=where)
    where.mkdir(mode=0o700, exist_ok=True)
    return where


def _fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _copy(source: sqlite3.Connection, target: Path) -> None:
    """Copy `source` into a new 0600 file `target` (one backup step: a consistent snapshot that never
    blocks a writer), as one file in rollback-journal mode, synced to disk."""
    os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    dest = sqlite3.connect(target, isolation_level=None)
    try:
        source.backup(dest)
        dest.execute("PRAGMA journal_mode = DELETE")
    finally:
        dest.close()
    with open(target, "rb+") as handle:
        os.fsync(handle.fileno())


def take(ws: Workspace, now: datetime, keep: int) -> Backup:
    """Copy the database into `memory/backups/`, check the copy, keep the newest `keep` copies."""
    from hippocampus.store import database

    where = _make_folder(ws)
    _remove_stale_temps(where)
    target = _free_name(where, PREFIX + _stamp(now))
    tmp = where / f".{target.name}.{os.getpid()}.tmp"
    try:
        with database.reading(ws) as conn:
            memories = int(conn.execute("SELECT COUNT(*) FROM mem").fetchone()[0])
            mark = _forget_mark(conn)
            _copy(conn, tmp)
        wrong = problem(tmp)
        if wrong is not None:
            raise CorruptIndexError(
                f"{ws.db_path}: damaged database (its copy: {wrong}); no backup was kept; {advice(ws)}", file=ws.db_path
            )
        os.replace(tmp, target)
        _fsync_dir(where)
        with database.reading(ws) as conn:
            raced = _forgot_since(conn, mark)
    except sqlite3.Error as exc:
        raise StoreError(
            f"{target}: the backup failed ({' '.join(str(exc).split())}); nothing was kept", file=target
        ) from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
    if raced:  # its snapshot predates a forget or wipe that ran meanwhile: it may hold what they removed
        with contextlib.suppress(FileNotFoundError):
            target.unlink()
        raise StoreError(
            f"{target}: a forget or wipe ran during the backup, so it was not kept; run it again", file=target
        )
    for old in listing(ws)[max(keep, 1) :]:
        with contextlib.suppress(FileNotFoundError):
            old.unlink()
    return Backup(target, target.stat().st_size, memories)


def _forget_mark(conn: sqlite3.Connection) -> tuple[int, int]:
    """The events log's last sequence number and its length, in the snapshot being copied."""
    last, count = conn.execute("SELECT COALESCE(MAX(seq), 0), COUNT(*) FROM events").fetchone()
    return int(last), int(count)


def _forgot_since(conn: sqlite3.Connection, mark: tuple[int, int]) -> bool:
    """Has a forget (a `forget` event after the mark) or a wipe (events up to the mark gone) committed since?"""
    last, count = mark
    if int(conn.execute("SELECT COUNT(*) FROM events WHERE seq <= ?", (last,)).fetchone()[0]) != count:
        return True
    later = conn.execute(
        "SELECT 1 FROM events WHERE seq > ? AND json_extract(json, '$.type') = 'forget' LIMIT 1", (last,)
    )
    return later.fetchone() is not None


def _pid_of(tmp: Path) -> int | None:
    parts = tmp.name.split(".")
    return int(parts[-2]) if len(parts) >= 3 and parts[-2].isdigit() else None


def _remove_stale_temps(where: Path) -> None:
    """Delete the temp copies of backups and restores whose process is gone (killed mid-copy)."""
    for tmp in where.glob(".*.tmp"):
        pid = _pid_of(tmp)
        if pid is None or pid == os.getpid():
            continue
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            with contextlib.suppress(OSError):
                tmp.unlink()
        except PermissionError:
            pass


def restore(ws: Workspace, file: Path, now: datetime, confirm: Callable[[str], bool]) -> Path | None:
    """Replace the database with the copy at `file` once `confirm` agrees; returns where the database it
    replaced was set aside (None when there was none), or raises with nothing changed."""
    from hippocampus.store.workspace import ensure_layout

    if not file.is_file():
        raise InputError(f"{file}: no such backup file", file=file)
    wrong = problem(file, thorough=True)
    if wrong is not None:
        raise CorruptIndexError(f"{file}: cannot restore from it: {wrong}; nothing was changed", file=file)
    if not confirm(f"Replace the memories in {ws.db_path} with the backup {file}?"):
        return None
    ensure_layout(ws)
    where = _make_folder(ws)
    _remove_stale_temps(where)
    tmp = where / f".restore.{os.getpid()}.tmp"
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    source = sqlite3.connect(f"file:{file}?mode=ro", uri=True)
    try:
        _copy(source, tmp)
    except sqlite3.Error as exc:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise StoreError(
            f"{file}: cannot be copied ({' '.join(str(exc).split())}); nothing was changed", file=file
        ) from None
    finally:
        source.close()
    aside = None
    if ws.db_path.exists():
        kind = "replaced" if problem(ws.db_path) is None else "damaged"
        aside = _free_name(where, f"{kind}-{_stamp(now)}")
        os.replace(ws.db_path, aside)
        wal = ws.db_path.with_name(ws.db_path.name + "-wal")
        if wal.exists():
            os.replace(wal, aside.with_name(aside.name + "-wal"))
    with contextlib.suppress(FileNotFoundError):
        ws.db_path.with_name(ws.db_path.name + "-shm").unlink()
    os.replace(tmp, ws.db_path)
    _fsync_dir(ws.memory_dir)
    _fsync_dir(where)
    return aside


def _holds(path: Path, ids: list[str], sources: set[tuple[str, str]]) -> bool:
    """Does the copy at `path` hold any of the memories `ids` (a row, an event), or a queued message
    from `sources`? A file that cannot be read counts as holding them: it cannot be shown not to."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return True
    try:
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for table in ("mem", "archived", "superseded", "events"):
                if conn.execute(f"SELECT 1 FROM {table} WHERE id IN ({marks}) LIMIT 1", chunk).fetchone():
                    return True
        for (doc,) in conn.execute("SELECT json FROM queue"):
            signal = json.loads(doc)
            if (str(signal.get("session", "")), str(signal.get("id", ""))) in sources:
                return True
    except (sqlite3.Error, ValueError, AttributeError):
        return True
    finally:
        conn.close()
    return False


def _every_file(ws: Workspace) -> list[Path]:
    where = folder(ws)
    if not where.is_dir() or where.is_symlink():
        return []
    return [p for p in where.iterdir() if p.is_file() and not p.name.endswith("-shm")]


def drop_holding(ws: Workspace, ids: Iterable[str], sources: set[tuple[str, str]]) -> list[Path]:
    """After a forget: delete every file in `memory/backups/` that holds one of the forgotten memories
    (`ids`, with every memory merged into them) or a queued message they came from (`sources`); a set
    aside file's WAL goes with it. Returns what was deleted."""
    wanted = sorted(set(ids))
    if folder(ws).is_dir():
        _remove_stale_temps(folder(ws))
    gone = [p for p in _every_file(ws) if not p.name.endswith(("-wal", ".tmp")) and _holds(p, wanted, sources)]
    for path in gone:
        for part in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            with contextlib.suppress(FileNotFoundError):
                part.unlink()
    return gone


def sources(conn: sqlite3.Connection, ids: list[str]) -> set[tuple[str, str]]:
    """The (session, message) pairs memories `ids` came from, read before a forget deletes them: a copy
    taken while such a message was still queued holds its text under no memory's id."""
    found: set[tuple[str, str]] = set()
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        for table in ("mem", "superseded"):
            found.update(
                (str(s), str(m))
                for s, m in conn.execute(
                    f"SELECT session, message FROM seen WHERE rid IN (SELECT rid FROM {table} WHERE id IN ({marks}))",
                    chunk,
                )
            )
        for table in ("mem", "archived", "superseded"):
            for (doc,) in conn.execute(f"SELECT json FROM {table} WHERE id IN ({marks})", chunk):
                found.update(
                    (str(s.get("session", "")), str(s.get("message", ""))) for s in json.loads(doc).get("sources", [])
                )
    return found


def drop_all(ws: Workspace) -> int:
    """After a wipe: delete every file in `memory/backups/`; returns how many copies went."""
    files = _every_file(ws)
    for path in files:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
    return len([p for p in files if p.name.endswith(SUFFIX)])
