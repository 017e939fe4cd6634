"""Time `hippocampus recall` and `load-core` as whole processes at 1k/10k/100k memories.

Compares against a bare `python -c pass` of the same interpreter and prints ratios; run by hand
(`.venv/bin/python bench/bench_core.py`), never asserted in tests. Writes bench/results/core.json.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_store import build  # noqa: E402

RUNS = int(os.environ.get("BENCH_RUNS", "15"))
SIZES = [int(s) for s in os.environ.get("BENCH_SIZES", "1000,10000,100000").split(",")]
ORIGINAL = {10000: {"load-core": 0.10, "recall": 0.13}, 100000: {"load-core": 1.04, "recall": 1.54}}


def timed(cmd: list[str], env: dict[str, str]) -> float:
    """Median wall time of `cmd` over RUNS runs (after one warm-up)."""
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    samples = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(cmd, env=env, check=True, capture_output=True)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def prepare() -> None:
    """Byte-compile the package as `pip install` does for users (PYTHONDONTWRITEBYTECODE would hide it)."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    import compileall

    import hippocampus

    compileall.compile_dir(str(Path(hippocampus.__file__).parent), quiet=1)


def main() -> None:
    prepare()
    exe = Path(sys.executable).parent / "hippocampus"
    cli = [str(exe)] if exe.exists() else [sys.executable, "-m", "hippocampus"]
    results = []
    bare = timed([sys.executable, "-c", "pass"], dict(os.environ))
    print(f"bare interpreter start: {bare * 1000:.1f} ms")
    for n in SIZES:
        with tempfile.TemporaryDirectory() as tmp:
            build(Path(tmp), n)
            env = {**os.environ, "WORKSPACE": tmp, "HIPPOCAMPUS_NOW": "2026-11-01T00:00:00Z"}
            row = {"memories": n, "bare_s": bare}
            for name, args in (("recall", ["recall", "sister green tea", "--json"]), ("load-core", ["load-core"])):
                t = timed(cli + args, env)
                row[f"{name}_s"] = t
                row[f"{name}_ratio"] = t / bare
                ref = ORIGINAL.get(n, {}).get(name)
                note = f" (original skill {ref:.2f} s)" if ref else ""
                print(f"{n:>7} memories  {name:<9} {t * 1000:7.1f} ms  {t / bare:5.2f}x bare{note}")
            results.append(row)
    out = Path(__file__).resolve().parent / "results"
    out.mkdir(exist_ok=True)
    (out / "core.json").write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
