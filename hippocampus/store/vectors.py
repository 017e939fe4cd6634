"""The `vec` table (schema 4, store/database.py): one embedding per current memory, as bytes.

Contract: a vector is float32 bytes of a unit vector, made from the memory's stored content (the
redacted text, never a message as said) by the model named in `model` (name and version). It is
written only if the memory still has the text (`norm`) it was made from, so an embedding computed
while the text changed is dropped, not stored stale. Triggers delete a vector with its memory row and
when the row's text changes, so forget, archive, supersede, merge and wipe need no code here.
Vectors of another model count as missing: a model change re-embeds in the background, and until
then those memories are found lexically. No numpy here: the caller turns the bytes into arrays.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hippocampus.core.ranking import Candidate


def owed(
    conn: sqlite3.Connection, model: str, limit: int, after: int = 0, ids: list[str] | None = None
) -> list[tuple[int, str, str]]:
    """(rid, norm, content) of up to `limit` memories with no vector by `model`, in row order past row
    `after`; of those with an id in `ids` only, when given."""
    sql = (
        "SELECT mem.rid, mem.norm, mem.json FROM mem LEFT JOIN vec ON vec.rid = mem.rid AND vec.model = ? "
        "WHERE vec.rid IS NULL AND mem.rid > ?{} ORDER BY mem.rid LIMIT ?"
    )
    if ids is None:
        found = conn.execute(sql.format(""), (model, after, limit)).fetchall()
    else:
        found = []
        for start in range(0, len(ids), CHUNK):  # SQLite bounds the number of parameters
            chunk = ids[start : start + CHUNK]
            marks = ",".join("?" * len(chunk))
            found += conn.execute(sql.format(f" AND mem.id IN ({marks})"), (model, after, *chunk, limit)).fetchall()
        found = sorted(found)[:limit]
    return [(int(rid), str(norm), str(json.loads(doc)["content"])) for rid, norm, doc in found]


def present(conn: sqlite3.Connection, model: str) -> bool:
    """Whether any memory has a vector by `model` (one index probe): where none has, a turn has nothing to
    find by meaning, so it need not wait for that model to load."""
    return conn.execute("SELECT 1 FROM vec WHERE model = ? LIMIT 1", (model,)).fetchone() is not None


CHUNK = 500
"""Ids per query of `owed`: under SQLite's oldest limit of 999 parameters."""


def counts(conn: sqlite3.Connection, model: str) -> tuple[int, int]:
    """(memories with a vector by `model`, memories in all): what `status` reports."""
    done = int(conn.execute("SELECT COUNT(*) FROM vec WHERE model = ?", (model,)).fetchone()[0])
    return done, int(conn.execute("SELECT COUNT(*) FROM mem").fetchone()[0])


def put(conn: sqlite3.Connection, model: str, made: list[tuple[int, str, bytes]]) -> int:
    """Store (rid, norm, vector bytes) in the open write transaction, each only if the memory still
    has that text; returns how many were stored."""
    stored = 0
    for rid, norm, blob in made:
        cursor = conn.execute(
            "INSERT OR REPLACE INTO vec(rid, model, norm, v) "
            "SELECT rid, ?, norm, ? FROM mem WHERE rid = ? AND norm = ?",
            (model, blob, rid, norm),
        )
        stored += cursor.rowcount
    return stored


def stamp(conn: sqlite3.Connection, model: str) -> tuple[int, int]:
    """(highest seq, count) of `model`'s vectors: a warm reader's cache is current while both match."""
    top, n = conn.execute("SELECT COALESCE(MAX(seq), 0), COUNT(*) FROM vec WHERE model = ?", (model,)).fetchone()
    return int(top), int(n)


def model_rids(conn: sqlite3.Connection, model: str) -> list[int]:
    """Row ids of the memories with a vector by `model` (what a warm matrix checks when some went)."""
    return [int(rid) for (rid,) in conn.execute("SELECT rid FROM vec WHERE model = ?", (model,))]


def since(conn: sqlite3.Connection, model: str, after: int) -> Iterator[tuple[int, int, bytes]]:
    """(seq, rid, vector bytes) of `model`'s vectors written after seq `after`, in seq order, streamed
    (100k vectors are 154 MB: the caller copies each into its matrix as it comes)."""
    sql = "SELECT seq, rid, v FROM vec WHERE model = ? AND seq > ? ORDER BY seq"
    for s, r, v in conn.execute(sql, (model, after)):
        yield int(s), int(r), bytes(v)


def candidates(conn: sqlite3.Connection, rids: list[int]) -> list[Candidate]:
    """Ranking columns (`core.ranking.Candidate`, relevance 0) of the memories `rids` that still exist:
    the semantic matches lexical search did not find."""
    if not rids:
        return []
    marks = ",".join("?" * len(rids))
    sql = f"SELECT rid, id, anchor, last, stability FROM mem WHERE rid IN ({marks})"
    return [(int(r), str(i), float(a), float(last), float(st), 0.0) for r, i, a, last, st in conn.execute(sql, rids)]
