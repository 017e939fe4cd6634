"""Semantic recall: query embedding, the warm vector matrix, and embedding memories in batches.

Contract:
- A process opts in with `allow(wait)`: the warm worker (`wait=False`: a turn never waits for the
  model; the first one starts loading it and is answered lexically) and the CLI (`wait=True`). The
  cold per-turn hooks never do, so for them `start_query` returns None at once and nothing heavy
  is imported: that path stays lexical, as the issue asks.
- `similar` compares a query vector with every stored vector of the model (one matrix product),
  from a per-database matrix kept in memory (`vector_matrix`) and refreshed from `vec.seq` on every
  call (in the worker, only when the database changed: `store.memo`): the new rows only, or all of
  them when any went (so a forgotten memory's vector leaves the cache at the next turn).
- `catch_up` is the embedding catch-up, its own job: every memory still without a vector by the
  current model (after an import, an upgrade, a model change), in batches of `BATCH` embedded by one
  call of the model outside any transaction, each stored in its own short one (`store.vectors.put`,
  which drops a vector whose memory changed meanwhile), so a kill loses at most the batch in hand and
  the next call resumes where the vectors stop. It runs until done or its time budget is spent, and
  reports progress after each batch. `hippocampus embed` runs it to the end on every core; the warm
  worker calls `backfill` in bounded slices of its idle time (one thread).
- Nothing else waits on the catch-up: `after_encoding` embeds only the memories an encoding just wrote
  (in the worker on a background thread after the answer, in the CLI at once, within `CLI_SECONDS`,
  in a cold hook not at all), and `decay` embeds nothing.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hippocampus.core.config import Config
    from hippocampus.store.workspace import Workspace

BATCH = 16
"""Memories per batch by default (the worker's idle slices): on one thread of this machine ~0.4 s, the
most a turn arriving during a slice waits for the core it shares."""
EMBED_BATCH = 64
"""Memories per batch of `hippocampus embed`: one model call each, its windows packed together."""
CLI_SECONDS = 300.0
"""How long `encode`/`ingest` from the CLI spend embedding the memories they wrote; the rest is left to
`hippocampus embed` or the worker's idle time."""

_policy: str | None = None  # None: never load a model here; "wait" or "background"
_state_lock = threading.Lock()
_pool: Any = None
_loading: set[str] = set()


THREAD_SETTINGS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")
"""One thread each for the model (OpenMP) and numpy's BLAS unless the user set them: a turn's work is
one small product, and idle pool threads spin. Measured here (2 shared cores): a 10k x 384 product cost
7.9 ms of CPU with OpenBLAS's default threads and 2.1 ms with one; a query embedding 600 ms of wall
time with every core and 33 ms of CPU with one."""


def allow(wait: bool) -> None:
    """Let this process load a model and fuse meaning into recall (`wait`: block on the first load).
    Called before numpy or the model is imported, so the thread settings take effect."""
    global _policy
    import os

    for name in THREAD_SETTINGS:
        os.environ.setdefault(name, "1")
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # a query's second thread sleeps, never spins
    _policy = "wait" if wait else "background"


def forbid() -> None:
    """Keep this process lexical from now on (`recall --lexical`)."""
    global _policy
    _policy = None


def _executor() -> Any:
    global _pool
    with _state_lock:
        if _pool is None:
            from concurrent.futures import ThreadPoolExecutor

            _pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="semantic")
        return _pool


def _ready_model(config: Config, role: str) -> Any:
    """The model if loaded (or `wait`), else None after starting its load in the background."""
    from hippocampus.semantic import embedder

    name, _why = embedder.choice(config)
    if name is None:
        return None
    if _policy == "wait" or (name, role, config.embed_url) in embedder._models:
        return embedder.load(config, role)
    with _state_lock:
        if name in _loading:
            return None
        _loading.add(name)

    def warm() -> None:
        try:
            embedder.load(config, role)
        finally:
            with _state_lock:
                _loading.discard(name)

    _executor().submit(warm)
    return None


