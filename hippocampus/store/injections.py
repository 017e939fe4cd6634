"""Injection records: which memories the block before a turn held, with their scores, never their text.

Contract: `request_before` appends one JSON line per injected block to `memory/injections.jsonl`,
`{"time", "session", "memories": [{"id", "section", "score", "lexical", "importance", "recency"}]}`,
through the inbox's writer (`inbox.append`: one `O_APPEND` write under `flock`, no sqlite), so the
read-only turn never waits on a database writer. It is not fsynced: a record lost
in a crash costs an entry of "last injected", never a memory or a message. Encoding claims the file
inside its write transaction and turns each line into one `injected` event per memory (`events`
table), then deletes it after the commit, like the turn inbox. `hippocampus why` reads both.
"""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING, Any

from hippocampus.store import inbox, redacted

if TYPE_CHECKING:
    from hippocampus.store.workspace import Workspace

INJECTIONS_FILE = "injections.jsonl"
SECTIONS = frozenset({"core", "relevant"})
"""The sections of an injected block (`render.context`): a closed vocabulary, so `redacted.KEEP` holds it."""


def record(root: str, time: str, session: str, memories: list[dict[str, Any]]) -> None:
    """Append one injection record (ids, sections and score parts) for workspace `root`."""
    if any(m.get("section") not in SECTIONS for m in memories):
        raise ValueError(f"an injection section outside {sorted(SECTIONS)}")
    if memories:
        line = redacted.document({"time": time, "session": session, "memories": memories}) + "\n"
        inbox.append(root, line.encode("utf-8"), INJECTIONS_FILE, durable=False)


def _parsed(lines: list[bytes]) -> list[dict[str, Any]]:
    out = []
    for line in lines:
        try:
            item = json.loads(line.decode("utf-8"))
        except ValueError:  # UnicodeDecodeError included
            continue  # a write cut short
        if isinstance(item, dict) and isinstance(item.get("memories"), list):
            out.append(item)
    return out


def as_events(item: dict[str, Any]) -> list[dict[str, Any]]:
    """One `injected` event per memory of a record."""
    events = []
    for memory in item["memories"]:
        if isinstance(memory, dict) and isinstance(memory.get("id"), str):
            kept = ("section", "score", "lexical", "semantic", "importance", "recency")
            extra = {k: memory[k] for k in kept if k in memory}
            if extra.get("section") not in SECTIONS:
                extra.pop("section", None)  # a line not written by `record`: only the closed vocabulary is kept
            events.append(
                {
                    "time": item.get("time"),
                    "type": "injected",
                    "id": memory["id"],
                    "session": item.get("session"),
                    **extra,
                }
            )
    return events


def absorb(ws: Workspace, conn: sqlite3.Connection) -> tuple[list[str], dict[str, str]]:
    """Claim the records and insert their events inside the caller's transaction; returns the claimed
    files, for `inbox.delete` once the caller has committed, and the memories the blocks held as
    relevant with the latest time each was (id → time): what retrieval used, which the caller marks
    as used in the same transaction (`index_file.mark_used`). The core list is shown on every turn
    whatever was asked, so it is not a use."""
    from hippocampus.store import activity
    from hippocampus.store.logs import insert_events

    claimed = inbox.claim(str(ws.root), INJECTIONS_FILE)
    used: dict[str, str] = {}
    for path in claimed:
        items = _parsed(inbox.lines(path))
        events = [e for item in items for e in as_events(item)]
        insert_events(conn, events)
        activity.note(conn, activity.INJECTED, [str(item.get("time") or "") for item in items])
        for event in events:
            if event.get("section") == "relevant" and isinstance(event.get("time"), str):
                used[event["id"]] = max(used.get(event["id"], ""), event["time"])
    return claimed, used


def waiting(root: str) -> list[dict[str, Any]]:
    """The `injected` events still in the file (not yet encoded), oldest first."""
    return [e for item in _parsed(inbox.waiting(root, INJECTIONS_FILE)) for e in as_events(item)]
