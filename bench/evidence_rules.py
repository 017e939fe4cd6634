"""Rules for "evidence that a memory is about the message" (issue 25), replayed offline, both sides at once.

`bench/evidence_block.py` measures the product's rule through the worker; this replays the same
candidates against other rules, so a rule can be judged in seconds: each question's whole ranked pool
(`recall._hybrid` as the block runs it: fused rank, BM25, similarity to the question, the memory's
matched words, whether it is evidence) is dumped once from the stores `evidence_block.py` keeps, then
each rule picks the block's relevant part (the first `inject_relevant` candidates it passes).

Both sides: dev72 (the block holds an evidence session, of the questions recall@5 answers), the second
dev set's stored facts (the same), and questions about nothing stored on the 1,044-memory mixed store
and on `--noise-stores` dev72 stores (relevant memories per turn; the issue's ceiling is 0.5).

Rules: the product's (`core.evidence`) at several expected-strays budgets (the trade-off curve), each
side alone, Fisher's combination, an order-statistics test on the top similarities (a group of memories
that all stand out), a generalised Pareto tail, the lexical chance from document frequencies instead of
BM25, and, when the `wordfreq` package is importable, a lexical chance from general English word
frequencies with a per-store budget (a reference outside the store). Run by hand, under `nice`:
`.venv/bin/python bench/evidence_rules.py --mixed DIR --lme DIR [--noise-stores 12] [--dump FILE]`.
Never asserted in tests.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from statistics import median
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]
from bench_longmemeval import DATA, parse_date
from evidence_block import FIXTURE, MIXED_NOW

from hippocampus import recall as R
from hippocampus.core import evidence as E
from hippocampus.core import fusion
from hippocampus.core.model import parse_time
from hippocampus.core.ranking import rank_candidates
from hippocampus.semantic import search
from hippocampus.store import search_cache, vectors
from hippocampus.store.config_file import load_config
from hippocampus.store.index_file import open_search
from hippocampus.store.workspace import Workspace

Q = dict[str, Any]
Rule = Callable[[Q], list[bool]]


def pool(folder: Path, question: str, now: str, gold: set[str]) -> Q:
    """The question's ranked candidates as the block's recall sees them, with what each rule reads."""
    ws = Workspace(folder)
    config = load_config(ws)
    conn = open_search(ws)
    assert conn is not None
    when = parse_time(now)
    lexical = R._dated(conn, question, when, search_cache.search(conn, question, config.candidates))
    started = search.start_query(question, config)
    assert started is not None
    embedded = started()
    assert embedded is not None
    model, vector = embedded
    bm25 = {c[0]: c[5] for c in lexical}
    nearest, noise = search.similar(conn, model, vector, list(bm25), config.candidates)
    sims = fusion.kept(nearest, bm25, max(config.semantic_floor, fusion.noise_bar(*noise)))
    fused = fusion.fuse(bm25, sims, config.semantic_weight, search_cache.full_match(conn, question))
    found = lexical + vectors.candidates(conn, [rid for rid in sims if rid not in bm25])
    ranked = rank_candidates([(*c[:5], sum(fused[c[0]])) for c in found], when, config, len(found), scaled=True)
    words = search_cache.selective_words(conn, search_cache._tokenize(question))
    marks = ",".join(str(r[0]) for r in ranked) or "0"
    tokens = dict(conn.execute(f"SELECT rowid, tokens FROM fts WHERE rowid IN ({marks})").fetchall())
    sources = dict(conn.execute(f"SELECT rid, json_extract(json, '$.sources') FROM mem WHERE rid IN ({marks})"))
    _total, df = search_cache._document_counts(conn, words) if words else (0, {})
    count = search_cache.memory_count(conn)
    conn.close()
    cands = []
    for r in ranked:
        held = {str(s.get("session")) for s in json.loads(sources.get(r[0]) or "[]")}
        matched = sorted(set(words) & set(str(tokens.get(r[0]) or "").split()))
        cands.append({"bm25": bm25.get(r[0], 0.0), "sim": nearest.get(r[0]), "ev": bool(held & gold), "words": matched})
    return {
        "q": question,
        "store": str(folder),
        "words": len(words),
        "N": count,
        "nvec": noise[2],
        "nearest": sorted(nearest.values(), reverse=True),
        "df": df,
        "cands": cands,
    }


def dump(mixed: Path, lme: Path, noise_stores: int) -> dict[str, list[Q]]:
    search.allow(wait=True)
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    ws = mixed / "ws"
    out: dict[str, list[Q]] = {
        "facts": [pool(ws, q["question"], MIXED_NOW, {q["session"]}) for q in data["questions"]],
        "noise": [pool(ws, q, MIXED_NOW, set()) for q in data["unrelated"]],
    }
    with gzip.open(DATA, "rt", encoding="utf-8") as handle:
        items = [i for i in json.load(handle) if (lme / i["question_id"] / "ws" / "memory" / ".ingested").exists()]
    out["dev72"] = [
        pool(lme / i["question_id"] / "ws", i["question"], parse_date(i["question_date"]), set(i["answer_session_ids"]))
        for i in items
    ]
    out["small"] = [
        pool(lme / i["question_id"] / "ws", q, parse_date(i["question_date"]), set())
        for i in (items[:: max(1, len(items) // noise_stores)][:noise_stores] if noise_stores else [])
        for q in data["unrelated"]
    ]
    return out


# --- rules ------------------------------------------------------------------------------------------


def product(strays: float = E.EXPECTED_STRAYS, side: str = "both") -> Rule:
    def rule(r: Q) -> list[bool]:
        tail = E.fit_tail(r["nearest"], r["nvec"])
        out = []
        for c in r["cands"]:
            lexical = E.lexical_chance(c["bm25"], r["words"]) if side != "semantic" else 1.0
            semantic = E.semantic_chance(c["sim"], tail) if side != "lexical" else 1.0
            out.append(E.about_message(E.combined(lexical, semantic), r["N"], strays))
        return out

    return rule


def fisher(r: Q) -> list[bool]:
    """Fisher's combination of the two chances (valid only if they were independent: they are not)."""
    tail = E.fit_tail(r["nearest"], r["nvec"])
    out = []
    for c in r["cands"]:
        lexical, semantic = E.lexical_chance(c["bm25"], r["words"]), E.semantic_chance(c["sim"], tail)
        t = lexical * semantic
        chance = min(t * (1 - math.log(t)) if t > 0 else 0.0, E.combined(lexical, semantic))
        out.append(E.about_message(chance, r["N"]))
    return out


