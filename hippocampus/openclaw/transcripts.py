"""Reads OpenClaw history into the signal queue: the 2026.9.6 SQLite store and legacy JSONL sessions.

Sources, per agent, under the OpenClaw state folder (`$OPENCLAW_STATE_DIR`, else `~/.openclaw`):
- `agents/<id>/agent/openclaw-agent.sqlite`, table `transcript_events` (opened read-only);
  rows compressed into `event_zstd` are decoded when a zstd module is available, else skipped
  and counted;
- `agents/<id>/sessions/*.jsonl`, one transcript line per line.
Each source keeps a watermark in `memory/state.json` (SQLite: the last rowid; JSONL: the byte
offset) that advances only after the signals read from it are queued. Message ids are the same
stable hashes the live hook uses, so history and live capture never double-count a message.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from hippocampus.core.model import Signal, format_time, parse_time
from hippocampus.openclaw.messages import message_id, message_text
from hippocampus.openclaw.payload import in_scope
from hippocampus.store import database, files, queue
from hippocampus.store import state as state_store
from hippocampus.store.workspace import Workspace

STATE_KEY = "preprocess"
Progress = Callable[[int], None]


@dataclass(frozen=True)
class Message:
    """One user message read from history."""

    session: str
    text: str
    timestamp: str


@dataclass
class Stats:
    """What a read saw: rows, malformed lines, compressed rows skipped, sessions out of scope."""

    rows: int = 0
    messages: int = 0
    malformed: int = 0
    compressed_skipped: int = 0
    sessions_skipped: int = 0
    sources: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON form for `--json`."""
        return {
            "rows": self.rows,
            "messages": self.messages,
            "malformed": self.malformed,
            "compressedSkipped": self.compressed_skipped,
            "sessionsSkipped": self.sessions_skipped,
            "sources": self.sources,
        }


def state_dir() -> Path:
    """OpenClaw's state folder: `$OPENCLAW_STATE_DIR`, else `~/.openclaw`."""
    env = os.environ.get("OPENCLAW_STATE_DIR")
    return Path(env).expanduser() if env else Path.home() / ".openclaw"


def _zstd_decoder() -> Callable[[bytes], bytes] | None:
    """A zstd decompressor from the standard library (3.14+) or `zstandard`, or None.

    Whatever the module raises on a bad frame is turned into ValueError.
    """
    try:
        from compression import zstd  # type: ignore[import-not-found]

        def std(blob: bytes) -> bytes:
            try:
                return bytes(zstd.decompress(blob))
            except zstd.ZstdError as exc:
                raise ValueError(str(exc)) from None

        return std
    except ImportError:
        pass
    try:
        import zstandard  # type: ignore[import-not-found]

        def third_party(blob: bytes) -> bytes:
            try:
                return bytes(zstandard.ZstdDecompressor().decompress(blob, max_output_size=1 << 23))
            except zstandard.ZstdError as exc:
                raise ValueError(str(exc)) from None

        return third_party
    except ImportError:
        return None


def parse_line(row: Any, session: str) -> Message | None:
    """A user message from one transcript line (a dict), or None for anything else."""
    if not isinstance(row, dict) or row.get("type") != "message":
        return None
    message = row.get("message")
    if not isinstance(message, dict) or message.get("role") != "user":
        return None
    text = message_text(message)
    if not text:
        return None
    stamp = row.get("timestamp") or message.get("timestamp")
    try:
        if isinstance(stamp, (int, float)) and not isinstance(stamp, bool):
            when = format_time(datetime.fromtimestamp(stamp / 1000.0, tz=timezone.utc))
        else:
            when = format_time(parse_time(str(stamp)))
    except (ValueError, OverflowError, OSError):
        when = ""
    return Message(session, text, when)


def _out_of_scope(agent: str, session_key: str) -> bool:
    """Cron runs, sub-agents, heartbeats and group chats are not the user's conversation."""
    ok, _why = in_scope({"ctx": {"agentId": agent, "sessionKey": session_key}})
    return not ok


def open_ro(path: Path) -> sqlite3.Connection:
    """Open an OpenClaw database read-only (never writes, never creates)."""
    conn = None
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        conn.execute("SELECT 1 FROM sqlite_master LIMIT 1")
        return conn
    except sqlite3.OperationalError:  # e.g. a WAL database in a read-only folder: read it as it stands
        if conn is not None:
            conn.close()  # not left to the garbage collector, holding the file open
        return sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)


def read_sqlite(
    path: Path, agent: str, after: int, stats: Stats, progress: Progress | None = None
) -> tuple[list[Message], int]:
    """User messages in rows after rowid `after`, and the last rowid read."""
    conn = open_ro(path)
    try:
        keys: dict[str, str] = {}
        with contextlib.suppress(sqlite3.DatabaseError):  # an older store without session_windows
            keys = {str(s): str(k) for s, k in conn.execute("SELECT session_id, session_key FROM session_windows")}
        decode = _zstd_decoder()
        out: list[Message] = []
        last = after
        skipped: set[str] = set()
        sql = "SELECT rowid, session_id, event_json, event_zstd FROM transcript_events WHERE rowid > ? ORDER BY rowid"
        for rowid, session, event_json, event_zstd in conn.execute(sql, (after,)):
            last = int(rowid)
            stats.rows += 1
            if progress:
                progress(1)
            session = str(session)
            if _out_of_scope(agent, keys.get(session, "")):
                skipped.add(session)
                continue
            raw = event_json
            if raw is None and event_zstd is not None:
                if decode is None:
                    stats.compressed_skipped += 1
                    continue
                try:
                    raw = decode(bytes(event_zstd)).decode("utf-8")
                except ValueError:  # includes UnicodeDecodeError
                    stats.malformed += 1
                    continue
            try:
                row = json.loads(raw)
            except (TypeError, json.JSONDecodeError):
                stats.malformed += 1
                continue
            message = parse_line(row, session)
            if message:
                out.append(message)
        stats.sessions_skipped += len(skipped)
        return out, last
    finally:
        conn.close()


