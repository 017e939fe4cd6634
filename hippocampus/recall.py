"""Recall and core memories through the search cache: what the CLI and the per-turn hook read."""

from __future__ import annotations

import math
import sqlite3
import sys
from collections.abc import Callable
from datetime import datetime
from heapq import heappush, heapreplace
from typing import TYPE_CHECKING, Any

from hippocampus.core.config import Config
from hippocampus.core.lifecycle import CORE_FLOOR, EBBINGHAUS, retention
from hippocampus.core.ranking import Hit, by_importance, rank_candidates
from hippocampus.store import rows, search_cache

if TYPE_CHECKING:
    from hippocampus.core.ranking import Candidate
    from hippocampus.store.workspace import Workspace


def _with_cache(
    ws: Workspace | None, conn: sqlite3.Connection | None, work: Callable[[sqlite3.Connection], list[Hit]]
) -> list[Hit]:
    """Run `work` on the caller's open cache (left open), or on the cache of `ws` opened and closed here."""
    if conn is not None:
        return work(conn)
    from hippocampus.store.index_file import open_search

    own = open_search(ws) if ws is not None else None
    if own is None:
        return []
    try:
        return work(own)
    finally:
        own.close()


def recall(
    ws: Workspace | None,
    query: str,
    now: datetime,
    config: Config,
    k: int = 5,
    conn: sqlite3.Connection | None = None,
    started: Callable[[], tuple[str, Any] | None] | None = None,
    about_only: bool = False,
) -> list[Hit]:
    """The `k` memories that best answer `query`; empty when nothing matches or nothing is stored.

    Uses `conn` when given (the caller's open cache, left open), else opens and closes the cache of `ws`;
    `started`: the query's embedding already begun by the caller (`search.start_query`). Every hit
    carries its `chance` (`core.evidence`); `about_only` keeps only the hits that are evidence of being
    about the query (`evidence.about_message`), best first: what the block before a turn holds.
    """

    def work(c: sqlite3.Connection) -> list[Hit]:
        pending = started or _start_query(query, config)
        lexical = _dated(c, query, now, search_cache.search(c, query, config.candidates))
        embedded = pending() if pending is not None else None
        if embedded is not None:
            return _hybrid(c, query, lexical, embedded, now, config, k, about_only)
        return _lexical(c, query, lexical, now, config, k, about_only)

    return _newer_first(_with_cache(ws, conn, work))


def _newer_first(hits: list[Hit]) -> list[Hit]:
    """`core.newer.newer_first`: of two current memories on one attribute, the newer first, "(updated DATE)"."""
    from hippocampus.core.newer import newer_first

    return newer_first(hits)


def _about(chance: dict[int, float], count: int, about_only: bool, query: str) -> Callable[[int], bool]:
    """Which candidates may be returned: all, or with `about_only` those `core.evidence` calls evidence of
    being about `query` (its budget of strays: `evidence.strays_for`)."""
    from hippocampus.core.evidence import about_message, strays_for

    if not about_only:
        return lambda _key: True
    strays = strays_for(query)
    return lambda key: about_message(chance.get(key, 1.0), count, strays)


def _lexical(
    conn: sqlite3.Connection,
    query: str,
    lexical: list[Candidate],
    now: datetime,
    config: Config,
    k: int,
    about_only: bool = False,
) -> list[Hit]:
    """The lexical candidates ranked by BM25 (min-max over them), importance and recency."""
    from hippocampus.core.evidence import combined, lexical_chance

    words = search_cache.searched_words(conn, query) if lexical else 0
    chance = {c[0]: combined(lexical_chance(c[5], words), 1.0) for c in lexical}
    keep = _about(chance, search_cache.memory_count(conn), about_only, query)
    ranked = rank_candidates(lexical, now, config, len(lexical) if about_only else k)
    top = [row for row in ranked if keep(row[0])][:k]
    found = rows.by_rids(conn, [key for key, *_ in top])  # only the winners are parsed
    return [
        Hit(found[key], score, rel, eff, rec, parts, chance=chance[key])
        for key, score, rel, eff, rec, parts in top
        if key in found
    ]


