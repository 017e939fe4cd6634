"""Real hook workers for the tests of finding and stopping them (`hippocampus.openclaw.workers`): each a
`python -m hippocampus serve --stdio` whose input stays open, so only a signal ends it."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from collections.abc import Iterator, Mapping


@contextlib.contextmanager
def serving(envs: Mapping[str, Mapping[str, str]]) -> Iterator[dict[str, subprocess.Popen[bytes]]]:
    """One worker per name, started with that environment and ready; all killed on leaving."""
    procs: dict[str, subprocess.Popen[bytes]] = {}
    try:
        for name, env in envs.items():
            procs[name] = subprocess.Popen(
                [sys.executable, "-m", "hippocampus", "serve", "--stdio"],
                stdin=subprocess.PIPE,  # held open: only a signal ends it
                stdout=subprocess.PIPE,
                env=dict(env),
            )
        for proc in procs.values():
            assert proc.stdout is not None and json.loads(proc.stdout.readline())["ready"] is True
        yield procs
    finally:
        for proc in procs.values():
            proc.kill()
            proc.wait(timeout=10)
