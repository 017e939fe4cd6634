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
frequencies with a per-store budget (a reference outside the store).

Issue 25's fourth pass added evidence pooled by provenance (each candidate's sessions, each session's
size and every memory's similarity to the question grouped by session are dumped): a binomial tail
over a session's memories taken as independent, Simes' test per session (valid when they are positively
dependent), and a one-way random-effects model of the similarities (a session effect and a memory's
own), whose intra-session correlation `--why` prints with each dev72 block miss's best candidates; and
two other tests: the question's content words alone as a second semantic probe, and the top memory's
lead over the second under the tail's exponential. Run by hand, under `nice`:
`.venv/bin/python bench/evidence_rules.py --mixed DIR --lme DIR [--noise-stores 12] [--dump FILE] [--why]`
(a dump made before the fourth pass skips its rules). Never asserted in tests.
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
    probe = content_words(question, set(words))
    nearest2: dict[int, float] = {}
    if PROBE and probe and probe != question:
        started2 = search.start_query(probe, config)
        embedded2 = started2() if started2 is not None else None
        if embedded2 is not None:
            nearest2, _noise2 = search.similar(conn, model, embedded2[1], [r[0] for r in ranked], config.candidates)
    marks = ",".join(str(r[0]) for r in ranked) or "0"
    tokens = dict(conn.execute(f"SELECT rowid, tokens FROM fts WHERE rowid IN ({marks})").fetchall())
    sources = dict(conn.execute(f"SELECT rid, json_extract(json, '$.sources') FROM mem WHERE rid IN ({marks})"))
    texts = dict(conn.execute(f"SELECT rid, json_extract(json, '$.content') FROM mem WHERE rid IN ({marks})"))
    _total, df = search_cache._document_counts(conn, words) if words else (0, {})
    count = search_cache.memory_count(conn)
    sizes: dict[str, int] = {}
    member: dict[int, set[str]] = {}
    for rid, held_json in conn.execute("SELECT rid, json_extract(json, '$.sources') FROM mem"):
        member[rid] = {str(s.get("session")) for s in json.loads(held_json or "[]")}
        for session in member[rid]:
            sizes[session] = sizes.get(session, 0) + 1
    from hippocampus.store.memo import memo

    matrix = memo(conn, ("matrix", model), lambda: search._refresh(conn, model))
    every = matrix.centred(vector)
    by_session: dict[str, list[float]] = {}
    for i, rid in enumerate(matrix.rids):
        if rid in member and math.isfinite(float(every[i])):
            for session in member[rid]:
                by_session.setdefault(session, []).append(round(float(every[i]), 4))
    conn.close()
    cands = []
    for r in ranked:
        held = sorted({str(s.get("session")) for s in json.loads(sources.get(r[0]) or "[]")})
        matched = sorted(set(words) & set(str(tokens.get(r[0]) or "").split()))
        cands.append(
            {
                "bm25": bm25.get(r[0], 0.0),
                "sim": nearest.get(r[0]),
                "sim2": nearest2.get(r[0]),
                "ev": bool(set(held) & gold),
                "words": matched,
                "sessions": held,
                "text": str(texts.get(r[0]) or "")[:160] if gold else "",
            }
        )
    return {
        "sizes": sizes,
        "by_session": {k: sorted(v, reverse=True) for k, v in by_session.items()},
        "q": question,
        "store": str(folder),
        "words": len(words),
        "N": count,
        "nvec": noise[2],
        "nearest": sorted(nearest.values(), reverse=True),
        "probe": probe,
        "nearest2": sorted(nearest2.values(), reverse=True)[: config.candidates],
        "df": df,
        "cands": cands,
    }


PROBE = True
"""Whether the dump also embeds each question's content words alone (`content_words`): a second probe."""


def content_words(question: str, searched: set[str]) -> str:
    """The question's words that `search` looks for (its selective words), in their own spelling and
    order: the question without its request form ("can you suggest some ... that would ...")."""
    from hippocampus.core.tokens import WORD_RE, tokenize

    kept = [m.group(0) for m in WORD_RE.finditer(question) if set(tokenize(m.group(0))) & searched]
    return " ".join(kept)


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


