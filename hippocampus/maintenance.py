"""Keeping the store healthy: set it up, decay and archive, consolidate, wipe.

These are the cron jobs' verbs (`decay` daily, `consolidate` weekly) and the installer's `init`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from hippocampus.core import lifecycle
from hippocampus.core.config import Config
from hippocampus.core.model import Index, format_time
from hippocampus.store import index_file, logs
from hippocampus.store.workspace import Workspace, ensure_layout


def init_workspace(ws: Workspace, now: datetime, config: Config) -> dict[str, Any]:
    """Create `memory/` and an empty index if missing (never touches existing memories), then write
    HIPPOCAMPUS_CORE.md and the dashboard; returns what it did."""
    from hippocampus import views
    from hippocampus.store import database

    created = not ws.db_path.exists() and not ws.index_path.exists()
    ensure_layout(ws)
    database.connect(ws).close()  # creates the database, or migrates the files it replaces
    count = index_file.count(ws)
    core = views.sync_core(ws, now, config)
    dashboard = str(views.write_dashboard(ws, now, config))
    return {"workspace": str(ws.root), "indexCreated": created, "memories": count, "core": core, "dashboard": dashboard}


def decay(ws: Workspace, now: datetime, config: Config, archive: bool = False) -> dict[str, Any]:
    """Refresh stored importance to the formula's value (idempotent); list or archive those under 0.2."""

    def change(index: Index) -> dict[str, Any]:
        index.memories = [lifecycle.refresh(m, now, config.curve) for m in index.memories]
        index.decay_last_run = format_time(now)
        fading = [m for m in index.memories if m.importance < lifecycle.ARCHIVE_BELOW]
        if archive and fading:
            logs.archive(ws, fading, now)
            gone = {m.id for m in fading}
            index.memories = [m for m in index.memories if m.id not in gone]
            logs.append_events(ws, [logs.event(now, "archive", m.id) for m in fading])
        return {
            "memories": len(index.memories),
            "candidates": [m.id for m in fading],
            "archived": [m.id for m in fading] if archive else [],
        }

    return index_file.update_index(ws, change, now, allow_empty=True)


def consolidate(ws: Workspace, now: datetime, config: Config) -> dict[str, Any]:
    """Merge near-duplicates (`core.consolidate`) and list fading memories."""
    from hippocampus.core.consolidate import merge_near_duplicates

    def change(index: Index) -> dict[str, Any]:
        index.memories, merged = merge_near_duplicates(index.memories, now, config.curve)
        logs.append_events(ws, [logs.event(now, "merge", m["from"], into=m["into"]) for m in merged])
        fading = [
            m.id
            for m in index.memories
            if lifecycle.effective_importance(m, now, config.curve) < lifecycle.ARCHIVE_BELOW
        ]
        return {"merged": merged, "fading": fading}

    return index_file.update_index(ws, change, now)


def wipe(ws: Workspace, now: datetime) -> int:
    """Delete every memory, the queue, the events log, the archive and HIPPOCAMPUS_CORE.md; returns how many."""
    return index_file.wipe(ws, now)
