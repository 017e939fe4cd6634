"""Which channel and agent an OpenClaw session id belongs to: session id -> session key.

OpenClaw 2026.9.6 keeps `session_windows(session_id, session_key)` in each agent's
`agents/<id>/agent/openclaw-agent.sqlite` (opened read-only), older versions a `sessions.json`
next to the JSONL transcripts. Best-effort: a missing or unreadable store names nothing.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

from hippocampus.openclaw.transcripts import iter_agents, jsonl_keys, open_ro, state_dir

MAX_SESSIONS = 200_000
"""A bound on what one dashboard reads, whatever the size of OpenClaw's store."""


def session_keys(state: Path | None = None) -> dict[str, str]:
    """Every session id OpenClaw's state folder (`state`, else `$OPENCLAW_STATE_DIR`, else `~/.openclaw`)
    names, mapped to its session key (`agent:<agent>:<channel>:…`)."""
    root = state or state_dir()
    keys: dict[str, str] = {}
    for agent in iter_agents(root):
        db = root / "agents" / agent / "agent" / "openclaw-agent.sqlite"
        if db.is_file():
            with contextlib.suppress(sqlite3.Error, OSError):
                conn = open_ro(db)
                try:
                    sql = "SELECT session_id, session_key FROM session_windows LIMIT ?"
                    keys.update({str(s): str(k) for s, k in conn.execute(sql, (MAX_SESSIONS,)) if s and k})
                finally:
                    conn.close()
        folder = root / "agents" / agent / "sessions"
        if folder.is_dir():
            with contextlib.suppress(OSError, ValueError):
                keys.update(jsonl_keys(folder))
    return keys
