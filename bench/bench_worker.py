"""Time request_before / request_after round trips through a warm `hippocampus serve --stdio` worker.

One real worker process per store size (1k/10k/100k, `make_store.py` texts, or `--real` for LongMemEval
sentences), the same payloads `bench_hooks.py` sends, written as JSON lines to its stdin exactly as
`hooks/index.js` does; each sample is the wall time from writing the request line to reading its
response. Also reported: a bare `python -c pass` start in the same run (for the ratio the other
benches use) and the worker's resident memory (VmRSS, VmHWM) after the run. Run by hand
(`.venv/bin/python bench/bench_worker.py [--real] [--semantic]`); never asserted in tests. Writes
bench/results/worker-<corpus>[-semantic].json. Without `--semantic` the store's settings say
`semantic: off` (lexical recall, as before issue 11's semantic part); with it every memory gets a vector
under the real local model's name (random unit vectors: the similarity costs one matrix product whatever
the values, and embedding 100k memories for real takes hours here), the first turn starts the model
load and the run waits for it, so every timed request_before embeds its query with the real model and
fuses. Targets (issue 23): request_before p95 ≤ 50 ms at 10k and ≤ 150 ms at 100k; request_after
p95 ≤ 20 ms; worker RSS with the model loaded ≤ 300 MB.

`--lifecycle` (issue 23): on a 10k store (`BENCH_SIZES`) whose memories have vectors (random, as above)
and one that only meaning finds, registers the plugin in a new Node process as a Gateway does and times
its first `before_prompt_build` for a paraphrase, at once (the worker's start and the model's load
included) and 3 s later (the worker settled, as when a Gateway's first turn comes); reads the worker's
VmRSS with the model loaded; and times the cold fallback (`python hooks/request_before.py` with the whole
3000 ms budget, loading the model itself). Writes bench/results/worker-lifecycle.json.

Each round's question is the bench question with the round's number appended ("… book early. (17)"):
the worker keeps a repeated question's vector and candidates (`embedder.QUERY_CACHE`, `store.warm`), so
the same text every round would time those caches, not recall. The number is a word no memory has, so
the lexical work is the same each round and the embedding sees a new text. `--repeat` sends the same
text every round (what a retried turn costs). Also reported: the first request_before after another
process wrote to the store (`after_write_ms`: the worker's caches start again).
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT)]
from bench_hooks import build_real, payloads, prepare
from make_store import build

RUNS = int(os.environ.get("BENCH_RUNS", "101"))
SIZES = [int(s) for s in os.environ.get("BENCH_SIZES", "1000,10000,100000").split(",")]


def rss_kb(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM (peak) of `pid`, in kB."""
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0])
    return out


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of `pid` so far (from /proc/PID/stat), in seconds: the load-independent
    cost of a call, which wall time on a shared machine is not."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def bare_start() -> float:
    samples = []
    for _ in range(11):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def add_vectors(workspace: str) -> None:
    """A random unit vector per memory under the real local model's name (see the module docstring)."""
    import numpy as np

    from hippocampus.core.config import Config
    from hippocampus.semantic import embedder
    from hippocampus.store import database
    from hippocampus.store.workspace import Workspace

    name, why = embedder.choice(Config())
    if name is None:
        raise SystemExit(f"--semantic needs the local model: {why}")
    ws = Workspace(Path(workspace))
    rng = np.random.default_rng(7)
    with database.writing(ws) as conn:
        rows = conn.execute("SELECT rid, norm FROM mem").fetchall()
        for start in range(0, len(rows), 5000):
            chunk = rows[start : start + 5000]
            block = rng.standard_normal((len(chunk), 384)).astype(np.float32)
            block /= np.linalg.norm(block, axis=1, keepdims=True)
            conn.executemany(
                "INSERT OR REPLACE INTO vec(rid, model, norm, v) VALUES (?, ?, ?, ?)",
                [(rid, name, norm, block[i].tobytes()) for i, (rid, norm) in enumerate(chunk)],
            )


