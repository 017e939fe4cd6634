"""The store: one SQLite database, transactional, validated, never loses or blanks user data.

Legacy files (index.json, the JSONL queue and events, state.json) migrate once, with nothing lost;
a file that cannot be read whole stops the migration with a one-line error and is left as it is.
"""

from __future__ import annotations

import json
import math
import sqlite3
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hippocampus import memories
from hippocampus.core.config import Config
from hippocampus.core.junk import noise
from hippocampus.core.model import Index, Memory
from hippocampus.errors import CorruptIndexError, HippocampusError, InputError, SchemaError, StoreError
from hippocampus.store import database, inbox, index_file, logs, queue
from hippocampus.store.workspace import Workspace, resolve_workspace

NOW = datetime(2026, 3, 1, tzinfo=timezone.utc)
ROOT = Path(__file__).resolve().parent.parent


def add(text: str) -> object:
    def change(ix: Index) -> None:
        ix.memories.append(Memory(id=ix.new_id(), content=text, created=NOW, last_accessed=NOW))

    return change


def legacy_memory(memory_id: str, content: str, **more: object) -> dict[str, object]:
    return {
        "id": memory_id,
        "content": content,
        "importance": 0.6,
        "created": "2026-01-01T00:00:00Z",
        "lastAccessed": "2026-01-02T00:00:00Z",
        **more,
    }


