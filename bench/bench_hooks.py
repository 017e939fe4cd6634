"""Time the hook entry points as whole processes at 1k/10k/100k memories against a bare interpreter.

`hooks/request_before.py` and `hooks/request_after.py` are started as `hooks/index.js` starts them
on its one-process fallback (`python hooks/<entry>.py`, the JSON payload on stdin) and are compared
with a bare `python -c pass` of the same interpreter, interleaved round by round. CPU time (user + sys, from each child's rusage) is the figure to read
on a shared machine; wall medians are kept too. Run by hand from a regular (non-editable) install
(`/tmp/v/bin/python bench/bench_hooks.py [--write]`); never asserted in tests. `--real` fills the
stores with real user sentences from LongMemEval instead of `make_store.py`'s small vocabulary.
Writes bench/results/hooks-<corpus>.json; `--write` also refreshes that corpus's table in the
hooks section of BENCHMARKS.md.
The fallback has no target beyond finishing within the hook's budget; the per-turn targets are the
worker's (bench/bench_worker.py).
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

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT)]
from make_store import build, make_payload

from hippocampus.store import index_file
from hippocampus.store.workspace import Workspace

RUNS = int(os.environ.get("BENCH_RUNS", "21"))
SIZES = [int(s) for s in os.environ.get("BENCH_SIZES", "1000,10000,100000").split(",")]
START, END = "<!-- hooks-bench:start -->", "<!-- hooks-bench:end -->"


def timed_together(cmds: dict[str, tuple[list[str], bytes]], env: dict[str, str]) -> dict[str, tuple[float, float]]:
    """(median wall s, median CPU s) of each command over RUNS rounds, interleaved so machine load hits
    all alike; CPU is user + sys of the child from its rusage."""
    for cmd, stdin in cmds.values():  # warm-up: page cache, .pyc files, the search cache
        subprocess.run(cmd, env=env, input=stdin, check=True, capture_output=True)
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in cmds}
    for _ in range(RUNS):
        for name, (cmd, stdin) in cmds.items():
            with tempfile.TemporaryFile() as feed, tempfile.TemporaryFile() as err:
                feed.write(stdin)
                feed.seek(0)
                start = time.perf_counter()
                proc = subprocess.Popen(cmd, env=env, stdin=feed, stdout=subprocess.DEVNULL, stderr=err)
                _, status, usage = os.wait4(proc.pid, 0)
                wall = time.perf_counter() - start
                proc.returncode = os.waitstatus_to_exitcode(status)
                err.seek(0)
                said = err.read()
            if proc.returncode or said:
                raise SystemExit(f"{name} exited {proc.returncode}: {said.decode()[:300]}")
            samples[name].append((wall, usage.ru_utime + usage.ru_stime))
    return {
        name: (statistics.median(w for w, _ in values), statistics.median(c for _, c in values))
        for name, values in samples.items()
    }


LONGMEMEVAL = Path(os.environ.get("BENCH_LONGMEMEVAL", "/work/shared/bench/longmemeval_s_dev72.json.gz"))


def real_sentences() -> list[str]:
    """Distinct user sentences from the LongMemEval haystacks: a real vocabulary, unlike make_store's."""
    import gzip
    import re

    seen: dict[str, None] = {}
    with gzip.open(LONGMEMEVAL, "rt", encoding="utf-8") as handle:
        for item in json.load(handle):
            for session in item["haystack_sessions"]:
                for message in session:
                    if message.get("role") == "user":
                        for sentence in re.split(r"(?<=[.!?])\s+", message["content"]):
                            if 30 <= len(sentence) <= 240:
                                seen.setdefault(sentence.strip(), None)
    return list(seen)


def build_real(workspace: Path, n: int) -> None:
    """A store of `n` memories whose texts are real user sentences (pairs of them past the distinct ones)."""
    from datetime import datetime, timezone

    from hippocampus.core.model import Index

    now = datetime(2026, 11, 1, tzinfo=timezone.utc)
    sentences = real_sentences()
    payload = make_payload(n, now)
    for i, memory in enumerate(payload["memories"]):  # type: ignore[attr-defined]
        k = len(sentences)
        text = sentences[i % k] if i < k else f"{sentences[i % k]} {sentences[(i * 7919) % k]}"
        memory["content"] = text
        memory["keywords"] = text.lower().split()[:4]
    ws = Workspace(workspace)
    index_file.write_whole(ws, Index.from_dict(payload), now)