def timed_after_write(proc: subprocess.Popen[str], workspace: str, body: dict[str, Any]) -> float:
    """Median wall ms of request_before right after this process committed a write to the store (a
    meta value rewritten: what the worker's caches are keyed on changes), each with a new question."""
    from hippocampus.store import database
    from hippocampus.store.workspace import Workspace

    assert proc.stdin and proc.stdout
    samples = []
    for i in range(5):
        with database.writing(Workspace(Path(workspace))) as conn:
            conn.execute("UPDATE meta SET value = value WHERE key = 'lastUpdated'")
        asked = f"{body['event']['prompt']} (after write {i})"  # type: ignore[index]
        line = {"id": f"after-write-{i}", "hook": "request_before", "payload": {**body, "event": {"prompt": asked}}}
        start = time.perf_counter()
        proc.stdin.write(json.dumps(line) + "\n")
        proc.stdin.flush()
        proc.stdout.readline()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def spawn_worker(env: dict[str, str], cwd: str | None = None) -> subprocess.Popen[str]:
    """A warm worker (`hippocampus serve --stdio`), one request a line in and one answer a line out."""
    return subprocess.Popen(
        [sys.executable, "-m", "hippocampus", "serve", "--stdio"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
        text=True,
        bufsize=1,
        cwd=cwd,
    )


def measure(workspace: str, env: dict[str, str], semantic: bool = False, repeat: bool = False) -> dict[str, float]:
    """p50/p90 of each hook's round trip through one worker, and its memory after the run."""
    proc = spawn_worker(env)
    assert proc.stdin and proc.stdout
    ready = json.loads(proc.stdout.readline())
    assert ready.get("ready"), ready
    bodies = {name: json.loads(raw) for name, raw in payloads(workspace).items()}
    samples: dict[str, list[float]] = {name: [] for name in bodies}
    cpu: dict[str, list[float]] = {name: [] for name in bodies}
    rid = 0
    if semantic:  # the first turn waits for the model's load (its default budget is 30 s): not timed
        proc.stdin.write(
            json.dumps({"id": "warm", "hook": "request_before", "payload": bodies["request_before"]}) + "\n"
        )
        proc.stdin.flush()
        proc.stdout.readline()
    question = bodies["request_before"]["event"]["prompt"]
    for round_ in range(RUNS + 3):  # three warm-up rounds (page cache, first compiles)
        if not repeat:
            asked = f"{question} ({round_})"
            bodies["request_before"]["event"] = {"prompt": asked, "currentUserMessage": asked}
        for name, body in bodies.items():
            rid += 1
            line = json.dumps({"id": rid, "hook": name, "payload": body, "timeout_ms": 30000})
            start, used = time.perf_counter(), cpu_seconds(proc.pid)
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())
            took = time.perf_counter() - start
            spent = cpu_seconds(proc.pid) - used
            if not answer.get("ok") or answer.get("stderr"):
                raise SystemExit(f"{name}: {answer}")
            if round_ >= 3:
                samples[name].append(took)
                cpu[name].append(spent)
    memory = rss_kb(proc.pid)
    after_write = timed_after_write(proc, workspace, {**bodies["request_before"], "event": {"prompt": question}})
    proc.stdin.close()
    proc.wait(timeout=60)
    row: dict[str, float] = {"rss_mb": memory["VmRSS"] / 1024, "peak_rss_mb": memory["VmHWM"] / 1024}
    row["after_write_ms"] = after_write
    for name, values in samples.items():
        values.sort()
        row[f"{name}_p50_ms"] = statistics.median(values) * 1000
        row[f"{name}_p90_ms"] = values[int(len(values) * 0.9)] * 1000
        row[f"{name}_p95_ms"] = values[min(len(values) - 1, int(len(values) * 0.95))] * 1000
        row[f"{name}_cpu_mean_ms"] = statistics.mean(cpu[name]) * 1000  # clock ticks: the mean, not a p50
    return row


