"""The turn inbox (store/inbox.py): appends from many processes while encoders claim it lose nothing."""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hippocampus.errors import StoreError
from hippocampus.store import inbox

ROOT = Path(__file__).resolve().parent.parent
APPENDER = (
    "import sys\n"
    "from hippocampus.store import inbox\n"
    "root, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])\n"
    "for i in range(count):\n"
    "    inbox.append(root, f'{name}-{i}\\n{name}-{i}b\\n'.encode())\n"
)
APPENDER_OPENING_ONCE = APPENDER.replace(
    "root, name", "inbox._OPEN_ATTEMPTS = 1  # under the directory lock a writer never opens again\nroot, name", 1
)


def claim_all(root: str, seen: Counter[bytes]) -> None:
    claimed = inbox.claim(root)
    for path in claimed:
        seen.update(inbox.lines(path))
    inbox.delete(claimed)


def test_appenders_racing_an_encoder_lose_and_double_nothing(tmp_path: Path) -> None:
    """Four processes append 150 two-line turns each while this one claims the inbox in a loop: every
    line is claimed exactly once, a turn's two lines are never split across claims, and no writer ever
    finds its file renamed under it (each may open only once: a tight claim loop once starved them)."""
    root = str(tmp_path)
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", APPENDER_OPENING_ONCE, root, f"p{n}", "150"], cwd=ROOT, stderr=subprocess.PIPE
        )
        for n in range(4)
    ]
    seen: Counter[bytes] = Counter()
    claims = 0
    while any(p.poll() is None for p in procs):
        claim_all(root, seen)
        claims += 1
    for proc in procs:
        assert proc.wait() == 0, proc.stderr.read().decode() if proc.stderr else ""
    claim_all(root, seen)
    expected = Counter(f"p{n}-{i}{tail}".encode() for n in range(4) for i in range(150) for tail in ("", "b"))
    assert seen == expected
    assert claims > 5, "the encoder really raced the appenders"
    assert not list((tmp_path / "memory").iterdir()), "nothing left behind"


def test_an_encoder_killed_after_claiming_leaves_the_lines_for_the_next(tmp_path: Path) -> None:
    """SIGKILL between claiming and deleting (the commit point): the claimed file stays, the next
    claim returns it first, before what was appended since."""
    root = str(tmp_path)
    inbox.append(root, b"first\n")
    script = "import sys, time\nfrom hippocampus.store import inbox\ninbox.claim(sys.argv[1])\nprint('claimed', flush=True)\ntime.sleep(60)\n"
    proc = subprocess.Popen([sys.executable, "-c", script, root], cwd=ROOT, stdout=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.readline() == b"claimed\n"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    inbox.append(root, b"second\n")
    claimed = inbox.claim(root)
    assert [line for path in claimed for line in inbox.lines(path)] == [b"first", b"second"]


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.binary(min_size=1, max_size=40).filter(lambda b: b"\n" not in b), st.booleans())))
def test_a_write_cut_short_never_swallows_the_next_line(
    tmp_path_factory: object, writes: list[tuple[bytes, bool]]
) -> None:
    """Whatever mix of whole and cut-short writes (a full disk), every whole line reads back intact."""
    root = str(tmp_path_factory.mktemp("inbox"))  # type: ignore[attr-defined]
    path = Path(root) / "memory" / inbox.INBOX_FILE
    whole = []
    for data, cut in writes:
        if cut:  # what a full disk leaves: part of a line, no newline
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "ab") as handle:
                handle.write(data)
        else:
            inbox.append(root, data + b"\n")
            whole.append(data)
    expected, garbage = [], b""
    for data, cut in writes:  # a run of cut writes becomes one line once a whole write follows it
        if cut:
            garbage += data
            continue
        if garbage:
            expected.append(garbage)
            garbage = b""
        expected.append(data)
    assert inbox.waiting(root) == expected
    assert all(line in expected for line in whole)


def test_a_waiting_writer_follows_the_inbox_to_its_new_file(tmp_path: Path) -> None:
    """An appender blocked on the file's lock while an older encoder (one without the directory lock)
    claims the inbox writes to the new inbox, not the claimed one."""
    import fcntl

    root = str(tmp_path)
    inbox.append(root, b"old\n")
    path = tmp_path / "memory" / inbox.INBOX_FILE
    fd = os.open(path, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)  # what claim holds while it renames
    proc = subprocess.Popen([sys.executable, "-c", APPENDER, root, "late", "1"], cwd=ROOT)
    time.sleep(0.5)  # the appender has opened the file and waits for the lock
    claimed = tmp_path / "memory" / "inbox-00000000000000000001-1.claimed"
    os.rename(path, claimed)
    os.close(fd)
    assert proc.wait(timeout=30) == 0
    assert inbox.lines(str(claimed)) == [b"old"]
    assert inbox.lines(str(path)) == [b"late-0", b"late-0b"]