def test_workspace_resolution(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for key in ("WORKSPACE", "OPENCLAW_WORKSPACE_DIR", "OPENCLAW_STATE_DIR"):
        monkeypatch.delenv(key, raising=False)
    assert resolve_workspace(str(tmp_path / "x")) == tmp_path / "x"
    monkeypatch.setenv("WORKSPACE", str(tmp_path / "env"))
    assert resolve_workspace(None) == tmp_path / "env"
    monkeypatch.delenv("WORKSPACE")
    monkeypatch.setenv("HOME", str(tmp_path / "h"))
    assert resolve_workspace(None) == tmp_path / "h" / ".openclaw" / "workspace"
    monkeypatch.setenv("OPENCLAW_STATE_DIR", str(tmp_path / "state"))
    assert resolve_workspace(None) == tmp_path / "state" / "workspace"
    monkeypatch.setenv("OPENCLAW_WORKSPACE_DIR", str(tmp_path / "oc"))
    assert resolve_workspace(None) == tmp_path / "oc"


def test_roundtrip_and_layout(workspace: Path) -> None:
    ws = Workspace(workspace)
    index_file.update_index(ws, add("tea"), NOW)
    data = index_file.load_index(ws).to_dict()
    assert data["version"] == 2 and data["memories"][0]["id"] == "mem_001" and data["nextId"] == 2
    for name in ("user", "self", "relationship", "world"):
        assert (ws.memory_dir / name).is_dir()
    assert ws.db_path.is_file() and not ws.index_path.exists()
    with sqlite3.connect(ws.db_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA user_version").fetchone()[0] == database.SCHEMA_VERSION


def test_schema_violation_writes_nothing(workspace: Path) -> None:
    ws = Workspace(workspace)

    def bad(ix: Index) -> None:
        ix.memories.append(Memory(id="mem 1!", content="", created=NOW, last_accessed=NOW))

    with pytest.raises(SchemaError):
        index_file.update_index(ws, bad, NOW)
    assert index_file.count(ws) == 0


PASTED = "Bearer sk-ant-api03-" + "Zx9q" * 12 + "\nsecond line"
"""A secret pasted into a field the schema refuses (a fake key, with a line break)."""


@pytest.mark.parametrize("field", ["domain", "category", "id"])
def test_a_schema_error_is_one_line_and_never_echoes_the_value(workspace: Path, field: str) -> None:
    """The error names where and which rule, from the schema only: not the value, which may be a
    secret (a validator's own message quotes it), nor a line break from it; nothing is written."""
    ws = Workspace(workspace)

    def pasted(ix: Index) -> None:
        memory = Memory(id=ix.new_id(), content="a note", created=NOW, last_accessed=NOW)
        setattr(memory, field, PASTED)
        ix.memories.append(memory)

    with pytest.raises(SchemaError) as caught:
        index_file.update_index(ws, pasted, NOW)
    message = str(caught.value)
    assert "\n" not in message and "Zx9q" not in message and "Bearer" not in message, message
    assert f"at {field}: pattern " in message, message
    assert index_file.count(ws) == 0


def test_a_date_that_is_not_one_is_refused_without_being_echoed() -> None:
    """A `date-time` field holding something else fails on its format, named by path; the value is not shown."""
    from hippocampus.store.schema import validate_memory

    item = Memory(id="mem_1", content="a note", created=NOW, last_accessed=NOW).to_dict()
    with pytest.raises(SchemaError) as caught:
        validate_memory({**item, "created": PASTED})
    assert str(caught.value) == "memory 'mem_1' does not match the index schema at created: format \"date-time\""
    del item["keywords"], item["sources"]
    with pytest.raises(SchemaError, match="at \\(top\\): missing keywords, sources$"):
        validate_memory(item)


@pytest.mark.parametrize("field", ["anchor", "importance", "stability"])
@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_non_finite_numbers_are_never_written(workspace: Path, field: str, value: float) -> None:
    ws = Workspace(workspace)
    index_file.update_index(ws, add("tea"), NOW)

    def poison(ix: Index) -> None:
        setattr(ix.memories[0], field, value)

    with pytest.raises(SchemaError):
        index_file.update_index(ws, poison, NOW)
    assert math.isfinite(getattr(index_file.load_index(ws).memories[0], field))


def test_never_blanks_an_index_with_memories(workspace: Path) -> None:
    ws = Workspace(workspace)
    index_file.update_index(ws, add("a"), NOW)
    with pytest.raises(CorruptIndexError, match="empty"):
        index_file.update_index(ws, lambda ix: ix.memories.clear(), NOW)
    assert [m.content for m in index_file.load_index(ws).memories] == ["a"]


def test_ids_never_collide_after_deletions(workspace: Path) -> None:
    ws = Workspace(workspace)
    for _ in range(3):
        index_file.update_index(ws, add("m"), NOW)
    index_file.update_index(ws, lambda ix: ix.memories.pop(), NOW)
    index_file.update_index(ws, add("n"), NOW)
    assert [m.id for m in index_file.load_index(ws).memories] == ["mem_001", "mem_002", "mem_004"]


def test_a_failing_change_rolls_back_with_its_events(workspace: Path) -> None:
    ws = Workspace(workspace)

    def change(ix: Index) -> None:
        add("x")(ix)  # type: ignore[operator]
        logs.append_events(ws, [logs.event(NOW, "create", "mem_001")])
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        index_file.update_index(ws, change, NOW)
    assert index_file.count(ws) == 0 and logs.read_events(ws) == []


V1 = {
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


def test_v1_index_from_the_original_skill_migrates_with_nothing_lost(workspace: Path) -> None:
    ws = Workspace(workspace)
    ws.memory_dir.mkdir(parents=True)
    ws.index_path.write_text(json.dumps(V1))
    index = index_file.load_index(ws)
    assert index.memories[0].anchor == 0.85 and index.memories[0].times_reinforced == 3
    assert not ws.index_path.exists(), "migrated, then removed (the database holds it all)"
    index_file.update_index(ws, add("new"), NOW)
    data = index_file.load_index(ws).to_dict()
    assert data["version"] == 2
    assert [m["id"] for m in data["memories"]] == ["mem_001", "mem_007", "mem_008"]
    assert data["memories"][0]["lastAccessed"] == "2025-01-20T00:00:00Z"
    assert data["memories"][0]["keywords"] == ["preference", "concise", "style"]


def test_the_queue_events_and_watermarks_migrate_from_their_files(workspace: Path) -> None:
    ws = Workspace(workspace)
    ws.memory_dir.mkdir(parents=True)
    ws.index_path.write_text(json.dumps({"version": 2, "memories": [legacy_memory("mem_001", "tea")]}))
    done = b'{"session":"s","id":"0","text":"already encoded","timestamp":"2026-01-01T00:00:00Z"}\n'
    ws.signals_path.write_bytes(
        done + b'{"session":"s","id":"1","text":"a","timestamp":"2026-01-01T00:00:00Z"}\n'
        b"garbage\n"
        b'{"session":"s","id":"2","text":"b"'  # a writer mid-append: not a signal yet
    )
    ws.cursor_path.write_text(f"{len(done)}\n")
    ws.events_path.write_text('{"time": "2026-01-01T00:00:00Z", "type": "create", "id": "mem_001"}\nnot json\n')
    ws.state_path.write_text(json.dumps({"preprocess": {"sqlite:main": 42}}))
    (ws.memory_dir / ".cache").mkdir()
    (ws.memory_dir / ".cache" / "search.sqlite").write_bytes(b"old cache with tea in it")
    signals, _last, bad = queue.read_pending_signals(ws)
    assert [s.message_id for s in signals] == ["1"] and bad == 0
    assert [e["id"] for e in logs.read_events(ws)] == ["mem_001"]
    from hippocampus.store import state

    assert state.get(ws, "preprocess", {}) == {"sqlite:main": 42}
    for gone in (ws.index_path, ws.signals_path, ws.cursor_path, ws.events_path, ws.state_path, ws.cache_path):
        assert not gone.exists(), gone


BAD_INDEXES = [
    b"{not json",
    b'{"memories": [{"id": "mem_001"',
    b"\x00\xff\xfe",
    b'{"memories": [{"content": "no id"}]}',
    b"[]",
    json.dumps({"memories": [legacy_memory("mem_001", "x", importance=5)]}).encode(),
    b'{"memories": [{"id": "mem_001", "content": "x", "importance": NaN, "created": "2026-01-01"}]}',
    b'{"memories": [{"id": "mem_001", "content": "x", "importance": Infinity, "created": "2026-01-01"}]}',
    json.dumps({"memories": [legacy_memory("mem_001", "x"), legacy_memory("mem_001", "y")]}).encode(),
]


@pytest.mark.parametrize("content", BAD_INDEXES)
def test_a_bad_legacy_index_is_reported_and_left_byte_for_byte(workspace: Path, content: bytes) -> None:
    ws = Workspace(workspace)
    ws.memory_dir.mkdir(parents=True)
    ws.index_path.write_bytes(content)
    for attempt in range(2):  # and nothing half-migrated in between
        with pytest.raises(CorruptIndexError, match=str(ws.index_path)) as caught:
            index_file.update_index(ws, lambda ix: None, NOW)
        assert "\n" not in str(caught.value), attempt
    assert ws.index_path.read_bytes() == content


def test_a_legacy_index_that_is_a_folder_or_a_link_is_refused(workspace: Path, tmp_path: Path) -> None:
    ws = Workspace(workspace)
    ws.memory_dir.mkdir(parents=True)
    ws.index_path.mkdir()
    with pytest.raises(CorruptIndexError, match="folder"):
        index_file.load_index(ws)
    ws.index_path.rmdir()
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps(V1))
    ws.index_path.symlink_to(outside)
    with pytest.raises(CorruptIndexError, match="link"):
        index_file.load_index(ws)
    assert outside.read_text() == json.dumps(V1) and ws.index_path.is_symlink()


@pytest.mark.parametrize("junk", [b"SQLite format 3\x00" + b"\xff" * 5000, b"this is not a database at all" * 200])
def test_a_damaged_database_gives_one_line_and_is_left_as_it_is(workspace: Path, junk: bytes) -> None:
    ws = Workspace(workspace)
    ws.memory_dir.mkdir(parents=True)
    ws.db_path.write_bytes(junk)
    with pytest.raises(HippocampusError) as caught:
        index_file.load_index(ws)
    assert str(ws.db_path) in str(caught.value) and "\n" not in str(caught.value)
    assert ws.db_path.read_bytes() == junk


def test_links_and_folders_under_memory_are_refused(workspace: Path, tmp_path: Path) -> None:
    ws = Workspace(workspace)
    ws.memory_dir.mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere.db"
    ws.db_path.symlink_to(elsewhere)
    with pytest.raises(StoreError, match="link"):
        index_file.update_index(ws, add("x"), NOW)
    assert not elsewhere.exists()
    ws.db_path.unlink()
    ws.db_path.mkdir()
    with pytest.raises(StoreError, match="not a regular file"):
        index_file.load_index(ws)
    import shutil

    shutil.rmtree(ws.memory_dir)
    real = tmp_path / "real-memory"
    real.mkdir()
    ws.memory_dir.symlink_to(real)
    with pytest.raises(StoreError, match="link"):
        index_file.load_index(ws)
    assert list(real.iterdir()) == []


def test_the_failure_log_never_follows_a_link(workspace: Path, tmp_path: Path) -> None:
    ws = Workspace(workspace)
    ws.memory_dir.mkdir(parents=True)
    target = tmp_path / "victim.txt"
    target.write_text("keep me\n")
    ws.log_path.symlink_to(target)
    logs.log_line(ws, "a failure", NOW)
    assert target.read_text() == "keep me\n"


def test_malformed_queue_rows_are_counted_and_consumed_with_their_batch(workspace: Path) -> None:
    ws = Workspace(workspace)
    with database.writing(ws) as conn:
        conn.execute("INSERT INTO queue(json) VALUES ('garbage')")
        conn.execute("INSERT INTO queue(json) VALUES (?)", (json.dumps({"session": "s", "id": "1", "text": "x"}),))
    signals, last, bad = queue.read_pending_signals(ws)
    assert [s.message_id for s in signals] == ["1"] and bad == 1 and last == 2
    from hippocampus.encoding import encode_pending

    assert encode_pending(ws, NOW, Config()).malformed == 1
    assert queue.queued(ws) == 0


def test_inbox_signals_reach_the_queue_at_the_next_encode(workspace: Path) -> None:
    from hippocampus.core.capture import raw_signal
    from hippocampus.encoding import encode_pending

    ws = Workspace(workspace)
    ws.memory_dir.mkdir(parents=True)
    signal = raw_signal("s", "m1", "Remember that my sister's name is Alma", "2026-03-01T00:00:00Z")
    assert signal is not None
    inbox.append_signals(str(ws.root), [signal, signal])  # the same message twice: encoded once
    report = encode_pending(ws, NOW, Config())
    assert len(report.created) == 1 and report.skipped == 1
    assert not (ws.memory_dir / inbox.INBOX_FILE).exists()


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
    stored = index_file.load_index(Workspace(workspace)).memories
    assert len(stored) == 200
    assert len({m.id for m in stored}) == 200
    assert len({m.content for m in stored}) == 200


WORDS = st.text(alphabet="abcdefghij", min_size=3, max_size=8)
OPS = st.lists(
    st.one_of(
        st.tuples(st.just("remember"), st.lists(WORDS, min_size=1, max_size=4).map(" ".join)),
        st.tuples(st.just("forget"), st.integers(min_value=0, max_value=30)),
        st.tuples(st.just("reinforce"), st.integers(min_value=0, max_value=30)),
    ),
    max_size=25,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS)
def test_the_store_agrees_with_a_simple_model_under_any_sequence(tmp_path: Path, ops: list[tuple[str, object]]) -> None:
    """Property: after any sequence of remember / forget / reinforce, the store holds exactly what a dict
    model says, ids are unique and never reused, and search finds every stored memory by its words."""
    import tempfile

    from hippocampus.core import facts, similarity

    ws = Workspace(tempfile.mkdtemp(dir=tmp_path))
    model: dict[str, str] = {}
    issued: set[str] = set()
    config = Config()
    for op, arg in ops:
        if op == "remember":
            text = str(arg)
            same = [i for i, t in model.items() if " ".join(t.split()) == " ".join(text.split())]
            if noise(text):  # junk ("bbbb" is keyboard mash) is refused and changes nothing
                with pytest.raises(InputError):
                    memories.remember(ws, NOW, config, text)
                continue
            memory = memories.remember(ws, NOW, config, text)
            # issue 24: a paraphrase (as encoding judges it) is reinforced too, never a new memory
            said_again = [
                i
                for i, t in model.items()
                if similarity.similarity(text, t) >= similarity.SAME_THRESHOLD and not facts.distinct_values(text, t)
            ]
            if same:
                assert memory.id == same[0]
            elif said_again:
                assert memory.id in said_again
            else:
                assert memory.id not in issued
                model[memory.id] = memory.content
                issued.add(memory.id)
        elif model:
            target = sorted(model)[int(str(arg)) % len(model)]
            if op == "forget":
                memories.forget(ws, NOW, [target], config)
                del model[target]
            else:
                memories.reinforce(ws, NOW, config, [target])
    stored = {m.id: m.content for m in index_file.load_index(ws).memories}
    assert stored == model
    from hippocampus.recall import recall

    for memory_id, text in model.items():
        assert memory_id in {h.memory.id for h in recall(ws, text, NOW, config, k=50)}


@pytest.mark.parametrize("cursor", ["-5", "999999", "junk"])
def test_a_bad_legacy_cursor_loses_no_queued_signal(workspace: Path, cursor: str) -> None:
    ws = Workspace(workspace)
    ws.memory_dir.mkdir(parents=True)
    ws.signals_path.write_bytes(b'{"session":"s","id":"1","text":"a","timestamp":"2026-01-01T00:00:00Z"}\n')
    ws.cursor_path.write_text(cursor)
    signals, _last, _bad = queue.read_pending_signals(ws)
    assert [s.message_id for s in signals] == ["1"]


def test_a_half_written_inbox_line_never_swallows_the_next_one(workspace: Path) -> None:
    from hippocampus.core.capture import raw_signal

    ws = Workspace(workspace)
    ws.memory_dir.mkdir(parents=True)
    (ws.memory_dir / inbox.INBOX_FILE).write_bytes(b'{"session": "s", "id": "cut-sho')  # the disk was full
    signal = raw_signal("s", "m2", "Remember that the next message survives", NOW.isoformat())
    assert signal is not None
    inbox.append_signals(str(ws.root), [signal])
    from hippocampus.encoding import encode_pending

    report = encode_pending(ws, NOW, Config())
    assert report.malformed == 1 and len(report.created) == 1


def test_a_busy_database_spills_the_turn_quietly_and_the_next_encode_takes_it(workspace: Path) -> None:
    """Another writer holds the database: capture does not wait past its short budget, raises nothing, and
    the signal reaches the queue at the next encode."""
    from hippocampus.core.capture import raw_signal
    from hippocampus.encoding import encode_pending

    ws = Workspace(workspace)
    signal = raw_signal("s", "busy-1", "Remember that the busy turn is kept", NOW.isoformat())
    assert signal is not None
    holder = database.connect(ws)
    holder.execute("BEGIN IMMEDIATE")
    try:
        started = time.perf_counter()
        queue.append_signals(ws, [signal], busy=0.05)
        assert time.perf_counter() - started < 1.0
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert (ws.memory_dir / inbox.INBOX_FILE).exists() and queue.queued(ws) == 1
    with database.reading(ws) as conn:
        assert conn.execute("SELECT COUNT(*) FROM queue").fetchone()[0] == 0, "waiting in the inbox, not the table"
    report = encode_pending(ws, NOW, Config())
    assert len(report.created) == 1 and not (ws.memory_dir / inbox.INBOX_FILE).exists()
