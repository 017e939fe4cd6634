"""When the hooks last did their work for this store: a turn captured, a block injected, the queue
encoded; what `status` reports so a user can see capture did not silently stop.

Kept as `meta` values written in the transaction that encodes (no write on the per-turn path: a turn's
capture and injection records wait in the inbox files until then), plus what still waits in those files.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from hippocampus.core.model import parse_time
from hippocampus.store import inbox, rows

if TYPE_CHECKING:
    from hippocampus.store.workspace import Workspace

CAPTURED, INJECTED, ENCODED = "lastCaptured", "lastInjected", "lastEncoded"


def later(a: str, b: str) -> str:
    """The later of two ISO 8601 times ('' or junk counts as never)."""
    return max((a, b), key=_when)


def _when(value: str) -> datetime:
    try:
        return parse_time(value)
    except (TypeError, ValueError):
        return NEVER


NEVER = datetime.min.replace(tzinfo=timezone.utc)


def note(conn: sqlite3.Connection, key: str, times: Iterable[str]) -> None:
    """Raise meta `key` to the latest of `times` inside the caller's transaction."""
    current = rows.get_meta(conn, key)
    latest = current
    for value in times:
        latest = later(latest, value) if isinstance(value, str) else latest
    if latest != current and _when(latest) != NEVER:
        rows.set_meta(conn, key, latest)


def last(ws: Workspace, conn: sqlite3.Connection | None, injected: list[dict[str, Any]]) -> dict[str, str | None]:
    """{lastCaptured, lastInjected, lastEncoded}: the meta values (`conn` on the store, None when there is
    none yet) raised by what waits in the turn inbox and by `injected` (the injection records not yet
    encoded, `injections.waiting`); None for what never happened."""
    found = {key: rows.get_meta(conn, key) if conn is not None else "" for key in (CAPTURED, INJECTED, ENCODED)}
    for line in inbox.waiting(str(ws.root)):
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if isinstance(item, dict) and isinstance(item.get("timestamp"), str):
            found[CAPTURED] = later(found[CAPTURED], item["timestamp"])
    for event in injected:
        if isinstance(event.get("time"), str):
            found[INJECTED] = later(found[INJECTED], event["time"])
    return {key: value if _when(value) != NEVER else None for key, value in found.items()}
