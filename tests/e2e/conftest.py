"""One real OpenClaw 2026.9.6 per test run: isolated HOME/state, a fake model on 127.0.0.1, our plugin.

Everything expensive is session-scoped: the npm install (scripts/ensure-openclaw.sh, cached in
.cache/), the fake model server, and the OpenClaw state with the plugin linked from `hooks/`.
Tests drive real turns with `openclaw agent --local`; a Gateway is started only where a
session reset (`sessions.reset`, the `/new` of a chat) is needed, and stopped by its pid.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
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


@dataclass
class OpenClaw:
    """A real, isolated OpenClaw install with the Hippocampus plugin linked."""

    env: dict[str, str]
    home: Path
    state: Path
    workspace: Path
    model: FakeModel
    plugin_config: dict[str, Any] = field(default_factory=dict)

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
        """`openclaw config patch --stdin` (objects merge, scalars replace)."""
        self.run("config", "patch", "--stdin", input=json.dumps(config), timeout=120)

    def set_plugin_config(self, **changes: Any) -> None:
        """Merge `changes` into `plugins.entries.hippocampus.config`."""
        self.plugin_config.update(changes)
        self.patch({"plugins": {"entries": {"hippocampus": {"config": changes}}}})

    def agent(self, message: str, agent: str = "main") -> dict[str, Any]:
        """One real agent turn with no Gateway; returns the `--json` result."""
        proc = self.run("agent", "--local", "--agent", agent, "-m", message, "--json")
        return dict(json.loads(proc.stdout))

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
        """Start a loopback Gateway, reset the session like `/new` does, and stop the Gateway."""
        port = free_port()
        token = "hippocampus-e2e"
        log = open(self.home / "gateway.log", "ab")  # noqa: SIM115 - closed below
        proc = subprocess.Popen(
            [
                "openclaw",
                "gateway",
                "run",
                "--bind",
                "loopback",
                "--port",
                str(port),
                "--auth",
                "token",
                "--token",
                token,
            ],
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=self.home,
            start_new_session=True,
        )
        try:
            deadline = time.monotonic() + 120
            params = json.dumps({"key": key})
            while True:
                res = self.run(
                    "gateway",
                    "call",
                    "sessions.reset",
                    "--url",
                    f"ws://127.0.0.1:{port}",
                    "--token",
                    token,
                    "--params",
                    params,
                    "--json",
                    check=False,
                    timeout=60,
                )
                if res.returncode == 0:
                    break
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise AssertionError(f"sessions.reset failed: {res.stdout[-1500:]} {res.stderr[-1500:]}")
                time.sleep(2)
        finally:
            stop_process_group(proc)
            log.close()


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
