"""The warm worker inside a real OpenClaw 2026.9.6 Gateway: turns served by it, a SIGKILL mid-turn that
loses nothing, the restart, and its exit with the Gateway."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hippocampus.views.context import FENCE_CLOSE, FENCE_OPEN

from .conftest import OpenClaw, free_port, make_openclaw, stop_process_group
from .fake_model import REPLY_PREFIX, FakeModel, reply_for
from .test_openclaw_hooks import last_request_with, reply_text, user_texts

pytestmark = pytest.mark.e2e
HOLD = "probe-hold"  # a turn whose model answer waits until the test lets it go


class Gateway:
    """A loopback Gateway of `oc`, with the agent CLI pointed at it by port and token."""

    def __init__(self, oc: OpenClaw) -> None:
        self.oc = oc
        port, token = free_port(), "hippocampus-worker-e2e"
        oc.env.update({"OPENCLAW_GATEWAY_PORT": str(port), "OPENCLAW_GATEWAY_TOKEN": token})
        self.log = open(oc.home / "gateway.log", "ab")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            ["openclaw", "gateway", "run", "--bind", "loopback", "--port", str(port), "--auth", "token"],
            env=oc.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            cwd=oc.home,
            start_new_session=True,
        )
        deadline = time.monotonic() + 120
        while oc.run("gateway", "call", "health", "--json", check=False, timeout=60).returncode != 0:
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise AssertionError(f"the Gateway did not come up: {(oc.home / 'gateway.log').read_text()[-2000:]}")
            time.sleep(1)

    def turn(self, message: str) -> dict[str, Any]:
        """One turn through the Gateway; its `--json` result (payloads under `result`, unlike `--local`)."""
        proc = self.oc.run("agent", "--agent", "main", "-m", message, "--json")
        return gateway_result(proc.stdout)

    def stop(self) -> None:
        stop_process_group(self.proc)
        self.log.close()


def gateway_result(stdout: str) -> dict[str, Any]:
    data = json.loads(stdout)
    return dict(data.get("result", data))


def worker_pids() -> list[int]:
    """Live `hippocampus serve --stdio` processes started by any Gateway of this test."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().split(") ", 1)[1][0]
        except OSError:
            continue
        if b"serve" in cmdline and b"--stdio" in cmdline and b"hippocampus" in cmdline and state != "Z":
            pids.append(int(entry.name))
    return pids


def wait_for(check: Any, timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("timed out waiting")


@pytest.fixture
def held_model(tmp_path: Path) -> Iterator[tuple[FakeModel, threading.Event, threading.Event]]:
    """A fake model that, for a message with HOLD, signals `reached` and waits for `release`."""
    reached, release = threading.Event(), threading.Event()

    def responder(body: dict[str, Any]) -> str:
        if any(HOLD in text for text in user_texts(body)):
            reached.set()
            release.wait(60)
        return reply_for(body)

    server = FakeModel(tmp_path / "requests.jsonl", lifetime=900, responder=responder)
    yield server, reached, release
    release.set()
    server.stop()


def test_gateway_turns_go_through_the_worker_and_survive_its_death(
    openclaw_path: str, tmp_path: Path, held_model: tuple[FakeModel, threading.Event, threading.Event]
) -> None:
    model, reached, release = held_model
    (tmp_path / "oc").mkdir()
    oc = make_openclaw(tmp_path / "oc", openclaw_path, model)
    calls = tmp_path / "python-calls.log"
    wrapper = tmp_path / "python"
    wrapper.write_text(f'#!/bin/sh\necho "$*" >> {calls}\nexec {sys.executable} "$@"\n')
    wrapper.chmod(0o755)
    oc.set_plugin_config(python=str(wrapper))
    oc.hippocampus("remember", "The user's cat is called Pixel-Quasar")
    before_workers = set(worker_pids())
    gateway = Gateway(oc)
    try:
        gateway.turn("Hello there (probe-g0)")  # the first hook call starts the worker; the cold path serves it
        first = wait_for(lambda: set(worker_pids()) - before_workers)
        assert len(first) == 1
        time.sleep(1.0)  # its ready line
        cold_before = calls.read_text().count("request_before.py")
        for i in (1, 2):
            result = gateway.turn(f"What is my cat called? (probe-g{i})")
            assert REPLY_PREFIX in reply_text(result)
            text = next(t for t in user_texts(last_request_with(oc, f"probe-g{i}")) if f"probe-g{i}" in t)
            assert text.index(FENCE_OPEN) < text.index("Pixel-Quasar") < text.index(FENCE_CLOSE)
        log = calls.read_text()
        assert log.count("request_before.py") == cold_before, "the warm turns spawned no request_before.py"
        assert log.count("serve --stdio") == 1
        inbox = oc.workspace / "memory" / "inbox.jsonl"
        assert "probe-g2" in wait_for(lambda: inbox.exists() and inbox.read_text())

        # SIGKILL the worker while a turn is inside the model call: before_prompt_build has run, agent_end has not.
        runner = subprocess.Popen(
            ["openclaw", "agent", "--agent", "main", "-m", f"I prefer oolong tea in the morning ({HOLD})", "--json"],
            env=oc.env,
            cwd=oc.home,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert reached.wait(120), "the held turn never reached the model"
        (victim,) = first
        os.kill(victim, signal.SIGKILL)
        release.set()
        out, err = runner.communicate(timeout=300)
        assert runner.returncode == 0, err[-2000:]
        assert REPLY_PREFIX in reply_text(gateway_result(out)), "the turn is intact"
        assert HOLD in wait_for(lambda: HOLD in inbox.read_text() and inbox.read_text()), "its message is queued"

        time.sleep(1.5)  # past the first backoff
        gateway.turn("Anything new? (probe-g3)")  # starts the worker again
        second = wait_for(lambda: set(worker_pids()) - before_workers - first)
        time.sleep(1.0)
        cold_before = calls.read_text().count("request_before.py")
        gateway.turn("What is my cat called now? (probe-g4)")
        assert "Pixel-Quasar" in "\n".join(user_texts(last_request_with(oc, "probe-g4")))
        assert calls.read_text().count("request_before.py") == cold_before, "served by the restarted worker"
        assert calls.read_text().count("serve --stdio") == 2
    finally:
        release.set()
        gateway.stop()
    # The Gateway is gone: its worker reads end of input and exits.
    wait_for(lambda: not (set(worker_pids()) & second), timeout=30)
    assert "failed open" not in oc.log_text()
