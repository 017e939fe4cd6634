"""`forget` and `wipe` leave no copy: every byte of every file under the workspace (memory/backups/ too) is searched."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from hippocampus import maintenance, memories
from hippocampus.core.capture import raw_signal
from hippocampus.core.config import Config
from hippocampus.encoding import encode_pending
from hippocampus.llm import summaries
from hippocampus.store import backups, index_file, logs, queue
from hippocampus.store.workspace import Workspace
from hippocampus.views import sync

NOW = datetime(2026, 3, 1, tzinfo=timezone.utc)
MARKERS = ("Zanzibarquux", "zanzibarquux", "Wobblefrond", "wobblefrond")


def files_with_marker(root: Path) -> list[str]:
    """Every file under `root` whose bytes contain a marker (in the database, its WAL, anywhere)."""
    hits = []
    for path in root.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            if any(m.encode() in data for m in MARKERS):
                hits.append(str(path.relative_to(root)))
    return hits


def build_store(ws: Workspace) -> list[str]:
    """Memories that mention the markers through every write path: remember, the queue and encoding,
    a revision (whose event keeps before/after text), the archive, the core file and the dashboard; and
    a backup after each step (memory/backups/): one before any marker, one holding a marker only as a
    queued message, one holding the text before its revision, and so on."""
    config = Config()
    # a preference is ordinary since issue 24: kept core here so it outlives the 120-day decay below
    keep = memories.remember(ws, NOW, config, "I prefer green tea in the morning", importance=0.9)
    backups.take(ws, NOW, 9)  # no marker yet: a forget keeps it
    signal = raw_signal("sess", "m1", "Remember that Wobblefrond is my cat's middle name", NOW.isoformat())
    assert signal is not None
    queue.append_signals(ws, [signal])
    backups.take(ws, NOW, 9)  # Wobblefrond only as a queued message, under no memory's id
    a = memories.remember(ws, NOW, config, "Remember that my Zanzibarquux password hint is a parrot")
    encode_pending(ws, NOW, config)
    b = next(m for m in index_file.load_index(ws).memories if "Wobblefrond" in m.content)
    backups.take(ws, NOW, 9)  # Wobblefrond before its revision
    summaries.revise(ws, NOW, b.id, "The cat Wobblefrond has a middle name")
    faded = memories.remember(ws, NOW, config, "The zanzibarquux lamp was sold long ago", importance=0.3)
    later = NOW + timedelta(days=120)
    maintenance.decay(ws, later, config, archive=True)
    backups.take(ws, later, 9)  # zanzibarquux archived
    sync.refresh_views(ws, later, config, archive=True)
    assert len(backups.listing(ws)) == 4
    assert keep.id != a.id
    assert ws.archive_path.exists() and ws.dashboard_path.exists() and ws.core_path.exists()
    assert files_with_marker(ws.root), "the markers reached the files before forgetting"
    assert any(faded.id == e["id"] for e in logs.read_events(ws) if e["type"] == "archive")
    return [a.id, b.id, faded.id]


def test_forget_leaves_no_copy_anywhere(workspace: Path) -> None:
    ws = Workspace(workspace)
    ids = build_store(ws)
    first = backups.listing(ws)[-1]
    memories.forget(ws, NOW + timedelta(days=121), ids, Config())
    assert files_with_marker(workspace) == []
    kept = backups.listing(ws)
    assert first in kept, "the backup taken before any of them existed is kept"
    assert len(kept) == 2 and backups.problem(kept[0]) is None, "and the store as it is now, without them"
    remaining = [m.content for m in index_file.load_index(ws).memories]
    assert any("green tea" in c for c in remaining), "the others are kept"
    kinds = [e["type"] for e in logs.read_events(ws) if e["id"] in ids]
    assert "forget" in kinds and "create" in kinds, "the events stay, without text"


def test_wipe_leaves_no_copy_anywhere(workspace: Path) -> None:
    ws = Workspace(workspace)
    build_store(ws)
    maintenance.wipe(ws, NOW + timedelta(days=121), Config())
    assert files_with_marker(workspace) == []
    assert index_file.count(ws) == 0 and ws.dashboard_path.exists()
    assert backups.listing(ws) == [], "a backup would bring every memory back"
