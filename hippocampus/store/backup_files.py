"""Which backups there are in `memory/backups/`, and whether a database file is sound: what a damaged
database's error needs (the newest good copy), apart from `backups` so `database` can import it (no cycle).
"""

from __future__ import annotations

import shlex
import sqlite3
from pathlib import Path

from hippocampus.store.migrations import SCHEMA_VERSION
from hippocampus.store.workspace import Workspace

PREFIX = "hippocampus-"
SUFFIX = ".db"


def folder(ws: Workspace) -> Path:
    """Where the copies are: `memory/backups/`."""
    return ws.memory_dir / "backups"


def listing(ws: Workspace) -> list[Path]:
    """The regular copies (not the files set aside by a restore), newest first."""
    where = folder(ws)
    if not where.is_dir() or where.is_symlink():
        return []
    found = [p for p in where.iterdir() if p.name.startswith(PREFIX) and p.name.endswith(SUFFIX) and p.is_file()]
    return sorted(found, key=_order, reverse=True)


def _order(path: Path) -> tuple[str, int]:
    """(stamp, n) of `hippocampus-<stamp>[-<n>].db`: the second copy of one second sorts after the first."""
    stem = path.name[len(PREFIX) : -len(SUFFIX)]
    stamp, _, n = stem.partition("-")
    return stamp, int(n) if n.isdigit() else 1


def problem(path: Path, thorough: bool = False) -> str | None:
    """Why the file at `path` is not a sound Hippocampus database this code can read; None when it is.
    `quick_check` by default, `integrity_check` (indexes against their tables too) when `thorough`."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return "it cannot be opened"
    try:
        verdict = conn.execute(f"PRAGMA {'integrity_check' if thorough else 'quick_check'}(1)").fetchone()[0]
        if verdict != "ok":
            return "it failed SQLite's integrity check"
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error:
        return "it is not a readable SQLite database"
    finally:
        conn.close()
    if "mem" not in tables or version < 1:
        return "it is not a Hippocampus database"
    if version > SCHEMA_VERSION:
        return f"it was written by a newer Hippocampus (schema {version}; this one reads up to {SCHEMA_VERSION})"
    return None


def newest_good(ws: Workspace) -> Path | None:
    """The newest copy that passes the quick check (the damaged database's error names it)."""
    return next((p for p in listing(ws) if problem(p) is None), None)


def advice(ws: Workspace) -> str:
    """What a damaged database's error adds: the newest good copy and the command that restores it."""
    good = newest_good(ws)
    if good is None:
        return "no backup to restore from (memory/backups/ holds none that is sound)"
    command = (
        f"hippocampus --workspace {shlex.quote(str(ws.root.absolute()))} restore {shlex.quote(str(good.absolute()))}"
    )
    return f"the newest good backup is {good.absolute()}: restore it with `{command}`"