def count_sqlite(path: Path, after: int) -> int:
    """How many rows a read after `after` will visit (for the progress bar)."""
    conn = open_ro(path)
    try:
        return int(conn.execute("SELECT count(*) FROM transcript_events WHERE rowid > ?", (after,)).fetchone()[0])
    finally:
        conn.close()


def jsonl_keys(folder: Path) -> dict[str, str]:
    """session id -> session key, from the legacy `sessions.json` next to the JSONL files."""
    data = files.read_json(folder / "sessions.json", {})
    keys: dict[str, str] = {}
    if isinstance(data, dict):
        for key, entry in data.items():
            if isinstance(entry, dict) and entry.get("sessionId"):
                keys[str(entry["sessionId"])] = str(key)
    return keys


def read_jsonl(
    path: Path, agent: str, after: int, stats: Stats, keys: dict[str, str], progress: Progress | None = None
) -> tuple[list[Message], int]:
    """User messages in complete lines after byte `after`, and the offset just past them."""
    size = path.stat().st_size
    if after > size:
        after = 0  # the file was replaced or truncated: read it again (ids dedupe)
    session = path.stem
    out: list[Message] = []
    with open(path, "rb") as handle:
        handle.seek(after)
        data = handle.read()
    consumed = 0
    for line in data.splitlines(keepends=True):
        if not line.endswith(b"\n"):
            break  # a writer is mid-line: leave it for next time
        consumed += len(line)
        if progress:
            progress(len(line))
        if not line.strip():
            continue
        stats.rows += 1
        try:
            row = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            stats.malformed += 1
            continue
        if isinstance(row, dict) and row.get("type") == "session" and row.get("id"):
            session = str(row["id"])
            continue
        message = parse_line(row, session)
        if message:
            out.append(message)
    if _out_of_scope(agent, keys.get(session, keys.get(path.stem, ""))):
        stats.sessions_skipped += 1
        out = []
    return out, after + consumed


def sources(state: Path, agent: str) -> list[tuple[str, Path]]:
    """(watermark key, path) of every history source of `agent`, SQLite first."""
    found: list[tuple[str, Path]] = []
    db = state / "agents" / agent / "agent" / "openclaw-agent.sqlite"
    if db.is_file():
        found.append((f"sqlite:{agent}", db))
    folder = state / "agents" / agent / "sessions"
    if folder.is_dir():
        found.extend((f"jsonl:{agent}/{p.name}", p) for p in sorted(folder.glob("*.jsonl")))
    return found


def to_signals(messages: list[Message], now: datetime) -> list[Signal]:
    """Clean, redact and score messages into signals with the same ids the live hook uses."""
    from hippocampus.core.capture import signals_from_messages

    rows = [
        {
            "session": m.session,
            "id": message_id(m.session, m.text),
            "text": m.text,
            "timestamp": m.timestamp or format_time(now),
            "role": "user",
        }
        for m in messages
    ]
    return signals_from_messages(rows, format_time(now))


def preprocess(
    ws: Workspace,
    state: Path,
    agent: str,
    now: datetime,
    limit: int | None,
    progress_factory: Callable[[int], Any] | None = None,
) -> dict[str, Any]:
    """Queue the last `limit` signals (all when None) of new history; then advance the watermarks."""
    stats = Stats()
    marks: dict[str, Any] = dict(state_store.get(ws, STATE_KEY, {}))
    found = sources(state, agent)
    total = 0
    for key, path in found:
        total += (
            count_sqlite(path, int(marks.get(key, 0)))
            if key.startswith("sqlite:")
            else max(0, path.stat().st_size - int(marks.get(key, 0)))
        )
    bar = progress_factory(total) if progress_factory else None
    step: Progress | None = bar.update if bar is not None else None
    messages: list[Message] = []
    new_marks: dict[str, int] = {}
    try:
        for key, path in found:
            stats.sources.append(str(path))
            if key.startswith("sqlite:"):
                got, mark = read_sqlite(path, agent, int(marks.get(key, 0)), stats, step)
            else:
                got, mark = read_jsonl(path, agent, int(marks.get(key, 0)), stats, jsonl_keys(path.parent), step)
            messages.extend(got)
            new_marks[key] = mark
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    stats.messages = len(messages)
    messages.sort(key=lambda m: m.timestamp)
    signals = to_signals(messages, now)
    if limit is not None:
        signals = signals[-limit:] if limit > 0 else []
    with database.writing(ws):  # the signals and the watermarks that cover them commit together
        queue.append_signals(ws, signals)
        state_store.update(ws, STATE_KEY, new_marks)
    return {"queued": len(signals), "candidates": len(messages), **stats.to_dict()}


def iter_agents(state: Path) -> Iterator[str]:
    """Agent ids that have history under the state folder."""
    folder = state / "agents"
    if folder.is_dir():
        yield from sorted(p.name for p in folder.iterdir() if p.is_dir())
