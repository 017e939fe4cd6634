"""Throughput of the profile rebuild after a change of profile code (`store/reprofile.py`).

Builds N memories two ways: `make_store` (realistic mixed text, some with numbers) and one where every
memory holds several numbers (every profile changes: the worst case). Each store is made stale by hand
(old-style profiles, numbers as a set without order, with their postings and counts; `meta.profileVersion`
1), then `reprofile.catch_up` runs to the end in this process. Also timed: the same rebuild over profiles
already current (marker stale only: every row recomputed, none rewritten). Reports wall and CPU seconds,
memories per second, rows rewritten and the longest batch (how long a turn's write may wait behind it).
Run by hand: `nice -n 10 .venv/bin/python bench/reprofile.py` (BENCH_SIZE=10000, BENCH_BATCH: rows per
transaction, default `reprofile.BATCH`). Never asserted in tests.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_store import build

from hippocampus.core.model import Index, Memory
from hippocampus.store import database, index_file, reindex, reprofile, rows
from hippocampus.store.workspace import Workspace

NOW = datetime(2026, 11, 1, tzinfo=timezone.utc)


def numbered(ws: Workspace, n: int) -> None:
    texts = [f"Order {i} ships {i % 9} boxes of item {i % 13} and {i % 9} crates on day {i % 28 + 1}" for i in range(n)]
    memories = [Memory(id=f"mem_{i + 1:06d}", content=t, created=NOW, last_accessed=NOW) for i, t in enumerate(texts)]
    index_file.write_whole(ws, Index(memories=memories, next_id=n + 1), NOW)


def make_stale(ws: Workspace, old_style: bool) -> None:
    with database.writing(ws) as conn:
        if old_style:
            for rid, prof in conn.execute("SELECT rid, prof FROM mem").fetchall():
                feats, names = json.loads(prof)
                old = [f for f in feats if "#" not in f and ">" not in f]
                conn.execute(
                    "UPDATE mem SET prof = ? WHERE rid = ?", (json.dumps([old, names], ensure_ascii=False), rid)
                )
            for table in ("feat", "feat_df", "feat_size"):
                conn.execute(f"DELETE FROM {table}")
            for rid, prof in conn.execute("SELECT rid, prof FROM mem").fetchall():
                rows._add_features(conn, int(rid), frozenset(json.loads(prof)[0]))
        conn.execute("DELETE FROM dirty")
        rows.set_meta(conn, "profileVersion", "1")


def timed(ws: Workspace) -> dict[str, float]:
    batches: list[float] = []
    inner = reindex.in_batches

    def measured(step, budget_seconds=None):  # type: ignore[no-untyped-def]
        def one() -> int:
            started = time.perf_counter()
            did = step()
            batches.append(time.perf_counter() - started)
            return int(did)

        return inner(one, budget_seconds)

    reprofile.in_batches = measured  # type: ignore[assignment]
    wall, cpu = time.perf_counter(), time.process_time()
    done = reprofile.catch_up(ws)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    reprofile.in_batches = inner
    with database.reading(ws) as conn:
        rewritten = int(conn.execute("SELECT COUNT(*) FROM dirty").fetchone()[0])
    return {
        "memories": done,
        "rewritten": rewritten,
        "wall_s": round(wall, 2),
        "cpu_s": round(cpu, 2),
        "per_s_cpu": round(done / cpu) if cpu else 0,
        "median_batch_ms": round(statistics.median(batches) * 1000, 1),
        "longest_batch_ms": round(max(batches) * 1000, 1),
    }


def main() -> None:
    n = int(os.environ.get("BENCH_SIZE", "10000"))
    reprofile.BATCH = int(os.environ.get("BENCH_BATCH", str(reprofile.BATCH)))
    out: dict[str, object] = {"size": n, "batch": reprofile.BATCH}
    for name, make in (("make_store", lambda ws: build(ws.root, n, NOW)), ("all_numbered", lambda ws: numbered(ws, n))):
        with tempfile.TemporaryDirectory() as tmp:
            ws = Workspace(Path(tmp))
            make(ws)
            make_stale(ws, old_style=True)
            out[name] = timed(ws)
            make_stale(ws, old_style=False)
            out[name + "_current"] = timed(ws)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
