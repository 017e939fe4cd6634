"""Time the brain dashboard at 1k and 10k memories: generation (in process and as `hippocampus dashboard`),
page size, and how the page behaves in real headless Chromium (load, first page ready, a text filter,
and the scripts-off render of every row).

Run by hand: `.venv/bin/python bench/bench_dashboard.py` (BENCH_SIZES=1000,10000, BENCH_RUNS=5).
Never asserted in tests. Writes bench/results/dashboard.json and prints a Markdown table.
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
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE.parent))
from make_store import build

from hippocampus.store import files, index_file, logs
from hippocampus.store.config_file import load_config
from hippocampus.store.workspace import Workspace
from hippocampus.views.dashboard.page import render_html
from hippocampus.views.dashboard.sources import read_identity, read_sister_files
from hippocampus.views.dashboard.view import build_view
from hippocampus.views.sync import write_dashboard

RUNS = int(os.environ.get("BENCH_RUNS", "5"))
SIZES = [int(s) for s in os.environ.get("BENCH_SIZES", "1000,10000").split(",")]
NOW = datetime(2026, 11, 1, tzinfo=timezone.utc)


def add_events(ws: Workspace) -> int:
    """An events.jsonl like a real store's: one create per memory and a reinforce per reinforcement."""
    rows: list[dict[str, Any]] = []
    for memory in index_file.load_index(ws).memories:
        rows.append({"time": memory.created.isoformat(), "type": "create", "id": memory.id})
        for n in range(memory.times_reinforced):
            when = memory.last_accessed - timedelta(days=n)
            rows.append({"time": when.isoformat(), "type": "reinforce", "id": memory.id})
    logs.append_events(ws, rows)
    return len(rows)


def median_of(fn: Any) -> float:
    """Median wall seconds of `fn()` over RUNS runs after one warm-up."""
    fn()
    samples = []
    for _ in range(RUNS):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def stages(ws: Workspace) -> dict[str, float]:
    """Median seconds of each stage of `write_dashboard`."""
    timings: dict[str, list[float]] = {k: [] for k in ("load_index", "read_events", "build_view", "render", "write")}
    config = load_config(ws)
    for _ in range(RUNS):
        t0 = time.perf_counter()
        index = index_file.load_index(ws)
        t1 = time.perf_counter()
        events = logs.read_events(ws)
        t2 = time.perf_counter()
        view = build_view(index, events, NOW, config.decay_curve, read_identity(ws), read_sister_files(ws))
        t3 = time.perf_counter()
        page = render_html(view)
        t4 = time.perf_counter()
        files.write_text(ws.dashboard_path, page)
        t5 = time.perf_counter()
        for key, value in zip(timings, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4), strict=True):
            timings[key].append(value)
    return {k: statistics.median(v) for k, v in timings.items()}


def command_seconds(ws: Workspace) -> float:
    """Median wall time of the whole `hippocampus dashboard` process."""
    env = dict(os.environ, WORKSPACE=str(ws.root), HIPPOCAMPUS_NOW=NOW.isoformat())
    cmd = [sys.executable, "-m", "hippocampus", "dashboard"]
    return median_of(lambda: subprocess.run(cmd, env=env, check=True, capture_output=True))


def in_chromium(path: Path) -> dict[str, float] | None:
    """Load, ready, filter and scripts-off timings in headless Chromium (None when it is missing)."""
    from chromium_cdp import Browser, find_chromium

    executable = find_chromium()
    if executable is None:
        return None
    browser = Browser(executable)
    try:
        result: dict[str, list[float]] = {"load": [], "ready": [], "filter": [], "scripts_off_load": []}
        warm = browser.new_page()
        warm.goto(path.as_uri())  # the first load also builds font caches; not a dashboard cost
        warm.close()
        for _ in range(max(1, RUNS // 2)):
            page = browser.new_page(width=1280, height=1000)
            start = time.perf_counter()
            result["load"].append(page.goto(path.as_uri()))
            while page.eval("document.documentElement.dataset.ready") != "1":
                time.sleep(0.005)
            result["ready"].append(time.perf_counter() - start)
            start = time.perf_counter()
            page.eval(
                "{ const f = document.getElementById('f-text'); f.value = 'coffee tea';"
                " f.dispatchEvent(new Event('input')) }"
            )
            while "filtered" not in page.eval("document.getElementById('p-status').textContent"):
                time.sleep(0.005)
            result["filter"].append(time.perf_counter() - start - 0.120)  # minus the input debounce
            page.close()
            off = browser.new_page(width=1280, height=1000, scripts=False)
            result["scripts_off_load"].append(off.goto(path.as_uri()))
            off.close()
        return {k: statistics.median(v) for k, v in result.items()}
    finally:
        browser.close()


def main() -> None:
    report: dict[str, Any] = {
        "python": sys.version.split()[0],
        "load_average": os.getloadavg()[0],
        "runs": RUNS,
        "sizes": {},
    }
    for size in SIZES:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "ws"
            root.mkdir()
            build(root, size, NOW)
            ws = Workspace(root)
            events = add_events(ws)
            in_process = median_of(lambda ws=ws: write_dashboard(ws, NOW))  # type: ignore[misc]
            entry: dict[str, Any] = {
                "events": events,
                "write_dashboard_s": round(in_process, 3),
                "stages_s": {k: round(v, 3) for k, v in stages(ws).items()},
                "command_s": round(command_seconds(ws), 3),
                "page_bytes": ws.dashboard_path.stat().st_size,
            }
            browser = in_chromium(ws.dashboard_path)
            if browser is not None:
                entry["chromium_s"] = {k: round(v, 3) for k, v in browser.items()}
            report["sizes"][str(size)] = entry
            print(f"{size}: {json.dumps(entry)}", file=sys.stderr)
    report["load_average_after"] = os.getloadavg()[0]
    out = HERE / "results" / "dashboard.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(
        "| memories | events | write_dashboard | `hippocampus dashboard` | page | Chromium load | ready | filter"
        " | scripts off load |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for size, e in report["sizes"].items():
        c = e.get("chromium_s", {})
        print(
            f"| {size} | {e['events']} | {e['write_dashboard_s']:.2f} s | {e['command_s']:.2f} s"
            f" | {e['page_bytes'] / 1e6:.1f} MB | {c.get('load', float('nan')):.2f} s | {c.get('ready', float('nan')):.2f} s"
            f" | {c.get('filter', float('nan')) * 1000:.0f} ms | {c.get('scripts_off_load', float('nan')):.2f} s |"
        )
    print(
        f"\nload average {report['load_average']:.1f} → {report['load_average_after']:.1f}; stages at the largest size:"
        f" {report['sizes'][str(SIZES[-1])]['stages_s']}"
    )


if __name__ == "__main__":
    main()
