"""What reaches the model (issue 25): the injected block's relevant part, through the real warm worker.

Two measures, both sides at once, every question sent as a `request_before` to `hippocampus serve
--stdio` exactly as `hooks/index.js` sends it, what the block held read back from the injection record
(`memory/injections.jsonl`: ids and sections) and mapped to source sessions through provenance:

- **The mixed store** (`--mixed DIR`, built once and reused): the haystacks of the first `--haystacks`
  LongMemEval dev72 questions (their sessions moved to end on 2026-04-30, spacing kept) and the 40
  sessions of `bench/fixtures/evidence2.json` (the second dev set, written for this project), all through
  `hippocampus ingest` then `hippocampus embed`: over 1,000 real-ish memories. Asked: the fixture's 60
  questions about nothing stored (relevant memories injected per turn; target ≤ 0.5) and its 40
  questions about stored facts (does the relevant part hold the fact's session?).
- **dev72** (`--lme DIR`: the stores `bench_longmemeval.py --stores DIR` kept): each question against its
  own store (one worker per store, `HIPPOCAMPUS_NOW` the question's date): does the relevant part hold an
  evidence session? Beside it, recall@5 through the CLI's `recall` (`--recall`), so the share of the
  questions recall@5 answers that the block also answers can be read (target ≥ 90%).
- **Nothing stored, small stores** (`--noise-stores N`, with `--lme`): the fixture's 60 questions about
  nothing stored asked of N dev72 stores (about 200 memories each, spread over the list), so the noise
  side is measured at the size the evidence side is measured at, not only on the 1,000-memory store.

Also the block's size in tokens (`views.context.estimate_tokens` when present, else characters / 4).
Run by hand, under `nice`: `.venv/bin/python bench/evidence_block.py --mixed /tmp/mixed --lme /tmp/lme
[--tag T]`; writes bench/results/evidence_block<tag>.json. Never asserted in tests.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT)]
from bench_longmemeval import DATA, parse_date

FIXTURE = HERE / "fixtures" / "evidence2.json"
MIXED_NOW = "2026-05-01T12:00:00+00:00"
CLI = [sys.executable, "-m", "hippocampus"]


def tokens(block: str) -> int:
    """The block's size in tokens by the product's rule when it has one, else characters / 4."""
    try:
        from hippocampus.views.context import estimate_tokens  # type: ignore[attr-defined]
    except ImportError:
        return (len(block) + 3) // 4
    return int(estimate_tokens(block))


class Worker:
    """One `hippocampus serve --stdio` at a fixed "now"."""

    def __init__(self, now: str) -> None:
        env = {**os.environ, "HIPPOCAMPUS_NOW": now, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            [*CLI, "serve", "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True, bufsize=1
        )
        assert self.proc.stdout is not None
        ready = json.loads(self.proc.stdout.readline())
        assert ready.get("ready"), ready
        self.n = 0

    def ask(self, workspace: str, question: str, budget_chars: int | None = None) -> tuple[str, list[dict[str, Any]]]:
        """The block before a turn asking `question`, and the memories its record says it held."""
        assert self.proc.stdin and self.proc.stdout
        record = Path(workspace) / "memory" / "injections.jsonl"
        before = record.stat().st_size if record.exists() else 0
        config: dict[str, Any] = {"python": sys.executable, "packageDir": str(ROOT)}
        if budget_chars is not None:
            config["budgetChars"] = budget_chars
        self.n += 1
        payload = {
            "hook": "before_prompt_build",
            "workspace": workspace,
            "ctx": {"agentId": "main", "sessionKey": "agent:main:main", "sessionId": "bench", "trigger": "user"},
            "config": config,
            "event": {"prompt": question, "currentUserMessage": question},
        }
        line = {"id": self.n, "hook": "request_before", "payload": payload, "timeout_ms": 60000}
        self.proc.stdin.write(json.dumps(line) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        if not answer.get("ok"):
            raise SystemExit(f"worker: {answer}")
        block = str(answer.get("stdout") or "").strip()  # what hooks/index.js prepends
        held: list[dict[str, Any]] = []
        if record.exists() and record.stat().st_size > before:
            with open(record, "rb") as handle:
                handle.seek(before)
                for raw in handle.read().splitlines():
                    held += json.loads(raw)["memories"]
        return block, held

    def close(self) -> None:
        assert self.proc.stdin
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def sessions_of(workspace: str, ids: list[str]) -> dict[str, set[str]]:
    """memory id → the sessions its sources came from."""
    if not ids:
        return {}
    conn = sqlite3.connect(f"file:{Path(workspace) / 'memory' / 'hippocampus.db'}?mode=ro", uri=True)
    try:
        marks = ",".join("?" * len(ids))
        rows = conn.execute(f"SELECT id, json_extract(json, '$.sources') FROM mem WHERE id IN ({marks})", ids)
        return {i: {str(s.get("session")) for s in json.loads(src or "[]")} for i, src in rows}
    finally:
        conn.close()


_peek: list[bool] = []


def _can_peek() -> bool:
    """Whether this `hippocampus recall` has `--peek` (the code before issue 25 neither has it nor writes)."""
    if not _peek:
        helped = subprocess.run([*CLI, "recall", "--help"], capture_output=True, text=True)
        _peek.append("--peek" in helped.stdout)
    return _peek[0]


def recall_top(workspace: str, now: str, question: str, k: int = 5) -> list[str]:
    """Distinct source sessions of `hippocampus recall -k 20`, best first (as bench_longmemeval reads them)."""
    env = {**os.environ, "WORKSPACE": workspace, "HIPPOCAMPUS_NOW": now}
    peek = ["--peek"] if _can_peek() else []  # recall marks what it returns as used (issue 25): not here
    res = subprocess.run(
        [*CLI, "recall", question, "-k", "20", "--json", *peek], env=env, capture_output=True, text=True
    )
    ranked: list[str] = []
    for mem in json.loads(res.stdout or "[]"):
        for src in mem["sources"]:
            if src["session"] not in ranked:
                ranked.append(src["session"])
    return ranked[:k]


def build_mixed(folder: Path, haystacks: int) -> str:
    """The mixed store (see the module docstring), built once: returns its workspace."""
    ws = folder / "ws"
    if (ws / "memory" / ".ingested").exists():
        return str(ws)
    (ws / "memory").mkdir(parents=True, exist_ok=True)
    with gzip.open(DATA, "rt", encoding="utf-8") as handle:
        items = json.load(handle)[:haystacks]
    end = datetime(2026, 4, 30, 12, tzinfo=timezone.utc)
    chat = folder / "chat.jsonl"
    with open(chat, "w", encoding="utf-8") as out:
        for item in items:
            dates = [datetime.fromisoformat(parse_date(d)) for d in item["haystack_dates"]]
            shift = end - max(dates)
            for sid, when, session in zip(item["haystack_session_ids"], dates, item["haystack_sessions"], strict=True):
                for i, turn in enumerate(session):
                    stamp = (when + shift + timedelta(seconds=i)).isoformat()
                    row = {"session": sid, "id": f"{sid}:{i}", "role": turn["role"], "text": turn["content"]}
                    out.write(json.dumps({**row, "timestamp": stamp}) + "\n")
        for s in json.loads(FIXTURE.read_text(encoding="utf-8"))["sessions"]:
            for i, role in enumerate(("user", "assistant")):
                out.write(
                    json.dumps(
                        {
                            "session": s["id"],
                            "id": f"{s['id']}:{i}",
                            "role": role,
                            "text": s[role],
                            "timestamp": s["date"],
                        }
                    )
                    + "\n"
                )
    env = {**os.environ, "WORKSPACE": str(ws), "HIPPOCAMPUS_NOW": MIXED_NOW}
    subprocess.run([*CLI, "ingest", str(chat), "--json"], env=env, check=True, capture_output=True)
    subprocess.run([*CLI, "embed", "--json"], env=env, check=True, capture_output=True)
    (ws / "memory" / ".ingested").write_text("")
    return str(ws)


def relevant_ids(held: list[dict[str, Any]]) -> list[str]:
    return [m["id"] for m in held if m.get("section") == "relevant"]


def mixed(folder: Path, haystacks: int, with_recall: bool) -> dict[str, Any]:
    ws = build_mixed(folder, haystacks)
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    conn = sqlite3.connect(f"file:{Path(ws) / 'memory' / 'hippocampus.db'}?mode=ro", uri=True)
    size = conn.execute("SELECT COUNT(*) FROM mem").fetchone()[0]
    conn.close()
    worker = Worker(MIXED_NOW)
    worker.ask(ws, "warm up: the model loads")
    noise, facts = [], []
    for q in data["unrelated"]:
        block, held = worker.ask(ws, q)
        rel = relevant_ids(held)
        noise.append({"question": q, "relevant": len(rel), "core": len(held) - len(rel), "tokens": tokens(block)})
    for q in data["questions"]:
        block, held = worker.ask(ws, q["question"])
        rel = relevant_ids(held)
        found = sessions_of(ws, rel)
        row = {
            "question": q["question"],
            "relevant": len(rel),
            "in_block": any(q["session"] in s for s in found.values()),
            "tokens": tokens(block),
        }
        if with_recall:
            row["recall5"] = q["session"] in recall_top(ws, MIXED_NOW, q["question"])
        facts.append(row)
    worker.close()
    return {"memories": size, "noise": noise, "facts": facts}


def dev72(folder: Path, limit: int, with_recall: bool) -> list[dict[str, Any]]:
    with gzip.open(DATA, "rt", encoding="utf-8") as handle:
        items = json.load(handle)
    rows = []
    for item in items[: limit or None]:
        ws = folder / item["question_id"] / "ws"
        if not (ws / "memory" / ".ingested").exists():
            continue
        now = parse_date(item["question_date"])
        worker = Worker(now)
        block, held = worker.ask(str(ws), item["question"])
        worker.close()
        rel = relevant_ids(held)
        found = sessions_of(str(ws), rel)
        gold = set(item["answer_session_ids"])
        row = {
            "id": item["question_id"],
            "type": item["question_type"],
            "relevant": len(rel),
            "in_block": any(gold & s for s in found.values()),
            "tokens": tokens(block),
        }
        if with_recall:
            row["recall5"] = bool(gold & set(recall_top(str(ws), now, item["question"])))
        rows.append(row)
        print(json.dumps(row), file=sys.stderr)
    return rows


def small_noise(folder: Path, stores: int) -> list[dict[str, Any]]:
    """The 60 questions about nothing stored, asked of `stores` dev72 stores spread over the list."""
    with gzip.open(DATA, "rt", encoding="utf-8") as handle:
        items = [i for i in json.load(handle) if (folder / i["question_id"] / "ws" / "memory" / ".ingested").exists()]
    unrelated = json.loads(FIXTURE.read_text(encoding="utf-8"))["unrelated"]
    rows = []
    for item in items[:: max(1, len(items) // stores)][:stores]:
        ws = str(folder / item["question_id"] / "ws")
        worker = Worker(parse_date(item["question_date"]))
        for q in unrelated:
            _block, held = worker.ask(ws, q)
            rows.append({"store": item["question_id"], "question": q, "relevant": len(relevant_ids(held))})
        worker.close()
    return rows


def summary(result: dict[str, Any]) -> None:
    if "mixed" in result:
        m = result["mixed"]
        noise, facts = m["noise"], m["facts"]
        print(f"mixed store: {m['memories']} memories")
        print(
            f"  nothing stored ({len(noise)}): relevant per turn {statistics.mean(r['relevant'] for r in noise):.2f}, "
            f"turns with any {sum(1 for r in noise if r['relevant'])}, median block {statistics.median(r['tokens'] for r in noise)} tokens"
        )
        line = f"  stored facts ({len(facts)}): evidence in block {sum(r['in_block'] for r in facts)}"
        if facts and "recall5" in facts[0]:
            answered = [r for r in facts if r["recall5"]]
            line += f"; recall@5 {len(answered)}; in block of those {sum(r['in_block'] for r in answered)}"
        print(line + f"; median block {statistics.median(r['tokens'] for r in facts)} tokens")
    if result.get("dev72"):
        rows = result["dev72"]
        line = f"dev72 ({len(rows)}): evidence in block {sum(r['in_block'] for r in rows)}"
        if "recall5" in rows[0]:
            answered = [r for r in rows if r["recall5"]]
            line += f"; recall@5 {len(answered)}; in block of those {sum(r['in_block'] for r in answered)}"
        line += f"; relevant per turn {statistics.mean(r['relevant'] for r in rows):.2f}"
        print(line + f"; median block {statistics.median(r['tokens'] for r in rows)} tokens")
    if result.get("small_noise"):
        rows = result["small_noise"]
        stores = len({r["store"] for r in rows})
        print(
            f"nothing stored, {stores} dev72 stores ({len(rows)} turns): relevant per turn "
            f"{statistics.mean(r['relevant'] for r in rows):.2f}, turns with any {sum(1 for r in rows if r['relevant'])}"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mixed", type=Path, default=None, help="the mixed store's folder (built once)")
    parser.add_argument("--haystacks", type=int, default=5, help="dev72 haystacks in the mixed store")
    parser.add_argument("--lme", type=Path, default=None, help="bench_longmemeval.py's --stores folder")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--recall", action="store_true", help="also recall@5 through the CLI, per question")
    parser.add_argument(
        "--noise-stores", type=int, default=0, help="with --lme: ask the 60 unrelated questions of N stores"
    )
    parser.add_argument("--tag", default="")
    args = parser.parse_args()
    started = time.time()
    result: dict[str, Any] = {}
    if args.mixed:
        args.mixed.mkdir(parents=True, exist_ok=True)
        result["mixed"] = mixed(args.mixed, args.haystacks, args.recall)
    if args.lme:
        result["dev72"] = dev72(args.lme, args.limit, args.recall)
        if args.noise_stores:
            result["small_noise"] = small_noise(args.lme, args.noise_stores)
    result["seconds"] = time.time() - started
    out = HERE / "results"
    out.mkdir(exist_ok=True)
    (out / f"evidence_block{args.tag}.json").write_text(json.dumps(result, indent=2))
    summary(result)


if __name__ == "__main__":
    main()
