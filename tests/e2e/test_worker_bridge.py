"""`hooks/index.js` with the warm worker, under Node with a stand-in plugin API and the real Python:
turns go through one worker, a SIGKILLed worker loses no message, and it comes back after backoff."""

from __future__ import annotations

import json
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from hippocampus import memories
from hippocampus.core.config import Config
from hippocampus.store import inbox
from hippocampus.store.workspace import Workspace

from . import plugin_driver

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e

# Steps: {"call": hook, "event": {...}} | {"waitUp": ms} | {"callAndKill": hook, "event"} | {"sleep": ms}
BODY = """
const worker = () => [...WORKERS.values()][0];
const out = [];
for (const step of JSON.parse(process.env.STEPS)) {
  if (step.call) out.push((await handlers[step.call].handler(step.event, ctx)) ?? null);
  if (step.sleep) await new Promise((r) => setTimeout(r, step.sleep));
  if (step.waitUp) {
    const until = Date.now() + step.waitUp;
    while ((!worker() || worker().state !== "up") && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    out.push(worker() ? worker().state : "none");
  }
  if (step.callAndKill) {
    const pending = handlers[step.callAndKill].handler(step.event, ctx);
    process.kill(worker().child.pid, "SIGKILL");  // mid-call: the request line is written, no answer read yet
    out.push((await pending) ?? null);
  }
}
const w = worker();
console.log(JSON.stringify({ out, worker: w ? { state: w.state, starts: w.starts } : null }));
"""


def wrapper(tmp_path: Path) -> tuple[str, Path]:
    """An interpreter that records how it was started and then is the real one: which path served a call."""
    calls = tmp_path / "python-calls.log"
    path = tmp_path / "python"
    path.write_text(f'#!/bin/sh\necho "$*" >> {calls}\nexec {sys.executable} "$@"\n')
    path.chmod(0o755)
    return str(path), calls


def drive(openclaw_path: str, workspace: Path, steps: list[dict[str, Any]], config: dict[str, Any]) -> dict[str, Any]:
    """Register the plugin in Node and run `steps` in order; returns {out, worker}."""
    env = {"STEPS": json.dumps(steps)}
    return plugin_driver.run(
        openclaw_path, workspace, "plugin, { WORKERS }", BODY, {"packageDir": str(ROOT), **config}, env, timeout=180
    )


def before(prompt: str) -> dict[str, Any]:
    return {"call": "before_prompt_build", "event": {"prompt": prompt}}


def after(text: str) -> dict[str, Any]:
    message = {"role": "user", "content": [{"type": "text", "text": text}], "timestamp": 1772359200000}
    return {"call": "agent_end", "event": {"messages": [message, {"role": "assistant", "content": "ok"}]}}


def waiting_texts(workspace: Path) -> list[str]:
    """The user messages waiting in the inbox (each turn also queues the assistant's reply as context)."""
    rows = [json.loads(line) for line in inbox.waiting(str(workspace))]
    return [row["text"] for row in rows if row.get("role", "user") == "user"]


def test_turns_after_the_first_go_through_one_warm_worker(openclaw_path: str, workspace: Path, tmp_path: Path) -> None:
    memories.remember(Workspace(workspace), datetime(2026, 3, 1, 9, tzinfo=timezone.utc), Config(), "My cat is Pixel")
    python, calls = wrapper(tmp_path)
    steps = [before("what is my cat called"), {"waitUp": 20000}]
    for i in range(3):
        steps += [before(f"my cat, question {i}"), after(f"I prefer green tea, note {i}")]
    result = drive(openclaw_path, workspace, steps, {"python": python})

    out = result["out"]
    assert out[1] == "up"
    blocks = [out[0], *out[2::2]]
    assert all("Pixel" in b["prependContext"] for b in blocks)  # the cold first call and the warm ones agree
    started = calls.read_text().splitlines()
    assert sum("serve --stdio" in line for line in started) == 1
    assert [line for line in started if "serve --stdio" not in line] == [f"-S {ROOT}/hooks/request_before.py"]
    assert waiting_texts(workspace) == [f"I prefer green tea, note {i}" for i in range(3)]
    assert result["worker"] == {"state": "up", "starts": 1}


def test_a_worker_killed_mid_call_loses_no_message_and_comes_back(
    openclaw_path: str, workspace: Path, tmp_path: Path
) -> None:
    python, calls = wrapper(tmp_path)
    kill = {"callAndKill": "agent_end", "event": after("Remember that my locker code is on the blue card")["event"]}
    steps = [
        {"call": "before_prompt_build", "event": {"prompt": "hello"}},
        {"waitUp": 20000},
        kill,
        after("right after the crash"),  # within the backoff: the cold path serves it
        {"sleep": 1500},
        after("the first turn after the backoff"),  # starts the worker again, served cold meanwhile
        {"waitUp": 20000},
        after("served by the second worker"),
    ]
    result = drive(openclaw_path, workspace, steps, {"python": python})
    texts = waiting_texts(workspace)
    for text in (
        "Remember that my locker code is on the blue card",
        "right after the crash",
        "the first turn after the backoff",
        "served by the second worker",
    ):
        assert text in texts
    assert result["worker"] == {"state": "up", "starts": 2}
    started = calls.read_text().splitlines()
    assert sum("serve --stdio" in line for line in started) == 2
    cold_after = [line for line in started if line.endswith("request_after.py")]
    assert len(cold_after) == 3  # the re-sent one, the one in the backoff, the one while restarting


def test_an_idle_worker_exits_and_the_next_call_starts_one_without_backoff(
    openclaw_path: str, workspace: Path, tmp_path: Path
) -> None:
    python, calls = wrapper(tmp_path)
    steps = [before("hello"), {"waitUp": 20000}, {"sleep": 2500}, before("again"), {"waitUp": 20000}]
    result = drive(openclaw_path, workspace, steps, {"python": python, "workerIdleSeconds": 1})
    assert result["out"][1] == "up" and result["out"][3] == "up"
    assert result["worker"] == {"state": "up", "starts": 2}


def test_worker_false_keeps_one_process_per_call(openclaw_path: str, workspace: Path, tmp_path: Path) -> None:
    python, calls = wrapper(tmp_path)
    drive(
        openclaw_path,
        workspace,
        [before("hi"), {"sleep": 300}, after("I like tea a lot")],
        {"python": python, "worker": False},
    )
    started = calls.read_text().splitlines()
    assert not any("serve" in line for line in started) and len(started) == 2
    assert waiting_texts(workspace) == ["I like tea a lot"]


def test_an_interpreter_that_never_says_ready_only_costs_the_cold_path(
    openclaw_path: str, workspace: Path, tmp_path: Path
) -> None:
    memories.remember(Workspace(workspace), datetime(2026, 3, 1, 9, tzinfo=timezone.utc), Config(), "My cat is Pixel")
    path = tmp_path / "python"
    # Silent as a worker (ignores its input), the real interpreter for the entry points.
    path.write_text(f'#!/bin/sh\ncase "$*" in *serve*) exec sleep 5;; esac\nexec {sys.executable} "$@"\n')
    path.chmod(0o755)
    result = drive(openclaw_path, workspace, [before("cat"), {"sleep": 500}, before("my cat")], {"python": str(path)})
    assert all("Pixel" in block["prependContext"] for block in result["out"])
    assert result["worker"]["state"] == "starting"
