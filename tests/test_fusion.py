"""Hybrid relevance (issue 11): the fusion rule (`core.fusion`), BM25's full match of a question
(`store.search_cache.full_match`), the similarity measured from the store's centroid
(`VectorMatrix.centred`) and the noise bar, then what they do with the real local model in small stores:
the issue's own paraphrase found, questions about nothing stored left (nearly) without memories found
by meaning alone."""

from __future__ import annotations

import json
import math
from datetime import datetime, timezone
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hippocampus import memories
from hippocampus.core import fusion
from hippocampus.core.config import Config
from hippocampus.recall import recall
from hippocampus.semantic import embedding, search
from hippocampus.semantic.vector_matrix import VectorMatrix
from hippocampus.store import search_cache
from hippocampus.store.index_file import open_search
from hippocampus.store.workspace import Workspace
from tests.test_semantic import lexical_process, needs_model  # noqa: F401 - the fixture: each test starts lexical

NOW = datetime(2026, 6, 1, 12, tzinfo=timezone.utc)
FIXTURE = Path(__file__).resolve().parents[1] / "bench" / "fixtures" / "paraphrase.json"
BEAGLE = "I just adopted a beagle named Biscuit"


# --- the fusion rule (pure) -----------------------------------------------------------------------


def test_fusion_measures_words_against_a_full_match_and_meaning_against_the_nearest() -> None:
    fused = fusion.fuse({1: 10.0, 2: 5.0}, {1: -0.1, 2: 0.4, 3: 0.2}, 0.5, full_match=20.0)
    assert fused == {1: (0.25, 0.0), 2: (0.125, 0.5), 3: (0.0, 0.25)}, "the nearest by meaning counts fully"
    assert fusion.fuse({1: 2.0}, {1: 0.0}, 0.5, full_match=10.0) == {1: (0.1, 0.0)}, "one weak word stays weak"
    assert fusion.fuse({1: 3.0}, {1: 0.0}, 0.5, full_match=1.0) == {1: (0.5, 0.0)}, "past a full match counts fully"
    assert fusion.fuse({}, {4: -0.1, 5: 0.2}, 1.0) == {4: (0.0, 0.0), 5: (0.0, 1.0)}, "below the average: nothing"
    assert fusion.fuse({6: 0.0}, {}, 0.5) == {6: (0.0, 0.0)}
    not_embedded = fusion.fuse({1: 4.0, 2: 4.0}, {2: 0.3}, 0.5, full_match=4.0)
    assert not_embedded == {1: (1.0, 0.0), 2: (0.5, 0.5)}, "a memory without a vector is judged by its words alone"


@given(
    st.dictionaries(st.integers(0, 30), st.floats(0, 50), max_size=12),
    st.dictionaries(st.integers(0, 30), st.floats(-1, 1), max_size=12),
    st.floats(0, 1),
    st.floats(0, 60),
    st.integers(0, 30),
    st.floats(0, 10),
)
def test_fused_parts_are_bounded_and_monotone_in_each_score(
    lexical: dict[int, float], sims: dict[int, float], share: float, full: float, key: int, more: float
) -> None:
    fused = fusion.fuse(lexical, sims, share, full)
    assert set(fused) == set(lexical) | set(sims)
    for k, (lex, sem) in fused.items():
        assert 0.0 <= lex <= (1 - share if k in sims else 1.0) + 1e-9 and 0.0 <= sem <= share + 1e-9
        assert (lex == 0.0 or k in lexical) and (sem == 0.0 or k in sims), "a missing side counts nothing"
        if k not in sims:
            assert lex == fusion.fuse(lexical, {}, share, full)[k][0], "not embedded: judged by its words alone"
    higher = fusion.fuse({**lexical, key: lexical.get(key, 0.0) + more}, sims, share, full)
    assert higher[key][0] >= fused.get(key, (0.0, 0.0))[0] - 1e-12, "more BM25 never lowers its own part"
    closer = fusion.fuse(lexical, {**sims, key: min(1.0, sims.get(key, 0.0) + more / 10)}, share, full)
    assert closer[key][1] >= fused.get(key, (0.0, 0.0))[1] - 1e-12, "more similarity never lowers its own part"
    stricter = fusion.fuse(lexical, sims, share, full + more)
    assert all(stricter[k][0] <= fused[k][0] + 1e-12 for k in fused), "a higher full match lowers no lexical part"


