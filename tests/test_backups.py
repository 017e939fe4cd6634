"""Backups (store/backups.py): taken online, checked, rotated; restored only from a sound copy, after asking,
with the database it replaces set aside; a damaged store's error says which copy to restore and how."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from hippocampus import memories
from hippocampus.core.config import Config
from hippocampus.errors import CorruptIndexError, StoreError
from hippocampus.store import backups, database, index_file
from hippocampus.store.workspace import Workspace

NOW = datetime(2026, 3, 1, 3, 0, tzinfo=timezone.utc)


def damage(path: Path) -> None:
    """Overwrite the pages after the first with junk, as a bad disk or a stray write would."""
    size = path.stat().st_size
    with open(path, "r+b") as handle:
        handle.seek(4096)
        handle.write(b"\xa5junk" * ((size - 4096) // 5))


def store_with(ws: Workspace, *texts: str) -> None:
    for text in texts:
        memories.remember(ws, NOW, Config(), text)


def contents(ws: Workspace) -> list[str]:
    return sorted(m.content for m in index_file.load_index(ws).memories)


def test_a_backup_is_one_private_sound_file_and_the_newest_seven_are_kept(workspace: Path) -> None:
    ws = Workspace(workspace)
    store_with(ws, "I prefer green tea in the morning")
    taken = [backups.take(ws, NOW + timedelta(days=d), keep=7) for d in range(9)]
    kept = backups.listing(ws)
    assert kept == [t.path for t in reversed(taken[2:])], "the newest 7, newest first"
    assert stat.S_IMODE(backups.folder(ws).stat().st_mode) == 0o700
    for path in kept:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert backups.problem(path, thorough=True) is None
    assert sorted(p.name for p in backups.folder(ws).iterdir()) == sorted(p.name for p in kept), "no WAL, no temp"
    conn = sqlite3.connect(kept[0])
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert conn.execute("SELECT COUNT(*) FROM mem").fetchone()[0] == 1 == taken[-1].memories
    conn.close()
    again = backups.take(ws, NOW + timedelta(days=8), keep=7)
    assert backups.listing(ws)[0] == again.path != taken[-1].path, "a second copy in the same second is newer"


def test_a_damaged_store_is_never_rotated_in(workspace: Path) -> None:
    ws = Workspace(workspace)
    store_with(ws, *(f"Fact number {i} about the garden shed" for i in range(300)))
    good = backups.take(ws, NOW, keep=2)
    damage(ws.db_path)
    for day in (1, 2, 3):
        with pytest.raises(CorruptIndexError) as caught:
            backups.take(ws, NOW + timedelta(days=day), keep=2)
        assert str(good.path.absolute()) in str(caught.value) and caught.value.file == str(ws.db_path)
    assert backups.listing(ws) == [good.path], "the good copy is still there, and no damaged one"
    assert [p.name for p in backups.folder(ws).iterdir()] == [good.path.name]


def test_restore_checks_the_copy_asks_and_sets_the_damaged_store_aside(workspace: Path) -> None:
    ws = Workspace(workspace)
    store_with(ws, "I prefer green tea in the morning", "My sister Alma lives in Berlin")
    good = backups.take(ws, NOW, keep=7).path
    store_with(ws, "The bakery closes at six")
    wal = ws.db_path.with_name(ws.db_path.name + "-wal")  # a WAL the store still has: never replayed into the copy
    conn = sqlite3.connect(ws.db_path)
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    conn.execute("INSERT INTO meta(key, value) VALUES ('walOnly', 'x')")
    conn.commit()
    frames = wal.read_bytes()
    conn.close()
    wal.write_bytes(frames)
    damage(ws.db_path)
    bad_copy = ws.memory_dir / "bad.db"
    bad_copy.write_bytes(ws.db_path.read_bytes())
    before = ws.db_path.read_bytes()
    with pytest.raises(CorruptIndexError, match="cannot restore from it"):
        backups.restore(ws, bad_copy, NOW, lambda _: True)
    assert ws.db_path.read_bytes() == before, "a damaged copy changes nothing"
    asked: list[str] = []
    assert backups.restore(ws, good, NOW, lambda q: asked.append(q) or False) is None
    assert asked and str(good) in asked[0] and ws.db_path.read_bytes() == before, "declined: nothing changed"
    aside = backups.restore(ws, good, NOW + timedelta(hours=1), lambda _: True)
    assert aside is not None and aside.name.startswith("damaged-") and aside.read_bytes() == before
    assert aside.with_name(aside.name + "-wal").read_bytes() == frames, "its WAL is set aside with it"
    with database.reading(ws) as conn:
        assert conn.execute("SELECT COUNT(*) FROM meta WHERE key = 'walOnly'").fetchone()[0] == 0
    assert contents(ws) == ["I prefer green tea in the morning", "My sister Alma lives in Berlin"]
    assert backups.problem(ws.db_path, thorough=True) is None
    assert good.exists(), "the copy restored from stays"
    healthy = backups.restore(ws, good, NOW + timedelta(hours=2), lambda _: True)
    assert healthy is not None and healthy.name.startswith("replaced-"), "a sound store replaced is kept too"


def test_restore_refuses_what_is_not_a_hippocampus_store_this_code_reads(workspace: Path, tmp_path: Path) -> None:
    ws = Workspace(workspace)
    store_with(ws, "I prefer green tea in the morning")
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE t(x)").connection.commit()
    newer = backups.take(ws, NOW, keep=7).path
    conn = sqlite3.connect(newer)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    text = tmp_path / "notes.txt"
    text.write_text("just text\n")
    for path, why in ((other, "not a Hippocampus database"), (newer, "newer Hippocampus"), (text, "SQLite")):
        with pytest.raises(CorruptIndexError, match=why):
            backups.restore(ws, path, NOW, lambda _: True)
    assert contents(ws) == ["I prefer green tea in the morning"]


def test_a_backup_whose_snapshot_predates_a_forget_is_not_kept(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ws = Workspace(workspace)
    store_with(ws, "I prefer green tea in the morning")
    secret = memories.remember(ws, NOW, Config(), "Remember that my Zanzibarquux password hint is a parrot")
    copy = backups._copy

    def copy_then_forget(source: sqlite3.Connection, target: Path) -> None:
        copy(source, target)  # the snapshot holds the memory; the forget commits before the copy is renamed
        memories.forget(ws, NOW, [secret.id], Config())

    monkeypatch.setattr(backups, "_copy", copy_then_forget)
    with pytest.raises(StoreError, match="forget or wipe ran during the backup"):
        backups.take(ws, NOW, keep=7)
    assert not any(b"Zanzibarquux" in p.read_bytes() for p in backups.folder(ws).iterdir())


def test_the_cli_backs_up_restores_after_asking_and_names_the_copy_for_a_damaged_store(
    run_cli: Any, workspace: Path
) -> None:
    ws = Workspace(workspace)
    # core (0.9), so HIPPOCAMPUS_CORE.md holds it: a preference alone is 0.6 since issue 24
    run_cli("remember", "I prefer green tea in the morning", "--importance", "0.9", check=True)
    made = json.loads(run_cli("backup", "--json", check=True).stdout)
    assert Path(made["file"]).is_file() and made["memories"] == 1 and made["bytes"] > 0
    run_cli("remember", "The bakery closes at six", check=True)
    damage(ws.db_path)
    failed = run_cli("list", "--json")
    error = json.loads(failed.stderr)
    assert failed.returncode == 1 and error["file"] == str(ws.db_path)
    command = f"hippocampus --workspace {workspace} restore {Path(made['file']).absolute()}"
    assert command in error["error"], "the error says which copy to restore and how"
    declined = run_cli("restore", made["file"], input="n\n")
    assert declined.returncode == 1 and not list(backups.folder(ws).glob("damaged-*"))
    done = run_cli("restore", made["file"], input="y\n")
    assert done.returncode == 0, done.stderr
    assert "damaged-" in done.stdout and "Replace the memories" in done.stdout
    assert [m["content"] for m in json.loads(run_cli("list", "--json", check=True).stdout)] == [
        "I prefer green tea in the morning"
    ]
    assert "green tea" in ws.core_path.read_text(), "HIPPOCAMPUS_CORE.md is written from the restored store"
    quiet = json.loads(run_cli("restore", made["file"], "--yes", "--json", check=True).stdout)
    assert quiet["setAside"].endswith(".db") and "replaced-" in quiet["setAside"]


def test_decay_backup_takes_one_first_unless_backups_keep_is_0(run_cli: Any, workspace: Path) -> None:
    ws = Workspace(workspace)
    run_cli("remember", "I prefer green tea in the morning", check=True)
    report = json.loads(run_cli("decay", "--archive", "--backup", "--json", check=True).stdout)
    assert report["backup"]["file"] == str(backups.listing(ws)[0]) and report["backup"]["memories"] == 1
    ws.config_path.write_text("backups_keep: 0\n")
    report = json.loads(run_cli("decay", "--archive", "--backup", "--json", check=True).stdout)
    assert "backup" not in report and len(backups.listing(ws)) == 1
    assert os.listdir(backups.folder(ws)) == [backups.listing(ws)[0].name]