LIFECYCLE_ROUNDS = int(os.environ.get("BENCH_LIFECYCLE_ROUNDS", "7"))
ANSWER = "I just adopted a beagle named Biscuit"
PARAPHRASE = "What is my dog called?"
FIRST_TURN = """
import plugin, { WORKERS } from INDEX;
const handlers = {};
const api = {
  pluginConfig: JSON.parse(process.env.CFG), config: {}, registrationMode: "full",
  runtime: { config: { current: () => ({}) }, agent: { resolveAgentWorkspaceDir: () => process.env.WS } },
  on: (name, handler) => { handlers[name] = handler; },
};
const ctx = { agentId: "main", sessionKey: "agent:main:main", sessionId: "s1", workspaceDir: process.env.WS, trigger: "user" };
const started = performance.now();
plugin.register(api);  // as a Gateway loads the plugin: the worker starts and loads its model
if (process.env.SETTLE_MS) await new Promise((r) => setTimeout(r, Number(process.env.SETTLE_MS)));
const asked = performance.now();
const result = await handlers.before_prompt_build({ prompt: process.env.QUESTION }, ctx);
const done = performance.now();
const worker = [...WORKERS.values()][0];
console.log(JSON.stringify({ ms: done - asked, since_register_ms: done - started, block: result?.prependContext ?? "",
  pid: worker.child.pid, served: worker.state }));
process.stdin.once("data", () => process.exit(0));  // the bench reads the worker's memory first
"""


def lifecycle_store(workspace: Path, n: int) -> None:
    """`n` make_store memories with random vectors (add_vectors) and ANSWER with its real vector, out of
    core: only recall by meaning brings it to PARAPHRASE, which shares no word with it."""
    from datetime import datetime, timezone

    from hippocampus import memories
    from hippocampus.core.config import Config
    from hippocampus.semantic import embedding, search
    from hippocampus.store import database
    from hippocampus.store.workspace import Workspace

    build(workspace, n)
    add_vectors(str(workspace))
    ws = Workspace(workspace)
    made = memories.remember(ws, datetime(2026, 10, 30, tzinfo=timezone.utc), Config(), ANSWER)
    with database.writing(ws) as conn:
        conn.execute("UPDATE mem SET anchor = 0.4 WHERE id = ?", (made.id,))
    search.allow(wait=True)
    embedding.catch_up(ws, Config())


def first_turn(workspace: Path, env: dict[str, str], settle_ms: int, root: Path = ROOT) -> dict[str, Any]:
    """One plugin registration in a new Node process and its first before_prompt_build, `settle_ms` after
    (0: at once, the model load included); the worker's memory read while it still runs. `root`: the tree
    whose plugin and package run (bench_worker_ab.py passes another)."""
    script = FIRST_TURN.replace("INDEX", json.dumps((root / "hooks" / "index.js").as_uri()))
    config = {"python": sys.executable, "packageDir": str(root)}
    node_env = {**env, "CFG": json.dumps(config), "WS": str(workspace), "QUESTION": PARAPHRASE}
    if settle_ms:
        node_env["SETTLE_MS"] = str(settle_ms)
    proc = subprocess.Popen(
        ["node", "--input-type=module", "-e", script],
        env=node_env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin and proc.stdout
    row = dict(json.loads(proc.stdout.readline()))
    row["rss_mb"] = rss_kb(row["pid"])["VmRSS"] / 1024
    row["semantic_match"] = ANSWER in row.pop("block")
    proc.stdin.write("done\n")
    proc.stdin.flush()
    proc.wait(timeout=60)
    return row


def cold_before(
    workspace: Path, env: dict[str, str], budget_ms: int = 3000, root: Path = ROOT
) -> tuple[float, float, bool]:
    """hooks/request_before.py as the bridge's fallback starts it, with the whole before budget:
    (wall ms, CPU ms of the process, whether the block holds ANSWER)."""
    body = json.loads(payloads(str(workspace))["request_before"])
    body["event"] = {"prompt": PARAPHRASE}
    body["deadline"] = time.time() * 1000 + budget_ms
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, str(root / "hooks" / "request_before.py")],
        input=json.dumps(body),
        capture_output=True,
        text=True,
        env={**env, "HIPPOCAMPUS_PACKAGE_DIR": str(root)},
        check=True,
    )
    took = (time.perf_counter() - start) * 1000
    after = os.times()
    cpu = (after.children_user - before.children_user + after.children_system - before.children_system) * 1000
    return took, cpu, ANSWER in done.stdout


