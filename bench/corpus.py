"""What the memory corpus supplement and `status` cost (issue 27), in the warm worker's conditions.

One store of N memories (`make_store`, with a random vector per memory under the local model's name, as
bench_worker.py --semantic does), the worker's kept connections on (`store.warm`) and the model loaded
(`search.allow(wait=True)`). Each query is answered three ways through `hooks.run`, as the worker runs
them: `corpus_search` (the supplement's search), `request_before` (the turn's block, the reference: same
recall plus core memories and the block), and `corpus_get` on the first hit. Reported: CPU and wall
milliseconds per call (median and p95 over the queries, after one warm-up pass), and one `status` (with
`--json`'s health: /proc scan, openclaw.json, OpenClaw's session databases) and one settings read from a
cold and a warm cache.

Run: `nice -n 10 .venv/bin/python bench/corpus.py --n 10000`.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

QUERIES = [
    "what does my sister prefer?",
    "who is worried about the move",
    "my manager decided to",
    "what does the landlord want",
    "remind me what my doctor said",
    "the client is working on what",
    "my best friend loves",
    "what did my daughter ask me to remember",
    "coach plans",
    "our team always forgets",
]


def timed(run: Any) -> tuple[float, float, Any]:
    cpu, wall = time.process_time(), time.perf_counter()
    out = run()
    return (time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000, out


def call(name: str, body: dict[str, Any]) -> str:
    from hippocampus.openclaw import hooks

    out, err = io.StringIO(), io.StringIO()
    hooks.run(name, io.BytesIO(json.dumps(body).encode()), out, err)
    return out.getvalue()


def stats(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(values):.1f} ms, p95 {p95:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=10000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--core", type=int, default=0, help="also remember this many core memories (0.95)")
    args = parser.parse_args()
    from bench_worker import add_vectors
    from make_store import build

    from hippocampus.semantic import search
    from hippocampus.store import warm

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "workspace"
        (root / "memory").mkdir(parents=True)
        build(root, args.n)
        add_vectors(str(root))
        from hippocampus import memories
        from hippocampus.clock import now as clock_now
        from hippocampus.core.config import Config as Settings
        from hippocampus.openclaw.corpus import held_ids
        from hippocampus.store.workspace import Workspace as Ws
        from hippocampus.views.sync import sync_core

        for i in range(args.core):
            text = f"User's locker number {i} at the climbing gym holds the {QUERIES[i % 10][:-1]} notes"
            memories.remember(Ws(root), clock_now(), Settings(semantic="off"), text, importance=0.95)
        sync_core(Ws(root), clock_now(), Settings())  # the file memory-core indexes: its ids are left out
        held = len(held_ids(root / "HIPPOCAMPUS_CORE.md"))
        search.allow(wait=True)
        warm.enable()

        def deadline() -> float:
            return time.time() * 1000 + 3000  # the worker's per-call deadline

        base = {"workspace": str(root), "config": {}, "ctx": {"agentId": "main", "sessionId": "bench"}}
        results: dict[str, dict[str, list[float]]] = {k: {"cpu": [], "wall": []} for k in ("search", "before", "get")}
        for round_ in range(args.rounds + 1):
            for query in QUERIES:
                s_cpu, s_wall, found = timed(
                    lambda q=query: call("corpus_search", {**base, "event": {"query": q}, "deadline": deadline()})
                )
                b_cpu, b_wall, _ = timed(
                    lambda q=query: call("request_before", {**base, "event": {"prompt": q}, "deadline": deadline()})
                )
                hits = json.loads(found or "[]")
                lookup = hits[0]["path"] if hits else "mem_000001"
                g_cpu, g_wall, _ = timed(lambda lk=lookup: call("corpus_get", {**base, "event": {"lookup": lk}}))
                if round_:  # the first pass warms the caches, as the worker's first call does
                    for key, cpu, wall in (
                        ("search", s_cpu, s_wall),
                        ("before", b_cpu, b_wall),
                        ("get", g_cpu, g_wall),
                    ):
                        results[key]["cpu"].append(cpu)
                        results[key]["wall"].append(wall)
        print(f"n={args.n} ({held} in HIPPOCAMPUS_CORE.md), {len(QUERIES)} queries x {args.rounds} rounds, warm worker")
        for key, label in (("search", "corpus_search"), ("before", "request_before"), ("get", "corpus_get")):
            print(f"  {label:15} CPU {stats(results[key]['cpu'])}; wall {stats(results[key]['wall'])}")

        from hippocampus.clock import now
        from hippocampus.core.config import Config
        from hippocampus.store import config_file
        from hippocampus.store.workspace import Workspace
        from hippocampus.views import overview

        cpu, wall, _ = timed(lambda: overview.status(Workspace(root), now(), Config()))
        print(f"  status (with health)  CPU {cpu:.0f} ms, wall {wall:.0f} ms")
        (root / "memory" / "hippocampus.yaml").write_text("inject_budget: 1200\ncurve: exponential\n")
        config_file._CACHE.clear()
        cold, _w, _ = timed(lambda: config_file.settings(root / "memory" / "hippocampus.yaml"))
        warm_cpu, _w, _ = timed(lambda: config_file.settings(root / "memory" / "hippocampus.yaml"))
        print(f"  settings read: first {cold:.2f} ms CPU, cached {warm_cpu:.3f} ms CPU")
        print(f"  at {datetime.now(timezone.utc).isoformat(timespec='seconds')}")


if __name__ == "__main__":
    main()
