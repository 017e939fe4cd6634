"""The append-only records beside the index: the events log, the archive and the failure log.

- `memory/events.jsonl`: one JSON object per line, `{"time", "type", "id", ...}` (creates,
  reinforcements, reviews, merges, archives, forgets, revisions).
- `memory/archive.md`: Markdown entries of archived memories (OpenClaw never injects it).
- `memory/hippocampus.log`: one line per hook failure or warning, `<ISO time> <message>`.
"""

from __future__ import annotations

import contextlib
import os
from datetime import datetime

from hippocampus.core.model import format_time
from hippocampus.store.files import append_jsonl, read_jsonl
from hippocampus.store.workspace import Workspace

TYPE_CHECKING = False  # typing costs ~10 ms of a cold start; mypy still reads the block below
if TYPE_CHECKING:
    from typing import Any

ARCHIVE_HEADER = "# Hippocampus archive\n\nMemories that faded below 0.2, moved here by `hippocampus archive`.\n\n"


def event(now: datetime, kind: str, memory_id: str, **more: Any) -> dict[str, Any]:
    """One events-log row."""
    return {"time": format_time(now), "type": kind, "id": memory_id, **more}


def append_events(ws: Workspace, events: list[dict[str, Any]]) -> None:
    """Log encodes, reinforcements, decays and archives; caller holds the lock."""
    append_jsonl(ws.events_path, events)


def read_events(ws: Workspace) -> list[dict[str, Any]]:
    """All readable events, oldest first; malformed lines are skipped."""
    return [row for row in read_jsonl(ws.events_path) if row is not None]


def append_archive(ws: Workspace, markdown: str) -> None:
    """Append archived memories to `memory/archive.md` (a file OpenClaw does not inject)."""
    path = ws.archive_path
    head = "" if path.exists() else ARCHIVE_HEADER
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(head + markdown)
        handle.flush()
        os.fsync(handle.fileno())


def log_line(ws: Workspace, message: str, now: datetime) -> None:
    """Append one line to `memory/hippocampus.log`; never raises."""
    with contextlib.suppress(OSError):
        ws.memory_dir.mkdir(parents=True, exist_ok=True)
        with open(ws.log_path, "a", encoding="utf-8") as handle:
            handle.write(f"{format_time(now)} {message}\n")
