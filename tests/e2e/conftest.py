"""One real OpenClaw 2026.9.6 per test run: isolated HOME/state, a fake model on 127.0.0.1, our plugin.

Everything expensive is session-scoped: the npm install (scripts/ensure-openclaw.sh, cached in
.cache/), the fake model server, and the OpenClaw state with the plugin linked from `hooks/`.
Tests drive real turns with `openclaw agent --local`, or through a Gateway where a module runs many
turns: an `--local` turn starts all of OpenClaw in a new process (about 20 s of CPU on this 2-core
machine), a turn through a running Gateway costs a few seconds. A Gateway is also started for a
session reset (`sessions.reset`, the `/new` of a chat), and stopped by its process group.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from .fake_model import FakeModel

ROOT = Path(__file__).resolve().parents[2]
TURN_TIMEOUT = 300


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# What OpenClaw 2026.9.6 logs once a Gateway serves (after "http server listening" and the startup
# hooks), and once it has applied a config change (a plugin's config is hot-reloaded; others restart it).
GATEWAY_READY = "[gateway] ready"
RELOADED = ("[reload] config hot reload applied", GATEWAY_READY)


def wait_for(check: Callable[[], Any], what: str, timeout: float = 60.0, every: float = 0.1) -> Any:
    """Call `check` every `every` s until it returns something true, and return that; fail after `timeout`.
    For what a Gateway does after it has answered (agent_end after the reply, session_end after a reset)."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(every)


def log_after(path: Path, offset: int) -> str:
    """What was appended to the log at `path` after byte `offset` ('' while it does not exist)."""
    return path.read_bytes()[offset:].decode("utf-8", "replace") if path.exists() else ""


def start_gateway(env: dict[str, str], home: Path, *args: str) -> subprocess.Popen[bytes]:
    """`openclaw gateway run ARGS` in a process group of its own, logging to HOME/gateway.log; returns
    once the log says it is ready. Waiting on that line costs nothing, where asking through the CLI
    every second or two starts Node each time (seconds of CPU, taken from the starting Gateway)."""
    path = home / "gateway.log"
    offset = path.stat().st_size if path.exists() else 0  # a Gateway started again appends to the same log
    with open(path, "ab") as log:
        proc = subprocess.Popen(
            ["openclaw", "gateway", "run", *args],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=home,
            start_new_session=True,
        )
    deadline = time.monotonic() + 180
    while GATEWAY_READY not in log_after(path, offset):
        if proc.poll() is not None or time.monotonic() > deadline:
            stop_process_group(proc)
            raise AssertionError(f"the Gateway did not come up:\n{log_after(path, offset)[-3000:]}")
        time.sleep(0.2)
    return proc


class Gateway:
    """A loopback Gateway of one install, with its port and token in the install's environment so that
    `openclaw agent` without `--local` goes through it, until `stop()`."""

    def __init__(self, oc: OpenClaw) -> None:
        self.oc, self.port, self.token = oc, free_port(), secrets.token_hex(16)
        args = ("--bind", "loopback", "--port", str(self.port), "--auth", "token", "--token", self.token)
        self.proc = start_gateway(oc.env, oc.home, *args)
        oc.env.update({"OPENCLAW_GATEWAY_PORT": str(self.port), "OPENCLAW_GATEWAY_TOKEN": self.token})

    def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        """`openclaw gateway call METHOD` with `params`; its `--json` answer."""
        reach = ("--url", f"ws://127.0.0.1:{self.port}", "--token", self.token)
        proc = self.oc.run("gateway", "call", method, *reach, "--params", json.dumps(params), "--json", timeout=60)
        return dict(json.loads(proc.stdout))

    def stop(self) -> None:
        stop_process_group(self.proc)
        for key in ("OPENCLAW_GATEWAY_PORT", "OPENCLAW_GATEWAY_TOKEN"):
            self.oc.env.pop(key, None)


