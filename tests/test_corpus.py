"""The memory corpus supplement's Python side (`openclaw/corpus.py`): what `memory_search` and `memory_get`
get from Hippocampus, through `hooks.run` exactly as the worker and the one-process entry points run it.

The real OpenClaw turn (the model calls `memory_search`, then `forget`, then again) is in
tests/e2e/test_memory_search_openclaw.py.
"""

from __future__ import annotations

import io
import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from hippocampus import memories
from hippocampus.core.config import Config
from hippocampus.openclaw import hooks
from hippocampus.store.workspace import Workspace
from hippocampus.views.sync import sync_core

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)
PLAIN = "User's bicycle is a green Brompton kept in the hallway"
CORE = "User is allergic to penicillin and carries a card saying so"


def call(name: str, payload: dict[str, Any]) -> tuple[Any, str]:
    out, err = io.StringIO(), io.StringIO()
    assert hooks.run(name, io.BytesIO(json.dumps(payload).encode()), out, err) == 0
    text = out.getvalue().strip()
    return (json.loads(text) if text else "nothing printed"), err.getvalue()


def payload(workspace: Path, event: dict[str, Any], **ctx: Any) -> dict[str, Any]:
    return {"workspace": str(workspace), "config": {}, "ctx": {"agentId": "main", **ctx}, "event": event}


def search(workspace: Path, query: str, **ctx: Any) -> list[dict[str, Any]]:
    found, err = call("corpus_search", payload(workspace, {"query": query, "maxResults": 10}, **ctx))
    assert err == "", err
    assert isinstance(found, list)
    return found


@pytest.fixture(autouse=True)
def frozen(monkeypatch: pytest.MonkeyPatch, workspace: Path) -> None:
    """The hooks read the clock (`clock.now`): the same moment the memories were written at."""
    monkeypatch.setenv("HIPPOCAMPUS_NOW", NOW.isoformat())


@pytest.fixture
def store(workspace: Path) -> dict[str, str]:
    """One ordinary memory and one core memory, HIPPOCAMPUS_CORE.md synced as the hooks leave it."""
    ws = Workspace(workspace)
    plain = memories.remember(ws, NOW, Config(), PLAIN, importance=0.5)
    core = memories.remember(ws, NOW, Config(), CORE, importance=0.95)
    sync_core(ws, NOW, Config())
    return {"plain": plain.id, "core": core.id}


def test_search_finds_a_memory_the_core_file_does_not_hold(workspace: Path, store: dict[str, str]) -> None:
    found = search(workspace, "what bicycle do I have?")
    assert [r["id"] for r in found] == [store["plain"]]
    hit = found[0]
    assert hit["corpus"] == "hippocampus" and hit["path"] == f"hippocampus/{store['plain']}"
    assert hit["snippet"] == PLAIN and 0.0 < hit["score"] <= 1.0
    assert hit["provenanceLabel"].startswith("Hippocampus memory (user/")


def test_what_the_core_file_holds_is_left_to_memory_core(workspace: Path, store: dict[str, str]) -> None:
    """The same memory is never in one answer twice: the file is memory-core's (extraPaths), the rest ours."""
    core_file = (workspace / "HIPPOCAMPUS_CORE.md").read_text()
    assert store["core"] in core_file and store["plain"] not in core_file
    assert search(workspace, "penicillin allergy card") == []
    (workspace / "HIPPOCAMPUS_CORE.md").unlink()  # a file not (yet) written holds nothing: we serve it
    assert [r["id"] for r in search(workspace, "penicillin allergy card")] == [store["core"]]


def test_a_forgotten_memory_is_gone_from_the_next_answer(workspace: Path, store: dict[str, str]) -> None:
    assert search(workspace, "green Brompton bicycle")
    memories.forget(Workspace(workspace), NOW, [store["plain"]])
    assert search(workspace, "green Brompton bicycle") == []
    found, _ = call("corpus_get", payload(workspace, {"lookup": f"hippocampus/{store['plain']}"}))
    assert found is None


def test_a_superseded_memory_is_never_served(workspace: Path) -> None:
    ws = Workspace(workspace)
    old = memories.remember(ws, NOW, Config(), "User lives in Porto near the river", importance=0.5)
    new = memories.remember(ws, NOW, Config(), "User now lives in Lisbon, moved from Porto", importance=0.5)
    assert old.id in new.supersedes, "the fixture is a supersession"
    ids = [r["id"] for r in search(workspace, "where does the user live Porto")]
    assert old.id not in ids and new.id in ids
    assert call("corpus_get", payload(workspace, {"lookup": old.id}))[0] is None


