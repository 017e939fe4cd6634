"""Keeping the store healthy: set it up, decay and archive, consolidate, wipe.

These are the cron jobs' verbs (`decay` daily, `consolidate` weekly) and the installer's `init`.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from hippocampus.core import lifecycle
from hippocampus.core.config import Config
from hippocampus.store import index_file, logs
from hippocampus.store.workspace import Workspace, ensure_layout


def init_workspace(ws: Workspace, now: datetime, config: Config) -> dict[str, Any]:
    """Create `memory/` and an empty index if missing (never touches existing memories), then write
    HIPPOCAMPUS_CORE.md and the dashboard; returns what it did."""
    from hippocampus.store import database
    from hippocampus.views import sync

    created = not ws.db_path.exists() and not ws.index_path.exists()
    ensure_layout(ws)
    database.connect(ws).close()  # creates the database, or migrates the files it replaces
    count = index_file.count(ws)
    core = sync.sync_core(ws, now, config)
    dashboard = str(sync.write_dashboard(ws, now, config))
    return {"workspace": str(ws.root), "indexCreated": created, "memories": count, "core": core, "dashboard": dashboard}


def decay(ws: Workspace, now: datetime, config: Config, archive: bool = False) -> dict[str, Any]:
    """Bring stored importance to the formula's value at `now` (idempotent: a function of time, recorded
    as the decay run, no row rewritten); list, or archive, those under `config.archive_below`. A store
    whose text was redacted under older rules is first redacted again (`store.reredact`, once), and one
    whose similarity profiles older code computed is re-profiled (`store.reprofile`, once). It
    embeds nothing: the vectors a store owes are `hippocampus embed`'s job, or the warm worker's idle
    time (`semantic.embedding.catch_up`)."""
    from hippocampus.store import database, reindex, reprofile, reredact, rows

    redacted_again = reredact.catch_up(ws)  # a store from before today's redaction rules: once, in cron
    reindex.catch_up(ws)  # search fields still owed by the schema 3 upgrade
    reprofiled = reprofile.catch_up(ws)  # profiles from older profile code, to the end
    with database.writing(ws) as conn:
        fading = index_file.fading_after_decay(conn, now, config.decay_curve, config.archive_below)
        ids = [memory_id for _, memory_id in fading]
        if archive and fading:
            logs.archive_rows(conn, [rid for rid, _ in fading], now, config.decay_curve)
            rows.delete(conn, ids)
            logs.insert_events(conn, [logs.event(now, "archive", i) for i in ids])
        total = int(conn.execute("SELECT COUNT(*) FROM mem").fetchone()[0])
    report: dict[str, Any] = {"memories": total, "candidates": ids, "archived": ids if archive else []}
    if redacted_again:
        report["redactedAgain"] = redacted_again
    if reprofiled:
        report["reprofiled"] = reprofiled
    return report


APPLY_GROUPS = 100
"""Merge groups applied per write transaction: each is a few milliseconds, so a turn never waits long."""


def consolidate(ws: Workspace, now: datetime, config: Config) -> dict[str, Any]:
    """Merge near-duplicates (`core.consolidate`) and list fading memories.

    The merges are planned on a read snapshot from the stored profiles (no write lock held, so turns
    keep queueing), then applied in short transactions of `APPLY_GROUPS` merge groups; a crash between
    two leaves each group merged or not, and a merge whose memories were forgotten meanwhile is
    dropped. The first run compares every memory (in memory, from the stored profiles); later runs
    only those written since (`dirty`, or a row id past the last run's), through the persisted feature
    index, so the cost follows what changed, not the size of the store.
    """
    from hippocampus.core.consolidate import merge_into, plan_incremental, plan_merges
    from hippocampus.store import database, memory_space, rows

    with database.reading(ws) as conn, _collector_paused():
        weights = effective_by_rid(conn, now, config.decay_curve)
        last = rows.get_meta(conn, "consolidatedRid")
        top = max(weights, default=0)
        if not last:
            plan = plan_merges(((rid, d, n, p, weights[rid]) for rid, d, n, p in rows.profiles(conn)), normalised=True)
        else:
            changed = [(rid, d, n, p, weights[rid]) for rid, d, n, p in rows.changed_profiles(conn, int(last))]
            finder = memory_space.StoreCandidates(conn)
            plan = plan_incremental(changed, lambda e, skip: finder.best(e[2], e[3], e[1], skip), weights.__getitem__)
        fading_rids = {rid for rid, value in weights.items() if value < config.archive_below}
    merged: list[dict[str, str]] = []
    into: dict[int, list[int]] = {}
    for source, target in plan:
        into.setdefault(target, []).append(source)
    groups = list(into.items())
    gone: list[str] = []
    for start in range(0, len(groups), APPLY_GROUPS):  # short transactions: turns queue in between
        with database.writing(ws) as conn:
            chunk = groups[start : start + APPLY_GROUPS]
            found = rows.by_rids(conn, sorted({rid for target, sources in chunk for rid in (target, *sources)}))
            done: list[dict[str, str]] = []
            for target, sources in chunk:  # each survivor absorbs its group and is written once
                if target not in found:
                    continue
                survivor = found[target]
                for source in sources:
                    if source in found:
                        survivor = merge_into(survivor, found[source])
                        done.append({"from": found[source].id, "into": survivor.id})
                index_file.put(conn, survivor, target, now)
            rows.delete(conn, [m["from"] for m in done])
            logs.insert_events(conn, [logs.event(now, "merge", m["from"], into=m["into"]) for m in done])
            merged += done
            gone += [m["from"] for m in done]
    with database.writing(ws) as conn:
        rows.set_meta(conn, "consolidatedRid", str(top))
        conn.execute("DELETE FROM dirty WHERE rid <= ?", (top,))
        ended = set(gone)
        fading = [i for _, i in rows.ids_of(conn, sorted(fading_rids)) if i not in ended]
    return {"merged": merged, "fading": fading}


@contextmanager
def _collector_paused() -> Iterator[None]:
    """No cyclic garbage collection while the plan is read and made: it builds hundreds of thousands of
    acyclic containers (profiles, postings), and each collection would walk all of them again (about a
    quarter of the first consolidation's time at 100k). Everything is freed by reference counting."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def effective_by_rid(conn: Any, now: datetime, curve: lifecycle.Curve) -> dict[int, float]:
    """Every memory's effective importance at `now`, from the stored columns (no memory is parsed);
    `lifecycle.retention` written out for the default curve, as this runs once per memory."""
    now_ts, day = now.timestamp(), lifecycle.SECONDS_PER_DAY
    rows = conn.execute("SELECT rid, anchor, last, stability FROM mem")
    if curve.kind == lifecycle.EXPONENTIAL:
        factor = curve.factor
        return {int(rid): float(anchor) * factor ** max(0.0, (now_ts - last) / day) for rid, anchor, last, _ in rows}
    retention = lifecycle.retention
    return {
        int(rid): float(anchor) * retention(max(0.0, (now_ts - last) / day), curve, float(stability))
        for rid, anchor, last, stability in rows
    }


def wipe(ws: Workspace, now: datetime, config: Config | None = None) -> int:
    """Delete every memory, the queue, the events log and the archive, scrub the database files, and
    rewrite the dashboard (where there is one) so it shows none of them; returns how many memories."""
    from hippocampus.views import sync

    gone = index_file.wipe(ws, now)
    if ws.dashboard_path.exists():
        sync.write_dashboard(ws, now, config)
    return gone
