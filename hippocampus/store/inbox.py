"""The turn inbox, `memory/inbox.jsonl`: where each turn's signals land without touching the database.

Contract: one JSON object (a `core.model.Signal`) per line, UTF-8, each line ending in "\\n".
- Writers (the `agent_end` hook, and any writer the database cannot take) append a whole turn in one
  `O_APPEND` write under `flock`, then fsync. No sqlite: a turn never waits on a long database
  writer. In the warm worker (`sync_later`) the fsync runs just after the call, on a thread of its own:
  a turn does not wait on the disk either.
- A line without its "\\n" is a write cut short (a full disk): the next writer starts on a new line,
  and readers skip it, so it never swallows the next message.
- Encoding claims the inbox inside its write transaction: under the same lock it renames the file to
  a unique `inbox-<time>-<pid>.claimed`, so new turns start a new inbox at once, reads the claimed
  files' complete lines into the `queue` table (`store/queue.py`), commits, and only then deletes
  them. A crash or a rollback leaves the claimed files, and the next encode reads them again;
  encoding skips a message it has already seen, so nothing is lost or doubled.
- For the turn inbox both take a second lock first, `flock` on the `memory/` directory itself: while
  a writer holds it, no encoder can rename the inbox between the writer's open and its write, so a
  writer opens it once however often encoding claims (an encoder claiming in a tight loop once starved
  writers). Only the turn inbox takes it: the injection records (`store/injections.py`, audit records,
  not messages) keep to their file's own lock, so a writer stuck on one never holds up a turn.
- A writer that was waiting for the file's lock while it was claimed (an older encoder, a file system
  that refuses a directory lock, or an inbox of another name) sees that the path now names another
  file (or none) and opens it again.
- Never through a link: the file is opened with `O_NOFOLLOW` relative to the `memory/` directory
  opened with `O_NOFOLLOW`, so a linked `memory/` is refused even when it is swapped in mid-call.
"""

from __future__ import annotations

import fcntl
import os
from typing import TYPE_CHECKING, Any

from hippocampus.errors import StoreError

if TYPE_CHECKING:
    from hippocampus.core.model import Signal

INBOX_FILE = "inbox.jsonl"
LEGACY_FILES = ("queue-spill.jsonl",)
"""Older names of the same file (the spill file of the first store), read and emptied like it."""
_OPEN_ATTEMPTS = 20
_later: Any = None  # the fsync thread of `sync_later`; None: a durable append fsyncs before it returns


def sync_later() -> None:
    """From now on (the warm worker), a durable append returns once its bytes are written and its lock
    released, and its fsync runs next on one background thread of this process. Why: an fsync waits for
    the file system's journal, so for every other process's writes in flight; measured 8-270 ms on a shared
    disk (BENCHMARKS.md, issue 23) where the append itself takes ~1 ms. From the write on, the lines are in
    the kernel's page cache: a crash or kill of the worker loses nothing and encoding reads them; only a
    crash of the machine within those milliseconds could, as it could during an inline fsync."""
    global _later
    if _later is None:
        from concurrent.futures import ThreadPoolExecutor

        _later = ThreadPoolExecutor(max_workers=1, thread_name_prefix="inbox-fsync")


def synced() -> None:
    """Return once every fsync handed to the background thread has run (the worker's exit, tests)."""
    if _later is not None:
        _later.submit(lambda: None).result()  # one thread, in order: every earlier fsync is done


def _sync(fd: int, path: str) -> None:
    """fsync `fd` now, or with `sync_later` on the background thread, through a copy of it: the lock on
    the file is released first, so neither encoding nor the next turn waits for that fsync."""
    try:
        copy = os.dup(fd) if _later is not None else None
    except OSError:  # no descriptor left for the copy: fsync here, as without `sync_later`
        copy = None
    if copy is None:
        os.fsync(fd)
        return
    fcntl.flock(fd, fcntl.LOCK_UN)  # a lock belongs to the open file, which the copy shares
    _later.submit(_fsync_copy, copy, path)


def _fsync_copy(fd: int, path: str) -> None:
    """The background fsync of `_sync`: a failure is one line on stderr (the lines are written already)."""
    import sys

    try:
        os.fsync(fd)
    except OSError as exc:
        sys.stderr.write(f"hippocampus: {path}: fsync failed ({exc.strerror or exc}); its lines are written\n")
    finally:
        os.close(fd)


def _memory_dir(root: str) -> str:
    memory = os.path.join(root, "memory")
    if os.path.islink(memory):
        raise StoreError(f"{memory} is a link: refusing to write through it (left untouched)", file=memory)
    return memory


def _open_dir(memory: str, lock: bool) -> int | None:
    """An fd of the directory `memory` (close it to release), holding its `flock` when `lock`; None
    where it cannot be opened or locked (permissions, a file system that refuses a directory lock):
    the per-file lock and inode check are then the only guard. A `memory` that is a link is refused."""
    import errno

    try:
        fd = os.open(memory, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR):
            raise StoreError(
                f"{memory} is a link or no folder: refusing to write through it (left untouched)", file=memory
            ) from exc
        return None
    if lock:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            os.close(fd)
            return None
    return fd


