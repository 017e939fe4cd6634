"""Encoding and consolidation over the database, inside one write transaction, without loading the index.

`StoreSpace` is `core.encode.Space` on an open transaction: a memory is read, replaced or appended one
row at a time. `StoreCandidates` answers candidate lookups from the persisted feature index, so nothing
is built or re-profiled per call: at 100k memories that is the difference between seconds and minutes.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime

from hippocampus.core import similarity
from hippocampus.core.candidates import same_text_key
from hippocampus.core.model import Memory
from hippocampus.store import index_file, rows


class StoreSpace:
    """A `core.encode.Space` over the store's open write transaction (keys are row ids).

    Replaced memories are kept until `flush`, so a memory reinforced by many signals of one batch is
    parsed once and written once; a memory read is parsed once too (the update search of each signal
    reads the same latest memories), until `flush` writes.
    """

    def __init__(self, conn: sqlite3.Connection, now: datetime) -> None:
        self.conn, self.now = conn, now
        self.pending: dict[int, Memory] = {}
        self.read: dict[int, Memory] = {}

    def memory(self, key: int) -> Memory:
        found = self.pending.get(key)
        if found is None:
            found = self.read.get(key)
        if found is None:
            found = self.read[key] = rows.by_rid(self.conn, key)
        return found

    def replace(self, key: int, memory: Memory) -> None:
        self.pending[key] = memory

    def flush(self) -> None:
        """Write every replaced memory (inside the transaction)."""
        for key, memory in self.pending.items():
            index_file.put(self.conn, memory, key, self.now)
        self.pending.clear()
        self.read.clear()

    def append(self, memory: Memory) -> int:
        index_file.put(self.conn, memory, None, self.now)
        return int(self.conn.execute("SELECT rid FROM mem WHERE id = ?", (memory.id,)).fetchone()[0])

    def new_id(self) -> str:
        return rows.allocate_id(self.conn)

    def seen(self, session: str, message: str) -> bool:
        found = self.conn.execute("SELECT 1 FROM seen WHERE session = ? AND message = ?", (session, message))
        return found.fetchone() is not None


EXTRA_PROBES = 2
"""Features looked up past the prefix, so that a candidate must hold three of them: on a store of real
sentences a lookup then checks about 14 memories instead of 1,100, for the same postings read
(bench/scale.py and the real-text bench in BENCHMARKS.md)."""


NUMBER_POSTINGS = 500
"""A text's numbers name its candidates among the numbered memories when they are held by this many at
most; past it (a common number on a store of real text), prefix filtering over every posting is used,
which is exact on its own (the number rule only prunes)."""


class StoreCandidates:
    """`core.candidates.Candidates` answered from the persisted feature index (`feat`, `feat_df`,
    `feat_size`): the same exact prefix filtering, a few indexed queries per lookup, nothing built.
    Memories written in the open transaction are found too, so `add` has nothing to do."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def add(self, key: int, domain: str, content: str, profile: similarity.Profile) -> None:
        """Nothing: `rows.write_memory` posted the features with the row."""

    def recent_with(
        self, feats: tuple[str, ...], domain: str, limit: int, exclude: frozenset[int] = frozenset()
    ) -> list[int]:
        """See `core.candidates.Candidates.recent_with` (one query per feature, read newest first from
        `feat_recent` until `limit` in `domain` are found)."""
        found: list[int] = []
        for feature in feats:
            query = (
                "SELECT feat.rid FROM feat JOIN mem ON mem.rid = feat.rid WHERE feat.f = ? AND mem.domain = ? "
                "ORDER BY feat.rid DESC LIMIT ?"
            )
            rids = [int(r) for (r,) in self.conn.execute(query, (feature, domain, limit + len(exclude)))]
            found += [r for r in rids if r not in exclude][:limit]
        return sorted(set(found), reverse=True)

    def best(
        self, content: str, profile: similarity.Profile, domain: str, exclude: frozenset[int] = frozenset()
    ) -> tuple[int, float]:
        """See `core.candidates.Candidates.best`."""
        conn = self.conn
        for rid, found_domain in conn.execute(
            "SELECT rid, domain FROM mem WHERE norm = ? ORDER BY rid", (same_text_key(content),)
        ):
            if found_domain == domain and rid not in exclude:
                return int(rid), 1.0
        feats = profile[0]
        size = len(feats)
        if not size:
            return -1, 0.0
        marks = ",".join("?" * size)
        df = dict(conn.execute(f"SELECT f, n FROM feat_df WHERE f IN ({marks})", list(feats)).fetchall())
        ranked = sorted(feats, key=lambda f: (df.get(f, 0), f))
        # Texts whose numbers are disjoint are different facts (`similarity.conflict`), so a text with
        # numbers is compared with the memories without any (`num = 0`, in the key: the others' postings
        # are never read) and with those holding one of its numbers, as `core.candidates` does; unless
        # its numbers are common ("2", a year), when prefix filtering alone finds fewer.
        numbers = sorted(similarity.numbers(feats))
        if sum(df.get(n, 0) for n in numbers) > NUMBER_POSTINGS:
            numbers = []
        plain = " AND num = 0" if numbers else ""
        found: set[int] = set()
        for (other,) in conn.execute("SELECT size FROM feat_size ORDER BY size").fetchall():
            need = similarity.required_shared(size, other)
            if need > min(size, other):
                continue
            # Prefix filtering, `EXTRA_PROBES` longer: a match shares `need` features, at most
            # `size - len(probe)` of them outside the probe, so it holds `extra + 1` of the probe's.
            extra = min(EXTRA_PROBES, need - 1)
            probe = ranked[: size - need + 1 + extra]
            if not any(df.get(f, 0) for f in probe):
                continue
            query = (
                f"SELECT rid FROM feat WHERE size = ? AND f IN ({','.join('?' * len(probe))}){plain} "
                "GROUP BY rid HAVING COUNT(*) > ?"
            )
            found.update(r for (r,) in conn.execute(query, (other, *probe, extra)))
        if numbers:
            query = f"SELECT rid FROM feat WHERE f IN ({','.join('?' * len(numbers))})"
            found.update(r for (r,) in conn.execute(query, numbers))
        return self._most_similar(sorted(found - exclude), profile, domain)

    def _most_similar(self, rids: list[int], profile: similarity.Profile, domain: str) -> tuple[int, float]:
        """The earliest of `rids` most similar to `profile` in `domain`. The cheap exact test first, in SQL:
        a candidate must share `required_shared` features (most share one common word only), so only
        the profiles of those that do are read and compared."""
        feats = profile[0]
        size, fmarks = len(feats), ",".join("?" * len(feats))
        best, best_value = -1, 0.0
        for start in range(0, len(rids), 500):
            chunk = rids[start : start + 500]
            cmarks = ",".join("?" * len(chunk))
            shared = (
                f"SELECT feat.rid, feat.size, COUNT(*) FROM mem JOIN feat INDEXED BY feat_rid ON feat.rid = mem.rid "
                f"WHERE mem.rid IN ({cmarks}) AND mem.domain = ? AND feat.f IN ({fmarks}) GROUP BY feat.rid"
            )
            enough = [
                rid
                for rid, other, count in self.conn.execute(shared, (*chunk, domain, *feats))
                if count >= similarity.required_shared(size, other)
            ]
            query = f"SELECT rid, prof FROM mem WHERE rid IN ({','.join('?' * len(enough))}) AND domain = ?"
            for rid, prof in self.conn.execute(query, (*enough, domain)) if enough else ():
                their_feats, their_names = json.loads(prof)
                value = similarity.profile_similarity(profile, (frozenset(their_feats), frozenset(their_names)))
                if value > best_value or (value == best_value and best_value > 0 and rid < best):
                    best, best_value = int(rid), value
        return best, best_value
