"""Semantic recall: query embedding, the warm vector matrix, and embedding memories in the background.

Contract:
- A process opts in with `allow(wait)`: the CLI (`wait=True`: a command waits for the model), the warm
  worker and the cold `request_before` (`wait=False`: the model loads on a background thread, the worker
  from its start on (`preload`)). A hook call runs inside `turn(deadline)`: its query waits for a model
  still loading until a share of its budget is left (`RESERVE`), so the first turn after a start gets the
  same block as every later one; past that it is recalled by its words, and `turn` says why (`missed`)
  for the hook to log. A process that never called `allow` (request_after, session_end) gets None from
  `start_query` at once and imports nothing heavy.
- `similar` compares a query vector with every stored vector of the model (one matrix product),
  from a per-database matrix kept in memory (`vector_matrix`) and refreshed from `vec.seq` on every
  call (in the worker, only when the database changed: `store.memo`): the new rows only, or all of
  them when any went (so a forgotten memory's vector leaves the cache at the next turn).
- Embedding memories (the catch-up, and what an encoding just wrote) is `semantic.embedding`'s; it
  asks `policy()` whether this process may load a model.
"""

from __future__ import annotations

import contextlib
import threading
import time
from concurrent.futures import TimeoutError as FutureTimeout  # the builtin TimeoutError from 3.11 on
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable, Iterator
    from concurrent.futures import Future

    from hippocampus.core.config import Config
    from hippocampus.semantic.embedder import Model
    from hippocampus.store.workspace import Workspace

RESERVE = 1 / 3
"""The share of a hook call's budget kept for what follows the query's vector (the vector matrix, which a
cold process reads from the store, fusion, the block): a model still loading past that point leaves the
turn lexical rather than late, which would cost it its whole block."""

_policy: str | None = None  # None: never load a model here; "wait" or "background"
_state_lock = threading.Lock()
_pool: Any = None
_loads: dict[tuple[str, str, str], Future[Model | None]] = {}  # model key -> its load, while it runs
_embedding: set[str] = set()


class Turn:
    """One hook call's terms for semantic recall: `deadline` (`time.time()` seconds) by which its answer is
    due, or None (no bound: the CLI); `missed` says why its recall was lexical although a model is chosen."""

    __slots__ = ("deadline", "missed", "started")

    def __init__(self, deadline: float | None) -> None:
        self.deadline = deadline
        self.started = time.time()
        self.missed = ""

    def wait_until(self) -> float | None:
        """Until when the query may wait for its model and vector (None: no bound)."""
        if self.deadline is None:
            return None
        return self.deadline - RESERVE * max(0.0, self.deadline - self.started)


_turn: ContextVar[Turn | None] = ContextVar("hippocampus_semantic_turn", default=None)


@contextlib.contextmanager
def turn(deadline: float | None) -> Iterator[Turn]:
    """`with search.turn(deadline) as t:` runs one hook call's recall under `t` (see `Turn`)."""
    current = Turn(deadline)
    token = _turn.set(current)
    try:
        yield current
    finally:
        _turn.reset(token)


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


def policy() -> str | None:
    """Whether this process may load a model: None (never), "wait" (the CLI) or "background" (the worker)."""
    return _policy


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


def _load(config: Config, role: str, start: bool = True) -> tuple[Model | None, Future[Model | None] | None]:
    """(the model, None) when it is loaded, else (None, its load), started now on the pool if need be
    (and `start`)."""
    from hippocampus.semantic import embedder

    name, _why = embedder.choice(config)
    if name is None:
        return None, None
    key = (name, role, config.embed_url)
    model = embedder._models.get(key)
    if model is not None:
        return model, None
    pool = _executor()
    with _state_lock:
        future = _loads.get(key)
        started = future is None and start
        if started:
            future = _loads[key] = pool.submit(embedder.load, config, role)
    if started and future is not None:
        future.add_done_callback(lambda _: _forget_load(key))  # may run at once, here: outside the lock
    return None, future


def _forget_load(key: tuple[str, str, str]) -> None:
    with _state_lock:
        _loads.pop(key, None)  # loaded (now in embedder._models) or failed (the next turn tries again)