def binomial_tail(n: int, p: float, k: int) -> float:
    """P(Bin(n, p) >= k), summed from k up (no cancellation when it is tiny)."""
    if k <= 0:
        return 1.0
    if p >= 1.0:
        return 1.0
    if k > n:
        return 0.0
    term = math.comb(n, k) * p**k * (1 - p) ** (n - k)
    total = 0.0
    for i in range(k, n + 1):
        total += term
        if term < total * 1e-12:
            break
        term *= (n - i) / (i + 1) * p / (1 - p) if p > 0 else 0.0
    return min(1.0, total)


def session_chances(r: Q, most: int = 5) -> dict[str, tuple[float, int, float]]:
    """Per session holding candidates: (its chance, the k that gives it, the per-memory chance at k):
    the chance that k or more of the session's n memories, unrelated to the question, match it at
    least as well as its k-th best does (a binomial tail on the per-memory chance), the smallest over
    k = 2..`most`, times the number of k tried."""
    tail = E.fit_tail(r["nearest"], r["nvec"])
    chances: dict[str, list[float]] = {}
    for c in r["cands"]:
        p = E.combined(E.lexical_chance(c["bm25"], r["words"]), E.semantic_chance(c["sim"], tail))
        for session in c.get("sessions", []):
            chances.setdefault(session, []).append(p)
    out: dict[str, tuple[float, int, float]] = {}
    for session, ps in chances.items():
        ps.sort()
        n = max(r["sizes"].get(session, len(ps)), len(ps))
        tried = range(2, min(most, len(ps)) + 1)
        best = (1.0, 0, 1.0)
        for k in tried:
            t = binomial_tail(n, ps[k - 1], k) * len(tried)
            if t < best[0]:
                best = (min(1.0, t), k, ps[k - 1])
        out[session] = best
    return out


def pooled(memory_strays: float = E.EXPECTED_STRAYS, session_strays: float = E.EXPECTED_STRAYS, most: int = 5) -> Rule:
    """The product's rule, or: a memory of a session whose k best matches together are evidence (the
    session's chance × the store's sessions <= `session_strays`) and that is among those k."""

    def rule(r: Q) -> list[bool]:
        keep = product(memory_strays)(r)
        tail = E.fit_tail(r["nearest"], r["nvec"])
        sessions = max(1, len(r["sizes"]))
        passing = {
            s: at for s, (chance, _k, at) in session_chances(r, most).items() if chance * sessions <= session_strays
        }
        out = []
        for k, c in zip(keep, r["cands"], strict=True):
            p = E.combined(E.lexical_chance(c["bm25"], r["words"]), E.semantic_chance(c["sim"], tail))
            out.append(k or any(p <= passing[s] for s in c.get("sessions", []) if s in passing))
        return out

    return rule


def _chances(r: Q) -> list[float]:
    """Each candidate's combined chance, as the product computes it."""
    tail = E.fit_tail(r["nearest"], r["nvec"])
    return [E.combined(E.lexical_chance(c["bm25"], r["words"]), E.semantic_chance(c["sim"], tail)) for c in r["cands"]]


def simes(session_strays: float = E.EXPECTED_STRAYS) -> Rule:
    """Simes' test over each session's memories (valid when they are positively dependent, as a session's
    memories are): a session is evidence when min over k of n × p_(k) / k, times the store's sessions, is
    at most `session_strays`; its memories up to that k pass. At k = 1 it is the product's rule with the
    session's share of the store's multiplicity, so it replaces the product's rule (no memory rule beside)."""

    def rule(r: Q) -> list[bool]:
        sessions = max(1, len(r["sizes"]))
        chances = _chances(r)
        by: dict[str, list[float]] = {}
        for p, c in zip(chances, r["cands"], strict=True):
            for session in c.get("sessions", []):
                by.setdefault(session, []).append(p)
        level: dict[str, float] = {}
        for session, ps in by.items():
            ps.sort()
            n = max(r["sizes"].get(session, len(ps)), len(ps))
            for k in range(1, len(ps) + 1):
                if n * ps[k - 1] / k * sessions <= session_strays:
                    level[session] = ps[k - 1]
        return [
            any(p <= level[s] for s in c.get("sessions", []) if s in level)
            for p, c in zip(chances, r["cands"], strict=True)
        ]

    return rule


