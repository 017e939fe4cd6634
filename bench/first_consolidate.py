"""The first consolidation of a big store (every memory compared, as after a migration or an import),
as a whole process against a bare interpreter start of the same venv.

Builds a store with `make_store.build` (BENCH_SIZE memories, 100,000 by default), keeps a pristine
copy, and for each of BENCH_ROUNDS rounds restores it and runs `python -m hippocampus consolidate`,
timing bare starts before and after. Prints wall and CPU (user + sys) medians and their ratios:
CPU is the figure to trust on a machine shared with other work. Run by hand:
`.venv/bin/python bench/first_consolidate.py`; never asserted in tests. Target (issue 9): 200× bare.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]
from bench_hooks import prepare
from make_store import build

SIZE = int(os.environ.get("BENCH_SIZE", "100000"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one child process (CPU from its rusage)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{cmd} failed: {proc.stderr.read().decode()[-600:] if proc.stderr else ''}")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    prepare()
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        pristine, workspace = Path(tmp) / "pristine", Path(tmp) / "ws"
        build(pristine, SIZE)
        env = {**os.environ, "WORKSPACE": str(workspace), "HIPPOCAMPUS_NOW": "2026-11-03T00:00:00Z"}
        bare_wall, bare_cpu, cons_wall, cons_cpu = [], [], [], []
        for round_no in range(ROUNDS):
            shutil.rmtree(workspace, ignore_errors=True)
            shutil.copytree(pristine, workspace)
            for _ in range(3):
                wall, cpu = run([py, "-c", "pass"], env)
                bare_wall.append(wall)
                bare_cpu.append(cpu)
            wall, cpu = run([py, "-m", "hippocampus", "consolidate"], env)
            cons_wall.append(wall)
            cons_cpu.append(cpu)
            print(f"  round {round_no}: {wall:.2f} s wall, {cpu:.2f} s CPU", file=sys.stderr, flush=True)
    bw, bc = statistics.median(bare_wall), statistics.median(bare_cpu)
    cw, cc = statistics.median(cons_wall), statistics.median(cons_cpu)
    print(
        f"{SIZE} memories, first consolidate: wall {cw:.2f} s ({cw / bw:.0f}× bare {bw * 1000:.1f} ms), "
        f"CPU {cc:.2f} s ({cc / bc:.0f}× bare {bc * 1000:.1f} ms)"
    )


if __name__ == "__main__":
    main()
