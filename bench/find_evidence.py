""" "Find the evidence" (issue 25): each piece of the recall pipeline measured alone, both sides at once.

In process, on the stores `bench/evidence_block.py` keeps (`--lme`: dev72, one store per question;
`--mixed`: the second dev set's 40 stored facts and 60 questions about nothing stored), for the
product's code and for one variant at a time, each the product with a single piece changed:

- `context`: the BM25 weight of a memory's `context` field (`store.search_cache.CONTEXT_WEIGHT`);
- `dates`: date and "when" handling (`recall._dated`) off;
- `hybrid`: the semantic share of the fused relevance (`semantic_weight`);
- `nobar`: memories found by meaning alone no longer have to clear `core.fusion.noise_bar` to be ranked
  (the block's gate, `core.evidence`, still judges them).
- `floor` (issue 25, third pass): the semantic part measured from the noise bar (a similarity an
  unrelated memory would reach counts nothing) instead of from the store's average.
- `bar`: the noise bar at the level 2, 3 or 5 unrelated memories would reach instead of 1, the
  semantic part measured from the store's average (as the product) or from that bar (`bar+floor`).
- `discount`: each lexical match's part scaled by its similarity over the noise bar (0 at or below the
  store's average, 1 at the bar): "a word match no nearer in meaning than chance is a coincidence".
- `rrf`: reciprocal-rank fusion (k 60) of the lexical and the semantic ranks instead of the weighted sum.
- `combine` (issue 25, sixth pass): how relevance, importance and recency are combined in the ranking
  (`bench/rank_variants.py`: importance and recency in proportion to relevance, or to its share, or
  importance on its own scale).
- `background` (issue 25, sixth pass): the semantic chance read off a fixed background of generic chat
  sentences (`semantic.background`), their similarities to the question in the store's own frame (from
  its centroid), instead of, or beside, the store's own tail: the store alone (before), `bg` the
  background alone, `or` either reference as three tests, `and` both, `or2` the smaller of the two
  shares as one test (the product), `split` a weighted Bonferroni (lexical ½, each reference ¼).
- `bgbar` (issue 25, seventh pass): recall's noise bar read off the background instead of, or beside, the
  store (`bench/bar_background.py`: alone, the lower or the higher of the two, each with or without the
  semantic part measured from the bar).

Reported per variant: dev72 recall_any@5, recall_all@5 and ndcg@5 over sessions (of `recall -k 20`, as
bench_longmemeval reads them; any/all also per question type, by its initials), the block's relevant part holding an evidence session (of the questions
recall@5 answers), the same for the second dev set, and relevant memories per turn for the questions
about nothing stored, on the mixed store and on 12 dev72 stores ("small", as `evidence_block.py
--noise-stores 12` picks them). Pieces are kept in the product only when they hold on both sets and on the noise
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
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]
from bench_longmemeval import DATA, metrics, parse_date
from evidence_block import FIXTURE, MIXED_NOW

from hippocampus import recall as R
from hippocampus.core import evidence, fusion
from hippocampus.core.config import Config
from hippocampus.core.model import parse_time
from hippocampus.semantic import search
from hippocampus.store import search_cache
from hippocampus.store.config_file import load_config
from hippocampus.store.index_file import open_search
from hippocampus.store.workspace import Workspace

BACKGROUND = HERE.parent / "hippocampus" / "semantic" / "background.txt"
Row = tuple[bool, bool, bool, int, float]  # recall_any@5, recall_all@5, evidence in the block, relevant, ndcg@5


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
        ranked = _sessions(R.recall(None, question, now, config, 20, conn=conn))
        top5 = set(ranked[:5])
        _block, shown = R.turn_injection(conn, question, now, config, config.inject_budget)
        relevant = [hit for section, hit in shown if section == "relevant"]
        ndcg = metrics(ranked, gold, 5)[2] if gold else 0.0
        return (
            bool(gold & top5),
            bool(gold) and gold <= top5,
            bool(gold & set(_sessions(relevant))),
            len(relevant),
            ndcg,
        )
    finally:
        conn.close()


def measure(lme: Path, mixed: Path, tweak: Callable[[Config], Config]) -> dict[str, list[Row]]:
    with gzip.open(DATA, "rt", encoding="utf-8") as handle:
        items = json.load(handle)
    asked = [i for i in items if (lme / i["question_id"] / "ws" / "memory" / ".ingested").exists()]
    dev = [
        ask(
            lme / i["question_id"] / "ws",
            i["question"],
            parse_time(parse_date(i["question_date"])),
            set(i["answer_session_ids"]),
            tweak,
        )
        for i in asked
    ]
    _types[:] = [i["question_type"] for i in asked]
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    now, ws = parse_time(MIXED_NOW), mixed / "ws"
    second = [ask(ws, q["question"], now, {q["session"]}, tweak) for q in data["questions"]]
    noise = [ask(ws, q, now, set(), tweak) for q in data["unrelated"]]
    stored = [i for i in items if (lme / i["question_id"] / "ws" / "memory" / ".ingested").exists()]
    small = [
        ask(lme / i["question_id"] / "ws", q, parse_time(parse_date(i["question_date"])), set(), tweak)
        for i in stored[:: max(1, len(stored) // 12)][:12]
        for q in data["unrelated"]
    ]
    return {"dev72": dev, "second": second, "noise": noise, "small": small}


def line(name: str, result: dict[str, list[Row]]) -> str:
    def part(rows: list[Row]) -> str:
        answered = [r for r in rows if r[0]]
        return (
            f"r@5 {len(answered)}/{len(rows)} all@5 {sum(r[1] for r in rows)} ndcg@5 {sum(r[4] for r in rows) / len(rows):.3f} "
            f"block {sum(r[2] for r in answered)}/{len(answered)}"
        )

    noise, dev = result["noise"], result["dev72"]
    kinds = sorted(set(_types))
    by_type = " ".join(
        f"{''.join(w[0] for w in kind.split('-'))} {sum(r[0] for r, t in zip(dev, _types, strict=True) if t == kind)}/{sum(r[1] for r, t in zip(dev, _types, strict=True) if t == kind)}"
        for kind in kinds
    )
    return (
        f"{name:24s} dev72 {part(dev)} | second {part(result['second'])} | noise "
        f"{sum(r[3] for r in noise) / len(noise):.2f} small {sum(r[3] for r in result['small']) / len(result['small']):.2f}"
        f"\n{'':24s} any/all by type: {by_type}"
    )


_types: list[str] = []  # dev72's question types, in the order `measure` asked them


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
    fuse, bar = fusion.fuse, fusion.noise_bar
    restore = lambda: (setattr(fusion, "fuse", fuse), setattr(fusion, "noise_bar", bar))  # noqa: E731
    if "floor" in pieces:
        out.append(("semantic from the bar", lambda: _patch(_from_bar(fuse), bar), keep))
        out.append(("semantic from the average (product)", restore, keep))
    if "bar" in pieces:
        for strays in (2, 3, 5):
            at = _bar_at(strays)
            out.append((f"bar at {strays} strays", lambda at=at: _patch(fuse, at), keep))  # type: ignore[misc]
            out.append((f"bar+floor at {strays}", lambda at=at: _patch(_from_bar(fuse), at), keep))  # type: ignore[misc]
        out.append(("bar at 1 stray (product)", restore, keep))
    if "discount" in pieces:
        out.append(("lexical discounted", lambda: _patch(_discounted(fuse), bar), keep))
        out.append(("lexical whole (product)", restore, keep))
    if "rrf" in pieces:
        out.append(("reciprocal-rank fusion", lambda: _patch(_rrf, bar), keep))
        out.append(("weighted sum (product)", restore, keep))
    out.extend(_sixth_pass(pieces, keep))
    import bar_background  # the seventh pass's `bgbar`: the noise bar against the background

    out.extend(bar_background.pieces(pieces, keep))
    return out


def _sixth_pass(
    pieces: list[str], keep: Callable[[Config], Config]
) -> list[tuple[str, Callable[[], None], Callable[[Config], Config]]]:
    """The sixth pass's pieces (issue 25): `combine` (serve7) and `background` (serve6)."""
    out: list[tuple[str, Callable[[], None], Callable[[Config], Config]]] = []
    if "combine" in pieces:
        import rank_variants

        for mode in rank_variants.NAMES[1:]:
            out.append((f"combine {mode}", lambda m=mode: rank_variants.install(m), keep))  # type: ignore[misc]
        out.append(("combine sum (product)", lambda: rank_variants.install("product"), keep))
    if "background" in pieces:
        from hippocampus.semantic import background

        vectors = background.vectors
        out.append(("store tail alone (before)", lambda: setattr(background, "vectors", lambda *_a: None), keep))
        out.append(("back", lambda: setattr(background, "vectors", vectors), keep))
        for form in ("bg", "or", "and", "or2", "split"):
            out.append((f"background {form}", lambda form=form: _background(form), keep))  # type: ignore[misc]
        out.append(("store or background (product)", _no_background, keep))
    return out


