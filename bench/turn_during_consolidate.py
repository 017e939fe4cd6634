"""How long a turn's `request_after` takes while `consolidate` runs on a big store (issue 9: under 100 ms).

Builds a store of BENCH_SIZE memories (default 100k), starts `hippocampus consolidate` (the first,
full run; then, after 200 new memories, an incremental one), and while it runs sends TURNS
request_after hook calls, GAP seconds apart, until it ends, timing each as a whole process, each right
after a bare `python -c pass` (so a loaded machine shows as a high bare time, and the ratio stays
meaningful). Prints the median, percentiles and the worst, and whether every turn's message reached
the queue. Run by hand:
`.venv/bin/python bench/turn_during_consolidate.py`; never asserted in tests.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT)]
from bench_hooks import payloads, prepare
from make_store import build

SIZE = int(os.environ.get("BENCH_SIZE", "100000"))
TURNS = int(os.environ.get("BENCH_TURNS", "2000"))
GAP = float(os.environ.get("BENCH_GAP", "0.05"))


def timed(cmd: list[str], stdin: bytes, env: dict[str, str]) -> tuple[float, float, bytes]:
    """Wall and CPU seconds (user + sys, from its rusage) of one child process, and its stderr."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stderr is not None
    proc.stdin.write(stdin)
    proc.stdin.close()
    _, _status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read()
    proc.stderr.close()
    return wall, usage.ru_utime + usage.ru_stime, err


def during(workspace: Path, env: dict[str, str], label: str) -> dict[str, object]:
    from hippocampus.store import queue
    from hippocampus.store.workspace import Workspace

    hook = [sys.executable, str(ROOT / "hooks" / "request_after.py")]  # as hooks/index.js's fallback starts it
    body = json.loads(payloads(str(workspace))["request_after"])
    before = queue.queued(Workspace(workspace))
    job = subprocess.Popen(
        [sys.executable, "-m", "hippocampus", "consolidate"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    times, bare, cpu, bare_cpu = [], [], [], []
    started = time.perf_counter()
    for turn in range(TURNS):  # turns keep coming, spaced out, until the job ends: the apply phase too
        if job.poll() is not None:
            break
        time.sleep(GAP)
        body["ctx"]["sessionId"] = f"during-{label}-{turn}"
        wall, used, _ = timed([sys.executable, "-c", "pass"], b"", env)  # the machine's state right now
        bare.append(wall)
        bare_cpu.append(used)
        wall, used, err = timed(hook, json.dumps(body).encode(), env)
        times.append(wall)
        cpu.append(used)
        assert b"failed" not in err, err
    job.wait()
    took = time.perf_counter() - started
    queued = queue.queued(Workspace(workspace)) - before
    ordered = sorted(times)

    def pct(q: float) -> float | None:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1) if ordered else None

    return {
        "consolidate": label,
        "consolidate_s": round(took, 1),
        "turns": len(times),
        "queued": queued,
        "median_ms": pct(0.5),
        "p95_ms": pct(0.95),
        "p99_ms": pct(0.99),
        "worst_ms": pct(1.0),
        "over_100ms": sum(1 for t in times if t > 0.1),
        "bare_median_ms": round(sorted(bare)[len(bare) // 2] * 1000, 1) if bare else None,
        "cpu_median_ms": round(sorted(cpu)[len(cpu) // 2] * 1000, 1) if cpu else None,
        "bare_cpu_median_ms": round(sorted(bare_cpu)[len(bare_cpu) // 2] * 1000, 1) if bare_cpu else None,
        "load": os.getloadavg(),
        "median_x_bare": round(sorted(t / b for t, b in zip(times, bare, strict=True))[len(times) // 2], 2)
        if times
        else None,
    }


def main() -> None:
    prepare()
    with tempfile.TemporaryDirectory() as tmp:
        workspace = Path(tmp) / "ws"
        build(workspace, SIZE)
        env = {**os.environ, "WORKSPACE": str(workspace), "HIPPOCAMPUS_NOW": "2026-11-02T00:00:00Z"}
        results = [during(workspace, env, "first (full)")]
        for i in range(200):
            subprocess.run(
                [sys.executable, "-m", "hippocampus", "remember", f"Remember that locker {i} holds box {i * 7}"],
                env=env,
                check=True,
                capture_output=True,
            )
        results.append(during(workspace, env, "incremental (200 new)"))
    for row in results:
        print(json.dumps(row))


if __name__ == "__main__":
    main()