def _dated(conn: sqlite3.Connection, query: str, now: datetime, candidates: list[Candidate]) -> list[Candidate]:
    """`candidates` with `core.dates.time_factor` applied to their relevance: a question that names a
    day ("on Valentine's day", "last Tuesday") or asks "when" favours the memories that match it. Other
    questions pay only the check of their words (`core.date_words`: `core.dates` is not even imported)."""
    from hippocampus.core.date_words import hints

    if not candidates or not any(hints(query.casefold())):
        return candidates  # no date word and no "when" word: `question_time` would be inactive
    from hippocampus.core.dates import question_time, time_factor

    asked = question_time(query, now)
    if not asked.active:
        return candidates
    said = search_cache.said(conn, [c[0] for c in candidates])
    return [(*c[:5], c[5] * time_factor(asked, said.get(c[0], []))) for c in candidates]


def _hybrid(
    conn: sqlite3.Connection,
    query: str,
    lexical: list[Candidate],
    embedded: tuple[str, Any],
    now: datetime,
    config: Config,
    k: int,
    about_only: bool = False,
) -> list[Hit]:
    """Lexical candidates and the memories nearest the query's vector, ranked on their fused relevance
    (`core.fusion`), then by the usual importance and recency weights; each hit keeps its BM25, its
    similarity, the semantic part of its score and its chance (`core.evidence`)."""
    from hippocampus.core import fusion
    from hippocampus.core.evidence import combined, fit_tail, lexical_chance, semantic_chance
    from hippocampus.semantic import search
    from hippocampus.store import vectors

    model, vector = embedded
    bm25 = {c[0]: c[5] for c in lexical}
    nearest, noise = search.similar(conn, model, vector, list(bm25), config.candidates)
    if not noise[2]:  # no memory has a vector by this model yet: recall is lexical, exactly
        return _lexical(conn, query, lexical, now, config, k, about_only)
    sims = fusion.kept(nearest, bm25, max(config.semantic_floor, fusion.noise_bar(*noise)))
    fused = fusion.fuse(bm25, sims, config.semantic_weight, search_cache.full_match(conn, query))
    pool = lexical + vectors.candidates(conn, [rid for rid in sims if rid not in bm25])
    tail = fit_tail(list(nearest.values()), noise[2])
    # a store too small for its own tail (under 4 x MIN_TAIL memories) keeps having no semantic evidence:
    # against the background alone, each of a handful of memories would pass one turn in ten or so
    reference = _background_tail(conn, model, vector, config) if about_only and tail is not None else None
    words = search_cache.searched_words(conn, query) if lexical else 0
    chance = {
        c[0]: combined(lexical_chance(bm25.get(c[0], 0.0), words), semantic_chance(nearest.get(c[0]), tail, reference))
        for c in pool
    }
    keep = _about(chance, search_cache.memory_count(conn), about_only, query)
    ranked = rank_candidates([(*c[:5], sum(fused[c[0]])) for c in pool], now, config, len(pool), scaled=True)
    top = [row for row in ranked if keep(row[0])][:k]
    found = rows.by_rids(conn, [key for key, *_ in top])
    hits = []
    for key, score, _rel, eff, rec, parts in top:
        if key in found:
            lexical_part, semantic_part = fusion.split(parts[0], fused[key])
            hit_parts = (lexical_part, parts[1], parts[2])
            hits.append(
                Hit(
                    found[key],
                    score,
                    bm25.get(key, 0.0),
                    eff,
                    rec,
                    hit_parts,
                    semantic_part,
                    sims.get(key),
                    chance[key],
                )
            )
    return hits


def _background_tail(conn: sqlite3.Connection, model: str, vector: Any, config: Config) -> Any:
    """The tail of the question's similarities to `semantic.background`'s sentences in this store's frame
    (`core.evidence.semantic_chance`'s reference outside the store), or None while it is not ready."""
    from hippocampus.core.evidence import fit_tail
    from hippocampus.semantic import background, search

    rows = background.vectors(model, config)
    centroid = search.centroid(conn, model) if rows is not None else None
    if rows is None or centroid is None:
        return None
    return fit_tail(background.similarities(rows, vector, centroid), len(rows))


