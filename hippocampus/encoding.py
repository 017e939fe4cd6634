"""Encoding: queued signals, or whole imported conversations, become memories.

`encode_pending` is what `session_end` and the `encode` cron job run: it reads the queue after
the cursor, scores what capture left unscored, encodes, writes the index, and only then moves
the cursor, so a crash re-reads rather than loses.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from hippocampus.core.config import Config
from hippocampus.core.model import Index, format_time
from hippocampus.store import database, inbox, index_file, logs, queue
from hippocampus.store.workspace import Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hippocampus.core.encode import EncodeResult


def encode_pending(ws: Workspace, now: datetime, config: Config) -> EncodeResult:
    """Encode every queued signal in one transaction: the memories are written and the queue rows they
    came from removed together, so a crash encodes a signal exactly once or not at all."""
    from hippocampus.core.capture import score_queued
    from hippocampus.core.encode import EncodeResult, encode_into
    from hippocampus.store import injections, memory_space

    with database.writing(ws) as conn:
        claimed = queue.absorb_inbox(ws, conn) + injections.absorb(ws, conn)
        signals, last, bad = queue.pending(conn)
        signals = score_queued(signals)  # the agent_end hook queues messages unscored (core/capture.py)
        report = EncodeResult(malformed=bad)
        if signals:
            space = memory_space.StoreSpace(conn, now)
            result = encode_into(
                space, lambda: memory_space.StoreCandidates(conn), signals, now, config.curve, config.consolidation_gate
            )
            space.flush()
            logs.insert_events(conn, result.events)
            report.add(result)
        if last:
            queue.consume(conn, last)
    inbox.delete(claimed)
    return report


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

    total = EncodeResult()

    def change(index: Index) -> None:
        for messages in sessions.values():
            result = encode(
                index,
                signals_from_messages(messages, format_time(now)),
                now,
                config.curve,
                gate=config.consolidation_gate,
            )
            logs.append_events(ws, result.events)
            total.add(result)
            if progress:
                progress(1)

    index_file.update_index(ws, change, now)
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
    from hippocampus.views import sync_core

    report = transcripts.preprocess(ws, state or transcripts.state_dir(), agent, now, limit, progress)
    if then_encode:
        report["encoded"] = encode_pending(ws, now, config).to_dict()
        sync_core(ws, now, config)
    return report


def encode_and_refresh(ws: Workspace, now: datetime) -> tuple[EncodeResult, list[str]]:
    """What `session_end` does: encode the queue with the workspace's settings, then re-sync
    HIPPOCAMPUS_CORE.md (always) and the dashboard (only where the user already has one)
    when anything changed or the core file is missing; returns the report and any warnings."""
    from hippocampus.store.config_file import load_config
    from hippocampus.views import refresh_views

    config = load_config(ws)
    report = encode_pending(ws, now, config)
    warnings: list[str] = []
    if report.created or report.reinforced or not ws.core_path.exists():
        warnings = refresh_views(ws, now, config, dashboard=False)
    return report, warnings
