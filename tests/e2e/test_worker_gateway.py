"""The warm worker inside a real OpenClaw 2026.9.6 Gateway: started with the Gateway and serving its first
turn, one per Gateway through a config-triggered restart and a plugin reload, none after an uninstall, a
SIGKILL mid-turn that loses nothing, the restart, and its exit with the Gateway."""

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

from hippocampus.openclaw import workers
from hippocampus.views.context import FENCE_CLOSE, FENCE_OPEN

from .conftest import ROOT, OpenClaw, free_port, make_openclaw, stop_process_group
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


def worker_pids(package_dir: Path = ROOT) -> list[int]:
    """Live hook workers serving the package in `package_dir` (hippocampus.openclaw.workers: by command line
    and HIPPOCAMPUS_PACKAGE_DIR), whichever process started them."""
    return workers.running(package_dir)


def parent_of(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def workers_of(gateway: Gateway, package_dir: Path = ROOT) -> list[int]:
    """The hook workers this Gateway process started: its children among `worker_pids`."""
    return [pid for pid in worker_pids(package_dir) if parent_of(pid) == gateway.proc.pid]


def settled_on_one(gateway: Gateway, package_dir: Path = ROOT, not_in: frozenset[int] = frozenset()) -> int:
    """The Gateway's one worker (not one of `not_in`) once it is the only worker of `package_dir` for 3 s:
    a worker stopped by a restart may still finish its calls for a moment."""

    def one() -> int | None:
        found = workers_of(gateway, package_dir)
        return found[0] if len(found) == 1 and found[0] not in not_in and worker_pids(package_dir) == found else None

    pid = wait_for(one, timeout=180)
    time.sleep(3)
    assert one() == pid, f"not one worker: {workers_of(gateway, package_dir)}"
    return int(pid)


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


def wrapper(tmp_path: Path) -> tuple[str, Path]:
    """An interpreter that records how it was started and then is the real one: which path served a call."""
    calls = tmp_path / "python-calls.log"
    path = tmp_path / "python"
    path.write_text(f'#!/bin/sh\necho "$*" >> {calls}\nexec {sys.executable} "$@"\n')
    path.chmod(0o755)
    return str(path), calls


def test_gateway_turns_go_through_the_worker_and_survive_its_death(
    openclaw_path: str, tmp_path: Path, held_model: tuple[FakeModel, threading.Event, threading.Event]
) -> None:
    model, reached, release = held_model
    (tmp_path / "oc").mkdir()
    oc = make_openclaw(tmp_path / "oc", openclaw_path, model)
    python, calls = wrapper(tmp_path)
    oc.set_plugin_config(python=python)
    oc.hippocampus("remember", "The user's cat is called Pixel-Quasar", "--importance", "0.95")  # core (issues 24, 25)
    gateway = Gateway(oc)
    try:
        first = settled_on_one(gateway)  # started as the plugin registered, before any turn
        for i in (1, 2):
            result = gateway.turn(f"What is my cat called? (probe-g{i})")
            assert REPLY_PREFIX in reply_text(result)
            text = next(t for t in user_texts(last_request_with(oc, f"probe-g{i}")) if f"probe-g{i}" in t)
            assert text.index(FENCE_OPEN) < text.index("Pixel-Quasar") < text.index(FENCE_CLOSE)
        log = calls.read_text()
        assert log.count("request_before.py") == 0, "every turn was served by the worker, the first one too"
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
        os.kill(first, signal.SIGKILL)
        release.set()
        out, err = runner.communicate(timeout=300)
        assert runner.returncode == 0, err[-2000:]
        assert REPLY_PREFIX in reply_text(gateway_result(out)), "the turn is intact"
        assert HOLD in wait_for(lambda: HOLD in inbox.read_text() and inbox.read_text()), "its message is queued"

        time.sleep(1.5)  # past the first backoff
        gateway.turn("Anything new? (probe-g3)")  # starts the worker again, and waits for its ready line
        second = settled_on_one(gateway, not_in=frozenset({first}))
        cold_before = calls.read_text().count("request_before.py")
        gateway.turn("What is my cat called now? (probe-g4)")
        assert "Pixel-Quasar" in "\n".join(user_texts(last_request_with(oc, "probe-g4")))
        assert calls.read_text().count("request_before.py") == cold_before, "served by the restarted worker"
        assert calls.read_text().count("serve --stdio") == 2
    finally:
        release.set()
        gateway.stop()
    # The Gateway is gone: its worker reads end of input (or gets its parent-death signal) and exits.
    wait_for(lambda: second not in worker_pids(), timeout=30)
    assert "failed open" not in oc.log_text()


def test_one_worker_through_install_restart_and_reload_and_none_after_an_uninstall(
    openclaw_path: str, tmp_path: Path
) -> None:
    """A real install once ran three workers for one Gateway: one per module instance of the plugin (OpenClaw
    loads it in "full" and in "discovery" mode) and one left over from before the Gateway restarted itself
    in-process after the installer's config change; and workers kept running ~10 minutes (to their idle
    exit) after `install.py --uninstall --purge`, holding the deleted database, its WAL and the model file
    open. Now: one worker through the install, a config-triggered restart and a plugin reload, its turn
    still warm; after an update of the code on disk, a new worker on the new code; and none, at once and a
    while later, after the uninstall."""
    from .test_install_openclaw import copy_skill

    model = FakeModel(tmp_path / "requests.jsonl", lifetime=1200)
    home, state = tmp_path / "box" / "home", tmp_path / "box" / "state"
    workspace = state / "workspace"
    skill = workspace / "skills" / "hippocampus"
    for path in (home, workspace / "skills"):
        path.mkdir(parents=True)
    copy_skill(skill)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENCLAW_", "HIPPOCAMPUS_")) and k != "WORKSPACE"}
    env.update({"PATH": openclaw_path, "HOME": str(home), "OPENCLAW_STATE_DIR": str(state), "NO_COLOR": "1"})
    oc = OpenClaw(env=env, home=home, state=state, workspace=workspace, model=model)
    fake = {"baseUrl": model.base_url, "apiKey": "fake-key", "api": "openai-completions"}
    fake["models"] = [{"id": "fake-model", "name": "Fake", "contextWindow": 32000, "maxTokens": 1024}]
    oc.patch(
        {
            "gateway": {"mode": "local", "bind": "loopback"},
            "agents": {"defaults": {"workspace": str(workspace), "model": {"primary": "fake/fake-model"}}},
            "models": {"mode": "merge", "providers": {"fake": fake}},
        }
    )
    python, calls = wrapper(tmp_path)

    def install(*args: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [sys.executable, str(skill / "install.py"), *args],
            env={**oc.env, "HIPPOCAMPUS_INSTALL_PYTHON": python},  # this venv, recorded: no pip install here
            capture_output=True,
            text=True,
            timeout=600,
            cwd=home,
        )
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        return done

    gateway = Gateway(oc)
    try:
        install("--yes", "--signals", "0")
        first = settled_on_one(gateway, skill)
        # `memory.*` has no reload rule in 2026.9.6: the Gateway restarts itself (in-process, unsupervised),
        # as it did when the installer added HIPPOCAMPUS_CORE.md to memory.search.extraPaths.
        oc.patch({"memory": {"search": {"extraPaths": [str(workspace / "notes.md")]}}})
        second = settled_on_one(gateway, skill, not_in=frozenset({first}))
        assert "in-process restart" in (home / "gateway.log").read_text()
        # A change of the plugin's own config reloads the plugin (no restart): its worker follows the new config.
        oc.set_plugin_config(workerMaxInFlight=4)
        third = settled_on_one(gateway, skill, not_in=frozenset({first, second}))
        command = Path(f"/proc/{third}/cmdline").read_bytes().split(b"\0")
        assert command[command.index(b"--max-in-flight") + 1] == b"4"
        oc.hippocampus(
            "remember", "The user's cat is called Pixel-Quasar", "--importance", "0.95"
        )  # core (issues 24, 25)
        gateway.turn("What is my cat called? (probe-r1)")
        assert "Pixel-Quasar" in "\n".join(user_texts(last_request_with(oc, "probe-r1")))
        assert calls.read_text().count("request_before.py") == 0, "served by the worker"
        assert workers_of(gateway, skill) == [third]

        # An update of the skill's code that changes no OpenClaw config (so no Gateway restart): the old
        # worker exits by itself and the next turn is served by a worker running the new code.
        with (skill / "hippocampus" / "recall.py").open("a") as module:
            module.write("\n# an update\n")
        wait_for(lambda: third not in worker_pids(skill), timeout=60)
        gateway.turn("What is my cat called? (probe-r2)")
        assert "Pixel-Quasar" in "\n".join(user_texts(last_request_with(oc, "probe-r2")))
        settled_on_one(gateway, skill, not_in=frozenset({first, second, third}))

        undo = install("--uninstall", "--purge", "--yes")
        assert workers.running(skill) == [], undo.stdout[-2000:]
        assert not (workspace / "memory").exists()
        time.sleep(5)
        assert workers.running(skill) == [], "and none came back"
        assert gateway.proc.poll() is None, "the Gateway itself runs on"
    finally:
        gateway.stop()
        model.stop()
