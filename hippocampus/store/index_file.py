"""The memories in the database (`store/database.py`): read them, change them in one transaction, search them.

A change is validated before it is written: every new or changed memory against the shipped JSON
Schema (`store/schemas/index.schema.json`), finite numbers, unique ids. Only what changed is written
(one row each, with its search tokens and its (session, message) sources), inside the caller's
transaction, so a crash leaves the store as it was before or after, never between.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from hippocampus.core.model import Index, Memory, format_time
from hippocampus.errors import CorruptIndexError, SchemaError
from hippocampus.store import backups, database, inbox, rows
from hippocampus.store.workspace import Workspace

if TYPE_CHECKING:
    from hippocampus.core.lifecycle import Curve

T = TypeVar("T")


def load_index(ws: Workspace) -> Index:
    """The whole index as it is committed now (an empty one for a new store)."""
    with database.reading(ws) as conn:
        return rows.read_index(conn)


def export_document(ws: Workspace) -> dict[str, Any]:
    """The export (`index.json`, version 2): the current memories, then under `superseded` the history
    (each names `supersededBy` and `supersededAt`), so an export imported elsewhere keeps every version."""
    with database.reading(ws) as conn:
        document = rows.read_index(conn).to_dict()
        document["superseded"] = [m.to_dict() for m in rows.superseded(conn)]
    return document


def count(ws: Workspace) -> int:
    """How many memories are stored."""
    with database.reading(ws) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM mem").fetchone()[0])


def validate(items: list[dict[str, Any]]) -> None:
    """Raise `SchemaError` unless every memory matches the schema and has finite numbers."""
    from hippocampus.store.schema import validate_memory

    for item in items:
        if not rows.finite(item):
            raise SchemaError(f"memory {item.get('id')!r} has a number that is not finite; nothing was written")
        validate_memory(item)


def snapshot(index: Index) -> dict[str, dict[str, Any]]:
    """The JSON form of each memory by id, taken before a change mutates the index in place."""
    return {m.id: m.to_dict() for m in index.memories}


def save(
    conn: sqlite3.Connection, old: dict[str, dict[str, Any]], after: Index, now: datetime, *, allow_empty: bool = False
) -> None:
    """Write the difference between `old` (`snapshot` of what this transaction read) and `after`, validated."""
    new = [m.to_dict() for m in after.memories]
    ids = [item["id"] for item in new]
    if len(set(ids)) != len(ids):
        raise SchemaError("two memories would share an id; nothing was written")
    changed = [item for item in new if old.get(item["id"]) != item]
    validate(changed)
    if not new and old and not allow_empty:
        raise CorruptIndexError("refusing to replace the memories with an empty index; nothing was written")
    removed = [i for i in old if i not in set(ids)]
    rows.delete(conn, removed)
    rids = dict(conn.execute("SELECT id, rid FROM mem")) if changed else {}
    for item in changed:
        rid = rids.get(item["id"])
        if not item.get("supersededBy"):
            rows.write_memory(conn, item, rid)
        else:  # updated by a newer memory: history from now on (rows.retire)
            rows.retire(conn, rows.write_memory(conn, item, None) if rid is None else rid, item)
    rows.set_meta(conn, "nextId", str(max(after.next_id, int(rows.get_meta(conn, "nextId", "1") or 1))))
    rows.set_meta(conn, "lastUpdated", format_time(now))
    rows.set_meta(conn, "decayLastRun", after.decay_last_run)


def update_index(ws: Workspace, change: Callable[[Index], T], now: datetime, *, allow_empty: bool = False) -> T:
    """In one transaction: load, apply `change` (which mutates the index in place), validate, write the
    difference; return `change`'s result. Events logged by `change` join the same transaction."""
    with database.writing(ws) as conn:
        index = rows.read_index(conn)
        old = snapshot(index)
        result = change(index)
        save(conn, old, index, now, allow_empty=allow_empty)
        return result


def update_with_history(ws: Workspace, change: Callable[[Index, list[Memory]], T], now: datetime) -> T:
    """`update_index` for a change that also reads the superseded memories (an import keyed by them):
    `change(index, history)`; memories it appends with `superseded_by` set are filed as history."""
    with database.writing(ws) as conn:
        index = rows.read_index(conn)
        old = snapshot(index)
        result = change(index, rows.superseded(conn))
        save(conn, old, index, now)
        return result


def open_search(ws: Workspace) -> sqlite3.Connection | None:
    """The database for recall and core selection (it has the `mem`, `fts` and `vocab` tables); None when
    the workspace has no store yet (reading never creates one). Read-only where it can be (it reads on a
    full disk too: `database.open_for_reading`)."""
    if not ws.db_path.exists() and not ws.index_path.exists():
        return None
    return database.open_for_reading(ws)


