"""Where the workspace is, as plain strings: the per-turn path resolves it without importing pathlib."""

from __future__ import annotations

import os


def workspace_dir(explicit: str | os.PathLike[str] | None = None) -> str:
    """`--workspace` (or the hook's), else `$WORKSPACE`, else `~/.openclaw/workspace`."""
    chosen = os.fspath(explicit) if explicit else os.environ.get("WORKSPACE") or "~/.openclaw/workspace"
    return os.path.expanduser(chosen)
