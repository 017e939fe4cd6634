"""Encoding: queued signals, or whole imported conversations, become memories.

`encode_pending` is what `session_end` and the `encode` cron job run: it reads the queue after
the cursor, scores what capture left unscored, encodes, writes the index, and only then moves
the cursor, so a crash re-reads rather than loses.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hippocampus.core.config import Config
from hippocampus.core.model import Index, format_time
from hippocampus.semantic import embedding
from hippocampus.store import database, inbox, index_file, logs, queue
from hippocampus.store.workspace import Workspace

if TYPE_CHECKING:
    import sqlite3

    from hippocampus.core import verdicts
    from hippocampus.core.encode import EncodeResult
    from hippocampus.llm.client import Judge


def judge_for(config: Config) -> Judge | None:
    """The LLM judge of the ambiguous cases (`core.verdicts`) when `llm_decisions` is on, else None.

    The endpoint is `llm_url` and `llm_model` (else `$HIPPOCAMPUS_LLM_URL`, `$HIPPOCAMPUS_LLM_MODEL`),
    the key only `$HIPPOCAMPUS_LLM_KEY` (a secret stays out of the settings file); on without an
    endpoint is an `InputError`, raised before anything is read, so nothing queued is touched."""
    if not config.llm_decisions:
        return None
    import os

    from hippocampus.errors import InputError, LLMError
    from hippocampus.llm.client import Endpoint, Judge

    url = config.llm_url or os.environ.get("HIPPOCAMPUS_LLM_URL", "")
    model = config.llm_model or os.environ.get("HIPPOCAMPUS_LLM_MODEL", "")
    if not url or not model:
        raise InputError("llm_decisions is on but no endpoint is set: set llm_url and llm_model")
    endpoint = Endpoint(url, model, os.environ.get("HIPPOCAMPUS_LLM_KEY", ""), config.llm_timeout)
    try:
        endpoint.url("chat/completions")  # a URL that is not http(s) fails here, before the queue is read
    except LLMError as exc:
        raise InputError(f"setting llm_url: {exc}") from None
    return Judge(endpoint)


def _report_judge(ws: Workspace, judge: Judge | None, now: datetime) -> None:
    """One line in hippocampus.log when the endpoint failed or had answers refused (decisions fell back)."""
    if judge is not None and (judge.failure or judge.refused):
        reason = judge.failure or f"{judge.refused} answers were not a valid decision"
        logs.log_line(ws, f"llm_decisions: offline decisions used ({reason})", now)


def encode_pending(ws: Workspace, now: datetime, config: Config) -> EncodeResult:
    """Encode every queued signal in one transaction: the memories are written and the queue rows they
    came from removed together, so a crash encodes a signal exactly once or not at all. With a judge
    (`llm_decisions`) its questions are asked before that transaction, never inside it (`judging`)."""
    from hippocampus.llm.judging import prejudge

    judge = judge_for(config)
    decided = None
    if judge is not None:
        decided = prejudge(judge, lambda asking: _encode_queue(ws, now, config, asking, dry=True))
    report = _encode_queue(ws, now, config, decided)
    _report_judge(ws, judge, now)
    embedding.after_encoding(ws, config, report.created + report.reinforced)  # their vectors, as this process may
    return report


class _DryRun(Exception):
    """Raised to roll back a dry run's transaction (`judging`)."""


def _encode_queue(
    ws: Workspace, now: datetime, config: Config, judge: verdicts.Judge | None, dry: bool = False
) -> EncodeResult:
    """`encode_pending`'s transaction; `dry` rolls it back (the inbox files it claimed are claimed again
    by the next run, `inbox.claim`)."""
    from hippocampus.core.capture import score_queued
    from hippocampus.core.encode import EncodeResult, encode_into
    from hippocampus.store import activity, injections, memory_space, tombstones

    report = EncodeResult()
    try:
        with database.writing(ws) as conn:
            injected, used = injections.absorb(ws, conn)
            claimed = queue.absorb_inbox(ws, conn) + injected
            _mark_used(conn, used, now, config)
            signals, last, bad = queue.pending(conn)
            activity.note(conn, activity.CAPTURED, [s.timestamp for s in signals])
            signals, forgotten = tombstones.Stones.read(conn).keep(signals)  # forgetting lasts
            # the agent_end hook queues messages unscored (core/capture.py)
            signals = score_queued(signals, report.not_kept)
            report.malformed, report.skipped = bad, forgotten
            if signals:
                space = memory_space.StoreSpace(conn, now)
                result = encode_into(
                    space,
                    lambda: memory_space.StoreCandidates(conn),
                    signals,
                    now,
                    config.decay_curve,
                    config.consolidation_gate,
                    judge,
                    threshold=config.capture_threshold,
                    value_threshold=config.value_threshold,
                )
                space.flush()
                logs.insert_events(conn, result.events)
                report.add(result)
            if dry:
                raise _DryRun
            if last:
                queue.consume(conn, last)
                activity.note(conn, activity.ENCODED, [format_time(now)])
    except _DryRun:
        return report
    inbox.delete(claimed)
    return report


