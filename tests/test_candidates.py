"""The store's persisted candidate index answers exactly like the in-memory one (property test)."""

from __future__ import annotations

import tempfile
from datetime import datetime, timezone
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hippocampus.core.candidates import Candidates, profile_of
from hippocampus.core.model import Index, Memory
from hippocampus.store import database, index_file, memory_space
from hippocampus.store.workspace import Workspace

NOW = datetime(2026, 3, 1, tzinfo=timezone.utc)
WORDS = [
    "tea",
    "coffee",
    "green",
    "black",
    "sister",
    "Alma",
    "Berlin",
    "prefer",
    "not",
    "morning",
    "evening",
    "hiking",
    "never",
    "over",
    "likes",
    "lives",
    "in",
    "my",
    "the",
    "cat",
    "Pixel",
    "我喜欢",
    "绿茶",
]
TEXT = st.lists(st.sampled_from(WORDS), min_size=1, max_size=7).map(" ".join)
DOMAINS = st.sampled_from(["user", "world"])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    stored=st.lists(st.tuples(TEXT, DOMAINS), min_size=1, max_size=25),
    queries=st.lists(st.tuples(TEXT, DOMAINS), min_size=1, max_size=8),
)
def test_store_candidates_agree_with_the_in_memory_index(
    tmp_path: Path, stored: list[tuple[str, str]], queries: list[tuple[str, str]]
) -> None:
    ws = Workspace(tempfile.mkdtemp(dir=tmp_path))
    memories = [
        Memory(id=f"mem_{i + 1:03d}", content=text, domain=domain, created=NOW, last_accessed=NOW)
        for i, (text, domain) in enumerate(stored)
    ]
    index_file.write_whole(ws, Index(memories=memories, next_id=len(memories) + 1), NOW)
    with database.reading(ws) as conn:
        rid_of = {row[1]: int(row[0]) for row in conn.execute("SELECT rid, id FROM mem")}
        memory_rid = {i: rid_of[m.id] for i, m in enumerate(memories)}
        in_memory = Candidates(
            (memory_rid[i], m.domain, m.content, profile_of(m.content)) for i, m in enumerate(memories)
        )
        persisted = memory_space.StoreCandidates(conn)
        for text, domain in queries:
            profile = profile_of(text)
            expected = in_memory.best(text, profile, domain)
            got = persisted.best(text, profile, domain)
            assert got[0] == expected[0] and abs(got[1] - expected[1]) < 1e-12, (text, domain, got, expected)
            excluded = frozenset({expected[0]})
            assert (
                persisted.best(text, profile, domain, excluded)[0] == in_memory.best(text, profile, domain, excluded)[0]
            )
