"""Reflection on a 10k store, and the daily decay with archiving on a 100k store (issue 26).

Whole processes, as cron runs them, against a bare `python -c pass` of the same interpreter; CPU time
(user + sys, from each child's rusage) is the figure to trust on a shared machine. The model is a
scripted OpenAI-compatible server on 127.0.0.1 in this process (tests/fake_endpoint.py), so the
child's CPU is reflection's own: the prompts, three recalls, the checks and the writes, never the
model. Recall is lexical (`semantic: off`): the store has no vectors, and an embedding model's load
would be measured instead. Run by hand: `.venv/bin/python bench/reflection.py` (BENCH_ROUNDS=5,
BENCH_DECAY_SIZE=100000); writes bench/results/reflection.json. Never asserted in tests.
"""

from __future__ import annotations

import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT), str(ROOT / "tests")]
from fake_endpoint import fake_endpoint
from make_store import build

from hippocampus.llm.reflection import QUESTIONS_PROMPT

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
DECAY_SIZE = int(os.environ.get("BENCH_DECAY_SIZE", "100000"))
NOW = datetime(2026, 11, 2, tzinfo=timezone.utc)
QUESTIONS = ["What does my sister prefer?", "How is the Falcon project going?", "What worries my manager?"]


def reply(body: Any) -> Any:
    """The scripted model: three questions, or two insights citing the first ids it was shown."""
    system, user = body["messages"][0]["content"], body["messages"][-1]["content"]
    if system == QUESTIONS_PROMPT:
        answer = json.dumps(QUESTIONS)
    else:
        shown = re.findall(r"\((mem_[0-9A-Za-z_]+)\)", user)
        question = user.split("\n", 1)[0].removeprefix("Question: ")
        answer = json.dumps(
            [
                {"insight": f"A pattern behind {question} across several notes", "evidence": shown[:3]},
                {"insight": f"A second thread on {question} from older notes", "evidence": shown[3:5]},
            ]
        )
    return {"choices": [{"message": {"content": answer}}]}


def cpu_of(cmd: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """(CPU seconds, wall seconds, stdout) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{cmd} failed: {done.stderr[-800:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall, done.stdout


def store(tmp: Path, size: int) -> tuple[Path, dict[str, str]]:
    workspace = tmp / f"ws{size}"
    build(workspace, size)
    (workspace / "memory" / "hippocampus.yaml").write_text("semantic: off\n", encoding="utf-8")
    env = {**os.environ, "WORKSPACE": str(workspace), "HIPPOCAMPUS_NOW": (NOW + timedelta(days=1)).isoformat()}
    return workspace, env


def reflection(tmp: Path) -> dict[str, Any]:
    _, env = store(tmp, 10_000)
    cli = [sys.executable, "-m", "hippocampus"]
    bare, runs, insights = [], [], []
    with fake_endpoint(reply) as url:
        env = {**env, "HIPPOCAMPUS_LLM_URL": url, "HIPPOCAMPUS_LLM_MODEL": "scripted"}
        for _ in range(ROUNDS):
            bare.append(cpu_of([sys.executable, "-c", "pass"], env)[0])
            cpu, wall, out = cpu_of([*cli, "reflect", "--force", "--json"], env)
            runs.append((cpu, wall))
            insights.append(len(json.loads(out)["insights"]))
    result = {
        "bareCpu": statistics.median(bare),
        "reflectCpu": statistics.median(c for c, _ in runs),
        "reflectWall": statistics.median(w for _, w in runs),
        "insightsPerRun": insights,
    }
    print(json.dumps(result))
    return result


def decay(tmp: Path) -> dict[str, Any]:
    workspace, env = store(tmp, DECAY_SIZE)
    cli = [sys.executable, "-m", "hippocampus"]
    bare = [cpu_of([sys.executable, "-c", "pass"], env)[0] for _ in range(ROUNDS)]
    listing = [cpu_of([*cli, "decay", "--json"], env)[:2] for _ in range(ROUNDS)]
    cpu, wall, out = cpu_of([*cli, "decay", "--archive", "--json"], env)
    archived = len(json.loads(out)["archived"])
    steady = [cpu_of([*cli, "decay", "--archive", "--json"], env)[:2] for _ in range(ROUNDS)]
    result = {
        "size": DECAY_SIZE,
        "bareCpu": statistics.median(bare),
        "decayCpu": statistics.median(c for c, _ in listing),
        "firstArchiveCpu": cpu,
        "firstArchiveWall": wall,
        "archived": archived,
        "archiveMdBytes": (workspace / "memory" / "archive.md").stat().st_size,
        "steadyArchiveCpu": statistics.median(c for c, _ in steady),
    }
    print(json.dumps(result))
    return result


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        results = {"reflection10k": reflection(Path(tmp)), "decay": decay(Path(tmp))}
    out = HERE / "results" / "reflection.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