_original = {"similar": search.similar, "fit_tail": evidence.fit_tail, "semantic_chance": evidence.semantic_chance}
_original["combined"] = evidence.combined
_bg: dict[str, Any] = {}  # the background's vectors, and the last question's vector and store centroid


def _background_vectors() -> Any:
    """The background sentences' vectors, embedded once by the query model (`query:` on both sides)."""
    if "rows" not in _bg:
        from hippocampus.semantic import embedder

        texts = [t for t in BACKGROUND.read_text(encoding="utf-8").splitlines() if t.strip()]
        model = embedder.load(Config(), "query")
        assert model is not None
        _bg["rows"] = model.passages(texts)
    return _bg["rows"]


def _background(form: str) -> None:
    """Patch recall's semantic chance: the tail read off the background (`bg`), or either reference
    (`or`, three tests), or both (`and`)."""
    import numpy as np

    rows = _background_vectors()

    def similar(conn: Any, model: str, vector: Any, also: list[int], k: int) -> Any:
        found = _original["similar"](conn, model, vector, also, k)
        matrix = search._matrices.get((search._database_key(conn), model))
        _bg["query"] = np.asarray(vector, dtype=np.float32)
        _bg["centre"] = matrix.centre[1] if matrix is not None and matrix.centre is not None else None
        return found

    def fit_tail(similarities: list[float], total: int) -> Any:
        own = _original["fit_tail"](similarities, total)
        centre = _bg.get("centre")
        if centre is None:
            return (own, None)
        q = _bg["query"] - centre
        b = rows - centre
        sims = (b @ q) / (np.linalg.norm(b, axis=1) * max(float(np.linalg.norm(q)), 1e-6))
        return (own, _original["fit_tail"]([float(x) for x in sims], len(sims)))

    def semantic_chance(similarity: float | None, tail: Any, _product_reference: Any = None) -> float:
        own, bg = tail if isinstance(tail, tuple) else (tail, None)
        store = _original["semantic_chance"](similarity, own)
        outside = _original["semantic_chance"](similarity, bg)
        if form == "bg":
            return outside
        if form == "and":
            return max(store, outside)
        if form == "split":
            return min(store, outside)
        return min(store, outside)  # or: `combined` makes it three tests

    search.similar = similar  # type: ignore[assignment]
    evidence.fit_tail, evidence.semantic_chance = fit_tail, semantic_chance  # type: ignore[assignment]
    tests = 3.0 if form == "or" else 2.0
    evidence.combined = lambda lexical, semantic: min(1.0, tests * min(lexical, semantic))  # type: ignore[assignment]
    if form == "split":  # weighted Bonferroni: the lexical side keeps its half, each reference a quarter
        evidence.semantic_chance = lambda s, t, *_r: 2.0 * semantic_chance(s, t)  # type: ignore[assignment]


