"""History backfill: OpenClaw's SQLite store (read-only) and legacy JSONL, watermarks and `--signals N`.

The SQLite fixture uses the columns of OpenClaw 2026.9.6's `transcript_events` and
`session_windows` and lines copied from a real turn; the real database is read by the e2e suite.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from hippocampus.openclaw import transcripts
from hippocampus.openclaw.messages import message_id
from hippocampus.store import queue, state
from hippocampus.store.workspace import Workspace

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)
SESSION = "c15abe43-15ad-4214-b054-4aa13102c9d7"
CRON = "9d1e0c55-0000-4000-8000-000000000001"


def line(role: str, content: Any, minute: int, ident: str = "") -> str:
    """One transcript line in the format OpenClaw stores."""
    return json.dumps(
        {
            "type": "message",
            "id": ident or f"id-{role}-{minute}",
            "parentId": None,
            "timestamp": f"2026-11-29T11:{minute:02d}:33.293Z",
            "message": {"role": role, "content": content, "timestamp": 1795951220443},
        }
    )


def make_db(state: Path, rows: list[tuple[str, str | None, bytes | None]]) -> Path:
    """`agents/main/agent/openclaw-agent.sqlite` with (session_id, event_json, event_zstd) rows."""
    db = state / "agents" / "main" / "agent" / "openclaw-agent.sqlite"
    db.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(db)
    conn.executescript(
        "CREATE TABLE IF NOT EXISTS session_windows (session_id TEXT NOT NULL PRIMARY KEY,"
        " session_key TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);"
        "CREATE TABLE IF NOT EXISTS transcript_events (session_id TEXT NOT NULL, seq INTEGER NOT NULL,"
        " event_json TEXT, created_at INTEGER NOT NULL, event_zstd BLOB, event_utf8_bytes INTEGER,"
        " navigation_json TEXT, PRIMARY KEY (session_id, seq));"
    )
    conn.execute("INSERT OR IGNORE INTO session_windows VALUES (?, 'agent:main:main', 0, 0)", (SESSION,))
    conn.execute("INSERT OR IGNORE INTO session_windows VALUES (?, 'agent:main:cron:nightly:run:1', 0, 0)", (CRON,))
    start = conn.execute("SELECT count(*) FROM transcript_events").fetchone()[0]
    for i, (session, event_json, event_zstd) in enumerate(rows, start=start):
        conn.execute(
            "INSERT INTO transcript_events VALUES (?,?,?,?,?,?,?)",
            (
                session,
                i,
                event_json,
                1795951233293 + i,
                event_zstd,
                None if event_zstd is None else 10,
                None if event_zstd is None else "{}",
            ),
        )
    conn.commit()
    conn.close()
    return db


def history() -> list[tuple[str, str | None, bytes | None]]:
    """A real-looking session: the session line, a model change, user and assistant turns."""
    return [
        (
            SESSION,
            json.dumps(
                {"type": "session", "version": 4, "id": SESSION, "timestamp": "2026-11-29T11:20:31.715Z", "cwd": "/ws"}
            ),
            None,
        ),
        (
            SESSION,
            json.dumps(
                {
                    "type": "model_change",
                    "provider": "fake",
                    "modelId": "fake-model",
                    "id": "5e48",
                    "parentId": None,
                    "timestamp": "2026-11-29T11:20:31.801Z",
                }
            ),
            None,
        ),
        (SESSION, line("user", "Remember that my sister's name is Alma", 20), None),
        (SESSION, line("assistant", [{"type": "text", "text": "I love that name, I will remember it"}], 21), None),
        (SESSION, line("user", [{"type": "text", "text": "I prefer green tea over coffee in the morning"}], 22), None),
        (SESSION, "{ this line is broken", None),
        (SESSION, None, b"\x28\xb5\x2f\xfd compressed"),
        (CRON, line("user", "Remember that the nightly report must run", 23), None),
    ]


def queued(ws: Workspace) -> list[dict[str, Any]]:
    return queue.rows(ws) if ws.db_path.exists() else []


@pytest.fixture
def ws(workspace: Path) -> Workspace:
    return Workspace(workspace)


@pytest.fixture(autouse=True)
def no_zstd(monkeypatch: pytest.MonkeyPatch) -> None:
    """CI's Python has no zstd module; make that explicit so the count is deterministic."""
    monkeypatch.setattr(transcripts, "_zstd_decoder", lambda: None)


def test_sqlite_history_is_queued_with_the_ids_the_live_hook_uses(ws: Workspace, tmp_path: Path) -> None:
    db = make_db(tmp_path / "state", history())
    before = db.read_bytes()
    report = transcripts.preprocess(ws, tmp_path / "state", "main", NOW, None)
    signals = queued(ws)
    assert [s["text"] for s in signals] == [
        "Remember that my sister's name is Alma",
        "I prefer green tea over coffee in the morning",
    ]
    assert all(s["role"] == "user" and s["session"] == SESSION for s in signals)
    assert signals[0]["id"] == message_id(SESSION, "Remember that my sister's name is Alma")
    assert signals[0]["timestamp"] == "2026-11-29T11:20:33.293000Z"
    assert report["malformed"] == 1
    assert report["compressedSkipped"] == 1
    assert report["sessionsSkipped"] == 1, "the cron session is not the user's conversation"
    assert db.read_bytes() == before, "the OpenClaw database is only read"