def append(root: str, data: bytes, name: str = INBOX_FILE, durable: bool = True) -> None:
    """Append whole lines (`data` ends in "\\n") to the inbox `name` of workspace `root`; fsynced when
    `durable` (the turn inbox always is; the injection records, `store/injections.py`, are not)."""
    memory = _memory_dir(root)
    os.makedirs(memory, exist_ok=True)
    held = _open_dir(memory, lock=name == INBOX_FILE)
    try:
        _append_in(os.path.join(memory, name), held, data, durable)
    finally:
        if held is not None:
            os.close(held)


def _append_in(path: str, held: int | None, data: bytes, durable: bool) -> None:
    """The write itself, the file named relative to the directory fd `held` where there is one."""
    where, at = (os.path.basename(path), held) if held is not None else (path, None)
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
    for _ in range(_OPEN_ATTEMPTS):
        try:
            fd = os.open(where, flags, 0o600, dir_fd=at)
        except OSError as exc:
            raise StoreError(f"{path}: cannot append ({exc.strerror or exc}); left untouched", file=path) from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            mine = os.fstat(fd)
            try:
                current = os.stat(where, dir_fd=at, follow_symlinks=False)
            except FileNotFoundError:
                continue  # dropped and not yet replaced: open again
            if (current.st_ino, current.st_dev) != (mine.st_ino, mine.st_dev):
                continue  # replaced while this writer waited: write to the new file
            out = data
            if mine.st_size and os.pread(fd, 1, mine.st_size - 1) != b"\n":
                out = b"\n" + data  # a write cut short left half a line: never glue onto it
            written = os.write(fd, out)
            if written != len(out):
                raise StoreError(f"{path}: disk full, {written} of {len(out)} bytes written", file=path)
            if durable:
                _sync(fd, path)
            return
        except OSError as exc:
            raise StoreError(f"{path}: cannot append ({exc.strerror or exc})", file=path) from exc
        finally:
            os.close(fd)
    raise StoreError(f"{path}: replaced {_OPEN_ATTEMPTS} times while appending", file=path)


def append_signals(root: str, signals: list[Signal]) -> None:
    """Append signals (`core.model.Signal`) as one write of JSON lines, redacted (`store.redacted`)."""
    from hippocampus.store import redacted

    append(root, "".join(redacted.document(s.to_dict()) + "\n" for s in signals).encode("utf-8"))


def _stem(name: str) -> str:
    """The claimed files' prefix of inbox `name`: "inbox-" for inbox.jsonl."""
    return name.split(".", 1)[0] + "-"


def claim(root: str, name: str = INBOX_FILE) -> list[str]:
    """Rename the inbox (and any file of an older name) to claimed files, and list every claimed file
    of workspace `root` oldest first (leftovers of a crashed encode included). Call it inside the
    write transaction that queues their lines; `delete` them after it commits."""
    import time

    memory = os.path.join(root, "memory")
    if not os.path.isdir(memory):
        return []
    _memory_dir(root)
    stem = _stem(name)
    held = _open_dir(memory, lock=True) if name == INBOX_FILE else None
    try:
        for source in (*LEGACY_FILES, name) if name == INBOX_FILE else (name,):
            path = os.path.join(memory, source)
            if not os.path.isfile(path) or os.path.islink(path):
                continue
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                claimed = os.path.join(memory, f"{stem}{time.time_ns():020d}-{os.getpid()}.claimed")
                os.rename(path, claimed)
            finally:
                os.close(fd)
    finally:
        if held is not None:
            os.close(held)
    return sorted(os.path.join(memory, n) for n in os.listdir(memory) if n.startswith(stem) and n.endswith(".claimed"))


def lines(path: str) -> list[bytes]:
    """The complete lines of a claimed file (a last line without its newline was a write cut short)."""
    if os.path.islink(path):
        raise StoreError(f"{path} is a link: refusing to read through it (left untouched)", file=path)
    with open(path, "rb") as handle:
        data = handle.read()
    return data[: data.rfind(b"\n") + 1].split(b"\n")[:-1]  # not splitlines: a stray \r is no line end


def delete(paths: list[str]) -> None:
    """Remove claimed files whose lines were committed to the queue."""
    import contextlib

    for path in paths:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)


def waiting(root: str, name: str = INBOX_FILE) -> list[bytes]:
    """The complete lines waiting in claimed files and the inbox, oldest first (for status views)."""
    memory = os.path.join(root, "memory")
    if not os.path.isdir(memory):
        return []
    names = os.listdir(memory)
    claimed = sorted(n for n in names if n.startswith(_stem(name)) and n.endswith(".claimed"))
    sources = (*LEGACY_FILES, name) if name == INBOX_FILE else (name,)
    ordered = [*claimed, *(n for n in sources if n in names)]
    out: list[bytes] = []
    for found in ordered:
        path = os.path.join(memory, found)
        if os.path.isfile(path) and not os.path.islink(path):
            out += lines(path)
    return out
