"""Similarity profiles written by older profile code are rebuilt, in short batches, after an upgrade.

Contract: every memory row stores its similarity profile (`mem.prof`) with its postings in the feature index
(`feat`, `feat_df`, `feat_size`), and encoding compares a new text's profile with stored ones (near-duplicates
to reinforce, candidates for supersession). A profile stored by older code has other features ("12" once where
today's code has "12" and "12#2", no "3>4"), so those comparisons would run on mismatched features.
`meta.profileVersion` is the `similarity.PROFILE_VERSION` every stored profile was computed with (a new store
starts at the current one; a store without it predates the marker). When it differs from the code's,
`catch_up` recomputes each memory's profile from its stored content in transactions of `BATCH` rows, rewriting
only those that changed (`rows.reprofile`: postings and counts follow, and the memory is consolidated again),
and records progress with each batch (`meta.profileProgress`, "version:rid"), so a kill loses at most one
batch and the next call resumes. The same pass rewrites each memory's search fields (`fts`) where today's
tokenizer makes them differ (`retokenize`: "j'habite" is searched as "habite" since version 3), so a
query's words and a stored memory's are cut the same way. The last (empty) batch sets `meta.profileVersion`
and removes the progress. Until then every memory stays usable: one not yet rebuilt is compared on its older
features, as before the upgrade; a writer meanwhile writes today's profiles (every write goes through
`rows.write_memory`), which the rebuild then finds unchanged. It is not a schema migration: that runs in one
transaction inside whatever process opens the store first (a hook with a time budget, killed mid-way, would
roll it back forever). `session_end`/`encode` run it with what is left of their upgrade budget, the warm
worker in its quiet time (`openclaw.worker`), and `decay` to the end.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from hippocampus.core.similarity import PROFILE_VERSION
from hippocampus.store import database, rows
from hippocampus.store.reindex import in_batches
from hippocampus.store.workspace import Workspace

BATCH = 200
"""Rows per transaction, so a turn's write waits little behind one: at 10k memories every profile rewritten
took about 0.14 s a batch (0.3 s at 500), only recomputed about 0.03 s (BENCHMARKS.md, issue 24 reprofile)."""
VERSION = str(PROFILE_VERSION)


def behind(conn: sqlite3.Connection) -> bool:
    """Whether some stored profiles may come from other profile code than this (or from before the marker)."""
    return rows.get_meta(conn, "profileVersion") != VERSION


def _start(conn: sqlite3.Connection) -> int:
    """The last row rebuilt for this version (0: none yet, or a rebuild for another version was under way)."""
    version, _, rid = rows.get_meta(conn, "profileProgress").partition(":")
    return int(rid) if version == VERSION and rid.isdigit() else 0


def progress(ws: Workspace) -> dict[str, int] | None:
    """How far the rebuild is, for `status`: {"done", "total"} memories while profiles from older code are
    owed, None when every profile is today's."""
    with database.reading(ws) as conn:
        if not behind(conn):
            return None
        start = _start(conn)
        done, total = conn.execute("SELECT COUNT(rid <= ? OR NULL), COUNT(*) FROM mem", (start,)).fetchone()
        return {"done": int(done), "total": int(total)}


def catch_up(ws: Workspace, budget_seconds: float | None = None) -> int:
    """Rebuild the profiles still owed by a change of profile code, until done or `budget_seconds` passed;
    returns how many memories were re-profiled (recomputed; only those whose profile changed are rewritten)."""
    with database.reading(ws) as conn:
        if not behind(conn):
            return 0

    def step() -> int:
        with database.writing(ws) as conn:
            if not behind(conn):  # another process finished it meanwhile
                return 0
            start = _start(conn)
            batch = conn.execute(
                "SELECT rid, prof, json FROM mem WHERE rid > ? ORDER BY rid LIMIT ?", (start, BATCH)
            ).fetchall()
            if not batch:
                rows.set_meta(conn, "profileVersion", VERSION)
                conn.execute("DELETE FROM meta WHERE key = 'profileProgress'")
                return 0
            items = [(int(rid), json.loads(doc)) for rid, _, doc in batch]
            stored = [
                (rid, str(item.get("content") or ""), str(row[1]))
                for (rid, item), row in zip(items, batch, strict=True)
            ]
            rows.reprofile(conn, stored)
            retokenize(conn, items)
            rows.set_meta(conn, "profileProgress", f"{VERSION}:{batch[-1][0]}")
            return len(batch)

    return in_batches(step, budget_seconds)


def retokenize(conn: sqlite3.Connection, items: list[tuple[int, dict[str, Any]]]) -> int:
    """Rewrite the search fields (`fts`) of each (rid, memory as stored) where today's tokenizer cuts them
    otherwise; returns how many changed."""
    if not items:
        return 0
    marks = ",".join("?" * len(items))
    stored = {
        int(rid): (tokens, context)
        for rid, tokens, context in conn.execute(
            f"SELECT rowid, tokens, context FROM fts WHERE rowid IN ({marks})", [rid for rid, _ in items]
        )
    }
    fresh = {rid: rows.search_fields(item) for rid, item in items}
    changed = [(*fields, rid) for rid, fields in fresh.items() if stored.get(rid, fields) != fields]
    conn.executemany("UPDATE fts SET tokens = ?, context = ? WHERE rowid = ?", changed)
    return len(changed)
