"""The warm hook worker's serve loop (hippocampus/openclaw/worker.py): the same answers as the cold path, one
response per id, one-line errors for every bad request, and it never crashes or hangs."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from hippocampus.openclaw import hooks, worker
from hippocampus.views.context import estimate_tokens
from tests.hook_workers import serving
from tests.test_hooks import call, payload, queued, remember, turn

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def fixed_now(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIPPOCAMPUS_NOW", "2026-03-01T10:00:00Z")


def serve(lines: list[bytes | str], **options: Any) -> tuple[str, list[dict[str, Any]]]:
    """Feed `lines` to an in-process Server through a real pipe, then end of input; (reason, responses).
    The last response is the server's status after it stopped."""
    read_fd, write_fd = os.pipe()
    out = io.StringIO()
    server = worker.Server(out, **options)
    for line in lines:
        os.write(write_fd, line if isinstance(line, bytes) else line.encode())
    os.close(write_fd)
    try:
        reason = server.serve(read_fd)
    finally:
        os.close(read_fd)
    return reason, [*(json.loads(line) for line in out.getvalue().splitlines()), {"final": server.status()}]


def request(rid: Any, hook: str, body: Any, timeout_ms: float = 10000) -> str:
    return json.dumps({"id": rid, "hook": hook, "payload": body, "timeout_ms": timeout_ms}) + "\n"


def by_id(responses: list[dict[str, Any]]) -> dict[Any, dict[str, Any]]:
    return {r["id"]: r for r in responses if "id" in r}


def test_answers_exactly_what_the_cold_entry_points_print(workspace: Path) -> None:
    remember(workspace, "My cat is called Pixel")
    before = payload(workspace, prompt="what is my cat called?")
    cold_before = call("request_before", before)
    reason, responses = serve([request(1, "request_before", before), request("two", "status", None)])
    served = {"request_before": 1, "request_after": 0, "session_end": 0, "corpus_search": 0, "corpus_get": 0}
    assert responses[-1]["final"]["served"] == served
    assert reason == "eof"
    assert responses[0]["ready"] is True and responses[0]["protocol"] == worker.PROTOCOL
    answers = by_id(responses)
    assert (answers[1]["stdout"], answers[1]["stderr"]) == cold_before
    assert "Pixel" in answers[1]["stdout"]
    assert answers["two"]["status"]["pid"] == os.getpid()


def test_request_after_through_the_worker_queues_like_the_cold_path(workspace: Path) -> None:
    _, responses = serve([request(1, "request_after", payload(workspace, messages=turn("I prefer green tea")))])
    assert by_id(responses)[1]["ok"] is True
    assert [s["text"] for s in queued(workspace)] == ["I prefer green tea"]


def test_bad_lines_get_one_line_errors_and_the_loop_goes_on(workspace: Path) -> None:
    remember(workspace, "My cat is called Pixel")
    lines: list[bytes | str] = [
        "not json\n",
        b"\xff\xfe garbage\n",
        "[1, 2]\n",
        '{"hook": "request_before"}\n',
        '{"id": true, "hook": "status"}\n',
        '{"id": 3, "hook": "rm -rf"}\n',
        '{"id": 4, "hook": "request_before", "timeout_ms": -5}\n',
        '{"id": 5, "hook": "request_before", "payload": "a string"}\n',
        "\n   \n",
        request(6, "request_before", payload(workspace, prompt="cat")),
    ]
    reason, responses = serve(lines)
    assert reason == "eof"
    errors = [r for r in responses[1:-1] if not r.get("ok")]
    assert len(errors) == 7
    for error in errors:
        assert isinstance(error["error"], str) and "\n" not in error["error"] and error["error"]
    answers = by_id(responses)
    assert "unknown hook" in answers[3]["error"] and "timeout_ms" in answers[4]["error"]
    assert answers[5]["ok"] is True and answers[5]["stdout"] == ""  # the hook itself fails open, as cold
    assert "payload is a JSON str" in answers[5]["stderr"]
    assert "Pixel" in answers[6]["stdout"]


def slow_hook(seconds: float, done: threading.Event) -> Any:
    def hook(body: dict[str, Any]) -> str:
        time.sleep(seconds)
        done.set()
        return "late block"

    return hook


