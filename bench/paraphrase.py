"""Paraphrase recall: questions that share no content word with the memory that answers them.

bench/fixtures/paraphrase.json holds 20 (question, answer) pairs (e.g. "what is my dog called?" for
"I just adopted a beagle named Biscuit"; tests/test_paraphrase_fixture.py checks that no pair shares
a search token) and 300 distractor memories. Everything goes through the real product path: each
memory through `memories.remember` into a fresh store, the vectors through `embedding.catch_up` (what
session end and cron run), each question through `recall.recall`, first lexical (no model allowed in
the process, as in a cold hook), then hybrid (`search.allow`, as in the worker and the CLI).
Reports how many answers are in the top 3 for each. Target (issue 11): hybrid >= 16 of 20; lexical
was 0 of 20. Also counts, for 20 questions about nothing stored (the fixture's `unrelated`), how
many of the per-turn block's relevant slots recall fills with memories found by meaning alone.
Run by hand: `.venv/bin/python bench/paraphrase.py`; writes bench/results/paraphrase.json.
`--fixture bench/fixtures/paraphrase_heldout.json`: the held-out set written for issue 25's third pass
before its fusion change was measured on it (20 pairs, 136 distractors, 20 questions about nothing
stored; never used to choose a rule), written to bench/results/paraphrase_heldout.json.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from hippocampus import memories
from hippocampus.core.config import Config
from hippocampus.recall import recall
from hippocampus.semantic import embedder, embedding, search
from hippocampus.store.workspace import Workspace

FIXTURE = HERE / "fixtures" / "paraphrase.json"
NOW = datetime(2026, 6, 1, 12, 0, tzinfo=timezone.utc)
TOP = 3


def load(fixture: Path = FIXTURE) -> tuple[list[dict[str, str]], list[str], list[str]]:
    data = json.loads(fixture.read_text(encoding="utf-8"))
    return data["pairs"], data["distractors"], data["unrelated"]


def run(ws: Workspace, pairs: list[dict[str, str]], config: Config) -> list[dict[str, object]]:
    rows = []
    for pair in pairs:
        hits = recall(ws, pair["question"], NOW, config, TOP)
        contents = [h.memory.content for h in hits]
        rows.append({"question": pair["question"], "found": pair["answer"] in contents, "top": contents})
    return rows


def in_block(ws: Workspace, questions: list[str], config: Config) -> list[int]:
    """For each question: how many memories the block's relevant part would hold (issue 25: only those
    with evidence of being about the question, `recall(..., about_only=True)`)."""
    return [len(recall(ws, q, NOW, config, config.inject_relevant, about_only=True)) for q in questions]


def by_meaning_only(ws: Workspace, questions: list[str], config: Config) -> list[int]:
    """For each question about nothing stored: how many of the per-turn block's relevant memories
    (`inject_relevant`) recall brought in by meaning alone, sharing no word with it."""
    counts = []
    for question in questions:
        hits = recall(ws, question, NOW, config, config.inject_relevant)
        counts.append(sum(1 for h in hits if h.relevance == 0.0))
    return counts


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument("--fixture", type=Path, default=FIXTURE)
    fixture = parser.parse_args().fixture
    pairs, distractors, unrelated = load(fixture)
    config = Config()
    model, why = embedder.choice(config)
    with tempfile.TemporaryDirectory() as tmp:
        ws = Workspace(Path(tmp))
        for text in distractors + [p["answer"] for p in pairs]:
            memories.remember(ws, NOW, config, text)
        started = time.perf_counter()
        embedded = embedding.catch_up(ws, config)
        embed_seconds = time.perf_counter() - started
        lexical = run(ws, pairs, config)
        search.allow(wait=True)
        hybrid = run(ws, pairs, config) if model else []
        noise = by_meaning_only(ws, unrelated, config) if model else []
        block_noise = in_block(ws, unrelated, config) if model else []
        block_answers = [
            any(h.memory.content == p["answer"] for h in recall(ws, p["question"], NOW, config, 5, about_only=True))
            for p in pairs
        ]
    report = {
        "memories": len(distractors) + len(pairs),
        "model": model,
        "why": why,
        "embedded": embedded,
        "embedSecondsWall": round(embed_seconds, 2),
        "lexicalTop3": sum(1 for r in lexical if r["found"]),
        "hybridTop3": sum(1 for r in hybrid if r["found"]) if model else None,
        "unrelatedQuestions": len(unrelated),
        "unrelatedByMeaningOnly": sum(noise),
        "unrelatedInBlock": sum(block_noise),
        "answersInBlock": sum(block_answers),
        "questions": len(pairs),
        "lexical": lexical,
        "hybrid": hybrid,
    }
    out = HERE / "results" / f"{fixture.stem}.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(
        f"lexical top-{TOP}: {report['lexicalTop3']}/{len(pairs)}; hybrid top-{TOP}: {report['hybridTop3']}/{len(pairs)}"
    )
    print(
        f"{len(unrelated)} questions about nothing stored: {sum(noise)} of their "
        f"{len(unrelated) * config.inject_relevant} relevant slots filled by memories found by meaning alone"
    )
    print(
        f"the block's relevant part: {sum(block_noise)} memories for the {len(unrelated)} questions about nothing "
        f"stored; the answer for {sum(block_answers)} of the {len(pairs)} paraphrases"
    )
    for r in hybrid:
        if not r["found"]:
            print("  missed:", r["question"], "->", r["top"])


if __name__ == "__main__":
    main()