def _no_background() -> None:
    search.similar = _original["similar"]  # type: ignore[assignment]
    evidence.fit_tail = _original["fit_tail"]  # type: ignore[assignment]
    evidence.semantic_chance = _original["semantic_chance"]  # type: ignore[assignment]
    evidence.combined = _original["combined"]  # type: ignore[assignment]


Fuse = Callable[..., dict[int, tuple[float, float]]]
_last_bar: list[float] = [0.0]  # the noise bar recall computed for the question being fused


def _patch(fuse: Fuse, bar: Callable[[float, float, int], float]) -> None:
    """Install `fuse` and `bar` in `core.fusion`, the bar recording what it gives (recall computes the
    bar right before it fuses)."""

    def recorded(mean: float, spread: float, count: int) -> float:
        _last_bar[0] = bar(mean, spread, count)
        return _last_bar[0]

    fusion.fuse, fusion.noise_bar = fuse, recorded


def _bar_at(strays: float) -> Callable[[float, float, int], float]:
    """`fusion.noise_bar` at the level `strays` unrelated memories would reach, not one."""
    from statistics import NormalDist

    def bar(mean: float, spread: float, count: int) -> float:
        if count < 2:
            return float("-inf")
        return mean + NormalDist().inv_cdf(1.0 - min(0.5, strays / count)) * spread

    return bar


