"""Recall quality on the LongMemEval_S development subset (72 questions), through the real product path.

For each question: a fresh store; every haystack session goes through `hippocampus ingest` (the same
capture + encoding the hooks use) with message times from the session dates; the question goes through
`hippocampus recall --json` with "now" = the question date; returned memories map back to sessions by
provenance. A plain BM25 baseline (user turns, one document per session, lowercased) runs on the same
questions. Run by hand: `.venv/bin/python bench/bench_longmemeval.py [--limit N]`.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "shared" / "bench" / "longmemeval_s_dev72.json.gz"
K = 5


def parse_date(text: str) -> str:
    """'2023/05/30 (Tue) 23:40' -> ISO 8601 UTC."""
    clean = re.sub(r"\s*\(.*?\)\s*", " ", text).strip()
    return datetime.strptime(clean, "%Y/%m/%d %H:%M").replace(tzinfo=timezone.utc).isoformat()


def bm25_rank(docs: dict[str, str], query: str) -> list[str]:
    """Session ids ranked by plain BM25 (k1=1.5, b=0.75) over lowercased word tokens."""
    tok = {sid: re.findall(r"\w+", text.lower()) for sid, text in docs.items()}
    n = len(tok)
    avg = sum(len(t) for t in tok.values()) / max(n, 1)
    df: dict[str, int] = defaultdict(int)
    for words in tok.values():
        for w in set(words):
            df[w] += 1
    q = re.findall(r"\w+", query.lower())
    scores = {}
    for sid, words in tok.items():
        tf: dict[str, int] = defaultdict(int)
        for w in words:
            tf[w] += 1
        s = 0.0
        for w in q:
            if w in tf:
                idf = math.log(1 + (n - df[w] + 0.5) / (df[w] + 0.5))
                s += idf * tf[w] * 2.5 / (tf[w] + 1.5 * (0.25 + 0.75 * len(words) / avg))
        scores[sid] = s
    return sorted(scores, key=lambda s: -scores[s])


def metrics(ranked: list[str], gold: set[str], k: int) -> tuple[float, float, float]:
    """recall_any@k, recall_all@k, ndcg@k over a ranked list of distinct session ids."""
    top = ranked[:k]
    hit_any = float(any(s in gold for s in top))
    hit_all = float(gold.issubset(top))
    dcg = sum(1 / math.log2(i + 2) for i, s in enumerate(top) if s in gold)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(len(gold), k)))
    return hit_any, hit_all, dcg / ideal if ideal else 0.0


def run_question(item: dict, cli: list[str], settings: str = "", stores: Path | None = None) -> list[str]:
    """Ingest the haystack into a fresh store and return the ranked distinct source sessions.

    With `stores`, the store of each question is kept in `stores/<question id>` and reused when it is
    there (recall never writes unless asked to reinforce), so a change to ranking alone re-runs in
    seconds; delete the folder after a change to capture or encoding."""
    with tempfile.TemporaryDirectory() as scratch:
        tmp = str(stores / item["question_id"]) if stores else scratch
        ws_dir = Path(tmp) / "ws" / "memory"
        if stores and (ws_dir / ".ingested").exists():
            return _recall(item, cli, settings, tmp)
        Path(tmp).mkdir(parents=True, exist_ok=True)
        chat = Path(tmp) / "chat.jsonl"
        with open(chat, "w", encoding="utf-8") as out:
            for sid, date, session in zip(
                item["haystack_session_ids"], item["haystack_dates"], item["haystack_sessions"], strict=True
            ):
                when = parse_date(date)
                for i, turn in enumerate(session):
                    out.write(
                        json.dumps(
                            {
                                "session": sid,
                                "id": f"{sid}:{i}",
                                "role": turn["role"],
                                "text": turn["content"],
                                "timestamp": when,
                            }
                        )
                        + "\n"
                    )
        if ws_dir.exists():
            shutil.rmtree(ws_dir)
        ws_dir.mkdir(parents=True)  # a workspace that does not exist is an error
        env = {**os.environ, "WORKSPACE": str(Path(tmp) / "ws"), "HIPPOCAMPUS_NOW": parse_date(item["question_date"])}
        subprocess.run(cli + ["ingest", str(chat), "--json"], env=env, check=True, capture_output=True)
        if 'semantic: "off"' not in settings:  # the catch-up: embed whatever ingest had no time for
            subprocess.run(cli + ["embed", "--json"], env=env, check=True, capture_output=True)
        chat.unlink()
        (ws_dir / ".ingested").write_text("")
        return _recall(item, cli, settings, tmp)


def _recall(item: dict, cli: list[str], settings: str, tmp: str) -> list[str]:
    """The question through `hippocampus recall --json` on the store in `tmp`: ranked distinct sessions."""
    settings_file = Path(tmp) / "ws" / "memory" / "hippocampus.yaml"
    if settings:
        settings_file.write_text(settings)
    elif settings_file.exists():
        settings_file.unlink()
    env = {**os.environ, "WORKSPACE": str(Path(tmp) / "ws"), "HIPPOCAMPUS_NOW": parse_date(item["question_date"])}
    res = subprocess.run(
        cli + ["recall", item["question"], "-k", "20", "--json", "--peek"],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    ranked: list[str] = []
    for mem in json.loads(res.stdout):
        for src in mem["sources"]:
            if src["session"] not in ranked:
                ranked.append(src["session"])
    return ranked


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--weights", default="", help="relevance,importance,recency (default: the product's)")
    parser.add_argument("--cli", default="", help="the hippocampus command to measure (default: this venv's)")
    parser.add_argument("--stores", type=Path, default=None, help="keep and reuse each question's store here")
    parser.add_argument("--tag", default="", help="suffix of the results file (bench/results/longmemeval<tag>.json)")
    parser.add_argument("--jobs", type=int, default=1, help="questions run at once (each in its own store)")
    parser.add_argument("--lexical", action="store_true", help="recall without the embedding model (semantic: off)")
    args = parser.parse_args()
    settings = 'semantic: "off"\n' if args.lexical else ""
    if args.weights:
        r, i, t = args.weights.split(",")
        settings += f"weight_relevance: {r}\nweight_importance: {i}\nweight_recency: {t}\n"
    with gzip.open(DATA, "rt", encoding="utf-8") as handle:
        items = json.load(handle)
    if args.limit:
        items = items[: args.limit]
    exe = Path(sys.executable).parent / "hippocampus"
    cli = args.cli.split() if args.cli else [str(exe)] if exe.exists() else [sys.executable, "-m", "hippocampus"]
    per_type: dict[str, list[tuple[float, ...]]] = defaultdict(list)
    questions = []
    from concurrent.futures import ThreadPoolExecutor

    out = Path(__file__).resolve().parent / "results"
    out.mkdir(exist_ok=True)
    progress = out / f"longmemeval{args.weights.replace(',', '_')}{args.tag}.progress.jsonl"
    progress.write_text("")

    def answer(item: dict) -> list[str]:
        ranked = run_question(item, cli, settings, args.stores)
        with open(progress, "a", encoding="utf-8") as handle:  # one line per question as it finishes
            handle.write(json.dumps({"id": item["question_id"], "ranked": ranked}) + "\n")
        return ranked

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:  # each question runs in its own processes
        answers = list(pool.map(answer, items))
    for n, (item, ranked) in enumerate(zip(items, answers, strict=True), 1):
        gold = set(item["answer_session_ids"])
        ours = metrics(ranked, gold, K)
        questions.append(
            {"id": item["question_id"], "type": item["question_type"], "gold": sorted(gold), "ranked": ranked}
        )
        docs = {
            sid: " ".join(t["content"] for t in sess if t["role"] == "user")
            for sid, sess in zip(item["haystack_session_ids"], item["haystack_sessions"], strict=True)
        }
        base = metrics(bm25_rank(docs, item["question"]), gold, K)
        per_type[item["question_type"]].append(ours + base)
        print(
            f"{n}/{len(items)} {item['question_type']}: ours any={ours[0]:.0f} all={ours[1]:.0f} "
            f"| bm25 any={base[0]:.0f} all={base[1]:.0f}",
            file=sys.stderr,
        )
    rows = []
    print(f"| type | n | ours any@{K} | ours all@{K} | ours ndcg@{K} | bm25 any@{K} | bm25 all@{K} | bm25 ndcg@{K} |")
    print("|---|---|---|---|---|---|---|---|")
    everything: list[tuple[float, ...]] = []
    for qtype, vals in sorted(per_type.items()):
        everything += vals
        means = [sum(v[i] for v in vals) / len(vals) for i in range(6)]
        rows.append({"type": qtype, "n": len(vals), "means": means})
        print(f"| {qtype} | {len(vals)} | " + " | ".join(f"{m:.3f}" for m in means) + " |")
    means = [sum(v[i] for v in everything) / len(everything) for i in range(6)]
    print(f"| all | {len(everything)} | " + " | ".join(f"{m:.3f}" for m in means) + " |")
    ratio = [means[i] / means[i + 3] if means[i + 3] else float("nan") for i in range(3)]
    print(f"ratio ours/bm25: any {ratio[0]:.2f}, all {ratio[1]:.2f}, ndcg {ratio[2]:.2f}")
    (out / f"longmemeval{args.weights.replace(',', '_')}{args.tag}.json").write_text(
        json.dumps({"rows": rows, "all": means, "questions": questions}, indent=2)
    )


if __name__ == "__main__":
    main()