def test_a_slow_call_times_out_with_one_response_and_others_still_run(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = threading.Event()
    monkeypatch.setitem(hooks.HOOKS, "request_before", slow_hook(0.6, done))
    remember(workspace, "My cat is called Pixel")
    _, responses = serve(
        [request(1, "request_before", {}, timeout_ms=100), request(2, "status", None)], max_in_flight=2
    )
    assert done.is_set()  # end of input waited for the call in flight
    ones = [r for r in responses if r.get("id") == 1]
    assert len(ones) == 1 and ones[0] == {"id": 1, "ok": False, "error": "timed out after 100 ms"}
    assert by_id(responses)[2]["ok"] is True


def test_more_calls_than_slots_are_refused_busy_not_queued_forever(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(hooks.HOOKS, "request_before", slow_hook(0.3, threading.Event()))
    _, responses = serve([request(i, "request_before", {}) for i in range(3)], max_in_flight=1)
    answers = by_id(responses)
    assert answers[0]["ok"] is True and answers[0]["stdout"] == "late block\n"
    assert answers[1] == {"id": 1, "ok": False, "error": "busy: 1 calls in flight"}
    assert answers[2]["error"].startswith("busy")


def test_a_repeated_id_in_flight_is_refused(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(hooks.HOOKS, "request_before", slow_hook(0.3, threading.Event()))
    _, responses = serve([request(7, "request_before", {}), request(7, "request_before", {})])
    sevens = [r for r in responses if r.get("id") == 7]
    assert len(sevens) == 2
    assert sum(r["ok"] for r in sevens) == 1
    assert any("already in flight" in r.get("error", "") for r in sevens)


def test_exits_after_the_idle_period(workspace: Path) -> None:
    read_fd, write_fd = os.pipe()
    out = io.StringIO()
    started = time.monotonic()
    try:
        reason = worker.Server(out, idle_seconds=0.3).serve(read_fd)
    finally:
        os.close(read_fd)
        os.close(write_fd)
    assert reason == "idle" and 0.3 <= time.monotonic() - started < 5
    assert json.loads(out.getvalue().splitlines()[-1]) == {"exit": "idle"}


def test_each_call_sees_new_memories_and_a_changed_settings_file(workspace: Path) -> None:
    remember(workspace, "My cat is called Pixel")
    read_fd, write_fd = os.pipe()
    out = io.StringIO()
    server = worker.Server(out)
    thread = threading.Thread(target=server.serve, args=(read_fd,))
    thread.start()

    def ask(rid: int) -> dict[str, Any]:
        os.write(write_fd, request(rid, "request_before", payload(workspace, prompt="my dog and my cat")).encode())
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            for line in out.getvalue().splitlines():
                message = json.loads(line)
                if message.get("id") == rid:
                    return dict(message)
            time.sleep(0.01)
        raise AssertionError(f"no answer to {rid}")

    try:
        first = ask(1)["stdout"]
        assert "Pixel" in first and "Rex" not in first
        remember(workspace, "My dog is called Rex")
        assert "Rex" in ask(2)["stdout"]
        (workspace / "memory" / "hippocampus.yaml").write_text("inject_budget: 65\n")  # tokens (issue 25)
        third = ask(3)["stdout"]
        assert estimate_tokens(third) <= 65 < estimate_tokens(ask(2)["stdout"])  # the new budget was read
        assert third == call("request_before", payload(workspace, prompt="my dog and my cat"))[0]
    finally:
        os.close(write_fd)
        thread.join(timeout=10)
        os.close(read_fd)
    assert not thread.is_alive()


def test_the_real_command_starts_answers_and_exits_at_end_of_input(workspace: Path) -> None:
    remember(workspace, "My cat is called Pixel")
    lines = request(1, "request_before", payload(workspace, prompt="cat")) + "}{ broken\n"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-m", "hippocampus", "serve", "--stdio", "--idle-seconds", "30"],
        input=lines,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        cwd=workspace,
    )
    assert proc.returncode == 0 and proc.stderr == ""
    messages = [json.loads(line) for line in proc.stdout.splitlines()]
    assert messages[0]["ready"] is True
    assert "Pixel" in by_id(messages)[1]["stdout"]
    assert by_id(messages)[None]["error"].startswith("not a JSON line")


def test_a_broken_settings_file_where_the_worker_starts_does_not_stop_it(workspace: Path) -> None:
    (workspace / "memory").mkdir(exist_ok=True)
    (workspace / "memory" / "hippocampus.yaml").write_text("curve: [unclosed\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WORKSPACE": str(workspace)}
    proc = subprocess.run(
        [sys.executable, "-m", "hippocampus", "serve", "--stdio", "--preload", str(workspace)],
        input='{"id": 1, "hook": "status"}\n',
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    assert by_id([json.loads(line) for line in proc.stdout.splitlines()])[1]["ok"] is True
    assert proc.stderr == "", "the preload reads the settings leniently: the defaults, nothing to say"


# --- lifetime: the worker lives as long as its parent, and not a moment longer ---------------------------


def test_without_an_idle_period_it_never_exits_for_idleness(workspace: Path) -> None:
    read_fd, write_fd = os.pipe()
    server = worker.Server(io.StringIO())  # the default: idle_seconds 0
    thread = threading.Thread(target=server.serve, args=(read_fd,))
    thread.start()
    try:
        time.sleep(2.5)  # two and a half turns of its loop without a line
        assert thread.is_alive()
    finally:
        os.close(write_fd)
        thread.join(timeout=10)
        os.close(read_fd)
    assert not thread.is_alive()


def test_it_stops_when_its_parent_is_no_longer_its_parent_even_with_its_input_open(workspace: Path) -> None:
    """The portable check (`Server.orphaned`, where PR_SET_PDEATHSIG does not exist): a pipe whose writer
    another process still holds never reaches end of input."""
    read_fd, write_fd = os.pipe()
    out = io.StringIO()
    started = time.monotonic()
    try:
        reason = worker.Server(out, parent=os.getppid() + 1).serve(read_fd)
    finally:
        os.close(read_fd)
        os.close(write_fd)
    assert reason == "parent" and time.monotonic() - started < 5
    assert json.loads(out.getvalue().splitlines()[0])["ready"] is True


def gone(pid: int) -> bool:
    """Whether `pid` has exited (a zombie no one reaps yet counts as gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1].startswith("Z")
    except OSError:
        return True


def wait_gone(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if gone(pid):
            return True
        time.sleep(0.05)
    return gone(pid)


PARENT = """
import subprocess, sys, time
child = subprocess.Popen(
    [sys.executable, "-m", "hippocampus", "serve", "--stdio"], stdin=int(sys.argv[1]), pass_fds=(int(sys.argv[1]),),
    stdout=open(sys.argv[2], "w"),
)
print(child.pid, flush=True)
time.sleep(600)
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc to see the worker go")
def test_the_real_worker_exits_at_once_when_its_parent_dies(workspace: Path, tmp_path: Path) -> None:
    """A parent (the Gateway) killed while another process still holds the worker's input open: no end of
    input ever comes, and the worker still goes (Linux: PR_SET_PDEATHSIG; elsewhere: within a second)."""
    read_fd, write_fd = os.pipe()
    ready = tmp_path / "worker.out"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, str(read_fd), str(ready)], pass_fds=(read_fd,), stdout=subprocess.PIPE, env=env
    )
    try:
        assert parent.stdout is not None
        pid = int(parent.stdout.readline())
        deadline = time.monotonic() + 60
        while '"ready": true' not in (ready.read_text() if ready.exists() else "") and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not gone(pid)
        parent.kill()
        parent.wait(timeout=10)
        assert wait_gone(pid, 3), "the worker outlived its parent"
    finally:
        os.close(read_fd)
        os.close(write_fd)
        if parent.poll() is None:
            parent.kill()


def test_a_quiet_spell_gives_memory_back_and_the_next_call_is_answered_as_before(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hippocampus.store import warm

    monkeypatch.setattr(worker, "RELEASE_AFTER", 0.5)
    remember(workspace, "My cat is called Pixel")
    warm.enable()
    read_fd, write_fd = os.pipe()
    out = io.StringIO()
    server = worker.Server(out)
    thread = threading.Thread(target=server.serve, args=(read_fd,))
    thread.start()

    def ask(rid: int) -> str:
        os.write(write_fd, request(rid, "request_before", payload(workspace, prompt="my cat")).encode())
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            for line in out.getvalue().splitlines():
                if json.loads(line).get("id") == rid:
                    return str(json.loads(line)["stdout"])
            time.sleep(0.01)
        raise AssertionError(f"no answer to {rid}")

    try:
        first = ask(1)
        assert "Pixel" in first and warm._kept, "the worker keeps the store's connection between calls"
        deadline = time.monotonic() + 10
        while not server.released and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.released and not warm._kept, "the quiet spell closed the kept connection"
        assert ask(2) == first and not server.released
    finally:
        os.close(write_fd)
        thread.join(timeout=10)
        os.close(read_fd)
        warm.close_all()
        monkeypatch.setattr(warm, "_enabled", False)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="workers are found through /proc")
def test_the_uninstall_finds_and_stops_only_this_packages_workers(tmp_path: Path) -> None:
    """hippocampus.openclaw.workers: by command line and HIPPOCAMPUS_PACKAGE_DIR, another install's kept."""
    from hippocampus.openclaw import workers

    for name in ("ours", "theirs"):
        (tmp_path / name).mkdir()
    envs = {
        name: {**os.environ, "PYTHONPATH": str(ROOT), "HIPPOCAMPUS_PACKAGE_DIR": str(tmp_path / name)}
        for name in ("ours", "theirs")
    }
    with serving(envs) as procs:
        assert workers.running(tmp_path / "ours") == [procs["ours"].pid]
        found, left = workers.stop(tmp_path / "ours", wait=0.2)
        assert (found, left) == ([procs["ours"].pid], [])
        assert procs["ours"].wait(timeout=10) == -15, "SIGTERM, its input still open"
        assert procs["theirs"].poll() is None and workers.running(tmp_path / "theirs") == [procs["theirs"].pid]


def test_a_config_given_stops_only_the_workers_of_gateways_on_that_config(tmp_path: Path) -> None:
    """One skill folder serving two OpenClaw profiles: an uninstall from one (its config file) leaves the
    other's worker alone. The config is read from each worker's environment as OpenClaw reads it:
    `OPENCLAW_CONFIG_PATH`, else `OPENCLAW_STATE_DIR/openclaw.json`, else `~/.openclaw/` under its HOME."""
    from hippocampus.openclaw import workers

    package = tmp_path / "skill"
    package.mkdir()
    homes = {"a": tmp_path / "home-a", "b": tmp_path / "home-b", "c": tmp_path / "home-c"}
    envs = {
        "a": {"OPENCLAW_STATE_DIR": str(tmp_path / "state-a"), "HOME": str(homes["a"])},
        "b": {"OPENCLAW_CONFIG_PATH": str(tmp_path / "b.json"), "HOME": str(homes["b"])},
        "c": {"HOME": str(homes["c"])},
    }
    base = {k: v for k, v in os.environ.items() if not k.startswith("OPENCLAW_")}
    full = {
        name: {**base, "PYTHONPATH": str(ROOT), "HIPPOCAMPUS_PACKAGE_DIR": str(package), **extra}
        for name, extra in envs.items()
    }
    with serving(full) as procs:
        pids = {name: proc.pid for name, proc in procs.items()}
        assert workers.running(package) == sorted(pids.values()), "no config given: every worker of the folder"
        assert workers.running(package, tmp_path / "state-a" / "openclaw.json") == [pids["a"]]
        assert workers.running(package, tmp_path / "b.json") == [pids["b"]]
        assert workers.running(package, homes["c"] / ".openclaw" / "openclaw.json") == [pids["c"]]
        assert workers.running(package, tmp_path / "elsewhere.json") == []
        found, left = workers.stop(package, tmp_path / "state-a" / "openclaw.json", wait=0.2)
        assert (found, left) == ([pids["a"]], [])
        assert procs["a"].wait(timeout=10) == -15
        assert procs["b"].poll() is None and procs["c"].poll() is None, "the other profiles' workers run on"


def test_the_worker_makes_its_openmp_threads_sleep_whatever_its_environment_says() -> None:
    """A Gateway started with OMP_WAIT_POLICY=ACTIVE would leave the worker's model threads spinning for as
    long as it lives: the worker sets PASSIVE for itself before any model loads (`worker.WAIT_POLICY`)."""
    script = (
        "import os\n"
        "from hippocampus.openclaw import worker\n"
        "try:\n"
        "    worker.main()\n"
        "finally:\n"
        "    print(os.environ['OMP_WAIT_POLICY'])\n"
    )
    env = {**os.environ, "OMP_WAIT_POLICY": "ACTIVE", "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run(
        [sys.executable, "-c", script], stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "PASSIVE"


@pytest.mark.parametrize("update", ["rewritten", "replaced", "added", "removed", "none"])
def test_an_update_of_its_code_on_disk_ends_it_and_nothing_else_does(
    workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, update: str
) -> None:
    """An old worker must not go on serving (and writing profiles) by old rules after an update: a module
    rewritten in place (`cp -r` over the folder, `git pull`), replaced by a new file (a new folder, an
    atomic write), added or removed ends it at its next quiet look, with `{"exit": "updated"}`, and the
    bridge's next call starts the new code. Its own `__pycache__` being written, or nothing, does not."""
    monkeypatch.setattr(worker, "CODE_CHECK_EVERY", 0.1)
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "a.py").write_text("A = 1\n")
    (package / "sub" / "b.py").write_text("B = 1\n")
    read_fd, write_fd = os.pipe()
    out = io.StringIO()
    server = worker.Server(out, package=package)
    thread = threading.Thread(target=server.serve, args=(read_fd,))
    thread.start()
    try:
        time.sleep(0.3)
        (package / "__pycache__").mkdir()
        (package / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"\0" * 16)
        if update == "rewritten":
            with (package / "sub" / "b.py").open("a") as f:
                f.write("C = 2\n")
        elif update == "replaced":
            (package / "new.tmp").write_text("A = 1\n")
            os.replace(package / "new.tmp", package / "a.py")  # the same text and size, a new inode
        elif update == "added":
            (package / "c.py").write_text("")
        elif update == "removed":
            (package / "sub" / "b.py").unlink()
        thread.join(timeout=2.5)
        assert thread.is_alive() is (update == "none")
    finally:
        os.close(write_fd)
        thread.join(timeout=10)
        os.close(read_fd)
    last = json.loads(out.getvalue().splitlines()[-1])
    if update == "none":
        assert last.get("ready") is True  # nothing after its ready line: it served on until its input ended
    else:
        assert last == {"exit": "updated"}