@given(
    st.dictionaries(st.integers(0, 30), st.floats(0, 50), max_size=12),
    st.dictionaries(st.integers(0, 30), st.floats(-1, 1), max_size=12),
    st.floats(0, 1),
    st.floats(0, 5),
)
def test_split_adds_up(lexical: dict[int, float], sims: dict[int, float], share: float, term: float) -> None:
    for parts in fusion.fuse(lexical, sims, share).values():
        a, b = fusion.split(term, parts)
        assert abs(a + b - term) < 1e-9 and a >= -1e-9 and b >= -1e-9


def test_the_noise_bar_is_the_largest_of_n_unrelated_memories() -> None:
    assert fusion.noise_bar(0.1, 0.05, 1) == float("-inf"), "one memory: no spread to judge by"
    assert fusion.noise_bar(0.0, 1.0, 2) == pytest.approx(0.0)
    assert fusion.noise_bar(0.0, 1.0, 41) == pytest.approx(1.97, abs=0.01)
    assert fusion.noise_bar(0.0, 1.0, 10_000) == pytest.approx(3.72, abs=0.01)
    bars = [fusion.noise_bar(0.02, 0.1, n) for n in (2, 3, 10, 100, 1000, 100_000)]
    assert bars == sorted(bars) and fusion.noise_bar(0.02, 0.0, 50) == 0.02


def test_the_floor_keeps_lexical_matches_and_drops_weak_semantic_only_ones() -> None:
    assert fusion.kept({1: 0.2, 2: 0.9, 3: 0.5}, {1: 4.0}, 0.6) == {1: 0.2, 2: 0.9}


def test_fused_relevance_is_ranked_on_its_own_scale() -> None:
    """BM25 is min-max-normalised over the candidates (it has no fixed scale); the fused relevance is
    already in [0, 1], so a weak best match is not lifted to full weight, nor the weakest one dropped
    to none (min-max gave the last of two candidates a relevance of 0, though it was in the block)."""
    from hippocampus.core.ranking import rank_candidates

    config = Config()
    last = NOW.timestamp()
    pool = [(1, "mem_001", 0.5, last, 1.0, 0.4), (2, "mem_002", 0.5, last, 1.0, 0.2)]
    scaled = {key: parts[0] for key, _s, _r, _e, _t, parts in rank_candidates(pool, NOW, config, 2, scaled=True)}
    assert scaled == {1: pytest.approx(0.4 * config.weight_relevance), 2: pytest.approx(0.2 * config.weight_relevance)}
    plain = {key: parts[0] for key, _s, _r, _e, _t, parts in rank_candidates(pool, NOW, config, 2)}
    assert plain == {1: config.weight_relevance, 2: 0.0}, "the lexical path keeps its min-max"


# --- BM25's full match --------------------------------------------------------------------------------


