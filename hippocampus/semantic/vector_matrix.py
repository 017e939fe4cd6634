"""One database's vectors of one model, in memory, for `semantic.similar`: kept up to date from `vec.seq`.

Contract: `refreshed(conn, model, kept)` brings `kept` (or nothing) up to the connection's snapshot:
the rows written since `kept.seq`, in place; when some went (forget, merge, a changed text), their
rows are marked gone (never similar, never returned) and, once more than a quarter of the rows are
gone, everything is read again from the start (a whole read of 100k vectors takes seconds here: a
turn should not pay it for one forget). So a forgotten memory's vector leaves at the next turn.
Rows live in fixed blocks of `BLOCK`, filled straight from the cursor: memory is the vectors
themselves (100k x 384 float32: 154 MB) plus at most one block of slack, never a second copy
(stacking arrays, or a list of every blob before the array, briefly doubled it past the worker's
300 MB budget at 100k). `similarities(vector)` is the cosine of every row with a unit `vector`, in
`rids` order; `centred(vector)` the same measured from the store's centroid (what recall ranks by).
"""

from __future__ import annotations

import sqlite3
from typing import Any

BLOCK = 2048
"""Rows per block (3 MB at 384 dimensions): growth allocates one block, never copies the others, and
the last block's unused rows cost at most 3 MB (8,192 rows left up to 12 MB unused; 49 products of
2,048 rows take the time of 13 of 8,192: BLAS is as fast on either)."""


class VectorMatrix:
    """Rows in `rids` order, `index` from row id to row."""

    def __init__(self) -> None:
        self.seq = 0
        self.rids: list[int] = []
        self.index: dict[int, int] = {}
        self.blocks: list[Any] = []  # numpy (BLOCK, dim) float32 arrays; the last one partly filled
        self.gone: list[int] = []  # rows whose vector went (their rid in `rids` is -1)
        self.centre: Any = None  # ((seq, live rows), centroid, rows · centroid, |row - centroid|): `centred`

    def put(self, rid: int, blob: bytes) -> None:
        """Set `rid`'s row to the float32 vector `blob` (a new row at the end, or in place)."""
        import numpy as np

        vector = np.frombuffer(blob, dtype=np.float32)
        at = self.index.get(rid)
        if at is None:
            at = self.index[rid] = len(self.rids)
            self.rids.append(rid)
            if at // BLOCK >= len(self.blocks):
                self.blocks.append(np.empty((BLOCK, vector.shape[0]), dtype=np.float32))
        self.blocks[at // BLOCK][at % BLOCK] = vector

    def drop(self, rid: int) -> None:
        """Mark `rid`'s row gone: its similarity is -inf from now on."""
        at = self.index.pop(rid)
        self.rids[at] = -1
        self.gone.append(at)

    def similarities(self, vector: Any) -> Any:
        """The dot product of every row with `vector` (cosines: both sides are unit vectors); -inf for
        the rows gone."""
        import numpy as np

        query = np.asarray(vector, dtype=np.float32)
        n = len(self.rids)
        parts = [block[: min(BLOCK, n - i * BLOCK)] @ query for i, block in enumerate(self.blocks)]
        sims = np.concatenate(parts) if parts else np.empty(0, dtype=np.float32)
        if self.gone:
            sims[self.gone] = -np.inf
        return sims

    def centred(self, vector: Any) -> Any:
        """Each row's cosine similarity to `vector` with both taken from the live rows' mean vector (the
        store's centroid), not from the origin; -inf for the rows gone. An embedding model puts every
        short text in one narrow cone (e5 rates unrelated texts 0.75-0.80 similar), and some memories
        near its axis are near every question; measured from the centroid, a memory as near the question
        as the average memory scores 0 and those hubs lose their head start. The centroid is the sum over
        n + 1 (one pseudo-memory at the origin), so a store of one memory still has a direction.
        Per query this is the one matrix product plus O(n); the centroid terms are kept until a row
        changes."""
        import numpy as np

        query = np.asarray(vector, dtype=np.float32)
        if not self.rids:
            return np.empty(0, dtype=np.float32)
        key = (self.seq, len(self.index))
        if self.centre is None or self.centre[0] != key:
            self.centre = (key, *self._centre_terms())
        _key, centroid, along, spread = self.centre
        lift = float(query @ centroid)
        square = float(centroid @ centroid)
        length = float(np.sqrt(max(float(query @ query) - 2 * lift + square, 1e-12)))
        return (self.similarities(query) - along - lift + square) / (spread * length)

    def _centre_terms(self) -> tuple[Any, Any, Any]:
        """The centroid of the live rows, each row's dot product with it, and each row's distance from it."""
        import numpy as np

        n = len(self.rids)
        rows = [block[: min(BLOCK, n - i * BLOCK)] for i, block in enumerate(self.blocks)]
        dead: dict[int, list[int]] = {}
        for at in self.gone:
            dead.setdefault(at // BLOCK, []).append(at % BLOCK)
        # the live rows summed, not all rows less the gone ones: float32 cancellation would lose a small
        # row beside a large one gone (a centroid of 0 for rows [1] - [1] + [1e-9])
        total = np.zeros(self.blocks[0].shape[1], dtype=np.float32)
        for i, part in enumerate(rows):
            total += (np.delete(part, dead[i], axis=0) if i in dead else part).sum(axis=0, dtype=np.float32)
        centroid = (total / (len(self.index) + 1)).astype(np.float32)
        along = np.concatenate([part @ centroid for part in rows])
        squares = np.concatenate([np.einsum("ij,ij->i", part, part) for part in rows])
        spread = np.sqrt(np.maximum(squares - 2 * along + centroid @ centroid, 1e-12))
        return centroid, along, spread


def refreshed(conn: sqlite3.Connection, model: str, kept: VectorMatrix | None) -> VectorMatrix:
    """`kept` brought up to `conn`'s snapshot, or a new matrix read from the start (see the module docstring)."""
    from hippocampus.store import vectors

    top, count = vectors.stamp(conn, model)
    if kept is not None and top >= kept.seq:
        if top != kept.seq or len(kept.index) != count:
            for seq, rid, blob in vectors.since(conn, model, kept.seq):
                kept.put(rid, blob)
                kept.seq = seq
        if len(kept.index) != count:
            present = set(vectors.model_rids(conn, model))
            for rid in [rid for rid in kept.index if rid not in present]:
                kept.drop(rid)
        if len(kept.index) == count and len(kept.gone) * 4 <= len(kept.rids):
            return kept
    kept = None  # some went (or another database): drop the old rows before reading the new ones
    fresh = VectorMatrix()
    for seq, rid, blob in vectors.since(conn, model, 0):
        fresh.put(rid, blob)
        fresh.seq = seq
    from hippocampus.semantic import heap

    heap.give_back()  # every blob read went through the heap
    return fresh