def start_query(query: str, config: Config) -> Callable[[], tuple[str, Any] | None] | None:
    """Begin embedding `query` beside the lexical search; a callable that gives (model name, vector)
    or None. None at once where this process may not load a model, or the settings say lexical."""
    if _policy is None or config.semantic == "off" or not query.strip():
        return None
    try:
        model = _ready_model(config, "query")
    except Exception:  # noqa: BLE001 - a model that cannot load leaves recall lexical, never broken
        return None
    if model is None:
        return None
    future = _executor().submit(model.queries, [query])

    def result() -> tuple[str, Any] | None:
        try:
            return model.name, future.result()[0]
        except Exception:  # noqa: BLE001 - an endpoint down or a model error: this turn is lexical
            return None

    return result


_matrices: dict[tuple[str, str], Any] = {}  # (database, model) -> its `vector_matrix.VectorMatrix`
_matrix_lock = threading.Lock()


def _database_key(conn: sqlite3.Connection) -> str:
    return str(conn.execute("PRAGMA database_list").fetchone()[2])


def _refresh(conn: sqlite3.Connection, model: str) -> Any:
    """The cached matrix of `conn`'s database brought up to the connection's snapshot."""
    from hippocampus.semantic.vector_matrix import refreshed

    key = (_database_key(conn), model)
    matrix = _matrices[key] = refreshed(conn, model, _matrices.pop(key, None))
    return matrix


def similar(
    conn: sqlite3.Connection, model: str, vector: Any, also: list[int], k: int
) -> tuple[dict[int, float], tuple[float, float, int]]:
    """rid → similarity to `vector` beyond the store's average (`VectorMatrix.centred`) of the `k` most similar
    memories and of those in `also` (the lexical matches) that have a vector by `model`; and the mean,
    the standard deviation and the count of that similarity over every memory with a vector: the
    noise a memory found by meaning alone has to stand out of (`core.fusion.noise_bar`)."""
    import numpy as np

    from hippocampus.store.memo import memo

    with _matrix_lock:  # the worker checks the vectors' stamp only when the database changed
        matrix = memo(conn, ("matrix", model), lambda: _refresh(conn, model))
        if not matrix.index:
            return {}, (0.0, 0.0, 0)
        sims = matrix.centred(vector)
        rids, index = matrix.rids, matrix.index
        live = sims[np.isfinite(sims)] if matrix.gone else sims
        k = min(k, len(index))  # rows gone are -inf: never among the best k of those left
        best: Any = np.argpartition(-sims, k - 1)[:k] if k > 0 else []
        found = {rids[int(i)]: float(sims[int(i)]) for i in best}
        for rid in also:
            at = index.get(rid)
            if at is not None:
                found[rid] = float(sims[at])
    return found, (float(live.mean()), float(live.std()), len(index))


