"""The agent's own `hippocampus` reaches the store the hooks write to, with no flag and no $WORKSPACE.

A real OpenClaw turn through a Gateway: the fake model asks for an `exec` tool call running the CLI
exactly as SKILL.md tells the agent (`hippocampus remember …`, `hippocampus recall …`), OpenClaw runs it
in the agent's workspace (its default cwd), and the memory lands in the workspace the hooks use
(`agents.defaults.workspace`), not in `$OPENCLAW_STATE_DIR/workspace`, the old default.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import OpenClaw, make_openclaw, wait_for
from .fake_model import FakeModel, _text_of, reply_for

pytestmark = pytest.mark.e2e
MARKER = "HIPPO-TOOL-TURN"
FACT = "User keeps bees on the roof of the Lisbon flat"


class ToolModel:
    """Answers a message carrying MARKER with one `exec` call of `command`, then with what the tool printed."""

    def __init__(self) -> None:
        self.command = ""
        self.tools_seen: list[str] = []

    def __call__(self, body: dict[str, Any]) -> str | dict[str, Any]:
        messages = [m for m in body.get("messages", []) if isinstance(m, dict)]
        said = [  # the user's own messages: OpenClaw adds its internal context as user messages too
            at
            for at, m in enumerate(messages)
            if m.get("role") == "user" and not _text_of(m.get("content")).startswith("<<<BEGIN_OPENCLAW_INTERNAL")
        ]
        if not said or MARKER not in _text_of(messages[said[-1]].get("content")):
            return reply_for(body)
        self.tools_seen = [str(t.get("function", {}).get("name")) for t in body.get("tools", []) if isinstance(t, dict)]
        results = [m for m in messages[said[-1] :] if m.get("role") == "tool"]
        if results:
            return "TOOL-SAID: " + " ".join(_text_of(results[-1].get("content")).split())[:2000]
        return {"tool_call": {"name": "exec", "arguments": {"command": self.command}}}


@pytest.fixture(scope="module")
def tool_model(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[FakeModel, ToolModel]]:
    script = ToolModel()
    server = FakeModel(tmp_path_factory.mktemp("tool-model") / "requests.jsonl", lifetime=1800, responder=script)
    yield server, script
    server.stop()


@pytest.fixture(scope="module")
def claw(
    openclaw_path: str, tool_model: tuple[FakeModel, ToolModel], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[OpenClaw]:
    """An OpenClaw of its own whose agent may run exec without asking, and whose env (its Gateway's
    too) has no $WORKSPACE."""
    oc = make_openclaw(tmp_path_factory.mktemp("agent-ws"), openclaw_path, tool_model[0])
    oc.env.pop("WORKSPACE")
    oc.run("exec-policy", "preset", "yolo", timeout=120)
    oc.start_gateway()
    yield oc
    oc.stop_gateway()


def tool_turn(oc: OpenClaw, script: ToolModel, command: str) -> str:
    """One real turn in which the model runs `command` through exec; returns the reply text."""
    script.command = command
    reply = oc.agent(f"{MARKER}: please run the memory tool")
    assert "exec" in script.tools_seen, script.tools_seen
    return " ".join(p.get("text", "") for p in reply.get("payloads", []))


def stored(workspace: Path) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "hippocampus", "--workspace", str(workspace), "list", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return [m["content"] for m in json.loads(done.stdout)]


def test_the_agents_cli_call_uses_the_store_the_hooks_write_to(
    claw: OpenClaw, tool_model: tuple[FakeModel, ToolModel]
) -> None:
    script = tool_model[1]
    cli = f"{shlex.quote(sys.executable)} -m hippocampus"
    old_default = claw.state / "workspace"
    claw.agent("I keep my notes in Portuguese, remember that please")  # the hooks' own store, first
    memory = claw.workspace / "memory"  # the Gateway answers before agent_end has written
    wait_for(lambda: (memory / "inbox.jsonl").exists() or (memory / "hippocampus.db").exists(), "the hooks' write")
    said = tool_turn(claw, script, f"{cli} remember {shlex.quote(FACT)} --json")
    assert "TOOL-SAID" in said and "mem_" in said, said
    assert FACT in stored(claw.workspace)
    assert not (old_default / "memory" / "hippocampus.db").exists()
    said = tool_turn(claw, script, f"{cli} recall 'bees roof' --json")
    assert "Lisbon flat" in said, said
    said = tool_turn(claw, script, "pwd")
    assert str(claw.workspace) in said, said  # OpenClaw runs the agent's tools in its workspace


def test_outside_the_workspace_the_cli_reads_openclaws_config(claw: OpenClaw, tmp_path: Path) -> None:
    """The user's own shell, anywhere: agents.defaults.workspace in openclaw.json picks the same store."""
    env = {k: v for k, v in claw.env.items() if k != "WORKSPACE"}
    done = subprocess.run(
        [sys.executable, "-m", "hippocampus", "recall", "bees", "--json"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert any(hit["content"] == FACT for hit in json.loads(done.stdout)), done.stdout
