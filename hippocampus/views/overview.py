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
    """Totals by tier and domain, the queue length, where the files are, and whether Hippocampus works
    in this OpenClaw (`health`: the plugin, the worker, the last capture, injection and encoding, the
    settings file's problems; `openclaw/health.py`)."""
    from hippocampus.openclaw.health import environment, health
    from hippocampus.store import activity, database, reprofile
    from hippocampus.store.config_file import settings

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
        "profilesRebuild": reprofile.progress(ws),
        "health": health(ws, settings(ws.config_path), _activity(ws, activity, database), environment()),
    }


def _activity(ws: Workspace, activity: Any, database: Any) -> dict[str, str | None]:
    from hippocampus.store.injections import waiting

    with database.reading(ws) as conn:
        return dict(activity.last(ws, conn, waiting(str(ws.root))))


def status_text(data: dict[str, Any], now: datetime) -> str:
    """`status` for people: one line per fact, the problems last (each with what to do)."""
    from hippocampus.openclaw.health import ago

    tiers = ", ".join(f"{n} {name}" for name, n in data["tiers"].items())
    domains = ", ".join(f"{n} {name}" for name, n in sorted(data["domains"].items(), key=lambda kv: -kv[1]))
    recall = data["recall"]
    vectors = f"; {recall['embedded']} embedded, {recall['waiting']} waiting" if "model" in recall else ""
    h = data["health"]
    plugin = h["plugin"]
    yes = {True: "yes", False: "no"}
    pids = ", ".join(map(str, h["worker"]["pids"]))
    loaded = f"yes, worker pid {pids}" if pids else "no worker running (no Gateway or agent run holds the plugin now)"
    lines = [
        f"Workspace:    {data['workspace']}",
        f"Database:     {data['database']}",
        f"Memories:     {data['memories']} ({tiers})",
        f"Domains:      {domains or 'none yet'}",
        f"Queued:       {data['queuedSignals']} signal(s) waiting to be encoded",
        f"Recall:       {recall['mode']} ({recall['why']}{vectors})",
        f"Curve:        {data['curve']}",
        *_rebuild_line(data.get("profilesRebuild")),
        f"Last decay:   {ago(data['decayLastRun'], now) if data['decayLastRun'] else 'never'}",
        f"Plugin:       installed {yes[plugin['installed']]}, enabled {yes[plugin['enabled']]},"
        f" hooks allowed {yes[plugin['hooksAllowed']]} ({plugin['config']})",
        f"Loaded:       {loaded}",
        f"Captured:     {ago(h['lastCaptured'], now)}",
        f"Injected:     {ago(h['lastInjected'], now)}",
        f"Encoded:      {ago(h['lastEncoded'], now)}",
        f"Settings:     {h['settings']['file']}" + (" (problems below)" if h["settings"]["problems"] else " (ok)"),
    ]
    if h["problems"]:
        lines.append("Problems:")
        lines += [f"  - {p}" for p in h["problems"]]
    else:
        lines.append("Health:       ok")
    return "\n".join(lines) + "\n"


def _rebuild_line(rebuild: dict[str, int] | None) -> list[str]:
    """While an upgrade's similarity profiles are rebuilt (`store.reprofile`), how far it is and who finishes it."""
    if not rebuild:
        return []
    return [
        f"Profiles:     rebuilding after an upgrade, {rebuild['done']} of {rebuild['total']} memories done"
        " (the worker goes on when quiet; `hippocampus decay` finishes it)"
    ]


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
