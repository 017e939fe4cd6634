"""The file primitives every store module writes with: the lock, atomic replace, appends, small files.

Every write is atomic (temp file, fsync, `os.replace`, fsync of the folder) and every
read-modify-write holds an exclusive `flock` on `memory/.lock`, because hooks of parallel
sessions and cron jobs run at once. Standard library only.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import time

from hippocampus.errors import LockTimeoutError
from hippocampus.store.workspace import Workspace, ensure_layout

TYPE_CHECKING = False  # typing costs ~10 ms of a cold start; mypy still reads the block below
if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path
    from typing import Any

LOCK_TIMEOUT_SECONDS = 30.0
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


def read_jsonl(path: Path) -> Iterator[dict[str, Any] | None]:
    """The rows of a JSON-lines file, in order: a dict for each object line, None for each malformed one.

    Blank lines are skipped; a missing file yields nothing. The one JSONL reader of the project.
    """
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed below; a generator cannot use `with` across yields cleanly
    except FileNotFoundError:
        return
    with handle:
        for raw in handle:
            if not raw.strip():
                continue
            try:
                row = json.loads(raw.decode("utf-8", "replace"))
            except json.JSONDecodeError:
                yield None
                continue
            yield row if isinstance(row, dict) else None
