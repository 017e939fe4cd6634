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
    "5",
    "12",
    "12th",
    "2026",
    "week",
    "March",
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


def brute_force_plan(entries: list[tuple[int, str, str, float]]) -> list[tuple[int, int]]:
    """`plan_merges` by comparing each memory with every kept one: the definition it must match."""
    from hippocampus.core.candidates import same_text_key
    from hippocampus.core.similarity import SAME_THRESHOLD, profile_similarity

    kept: list[tuple[int, str, str]] = []
    merges = []
    for key, domain, text, _weight in sorted(entries, key=lambda e: (-e[3], e[0])):
        best, best_value = -1, 0.0
        for other, other_domain, other_text in kept:
            if other_domain != domain:
                continue
            if same_text_key(other_text) == same_text_key(text):
                value = 2.0  # the same text wins, earliest first
            else:
                value = profile_similarity(profile_of(text), profile_of(other_text))
            if value > best_value or (value == best_value and best_value > 0 and other < best):
                best, best_value = other, value
        if best >= 0 and best_value >= SAME_THRESHOLD:
            merges.append((key, best))
        else:
            kept.append((key, domain, text))
    return merges


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(TEXT, DOMAINS, st.sampled_from([0.1, 0.5, 0.5, 0.9])),
        min_size=1,
        max_size=40,
    )
)
def test_first_consolidation_plan_matches_comparing_every_pair(stored: list[tuple[str, str, float]]) -> None:
    from hippocampus.core.consolidate import plan_merges

    entries = [(i + 1, domain, text, weight) for i, (text, domain, weight) in enumerate(stored)]
    planned = plan_merges((key, domain, text, profile_of(text), weight) for key, domain, text, weight in entries)
    assert planned == brute_force_plan(entries)


NEAR = st.tuples(
    st.sampled_from(["my sister likes green tea", "the Berlin trip is in week", "Alma prefers black coffee"]),
    st.sampled_from(["", "5", "12", "12th", "2026", "5 12"]),
    st.sampled_from(["", "morning", "evening", "not"]),
).map(lambda parts: " ".join(p for p in parts if p))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(NEAR, DOMAINS, st.sampled_from([0.1, 0.5, 0.9])), min_size=2, max_size=30))
def test_first_consolidation_plan_matches_on_near_duplicates_with_numbers(stored: list[tuple[str, str, float]]) -> None:
    """Near-duplicates that differ in a number, a word or a negation: where the number shortcut must be right."""
    from hippocampus.core.consolidate import plan_merges

    entries = [(i + 1, domain, text, weight) for i, (text, domain, weight) in enumerate(stored)]
    planned = plan_merges((key, domain, text, profile_of(text), weight) for key, domain, text, weight in entries)
    assert planned == brute_force_plan(entries)


NUMBERED = st.tuples(
    st.sampled_from(["project", "the Berlin trip", "my sister's visit", "invoice"]),
    st.integers(1, 5),
    st.sampled_from(["due in week", "moved to week", "is in week", "paid in"]),
    st.integers(1, 5),
    st.sampled_from(["", "not", "morning", "Alma"]),
).map(lambda p: " ".join(str(x) for x in p if x != ""))
MIXED = st.one_of(NUMBERED, TEXT, NEAR)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(MIXED, DOMAINS, st.sampled_from([0.1, 0.5, 0.9])), min_size=2, max_size=45))
def test_first_consolidation_plan_matches_on_numbered_and_plain_mixed(stored: list[tuple[str, str, float]]) -> None:
    """Numbered facts ("project 3 due in week 4"), plain texts and near-duplicates together: where the
    memories nothing can match are skipped, the numbered ones are kept apart, and the rest are looked up.
    The store passes its `norm` column (`normalised`): the same plan."""
    from hippocampus.core.candidates import same_text_key
    from hippocampus.core.consolidate import plan_merges

    entries = [(i + 1, domain, text, weight) for i, (text, domain, weight) in enumerate(stored)]
    planned = plan_merges((key, domain, text, profile_of(text), weight) for key, domain, text, weight in entries)
    assert planned == brute_force_plan(entries)
    normed = ((k, d, same_text_key(t), profile_of(t), w) for k, d, t, w in entries)
    assert plan_merges(normed, normalised=True) == planned


def test_numbered_facts_stay_distinct_and_repeats_merge() -> None:
    from hippocampus.core.consolidate import plan_merges

    texts = [f"project {n} due in week {w}" for n in range(1, 30) for w in range(30, 59)]
    texts += [
        "Project 7 due in week 39",
        "project 7  due in week 39!",
        "my sister likes green tea",
        "My sister likes green tea.",
    ]
    entries = [(i + 1, "user", text, 0.5) for i, text in enumerate(texts)]
    planned = plan_merges((key, domain, text, profile_of(text), weight) for key, domain, text, weight in entries)
    assert planned == brute_force_plan(entries)
    repeat_of = texts.index("project 7 due in week 39") + 1
    assert sorted(planned) == [(len(texts) - 3, repeat_of), (len(texts) - 2, repeat_of), (len(texts), len(texts) - 1)]
