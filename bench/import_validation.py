"""`hippocampus import` of a 100k-memory index, end to end, and its schema validation alone, per source tree.

Why: the store validates every memory it writes against the shipped JSON Schema, and an import of
N memories validates N of them; the validator library is chosen on these figures (README, "Schema
validation"; BENCHMARKS.md). Each TREE is a checkout of this repository, run in and put first on PYTHONPATH
(default: this one), so two validators are compared on the same file, in the same run, round by
round: each round imports the file into a fresh workspace once per tree, then times the validation
alone (`store.schema.validate_memory` on every memory of the file, in a child process: its first
call, which imports the library and builds the validator, and then all of them).

CPU time (user + sys, from each child's rusage) is the figure to trust on a shared machine; wall
time is reported too. Run by hand: `.venv/bin/python bench/import_validation.py [TREE ...]`
(BENCH_SIZE=100000, BENCH_ROUNDS=3). Never asserted in tests.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_store import make_payload

SIZE = int(os.environ.get("BENCH_SIZE", "100000"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
NOW = datetime(2026, 11, 1, tzinfo=timezone.utc)

PROBE = """
import json, sys, time
from hippocampus.core.model import Index
from hippocampus.store import schema
items = [m.to_dict() for m in Index.from_dict(json.load(open(sys.argv[1], encoding="utf-8"))).memories]
start = time.process_time()
schema.validate_memory(items[0])
first = time.process_time() - start
start = time.process_time()
for item in items:
    schema.validate_memory(item)
print(json.dumps({"first_ms": first * 1000, "all_s": time.process_time() - start, "module": schema.__file__}))
"""


def run(cmd: list[str], tree: Path) -> tuple[float, float, str]:
    """Wall and CPU seconds (the child's own rusage) of one child process run in `tree`, with it first on
    PYTHONPATH, and its stdout."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, env=env, cwd=tree)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if proc.returncode != 0:
            raise RuntimeError(f"{cmd} failed: {err.read().decode()[-800:]}")
        return elapsed, usage.ru_utime + usage.ru_stime, out.read().decode()


def main() -> None:
    trees = [Path(t).resolve() for t in sys.argv[1:]] or [HERE.parent]
    samples: dict[Path, dict[str, list[float]]] = {t: {} for t in trees}
    modules: dict[Path, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "index.json"
        source.write_text(json.dumps(make_payload(SIZE, NOW)), encoding="utf-8")
        for round_no in range(ROUNDS):
            for tree in trees:
                ws = Path(tmp) / f"ws-{round_no}-{trees.index(tree)}"
                ws.mkdir()
                cmd = [sys.executable, "-m", "hippocampus", "--workspace", str(ws), "import", str(source)]
                wall, cpu, _ = run(cmd, tree)
                probe = json.loads(run([sys.executable, "-c", PROBE, str(source)], tree)[2])
                modules[tree] = probe["module"]
                for key, value in (
                    ("import_wall_s", wall),
                    ("import_cpu_s", cpu),
                    ("validate_all_cpu_s", probe["all_s"]),
                    ("validate_first_cpu_ms", probe["first_ms"]),
                ):
                    samples[tree].setdefault(key, []).append(value)
                print(f"round {round_no + 1}, {tree}: import {wall:.1f} s wall, {cpu:.1f} s CPU", flush=True)
    print(f"\n{SIZE} memories, median of {ROUNDS} rounds, load {os.getloadavg()[0]:.1f}:")
    print("| tree (store/schema.py) | import, wall | import, CPU | validation alone, CPU | first call, CPU |")
    print("|---|---:|---:|---:|---:|")
    for tree in trees:
        m = {k: statistics.median(v) for k, v in samples[tree].items()}
        print(
            f"| {modules[tree]} | {m['import_wall_s']:.1f} s | {m['import_cpu_s']:.1f} s "
            f"| {m['validate_all_cpu_s']:.2f} s | {m['validate_first_cpu_ms']:.0f} ms |"
        )


if __name__ == "__main__":
    main()
