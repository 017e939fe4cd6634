"""Embedding memories: the catch-up, its own job, and the memories an encoding just wrote.

Contract:
- `catch_up` embeds every memory still without a vector by the current model (after an import, an
  upgrade, a model change), in batches of `BATCH` embedded by one call of the model outside any
  transaction, each stored in its own short one (`store.vectors.put`, which drops a vector whose memory
  changed meanwhile), so a kill loses at most the batch in hand and the next call resumes where the
  vectors stop. It runs until done or its time budget is spent, and reports progress after each batch.
  `hippocampus embed` runs it to the end on every core; the warm worker calls `backfill` in bounded
  slices of its idle time (one thread).
- Nothing else waits on the catch-up: `after_encoding` embeds only the memories an encoding just wrote
  (in the worker on a background thread after the answer, in the CLI at once, within `CLI_SECONDS`,
  in a cold hook not at all), and `decay` embeds nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from hippocampus.semantic import search

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

_lock = threading.Lock()


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
    if search.policy() is None or config.semantic == "off" or not ids:
        return
    if search.policy() == "wait":
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
    if search.policy() is None:
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
        with _lock:
            said = (str(ws.root), line) in _failures
            _failures.add((str(ws.root), line))
        if not said:
            log_line(ws, line, now())
        return 0
