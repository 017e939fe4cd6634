"""Every file the store creates is 0600, whatever the umask: the database and its -wal and -shm (SQLite
creates them by the umask, and the database was 0644), the inbox, the injection records, the log, the
Markdown files and the dashboard. A database an older version left 0644 is made 0600 on the next open."""

from __future__ import annotations

import io
import json
import os
import stat
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from hippocampus import encoding, maintenance, memories
from hippocampus.core.config import Config
from hippocampus.openclaw import hooks
from hippocampus.store import database, logs
from hippocampus.store.workspace import Workspace
from hippocampus.views import sync

NOW = datetime(2026, 3, 1, 10, tzinfo=timezone.utc)
CONFIG = Config(semantic="off")


@pytest.fixture
def lax_umask() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def _modes(root: Path) -> dict[str, int]:
    return {
        str(p.relative_to(root)): stat.S_IMODE(p.stat().st_mode)
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


def _hook(root: Path, name: str, **event: object) -> None:
    ctx = {"agentId": "main", "sessionKey": "agent:main:main", "sessionId": "sess-1", "workspaceDir": str(root)}
    raw = json.dumps({"hook": "x", "event": event, "workspace": str(root), "config": {}, "ctx": ctx}).encode()
    assert hooks.run(name, io.BytesIO(raw), io.StringIO(), io.StringIO()) == 0


def test_every_file_the_store_creates_is_private(
    tmp_path: Path, lax_umask: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HIPPOCAMPUS_NOW", "2026-03-01T10:00:00Z")
    root = tmp_path / "ws"
    root.mkdir()
    ws = Workspace(root)
    memories.remember(ws, NOW, CONFIG, "My sister Ilse lives in Ghent and teaches piano")
    encoding.ingest(
        ws,
        NOW,
        CONFIG,
        {"s1": [{"session": "s1", "id": "m1", "role": "user", "text": "I keep bees on the roof", "timestamp": ""}]},
    )
    with database.reading(ws):  # a reader keeps the -wal and -shm open
        held = _modes(root)
    _hook(root, "request_before", prompt="Where does Ilse live?", messages=[])
    user = {"role": "user", "content": [{"type": "text", "text": "Remember that my locker is number 31"}]}
    _hook(root, "request_after", messages=[user, {"role": "assistant", "content": [{"type": "text", "text": "OK"}]}])
    after_turn = _modes(root)
    _hook(root, "session_end", reason="new")
    logs.log_line(ws, "a line for the log", NOW)
    sync.refresh_views(ws, NOW, CONFIG, dashboard=True, archive=True)
    maintenance.decay(ws, NOW + timedelta(days=400), CONFIG, archive=True)
    sync.write_archive(ws, NOW + timedelta(days=400), CONFIG)
    found = {**held, **after_turn, **_modes(root)}
    names = {Path(n).name for n in found}
    for expected in (
        "hippocampus.db",
        "hippocampus.db-wal",
        "hippocampus.db-shm",
        "inbox.jsonl",
        "HIPPOCAMPUS_CORE.md",
    ):
        assert expected in names, f"{expected} was never created: the check would prove nothing"
    assert {"injections.jsonl", "hippocampus.log", "archive.md"} <= names
    assert {n: oct(m) for n, m in found.items() if m != 0o600} == {}


def test_a_database_left_readable_by_an_older_version_is_made_private(tmp_path: Path, lax_umask: None) -> None:
    ws = Workspace(tmp_path)
    memories.remember(ws, NOW, CONFIG, "The spare key is with the neighbour at number 12")
    for suffix in ("", "-wal", "-shm"):
        path = ws.db_path.with_name(ws.db_path.name + suffix)
        if path.exists():
            path.chmod(0o644)
    with database.reading(ws):
        modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in ws.memory_dir.glob("hippocampus.db*")}
    assert modes and set(modes.values()) == {0o600}, modes