def test_compressed_rows_are_read_when_a_decoder_exists(
    ws: Workspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blob = line("user", "Remember that my brother lives in Lisbon", 30).encode()
    make_db(tmp_path / "state", [(SESSION, None, blob)])
    monkeypatch.setattr(transcripts, "_zstd_decoder", lambda: lambda data: data)
    report = transcripts.preprocess(ws, tmp_path / "state", "main", NOW, None)
    assert report["compressedSkipped"] == 0
    assert [s["text"] for s in queued(ws)] == ["Remember that my brother lives in Lisbon"]


def test_watermark_reads_only_what_is_new(ws: Workspace, tmp_path: Path) -> None:
    state = tmp_path / "state"
    make_db(state, history())
    transcripts.preprocess(ws, state, "main", NOW, None)
    assert transcripts.preprocess(ws, state, "main", NOW, None)["queued"] == 0
    make_db(state, [(SESSION, line("user", "Remember that my dentist is on Friday at nine", 40), None)])
    report = transcripts.preprocess(ws, state, "main", NOW, None)
    assert report["queued"] == 1 and report["rows"] == 1
    assert queued(ws)[-1]["text"] == "Remember that my dentist is on Friday at nine"


def test_signals_n_really_limits_to_the_last_n(ws: Workspace, tmp_path: Path) -> None:
    rows = [(SESSION, line("user", f"Remember that item number {i} is stored in box {i}", i), None) for i in range(10)]
    make_db(tmp_path / "state", rows)
    report = transcripts.preprocess(ws, tmp_path / "state", "main", NOW, 3)
    assert report["queued"] == 3
    assert [s["text"] for s in queued(ws)] == [f"Remember that item number {i} is stored in box {i}" for i in (7, 8, 9)]
    assert transcripts.preprocess(ws, tmp_path / "state", "main", NOW, 3)["queued"] == 0


def test_watermark_advances_only_after_the_signals_are_queued(
    ws: Workspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_db(tmp_path / "state", history())

    def crash(_ws: Workspace, _signals: list[Any]) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(queue, "append_signals", crash)
    with pytest.raises(OSError):
        transcripts.preprocess(ws, tmp_path / "state", "main", NOW, None)
    assert state.get(ws, transcripts.STATE_KEY, {}) == {}, "no watermark moved"
    monkeypatch.undo()
    monkeypatch.setattr(transcripts, "_zstd_decoder", lambda: None)
    assert transcripts.preprocess(ws, tmp_path / "state", "main", NOW, None)["queued"] == 2


def test_legacy_jsonl_sessions_with_malformed_and_partial_lines(ws: Workspace, tmp_path: Path) -> None:
    folder = tmp_path / "state" / "agents" / "main" / "sessions"
    folder.mkdir(parents=True)
    path = folder / "legacy-1.jsonl"
    partial = line("user", "Remember that my passport expires in March", 12)
    path.write_text(
        "\n".join(
            [
                json.dumps({"type": "session", "id": "legacy-session"}),
                line("user", "I always cycle to work when it is sunny", 10),
                "not json at all",
                line("assistant", "I hate rain", 11),
            ]
        )
        + "\n"
        + partial[:30],
        encoding="utf-8",
    )
    report = transcripts.preprocess(ws, tmp_path / "state", "main", NOW, None)
    assert report["malformed"] == 1
    assert [(s["session"], s["text"]) for s in queued(ws)] == [
        ("legacy-session", "I always cycle to work when it is sunny")
    ]
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(partial[30:] + "\n")
    transcripts.preprocess(ws, tmp_path / "state", "main", NOW, None)
    assert queued(ws)[-1]["text"] == "Remember that my passport expires in March"


def test_jsonl_cron_sessions_are_skipped(ws: Workspace, tmp_path: Path) -> None:
    folder = tmp_path / "state" / "agents" / "main" / "sessions"
    folder.mkdir(parents=True)
    (folder / "sessions.json").write_text(json.dumps({"agent:main:cron:x:run:1": {"sessionId": "cronrun"}}))
    (folder / "cronrun.jsonl").write_text(line("user", "Remember that the job must run", 1) + "\n")
    report = transcripts.preprocess(ws, tmp_path / "state", "main", NOW, None)
    assert report["queued"] == 0 and report["sessionsSkipped"] == 1


def test_cli_preprocess_then_encode(run_cli: Any, tmp_path: Path, workspace: Path) -> None:
    make_db(tmp_path / "state", history())
    result = run_cli("preprocess", "--state-dir", str(tmp_path / "state"), "--json", "--encode")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["queued"] == 2 and len(report["encoded"]["created"]) == 2
    text = run_cli("preprocess", "--state-dir", str(tmp_path / "state"))
    assert text.returncode == 0 and "Queued 0 signals" in text.stdout
    recalled = json.loads(run_cli("recall", "Alma", "--json").stdout)
    assert recalled[0]["sources"][0]["session"] == SESSION


def test_cli_preprocess_without_history(run_cli: Any, tmp_path: Path) -> None:
    result = run_cli("preprocess", "--state-dir", str(tmp_path / "nothing"), "--whole", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["queued"] == 0