def _mark_used(conn: sqlite3.Connection, used: dict[str, str], now: datetime, config: Config) -> None:
    """The memories the blocks before turns held as relevant, marked as used when they were
    (`index_file.mark_used`), in the encoding's transaction; a record with an unreadable time is skipped."""
    from hippocampus.core.model import parse_time
    from hippocampus.store.index_file import mark_used

    when = {}
    for memory_id, text in used.items():
        try:
            when[memory_id] = min(parse_time(text), now)
        except ValueError:
            continue
    if when:
        mark_used(conn, when, now, config.recall_boost)


def ingest(
    ws: Workspace,
    now: datetime,
    config: Config,
    sessions: dict[str, list[dict[str, Any]]],
    progress: Callable[[int], None] | None = None,
) -> EncodeResult:
    """Run whole sessions of messages through capture and encoding, one session at a time."""
    from hippocampus.core.capture import signals_from_messages
    from hippocampus.core.encode import EncodeResult, encode
    from hippocampus.llm.judging import prejudge
    from hippocampus.store import tombstones

    total = EncodeResult()
    judge = judge_for(config)
    with database.reading(ws) as conn:
        stones = tombstones.Stones.read(conn)  # forgetting lasts: a forgotten message is not stored again

    def run(index: Index, asking: verdicts.Judge | None, dry: bool = False) -> None:
        for messages in sessions.values():
            not_kept: Counter[str] = Counter()
            signals, forgotten = stones.keep(signals_from_messages(messages, format_time(now), not_kept))
            if not dry:
                total.skipped += forgotten
            result = encode(
                index,
                signals,
                now,
                config.decay_curve,
                gate=config.consolidation_gate,
                judge=asking,
                threshold=config.capture_threshold,
                value_threshold=config.value_threshold,
            )
            result.not_kept.update(not_kept)
            if not dry:
                logs.append_events(ws, result.events)
                total.add(result)
                if progress:
                    progress(1)

    decided = None
    if judge is not None:  # its questions are asked on a copy first, outside the write transaction (`judging`)
        decided = prejudge(judge, lambda asking: run(index_file.load_index(ws), asking, dry=True))
    index_file.update_index(ws, lambda index: run(index, decided), now)
    _report_judge(ws, judge, now)
    embedding.after_encoding(ws, config, total.created + total.reinforced)
    return total


def backfill(
    ws: Workspace,
    now: datetime,
    config: Config,
    state: Path | None,
    agent: str,
    limit: int | None,
    then_encode: bool = False,
    progress: Callable[[int], Any] | None = None,
) -> dict[str, Any]:
    """Queue the OpenClaw history of `agent` (`openclaw.transcripts.preprocess`), then encode it if asked.

    `state` is OpenClaw's state folder (default: `$OPENCLAW_STATE_DIR`, else `~/.openclaw`).
    """
    from hippocampus.openclaw import transcripts
    from hippocampus.views.sync import sync_core

    report = transcripts.preprocess(ws, state or transcripts.state_dir(), agent, now, limit, progress)
    if then_encode:
        report["encoded"] = encode_pending(ws, now, config).to_dict()
        sync_core(ws, now, config)
    return report


def encode_and_refresh(ws: Workspace, now: datetime, config: Config | None = None) -> tuple[EncodeResult, list[str]]:
    """What `session_end` does: encode the queue with `config` (default: the workspace's settings, each
    bad key at its default: `store.config_file.settings`), then re-sync
    HIPPOCAMPUS_CORE.md (always) and the dashboard (only where the user already has one)
    when anything changed or the core file is missing; returns the report and any warnings."""
    from hippocampus.store import reindex, reprofile
    from hippocampus.store.config_file import settings
    from hippocampus.views.sync import refresh_views

    config = config or settings(ws.config_path).config
    report = encode_pending(ws, now, config)
    if report.not_kept:  # nothing is dropped silently: what was not kept, and why, one line
        logs.log_line(ws, f"session end: created {len(report.created)}{report.not_kept_line()}", now)
    warnings: list[str] = []
    if report.created or report.reinforced or not ws.core_path.exists():
        warnings = refresh_views(ws, now, config, dashboard=False)
    started = time.monotonic()
    reindex.catch_up(ws, budget_seconds=REINDEX_SECONDS)  # after the turn's memories are safe
    reprofile.catch_up(ws, budget_seconds=max(0.0, REINDEX_SECONDS - (time.monotonic() - started)))
    return report, warnings


REINDEX_SECONDS = 5.0
"""How long a session end spends in all on what an upgrade still owes: search fields (store/reindex.py),
then similarity profiles (store/reprofile.py); the rest waits for the next one, or for the daily decay."""
