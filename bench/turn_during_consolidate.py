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


def during(workspace: Path, env: dict[str, str], label: str) -> dict[str, object]:
    from hippocampus.store import queue
    from hippocampus.store.workspace import Workspace

    hook = [sys.executable, str(ROOT / "hooks" / "request_after.py")]
    body = json.loads(payloads(str(workspace))["request_after"])
    before = queue.queued(Workspace(workspace))
    job = subprocess.Popen(
        [sys.executable, "-m", "hippocampus", "consolidate"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    times, bare = [], []
    started = time.perf_counter()
    for turn in range(TURNS):  # turns keep coming, spaced out, until the job ends: the apply phase too
        if job.poll() is not None:
            break
        time.sleep(GAP)
        body["ctx"]["sessionId"] = f"during-{label}-{turn}"
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)  # the machine's state right now
        bare.append(time.perf_counter() - start)
        start = time.perf_counter()
        done = subprocess.run(hook, input=json.dumps(body).encode(), env=env, capture_output=True)
        times.append(time.perf_counter() - start)
        assert b"failed" not in done.stderr, done.stderr
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