def preload(config: Config) -> None:
    """Start loading the model that `config` chooses for queries, if any (the worker, right after it starts)."""
    if _policy is not None and config.semantic != "off":
        _load(config, "query")


def preload_vectors(root: str, model: str) -> Future[None]:
    """Start reading the vectors of `model` in the store of workspace `root` into this process's matrix
    (the worker, beside its model's load, on the semantic pool), so the first turn finds them: it read
    them itself before, ~0.06 s of CPU at 10k memories and ~0.6 s at 100k here (BENCHMARKS.md, issue 23).
    A store that cannot be read is left to the first turn, which says why."""

    def read() -> None:
        from hippocampus.store.readonly import connect_readonly

        conn = connect_readonly(root)
        if conn is None:
            return
        try:
            with _matrix_lock:
                _refresh(conn, model)
        finally:
            conn.close()

    return _executor().submit(read)  # type: ignore[no-any-return]


def loading() -> bool:
    """Whether a model load is still running in this process (a cold hook does not wait for it to exit)."""
    with _state_lock:
        return bool(_loads)


def loaded() -> list[str]:
    """The names of the models this process has loaded (the worker's `status` says them)."""
    from hippocampus.semantic import embedder

    return sorted({name for name, _role, _url in list(embedder._models)})


def start_query(query: str, config: Config) -> Callable[[], tuple[str, Any] | None] | None:
    """Begin embedding `query` beside the lexical search; a callable that gives (model name, vector)
    or None. None at once where this process may not load a model, or the settings say lexical."""
    if _policy is None or config.semantic == "off" or not query.strip():
        return None
    current = _turn.get()
    until = current.wait_until() if current is not None else None
    try:  # outside a turn with a deadline, a "background" process neither waits for a load nor starts one
        model, load = _load(config, "query", start=until is not None or _policy == "wait")
    except Exception as exc:  # noqa: BLE001 - a model that cannot load leaves recall lexical, never broken
        _miss(current, f"the embedding model cannot load ({_one_line(exc)})")
        return None
    if model is None and (load is None or (until is None and _policy != "wait")):
        return None
    future = _executor().submit(model.queries, [query]) if model is not None else None

    def result() -> tuple[str, Any] | None:
        timeout = None if until is None else max(0.0, until - time.time())
        ready = model
        if ready is None and load is not None:
            try:
                ready = load.result(timeout)
            except FutureTimeout:
                _miss(current, "the embedding model was not ready within the hook's budget")
                return None
            except Exception as exc:  # noqa: BLE001 - a model that cannot load leaves this turn lexical
                _miss(current, f"the embedding model cannot load ({_one_line(exc)})")
                return None
        if ready is None:
            return None
        try:
            if future is None:  # the first turn of a process, after waiting for the load: its thread embeds
                return ready.name, ready.queries([query])[0]
            return ready.name, future.result(timeout)[0]
        except FutureTimeout:
            _miss(current, "the query's embedding did not finish within the hook's budget")
        except Exception as exc:  # noqa: BLE001 - an endpoint down or a model error: this turn is lexical
            _miss(current, f"the query's embedding failed ({_one_line(exc)})")
        return None

    return result


def _miss(current: Turn | None, why: str) -> None:
    if current is not None:
        current.missed = why


def _one_line(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]}"


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


def centroid(conn: sqlite3.Connection, model: str) -> Any:
    """The centroid `similar` last measured `conn`'s store from, for `model` (None before any call)."""
    with _matrix_lock:
        matrix = _matrices.get((_database_key(conn), model))
        return None if matrix is None or matrix.centre is None else matrix.centre[1]


def has_vectors(conn: sqlite3.Connection, config: Config) -> bool:
    """Whether the store holds vectors by the model these settings choose (none chosen: False): where it
    holds none, a call need not wait for the model, as meaning would add nothing."""
    from hippocampus.semantic import embedder
    from hippocampus.store import vectors

    name, _why = embedder.choice(config)
    return name is not None and vectors.present(conn, name)


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
