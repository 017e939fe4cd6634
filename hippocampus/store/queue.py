"""The capture queue: `memory/signals.jsonl` (append-only) and `memory/signals.cursor`.

Contract: the hooks only ever append whole lines; encoding reads the complete lines after
the cursor (a byte offset) and moves the cursor only after the memories they made are
written, so a crash re-reads rather than loses. A partial last line is left for the next run.
The reader tracks byte offsets, which is why it does not use `files.read_jsonl`.
"""

from __future__ import annotations

import json

from hippocampus.core.model import Signal
from hippocampus.store.files import append_jsonl, atomic_write, locked
from hippocampus.store.workspace import Workspace


def append_signals(ws: Workspace, signals: list[Signal]) -> None:
    """Append signals to the queue under the lock; the queue is never rewritten."""
    with locked(ws):
        append_jsonl(ws.signals_path, [s.to_dict() for s in signals])


def read_cursor(ws: Workspace) -> int:
    """Byte offset in `signals.jsonl` up to which signals are encoded."""
    try:
        return int(ws.cursor_path.read_text().strip() or 0)
    except (FileNotFoundError, ValueError):
        return 0


def write_cursor(ws: Workspace, offset: int) -> None:
    """Advance the cursor; only call after the memories it covers are written."""
    atomic_write(ws.cursor_path, f"{offset}\n")


def read_pending_signals(ws: Workspace) -> tuple[list[Signal], int, int]:
    """Signals after the cursor, the offset just past them, and how many lines were malformed.

    A partial last line (a writer mid-append) is left for the next run.
    """
    start = read_cursor(ws)
    try:
        with open(ws.signals_path, "rb") as handle:
            handle.seek(start)
            data = handle.read()
    except FileNotFoundError:
        return [], start, 0
    signals: list[Signal] = []
    bad = 0
    consumed = 0
    for line in data.splitlines(keepends=True):
        if not line.endswith(b"\n"):
            break
        consumed += len(line)
        try:
            row = json.loads(line.decode("utf-8"))
            signals.append(Signal.from_dict(row))
        except (UnicodeDecodeError, json.JSONDecodeError, TypeError, ValueError, AttributeError):
            bad += 1
    return signals, start + consumed, bad
