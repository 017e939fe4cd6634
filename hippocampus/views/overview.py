"""Read-only summaries of the store: listings, `status` totals and the `heartbeat` review list."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from hippocampus.core import lifecycle
from hippocampus.core.config import Config
from hippocampus.core.ranking import Hit, by_importance
from hippocampus.semantic import search
from hippocampus.store import index_file, queue
from hippocampus.store.workspace import Workspace

HEARTBEAT_FADING = 5
HEARTBEAT_DECAYING = 3
DECAYING_WITHIN_DAYS = 7


def listing(
    ws: Workspace,
    now: datetime,
    config: Config,
    tier: str | None = None,
    domain: str | None = None,
    limit: int | None = None,
) -> list[Hit]:
    """Memories strongest first, optionally of one tier and one domain, at most `limit`."""
    hits = [
        h
        for h in by_importance(index_file.load_index(ws).memories, now, config)
        if (not tier or h.tier == tier) and (not domain or h.memory.domain == domain)
    ]
    return hits[:limit] if limit is not None else hits


def status(ws: Workspace, now: datetime, config: Config) -> dict[str, Any]:
    """Totals by tier and domain, the queue length and where the files are."""
    index = index_file.load_index(ws)
    hits = by_importance(index.memories, now, config)
    tiers = {name: sum(1 for h in hits if h.tier == name) for name, _ in lifecycle.TIERS}
    domains: dict[str, int] = {}
    for h in hits:
        domains[h.memory.domain] = domains.get(h.memory.domain, 0) + 1
    return {
        "workspace": str(ws.root),
        "database": str(ws.db_path),
        "memories": len(hits),
        "tiers": tiers,
        "domains": domains,
        "queuedSignals": queue.queued(ws),
        "curve": config.curve,
        "lastUpdated": index.last_updated,
        "decayLastRun": index.decay_last_run,
        "recall": search.describe(ws, config),
    }


def heartbeat(ws: Workspace, now: datetime, config: Config) -> tuple[list[Hit], list[Hit]]:
    """(fading, decaying): memories worth a review now, and core ones that leave core within a week.

    Under the Ebbinghaus curve these are its own bands: fading < 0.3, decaying 0.3–0.7.
    """
    hits = by_importance(index_file.load_index(ws).memories, now, config)
    if config.curve == lifecycle.EBBINGHAUS:
        fading = [h for h in hits if h.effective < lifecycle.BAND_FADING_BELOW]
        soon = [h for h in hits if lifecycle.BAND_FADING_BELOW <= h.effective < lifecycle.BAND_ACTIVE]
    else:
        fading = [h for h in hits if h.effective < config.archive_below]
        soon = [
            h
            for h in hits
            if h.effective >= lifecycle.CORE_FLOOR
            and lifecycle.days_until_below(h.memory, lifecycle.CORE_FLOOR, now, config.decay_curve)
            <= DECAYING_WITHIN_DAYS
        ]
    return fading[:HEARTBEAT_FADING], soon[:HEARTBEAT_DECAYING]
