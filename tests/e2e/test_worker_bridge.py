"""`hooks/index.js` and `hooks/worker.js`, under Node with a stand-in plugin API and the real Python: the
worker starts as the plugin registers and serves even the first call, one worker per process however often
the module is loaded, none once the last registration is disposed, a SIGKILLed worker loses no message, and
it comes back after backoff."""

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


def test_the_worker_starts_with_the_plugin_and_serves_even_the_first_call(
    openclaw_path: str, workspace: Path, tmp_path: Path
) -> None:
    memories.remember(Workspace(workspace), datetime(2026, 3, 1, 9, tzinfo=timezone.utc), Config(), "My cat is Pixel")
    python, calls = wrapper(tmp_path)
    steps = [before("what is my cat called")]  # at once: the worker is still starting, the call waits for it
    for i in range(3):
        steps += [before(f"my cat, question {i}"), after(f"I prefer green tea, note {i}")]
    result = drive(openclaw_path, workspace, steps, {"python": python})

    blocks = [result["out"][0], *result["out"][1::2]]
    assert all("Pixel" in b["prependContext"] for b in blocks)
    started = calls.read_text().splitlines()
    assert [line for line in started if "serve --stdio" not in line] == [], "no call took the cold path"
    (serve,) = [line for line in started if "serve --stdio" in line]
    assert serve.endswith(f"--preload {workspace}"), "it loads the model of the workspace it will serve"
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
        after("the first turn after the backoff"),  # starts the worker again and waits for its ready line
        {"waitUp": 20000},
        after("served by the second worker"),
    ]
    # a share long enough that the restarted worker's ready line always comes within it
    result = drive(
        openclaw_path, workspace, steps, {"python": python, "workerTimeoutMs": 10000, "afterTimeoutMs": 20000}
    )
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
    assert len(cold_after) == 2  # the re-sent one and the one in the backoff; the next waits for the restart


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


# Two evaluations of index.js (as OpenClaw 2026.9.6 makes: a Gateway registers the plugin in "full" and in
# "discovery" mode, each in a module instance of its own, and again after an in-process restart), each
# registered with a managed instance's lifecycle; the calls go through the discovery one, as in a Gateway.
LIFECYCLE = """
const copy = await import(process.env.INDEX_COPY);
const disposers = [];
const register = (entry, mode) => {
  const hooks = {};
  entry.register({
    ...api, registrationMode: mode, on: (name, handler) => { hooks[name] = handler; },
    lifecycle: { onDispose: (fn) => { disposers.push(fn); return () => {}; } },
  });
  return hooks;
};
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const out = { sameRegistry: WORKERS === copy.WORKERS };
const modes = JSON.parse(process.env.MODES);
const hooks = register(plugin, modes[0]);
const used = register(copy.default, modes[1]);
out.atRegister = [...WORKERS.values()].map((w) => ({ state: w.state, starts: w.starts, holders: w.holders }));
const ask = async () => ((await used.before_prompt_build({ prompt: "what is my cat called" }, ctx)) ?? {}).prependContext ?? null;
out.first = await ask();
const worker = [...WORKERS.values()][0];
const pid = worker.child.pid;
disposers[0]();
out.afterOne = { state: worker.state, holders: worker.holders, served: await ask() };
disposers[1]();
const until = Date.now() + 15000;
while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
out.afterBoth = { state: worker.state, exited: !alive(pid), registry: WORKERS.size, served: await ask() };
console.log(JSON.stringify(out));
"""


def lifecycle(openclaw_path: str, workspace: Path, python: str, modes: list[str]) -> dict[str, Any]:
    env = {
        "NO_REGISTER": "1",
        "INDEX_COPY": (ROOT / "hooks" / "index.js").as_uri() + "?instance=2",
        "MODES": json.dumps(modes),
    }
    return plugin_driver.run(
        openclaw_path, workspace, "plugin, { WORKERS }", LIFECYCLE, {"packageDir": str(ROOT), "python": python}, env
    )


def test_one_worker_per_process_however_often_the_module_loads_and_none_once_all_are_disposed(
    openclaw_path: str, workspace: Path, tmp_path: Path
) -> None:
    memories.remember(Workspace(workspace), datetime(2026, 3, 1, 9, tzinfo=timezone.utc), Config(), "My cat is Pixel")
    python, calls = wrapper(tmp_path)
    out = lifecycle(openclaw_path, workspace, python, ["full", "discovery"])
    assert out["sameRegistry"] is True
    assert out["atRegister"] == [{"state": "starting", "starts": 1, "holders": 2}], "started by the full one"
    assert "Pixel" in out["first"] and "Pixel" in out["afterOne"]["served"]
    assert out["afterOne"]["state"] == "up" and out["afterOne"]["holders"] == 1, "one registration still holds it"
    assert out["afterBoth"] == {"state": "stopped", "exited": True, "registry": 0, "served": out["first"]}
    started = calls.read_text().splitlines()
    assert sum("serve --stdio" in line for line in started) == 1
    assert [line for line in started if "serve" not in line] == [f"{ROOT}/hooks/request_before.py"], (
        "only the call after the last dispose went to the cold path"
    )


def test_a_discovery_registration_starts_no_worker_until_a_call_needs_one(
    openclaw_path: str, workspace: Path, tmp_path: Path
) -> None:
    memories.remember(Workspace(workspace), datetime(2026, 3, 1, 9, tzinfo=timezone.utc), Config(), "My cat is Pixel")
    python, calls = wrapper(tmp_path)
    out = lifecycle(openclaw_path, workspace, python, ["discovery", "discovery"])
    assert out["atRegister"] == [{"state": "down", "starts": 0, "holders": 2}]
    assert "Pixel" in out["first"], "the first call started it and waited for it"
    assert out["afterBoth"]["exited"] is True
    assert sum("serve --stdio" in line for line in calls.read_text().splitlines()) == 1
