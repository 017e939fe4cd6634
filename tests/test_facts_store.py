"""Updates, history and the context field in the store: schema 2 and 3, their migrations, supersede end to end."""

from __future__ import annotations

import json
import sqlite3
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from hippocampus import encoding, memories
from hippocampus.core.config import Config
from hippocampus.core.model import Signal
from hippocampus.errors import HippocampusError
from hippocampus.recall import core_memories, recall
from hippocampus.store import database, index_file, queue, reindex, rows
from hippocampus.store.workspace import Workspace

NOW = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)
CONFIG = Config()


def _queue(ws: Workspace, texts: list[tuple[str, str]], start: datetime = NOW) -> None:
    signals = [
        Signal(
            "s1",
            f"m{start.isoformat()}-{i}",
            text,
            (start + timedelta(minutes=i)).isoformat(),
            0.0,
            category="unscored",
            context=ctx,
        )
        for i, (text, ctx) in enumerate(texts)
    ]
    queue.append_signals(ws, signals)


FEAT_VERSION_4 = """
CREATE TABLE feat_v4(f TEXT NOT NULL, size INTEGER NOT NULL, rid INTEGER NOT NULL,
                     PRIMARY KEY(f, size, rid)) WITHOUT ROWID;
INSERT INTO feat_v4(f, size, rid) SELECT f, size, rid FROM feat;
DROP TABLE feat; ALTER TABLE feat_v4 RENAME TO feat;
CREATE INDEX feat_rid ON feat(rid);
"""
"""The feature index as schemas 1 to 4 had it (no `num`, no `feat_recent`)."""


def _downgrade_to_version_1(ws: Workspace) -> None:
    """Turn a schema-2 database into exactly what version 1 had: `fts(tokens)` and no `superseded` table."""
    conn = sqlite3.connect(ws.db_path, isolation_level=None)
    conn.executescript(
        """
        BEGIN;
        CREATE VIRTUAL TABLE fts_v1 USING fts5(tokens, tokenize='unicode61 remove_diacritics 0');
        INSERT INTO fts_v1(rowid, tokens) SELECT rowid, tokens FROM fts;
        DROP TABLE vocab; DROP TABLE fts; ALTER TABLE fts_v1 RENAME TO fts;
        CREATE VIRTUAL TABLE vocab USING fts5vocab(fts, 'row');
        DROP TABLE superseded;
        DROP TABLE vec; DROP TRIGGER mem_gone_vec; DROP TRIGGER mem_text_vec;
        """
        + FEAT_VERSION_4
        + """
        PRAGMA user_version = 1;
        COMMIT;
        """
    )
    conn.close()


