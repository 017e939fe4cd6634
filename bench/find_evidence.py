""" "Find the evidence" (issue 25): each piece of the recall pipeline measured alone, both sides at once.

In process, on the stores `bench/evidence_block.py` keeps (`--lme`: dev72, one store per question;
`--mixed`: the second dev set's 40 stored facts and 60 questions about nothing stored), for the
product's code and for one variant at a time, each the product with a single piece changed:

- `context`: the BM25 weight of a memory's `context` field (`store.search_cache.CONTEXT_WEIGHT`);
- `dates`: date and "when" handling (`recall._dated`) off;
- `hybrid`: the semantic share of the fused relevance (`semantic_weight`);
- `nobar`: memories found by meaning alone no longer have to clear `core.fusion.noise_bar` to be ranked
  (the block's gate, `core.evidence`, still judges them).

Reported per variant: dev72 recall_any@5 and recall_all@5 over sessions (of `recall -k 20`, as
bench_longmemeval reads them), the block's relevant part holding an evidence session (of the questions
recall@5 answers), the same for the second dev set, and relevant memories per turn for the questions
about nothing stored. Pieces are kept in the product only when they hold on both sets and on the noise
side. Run by hand, under `nice`: `.venv/bin/python bench/find_evidence.py --lme DIR --mixed DIR
[pieces...]`. Never asserted in tests.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]
from bench_longmemeval import DATA, parse_date
from evidence_block import FIXTURE, MIXED_NOW

from hippocampus import recall as R
from hippocampus.core import fusion
from hippocampus.core.config import Config
from hippocampus.core.model import parse_time
from hippocampus.semantic import search
from hippocampus.store import search_cache
from hippocampus.store.config_file import load_config
from hippocampus.store.index_file import open_search
from hippocampus.store.workspace import Workspace

Row = tuple[bool, bool, bool, int]  # recall_any@5, recall_all@5, evidence in the block, relevant memories


def _sessions(hits: list[R.Hit]) -> list[str]:
    out: list[str] = []
    for hit in hits:
        for source in hit.memory.sources:
            if source.session not in out:
                out.append(source.session)
    return out


def ask(folder: Path, question: str, now: datetime, gold: set[str], tweak: Callable[[Config], Config]) -> Row:
    ws = Workspace(folder)
    config = tweak(load_config(ws))
    conn = open_search(ws)
    assert conn is not None
    try:
        top5 = set(_sessions(R.recall(None, question, now, config, 20, conn=conn))[:5])
        _block, shown = R.turn_injection(conn, question, now, config, config.inject_budget)
        relevant = [hit for section, hit in shown if section == "relevant"]
        return bool(gold & top5), bool(gold) and gold <= top5, bool(gold & set(_sessions(relevant))), len(relevant)
    finally:
        conn.close()


def measure(lme: Path, mixed: Path, tweak: Callable[[Config], Config]) -> dict[str, list[Row]]:
    with gzip.open(DATA, "rt", encoding="utf-8") as handle:
        items = json.load(handle)
    dev = [
        ask(folder, i["question"], parse_time(parse_date(i["question_date"])), set(i["answer_session_ids"]), tweak)
        for i in items
        if ((folder := lme / i["question_id"] / "ws") / "memory" / ".ingested").exists()
    ]
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    now, ws = parse_time(MIXED_NOW), mixed / "ws"
    second = [ask(ws, q["question"], now, {q["session"]}, tweak) for q in data["questions"]]
    noise = [ask(ws, q, now, set(), tweak) for q in data["unrelated"]]
    return {"dev72": dev, "second": second, "noise": noise}


def line(name: str, result: dict[str, list[Row]]) -> str:
    def part(rows: list[Row]) -> str:
        answered = [r for r in rows if r[0]]
        return (
            f"r@5 {len(answered)}/{len(rows)} all@5 {sum(r[1] for r in rows)} "
            f"block {sum(r[2] for r in answered)}/{len(answered)}"
        )

    noise = result["noise"]
    return f"{name:24s} dev72 {part(result['dev72'])} | second {part(result['second'])} | noise {sum(r[3] for r in noise) / len(noise):.2f}"


def variants(pieces: list[str]) -> list[tuple[str, Callable[[], None], Callable[[Config], Config]]]:
    """(name, what to patch before, the settings change) for each asked piece; the product first."""
    keep: Callable[[Config], Config] = lambda c: c  # noqa: E731
    out: list[tuple[str, Callable[[], None], Callable[[Config], Config]]] = [("product", lambda: None, keep)]
    weight = search_cache.CONTEXT_WEIGHT
    if "context" in pieces:
        for w in (0.0, 0.15, 0.5, 1.0):
            out.append((f"context weight {w}", lambda w=w: setattr(search_cache, "CONTEXT_WEIGHT", w), keep))  # type: ignore[misc]
        out.append(("context weight (product)", lambda: setattr(search_cache, "CONTEXT_WEIGHT", weight), keep))
    if "dates" in pieces:
        dated = R._dated
        out.append(("dates off", lambda: setattr(R, "_dated", lambda _c, _q, _n, found: found), keep))
        out.append(("dates on (product)", lambda: setattr(R, "_dated", dated), keep))
    if "hybrid" in pieces:
        for share in (0.3, 0.4, 0.6, 0.7):
            out.append((f"semantic_weight {share}", lambda: None, lambda c, s=share: replace(c, semantic_weight=s)))  # type: ignore[misc]
    if "nobar" in pieces:
        bar = fusion.noise_bar
        out.append(("no noise bar", lambda: setattr(fusion, "noise_bar", lambda *_a: float("-inf")), keep))
        for share in (0.6, 0.7):
            out.append(
                (f"no noise bar, weight {share}", lambda: None, lambda c, s=share: replace(c, semantic_weight=s))
            )  # type: ignore[misc]
        out.append(("noise bar (product)", lambda: setattr(fusion, "noise_bar", bar), keep))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lme", type=Path, required=True, help="bench_longmemeval.py's --stores folder")
    parser.add_argument("--mixed", type=Path, required=True, help="evidence_block.py's --mixed folder (built)")
    parser.add_argument("pieces", nargs="*", default=["context", "dates", "hybrid", "nobar"])
    args = parser.parse_args()
    search.allow(wait=True)
    for name, patch, tweak in variants(args.pieces):
        patch()
        if name.endswith("(product)"):
            continue
        print(line(name, measure(args.lme, args.mixed, tweak)), flush=True)


if __name__ == "__main__":
    main()
