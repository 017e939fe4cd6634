"""Two codes' warm workers against each other on one store, their calls interleaved (issue 23).

`bench_worker.py` times one worker per run; on a machine shared with other jobs its wall times move
with the load from one run to the next. Here a worker of each code serves the same store at once, and
each round sends the same turn (request_before, then request_after) to both, in alternating order, so
a change in the load hits both sides alike. Reported per side: request_before's wall p50/p95 and its
mean CPU per call (the worker's user + system time, all its threads, from /proc: the load-independent
figure), request_after's wall p50/p95/max, and the worker's VmRSS after the run.

Run: `.venv/bin/python bench/bench_worker_ab.py BASE_DIR` where BASE_DIR holds the other code's
`hippocampus` package (e.g. `git archive main | tar -x -C /tmp/base`); the package of this tree is the
other side. Stores as `bench_worker.py --semantic` builds them (`BENCH_SIZES`, `BENCH_RUNS`), written
to disk before the first call (`os.sync`), so the build's write-back does not land in the timings.
Writes bench/results/worker-ab.json. Never asserted in tests.

`--lifecycle`: `bench_worker.py --lifecycle`'s measures (the first turn through each tree's plugin in a
new Node process, at once and 3 s after registration, and the cold fallback) on one store, each round
running both codes in alternating order (`BENCH_SIZES`, default 10000; `BENCH_LIFECYCLE_ROUNDS`).
Writes bench/results/worker-ab-lifecycle.json.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT)]
from bench_hooks import payloads, prepare
from bench_worker import (
    LIFECYCLE_ROUNDS,
    RUNS,
    SIZES,
    add_vectors,
    cold_before,
    cpu_seconds,
    first_turn,
    lifecycle_store,
    rss_kb,
    spawn_worker,
)
from make_store import build


def start(code: Path, workspace: str) -> subprocess.Popen[str]:
    """A worker of the package under `code`, its model loaded by a first (untimed) turn."""
    env = {**os.environ, "HIPPOCAMPUS_NOW": "2026-11-01T00:00:00Z", "PYTHONPATH": str(code)}
    proc = spawn_worker(env, cwd=str(code))
    assert proc.stdout
    assert json.loads(proc.stdout.readline()).get("ready")
    ask(proc, "request_before", json.loads(payloads(workspace)["request_before"]), "warm")
    return proc


def ask(proc: subprocess.Popen[str], hook: str, body: dict[str, Any], rid: Any) -> tuple[float, float]:
    """(wall s, worker CPU s) of one call."""
    assert proc.stdin and proc.stdout
    used, begun = cpu_seconds(proc.pid), time.perf_counter()
    proc.stdin.write(json.dumps({"id": rid, "hook": hook, "payload": body, "timeout_ms": 30000}) + "\n")
    proc.stdin.flush()
    answer = json.loads(proc.stdout.readline())
    took = time.perf_counter() - begun
    if not answer.get("ok") or answer.get("stderr"):
        raise SystemExit(f"{hook}: {answer}")
    return took, cpu_seconds(proc.pid) - used


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000


def compare(workspace: str, codes: dict[str, Path]) -> dict[str, dict[str, float]]:
    """Both workers on `workspace`, RUNS interleaved rounds after three warm-up rounds."""
    procs = {side: start(code, workspace) for side, code in codes.items()}
    bodies = {name: json.loads(raw) for name, raw in payloads(workspace).items()}
    question = bodies["request_before"]["event"]["prompt"]
    seen: dict[str, dict[str, list[float]]] = {side: {"b": [], "b_cpu": [], "a": []} for side in procs}
    rid = 0
    for round_ in range(RUNS + 3):
        asked = f"{question} ({round_})"  # a new text each round: see bench_worker.py
        before = {**bodies["request_before"], "event": {"prompt": asked, "currentUserMessage": asked}}
        for side in list(procs) if round_ % 2 else list(procs)[::-1]:
            rid += 2
            wall, cpu = ask(procs[side], "request_before", before, rid)
            after, _ = ask(procs[side], "request_after", bodies["request_after"], rid + 1)
            if round_ >= 3:
                seen[side]["b"].append(wall)
                seen[side]["b_cpu"].append(cpu)
                seen[side]["a"].append(after)
    out = {}
    for side, proc in procs.items():
        rows = seen[side]
        out[side] = {
            "request_before_p50_ms": percentile(rows["b"], 0.5),
            "request_before_p95_ms": percentile(rows["b"], 0.95),
            "request_before_cpu_mean_ms": statistics.mean(rows["b_cpu"]) * 1000,
            "request_after_p50_ms": percentile(rows["a"], 0.5),
            "request_after_p95_ms": percentile(rows["a"], 0.95),
            "request_after_max_ms": max(rows["a"]) * 1000,
            "rss_mb": rss_kb(proc.pid)["VmRSS"] / 1024,
        }
        assert proc.stdin
        proc.stdin.close()
        proc.wait(timeout=60)
    return out


def lifecycles(codes: dict[str, Path], sizes: list[int]) -> list[dict[str, Any]]:
    """`--lifecycle`: medians (and the max) of each code's first turns, and its cold fallback, per size."""
    openclaw = subprocess.run(
        ["bash", str(ROOT / "scripts" / "ensure-openclaw.sh")], capture_output=True, text=True, check=True
    )
    path = openclaw.stdout.strip().splitlines()[-1]
    rows = []
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            lifecycle_store(Path(tmp), n)
            os.sync()
            runs: dict[str, dict[str, list[Any]]] = {side: {"at_once": [], "settled": [], "cold": []} for side in codes}
            for round_ in range(LIFECYCLE_ROUNDS):
                order = list(codes) if round_ % 2 == 0 else list(codes)[::-1]
                for key, settle in (("at_once", 0), ("settled", 3000), ("cold", -1)):
                    for side in order:
                        env = {**os.environ, "HIPPOCAMPUS_NOW": "2026-11-01T00:00:00Z", "PYTHONPATH": str(codes[side])}
                        env["PATH"] = f"{path}:{env.get('PATH', '')}"
                        runs[side][key].append(
                            cold_before(Path(tmp), env, root=codes[side])
                            if settle < 0
                            else first_turn(Path(tmp), env, settle, root=codes[side])
                        )
            row: dict[str, Any] = {"memories": n, "rounds": LIFECYCLE_ROUNDS}
            for side, got in runs.items():
                for key in ("at_once", "settled"):
                    row[f"{side}_{key}_ms"] = statistics.median(r["ms"] for r in got[key])
                    row[f"{side}_{key}_max_ms"] = max(r["ms"] for r in got[key])
                    row[f"{side}_{key}_semantic"] = sum(r["semantic_match"] for r in got[key])
                    row[f"{side}_{key}_rss_mb"] = statistics.median(r["rss_mb"] for r in got[key])
                row[f"{side}_cold_ms"] = statistics.median(c[0] for c in got["cold"])
                row[f"{side}_cold_cpu_ms"] = statistics.median(c[1] for c in got["cold"])
                row[f"{side}_cold_semantic"] = sum(c[2] for c in got["cold"])
            print(json.dumps(row), flush=True)
            rows.append(row)
    return rows


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--lifecycle"]
    if len(args) != 1 or not (Path(args[0]) / "hippocampus").is_dir():
        raise SystemExit(
            "usage: bench_worker_ab.py [--lifecycle] BASE_DIR (a folder holding the other code's hippocampus/)"
        )
    prepare()
    codes = {"base": Path(args[0]).resolve(), "this": ROOT}
    if "--lifecycle" in sys.argv:
        sizes = [int(s) for s in os.environ.get("BENCH_SIZES", "10000").split(",")]
        found = lifecycles(codes, sizes)
        out = HERE / "results"
        out.mkdir(exist_ok=True)
        (out / "worker-ab-lifecycle.json").write_text(json.dumps({"load_average": os.getloadavg(), "rows": found}))
        return
    rows = []
    for n in SIZES:
        with tempfile.TemporaryDirectory() as tmp:
            build(Path(tmp), n)
            add_vectors(tmp)
            os.sync()
            row = {"memories": n, **compare(tmp, codes)}
            rows.append(row)
            for side in codes:
                r = row[side]
                print(
                    f"{n:>7} {side:>4}: request_before p50 {r['request_before_p50_ms']:6.1f} p95 "
                    f"{r['request_before_p95_ms']:6.1f} ms, CPU {r['request_before_cpu_mean_ms']:5.1f} ms; "
                    f"request_after p50 {r['request_after_p50_ms']:5.1f} p95 {r['request_after_p95_ms']:5.1f} "
                    f"max {r['request_after_max_ms']:6.1f} ms; RSS {r['rss_mb']:.0f} MB",
                    flush=True,
                )
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {os.cpu_count()} CPUs")
    out = HERE / "results"
    out.mkdir(exist_ok=True)
    (out / "worker-ab.json").write_text(json.dumps({"load_average": load, "runs": RUNS, "rows": rows}, indent=2))


if __name__ == "__main__":
    main()