def lifecycle(sizes: list[int]) -> None:
    """`--lifecycle`: the first turn after the plugin loads (at once, and after the worker settled), the
    worker's memory with the model loaded, and the cold fallback's request_before with the model loaded."""
    path = (
        subprocess.run(
            ["bash", str(ROOT / "scripts" / "ensure-openclaw.sh")], capture_output=True, text=True, check=True
        )
        .stdout.strip()
        .splitlines()[-1]
    )
    env = {**os.environ, "HIPPOCAMPUS_NOW": "2026-11-01T00:00:00Z", "PYTHONPATH": str(ROOT)}
    env["PATH"] = f"{path}:{env.get('PATH', '')}"
    results: dict[str, Any] = {"bare_s": bare_start(), "rows": []}
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            lifecycle_store(Path(tmp), n)
            rounds: dict[str, list[Any]] = {"at_once": [], "settled": [], "cold": []}
            for _ in range(LIFECYCLE_ROUNDS):  # interleaved, so load changes hit every measure alike
                rounds["at_once"].append(first_turn(Path(tmp), env, 0))
                rounds["settled"].append(first_turn(Path(tmp), env, 3000))
                rounds["cold"].append(cold_before(Path(tmp), env))
            row: dict[str, Any] = {"memories": n}
            for key in ("at_once", "settled"):
                runs = rounds[key]
                row[f"first_turn_{key}_ms"] = statistics.median(r["ms"] for r in runs)
                row[f"first_turn_{key}_max_ms"] = max(r["ms"] for r in runs)
                row[f"first_turn_{key}_semantic"] = sum(r["semantic_match"] for r in runs)
                row[f"rss_{key}_mb"] = statistics.median(r["rss_mb"] for r in runs)
            row["cold_before_ms"] = statistics.median(c[0] for c in rounds["cold"])
            row["cold_before_cpu_ms"] = statistics.median(c[1] for c in rounds["cold"])
            row["cold_before_semantic"] = sum(c[2] for c in rounds["cold"])
            row["rounds"] = LIFECYCLE_ROUNDS
            results["rows"].append(row)
            print(json.dumps(row))
    load = os.getloadavg()
    print(f"bare python -c pass: {results['bare_s'] * 1000:.1f} ms; load average {load[0]:.2f}")
    results["load_average"] = load
    out = HERE / "results"
    out.mkdir(exist_ok=True)
    (out / "worker-lifecycle.json").write_text(json.dumps(results, indent=2))


def main() -> None:
    prepare()
    if "--lifecycle" in sys.argv:
        lifecycle([int(s) for s in os.environ.get("BENCH_SIZES", "10000").split(",")])
        return
    corpus = "longmemeval" if "--real" in sys.argv else "make_store"
    semantic = "--semantic" in sys.argv
    repeat = "--repeat" in sys.argv
    bare = bare_start()
    rows = []
    for n in SIZES:
        with tempfile.TemporaryDirectory() as tmp:
            (build_real if corpus == "longmemeval" else build)(Path(tmp), n)
            if semantic:
                add_vectors(tmp)
            else:
                (Path(tmp) / "memory" / "hippocampus.yaml").write_text("semantic: off\n")
            env = {**os.environ, "HIPPOCAMPUS_NOW": "2026-11-01T00:00:00Z", "PYTHONPATH": str(ROOT)}
            row = {"memories": n, **measure(tmp, env, semantic, repeat)}
            rows.append(row)
            print(
                f"{n:>7} memories  request_before p50 {row['request_before_p50_ms']:6.1f} ms "
                f"(p95 {row['request_before_p95_ms']:6.1f})  request_after p50 {row['request_after_p50_ms']:5.1f} ms "
                f"(p95 {row['request_after_p95_ms']:5.1f})  CPU per request_before {row['request_before_cpu_mean_ms']:.1f} ms"
                f"  RSS {row['rss_mb']:.0f} MB (peak {row['peak_rss_mb']:.0f})  after a write {row['after_write_ms']:.1f} ms"
            )
    load = os.getloadavg()
    print(
        f"bare python -c pass: {bare * 1000:.1f} ms; load average {load[0]:.2f}; Python {platform.python_version()}, {os.cpu_count()} CPUs"
    )
    out = HERE / "results"
    out.mkdir(exist_ok=True)
    name = f"worker-{corpus}{'-semantic' if semantic else ''}{'-repeat' if repeat else ''}.json"
    (out / name).write_text(json.dumps({"bare_s": bare, "load_average": load, "rows": rows}, indent=2))


if __name__ == "__main__":
    main()