def catch_up(
    ws: Workspace,
    config: Config,
    budget_seconds: float | None = None,
    *,
    batch: int | None = None,
    threads: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Embed memories still without a vector by the current model, oldest first, `batch` (default
    `BATCH`) per model call on `threads` threads, until none is owed or `budget_seconds` passed (checked
    before each batch); returns how many vectors were stored. `progress(done, owed)` after each batch:
    vectors stored so far, and memories owed when the call began. Raises what the model raises."""
    from hippocampus.semantic import embedder
    from hippocampus.store import database, vectors

    name, _why = embedder.choice(config)
    if name is None:
        return 0
    with database.reading(ws) as conn:
        done, total = vectors.counts(conn, name)
    return _in_batches(ws, config, name, batch or BATCH, threads, budget_seconds, progress, owed=total - done)


def _in_batches(
    ws: Workspace,
    config: Config,
    name: str,
    batch: int,
    threads: int,
    budget_seconds: float | None,
    progress: Callable[[int, int], None] | None,
    owed: int,
    ids: list[str] | None = None,
) -> int:
    """The batch loop of `catch_up` (every memory owed) and `embed_written` (those of `ids`). Within one
    call the rows owed are read past the last one tried (`after`): no rescan of what is done, and a
    memory whose text changed while it was embedded waits for the next call instead of looping."""
    from hippocampus.semantic import embedder
    from hippocampus.store import database, reindex, vectors

    after, stored = 0, 0

    def step() -> int:
        nonlocal after, stored
        with database.reading(ws) as conn:
            todo = vectors.owed(conn, name, batch, after, ids)
        if not todo:
            return 0
        model = embedder.load(config, "passage")
        if model is None:
            return 0
        made = model.passages([content for _, _, content in todo], threads)
        with database.writing(ws) as conn:
            stored += vectors.put(conn, name, [(rid, norm, made[i].tobytes()) for i, (rid, norm, _) in enumerate(todo)])
        after = todo[-1][0]
        if progress is not None:
            progress(stored, owed)
        return len(todo)

    reindex.in_batches(step, budget_seconds)
    return stored


def embed_written(ws: Workspace, config: Config, ids: list[str], budget_seconds: float | None = CLI_SECONDS) -> int:
    """Embed, of the memories `ids` (what an encoding just wrote), those without a vector by the current
    model: the batches of `catch_up`, restricted to them. Returns how many vectors were stored."""
    from hippocampus.semantic import embedder

    name, _why = embedder.choice(config)
    if name is None or not ids:
        return 0
    return _in_batches(ws, config, name, BATCH, embedder.BATCH_THREADS, budget_seconds, None, len(ids), ids)


def after_encoding(ws: Workspace, config: Config, ids: list[str]) -> None:
    """Embed the memories `ids` an encoding just wrote, as this process may: on a background thread in
    the worker, at once in the CLI (within `CLI_SECONDS`), not at all in a cold hook (the worker's idle
    time and `hippocampus embed` catch up). Never more than those: the catch-up is its own job."""
    if _policy is None or config.semantic == "off" or not ids:
        return
    if _policy == "wait":
        _logged(ws, lambda: embed_written(ws, config, ids))
        return

    def work() -> None:
        _logged(ws, lambda: embed_written(ws, config, ids))
        _release_passages()

    threading.Thread(target=work, name="semantic-written", daemon=True).start()


def backfill(ws: Workspace, config: Config, budget_seconds: float | None) -> int:
    """`catch_up` for the warm worker's idle time: where this process may load a model (`allow`; else 0
    at once), one thread, `BATCH` per batch, for about `budget_seconds` (one batch more at most); a
    failure (endpoint down, model broken) goes to the log, once per process and reason, and returns 0:
    the memories stay found by their words. Returns how many vectors were stored; 0 also when none is owed,
    and then the passage model is dropped until there is work again."""
    if _policy is None:
        return 0
    stored = _logged(ws, lambda: catch_up(ws, config, budget_seconds))
    if not stored:
        _release_passages()
    return stored


def _release_passages() -> None:
    """Drop the passage model (`embedder.release`): the worker keeps it only while it has work. A call
    still embedding keeps its engine until its batch ends; its next batch loads one afresh."""
    from hippocampus.semantic import embedder

    embedder.release("passage")


_failures: set[tuple[str, str]] = set()  # (workspace, line) of embedding failures this process logged


def _logged(ws: Workspace, work: Callable[[], int]) -> int:
    """`work()`, or 0 when it fails, the failure written to the workspace's log (once per reason here)."""
    try:
        return work()
    except Exception as exc:  # noqa: BLE001 - embedding is an addition; it never fails what called it
        from hippocampus.clock import now
        from hippocampus.store.logs import log_line

        text = " ".join(str(exc).split())[:300]
        line = f"embedding memories failed (they stay found by their words): {type(exc).__name__}: {text}"
        with _state_lock:
            said = (str(ws.root), line) in _failures
            _failures.add((str(ws.root), line))
        if not said:
            log_line(ws, line, now())
        return 0


def describe(ws: Workspace, config: Config) -> dict[str, Any]:
    """What `status` says of recall: `semantic` or `lexical`, why, and for semantic the model and how
    many memories have its vector (the rest are found by their words until the backfill reaches them)."""
    from hippocampus.semantic import embedder
    from hippocampus.store import database, vectors

    name, why = embedder.choice(config)
    if name is None:
        return {"mode": "lexical", "why": why}
    with database.reading(ws) as conn:
        done, total = vectors.counts(conn, name)
    return {"mode": "semantic", "why": why, "model": name, "embedded": done, "waiting": total - done}