def session_means(r: Q) -> tuple[dict[str, float], dict[str, float], float]:
    """Per session, the z-score of its memories' mean similarity to the question under a one-way random-
    effects model fitted to every memory of the store (a session effect of variance σa², a memory's own
    of variance σe², by the method of moments): (mean − grand mean) / sqrt(σa² + σe²/n). Also each
    session's mean and the intra-session correlation σa² / (σa² + σe²)."""
    groups: dict[str, list[float]] = r["by_session"]
    values = [v for g in groups.values() for v in g]
    total, count = len(values), len(groups)
    grand = sum(values) / total
    means = {k: sum(v) / len(v) for k, v in groups.items()}
    within = sum((x - means[k]) ** 2 for k, v in groups.items() for x in v) / max(1, total - count)
    between = sum(len(v) * (means[k] - grand) ** 2 for k, v in groups.items()) / max(1, count - 1)
    n0 = (total - sum(len(v) ** 2 for v in groups.values()) / total) / max(1, count - 1)
    effect = max(0.0, (between - within) / n0)
    z = {k: (means[k] - grand) / math.sqrt(effect + within / len(v)) for k, v in groups.items()}
    return z, means, effect / (effect + within) if effect + within > 0 else 0.0


def random_effects(
    session_strays: float = E.EXPECTED_STRAYS,
    memory_strays: float = E.EXPECTED_STRAYS,
    tail: str = "exp",
    best: bool = False,
) -> Rule:
    """The product's rule at `memory_strays`, or: a session whose mean similarity stands out (`session_means`)
    with a chance × the store's sessions <= `session_strays`, the chance from a normal tail of z, or from an
    exponential fitted to the sessions' z as `core.evidence` fits memories'. A passing session admits its
    candidates at least as similar as its mean, or with `best` only its best-ranked one (a stray session
    then costs one memory, as a stray memory does)."""
    from statistics import NormalDist

    def rule(r: Q) -> list[bool]:
        keep = product(memory_strays)(r)
        if len(r.get("by_session") or {}) < 4:
            return keep
        z, means, _icc = session_means(r)
        sessions = len(z)
        if tail == "normal":
            ok = {k for k, v in z.items() if (1.0 - NormalDist().cdf(v)) * sessions <= session_strays}
        else:
            fit = E.fit_tail(list(z.values()), sessions)
            ok = {k for k, v in z.items() if E.semantic_chance(v, fit) * sessions <= session_strays}
        out, admitted = list(keep), set()
        for i, c in enumerate(r["cands"]):
            for s in c.get("sessions", []):
                if s in ok and (
                    not best and c["sim"] is not None and c["sim"] >= means[s] or best and s not in admitted
                ):
                    admitted.add(s)
                    out[i] = True
        return out

    return rule


def probe(replace: bool = False) -> Rule:
    """A second semantic test: the similarity to the question's content words alone (`content_words`),
    its own tail; the three chances' smallest × 3, or with `replace` the probe instead of the question."""

    def rule(r: Q) -> list[bool]:
        first = E.fit_tail(r["nearest"], r["nvec"])
        second = E.fit_tail(r["nearest2"], r["nvec"]) if r.get("nearest2") else None
        out = []
        for c in r["cands"]:
            lexical = E.lexical_chance(c["bm25"], r["words"])
            own, other = E.semantic_chance(c["sim"], first), E.semantic_chance(c.get("sim2"), second)
            if second is None:
                chance = E.combined(lexical, own)
            elif replace:
                chance = E.combined(lexical, other)
            else:
                chance = min(1.0, 3.0 * min(lexical, own, other))
            out.append(E.about_message(chance, r["N"]))
        return out

    return rule


def gap(strays: float = E.EXPECTED_STRAYS) -> Rule:
    """The product's two tests and a third (each × 3): the most similar memory passes when its lead over
    the second, g, has chance e^(−g/scale) under the tail's exponential (its top spacing)."""

    def rule(r: Q) -> list[bool]:
        tail = E.fit_tail(r["nearest"], r["nvec"])
        out = []
        for c in r["cands"]:
            chance = min(1.0, 3.0 * min(E.lexical_chance(c["bm25"], r["words"]), E.semantic_chance(c["sim"], tail)))
            out.append(E.about_message(chance, r["N"], strays))
        if tail is not None and len(r["nearest"]) >= 2:
            lead = r["nearest"][0] - r["nearest"][1]
            if 3.0 * math.exp(-lead / tail.scale) <= strays:
                out = [
                    o or (c["sim"] is not None and c["sim"] >= r["nearest"][0])
                    for o, c in zip(out, r["cands"], strict=True)
                ]
        return out

    return rule


