"""Whether a session end's cost grows with the history already processed: many rounds on one store.

One store built by `make_store.build` (BENCH_SIZE memories, default 100k, or the store at
BENCH_STORE copied), then BENCH_ROUNDS rounds (default 8) of: 200 signals queued (`scale.queue_signals`),
`hooks/session_end.py`, `hippocampus consolidate`, each a whole process timed by its CPU (user + sys)
against a bare `python -c pass` in the same round. If work grew with what earlier rounds encoded
(queue rows, superseded memories, events, look-alikes from earlier rounds), the later rounds would
cost more. Run by hand: `.venv/bin/python bench/session_rounds.py`; writes
bench/results/session_rounds.json. Never asserted in tests.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]
from make_store import build
from scale import NOW, ROOT, queue_signals, run, session_end_payload

SIZE = int(os.environ.get("BENCH_SIZE", "100000"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "8"))


def main() -> None:
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        workspace = Path(tmp) / "ws"
        source = os.environ.get("BENCH_STORE")
        if source:
            shutil.copytree(source, workspace)
        else:
            build(workspace, SIZE)
        env = {**os.environ, "WORKSPACE": str(workspace), "HIPPOCAMPUS_NOW": (NOW + timedelta(days=1)).isoformat()}
        end = session_end_payload(workspace)
        run([py, "-m", "hippocampus", "consolidate"], b"", env)  # the first consolidation, not timed here
        rounds = []
        for round_no in range(ROUNDS):
            bare = run([py, "-c", "pass"], b"", env)[2]
            queue_signals(workspace, round_no)
            session_end = run([py, str(ROOT / "hooks" / "session_end.py")], end, env)[2]
            consolidate = run([py, "-m", "hippocampus", "consolidate"], b"", env)[2]
            row = {
                "round": round_no,
                "bare_cpu_ms": round(bare * 1000, 1),
                "session_end_cpu_ms": round(session_end * 1000, 1),
                "session_end_x_bare": round(session_end / bare, 1),
                "consolidate_cpu_ms": round(consolidate * 1000, 1),
                "consolidate_x_bare": round(consolidate / bare, 1),
            }
            rounds.append(row)
            print(json.dumps(row), flush=True)
    out = HERE / "results" / "session_rounds.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"memories": SIZE, "load": os.getloadavg(), "rounds": rounds}, indent=1) + "\n")


if __name__ == "__main__":
    main()
