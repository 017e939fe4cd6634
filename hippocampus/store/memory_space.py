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
    parsed once and written once.
    """

    def __init__(self, conn: sqlite3.Connection, now: datetime) -> None:
        self.conn, self.now = conn, now
        self.pending: dict[int, Memory] = {}

    def memory(self, key: int) -> Memory:
        found = self.pending.get(key)
        return found if found is not None else rows.by_rid(self.conn, key)

    def replace(self, key: int, memory: Memory) -> None:
        self.pending[key] = memory

    def flush(self) -> None:
        """Write every replaced memory (inside the transaction)."""
        for key, memory in self.pending.items():
            index_file.put(self.conn, memory, key, self.now)
        self.pending.clear()

    def append(self, memory: Memory) -> int:
        index_file.put(self.conn, memory, None, self.now)
        return int(self.conn.execute("SELECT rid FROM mem WHERE id = ?", (memory.id,)).fetchone()[0])

    def new_id(self) -> str:
        return rows.allocate_id(self.conn)

    def seen(self, session: str, message: str) -> bool:
        found = self.conn.execute("SELECT 1 FROM seen WHERE session = ? AND message = ?", (session, message))
        return found.fetchone() is not None


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
        """See `core.candidates.Candidates.recent_with` (one indexed query per feature)."""
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
        numbers, apart = _kept_apart(feats)
        best, best_value = -1, 0.0
        for (other,) in conn.execute("SELECT size FROM feat_size ORDER BY size").fetchall():
            need = similarity.required_shared(size, other)
            if need > min(size, other):
                continue
            probe = ranked[: size - need + 1]
            if not any(df.get(f, 0) for f in probe):
                continue
            pmarks = ",".join("?" * len(probe))
            query = f"SELECT DISTINCT rid FROM feat WHERE size = ? AND f IN ({pmarks}){apart}"
            rids = [r for (r,) in conn.execute(query, (other, *probe, *numbers)) if r not in exclude]
            for start in range(0, len(rids), 500):
                chunk = rids[start : start + 500]
                cmarks = ",".join("?" * len(chunk))
                for rid, found_domain, prof in conn.execute(
                    f"SELECT rid, domain, prof FROM mem WHERE rid IN ({cmarks})", chunk
                ):
                    if found_domain != domain:
                        continue
                    their_feats, their_names = json.loads(prof)
                    theirs = frozenset(their_feats)
                    if len(feats & theirs) < need:
                        continue
                    value = similarity.profile_similarity(profile, (theirs, frozenset(their_names)))
                    if value > best_value or (value == best_value and best_value > 0 and rid < best):
                        best, best_value = int(rid), value
        return best, best_value


def _kept_apart(feats: frozenset[str]) -> tuple[list[str], str]:
    """The SQL condition that keeps a text with numbers apart from the memories whose numbers are all
    different (`similarity.conflict`: different facts), as `core.candidates` does in memory: a
    candidate must hold no number, or one of ours. Their numbers are found through `feat_rid`, by an
    ASCII digit first; so the condition is used only when all of ours start with one (else a number
    written otherwise could be the one shared, and every candidate is compared, as before)."""
    numbers = sorted(similarity.numbers(feats))
    if not numbers or not all("0" <= n[0] <= "9" for n in numbers):
        return [], ""
    held = "SELECT 1 FROM feat AS g WHERE g.rid = feat.rid AND g.f"
    marks = ",".join("?" * len(numbers))
    return numbers, f" AND (NOT EXISTS ({held} >= '0' AND g.f < ':') OR EXISTS ({held} IN ({marks})))"