def test_a_full_match_is_the_bm25_of_a_memory_holding_the_question(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    for text in ("alpha bravo charlie", "delta echo foxtrot", "golf hotel india", "alpha kilo lima"):
        memories.remember(ws, NOW, Config(), text)  # one length each: every row is of average length
    conn = open_search(ws)
    assert conn is not None
    try:
        (whole, *_rest) = search_cache.search(conn, "alpha bravo charlie", 10)
        assert search_cache.full_match(conn, "alpha bravo charlie") == pytest.approx(whole[5])
        (part,) = search_cache.search(conn, "bravo zulu", 10)
        assert 0 < part[5] < 0.5 * search_cache.full_match(conn, "bravo zulu"), "a word no memory has still counts"
        assert search_cache.full_match(conn, "") == 0.0
    finally:
        conn.close()


# --- similarity from the store's centroid ----------------------------------------------------------


def _matrix(rows: list[list[float]]) -> VectorMatrix:
    matrix = VectorMatrix()
    for rid, row in enumerate(rows):
        matrix.put(rid, np.asarray(row, dtype=np.float32).tobytes())
    return matrix


@given(
    st.lists(st.lists(st.floats(-1, 1), min_size=4, max_size=4), min_size=1, max_size=8),
    st.lists(st.floats(-1, 1), min_size=4, max_size=4),
)
def test_centred_similarity_is_the_cosine_of_both_vectors_taken_from_the_centroid(
    rows: list[list[float]], query: list[float]
) -> None:
    x, q = np.asarray(rows, dtype=np.float64), np.asarray(query, dtype=np.float64)
    centre = x.sum(axis=0) / (len(x) + 1)
    a, b = x - centre, q - centre
    if np.linalg.norm(b) < 1e-3 or (np.linalg.norm(a, axis=1) < 1e-3).any():
        return  # a vector at the centroid has no direction (clamped, not compared)
    expected = a @ b / (np.linalg.norm(a, axis=1) * np.linalg.norm(b))
    got = _matrix(rows).centred(np.asarray(query, dtype=np.float32))
    assert np.allclose(got, expected, atol=2e-3) and np.isfinite(got).all()


@given(
    st.lists(st.lists(st.floats(-1, 1), min_size=3, max_size=3), min_size=2, max_size=8),
    st.data(),
)
def test_rows_gone_leave_the_centroid_as_if_never_there(rows: list[list[float]], data: st.DataObject) -> None:
    """A forget marks a row gone rather than rebuilding (vector_matrix): the centred similarity of the
    rows left must be what a matrix of only those rows gives, and a gone row is never similar."""
    gone = data.draw(st.sets(st.integers(0, len(rows) - 1), max_size=len(rows) - 1))
    query = np.asarray([0.3, -0.2, 0.9], dtype=np.float32)
    kept = _matrix(rows)
    for rid in gone:
        kept.drop(rid)
    left = [rid for rid in range(len(rows)) if rid not in gone]
    fresh = _matrix([rows[rid] for rid in left]).centred(query)
    got = kept.centred(query)
    assert np.allclose([got[rid] for rid in left], fresh, atol=1e-4)
    assert all(got[rid] == -np.inf for rid in gone)


def test_a_large_row_gone_beside_a_tiny_one_leaves_the_tiny_ones_centroid() -> None:
    """Hypothesis found it: the centroid was all rows less the gone ones, and in float32 1 + 1e-9 - 1 is 0."""
    query = np.asarray([0.3, -0.2, 0.9], dtype=np.float32)
    kept = _matrix([[0.0, 0.0, 1.0], [0.0, 0.0, 1e-09]])
    kept.drop(0)
    fresh = _matrix([[0.0, 0.0, 1e-09]]).centred(query)
    assert np.allclose(kept.centred(query)[1:], fresh, atol=1e-4)


def test_a_hub_near_every_question_loses_its_head_start() -> None:
    """The raw cosine favours the memory nearest the axis all texts share; from the centroid, the memory
    that shares the question's own direction wins."""
    e = np.eye(5)
    rows = [e[0], 0.8 * e[0] + 0.6 * e[1], 0.8 * e[0] + 0.6 * e[2], 0.8 * e[0] + 0.6 * e[3]]
    query = (0.95 * e[0] + 0.31 * e[2]) / math.hypot(0.95, 0.31)
    raw = np.asarray(rows) @ query
    assert int(raw.argmax()) == 0, "the hub is nearest by the raw cosine"
    centred = _matrix([list(r) for r in rows]).centred(query.astype(np.float32))
    assert int(centred.argmax()) == 2
    assert np.isfinite(_matrix([list(e[1])]).centred(e[1].astype(np.float32))).all(), "one memory"


# --- with the real local model, in small stores ---------------------------------------------------------


def _store(tmp_path: Path, texts: list[str]) -> Workspace:
    ws = Workspace(tmp_path)
    for text in texts:  # one importance for all (as before issue 24's bands): what is measured is meaning
        memories.remember(ws, NOW, Config(), text, importance=0.9)
    embedding.catch_up(ws, Config())
    search.allow(wait=True)
    return ws


@needs_model
def test_the_dog_is_found_in_a_small_store_and_unrelated_questions_bring_little(tmp_path: Path) -> None:
    """The issue's own example in a 41-memory store (where the earlier standout gate lost it), and the
    fixture's questions about nothing stored: about one memory found by meaning alone each at most
    (the noise bar's promise), not the five slots the block has."""
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    ws = _store(tmp_path, [BEAGLE, *data["distractors"][:40]])
    (first, *_rest) = recall(ws, "what is my dog called?", NOW, Config(), 3)
    assert first.memory.content == BEAGLE and first.relevance == 0.0 and first.semantic > 0
    config = Config()
    by_meaning = [
        sum(1 for h in recall(ws, q, NOW, config, config.inject_relevant) if h.relevance == 0.0)
        for q in data["unrelated"]
    ]
    assert sum(by_meaning) <= len(data["unrelated"]), by_meaning
    assert max(by_meaning) < config.inject_relevant, by_meaning


@needs_model
def test_in_a_store_of_two_the_paraphrase_still_counts(tmp_path: Path) -> None:
    ws = _store(tmp_path, [BEAGLE, "The plumber is coming on Thursday to fix the kitchen sink"])
    assert [h.memory.content for h in recall(ws, "what is my dog called?", NOW, Config(), 1)] == [BEAGLE]