def recall_with_history(ws: Workspace, query: str, now: datetime, config: Config, k: int = 5) -> list[Hit]:
    """`recall`, then the superseded memories that match (`k` at most, each naming its successor): what
    `recall --all` shows. Superseded memories are history, so they come after every current one."""
    from hippocampus.core.ranking import Hit

    current = recall(ws, query, now, config, k)

    def history(conn: sqlite3.Connection) -> list[Hit]:
        return [Hit(m, 0.0, rel, 0.0, 0.0) for m, rel in search_cache.search_superseded(conn, query, k)]

    return current + _with_cache(ws, None, history)


def core_memories(
    ws: Workspace | None,
    now: datetime,
    config: Config,
    limit: int | None = None,
    conn: sqlite3.Connection | None = None,
) -> list[Hit]:
    """Memories whose effective importance is core (≥ 0.7), strongest first, at most `limit`.

    Uses `conn` when given (the caller's open cache, left open), else opens and closes the cache of `ws`.
    """
    if limit is not None and limit <= 0:
        return []
    return _newer_first(_with_cache(ws, conn, lambda c: _core(c, now, config, limit)))


def _core(conn: sqlite3.Connection, now: datetime, config: Config, limit: int | None) -> list[Hit]:
    """`core_memories` on an open cache."""
    now_ts = now.timestamp()
    # anchor ≤ 1, so a core memory kept at least CORE_FLOOR of its importance: a bound on its age
    # (widened by a millionth against rounding), applied in SQL over a covering index.
    if config.curve == EBBINGHAUS:  # exp(-days/stability) ≥ floor ⇔ days ≤ -ln(floor)·stability
        bound = {"not_before": now_ts, "per_stability": -math.log(CORE_FLOOR) * 86400.0 * 1.000001}
    else:  # factor^days ≥ floor ⇔ days ≤ ln(floor)/ln(factor), factor = 1 − decay_rate
        factor = config.decay_curve.factor
        bound = {"not_before": now_ts - math.log(CORE_FLOOR) / math.log(factor) * 86400.0 * 1.000001}
    scored: list[tuple[float, int]] = []  # with a limit: a min-heap of the best `limit` so far
    for rid, anchor, last, stability in search_cache.anchored(conn, CORE_FLOOR, **bound):
        if limit is not None and len(scored) >= limit and anchor < scored[0][0]:
            break  # rows come highest anchor first and effective ≤ anchor: none can enter now
        days = max(0.0, (now_ts - last) / 86400.0)
        value = anchor * retention(days, config.decay_curve, stability)
        if value < CORE_FLOOR:
            continue
        if limit is None or len(scored) < limit:
            heappush(scored, (value, rid))
        elif (value, rid) > scored[0]:
            heapreplace(scored, (value, rid))
    scored.sort(reverse=True)
    chosen = scored if limit is None else scored[:limit]
    fetched = rows.by_rids(conn, [rid for _, rid in chosen])
    return by_importance([fetched[rid] for _, rid in chosen], now, config)


def _start_query(query: str, config: Config) -> Callable[[], tuple[str, Any] | None] | None:
    """`search.start_query`, in a process that imported it: one that never did never called its
    `allow`, so the answer would be None."""
    search = sys.modules.get("hippocampus.semantic.search")
    return search.start_query(query, config) if search is not None else None


def turn_context(conn: sqlite3.Connection, query: str, now: datetime, config: Config, budget: int) -> str:
    """The fenced block injected before a turn: memories relevant to `query`, then core ones, within `budget`."""
    return turn_injection(conn, query, now, config, budget)[0]


def turn_injection(
    conn: sqlite3.Connection, query: str, now: datetime, config: Config, budget: int
) -> tuple[str, list[tuple[str, Hit]]]:
    """`turn_context`, and the hits the block holds with their section: what the injection record keeps."""
    from hippocampus.views.context import context_block_with_hits

    asked = bool(query.strip())
    started = _start_query(query, config) if asked else None  # the embedding runs while core memories are read
    core = core_memories(None, now, config, config.core_limit, conn=conn)
    relevant = (
        recall(
            None,
            query,
            now,
            config,
            config.inject_relevant,
            conn=conn,
            started=started,
            about_only=config.inject_abstain,
        )
        if asked
        else []
    )
    return context_block_with_hits(core, relevant, budget)