def group(r: Q) -> list[bool]:
    """The product's rule, or: the j most similar memories all pass when j or more of the tail's memories
    that high is unlikely (a binomial tail on the fit, Bonferroni over the 10 ranks tried)."""
    keep = product()(r)
    tail = E.fit_tail(r["nearest"], r["nvec"])
    if tail is None:
        return keep
    bar = None
    for j, s in enumerate(r["nearest"][:10], 1):
        p = min(1.0, math.exp(-(s - tail.threshold) / tail.scale))
        at_least = 1.0 - sum(math.comb(tail.count, i) * p**i * (1 - p) ** (tail.count - i) for i in range(j))
        if 2 * j * at_least * 10 <= E.EXPECTED_STRAYS:
            bar = s
    return [
        k or (bar is not None and c["sim"] is not None and c["sim"] >= bar)
        for k, c in zip(keep, r["cands"], strict=True)
    ]


def pareto(lowest: float) -> Rule:
    """The tail as a generalised Pareto (shape from the median and upper quartile of the excesses, at
    least `lowest`) instead of an exponential."""

    def fit(r: Q) -> tuple[float, float, float, int] | None:
        ranked = r["nearest"]
        count = min(E.TAIL, len(ranked), r["nvec"] // 4)
        if count - 1 < E.MIN_TAIL:
            return None
        threshold = ranked[count - 1]
        excess = sorted(s - threshold for s in ranked[: count - 1])
        a, b = median(excess), excess[int(0.75 * (len(excess) - 1))]
        if a <= 0:
            return None
        shape = max(lowest, math.log2(max(b / a - 1.0, 1e-9))) if b > a else lowest
        scale = a * shape / (2**shape - 1) if abs(shape) > 1e-9 else a / math.log(2)
        return threshold, scale, shape, count

    def rule(r: Q) -> list[bool]:
        tail = fit(r)
        out = []
        for c in r["cands"]:
            semantic = 1.0
            if tail is not None and c["sim"] is not None:
                threshold, scale, shape, count = tail
                x = max(0.0, c["sim"] - threshold)
                base = 1 + shape * x / scale
                survive = math.exp(-x / scale) if abs(shape) < 1e-9 else (0.0 if base <= 0 else base ** (-1 / shape))
                semantic = min(1.0, count / r["nvec"] * survive)
            out.append(E.about_message(E.combined(E.lexical_chance(c["bm25"], r["words"]), semantic), r["N"]))
        return out

    return rule


def idf_sum(r: Q) -> list[bool]:
    """The lexical chance as the product of the matched words' document shares (no BM25 length or
    term-frequency effects), times the words searched."""
    tail = E.fit_tail(r["nearest"], r["nvec"])
    out = []
    for c in r["cands"]:
        share = 1.0
        for w in c["words"]:
            d = r["df"].get(w, 0)
            share *= min(1.0, (d + 0.5) / (r["N"] - d + 0.5))
        lexical = min(1.0, max(1, r["words"]) * share) if c["words"] else 1.0
        out.append(E.about_message(E.combined(lexical, E.semantic_chance(c["sim"], tail)), r["N"]))
    return out


def general_words(budget: float) -> Rule | None:
    """The product's rule, or: a memory holding a question word the store's budget accepts, where a word
    costs (its general English frequency) × (the memories holding it) × (the words searched), the
    expected strays it brings to a question about nothing stored written in general English, and the
    store accepts its cheapest words while their costs add up to at most `budget`."""
    try:
        from wordfreq import get_frequency_dict  # type: ignore[import-not-found]
    except ImportError:
        return None
    from hippocampus.core.tokens import tokenize

    freq: dict[str, float] = {}
    for word, f in get_frequency_dict("en", wordlist="large").items():
        for stem in tokenize(word):
            freq[stem] = freq.get(stem, 0.0) + f
    floor = min(freq.values())
    costs: dict[str, list[tuple[float, str]]] = {}

    def accepted(store: str, words: int) -> set[str]:
        if store not in costs:
            conn = sqlite3.connect(f"file:{store}/memory/hippocampus.db?mode=ro", uri=True)
            rows = conn.execute("SELECT term, doc FROM vocab").fetchall()
            conn.close()
            running, cum = 0.0, []
            for cost, term in sorted((freq.get(t, floor) * d, t) for t, d in rows):
                running += cost
                cum.append((running, term))
            costs[store] = cum
        return {t for total, t in costs[store] if total * max(1, words) <= budget}

    def rule(r: Q) -> list[bool]:
        ok = accepted(r["store"], r["words"])
        return [k or bool(set(c["words"]) & ok) for k, c in zip(product()(r), r["cands"], strict=True)]

    return rule


# --- measure ----------------------------------------------------------------------------------------


def measure(name: str, rule: Rule, data: dict[str, list[Q]], slots: int = 5) -> str:
    def block(r: Q) -> list[Q]:
        return [c for c, k in zip(r["cands"], rule(r), strict=True) if k][:slots]

    def share(rows: list[Q]) -> str:
        answered = [r for r in rows if any(c["ev"] for c in r["cands"][:slots])]
        held = sum(1 for r in answered if any(c["ev"] for c in block(r)))
        return f"{held}/{len(answered)} ({held / max(1, len(answered)):.0%})"

    def per_turn(rows: list[Q]) -> str:
        return f"{sum(len(block(r)) for r in rows) / len(rows):.2f}" if rows else "-"

    return (
        f"{name:34s} dev72 {share(data['dev72'])}  second {share(data['facts'])}  "
        f"nothing stored: mixed {per_turn(data['noise'])}, small stores {per_turn(data['small'])}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mixed", type=Path, required=True)
    parser.add_argument("--lme", type=Path, required=True)
    parser.add_argument("--noise-stores", type=int, default=12)
    parser.add_argument("--dump", type=Path, default=HERE / "results" / "evidence_pools.json")
    args = parser.parse_args()
    if not args.dump.exists():
        args.dump.parent.mkdir(exist_ok=True)
        args.dump.write_text(json.dumps(dump(args.mixed, args.lme, args.noise_stores)))
    data = json.loads(args.dump.read_text())
    rules: list[tuple[str, Rule | None]] = [(f"product, strays {s}", product(s)) for s in (0.25, 0.5, 1, 2, 4)]
    rules += [("lexical side alone", product(side="lexical")), ("semantic side alone", product(side="semantic"))]
    rules += [("Fisher", fisher), ("group of top similarities", group), ("IDF sum, not BM25", idf_sum)]
    rules += [(f"Pareto tail, shape >= {s}", pareto(s)) for s in (-0.5, -0.3)]
    rules += [(f"general word frequencies, {b}", general_words(b)) for b in (0.1, 0.25)]
    for name, rule in rules:
        print(measure(name, rule, data) if rule is not None else f"{name}: skipped (wordfreq not installed)")


if __name__ == "__main__":
    main()
