"""On a full disk, reading still works: `recall`, `list`, `export`, `load-core` and the injection before a turn
open the database read-only, so a disk with no byte free loses the user nothing but new writes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A store of a few memories on a 3 MB tmpfs, then the tmpfs filled to its last byte (root only;
    skipped where mounting is not allowed)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {done.stderr.decode().strip()}")
    try:
        ws = mount / "ws"
        ws.mkdir()
        for text in ("My sister Alma lives in Berlin", "I prefer green tea in the morning"):
            cli(ws, "remember", text, "--importance", "0.9")
        fd = os.open(mount / "filler", os.O_WRONLY | os.O_CREAT)
        try:
            while os.write(fd, b"\0" * 4096):
                pass
        except OSError:
            pass
        finally:
            os.close(fd)
        yield ws
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def cli(ws: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hippocampus", "--workspace", str(ws), *args], capture_output=True, text=True, cwd=ROOT
    )


@pytest.mark.parametrize(
    "args",
    [
        ("recall", "where does my sister live", "--json"),
        ("recall", "sister", "--lexical", "--explain", "--json"),
        ("list", "--json"),
        ("export",),
        ("load-core", "--json"),
        ("status", "--json"),
    ],
    ids=["recall", "recall-explain", "list", "export", "load-core", "status"],
)
def test_reads_work_on_a_full_disk(full_disk: Path, args: tuple[str, ...]) -> None:
    done = cli(full_disk, *args)
    assert done.returncode == 0, done.stderr
    assert "Alma" in done.stdout or args[0] == "status"


def test_the_injection_works_on_a_full_disk(full_disk: Path) -> None:
    payload = {
        "hook": "before_prompt_build",
        "event": {"prompt": "where does my sister live?"},
        "ctx": {"sessionKey": "agent:main:main", "sessionId": "s"},
        "config": {},
        "workspace": str(full_disk),
    }
    done = subprocess.run(
        [sys.executable, str(ROOT / "hooks" / "request_before.py")],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and "Alma" in done.stdout, done.stderr


def test_a_write_still_fails_with_one_clear_line(full_disk: Path) -> None:
    done = cli(full_disk, "remember", "x " * 20000 + "a big memory")
    assert done.returncode == 1 and done.stderr.startswith("Error: ") and done.stderr.count("\n") == 1


def test_the_warm_worker_reads_on_a_full_disk_and_sees_commits_once_space_is_back(
    full_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker's kept connection: opened `immutable` on a full disk it would never see a later commit,
    so it is used for one turn and opened again on the next."""
    from hippocampus.store import warm

    monkeypatch.setattr(warm, "_enabled", True)
    try:
        with warm.reading(str(full_disk)) as conn:
            assert conn is not None and conn.execute("SELECT COUNT(*) FROM mem").fetchone()[0] == 2
        (full_disk.parent / "filler").unlink()
        assert cli(full_disk, "remember", "The bakery closes at six").returncode == 0
        with warm.reading(str(full_disk)) as conn:
            assert conn is not None and conn.execute("SELECT COUNT(*) FROM mem").fetchone()[0] == 3
    finally:
        warm.close_all()
