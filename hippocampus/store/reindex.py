"""Search fields of stores from before schema 3 are filled in after the upgrade, in short batches.

Contract: the 2 → 3 migration only records `meta.contextRid = 0` (a data backfill, so opening a big
store stays instant and a turn's hook never runs it). `catch_up` then rewrites each memory's
lower-weighted search field (its context and the messages as said, `rows.search_fields`) in
transactions of `BATCH` rows, recording progress in `meta.contextRid` with each batch, so a kill
loses at most one batch and the next call resumes; when every row is done the key is removed.
Until then recall works as before schema 3 (the memory's own words, and the context it had).
`session_end`/`encode` run it after encoding, with a time budget; `decay` runs it to the end.
`in_batches` is the loop, shared with the embeddings' backfill.
Measured: the one-transaction migration it replaces took 33 s at 100k memories.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from hippocampus.store import database, rows
from hippocampus.store.workspace import Workspace

BATCH = 1000


def in_batches(step: Callable[[], int], budget_seconds: float | None = None) -> int:
    """Run `step` (one batch in its own short transaction, returning how many rows it did, 0 when
    nothing is owed) until it does nothing or `budget_seconds` passed; returns the rows done. The loop
    every backfill shares: this one and the embeddings' (`semantic.embedding.catch_up`)."""
    started, done = time.monotonic(), 0
    while budget_seconds is None or time.monotonic() - started < budget_seconds:
        did = step()
        if not did:
            break
        done += did
    return done


def catch_up(ws: Workspace, budget_seconds: float | None = None) -> int:
    """Fill in search fields still owed by the upgrade, until done or `budget_seconds` passed;
    returns how many rows were re-indexed."""
    with database.reading(ws) as conn:
        if not rows.get_meta(conn, "contextRid"):
            return 0

    def step() -> int:
        with database.writing(ws) as conn:
            start = int(rows.get_meta(conn, "contextRid", "0") or 0)
            batch = conn.execute(
                "SELECT rid, json FROM mem WHERE rid > ? ORDER BY rid LIMIT ?", (start, BATCH)
            ).fetchall()
            if not batch:
                conn.execute("DELETE FROM meta WHERE key = 'contextRid'")
                return 0
            for rid, doc in batch:
                conn.execute(
                    "UPDATE fts SET context = ? WHERE rowid = ?", (rows.search_fields(json.loads(doc))[1], rid)
                )
            rows.set_meta(conn, "contextRid", str(batch[-1][0]))
            return len(batch)

    return in_batches(step, budget_seconds)
