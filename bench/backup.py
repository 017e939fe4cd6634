"""The daily backup's cost at scale (issue 27): `backup`, `decay` and `decay --backup` as whole processes,
against a bare interpreter start of the same venv, with the copy's size.

Builds a store of each size in BENCH_SIZES (default 100000) with `make_store.build`, then runs ROUNDS
interleaved rounds (bare, backup, decay, decay --backup; `restore --yes` of the newest copy last in each
round, timed apart). CPU time (user + sys, from each child's rusage) is the figure to trust on a shared
machine; wall time is reported beside it. The target: the daily job (`decay --archive --backup`) within
the decay job's 60× a bare start (issue 9). Run by hand: `.venv/bin/python bench/backup.py`; never
asserted in tests; BENCHMARKS.md gets the table.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]
from make_store import build
from scale import NOW, run

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
SIZES = [int(s) for s in os.environ.get("BENCH_SIZES", "100000").split(",")]


def measure(size: int, tmp: Path) -> dict[str, object]:
    workspace = tmp / f"ws{size}"
    build(workspace, size)
    py = sys.executable
    env = {**os.environ, "WORKSPACE": str(workspace), "HIPPOCAMPUS_NOW": (NOW + timedelta(days=1)).isoformat()}
    cli = [py, "-m", "hippocampus"]
    commands = {
        "bare": [py, "-c", "pass"],
        "backup": [*cli, "backup"],
        "decay": [*cli, "decay"],
        "decay --backup": [*cli, "decay", "--backup"],
    }
    cpus: dict[str, list[float]] = {name: [] for name in (*commands, "restore --yes")}
    walls: dict[str, list[float]] = {name: [] for name in cpus}
    peaks: dict[str, int] = {name: 0 for name in cpus}
    folder = workspace / "memory" / "backups"
    for round_no in range(ROUNDS):
        for name, cmd in commands.items():
            wall, peak, cpu = run(cmd, b"", env)
            walls[name].append(wall)
            cpus[name].append(cpu)
            peaks[name] = max(peaks[name], peak)
            print(f"  {size} round {round_no} {name}: {wall * 1000:.0f} ms, {cpu * 1000:.0f} ms CPU", file=sys.stderr)
        newest = max(p for p in folder.glob("hippocampus-*.db"))
        wall, peak, cpu = run([*cli, "restore", "--yes", str(newest)], b"", env)
        walls["restore --yes"].append(wall)
        cpus["restore --yes"].append(cpu)
        peaks["restore --yes"] = max(peaks["restore --yes"], peak)
        for aside in folder.glob("replaced-*"):
            aside.unlink()
    bare_cpu, bare_wall = statistics.median(cpus["bare"]), statistics.median(walls["bare"])
    rows = {
        name: {
            "cpu_ms": round(statistics.median(cpus[name]) * 1000, 1),
            "cpu_x_bare": round(statistics.median(cpus[name]) / bare_cpu, 1),
            "wall_ms": round(statistics.median(walls[name]) * 1000, 1),
            "wall_x_bare": round(statistics.median(walls[name]) / bare_wall, 1),
            "peak_mb": round(peaks[name] / 1024, 1),
        }
        for name in cpus
    }
    copy = max(p for p in folder.glob("hippocampus-*.db"))
    return {
        "memories": size,
        "database_bytes": (workspace / "memory" / "hippocampus.db").stat().st_size,
        "backup_bytes": copy.stat().st_size,
        "load": os.getloadavg(),
        "commands": rows,
    }


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        results = [measure(size, Path(tmp)) for size in SIZES]
    out = HERE / "results" / "backup.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    for result in results:
        print(
            f"\n{result['memories']} memories: database {result['database_bytes']:,} bytes, backup {result['backup_bytes']:,} bytes"
        )
        print("| command | CPU | × bare | wall | × bare | peak RSS |")
        print("|---|---:|---:|---:|---:|---:|")
        for name, row in result["commands"].items():  # type: ignore[attr-defined]
            print(
                f"| {name} | {row['cpu_ms']:,} ms | {row['cpu_x_bare']}× | {row['wall_ms']:,} ms | "
                f"{row['wall_x_bare']}× | {row['peak_mb']} MB |"
            )


if __name__ == "__main__":
    main()