def wipe(ws: Workspace, now: datetime) -> int:
    """Delete every memory, the queue and the inbox, the events log, the archive, the tombstones and the
    bookkeeping (ids are still never reused); then scrub the database files, delete every backup, and
    remove HIPPOCAMPUS_CORE.md and archive.md."""
    import contextlib

    with database.writing(ws) as conn:
        gone = int(conn.execute("SELECT COUNT(*) FROM mem").fetchone()[0])
        for table in (
            "mem",
            "fts",
            "seen",
            "feat",
            "feat_df",
            "feat_size",
            "dirty",
            "queue",
            "events",
            "archived",
            "state",
            "superseded",
            "vec",
            "tombstones",
        ):
            conn.execute(f"DELETE FROM {table}")
        conn.execute("DELETE FROM meta WHERE key NOT IN ('nextId', 'migratedFrom')")
        rows.set_meta(conn, "lastUpdated", format_time(now))
        inbox.delete(inbox.claim(str(ws.root)))  # turns not yet encoded go with the rest
        inbox.delete(inbox.claim(str(ws.root), "injections.jsonl"))  # and the injection records
    database.scrub_files(ws)
    backups.drop_all(ws)  # a copy would bring every memory back
    for path in (ws.core_path, ws.archive_path):
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
    return gone


def write_whole(ws: Workspace, index: Index, now: datetime) -> None:
    """Replace every memory with `index`'s, validated, in one transaction (bulk loads: benchmarks, fixtures)."""
    items = [m.to_dict() for m in index.memories]
    validate(items)
    with database.writing(ws) as conn:
        for table in ("mem", "fts", "seen", "feat", "feat_df", "feat_size", "dirty", "superseded"):
            conn.execute(f"DELETE FROM {table}")
        rows.insert_all(conn, index)
        rows.set_meta(conn, "lastUpdated", format_time(now))


def put(conn: sqlite3.Connection, memory: Memory, rid: int | None, now: datetime) -> None:
    """Validate and write one memory (insert when `rid` is None), inside the caller's transaction; a
    superseded one goes to the history (`rows.retire`)."""
    item = memory.to_dict()
    validate([item])
    if memory.superseded_by:
        rows.retire(conn, rows.write_memory(conn, item, None) if rid is None else rid, item)
    else:
        rows.write_memory(conn, item, rid)
    rows.set_meta(conn, "lastUpdated", format_time(now))


def mark_used(conn: sqlite3.Connection, used: dict[str, datetime], now: datetime, boost: float = 0.0) -> list[Memory]:
    """Each memory of `used` (id → when it was used) as used then (`core.lifecycle.used`), inside the
    caller's transaction; ids no longer stored (forgotten, superseded since) are skipped. Returns the
    memories as written."""
    from hippocampus.core.lifecycle import used as as_used

    done = []
    for memory_id, (rid, memory) in rows.by_ids(conn, list(used)).items():
        updated = as_used(memory, used[memory_id], boost)
        if updated is not memory:
            put(conn, updated, rid, now)
        done.append(updated)
    return done


def fading_after_decay(conn: sqlite3.Connection, now: datetime, curve: Curve, below: float) -> list[tuple[int, str]]:
    """Record a decay run at `now` and return (rid, id) of the memories under `below`
    (the archive threshold).

    Stored importance is the formula's value as of the last decay run (`rows.read_index` applies it
    when the index is read or exported), so a decay rewrites no row and parses no memory: one SQL
    pass over the indexed columns finds what faded.
    """
    from hippocampus.core import lifecycle

    now_ts = now.timestamp()

    def effective(anchor: float, last: float, stability: float) -> float:
        days = max(0.0, (now_ts - last) / lifecycle.SECONDS_PER_DAY)
        return float(anchor * lifecycle.retention(days, curve, stability))

    conn.create_function("effective", 3, effective, deterministic=True)
    rows.set_meta(conn, "decayLastRun", format_time(now))
    rows.set_meta(conn, "decayCurve", curve.kind)
    rows.set_meta(conn, "decayRate", repr(curve.daily_rate))
    rows.set_meta(conn, "lastUpdated", format_time(now))
    found = conn.execute(
        "SELECT rid, id FROM mem WHERE effective(anchor, last, stability) < ? ORDER BY rid", (below,)
    ).fetchall()
    return [(int(rid), str(memory_id)) for rid, memory_id in found]
