"""The file primitives for what is not in the database: atomic replace, the one JSON-lines reader, small files.

Every write is atomic (a uniquely named temp file, fsync, `os.replace`, fsync of the folder), so a
reader or a crash sees the old file or the new one; a temp file left by a killed writer is removed
by the next write of the same file. Standard library only.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hippocampus.errors import StoreError


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale_temps(path: Path) -> None:
    """Delete temp copies of `path` left by writers that were killed (their process is gone)."""
    for tmp in path.parent.glob(f".{path.name}.*.tmp"):
        pid = tmp.name[len(path.name) + 2 : -4]
        if pid.isdigit() and not _pid_alive(int(pid)):
            with contextlib.suppress(OSError):
                tmp.unlink()


def atomic_write(path: Path, data: str | bytes) -> None:
    """Write `data` to `path` via a temp file in the same folder, fsync and `os.replace`; a link at `path`
    is refused (replacing it would silently fork what it points to)."""
    if path.is_symlink():
        raise StoreError(
            f"{path}: is a symbolic link; Hippocampus does not write through links (left as it is)", file=path
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(path)
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


def read_json(path: Path, default: Any) -> Any:
    """Read a small JSON file, or `default` when it is missing or unreadable."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, json.JSONDecodeError, UnicodeDecodeError):
        return default


def read_text(path: Path) -> str | None:
    """A text file's content, or None if missing."""
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return None


def write_text(path: Path, text: str) -> None:
    """Atomically write a text file (HIPPOCAMPUS_CORE.md, archive.md, an export, the dashboard). These are
    rendered from what the store holds, which `store.redacted` redacted on its way in; redacting a whole
    page again would cost seconds at 10k memories and break the dashboard's CSP hashes."""
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