@dataclass
class OpenClaw:
    """A real, isolated OpenClaw install with the Hippocampus plugin linked."""

    env: dict[str, str]
    home: Path
    state: Path
    workspace: Path
    model: FakeModel
    plugin_config: dict[str, Any] = field(default_factory=dict)
    gateway: Gateway | None = None

    def run(
        self, *args: str, input: str | None = None, timeout: float = TURN_TIMEOUT, check: bool = True
    ) -> subprocess.CompletedProcess[str]:
        """Run `openclaw ARGS` in this install."""
        proc = subprocess.run(
            ["openclaw", *args],
            env=self.env,
            input=input,
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=self.home,
        )
        if check and proc.returncode != 0:
            raise AssertionError(
                f"openclaw {' '.join(args)} failed ({proc.returncode}):\n{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}"
            )
        return proc

    def patch(self, config: dict[str, Any]) -> None:
        """`openclaw config patch --stdin` (objects merge, scalars replace); with a Gateway running, wait
        until it has applied the change, so the next turn sees it."""
        log = self.home / "gateway.log"
        offset = log.stat().st_size if log.exists() else 0
        self.run("config", "patch", "--stdin", input=json.dumps(config), timeout=120)
        if self.gateway is not None:
            wait_for(lambda: any(line in log_after(log, offset) for line in RELOADED), "the Gateway to apply it")

    def set_plugin_config(self, **changes: Any) -> None:
        """Merge `changes` into `plugins.entries.hippocampus.config`."""
        self.plugin_config.update(changes)
        self.patch({"plugins": {"entries": {"hippocampus": {"config": changes}}}})

    def agent(self, message: str, agent: str = "main") -> dict[str, Any]:
        """One real agent turn; returns the `--json` result (its `payloads` at the top). Through this
        install's Gateway when one runs (`--local` refuses to run beside it), else `--local`, in-process."""
        if self.gateway is None:
            return dict(json.loads(self.run("agent", "--local", "--agent", agent, "-m", message, "--json").stdout))
        data = json.loads(self.run("agent", "--agent", agent, "-m", message, "--json").stdout)
        return dict(data.get("result", data))

    def start_gateway(self) -> Gateway:
        """Start this install's Gateway; turns go through it until `stop_gateway()`."""
        assert self.gateway is None, "one Gateway per install"
        self.gateway = Gateway(self)
        return self.gateway

    def stop_gateway(self) -> None:
        if self.gateway is not None:
            self.gateway.stop()
            self.gateway = None

    def hippocampus(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        """The `hippocampus` CLI on this install's workspace."""
        env = {**self.env, "WORKSPACE": str(self.workspace)}
        proc = subprocess.run(
            [sys.executable, "-m", "hippocampus", *args], env=env, capture_output=True, text=True, timeout=120, cwd=ROOT
        )
        if check and proc.returncode != 0:
            raise AssertionError(f"hippocampus {' '.join(args)} failed:\n{proc.stdout}\n{proc.stderr}")
        return proc

    def transcript_rows(self, agent: str = "main") -> list[str]:
        """Every stored transcript line (event_json) of an agent, read-only."""
        db = self.state / "agents" / agent / "agent" / "openclaw-agent.sqlite"
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            return [
                r[0]
                for r in conn.execute(
                    "SELECT event_json FROM transcript_events WHERE event_json IS NOT NULL ORDER BY rowid"
                )
            ]
        finally:
            conn.close()

    def log_text(self) -> str:
        """`memory/hippocampus.log` of the workspace ('' when absent)."""
        path = self.workspace / "memory" / "hippocampus.log"
        return path.read_text(encoding="utf-8") if path.exists() else ""

    def reset_session(self, key: str = "agent:main:main") -> None:
        """Reset the session like `/new` does (before_reset and session_end fire), through the running
        Gateway, or one started for it and stopped after."""
        if self.gateway is not None:
            self.gateway.call("sessions.reset", {"key": key})
            return
        gateway = self.start_gateway()
        try:
            gateway.call("sessions.reset", {"key": key})
        finally:
            self.stop_gateway()


def stop_process_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM the group we started, wait, then SIGKILL it."""
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=40)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    except ProcessLookupError:
        pass


@pytest.fixture(scope="session")
def openclaw_path() -> str:
    """PATH with Node 24 and OpenClaw 2026.9.6 from the npm registry (installed once, cached)."""
    out = subprocess.run(
        ["bash", str(ROOT / "scripts" / "ensure-openclaw.sh")], capture_output=True, text=True, timeout=900, check=True
    )
    prefix = out.stdout.strip().splitlines()[-1]
    return f"{prefix}:{os.environ.get('PATH', '')}"


@pytest.fixture(scope="session")
def fake_model(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FakeModel]:
    """The recording fake model server for the whole run."""
    server = FakeModel(tmp_path_factory.mktemp("fake-model") / "requests.jsonl", lifetime=3600)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def openclaw(openclaw_path: str, fake_model: FakeModel, tmp_path_factory: pytest.TempPathFactory) -> OpenClaw:
    """A configured OpenClaw with the plugin linked and conversation access granted."""
    return make_openclaw(tmp_path_factory.mktemp("openclaw"), openclaw_path, fake_model)


@pytest.fixture(scope="module")
def openclaw_gateway(openclaw: OpenClaw) -> Iterator[OpenClaw]:
    """The shared install with a Gateway for the module: its turns and session resets go through it."""
    openclaw.start_gateway()
    yield openclaw
    openclaw.stop_gateway()


@pytest.fixture
def without_gateway(openclaw: OpenClaw) -> Iterator[OpenClaw]:
    """The shared install with its Gateway (if any) stopped for one test, so that its turns run `--local`,
    each in a fresh process, and no worker of the Gateway holds the store open; started again after."""
    running = openclaw.gateway is not None
    openclaw.stop_gateway()
    yield openclaw
    if running:
        openclaw.start_gateway()


def make_openclaw(base: Path, openclaw_path: str, fake_model: FakeModel) -> OpenClaw:
    """An isolated OpenClaw under `base` (home, state, workspace), our plugin linked, `fake_model` as its model."""
    home, state, workspace = base / "home", base / "state", base / "workspace"
    for path in (home, state, workspace):
        path.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENCLAW_", "HIPPOCAMPUS_"))}
    env.update(
        {
            "PATH": openclaw_path,
            "HOME": str(home),
            "OPENCLAW_STATE_DIR": str(state),
            "NO_COLOR": "1",
            "WORKSPACE": str(workspace),
        }
    )
    oc = OpenClaw(env=env, home=home, state=state, workspace=workspace, model=fake_model)
    oc.run("plugins", "install", "--link", str(ROOT / "hooks"), "--force", "--accept-capabilities")
    oc.plugin_config = {"python": sys.executable, "packageDir": str(ROOT)}
    oc.patch(
        {
            "gateway": {"mode": "local", "bind": "loopback"},
            "logging": {"file": str(home / "openclaw.log")},  # not the machine's /tmp/openclaw/
            "agents": {"defaults": {"workspace": str(workspace), "model": {"primary": "fake/fake-model"}}},
            "models": {
                "mode": "merge",
                "providers": {
                    "fake": {
                        "baseUrl": fake_model.base_url,
                        "apiKey": "fake-key",
                        "api": "openai-completions",
                        "models": [{"id": "fake-model", "name": "Fake", "contextWindow": 32000, "maxTokens": 1024}],
                    }
                },
            },
            "plugins": {
                "entries": {
                    "hippocampus": {
                        "enabled": True,
                        "hooks": {"allowConversationAccess": True},
                        "config": oc.plugin_config,
                    }
                }
            },
        }
    )
    return oc
