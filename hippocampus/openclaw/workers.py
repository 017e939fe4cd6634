"""This skill's running hook workers, found and stopped: what `install.py --uninstall` does, so that no worker
outlives its plugin holding the database, its WAL and the model file open.

A worker is found by what it is, not by a file it wrote: a live process of this user whose command line runs
`hippocampus serve --stdio` (as hooks/worker.js starts it: `python -m hippocampus serve --stdio ...`) and whose
environment names this package folder in `HIPPOCAMPUS_PACKAGE_DIR` (the bridge sets it from `packageDir`). So
no pid file can go stale or be left in the skill folder, and another install's workers are left alone. Given the
OpenClaw config an install changed, only the workers of Gateways run on that config count (their environment's
`OPENCLAW_CONFIG_PATH`, `OPENCLAW_STATE_DIR` and HOME, read as OpenClaw reads them): one skill folder can serve
two OpenClaw profiles, and uninstalling it from one leaves the other's worker alone (the suite found this: an
installer test's uninstall stopped the worker of a Gateway another test was running from the same folder). It is
read from /proc (Linux); where there is none, nothing is found, and the workers end as they always do: when the
bridge stops them (the plugin's registration disposed), at end of input or when their Gateway dies.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from pathlib import Path

from hippocampus.store.workspace import openclaw_config_file

PROC = Path("/proc")
PACKAGE_ENV = "HIPPOCAMPUS_PACKAGE_DIR"


def _is_worker(argv: list[bytes]) -> bool:
    """Whether a command line is `... hippocampus serve ... --stdio ...` (`-m hippocampus` or the console script)."""
    for i, arg in enumerate(argv):
        if arg == b"serve" and i > 0 and b"--stdio" in argv[i + 1 :]:
            before = argv[i - 1]
            return before == b"hippocampus" or before.endswith(b"/hippocampus")
    return False


def _environment(pid: str) -> dict[str, str] | None:
    """The environment process `pid` was started with, if it can be read."""
    try:
        environ = (PROC / pid / "environ").read_bytes().split(b"\0")
    except OSError:  # gone, or another user's
        return None
    pairs = (os.fsdecode(item).partition("=") for item in environ if b"=" in item)
    return {name: value for name, _, value in pairs}


def _serves(pid: str, package_dir: Path, config_file: Path | None) -> bool:
    """Whether worker `pid` runs the package in `package_dir` (resolved), for a Gateway on `config_file`
    (resolved; None: on any config)."""
    env = _environment(pid) or {}
    named = env.get(PACKAGE_ENV)
    if not named or Path(named).resolve() != package_dir:
        return False
    return config_file is None or Path(openclaw_config_file(env)).resolve() == config_file


def _alive(pid: int) -> bool:
    """Whether `pid` still runs (a zombie waiting for its parent to reap it does not)."""
    try:
        return not (PROC / str(pid) / "stat").read_text().rsplit(") ", 1)[1].startswith("Z")
    except (OSError, IndexError):
        return False


def running(package_dir: Path, config_file: Path | None = None) -> list[int]:
    """The pids of the hook workers serving the package in `package_dir`, oldest first, only those of Gateways
    on `config_file` when given (OpenClaw's config); [] without /proc."""
    want = package_dir.resolve()
    config = config_file.resolve() if config_file is not None else None
    found = []
    try:
        entries = [entry.name for entry in PROC.iterdir() if entry.name.isdigit()]
    except OSError:
        return []
    for pid in entries:
        try:
            argv = (PROC / pid / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if not _is_worker(argv) or int(pid) == os.getpid():
            continue
        if _serves(pid, want, config) and _alive(int(pid)):
            found.append(int(pid))
    return sorted(found)


def stop(
    package_dir: Path, config_file: Path | None = None, wait: float = 5.0, grace: float = 5.0
) -> tuple[list[int], list[int]]:
    """Stop the workers of `package_dir` (of Gateways on `config_file`, when given, as `running`): let them
    end on their own for up to `wait` seconds (the Gateway disposing the plugin closes their input: calls in
    flight finish), then SIGTERM them (a worker ends at once: an encode cut short rolls back, its messages stay
    queued) and SIGKILL what is left after `grace`. Each is found again before a signal, so a pid reused
    meanwhile is not touched. Returns (the pids found, those still alive at the end)."""
    found = running(package_dir, config_file)
    left = _wait(found, wait)
    for sig, seconds in ((signal.SIGTERM, grace), (signal.SIGKILL, 2.0)):
        if not left:
            break
        current = set(running(package_dir, config_file))
        for pid in left:
            if pid in current:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, sig)
        left = _wait(left, seconds)
    return found, left


def _wait(pids: list[int], seconds: float) -> list[int]:
    """`pids` still alive after up to `seconds`."""
    deadline = time.monotonic() + seconds
    left = [pid for pid in pids if _alive(pid)]
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = [pid for pid in left if _alive(pid)]
    return left


def code_stamp(package: Path) -> frozenset[tuple[str, int, int, int]]:
    """What a worker's code is on disk: each module file of `package` with its inode, size and mtime, so
    a worker can tell that an update replaced its code (a new folder, a copy over the old one, or one file
    rewritten by `git pull`) and exit for the bridge to start the new code (`Server.code_changed`). A
    package that is gone gives the empty set."""
    stamp = set()
    for path in package.rglob("*.py"):
        with contextlib.suppress(OSError):
            st = path.stat()
            stamp.add((str(path.relative_to(package)), st.st_ino, st.st_size, st.st_mtime_ns))
    return frozenset(stamp)