def misses(data: dict[str, list[Q]]) -> None:
    """Why each dev72 question whose top 5 holds evidence gets none in the block: its best candidates'
    expected strays (lexical, semantic, combined), their sessions and, per session holding evidence, how
    many evidence candidates it has and its independent binomial pooled strays."""
    rule = product()
    for r in data["dev72"]:
        if not any(c["ev"] for c in r["cands"][:5]) or any(
            c["ev"] for c, k in zip(r["cands"], rule(r), strict=True) if k
        ):
            continue
        tail, n = E.fit_tail(r["nearest"], r["nvec"]), r["N"]
        print(f"\n{r['q'][:100]!r}: {n} memories, {len(r['sizes'])} sessions, {r['words']} words searched")
        scored = sorted(
            ((E.lexical_chance(c["bm25"], r["words"]), E.semantic_chance(c["sim"], tail), c) for c in r["cands"]),
            key=lambda x: min(x[0], x[1]),
        )
        for lexical, semantic, c in scored[:5]:
            print(
                f"  {'EV' if c['ev'] else '  '} strays {2 * min(lexical, semantic) * n:6.2f} (lexical {lexical * n:7.2f},"
                f" semantic {semantic * n:7.2f}) {c['words']} session {c['sessions'][:1]} of {[r['sizes'].get(s) for s in c['sessions'][:1]]}"
            )
        gold = {s for c in r["cands"] if c["ev"] for s in c["sessions"]}
        pooled_at = session_chances(r)
        for s in sorted(gold):
            held = sum(1 for c in r["cands"] if c["ev"] and s in c["sessions"])
            chance = pooled_at.get(s, (1.0, 0, 1.0))[0] * len(r["sizes"])
            print(f"  evidence session {s[:24]} of {r['sizes'].get(s)}: {held} candidates, pooled strays {chance:.3g}")


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
    parser.add_argument("--why", action="store_true", help="print why each dev72 block miss abstains, and stop")
    args = parser.parse_args()
    if not args.dump.exists():
        args.dump.parent.mkdir(exist_ok=True)
        args.dump.write_text(json.dumps(dump(args.mixed, args.lme, args.noise_stores)))
    data = json.loads(args.dump.read_text())
    if args.why:
        misses(data)
        for name in ("dev72", "noise", "small", "facts"):
            rows = [session_means(r)[2] for r in data[name] if len(r.get("by_session") or {}) >= 4]
            if rows:
                print(
                    f"intra-session correlation of similarity, {name}: median {median(rows):.2f}, range {min(rows):.2f}-{max(rows):.2f}"
                )
        return
    rules: list[tuple[str, Rule | None]] = [(f"product, strays {s}", product(s)) for s in (0.25, 0.5, 1, 2, 4)]
    rules += [("lexical side alone", product(side="lexical")), ("semantic side alone", product(side="semantic"))]
    rules += [("Fisher", fisher), ("group of top similarities", group), ("IDF sum, not BM25", idf_sum)]
    rules += [(f"Pareto tail, shape >= {s}", pareto(s)) for s in (-0.5, -0.3)]
    rules += [(f"general word frequencies, {b}", general_words(b)) for b in (0.1, 0.25)]
    if "by_session" in data["dev72"][0]:  # pooled by provenance (issue 25, fourth pass): dumps since then
        rules += [(f"pooled, independent, {a}/{b}", pooled(a, b)) for a, b in ((0.5, 0.5), (0.5, 0.25), (0.5, 0.1))]
        rules += [(f"Simes per session, {b}", simes(b)) for b in (0.35, 0.5, 0.75, 1.0)]
        rules += [(f"session mean z, normal, {b}", random_effects(b, tail="normal")) for b in (0.5, 0.25)]
        rules += [(f"session mean z, exp, {b}", random_effects(b)) for b in (0.5, 0.25)]
        rules += [
            (f"session mean z, exp, best, {b}/{a}", random_effects(b, a, best=True))
            for a, b in ((0.5, 0.5), (0.5, 0.25), (0.25, 0.25))
        ]
        rules += [("content-word probe, 3 tests", probe()), ("content-word probe instead", probe(replace=True))]
        rules += [("lead of the top, 3 tests", gap())]
    for name, rule in rules:
        print(measure(name, rule, data) if rule is not None else f"{name}: skipped (wordfreq not installed)")


if __name__ == "__main__":
    main()