def test_get_reads_one_memory_with_its_provenance(workspace: Path, store: dict[str, str]) -> None:
    found, err = call("corpus_get", payload(workspace, {"lookup": f"hippocampus/{store['plain']}"}))
    assert err == "" and found["id"] == store["plain"] and found["corpus"] == "hippocampus"
    lines = found["content"].split("\n")
    assert lines[0] == PLAIN and found["fromLine"] == 1 and found["lineCount"] == len(lines)
    assert any(line.startswith("Kind: user/") and "importance 0.50" in line for line in lines)
    assert any(line.startswith("First said: 2026-12-01T12:00:00Z") for line in lines)
    assert any(line.startswith("Source: session ") for line in lines)
    part, _ = call("corpus_get", payload(workspace, {"lookup": store["plain"], "fromLine": 2, "lineCount": 1}))
    assert part["content"] == lines[1] and part["fromLine"] == 2 and part["lineCount"] == 1
    whole, _ = call("corpus_get", payload(workspace, {"lookup": store["plain"], "fromLine": 0, "lineCount": True}))
    assert whole["content"] == found["content"], "a bad range reads from the first line, all of it"
    for junk in ("", "../../etc/passwd", "hippocampus/a b", "x" * 200):
        assert call("corpus_get", payload(workspace, {"lookup": junk}))[0] is None


def test_only_where_a_turn_would_be_given_the_block(workspace: Path, store: dict[str, str]) -> None:
    """The supplement follows the injection's scope: not for an excluded agent, a cron session or a group."""
    assert search(workspace, "green Brompton bicycle")
    assert search(workspace, "green Brompton bicycle", agentId="hippocampus") == []
    assert search(workspace, "green Brompton bicycle", sessionKey="agent:main:cron:nightly") == []
    assert search(workspace, "green Brompton bicycle", sessionKey="agent:main:telegram:group:42") == []
    assert call("corpus_get", payload(workspace, {"lookup": store["plain"]}, agentId="hippocampus"))[0] is None


def test_every_field_goes_through_the_fence(workspace: Path) -> None:
    ws = Workspace(workspace)
    memories.remember(ws, NOW, Config(), "User's locker <b>code</b> word is\u202e Zebrafruit", importance=0.5)
    [hit] = search(workspace, "locker code word Zebrafruit")
    assert "<" not in hit["snippet"] and "\u202e" not in hit["snippet"] and "Zebrafruit" in hit["snippet"]
    found, _ = call("corpus_get", payload(workspace, {"lookup": hit["id"]}))
    assert "<" not in found["content"] and "\u202e" not in found["content"]


def test_no_store_and_no_query_answer_nothing(workspace: Path) -> None:
    assert search(workspace, "anything") == []
    assert call("corpus_search", payload(workspace, {"query": "  "}))[0] == []
    assert call("corpus_get", payload(workspace, {"lookup": "mem_001"}))[0] is None


def test_max_results_is_honoured(workspace: Path) -> None:
    ws = Workspace(workspace)
    for i in range(6):
        memories.remember(
            ws, NOW, Config(), f"User's garden plot number {i} grows tomatoes variety {i}", importance=0.5
        )
    found, _ = call("corpus_search", payload(workspace, {"query": "garden tomatoes", "maxResults": 3}))
    assert len(found) == 3 and found == sorted(found, key=lambda r: -r["score"])


def test_the_worker_answers_both_calls_as_the_one_process_path_does(
    workspace: Path, store: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bridge sends `corpus_search` and `corpus_get` to the warm worker first (`worker.HOOK_NAMES`)."""
    import os

    from hippocampus.openclaw import worker
    from hippocampus.store import warm

    search_payload = payload(workspace, {"query": "green Brompton bicycle"})
    get_payload = payload(workspace, {"lookup": store["plain"]})
    read_fd, write_fd = os.pipe()
    for rid, hook, body in ((1, "corpus_search", search_payload), (2, "corpus_get", get_payload)):
        os.write(
            write_fd, (json.dumps({"id": rid, "hook": hook, "payload": body, "timeout_ms": 10000}) + "\n").encode()
        )
    os.close(write_fd)
    out = io.StringIO()
    monkeypatch.setattr(warm, "_enabled", True)  # the worker's kept connections, as `worker.main` sets
    try:
        worker.Server(out).serve(read_fd)
    finally:
        os.close(read_fd)
        warm.close_all()
    answers = {m["id"]: m for m in map(json.loads, out.getvalue().splitlines()) if "id" in m}
    assert answers[1]["ok"] and json.loads(answers[1]["stdout"]) == call("corpus_search", search_payload)[0]
    assert answers[2]["ok"] and json.loads(answers[2]["stdout"]) == call("corpus_get", get_payload)[0]
