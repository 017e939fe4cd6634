"""The files made from the memories for people and for OpenClaw: HIPPOCAMPUS_CORE.md and the dashboard.

Both are regenerated from what is written in the store, atomically, after each change that can
alter them (encode, decay, consolidate, init); a failed regeneration never undoes a write.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from hippocampus.core.config import Config
from hippocampus.core.model import Memory, parse_time
from hippocampus.store import files
from hippocampus.store.workspace import Workspace

if TYPE_CHECKING:
    from hippocampus.views.dashboard.view import DashboardView


def sync_core(ws: Workspace, now: datetime, config: Config) -> str:
    """Rewrite `$WORKSPACE/HIPPOCAMPUS_CORE.md` from the core memories; returns its path."""
    from hippocampus.core.lifecycle import CORE_FLOOR
    from hippocampus.recall import core_memories
    from hippocampus.views.markdown import core_markdown

    hits = core_memories(ws, now, config)
    files.write_text(ws.core_path, core_markdown(hits, now, config.decay_curve, CORE_FLOOR))
    return str(ws.core_path)


def dashboard_view(ws: Workspace, now: datetime, config: Config) -> DashboardView:
    """Read everything the dashboard shows from the workspace and build its view."""
    from hippocampus.openclaw.sessions import session_keys
    from hippocampus.store import database, rows
    from hippocampus.store.index_file import load_index
    from hippocampus.store.injections import waiting
    from hippocampus.store.logs import read_events
    from hippocampus.views.dashboard.sources import read_identity, read_sister_files
    from hippocampus.views.dashboard.view import build_view, preview_settings

    with database.reading(ws) as conn:
        history = rows.superseded(conn)
    index = load_index(ws)
    view = build_view(
        index,
        [*read_events(ws), *waiting(str(ws.root))],
        now,
        config.decay_curve,
        read_identity(ws),
        read_sister_files(ws),
        history,
        session_keys(),
        preview_settings(config),
    )
    return with_health(ws, view, now)


def with_health(ws: Workspace, view: DashboardView, now: datetime) -> DashboardView:
    """`view` with what is wrong here (`openclaw.health`) and when the hooks last worked."""
    from dataclasses import replace

    from hippocampus.openclaw.health import ago, environment, health
    from hippocampus.store import activity, database
    from hippocampus.store.config_file import settings
    from hippocampus.store.injections import waiting

    with database.reading(ws) as conn:
        last = activity.last(ws, conn, waiting(str(ws.root)))
    found = health(ws, settings(ws.config_path), last, environment())
    facts = {name: ago(last[key], now) for name, key in (("captured", "lastCaptured"), ("injected", "lastInjected"))}
    facts["encoded"] = ago(last["lastEncoded"], now)
    return replace(view, health=found["problems"], health_facts=facts)


def write_dashboard_view(ws: Workspace, view: DashboardView, output: Path | None = None) -> Path:
    """Render `view` and write it atomically to `output` or the workspace's dashboard path."""
    from hippocampus.views.dashboard.page import render_html

    path = output or ws.dashboard_path
    files.write_text(path, render_html(view))
    return path


def write_dashboard(ws: Workspace, now: datetime, config: Config | None = None, output: Path | None = None) -> Path:
    """Regenerate `$WORKSPACE/brain-dashboard.html` (or `output`) from the store; returns the path written.

    Raises `CorruptIndexError` if the index is unreadable and `OSError` if the page cannot be
    written; missing or malformed identity and sister files only show as notes on the page.
    `config` defaults to the workspace's settings.
    """
    if config is None:
        from hippocampus.store.config_file import settings

        config = settings(ws.config_path).config
    return write_dashboard_view(ws, dashboard_view(ws, now, config), output)


def write_archive(ws: Workspace, now: datetime, config: Config) -> None:
    """Render `memory/archive.md` from the archived memories (and the pre-database archive text), atomically;
    no file when nothing was ever archived."""
    import contextlib

    from hippocampus.store import logs
    from hippocampus.views.markdown import archive_markdown

    legacy, rows = logs.archived(ws)
    if not legacy and not rows:
        with contextlib.suppress(FileNotFoundError):
            ws.archive_path.unlink()
        return
    groups: dict[str, list[Memory]] = {}
    for when, memory in rows:
        groups.setdefault(when, []).append(memory)
    parts = [legacy if legacy else logs.ARCHIVE_HEADER]
    parts += [archive_markdown(group, parse_time(when), config.decay_curve) for when, group in groups.items()]
    files.write_text(ws.archive_path, "".join(parts))


def refresh_after_forget(ws: Workspace, now: datetime, config: Config | None = None) -> None:
    """Rewrite every file that could still show forgotten text: HIPPOCAMPUS_CORE.md, archive.md and the
    dashboard where the user has one."""
    if config is None:
        from hippocampus.store.config_file import settings

        config = settings(ws.config_path).config
    sync_core(ws, now, config)
    write_archive(ws, now, config)
    if ws.dashboard_path.exists():
        write_dashboard(ws, now, config)


def refresh_views(
    ws: Workspace, now: datetime, config: Config, dashboard: bool = True, archive: bool = False
) -> list[str]:
    """Re-sync HIPPOCAMPUS_CORE.md, archive.md (if `archive`: only archiving changes it) and the dashboard
    (if `dashboard`, or if the page exists). Returns warnings instead of raising: the memories are
    already safely written by then.
    """
    warnings = []
    sync_core(ws, now, config)
    if archive:
        write_archive(ws, now, config)
    if dashboard or ws.dashboard_path.exists():
        try:
            write_dashboard(ws, now, config)
        except OSError as exc:
            warnings.append(f"dashboard not regenerated: {exc}")
    return warnings