def test_migration_from_version_1_keeps_every_memory_and_its_search_tokens(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    for text in ("My sister Alma lives in Porto", "I prefer green tea", "我喜欢喝茶"):
        memories.remember(ws, NOW, CONFIG, text)
    conn = sqlite3.connect(ws.db_path)
    before_mem = conn.execute("SELECT * FROM mem ORDER BY rid").fetchall()
    before_tokens = conn.execute("SELECT rowid, tokens FROM fts ORDER BY rowid").fetchall()
    conn.close()
    _downgrade_to_version_1(ws)

    with database.reading(ws) as conn:  # any open migrates
        assert conn.execute("PRAGMA user_version").fetchone()[0] == database.SCHEMA_VERSION == 6
        assert conn.execute("SELECT * FROM mem ORDER BY rid").fetchall() == before_mem
        assert conn.execute("SELECT rowid, tokens FROM fts ORDER BY rowid").fetchall() == before_tokens
        assert conn.execute("SELECT COUNT(*) FROM fts WHERE context != ''").fetchone()[0] == 0
        assert conn.execute("SELECT COUNT(*) FROM superseded").fetchone()[0] == 0
    assert [h.memory.content for h in recall(ws, "Alma", NOW, CONFIG)] == ["My sister Alma lives in Porto"]
    assert [h.memory.content for h in recall(ws, "茶", NOW, CONFIG)] == ["我喜欢喝茶"]
    memories.remember(ws, NOW, CONFIG, "My brother Tom lives in Lisbon")  # and it keeps working
    assert len(index_file.load_index(ws).memories) == 4


def test_a_failed_migration_leaves_version_1_as_it_was(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    memories.remember(ws, NOW, CONFIG, "My sister Alma lives in Porto")
    _downgrade_to_version_1(ws)
    conn = sqlite3.connect(ws.db_path)
    conn.execute("CREATE TABLE fts_v2(x)")  # the migration's first statement will fail
    conn.commit()
    conn.close()
    with pytest.raises(HippocampusError, match="fts_v2"):
        database.connect(ws).close()
    conn = sqlite3.connect(ws.db_path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert conn.execute("SELECT COUNT(*) FROM fts").fetchone()[0] == 1
    conn.close()


def test_a_correction_supersedes_through_session_end_and_history_keeps_the_old(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    _queue(ws, [("My flight to Berlin is on 12 March.", "")])
    encoding.encode_pending(ws, NOW, CONFIG)
    later = NOW + timedelta(days=1)
    _queue(ws, [("Actually, my flight to Berlin is on 21 March.", "When is your flight?")], later)
    report = encoding.encode_pending(ws, later + timedelta(hours=1), CONFIG)
    assert len(report.superseded) == 1 and len(report.created) == 1
    found = [h.memory for h in recall(ws, "flight Berlin March", later, CONFIG)]
    assert [m.content for m in found] == ["my flight to Berlin is on 21 March."]
    assert found[0].supersedes == report.superseded
    assert all("12 March" not in h.memory.content for h in core_memories(ws, later, CONFIG))
    with database.reading(ws) as conn:
        (old,) = rows.superseded(conn)
        assert old.content == "My flight to Berlin is on 12 March."
        assert old.superseded_by == report.created[0] and old.superseded_at
        assert conn.execute("SELECT COUNT(*) FROM feat WHERE rid = ?", (1,)).fetchone()[0] == 0
    chain = memories.history(ws, report.created[0])
    assert [m.content for m in chain] == ["My flight to Berlin is on 12 March.", "my flight to Berlin is on 21 March."]
    assert memories.history(ws, old.id) == chain
    # the old message encoded again does not bring the old fact back: it is still "already encoded"
    _queue(ws, [("My flight to Berlin is on 12 March.", "")])  # the same session, message id and text
    assert encoding.encode_pending(ws, later + timedelta(hours=2), CONFIG).skipped == 1


def test_forget_removes_a_superseded_memory_for_good(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    memories.remember(ws, NOW, CONFIG, "My son is 5")
    new = memories.remember(ws, NOW + timedelta(days=1), CONFIG, "My son is 15")
    assert new.supersedes == ["mem_001"]
    memories.forget(ws, NOW + timedelta(days=2), ["mem_001"])
    with database.reading(ws) as conn:
        assert conn.execute("SELECT COUNT(*) FROM superseded").fetchone()[0] == 0
    assert b"son is 5" not in ws.db_path.read_bytes()


def test_context_is_indexed_in_its_own_lower_weighted_field(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    _queue(
        ws,
        [
            ("Yes, that one sounds perfect for our anniversary dinner.", "I recommend the Osteria Francescana."),
            ("My favourite restaurant for dinner is Osteria Francescana.", ""),
        ],
    )
    encoding.encode_pending(ws, NOW, CONFIG)
    with database.reading(ws) as conn:
        contexts = [r[0] for r in conn.execute("SELECT context FROM fts ORDER BY rowid")]
        stored = json.loads(conn.execute("SELECT json FROM mem ORDER BY rid LIMIT 1").fetchone()[0])
    assert contexts[0] == "recommend osteria francescana" and contexts[1] == ""
    assert stored["context"] == "I recommend the Osteria Francescana."
    found = [h.memory.content for h in recall(ws, "Osteria Francescana", NOW, CONFIG)]
    assert found[0].startswith("My favourite restaurant")  # its own words outweigh a context match
    assert any(c.startswith("Yes, that one") for c in found)  # found through its context alone


def test_the_dashboard_shows_superseded_memories_apart_from_the_current_ones(tmp_path: Path) -> None:
    from hippocampus.views.sync import dashboard_view

    ws = Workspace(tmp_path)
    memories.remember(ws, NOW, CONFIG, "My son is 5")
    memories.remember(ws, NOW + timedelta(days=1), CONFIG, "My son is 15")
    view = dashboard_view(ws, NOW + timedelta(days=1), CONFIG)
    assert [r.content for r in view.rows] == ["My son is 15"]
    assert [(h.content, h.successor) for h in view.history] == [("My son is 5", "mem_002")]


def test_migration_from_version_2_indexes_each_message_as_said(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    long = "Remember that " + "my training week has yoga, cycling and soccer in it, " * 6 + "and my 5K best is 27:45."
    _queue(ws, [(long, "How is training going?")])
    encoding.encode_pending(ws, NOW, CONFIG)
    (memory,) = index_file.load_index(ws).memories
    assert memory.sources[0].text and "5K" not in memory.content
    conn = sqlite3.connect(ws.db_path, isolation_level=None)
    want = conn.execute("SELECT context FROM fts").fetchone()[0]
    assert "5k" in want.split() and "going" in want.split()  # the message as said, and the turn before
    conn.executescript(
        "BEGIN; UPDATE fts SET context = 'train going'; DROP TABLE vec; DROP TRIGGER mem_gone_vec; DROP TRIGGER mem_text_vec;"
        + FEAT_VERSION_4
        + "PRAGMA user_version = 2; COMMIT;"
    )
    conn.close()
    started = time.perf_counter()
    with database.reading(ws) as conn:  # any open migrates: at once, the search fields are owed
        assert conn.execute("PRAGMA user_version").fetchone()[0] == database.SCHEMA_VERSION
        assert conn.execute("SELECT context FROM fts").fetchone()[0] == "train going"
    assert time.perf_counter() - started < 5
    reindex.BATCH, batch = 1, reindex.BATCH
    try:
        assert reindex.catch_up(ws, budget_seconds=0.0) == 0, "no time, no work: the next call resumes"
        assert reindex.catch_up(ws) == 1 and reindex.catch_up(ws) == 0
    finally:
        reindex.BATCH = batch
    with database.reading(ws) as conn:
        assert conn.execute("SELECT context FROM fts").fetchone()[0] == want
    assert [h.memory.id for h in recall(ws, "5K best", NOW, CONFIG)] == [memory.id]
