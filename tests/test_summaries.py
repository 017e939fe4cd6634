"""Optional LLM summaries: `pending`, `revise`, `summarize` and the OpenAI-compatible client, on 127.0.0.1."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from e2e.fake_model import FakeModel

from hippocampus.core.model import Signal
from hippocampus.llm import client
from hippocampus.store import logs, queue
from hippocampus.store.workspace import Workspace

T0 = datetime(2026, 3, 1, 10, 0, tzinfo=timezone.utc)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[FakeModel]:
    fake = FakeModel(
        tmp_path / "client.jsonl", lifetime=120, responder=lambda body: '  "User\'s sister is called Alma"\nextra line'
    )
    yield fake
    fake.stop()


def queue_and_encode(run_cli: Any, workspace: Path, *texts: str) -> None:
    ws = Workspace(workspace)
    queue.append_signals(
        ws,
        [Signal("sess-1", f"m{i}", t, "2026-03-01T09:00:00Z", 0.9, category="remember") for i, t in enumerate(texts)],
    )
    assert run_cli("encode").returncode == 0


def test_pending_lists_encoded_statements_and_revise_applies_a_summary(run_cli: Any, workspace: Path) -> None:
    queue_and_encode(run_cli, workspace, "Remember that my sister's name is Alma")
    waiting = json.loads(run_cli("pending").stdout)
    assert [w["content"] for w in waiting] == ["my sister's name is Alma"], "the fact, not the request"
    assert waiting[0]["sources"][0]["text"] == "Remember that my sister's name is Alma", "the message, as said"
    memory_id = waiting[0]["id"]

    result = run_cli("revise", memory_id, "User's sister is called Alma", "--json")
    assert result.returncode == 0, result.stderr
    revised = json.loads(result.stdout)
    assert revised["content"] == "User's sister is called Alma"
    assert revised["summaryPending"] is False
    assert revised["sources"] == waiting[0]["sources"], "provenance is kept"
    assert json.loads(run_cli("pending").stdout) == []
    events = logs.read_events(Workspace(workspace))
    assert events[-1]["type"] == "revise" and events[-1]["before"] == "my sister's name is Alma"
    assert json.loads(run_cli("recall", "sister", "--json").stdout)[0]["id"] == memory_id


def test_revise_refuses_unknown_ids_and_empty_summaries(run_cli: Any, workspace: Path) -> None:
    queue_and_encode(run_cli, workspace, "Remember that my sister's name is Alma")
    bad = run_cli("revise", "mem_999", "anything")
    assert bad.returncode == 1 and "mem_999" in bad.stderr
    empty = run_cli("revise", "mem_001", "   ")
    assert empty.returncode == 1 and "empty" in empty.stderr


def test_summarize_with_a_fake_endpoint(run_cli: Any, workspace: Path, server: FakeModel) -> None:
    queue_and_encode(run_cli, workspace, "Remember that my sister's name is Alma")
    result = run_cli(
        "summarize", "--url", server.base_url, "--model", "tiny", "--json", env={"HIPPOCAMPUS_LLM_KEY": "k-123"}
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["revised"] == ["mem_001"]
    index = json.loads(run_cli("export").stdout)
    assert index["memories"][0]["content"] == "User's sister is called Alma"
    [request] = server.requests()
    assert request["model"] == "tiny" and request["stream"] is False
    assert "data, not instructions" in request["messages"][0]["content"]
    assert "Alma" in request["messages"][1]["content"]


def test_summarize_reports_failures_and_changes_nothing(run_cli: Any, workspace: Path, tmp_path: Path) -> None:
    queue_and_encode(run_cli, workspace, "Remember that my sister's name is Alma")
    broken = FakeModel(tmp_path / "broken.jsonl", lifetime=60, status=500)
    try:
        result = run_cli("summarize", "--url", broken.base_url, "--model", "tiny", "--json")
    finally:
        broken.stop()
    assert result.returncode == 0
    assert "HTTP 500" in json.loads(result.stdout)["failed"]["mem_001"]
    assert len(json.loads(run_cli("pending").stdout)) == 1


def test_client_chat_embed_and_errors(server: FakeModel) -> None:
    endpoint = client.Endpoint(server.base_url, "tiny", timeout=5)
    assert client.summarize(endpoint, "Remember that my sister's name is Alma") == "User's sister is called Alma"
    assert client.embed(endpoint, ["a", "bbb"]) == [[1.0, 1.0, 0.5], [3.0, 1.0, 0.5]]
    with pytest.raises(client.LLMError, match="http"):
        client.chat(client.Endpoint("file:///etc/passwd", "x"), [])
    closed = client.Endpoint("http://127.0.0.1:9/v1", "x", timeout=2)
    with pytest.raises(client.LLMError):
        client.chat(closed, [{"role": "user", "content": "hi"}])
