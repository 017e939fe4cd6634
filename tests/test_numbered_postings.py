"""Schema 5's feature index (`feat.num`, `feat_recent`): lookups and encoding give exactly what comparing
with every memory gives, numbered facts included; the 4 → 5 migration keeps every posting and marks
each right; a SIGKILL during it leaves a store that opens, at version 4 or 5, with nothing lost."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hippocampus import encoding
from hippocampus.core import similarity
from hippocampus.core.candidates import profile_of, same_text_key
from hippocampus.core.config import Config
from hippocampus.core.encode import encode
from hippocampus.core.model import Index, Memory, Signal
from hippocampus.store import database, index_file, memory_space, queue, rows
from hippocampus.store.workspace import Workspace
from tests.test_facts_store import FEAT_VERSION_4
from tests.test_store_faults import check_store

ROOT = Path(__file__).resolve().parent.parent
NOW = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)
NUMBERED = st.tuples(
    st.sampled_from(["project", "my sister's visit", "invoice", "the Berlin trip", "note"]),
    st.sampled_from(["1", "2", "3", "12", "2026", "١٢", "3rd"]),  # an Arabic-Indic 12 is a number too
    st.sampled_from(["due in week", "moved to week", "is in week", "paid in", "not in week"]),
    st.sampled_from(["", "4", "5", "12"]),
    st.sampled_from(["", "morning", "Alma", "green tea"]),
).map(lambda p: " ".join(x for x in p if x))
PLAIN = st.lists(
    st.sampled_from(
        ["my", "sister", "prefers", "green", "tea", "week", "Alma", "not", "the", "trip", "我喜欢", "绿茶"]
    ),
    min_size=1,
    max_size=6,
).map(" ".join)
TEXT = st.one_of(NUMBERED, NUMBERED, PLAIN)
DOMAINS = st.sampled_from(["user", "world"])


def brute_best(
    stored: list[tuple[int, str, str]], text: str, domain: str, exclude: frozenset[int]
) -> tuple[int, float]:
    """The definition: the same text (earliest) at 1.0, else the earliest most similar memory."""
    same = [k for k, d, t in stored if d == domain and k not in exclude and same_text_key(t) == same_text_key(text)]
    if same:
        return min(same), 1.0
    best, best_value = -1, 0.0
    for key, other_domain, other in stored:
        if other_domain == domain and key not in exclude:
            value = similarity.profile_similarity(profile_of(text), profile_of(other))
            if value > best_value or (value == best_value and best_value > 0 and key < best):
                best, best_value = key, value
    return best, best_value


def _store(ws: Workspace, stored: list[tuple[str, str]]) -> list[Memory]:
    memories = [
        Memory(id=f"mem_{i + 1:03d}", content=text, domain=domain, created=NOW, last_accessed=NOW)
        for i, (text, domain) in enumerate(stored)
    ]
    index_file.write_whole(ws, Index(memories=memories, next_id=len(memories) + 1), NOW)
    return memories


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    stored=st.lists(st.tuples(TEXT, DOMAINS), min_size=1, max_size=30),
    queries=st.lists(st.tuples(TEXT, DOMAINS), min_size=1, max_size=6),
    dropped=st.sets(st.integers(1, 30), max_size=4),
)
def test_store_lookups_match_comparing_with_every_memory(
    tmp_path: Path, stored: list[tuple[str, str]], queries: list[tuple[str, str]], dropped: set[int]
) -> None:
    """Whatever reaches the threshold is found, the same one, at the same value; what does not is never
    reported as reaching it."""
    ws = Workspace(tempfile.mkdtemp(dir=tmp_path))
    memories = _store(ws, stored)
    with database.reading(ws) as conn:
        rid_of = {str(i): int(r) for r, i in conn.execute("SELECT rid, id FROM mem")}
        entries = [(rid_of[m.id], m.domain, m.content) for m in memories]
        lookups = memory_space.StoreCandidates(conn)
        limit = memory_space.NUMBER_POSTINGS
        try:
            for memory_space.NUMBER_POSTINGS in (limit, 0):  # numbers name candidates; then all too common
                for text, domain in [*queries, *stored[:3]]:
                    exclude = frozenset(dropped)
                    want = brute_best(entries, text, domain, exclude)
                    got = lookups.best(text, profile_of(text), domain, exclude)
                    if want[1] >= similarity.SAME_THRESHOLD:
                        assert got[0] == want[0] and abs(got[1] - want[1]) < 1e-12, (text, got, want)
                    else:
                        assert got[1] < similarity.SAME_THRESHOLD, (text, got, want)
        finally:
            memory_space.NUMBER_POSTINGS = limit


def _signals(texts: list[tuple[str, str]], start: int) -> list[Signal]:
    return [
        Signal("s1", f"m{start + i}", text, (NOW + timedelta(minutes=start + i)).isoformat(), 0.7, domain, "general")
        for i, (text, domain) in enumerate(texts)
    ]


def _shape(memories: list[Memory]) -> list[tuple[object, ...]]:
    return sorted(
        (m.id, m.content, m.domain, m.times_reinforced, [(s.session, s.message) for s in m.sources])
        + (m.superseded_by, tuple(m.supersedes))
        for m in memories
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    stored=st.lists(st.tuples(TEXT, DOMAINS), max_size=20),
    batches=st.lists(st.lists(st.tuples(TEXT, DOMAINS), min_size=1, max_size=10), min_size=1, max_size=3),
)
def test_encoding_in_the_store_gives_the_memories_encoding_in_memory_gives(
    tmp_path: Path, stored: list[tuple[str, str]], batches: list[list[tuple[str, str]]]
) -> None:
    """Session after session of signals (numbered facts, repeats, updates) encoded through the store's
    lookups and through the in-memory index built from every memory: the same memories, sources and
    supersessions."""
    ws = Workspace(tempfile.mkdtemp(dir=tmp_path))
    reference = Index(memories=_store(ws, stored), next_id=len(stored) + 1)
    start = 0
    for batch in batches:
        signals = _signals(batch, start)
        start += len(batch)
        encode(reference, signals, NOW)
        queue.append_signals(ws, signals)
        encoding.encode_pending(ws, NOW, Config())
    with database.reading(ws) as conn:
        history = rows.superseded(conn)
    assert _shape([*index_file.load_index(ws).memories, *history]) == _shape(reference.memories)


def _at_version_4(ws: Workspace) -> None:
    conn = sqlite3.connect(ws.db_path, isolation_level=None)
    conn.executescript("BEGIN;" + FEAT_VERSION_4 + "PRAGMA user_version = 4; COMMIT;")
    conn.close()


def _postings(ws: Workspace) -> list[tuple[str, int, int]]:
    with sqlite3.connect(ws.db_path) as conn:
        return sorted((str(f), int(s), int(r)) for f, s, r in conn.execute("SELECT f, size, rid FROM feat"))


def test_migration_from_version_4_keeps_every_posting_and_marks_the_numbered(tmp_path: Path) -> None:
    texts = ["project 3 due in week 12", "my sister prefers green tea", "invoice ١٢ paid", "我喜欢绿茶", "the 3rd trip"]
    ws = Workspace(tmp_path / "old")
    _store(ws, [(t, "user") for t in texts])
    fresh = Workspace(tmp_path / "fresh")
    _store(fresh, [(t, "user") for t in texts])
    before = _postings(ws)
    with sqlite3.connect(ws.db_path) as conn:
        memories = conn.execute("SELECT * FROM mem ORDER BY rid").fetchall()
    _at_version_4(ws)
    with database.reading(ws) as conn:  # any open migrates
        assert conn.execute("PRAGMA user_version").fetchone()[0] == database.SCHEMA_VERSION == 6
        assert conn.execute("SELECT * FROM mem ORDER BY rid").fetchall() == memories
        marked = {int(r): int(n) for r, n in conn.execute("SELECT rid, num FROM feat")}
        indexes = {str(n) for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert _postings(ws) == before
    assert marked == {1: 1, 2: 0, 3: 1, 4: 0, 5: 1}
    assert {"feat_rid", "feat_recent"} <= indexes
    with sqlite3.connect(ws.db_path) as a, sqlite3.connect(fresh.db_path) as b:
        query = "SELECT f, size, num, rid FROM feat ORDER BY f, size, num, rid"
        assert a.execute(query).fetchall() == b.execute(query).fetchall()
    with database.reading(ws) as conn:
        found = memory_space.StoreCandidates(conn).best(
            "Project 3 due in week 12!", profile_of("project 3 due"), "user"
        )
    assert found[0] == 1


MIGRATE = r"""
import sys
from hippocampus.store import database
from hippocampus.store.workspace import Workspace
print("ready", flush=True)
database.connect(Workspace(sys.argv[1])).close()
print("done", flush=True)
"""


def test_a_sigkill_during_the_migration_leaves_a_store_that_opens_with_nothing_lost(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "source")
    texts = [f"Remember that project {i} is due in week {i % 52}" for i in range(3000)]
    texts += [f"my {w} prefers green tea on {d}" for w in ("sister", "brother", "coach") for d in ("Monday", "Friday")]
    _store(ws, [(t, "user") for t in texts])
    before = _postings(ws)
    with sqlite3.connect(ws.db_path) as conn:
        memories = conn.execute("SELECT * FROM mem ORDER BY rid").fetchall()
    _at_version_4(ws)
    with sqlite3.connect(ws.db_path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    snapshot = ws.db_path.read_bytes()
    rng = random.Random(20261201)
    versions = []
    window = 0.0
    for run in range(13):
        target = Workspace(tmp_path / f"run{run}")
        target.memory_dir.mkdir(parents=True)
        target.db_path.write_bytes(snapshot)
        proc = subprocess.Popen(
            [sys.executable, "-c", MIGRATE, str(target.root)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        assert proc.stdout is not None and proc.stdout.readline().strip() == b"ready"
        started = time.monotonic()
        if run == 0:  # the first runs to the end: how long a migration takes here sets where the kills land
            assert proc.stdout.readline().strip() == b"done"
            window = time.monotonic() - started
        time.sleep(rng.uniform(0.0, 1.2 * window))
        proc.send_signal(signal.SIGKILL)
        _, err = proc.communicate(timeout=60)
        assert b"Traceback" not in err, err
        with sqlite3.connect(target.db_path) as conn:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert conn.execute("SELECT * FROM mem ORDER BY rid").fetchall() == memories
            columns = [str(c[1]) for c in conn.execute("PRAGMA table_info(feat)")]
        assert version in (4, 6) and ("num" in columns) == (version == 6), (run, version, columns)  # 4 → 6: one commit
        assert _postings(target) == before
        versions.append(version)
        check_store(target)  # opens (migrating when the kill came first) and validates
        assert _postings(target) == before
    assert 4 in versions[1:] and 6 in versions[1:], f"the kills all landed on one side of the commit: {versions}"
