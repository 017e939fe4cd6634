"""The agent's own `memory_search` and `memory_get` find Hippocampus live, in a real OpenClaw 2026.9.6.

The plugin registers a memory corpus supplement (`hooks/index.js`, `hippocampus/openclaw/corpus.py`). In a
real turn through a Gateway the fake model calls `memory_search` (corpus "all": 2026.9.6 asks registered
supplements only for "all" or "wiki", hooks/README.md), and the tool result OpenClaw sends back holds the
Hippocampus memory; `memory_get` on its path reads it with its provenance. After `hippocampus forget`, the
next `memory_search` does not hold it, with no `openclaw memory index` in between.

And `status --check` (issue 27, "health you can see"): it passes on this working install, and fails,
naming the cause, once the plugin's hooks are not allowed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import OpenClaw, make_openclaw, wait_for
from .fake_model import FakeModel, _text_of, reply_for

pytestmark = pytest.mark.e2e
MARKER = "HIPPO-MEMORY-TOOL"
FACT = "User's spare house key is under the blue Quillbarrow flowerpot"


class ToolModel:
    """Answers a message carrying MARKER with one call of `tool`, then with the tool result's text."""

    def __init__(self) -> None:
        self.tool: dict[str, Any] = {}
        self.tools_seen: list[str] = []
        self.results: list[str] = []

    def __call__(self, body: dict[str, Any]) -> str | dict[str, Any]:
        messages = [m for m in body.get("messages", []) if isinstance(m, dict)]
        said = [
            at
            for at, m in enumerate(messages)
            if m.get("role") == "user" and not _text_of(m.get("content")).startswith("<<<BEGIN_OPENCLAW_INTERNAL")
        ]
        if not said or MARKER not in _text_of(messages[said[-1]].get("content")):
            return reply_for(body)
        self.tools_seen = [str(t.get("function", {}).get("name")) for t in body.get("tools", []) if isinstance(t, dict)]
        results = [m for m in messages[said[-1] :] if m.get("role") == "tool"]
        if results:
            self.results.append(_text_of(results[-1].get("content")))
            return "TOOL-SAID: done"
        if self.tool["name"] in self.tools_seen:
            return {"tool_call": dict(self.tool)}
        # 2026.9.6 defers most tool schemas behind Tool Search (`tools.toolSearch` unset): the model calls a
        # deferred tool by name through `tool_call`, as docs/tools/tool-search.md says
        return {
            "tool_call": {"name": "tool_call", "arguments": {"id": self.tool["name"], "args": self.tool["arguments"]}}
        }


@pytest.fixture(scope="module")
def tool_model(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[FakeModel, ToolModel]]:
    script = ToolModel()
    server = FakeModel(tmp_path_factory.mktemp("memory-tool-model") / "requests.jsonl", lifetime=1800, responder=script)
    yield server, script
    server.stop()


@pytest.fixture(scope="module")
def claw(
    openclaw_path: str, tool_model: tuple[FakeModel, ToolModel], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[OpenClaw]:
    """An install set up as install.py leaves it: the plugin, and HIPPOCAMPUS_CORE.md in memory-core's extraPaths."""
    oc = make_openclaw(tmp_path_factory.mktemp("memory-search"), openclaw_path, tool_model[0])
    oc.patch({"memory": {"search": {"extraPaths": [str(oc.workspace / "HIPPOCAMPUS_CORE.md")]}}})
    oc.hippocampus("init")
    oc.start_gateway()
    yield oc
    oc.stop_gateway()


def tool_turn(oc: OpenClaw, script: ToolModel, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """One real turn in which the model calls tool `name`; returns the tool result OpenClaw gave it."""
    script.tool = {"name": name, "arguments": arguments}
    before = len(script.results)
    oc.agent(f"{MARKER}: please look in your memory")
    assert name in script.tools_seen or "tool_call" in script.tools_seen, script.tools_seen
    assert len(script.results) == before + 1, "the model got the tool's result"
    text = script.results[-1]
    found, _end = json.JSONDecoder().raw_decode(text[text.index("{") :])
    if isinstance(found.get("result"), dict):  # through `tool_call`: {tool, result: {content, details}}
        found = found["result"].get("details", found["result"])
    return dict(found)


def test_memory_search_finds_the_memory_live_and_forget_needs_no_reindex(
    claw: OpenClaw, tool_model: tuple[FakeModel, ToolModel]
) -> None:
    script = tool_model[1]
    memory_id = json.loads(claw.hippocampus("remember", FACT, "--importance", "0.5", "--json").stdout)[0]["id"]
    claw.hippocampus("sync-core")
    assert memory_id not in (claw.workspace / "HIPPOCAMPUS_CORE.md").read_text(), "not a core memory: ours to serve"

    found = tool_turn(claw, script, "memory_search", {"query": "where is the spare house key?", "corpus": "all"})
    assert "results" in found, script.results[-1][:3000]
    prompt = json.dumps(tool_model[0].requests()[-1]["messages"][:2])
    assert 'found by memory_search with corpus \\"all\\"' in prompt, "the memory prompt tells the agent how"
    ours = [r for r in found["results"] if r.get("corpus") == "hippocampus"]
    assert [r["path"] for r in ours] == [f"hippocampus/{memory_id}"], found
    assert "Quillbarrow flowerpot" in ours[0]["snippet"]
    paths = [r["path"] for r in found["results"]]
    assert len(paths) == len(set(paths)), "no memory twice in one answer"

    read = tool_turn(claw, script, "memory_get", {"path": ours[0]["path"], "corpus": "all"})
    assert "Quillbarrow flowerpot" in read["text"] and "First said:" in read["text"], read

    claw.hippocampus("forget", memory_id)
    again = tool_turn(claw, script, "memory_search", {"query": "where is the spare house key?", "corpus": "all"})
    assert "Quillbarrow" not in json.dumps(again), again
    gone = tool_turn(claw, script, "memory_get", {"path": ours[0]["path"], "corpus": "all"})
    assert "Quillbarrow" not in json.dumps(gone), gone


def test_status_check_passes_here_and_fails_when_the_hooks_are_not_allowed(claw: OpenClaw) -> None:
    claw.agent("I water the balcony plants every Sunday morning")
    wait_for(lambda: json.loads(claw.hippocampus("status", "--json").stdout)["health"]["lastCaptured"], "a capture")
    ok = claw.hippocampus("status", "--check", "--json", check=False)
    health = json.loads(ok.stdout)["health"]
    assert ok.returncode == 0, health["problems"]
    assert health["plugin"] == {**health["plugin"], "installed": True, "enabled": True, "hooksAllowed": True}
    assert health["worker"]["up"] and health["plugin"]["loaded"], "the Gateway's worker runs"
    assert health["lastCaptured"], "the turns above were captured"

    claw.patch({"plugins": {"entries": {"hippocampus": {"hooks": {"allowConversationAccess": False}}}}})
    try:
        bad = claw.hippocampus("status", "--check", check=False)
        assert bad.returncode == 1
        assert "hooks are not allowed" in bad.stdout and "allowConversationAccess" in bad.stdout, bad.stdout
        data = json.loads(claw.hippocampus("status", "--json").stdout)["health"]
        assert data["plugin"]["hooksAllowed"] is False and data["problems"]
    finally:
        claw.patch({"plugins": {"entries": {"hippocampus": {"hooks": {"allowConversationAccess": True}}}}})
