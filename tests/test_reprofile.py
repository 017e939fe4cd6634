"""Profiles from older profile code are rebuilt (`store/reprofile.py`): a store marked with a stale
`meta.profileVersion` and holding old-style profiles (numbers as a set, without their order) answers
candidate lookups as a fresh store does once rebuilt; the rebuild survives SIGKILL between and inside its
batches and resumes; a writer running meanwhile leaves every profile current."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

import pytest
from sqlite_probe import probe

from hippocampus.core import similarity
from hippocampus.core.model import Index, Memory
from hippocampus.store import database, index_file, memory_space, reprofile, rows
from hippocampus.store.workspace import Workspace
from tests.test_catch_up_faults import ROOT, kill_child, meta
from tests.test_store_faults import check_store

NOW = datetime(2026, 3, 1, 10, tzinfo=timezone.utc)

STORED = [
    "Process 3 writes to number 4 on the build server",
    "Project 12 is due in week 12",
    "My locker 7 code opens locker 7 and locker 9",
    "I like green tea in the morning",
    "My sister Alma lives in Berlin",
    "Flight 815 leaves from gate 23 at 14:05",
]
QUERIES = [  # (query, the stored text a fresh store finds as the same, or None)
    ("Process 4 writes to number 3 on the build server", None),  # the order swapped: another fact
    ("Project 0 is due in week 12", None),  # "12" twice → once: another project
    ("Project 12 is due in week 12", STORED[1]),
    ("My locker 7 code also opens locker 7 and locker 9", STORED[2]),
    ("My locker 7 code opens locker 9 and locker 7", None),  # the order changed
    ("Process 3 writes to number 4 on the build server, remember", STORED[0]),
    ("I like green tea in the morning, really", STORED[3]),
    ("Flight 815 leaves from gate 23 at 14:05 today", STORED[5]),
]


def _store(ws: Workspace, texts: list[str]) -> None:
    memories = [
        Memory(id=f"mem_{i + 1:05d}", content=text, created=NOW, last_accessed=NOW) for i, text in enumerate(texts)
    ]
    index_file.write_whole(ws, Index(memories=memories, next_id=len(memories) + 1), NOW)


def _old_style(feats: list[str]) -> list[str]:
    """The profile code before version 2: numbers as a set, no order (no "12#2", no "3>4")."""
    return [f for f in feats if "#" not in f and ">" not in f]


def _make_stale(ws: Workspace) -> None:
    """Hand-made old-style profiles with their postings and counts, and the marker of an older version."""
    with database.writing(ws) as conn:
        for rid, prof in conn.execute("SELECT rid, prof FROM mem").fetchall():
            feats, names = json.loads(prof)
            conn.execute(
                "UPDATE mem SET prof = ? WHERE rid = ?",
                (json.dumps([_old_style(feats), names], ensure_ascii=False), rid),
            )
        conn.execute("DELETE FROM feat")
        conn.execute("DELETE FROM feat_df")
        conn.execute("DELETE FROM feat_size")
        for rid, prof in conn.execute("SELECT rid, prof FROM mem").fetchall():
            rows._add_features(conn, int(rid), frozenset(json.loads(prof)[0]))
        rows.set_meta(conn, "profileVersion", "1")


def _index(ws: Workspace) -> tuple[dict[int, str], list[tuple[object, ...]], dict[str, int], dict[int, int]]:
    with probe(ws.db_path) as conn:
        return (
            {int(r): str(p) for r, p in conn.execute("SELECT rid, prof FROM mem")},
            sorted(conn.execute("SELECT f, size, num, rid FROM feat")),
            {str(f): int(n) for f, n in conn.execute("SELECT f, n FROM feat_df")},
            {int(s): int(n) for s, n in conn.execute("SELECT size, n FROM feat_size")},
        )


def _consistent(ws: Workspace) -> None:
    """The postings and counts agree with the profiles stored (whatever version each is)."""
    profs, feat, df, sizes = _index(ws)
    expected = sorted(
        (f, len(fs), 1 if similarity.numbers(frozenset(fs)) else 0, rid)
        for rid, prof in profs.items()
        for fs in [json.loads(prof)[0]]
        for f in fs
    )
    assert feat == expected
    assert df == dict(Counter(f for f, _, _, _ in feat))
    assert sizes == dict(Counter(len(json.loads(p)[0]) for p in profs.values() if json.loads(p)[0]))


def _current(content: str) -> str:
    p = similarity.profile(content)
    return json.dumps([sorted(p[0]), sorted(p[1])], ensure_ascii=False)


def _answers(ws: Workspace) -> list[str | None]:
    out: list[str | None] = []
    with database.reading(ws) as conn:
        found = memory_space.StoreCandidates(conn)
        for query, _ in QUERIES:
            rid, value = found.best(query, similarity.profile(query), "user")
            same = value >= similarity.SAME_THRESHOLD
            out.append(
                str(json.loads(conn.execute("SELECT json FROM mem WHERE rid = ?", (rid,)).fetchone()[0])["content"])
                if same
                else None
            )
    return out


def test_a_new_store_starts_at_the_current_version(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    _store(ws, STORED)
    assert meta(ws, "profileVersion") == str(similarity.PROFILE_VERSION)
    assert reprofile.catch_up(ws) == 0


def test_a_stale_store_is_rebuilt_and_then_finds_what_a_fresh_one_finds(tmp_path: Path) -> None:
    fresh, stale = Workspace(tmp_path / "fresh"), Workspace(tmp_path / "stale")
    fresh.root.mkdir()
    stale.root.mkdir()
    _store(fresh, STORED)
    _store(stale, STORED)
    assert _answers(fresh) == [expected for _, expected in QUERIES]
    _make_stale(stale)
    _consistent(stale)
    before = _answers(stale)
    assert before != _answers(fresh), "the hand-made old profiles must answer differently, or the test shows nothing"
    assert before[0] == STORED[0], "stale: the swapped order is taken for the same fact"
    reprofile.BATCH, batch = 2, reprofile.BATCH
    try:
        assert reprofile.catch_up(stale) == len(STORED)
    finally:
        reprofile.BATCH = batch
    assert _answers(stale) == _answers(fresh)
    assert _index(stale) == _index(fresh)
    assert meta(stale, "profileVersion") == str(similarity.PROFILE_VERSION)
    assert meta(stale, "profileProgress") is None
    with probe(stale.db_path) as conn:  # the rewritten ones are consolidated again, only they
        dirty = {int(r) for (r,) in conn.execute("SELECT rid FROM dirty")}
    assert dirty == {1, 2, 3, 6}
    assert reprofile.catch_up(stale) == 0


def test_search_fields_cut_by_an_older_tokenizer_are_cut_again(tmp_path: Path) -> None:
    """Version 3 splits French elisions: a memory indexed as "jhabite" (the older cut) is found by
    "habite" only once its search fields are rewritten, with the profiles."""
    from hippocampus.core.config import Config
    from hippocampus.recall import recall

    ws = Workspace(tmp_path)
    _store(ws, ["J'habite à Lyon depuis 2019", "I like green tea in the morning"])
    config = Config(semantic="off", inject_abstain=False)
    assert [h.memory.content for h in recall(ws, "où habite", NOW, config, 1)] == ["J'habite à Lyon depuis 2019"]
    with database.writing(ws) as conn:
        old = [
            (re.sub(r"\bhabit\b", "jhabit", str(t)), int(r)) for r, t in conn.execute("SELECT rowid, tokens FROM fts")
        ]
        conn.executemany("UPDATE fts SET tokens = ? WHERE rowid = ?", old)
        rows.set_meta(conn, "profileVersion", "2")
    assert not recall(ws, "où habite", NOW, config, 1), "the older cut must miss, or the test shows nothing"
    reprofile.catch_up(ws)
    assert [h.memory.content for h in recall(ws, "où habite", NOW, config, 1)] == ["J'habite à Lyon depuis 2019"]
    assert meta(ws, "profileVersion") == str(similarity.PROFILE_VERSION)


def test_a_store_without_the_marker_is_rebuilt_by_decay(tmp_path: Path) -> None:
    from hippocampus.core.config import Config
    from hippocampus.maintenance import decay

    ws = Workspace(tmp_path)
    _store(ws, STORED)
    _make_stale(ws)
    with database.writing(ws) as conn:
        conn.execute("DELETE FROM meta WHERE key = 'profileVersion'")
    report = decay(ws, NOW, Config())
    assert report["reprofiled"] == len(STORED)
    profs = _index(ws)[0]
    with probe(ws.db_path) as conn:
        contents = {int(r): str(c) for r, c in conn.execute("SELECT rid, json_extract(json, '$.content') FROM mem")}
    assert profs == {rid: _current(c) for rid, c in contents.items()}
    assert "reprofiled" not in decay(ws, NOW, Config())


WORKER = r"""
import sys
from hippocampus.store import reprofile
from hippocampus.store.workspace import Workspace
reprofile.BATCH = int(sys.argv[2])
print("ready", flush=True)
reprofile.catch_up(Workspace(sys.argv[1]))
print("done", flush=True)
"""


def _texts(n: int) -> list[str]:
    return [f"Locker {i} holds box {i % 7} and box {i % 7} again, then shelf {i % 5}" for i in range(n)]


def test_the_rebuild_survives_kills_and_resumes(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    _store(ws, _texts(1200))
    with probe(ws.db_path) as conn:
        contents = {int(r): str(c) for r, c in conn.execute("SELECT rid, json_extract(json, '$.content') FROM mem")}
    current = {rid: _current(c) for rid, c in contents.items()}
    _make_stale(ws)
    old = _index(ws)[0]
    assert all(old[r] != current[r] for r in current), "every profile is stale"
    rng = random.Random(20261203)
    midway, last = 0, 0
    for run in range(14):
        argv = [sys.executable, "-c", WORKER, str(ws.root), "25"]
        kill_child(argv, rng, 0.4, lambda: meta(ws, "profileProgress"))
        check_store(ws)
        _consistent(ws)
        progress = meta(ws, "profileProgress")
        profs = _index(ws)[0]
        if progress is None:
            if meta(ws, "profileVersion") == str(similarity.PROFILE_VERSION):
                assert profs == current, f"run {run}: done means every profile rebuilt"
                _make_stale(ws)
                last = 0
            continue
        version, _, mark_text = progress.partition(":")
        mark = int(mark_text)
        assert version == str(similarity.PROFILE_VERSION)
        assert mark >= last, f"run {run}: resumed from {mark}, behind {last}: it restarted"
        last = mark
        wrong = [r for r in current if profs[r] != (current[r] if r <= mark else old[r])]
        assert not wrong, f"run {run}: the profiles disagree with the progress {mark} at rows {wrong[:5]}"
        midway += 0 < mark < max(current)
    assert midway >= 3, f"only {midway} kills landed inside the rebuild"
    reprofile.catch_up(ws)
    assert _index(ws)[0] == current and meta(ws, "profileProgress") is None
    _consistent(ws)


WRITER = r"""
import sys
from datetime import datetime, timezone
from hippocampus.core.model import Memory
from hippocampus.store import database, rows
from hippocampus.store.workspace import Workspace
ws, now = Workspace(sys.argv[1]), datetime(2026, 3, 1, 10, tzinfo=timezone.utc)
print("ready", flush=True)
for i in range(300):
    with database.writing(ws) as conn:
        rid = 1 + (i * 7) % 600
        item = rows.by_rid(conn, rid).to_dict()
        item["content"] = f"Desk {i} and desk {i} face window {i % 3}, rewritten"
        rows.write_memory(conn, item, rid)
        new = Memory(id=rows.allocate_id(conn), content=f"Room {i} has {i % 4} chairs and {i % 4} desks", created=now,
                     last_accessed=now).to_dict()
        rows.write_memory(conn, new, None)
