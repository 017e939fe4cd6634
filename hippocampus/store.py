"""The one module that reads and writes the memory store under `$WORKSPACE/memory/`.

Every write is atomic (temp file, fsync, `os.replace`) and every read-modify-write holds
an exclusive `flock` on `memory/.lock`, because hooks of parallel sessions and cron jobs
run at once. A corrupt index is never overwritten: loading it raises `CorruptIndexError`
naming the file, and the bytes stay as they were.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import time
from datetime import datetime
from pathlib import Path

from .errors import CorruptIndexError, LockTimeoutError
from .model import Index, Signal, format_time
from .valueclass import ValueClass

TYPE_CHECKING = False  # typing costs ~10 ms of a cold start; mypy still reads the block below
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any, TypeVar

    T = TypeVar("T")

LOCK_TIMEOUT_SECONDS = 30.0
DOMAIN_DIRS = ("user", "self", "relationship", "world")


def resolve_workspace(explicit: str | os.PathLike[str] | None = None) -> Path:
    """`--workspace`, else `$WORKSPACE`, else `~/.openclaw/workspace` (the rule in `paths.py`)."""
    from .paths import workspace_dir

    return Path(workspace_dir(explicit))


class Workspace(ValueClass):
    """Paths of everything Hippocampus writes in one OpenClaw workspace."""

    __slots__ = ("root",)
    root: Path

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)

    @property
    def memory_dir(self) -> Path:
        return self.root / "memory"

    @property
    def index_path(self) -> Path:
        return self.memory_dir / "index.json"

    @property
    def signals_path(self) -> Path:
        return self.memory_dir / "signals.jsonl"

    @property
    def cursor_path(self) -> Path:
        return self.memory_dir / "signals.cursor"

    @property
    def events_path(self) -> Path:
        return self.memory_dir / "events.jsonl"

    @property
    def archive_path(self) -> Path:
        return self.memory_dir / "archive.md"

    @property
    def config_path(self) -> Path:
        return self.memory_dir / "hippocampus.yaml"

    @property
    def log_path(self) -> Path:
        return self.memory_dir / "hippocampus.log"

    @property
    def state_path(self) -> Path:
        """Watermarks of history backfill, and other small bookkeeping."""
        return self.memory_dir / "state.json"

    @property
    def cache_path(self) -> Path:
        return self.memory_dir / ".cache" / "search.sqlite"

    @property
    def lock_path(self) -> Path:
        return self.memory_dir / ".lock"

    @property
    def core_path(self) -> Path:
        return self.root / "HIPPOCAMPUS_CORE.md"

    @property
    def dashboard_path(self) -> Path:
        return self.root / "brain-dashboard.html"


def ensure_layout(ws: Workspace) -> None:
    """Create `memory/` and the seed's domain folders; never touches existing files."""
    ws.memory_dir.mkdir(parents=True, exist_ok=True)
    for name in DOMAIN_DIRS:
        (ws.memory_dir / name).mkdir(exist_ok=True)


_held: dict[str, int] = {}


