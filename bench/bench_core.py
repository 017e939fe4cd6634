"""Time `hippocampus recall` and `load-core` as whole processes at 1k/10k/100k memories.

Compares against a bare `python -c pass` of the same interpreter and prints ratios; run by hand,
never asserted in tests. Writes bench/results/core.json. Run it from a venv with a regular
(non-editable) install, as `install.py` makes for users: an editable install adds an import hook
to every start, bare ones included. For example:
`python3 -m venv /tmp/v && /tmp/v/bin/pip install . && /tmp/v/bin/python bench/bench_core.py`.
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
from make_store import build

RUNS = int(os.environ.get("BENCH_RUNS", "21"))
SIZES = [int(s) for s in os.environ.get("BENCH_SIZES", "1000,10000,100000").split(",")]
ORIGINAL = {10000: {"load-core": 0.10, "recall": 0.13}, 100000: {"load-core": 1.04, "recall": 1.54}}


def once(cmd: list[str], env: dict[str, str]) -> float:
    """Wall time of one run of `cmd`."""
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def interleaved(cmds: dict[str, list[str]], env: dict[str, str]) -> dict[str, float]:
    """Median wall time per command over RUNS rounds; each round runs every command once, so machine
    load hits them alike (after one warm-up round)."""
    for cmd in cmds.values():
        once(cmd, env)
    samples: dict[str, list[float]] = {name: [] for name in cmds}
    for _ in range(RUNS):
        for name, cmd in cmds.items():
            samples[name].append(once(cmd, env))
    return {name: statistics.median(values) for name, values in samples.items()}


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
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; {RUNS} interleaved rounds per size")
    for n in SIZES:
        with tempfile.TemporaryDirectory() as tmp:
            build(Path(tmp), n)
            env = {**os.environ, "WORKSPACE": tmp, "HIPPOCAMPUS_NOW": "2026-11-01T00:00:00Z"}
            times = interleaved(
                {
                    "bare": [sys.executable, "-c", "pass"],
                    "recall": cli + ["recall", "sister green tea", "--json"],
                    "load-core": cli + ["load-core"],
                },
                env,
            )
            row: dict[str, float] = {"memories": n, "bare_s": times["bare"]}
            for name in ("recall", "load-core"):
                t = times[name]
                row[f"{name}_s"] = t
                row[f"{name}_ratio"] = t / times["bare"]
                ref = ORIGINAL.get(n, {}).get(name)
                note = f" (original skill {ref * 1000:.0f} ms: {t / ref:.2f}x of it)" if ref else ""
                print(
                    f"{n:>7} memories  {name:<9} {t * 1000:6.1f} ms  {t / times['bare']:5.2f}x bare "
                    f"({times['bare'] * 1000:.1f} ms){note}"
                )
            results.append(row)
    out = Path(__file__).resolve().parent / "results"
    out.mkdir(exist_ok=True)
    (out / "core.json").write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
