"""The memory corpus supplement's bridge side (`corpusSupplement` in `hooks/index.js`) under Node with a stand-in
plugin API: it answers from Python, within its time budget, and fails open to no results."""

from __future__ import annotations

import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from hippocampus import memories
from hippocampus.core.config import Config
from hippocampus.store.workspace import Workspace

from . import plugin_driver
from .test_bridge import fake_python, log

pytestmark = pytest.mark.e2e
FACT = "User's canoe is stored in the boathouse at Lake Bled"

BODY = """
let supplement = null;
let prompt = null;
api.registerMemoryCorpusSupplement = (s) => { supplement = s; };
api.registerMemoryPromptSupplement = (b) => { prompt = b; };
api.runtime.config.current = () => JSON.parse(process.env.OC_CONFIG || "{}");
plugin.register(api);
const agent = process.env.AGENT ? { agentId: process.env.AGENT } : {};
const started = Date.now();
const found = await supplement.search({ query: "where is my canoe?", maxResults: 5, ...agent });
const got = await supplement.get({ lookup: found.length ? found[0].path : "hippocampus/mem_404", ...agent });
console.log(JSON.stringify({
  found, got, ms: Date.now() - started,
  prompt: prompt({ availableTools: new Set(["tool_call", "exec"]) }),
  noPrompt: prompt({ availableTools: new Set(["exec"]) }),
}));
"""


def drive(openclaw_path: str, workspace: Path, config: dict[str, Any], **env: str) -> dict[str, Any]:
    extra = {"NO_REGISTER": "1", "AGENT": "main", **env}
    return plugin_driver.run(openclaw_path, workspace, "plugin", BODY, {"worker": False, **config}, extra)


@pytest.fixture
def store(workspace: Path) -> str:
    ws = Workspace(workspace)
    ws.memory_dir.mkdir(parents=True, exist_ok=True)
    ws.config_path.write_text("semantic: off\n")  # the cold path then waits for no model
    at = datetime(2026, 3, 1, 10, 0, tzinfo=timezone.utc)
    return memories.remember(ws, at, Config(semantic="off"), FACT, importance=0.5).id


def test_search_and_get_answer_from_the_store(openclaw_path: str, workspace: Path, store: str) -> None:
    import sys

    out = drive(openclaw_path, workspace, {"python": sys.executable})
    assert [r["path"] for r in out["found"]] == [f"hippocampus/{store}"] and out["found"][0]["snippet"] == FACT
    assert out["got"]["content"].startswith(FACT) and "Source:" in out["got"]["content"]
    assert out["prompt"] and 'corpus "all"' in out["prompt"][0] and out["noPrompt"] == []


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ("echo 'Traceback: junk'; exit 0", "junk"),
        ("echo '[{\"path\": 1}]'; exit 0", "results of the wrong shape"),
        ("exit 3", "a crash"),
    ],
)
def test_a_broken_python_side_answers_nothing(
    openclaw_path: str, workspace: Path, tmp_path: Path, body: str, why: str
) -> None:
    out = drive(openclaw_path, workspace, {"python": fake_python(tmp_path, body)})
    assert out["found"] == [] and out["got"] is None, why


def test_a_slow_python_side_is_cut_off_at_the_budget(openclaw_path: str, workspace: Path, tmp_path: Path) -> None:
    started = time.monotonic()
    out = drive(openclaw_path, workspace, {"python": fake_python(tmp_path, "sleep 20"), "corpusTimeoutMs": 400})
    assert out["found"] == [] and out["got"] is None
    assert out["ms"] < 3000 and time.monotonic() - started < 15, "two calls of 400 ms, not 20 s"
    assert "corpus_search failed open: timed out after 400 ms" in log(workspace)


def test_no_agent_id_among_several_agents_answers_nothing(
    openclaw_path: str, workspace: Path, tmp_path: Path, store: str
) -> None:
    marker = tmp_path / "called"
    python = fake_python(tmp_path, f"touch {marker}; exit 0")
    several = '{"agents": {"entries": {"main": {}, "work": {}}}}'
    out = drive(openclaw_path, workspace, {"python": python}, AGENT="", OC_CONFIG=several)
    assert out["found"] == [] and out["got"] is None and not marker.exists(), "fails closed, asks nobody"
    out = drive(
        openclaw_path, workspace, {"python": python}, AGENT="", OC_CONFIG='{"agents": {"entries": {"main": {}}}}'
    )
    assert marker.exists(), "with one agent, that agent's store is asked"