@contextlib.contextmanager
def locked(ws: Workspace, timeout: float = LOCK_TIMEOUT_SECONDS) -> Iterator[None]:
    """Hold the store's exclusive lock (waits up to `timeout` seconds); re-entrant in one process."""
    ensure_layout(ws)
    key = str(ws.lock_path.resolve())
    if _held.get(key):
        _held[key] += 1
        try:
            yield
        finally:
            _held[key] -= 1
        return
    fd = os.open(ws.lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise LockTimeoutError(f"{ws.lock_path}: still locked after {timeout:.0f}s") from None
                time.sleep(0.01)
        _held[key] = 1
        try:
            yield
        finally:
            _held.pop(key, None)
    finally:
        os.close(fd)


def atomic_write(path: Path, data: str | bytes) -> None:
    """Write `data` to `path` via a temp file in the same folder, fsync and `os.replace`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def read_raw_index(ws: Workspace) -> dict[str, Any] | None:
    """Parse `index.json` into a dict; None when it does not exist yet."""
    try:
        raw = ws.index_path.read_bytes()
    except FileNotFoundError:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CorruptIndexError(
            f"{ws.index_path}: not valid JSON ({exc}); the file was left as it is"
        ) from None
    if not isinstance(data, dict) or not isinstance(data.get("memories", []), list):
        raise CorruptIndexError(f"{ws.index_path}: not a Hippocampus index; the file was left as it is")
    return data


def load_index(ws: Workspace) -> Index:
    """Load the index (an empty one if none exists); raises `CorruptIndexError` if unreadable."""
    return _index_from_raw(ws, read_raw_index(ws))


def _index_from_raw(ws: Workspace, data: dict[str, Any] | None) -> Index:
    """Build the Index from parsed JSON, reporting malformed entries against the file."""
    if data is None:
        return Index()
    try:
        return Index.from_dict(data)
    except (KeyError, ValueError, TypeError, AttributeError) as exc:
        raise CorruptIndexError(
            f"{ws.index_path}: malformed memory entry ({exc!r}); the file was left as it is"
        ) from None


def dump_index(payload: dict[str, Any]) -> str:
    """Serialise with the C encoder, one memory per line: fast at 100k and still readable and diffable."""
    head = {k: v for k, v in payload.items() if k != "memories"}
    lines = [json.dumps(m, ensure_ascii=False) for m in payload["memories"]]
    body = ",\n  ".join(lines)
    top = json.dumps(head, ensure_ascii=False)[:-1]
    return f'{top}, "memories": [\n  {body}\n]}}\n' if lines else f'{top}, "memories": []}}\n'


def _validate(payload: dict[str, Any], unchanged: set[str]) -> None:
    """Validate against the shipped JSON Schema; memories identical to what was loaded are skipped."""
    from . import schema

    schema.validate_index(payload, skip_ids=unchanged)


def save_index(
    ws: Workspace, index: Index, now: datetime, *, loaded: dict[str, Any] | None = None,
    allow_empty: bool = False,
) -> None:
    """Validate and atomically write `index`. Call with the lock held.

    Refuses to replace an index that has memories with an empty one unless `allow_empty`.
    """
    index.last_updated = format_time(now)
    payload = index.to_dict()
    before: dict[str, Any] = {}
    if loaded is not None:
        before = {str(m.get("id")): m for m in loaded.get("memories", []) if isinstance(m, dict)}
    changed = [m for m in payload["memories"] if before.get(m["id"]) != m]
    _validate(payload, {m["id"] for m in payload["memories"]} - {m["id"] for m in changed})
    if not index.memories and not allow_empty and ws.index_path.exists():
        existing = read_raw_index(ws)
        if existing and existing.get("memories"):
            raise CorruptIndexError(f"{ws.index_path}: refusing to overwrite memories with an empty index")
    ensure_layout(ws)
    from . import searchdb

    old_stamp = searchdb.stamp(ws.index_path) if loaded is not None else None
    atomic_write(ws.index_path, dump_index(payload))
    removed = set(before) - {m["id"] for m in payload["memories"]}
    searchdb.apply_changes(ws, old_stamp, changed, removed, payload)


def update_index(ws: Workspace, change: Callable[[Index], T], now: datetime, *, allow_empty: bool = False) -> T:
    """Lock, load, apply `change` (which mutates the index in place), validate, write; return its result."""
    with locked(ws):
        raw = read_raw_index(ws)
        index = _index_from_raw(ws, raw)
        result = change(index)
        save_index(ws, index, now, loaded=raw, allow_empty=allow_empty)
        return result


def append_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    """Append rows to a JSON-lines file and fsync; caller holds the lock."""
    if not rows:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    with open(path, "ab") as handle:
        handle.write(text.encode("utf-8"))
        handle.flush()
        os.fsync(handle.fileno())


def append_signals(ws: Workspace, signals: list[Signal]) -> None:
    """Append signals to the queue under the lock; the queue is never rewritten."""
    with locked(ws):
        append_jsonl(ws.signals_path, [s.to_dict() for s in signals])


def read_cursor(ws: Workspace) -> int:
    """Byte offset in `signals.jsonl` up to which signals are encoded."""
    try:
        return int(ws.cursor_path.read_text().strip() or 0)
    except (FileNotFoundError, ValueError):
        return 0


def write_cursor(ws: Workspace, offset: int) -> None:
    """Advance the cursor; only call after the memories it covers are written."""
    atomic_write(ws.cursor_path, f"{offset}\n")


def read_pending_signals(ws: Workspace) -> tuple[list[Signal], int, int]:
    """Signals after the cursor, the offset just past them, and how many lines were malformed.

    A partial last line (a writer mid-append) is left for the next run.
    """
    start = read_cursor(ws)
    try:
        with open(ws.signals_path, "rb") as handle:
            handle.seek(start)
            data = handle.read()
    except FileNotFoundError:
        return [], start, 0
    signals: list[Signal] = []
    bad = 0
    consumed = 0
    for line in data.splitlines(keepends=True):
        if not line.endswith(b"\n"):
            break
        consumed += len(line)
        try:
            row = json.loads(line.decode("utf-8"))
            signals.append(Signal.from_dict(row))
        except (UnicodeDecodeError, json.JSONDecodeError, TypeError, ValueError, AttributeError):
            bad += 1
    return signals, start + consumed, bad


def append_events(ws: Workspace, events: list[dict[str, Any]]) -> None:
    """Log encodes, reinforcements, decays and archives; caller holds the lock."""
    append_jsonl(ws.events_path, events)


def read_events(ws: Workspace) -> list[dict[str, Any]]:
    """All readable events, oldest first; malformed lines are skipped."""
    rows: list[dict[str, Any]] = []
    try:
        with open(ws.events_path, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                with contextlib.suppress(json.JSONDecodeError):
                    row = json.loads(line)
                    if isinstance(row, dict):
                        rows.append(row)
    except FileNotFoundError:
        pass
    return rows


def append_archive(ws: Workspace, markdown: str) -> None:
    """Append archived memories to `memory/archive.md` (a file OpenClaw does not inject)."""
    path = ws.archive_path
    head = "" if path.exists() else (
        "# Hippocampus archive\n\nMemories that faded below 0.2, moved here by `hippocampus archive`.\n\n"
    )
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(head + markdown)
        handle.flush()
        os.fsync(handle.fileno())


def read_json(path: Path, default: Any) -> Any:
    """Read a small JSON file, or `default` when it is missing or unreadable."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, json.JSONDecodeError, UnicodeDecodeError):
        return default


def write_json(path: Path, data: Any) -> None:
    """Atomically write a small JSON file."""
    atomic_write(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def read_text(path: Path) -> str | None:
    """A text file's content, or None if missing."""
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return None


def write_text(path: Path, text: str) -> None:
    """Atomically write a text file (HIPPOCAMPUS_CORE.md, the dashboard)."""
    atomic_write(path, text)


def log_line(ws: Workspace, message: str, now: datetime) -> None:
    """Append one line to `memory/hippocampus.log`; never raises."""
    with contextlib.suppress(OSError):
        ws.memory_dir.mkdir(parents=True, exist_ok=True)
        with open(ws.log_path, "a", encoding="utf-8") as handle:
            handle.write(f"{format_time(now)} {message}\n")


def wipe(ws: Workspace, now: datetime) -> int:
    """Delete every memory, the signal queue, events, archive and cache; returns how many memories."""
    with locked(ws):
        raw = read_raw_index(ws) if ws.index_path.exists() else None
        count = len(raw.get("memories", [])) if raw else 0
        save_index(ws, Index(), now, allow_empty=True)
        for path in (ws.signals_path, ws.cursor_path, ws.events_path, ws.archive_path, ws.core_path):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
        return count
