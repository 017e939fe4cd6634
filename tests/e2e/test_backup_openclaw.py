"""Backups in a real OpenClaw 2026.9.6 Gateway: the daily job's `decay --archive --backup` copies the store; the
database is damaged under the running Gateway (its turns fail open, injecting nothing); the damaged store's
error names the copy and the command; that command, run as given (with `--yes`), brings the memories back,
and the next turn's block holds them again, from the same Gateway's worker."""

from __future__ import annotations

import json
import re
import shlex
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hippocampus.views.context import FENCE_CLOSE, FENCE_OPEN

from .conftest import ROOT, OpenClaw, make_openclaw
from .fake_model import REPLY_PREFIX, FakeModel
from .test_openclaw_hooks import last_request_with, reply_text, user_texts

pytestmark = [pytest.mark.e2e, pytest.mark.beside]  # scripts/test.sh: the second end-to-end group
KEPT, LOST = "Pixel-Quasar", "Zorble-Mint"


@pytest.fixture(scope="module")
def claw(openclaw_path: str, fake_model: FakeModel, tmp_path_factory: pytest.TempPathFactory) -> Iterator[OpenClaw]:
    claw = make_openclaw(tmp_path_factory.mktemp("backup"), openclaw_path, fake_model)
    claw.start_gateway()
    yield claw
    claw.stop_gateway()


def block_of(claw: OpenClaw, probe: str) -> str:
    """The injected block of the turn that said `probe` ('' when none was injected)."""
    text = next(t for t in user_texts(last_request_with(claw, probe)) if probe in t)
    return text[text.index(FENCE_OPEN) : text.index(FENCE_CLOSE)] if FENCE_OPEN in text else ""


def damage(db: Path) -> None:
    """Checkpoint the WAL into the file, then overwrite every page after the first, in place (the
    Gateway's worker keeps the same file open)."""
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    size = db.stat().st_size
    with open(db, "r+b") as handle:
        handle.seek(4096)
        handle.write(b"\xa5junk" * ((size - 4096) // 5))


def test_the_daily_backup_brings_the_memories_back_after_the_database_is_damaged(claw: OpenClaw) -> None:
    claw.hippocampus("init")
    claw.hippocampus("remember", f"The user's cat is called {KEPT}", "--importance", "0.95")
    claw.agent("Hello there (probe-backup-before)")
    assert KEPT in block_of(claw, "probe-backup-before")

    report = json.loads(claw.hippocampus("decay", "--archive", "--backup", "--json").stdout)  # the cron job's command
    copy = Path(report["backup"]["file"])
    assert copy.parent == claw.workspace / "memory" / "backups" and copy.stat().st_mode & 0o777 == 0o600
    claw.hippocampus("remember", f"The user's dog is called {LOST}", "--importance", "0.95")  # after the copy

    db = claw.workspace / "memory" / "hippocampus.db"
    damage(db)
    result = claw.agent("Are you still there? (probe-backup-damaged)")
    assert REPLY_PREFIX in reply_text(result), "the turn is answered"
    assert block_of(claw, "probe-backup-damaged") == "", "nothing is injected from a damaged store"

    failed = claw.hippocampus("list", "--json", check=False)
    error = json.loads(failed.stderr)
    assert failed.returncode == 1 and error["file"] == str(db)
    command = re.search(r"`(hippocampus [^`]+ restore [^`]+)`", error["error"])
    assert command is not None, error["error"]
    argv = shlex.split(command.group(1))[1:]
    assert Path(argv[-1]) == copy.absolute(), "the newest good backup is named"
    restored = subprocess.run(
        [sys.executable, "-m", "hippocampus", *argv, "--yes"], env=claw.env, capture_output=True, text=True, cwd=ROOT
    )
    assert restored.returncode == 0, restored.stderr
    assert [p.name for p in copy.parent.glob("damaged-*.db")], "the damaged file is kept aside"

    listed = [m["content"] for m in json.loads(claw.hippocampus("list", "--json").stdout)]
    assert listed == [f"The user's cat is called {KEPT}"], "the memories as the backup held them"
    claw.agent("Hello again (probe-backup-restored)")
    block = block_of(claw, "probe-backup-restored")
    assert KEPT in block and LOST not in block, "the same Gateway's worker reads the restored store"