print("done", flush=True)
"""


def test_a_writer_during_the_rebuild_leaves_every_profile_current(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    _store(ws, _texts(600))
    _make_stale(ws)
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(ws.root)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
    reprofile.BATCH, batch = 10, reprofile.BATCH
    try:
        reprofile.catch_up(ws)
    finally:
        reprofile.BATCH = batch
    out, err = writer.communicate(timeout=300)
    assert writer.returncode == 0 and "done" in out, err
    reprofile.catch_up(ws)  # a no-op when the rebuild ended after the writer
    check_store(ws)
    _consistent(ws)
    with probe(ws.db_path) as conn:
        contents = {int(r): str(c) for r, c in conn.execute("SELECT rid, json_extract(json, '$.content') FROM mem")}
    assert len(contents) == 900
    assert _index(ws)[0] == {rid: _current(c) for rid, c in contents.items()}
    assert meta(ws, "profileVersion") == str(similarity.PROFILE_VERSION)


def test_a_write_on_one_thread_is_not_joined_by_another(tmp_path: Path) -> None:
    """The worker's catch-up writes on its own thread while hooks run on others: a read there takes its
    own snapshot and a write waits its turn, instead of joining a connection of another thread (which
    sqlite3 refuses)."""
    import threading

    ws = Workspace(tmp_path)
    _store(ws, STORED)
    inside, release, errors = threading.Event(), threading.Event(), []

    def hold() -> None:
        with database.writing(ws) as conn:
            rows.set_meta(conn, "probe", "held")
            inside.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    assert inside.wait(10)
    try:
        with database.reading(ws) as conn:
            assert rows.get_meta(conn, "probe") == ""  # the committed state, not the other thread's
        release.set()
        with database.writing(ws) as conn:  # waits for the other thread's commit
            assert rows.get_meta(conn, "probe") == "held"
    except Exception as exc:  # reported below, after the holder is released
        errors.append(exc)
    finally:
        release.set()
        holder.join(10)
    assert not errors, errors


def test_status_says_how_far_a_rebuild_is_and_nothing_once_done(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hippocampus.core.config import Config
    from hippocampus.views.overview import status, status_text

    ws = Workspace(tmp_path)
    _store(ws, STORED)
    assert reprofile.progress(ws) is None
    assert "Profiles:" not in status_text(status(ws, NOW, Config()), NOW)
    _make_stale(ws)
    assert reprofile.progress(ws) == {"done": 0, "total": len(STORED)}
    monkeypatch.setattr(reprofile, "BATCH", 2)
    with monkeypatch.context() as one:  # one batch, as a hook's budget spent after it would leave it
        one.setattr(reprofile, "in_batches", lambda step, budget_seconds=None: step())
        reprofile.catch_up(ws)
    data = status(ws, NOW, Config())
    assert data["profilesRebuild"] == {"done": 2, "total": len(STORED)}
    assert "rebuilding after an upgrade, 2 of 6 memories done" in status_text(data, NOW)
    reprofile.catch_up(ws)
    assert status(ws, NOW, Config())["profilesRebuild"] is None
