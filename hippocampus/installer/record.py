"""The install record, `memory/install-record.json`: what the installer did and the values it replaced.

`--uninstall` reverses exactly what this file lists and nothing else. A re-run keeps the
"before" values of the first run, so undoing always returns to the state before Hippocampus.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hippocampus.installer.names import RECORD_NAME
from hippocampus.store.files import atomic_write

RECORD_VERSION = 1


def record_path(workspace: Path) -> Path:
    """Where the record lives."""
    return workspace / "memory" / RECORD_NAME


def load_record(workspace: Path) -> dict[str, Any] | None:
    """The record, or None when there is none (or it is not a record)."""
    try:
        data = json.loads(record_path(workspace).read_text(encoding="utf-8"))
    except (FileNotFoundError, json.JSONDecodeError, UnicodeDecodeError):
        return None
    return data if isinstance(data, dict) and data.get("version") == RECORD_VERSION else None


def save_record(workspace: Path, record: dict[str, Any]) -> None:
    """Atomically write the record (after every step, so a crash leaves it accurate)."""
    atomic_write(record_path(workspace), json.dumps(record, ensure_ascii=False, indent=1) + "\n")


def new_record(previous: dict[str, Any] | None) -> dict[str, Any]:
    """Start from the previous record (keeping its before-values) or an empty one."""
    if previous:
        copy: dict[str, Any] = json.loads(json.dumps(previous))  # a deep copy
        return copy
    return {"version": RECORD_VERSION, "cron": {}}
