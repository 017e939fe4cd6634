"""Embedding catch-up after an import, as whole CLI processes (issue 23: "catch-up is its own job").

A fresh workspace gets N memories (`make_store.make_payload`, written to an index.json and merged by
`hippocampus import`, as a user brings an old store in), then these commands run one after another,
each timed (wall, and the child's CPU from rusage, the figure to trust on a shared machine):

    import      merges the N memories
    encode      nothing queued; before issue 23 it embedded every memory without a vector inline
                (up to 300 s), now only the memories it wrote itself (none here)
    decay       the first after the import; before, it embedded what was left (up to 900 s), now nothing
    embed       the catch-up as its own command (skipped where the code has no such command)

After each, `status --json` says how many memories have a vector, so each step's embedding rate is
(vectors it added) / (its wall time). Also timed: a bare interpreter start (`python -c pass`, median of
11) in the same run, the yardstick of the store targets (`decay` ≤ 60× it at 100k). Run by hand, needs
the `semantic` extra: `.venv/bin/python bench/catch_up.py` (BENCH_SIZE=10000, BENCH_TIMEOUT=1500 s per
command, BENCH_EMBED=0 leaves `embed` out: at 100k it takes an hour here). Uses the code beside this
file (PYTHONPATH), so a copy of an older commit measures that commit. Writes
bench/results/catch_up-<N>.json. Never asserted in tests; BENCHMARKS.md gets the table.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT)]
from make_store import make_payload

SIZE = int(os.environ.get("BENCH_SIZE", "10000"))
TIMEOUT = float(os.environ.get("BENCH_TIMEOUT", "1500"))
EMBED = os.environ.get("BENCH_EMBED", "1") != "0"
NOW = datetime(2026, 11, 2, tzinfo=timezone.utc)


def cli(workspace: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], float, float]:
    """Run `python -m hippocampus --workspace W args`; (result, wall s, CPU s of the child)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HIPPOCAMPUS_NOW": NOW.isoformat().replace("+00:00", "Z")}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "hippocampus", "--workspace", str(workspace), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=TIMEOUT,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed: {done.stderr.strip()[-300:]}")
    return done, wall, cpu


def bare_start() -> float:
    samples = []
    for _ in range(11):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        samples.append(time.perf_counter() - start)
    return sorted(samples)[5]


def embedded(workspace: Path) -> int:
    recall = json.loads(cli(workspace, "status", "--json")[0].stdout)["recall"]
    if recall.get("mode") != "semantic":
        raise SystemExit(f"recall is {recall.get('mode')} here ({recall.get('why')}): install the semantic extra")
    return int(recall["embedded"])


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        workspace = Path(tmp) / "ws"
        workspace.mkdir()
        source = Path(tmp) / "index.json"
        source.write_text(json.dumps(make_payload(SIZE, NOW)), encoding="utf-8")
        has_embed = cli(workspace, "--help")[0].stdout.find("\n  embed ") >= 0
        steps: list[dict[str, Any]] = []
        commands = [("import", str(source), "--json"), ("encode", "--json"), ("decay", "--json")]
        if has_embed and EMBED:
            commands.append(("embed", "--json"))
        vectors = 0
        for command in commands:
            _, wall, cpu = cli(workspace, *command)
            now = embedded(workspace)
            steps.append(
                {"command": command[0], "wall_s": round(wall, 2), "cpu_s": round(cpu, 2), "embedded": now - vectors}
            )
            rate = (now - vectors) / wall if now > vectors else 0.0
            print(f"{command[0]:>7}: wall {wall:7.1f} s, CPU {cpu:7.1f} s, embedded {now - vectors:6d} ({rate:5.1f}/s)")
            vectors = now
        bare = bare_start()
        print(f"{vectors} of {SIZE} memories have a vector; a bare start {bare * 1000:.0f} ms")
        out = HERE / "results" / f"catch_up-{SIZE}.json"
        out.parent.mkdir(exist_ok=True)
        report = {"size": SIZE, "cpus": os.cpu_count(), "bare_s": round(bare, 3), "steps": steps}
        out.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