def _from_bar(fuse: Fuse) -> Fuse:
    """`fuse` with every similarity measured from the noise bar (at least 0) instead of the average."""

    def shifted(lex: dict[int, float], sem: dict[int, float], *rest: float) -> dict[int, tuple[float, float]]:
        floor = max(0.0, _last_bar[0])
        return fuse(lex, {k: s - floor for k, s in sem.items()}, *rest)

    return shifted


def _discounted(fuse: Fuse) -> Fuse:
    """`fuse` with each embedded lexical match's part times min(1, max(0, similarity / noise bar))."""

    def discounted(lex: dict[int, float], sem: dict[int, float], *rest: float) -> dict[int, tuple[float, float]]:
        fused, floor = fuse(lex, sem, *rest), _last_bar[0]
        agree = {k: 1.0 if floor <= 0.0 else min(1.0, max(0.0, s / floor)) for k, s in sem.items()}
        return {k: (parts[0] * agree.get(k, 1.0), parts[1]) for k, parts in fused.items()}

    return discounted


def _rrf(
    lex: dict[int, float], sem: dict[int, float], share: float = 0.5, *_rest: float
) -> dict[int, tuple[float, float]]:
    """Reciprocal-rank fusion (k 60), each side's best rank scaled to its share of 1."""

    def ranks(scores: dict[int, float]) -> dict[int, float]:
        order = sorted(scores, key=lambda k: -scores[k])
        return {k: 61.0 / (61.0 + i) for i, k in enumerate(order)}

    lr, sr = ranks(lex), ranks(sem)
    return {k: ((1.0 - share) * lr.get(k, 0.0), share * sr.get(k, 0.0)) for k in sorted(set(lex) | set(sem))}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lme", type=Path, required=True, help="bench_longmemeval.py's --stores folder")
    parser.add_argument("--mixed", type=Path, required=True, help="evidence_block.py's --mixed folder (built)")
    parser.add_argument("pieces", nargs="*", default=["context", "dates", "hybrid", "nobar", "floor", "bar"])
    args = parser.parse_args()
    search.allow(wait=True)
    for name, patch, tweak in variants(args.pieces):
        patch()
        if name.endswith("(product)") or name == "back":
            continue
        print(line(name, measure(args.lme, args.mixed, tweak)), flush=True)


if __name__ == "__main__":
    main()