STALLED = (
    "import os, sys, time\n"
    "from hippocampus.store import inbox\n"
    "def stall(fd, data):\n"
    "    print('stalled', flush=True)\n"
    "    time.sleep(600)\n"
    "os.write = stall  # a write stuck on a slow disk, or a process stopped mid-write\n"
    "inbox.append(sys.argv[1], b'{}\\n', 'injections.jsonl', durable=False)\n"
)


def test_a_turn_never_waits_on_a_stalled_writer_of_another_inbox(tmp_path: Path) -> None:
    """A turn's append to inbox.jsonl, and the encoder's claim of it, are not held up by a writer stuck
    in its write to injections.jsonl (a review found one directory lock shared by every name)."""
    import threading

    root = str(tmp_path)
    inbox.append(root, b"first\n")
    proc = subprocess.Popen([sys.executable, "-c", STALLED, root], cwd=ROOT, stdout=subprocess.PIPE)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == b"stalled\n"
        done = threading.Event()
        threading.Thread(
            target=lambda: (inbox.append(root, b"turn\n"), inbox.claim(root), done.set()), daemon=True
        ).start()
        assert done.wait(5), "the turn's append or claim waited on another inbox's writer"
    finally:
        proc.kill()
        proc.wait()


def test_a_memory_folder_swapped_for_a_link_after_the_check_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`memory/` replaced by a link between `append`'s first check and its open (the check is skipped
    here, as if the swap came just after it): the directory's own O_NOFOLLOW open refuses it, for the
    turn inbox and the injection records alike, and nothing is written through the link."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "memory").symlink_to(elsewhere)
    monkeypatch.setattr(inbox, "_memory_dir", lambda root: os.path.join(root, "memory"))
    for name in (inbox.INBOX_FILE, "injections.jsonl"):
        with pytest.raises(StoreError, match="is a link"):
            inbox.append(str(tmp_path), b"secret turn\n", name)
    assert not list(elsewhere.iterdir())


@pytest.fixture
def fsync_later(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """`inbox.sync_later()` for one test: its thread is drained and dropped afterwards."""
    monkeypatch.setattr(inbox, "_later", None)
    inbox.sync_later()
    later = inbox._later
    yield
    later.shutdown(wait=True)


def test_with_sync_later_a_turn_is_written_and_unlocked_before_its_fsync_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fsync_later: None
) -> None:
    """The warm worker's appends: the call returns while the fsync is still held back, with its lines
    readable and the file's lock free (the next writer and encoding never wait on that fsync); the fsync
    then runs on that same file. Before `sync_later` the append itself waited for the gate (30 s) and the
    fsync found it shut."""
    gate = threading.Event()
    synced: list[tuple[int, bool]] = []

    def held_fsync(fd: int) -> None:
        synced.append((os.fstat(fd).st_ino, gate.wait(30)))

    monkeypatch.setattr(inbox.os, "fsync", held_fsync)
    root = str(tmp_path)
    inbox.append(root, b"turn one\n")
    path = tmp_path / "memory" / inbox.INBOX_FILE
    assert inbox.lines(str(path)) == [b"turn one"]
    with open(path, "rb") as other:  # the lock is free while the fsync waits
        fcntl.flock(other.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        fcntl.flock(other.fileno(), fcntl.LOCK_UN)
    inbox.append(root, b"turn two\n")
    gate.set()
    inbox.synced()
    assert synced == [(path.stat().st_ino, True)] * 2
    assert inbox.lines(str(path)) == [b"turn one", b"turn two"]


def test_a_background_fsync_that_fails_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], fsync_later: None
) -> None:
    """The lines are written already; the failure is one line on stderr, without them, and the copy of
    the file's descriptor is closed."""
    opened: list[int] = []

    def failing(fd: int) -> None:
        opened.append(fd)
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(inbox.os, "fsync", failing)
    inbox.append(str(tmp_path), b"sk-secret-looking line\n")
    inbox.synced()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "fsync failed (Input/output error)" in err and "secret" not in err
    with pytest.raises(OSError):
        os.fstat(opened[0])


def test_with_sync_later_and_no_descriptor_left_the_append_fsyncs_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fsync_later: None
) -> None:
    """Where the copy of the descriptor cannot be made (EMFILE), the append fsyncs before it returns, as
    the cold path does, rather than failing a turn whose lines are written."""
    synced: list[int] = []

    def no_copy(fd: int) -> int:
        raise OSError(24, "Too many open files")

    monkeypatch.setattr(inbox.os, "dup", no_copy)
    monkeypatch.setattr(inbox.os, "fsync", lambda fd: synced.append(os.fstat(fd).st_ino))
    inbox.append(str(tmp_path), b"turn\n")
    assert synced == [(tmp_path / "memory" / inbox.INBOX_FILE).stat().st_ino]
