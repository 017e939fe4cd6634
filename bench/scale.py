"""Store operations at scale, as whole processes, against a bare interpreter start of the same venv.

Builds 10k and 100k stores with `make_store.build` and times, per size, medians of ROUNDS
interleaved rounds (each round runs bare, then every command once):

    remember, recall, decay, consolidate   the CLI (`python -m hippocampus`)
    session_end                            hooks/session_end.py with SIGNALS signals queued first
    request_before, request_after          `python hooks/*.py` with the payloads of bench_hooks.py

Peak memory is each child's max RSS (GNU time); CPU time (user + sys) is from each child's rusage,
the figure to trust on a machine shared with other work. A command slower than TIMEOUT seconds is
recorded as ">TIMEOUT s" and not run again. Run by hand: `.venv/bin/python bench/scale.py`
(BENCH_SIZES=10000,100000, BENCH_ROUNDS=5); writes bench/results/scale.json. Never asserted in
tests; BENCHMARKS.md gets the table. Targets (issue 9, at 100k, × bare): remember 10, recall 8,
decay 60, consolidate 200, session_end 100, request_before 8, request_after 3.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT)]
from bench_hooks import payloads, prepare
from make_store import build

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
SIZES = [int(s) for s in os.environ.get("BENCH_SIZES", "10000,100000").split(",")]
SIGNALS = 200
TIMEOUT = float(os.environ.get("BENCH_TIMEOUT", "300"))
NOW = datetime(2026, 11, 2, tzinfo=timezone.utc)


def run(cmd: list[str], stdin: bytes, env: dict[str, str]) -> tuple[float, int, float]:
    """Wall seconds, peak RSS (KB) and CPU seconds (user + sys, from its rusage, which counts the
    command under GNU time too) of one child process. The RSS comes from GNU time: a child's own
    `ru_maxrss` would start from this (large) process's at fork."""
    report = Path(tempfile.mkstemp(suffix=".rss")[1])
    if os.path.exists("/usr/bin/time"):  # Debian's `time` package; without it peaks read 0
        cmd = ["/usr/bin/time", "-f", "%M", "-o", str(report), *cmd]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    assert proc.stdin is not None
    proc.stdin.write(stdin)
    proc.stdin.close()
    deadline = start + TIMEOUT
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() > deadline:
            proc.kill()
            os.wait4(proc.pid, 0)
            return float("inf"), 0, float("inf")
        time.sleep(0.002)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        err = proc.stderr.read().decode() if proc.stderr else ""
        raise RuntimeError(f"{cmd} failed: {err[-800:]}")
    peak = int((report.read_text().strip().splitlines() or ["0"])[-1])
    report.unlink()
    return elapsed, peak, usage.ru_utime + usage.ru_stime


def queue_signals(workspace: Path, round_no: int) -> None:
    import random

    from make_store import OBJECTS, SUBJECTS, TAILS, VERBS

    from hippocampus.core.capture import raw_signal
    from hippocampus.store import queue
    from hippocampus.store.workspace import Workspace

    rng = random.Random(round_no)
    signals = []
    for i in range(SIGNALS):  # the store's own vocabulary: some repeat a memory, some are new
        parts = (rng.choice(SUBJECTS), rng.choice(VERBS), rng.choice(OBJECTS), rng.choice(TAILS))
        text = f"Remember that {' '.join(parts)} (bench {round_no}-{i})"
        signal = raw_signal("bench", f"r{round_no}m{i}", text, NOW.isoformat())
        assert signal is not None
        signals.append(signal)
    queue.append_signals(Workspace(workspace), signals)


def session_end_payload(workspace: Path) -> bytes:
    """What the bridge sends session_end.py when a session ends."""
    return json.dumps(
        {
            "hook": "session_end",
            "workspace": str(workspace),
            "config": {},
            "ctx": {"agentId": "main", "sessionKey": "agent:main:main", "sessionId": "bench"},
            "event": {"reason": "new"},
        }
    ).encode()


def measure(size: int, tmp: Path) -> dict[str, object]:
    workspace = tmp / f"ws{size}"
    started = time.perf_counter()
    build(workspace, size)
    built = time.perf_counter() - started
    py = sys.executable
    env = {**os.environ, "WORKSPACE": str(workspace), "HIPPOCAMPUS_NOW": (NOW + timedelta(days=1)).isoformat()}
    hooks = payloads(str(workspace))
    end = session_end_payload(workspace)
    cli = [py, "-m", "hippocampus"]
    commands: dict[str, tuple[list[str], bytes]] = {
        "bare": ([py, "-c", "pass"], b""),
        "remember": ([*cli, "remember", "I prefer my bench coffee black"], b""),
        "recall": ([*cli, "recall", "what does my sister prefer for the Berlin trip"], b""),
        "decay": ([*cli, "decay"], b""),
        "consolidate": ([*cli, "consolidate"], b""),
        "session_end": ([py, str(ROOT / "hooks" / "session_end.py")], end),
        "request_before": ([py, str(ROOT / "hooks" / "request_before.py")], hooks["request_before"]),
        "request_after": ([py, str(ROOT / "hooks" / "request_after.py")], hooks["request_after"]),
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    peaks: dict[str, int] = {name: 0 for name in commands}
    for round_no in range(ROUNDS):
        for name, (cmd, stdin) in commands.items():
            if times[name] and times[name][-1] == float("inf"):
                continue
            if name == "session_end":
                queue_signals(workspace, round_no)
            elapsed, peak, cpu = run(cmd, stdin, env)
            times[name].append(elapsed)
            cpus[name].append(cpu)
            peaks[name] = max(peaks[name], peak)
            print(
                f"  {size} round {round_no} {name}: {elapsed * 1000:.0f} ms, {cpu * 1000:.0f} ms CPU",
                file=sys.stderr,
                flush=True,
            )
    bare = statistics.median(times["bare"])
    bare_cpu = statistics.median(cpus["bare"])
    rows = {}
    for name, samples in times.items():
        median, cpu = statistics.median(samples), statistics.median(cpus[name])
        rows[name] = {
            "ms": round(median * 1000, 1),
            "x_bare": round(median / bare, 2),
            "cpu_ms": round(cpu * 1000, 1),
            "cpu_x_bare": round(cpu / bare_cpu, 2),
            "peak_mb": round(peaks[name] / 1024, 1),
            "runs": len(samples),
        }
    return {"memories": size, "build_s": round(built, 1), "load": os.getloadavg(), "commands": rows}


def main() -> None:
    prepare()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in SIZES:
            results.append(measure(size, Path(tmp)))
    out = HERE / "results" / "scale.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=1) + "\n")
    for result in results:
        print(f"\n{result['memories']} memories (built in {result['build_s']} s):")
        print("| command | median | × bare | CPU | × bare CPU | peak RSS |")
        print("|---|---:|---:|---:|---:|---:|")
        for name, row in result["commands"].items():  # type: ignore[union-attr]
            ms = "timeout" if row["ms"] == float("inf") else f"{row['ms']:.0f} ms"
            cpu = "timeout" if row["cpu_ms"] == float("inf") else f"{row['cpu_ms']:.0f} ms"
            print(f"| {name} | {ms} | {row['x_bare']}× | {cpu} | {row['cpu_x_bare']}× | {row['peak_mb']} MB |")


if __name__ == "__main__":
    main()