def payloads(workspace: str) -> dict[str, bytes]:
    """What the bridge sends for one ordinary turn of a long-running conversation."""
    ctx = {
        "agentId": "main",
        "sessionKey": "agent:main:main",
        "sessionId": "c15abe43-15ad-4214-b054-4aa13102c9d7",
        "workspaceDir": workspace,
        "trigger": "user",
        "channel": "webchat",
        "runId": "run-1",
    }
    config = {"python": sys.executable, "packageDir": str(ROOT), "budgetChars": 1500}
    question = "Do you remember what my sister prefers for the Berlin trip? I prefer to book early."
    before = {
        "hook": "before_prompt_build",
        "workspace": workspace,
        "ctx": ctx,
        "config": config,
        "event": {"prompt": question, "currentUserMessage": question},
    }
    turn = [
        {"role": "user", "content": [{"type": "text", "text": question}], "timestamp": 1795951220443},
        {
            "role": "assistant",
            "content": [{"type": "text", "text": "Your sister prefers green tea. " * 20}],
            "timestamp": 1795951221443,
        },
    ]
    after = {
        "hook": "agent_end",
        "workspace": workspace,
        "ctx": ctx,
        "config": config,
        "event": {"messages": turn, "success": True, "runId": "run-1"},
    }
    return {"request_before": json.dumps(before).encode(), "request_after": json.dumps(after).encode()}


def prepare() -> None:
    """Byte-compile the package as `pip install` does for users."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    import compileall

    import hippocampus

    compileall.compile_dir(str(Path(hippocampus.__file__).parent), quiet=1)


def table(results: list[dict[str, float]]) -> str:
    """The Markdown table for BENCHMARKS.md: CPU medians, and their ratio to a bare start."""
    lines = [
        f"CPU time (user + sys) medians; each size interleaves {RUNS} rounds of bare, "
        f"request_before, request_after; the hooks started as hooks/index.js's fallback does; "
        f"Python {platform.python_version()}, {os.cpu_count()} CPUs, {platform.machine()}, "
        f"load {min(r['load'] for r in results):.1f}–{max(r['load'] for r in results):.1f}.",
        "",
        "| memories | bare | request_before | × bare | request_after | × bare |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for row in results:
        cells = [
            f"{int(row['memories']):,}",
            f"{row['bare_cpu_s'] * 1000:.1f} ms",
        ]
        for name in ("request_before", "request_after"):
            cells += [
                f"{row[f'{name}_cpu_s'] * 1000:.1f} ms",
                f"{row[f'{name}_cpu_s'] / row['bare_cpu_s']:.2f}×",
            ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def write_section(text: str, corpus: str) -> None:
    """Replace this corpus's generated block in the hooks section of BENCHMARKS.md (created if absent)."""
    path = ROOT / "BENCHMARKS.md"
    current = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    start, end = START.replace("start", f"{corpus}:start"), END.replace("end", f"{corpus}:end")
    block = f"{start}\n{text}\n{end}"
    if start in current and end in current:
        head, rest = current.split(start, 1)
        current = head + block + rest.split(end, 1)[1]
    else:
        current = current.rstrip("\n") + f"\n\n## Hook latency (bench/bench_hooks.py)\n\n{block}\n"
    path.write_text(current, encoding="utf-8")


def main() -> None:
    prepare()
    results: list[dict[str, float]] = []
    corpus = "longmemeval" if "--real" in sys.argv else "make_store"
    for n in SIZES:
        with tempfile.TemporaryDirectory() as tmp:
            if corpus == "longmemeval":
                build_real(Path(tmp), n)
            else:
                build(Path(tmp), n)
            env = {**os.environ, "HIPPOCAMPUS_NOW": "2026-11-01T00:00:00Z", "HIPPOCAMPUS_PACKAGE_DIR": str(ROOT)}
            cmds = {"bare": ([sys.executable, "-c", "pass"], b"")}
            for name, stdin in payloads(tmp).items():
                cmds[name] = ([sys.executable, str(ROOT / "hooks" / f"{name}.py")], stdin)
            load = os.getloadavg()[0]
            times = timed_together(cmds, env)
            row: dict[str, float] = {"memories": n, "load": load}
            for name, (wall, cpu) in times.items():
                row[f"{name}_s"], row[f"{name}_cpu_s"] = wall, cpu
            for name in ("request_before", "request_after"):
                row[f"{name}_ratio"] = times[name][1] / times["bare"][1]
            print(
                f"{n:>7} memories  bare {times['bare'][1] * 1000:.1f} ms CPU"
                + "".join(
                    f"; {name} {times[name][1] * 1000:.1f} ms ({row[f'{name}_ratio']:.2f}x)"
                    for name in ("request_before", "request_after")
                )
            )
            results.append(row)
    out = HERE / "results"
    out.mkdir(exist_ok=True)
    (out / f"hooks-{corpus}.json").write_text(json.dumps(results, indent=2))
    text = f"Store texts: `{corpus}`. " + table(results)
    print(text)
    if "--write" in sys.argv:
        write_section(text, corpus)


if __name__ == "__main__":
    main()
