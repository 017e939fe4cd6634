"""Recall and core memories through the search cache: what the CLI and the per-turn hook read."""

from __future__ import annotations

from datetime import datetime

from . import searchdb
from .config import Config
from .lifecycle import retention, tier_floor
from .search import Hit, by_importance, rank
from .store import Workspace

CORE_FLOOR = tier_floor("core")


def recall(ws: Workspace, query: str, now: datetime, config: Config, k: int = 5) -> list[Hit]:
    """The `k` memories that best answer `query`; empty when nothing matches or nothing is stored."""
    conn = searchdb.connect(ws)
    if conn is None:
        return []
    try:
        candidates = searchdb.search(conn, query, config.candidates)
    finally:
        conn.close()
    return rank(candidates, now, config, k)


def core_memories(ws: Workspace, now: datetime, config: Config, limit: int | None = None) -> list[Hit]:
    """Memories whose effective importance is core (≥ 0.7), strongest first, at most `limit`."""
    conn = searchdb.connect(ws)
    if conn is None:
        return []
    try:
        now_ts = now.timestamp()
        scored = []
        for rid, anchor, last, stability in searchdb.anchored(conn, CORE_FLOOR):
            days = max(0.0, (now_ts - last) / 86400.0)
            value = anchor * retention(days, config.curve, stability)
            if value >= CORE_FLOOR:
                scored.append((value, rid))
        scored.sort(reverse=True)
        chosen = scored if limit is None else scored[:limit]
        fetched = searchdb.fetch(conn, [rid for _, rid in chosen])
    finally:
        conn.close()
    return by_importance([fetched[rid] for _, rid in chosen], now, config)
