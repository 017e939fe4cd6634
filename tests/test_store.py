"""The store: atomic, locked, never loses or blanks user data."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from hippocampus.core.model import Index, Memory
from hippocampus.errors import CorruptIndexError, SchemaError
from hippocampus.store import index_file, queue
from hippocampus.store.workspace import Workspace, resolve_workspace

NOW = datetime(2026, 3, 1, tzinfo=timezone.utc)
ROOT = Path(__file__).resolve().parent.parent


def ws_of(path: Path) -> Workspace:
    return Workspace(path)


def test_workspace_resolution(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert resolve_workspace(str(tmp_path / "x")) == tmp_path / "x"
    monkeypatch.setenv("WORKSPACE", str(tmp_path / "env"))
    assert resolve_workspace(None) == tmp_path / "env"
    monkeypatch.delenv("WORKSPACE")
    monkeypatch.setenv("HOME", str(tmp_path / "h"))
    assert resolve_workspace(None) == tmp_path / "h" / ".openclaw" / "workspace"


def test_roundtrip_and_layout(workspace: Path) -> None:
    ws = ws_of(workspace)
    index_file.update_index(
        ws, lambda ix: ix.memories.append(Memory(id=ix.new_id(), content="tea", created=NOW, last_accessed=NOW)), NOW
    )
    data = json.loads(ws.index_path.read_text())
    assert data["version"] == 2 and data["memories"][0]["id"] == "mem_001"
    for name in ("user", "self", "relationship", "world"):
        assert (ws.memory_dir / name).is_dir()
    assert index_file.load_index(ws).memories[0].content == "tea"


@pytest.mark.parametrize(
    "content",
    [b"{not json", b'{"memories": [{"id": "mem_001"', b"\x00\xff\xfe", b'{"memories": [{"content": "no id"}]}', b"[]"],
)
def test_corrupt_index_is_reported_and_left_byte_for_byte(workspace: Path, content: bytes) -> None:
    ws = ws_of(workspace)
    ws.memory_dir.mkdir(parents=True)
    ws.index_path.write_bytes(content)
    with pytest.raises(CorruptIndexError, match=str(ws.index_path)):
        index_file.update_index(ws, lambda ix: None, NOW)
    assert ws.index_path.read_bytes() == content


def test_schema_violation_writes_nothing(workspace: Path) -> None:
    ws = ws_of(workspace)

    def bad(ix: Index) -> None:
        ix.memories.append(Memory(id="mem 1!", content="", created=NOW, last_accessed=NOW))

    with pytest.raises(SchemaError):
        index_file.update_index(ws, bad, NOW)
    assert not ws.index_path.exists()


def test_never_blanks_an_index_with_memories(workspace: Path) -> None:
    ws = ws_of(workspace)
    index_file.update_index(
        ws, lambda ix: ix.memories.append(Memory(id=ix.new_id(), content="a", created=NOW, last_accessed=NOW)), NOW
    )
    before = ws.index_path.read_bytes()

    def blank(ix: Index) -> None:
        ix.memories.clear()

    with pytest.raises(CorruptIndexError, match="empty"):
        index_file.update_index(ws, blank, NOW)
    assert ws.index_path.read_bytes() == before


def test_ids_never_collide_after_deletions(workspace: Path) -> None:
    ws = ws_of(workspace)
    for _ in range(3):
        index_file.update_index(
            ws, lambda ix: ix.memories.append(Memory(id=ix.new_id(), content="m", created=NOW, last_accessed=NOW)), NOW
        )

    def drop_last(ix: Index) -> None:
        ix.memories.pop()

    index_file.update_index(ws, drop_last, NOW)
    index_file.update_index(
        ws, lambda ix: ix.memories.append(Memory(id=ix.new_id(), content="n", created=NOW, last_accessed=NOW)), NOW
    )
    ids = [m.id for m in index_file.load_index(ws).memories]
    assert ids == ["mem_001", "mem_002", "mem_004"]


def test_v1_index_from_the_original_skill_loads_and_migrates(workspace: Path) -> None:
    ws = ws_of(workspace)
    ws.memory_dir.mkdir(parents=True)
    v1 = {
        "version": 1,
        "lastUpdated": "2025-01-20",
        "decayLastRun": "2025-01-20",
        "lastProcessedMessageId": "x",
        "memories": [
            {
                "id": "mem_001",
                "domain": "user",
                "category": "preferences",
                "content": "User prefers concise responses",
                "importance": 0.85,
                "created": "2025-01-15",
                "lastAccessed": "2025-01-20",
                "timesReinforced": 3,
                "keywords": ["preference", "concise", "style"],
            },
            {
                "id": "mem_007",
                "domain": "world",
                "category": "facts",
                "content": "Paris is in France",
                "importance": 0.5,
                "created": "2025-01-15",
                "lastAccessed": "2025-01-15",
                "timesReinforced": 0,
                "keywords": [],
            },
        ],
    }
    ws.index_path.write_text(json.dumps(v1))
    index = index_file.load_index(ws)
    assert index.memories[0].anchor == 0.85 and index.memories[0].times_reinforced == 3
    index_file.update_index(
        ws, lambda ix: ix.memories.append(Memory(id=ix.new_id(), content="new", created=NOW, last_accessed=NOW)), NOW
    )
    data = json.loads(ws.index_path.read_text())
    assert data["version"] == 2
    assert [m["id"] for m in data["memories"]] == ["mem_001", "mem_007", "mem_008"]
    assert data["memories"][0]["lastAccessed"] == "2025-01-20T00:00:00Z"
    assert data["memories"][0]["keywords"] == ["preference", "concise", "style"]


def test_signal_queue_skips_partial_and_malformed_lines(workspace: Path) -> None:
    ws = ws_of(workspace)
    ws.memory_dir.mkdir(parents=True)
    ws.signals_path.write_bytes(
        b'{"session":"s","id":"1","text":"a","timestamp":"2026-01-01T00:00:00Z"}\n'
        b"garbage\n"
        b'{"session":"s","id":"2","text":"b"'
    )
    signals, end, bad = queue.read_pending_signals(ws)
    assert [s.message_id for s in signals] == ["1"] and bad == 1
    queue.write_cursor(ws, end)
    with open(ws.signals_path, "ab") as handle:
        handle.write(b',"timestamp":"2026-01-01T00:00:00Z"}\n')
    signals, _, _ = queue.read_pending_signals(ws)
    assert [s.message_id for s in signals] == ["2"]


def test_eight_processes_remember_25_each_and_all_200_survive(workspace: Path) -> None:
    script = (
        "import sys\n"
        "from hippocampus.cli.app import main\n"
        "p = sys.argv[1]\n"
        "for i in range(25):\n"
        "    try:\n"
        "        main(['--workspace', sys.argv[2], 'remember', f'process {p} fact number {i} zebra{p}x{i}'],"
        " standalone_mode=False)\n"
        "    except SystemExit:\n"
        "        pass\n"
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(p), str(workspace)],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for p in range(8)
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err.decode()
    memories = index_file.load_index(ws_of(workspace)).memories
    assert len(memories) == 200
    assert len({m.id for m in memories}) == 200
    assert len({m.content for m in memories}) == 200
