"""Why a memory is what it is: `hippocampus why ID` — where it came from (the messages as said, when,
by whom), how it was reinforced, merged or superseded, and when it was injected before a turn."""

from __future__ import annotations

import json
from typing import Any

from hippocampus.errors import no_memory
from hippocampus.store import database, injections, rows
from hippocampus.store.workspace import Workspace

REINFORCING = ("reinforce", "review")


def why(ws: Workspace, memory_id: str) -> dict[str, Any]:
    """The provenance of one memory, current or superseded (`memory` and `supersedes` are Memory objects).

    `sources`: each message it was made from (`speaker`, `text`, `time`, `session`, `message`);
    `events`: every event naming it or merging/superseding into it, oldest first (injections apart);
    `reinforced`: how many reinforced or reviewed it; `merged`: the near-duplicates merged into it;
    `supersedes` / `supersededBy`: the versions before and after it; `injections`: how
    many times it was injected before a turn and the last one (time, session, section, score parts),
    counting the records not yet encoded (`memory/injections.jsonl`); `evidence`: for an insight, the
    ids of the memories it cites (its sources show their text while they are current)."""
    from hippocampus.memories import history
    from hippocampus.reflection import EVIDENCE, evidence_of

    with database.reading(ws) as conn:
        found = rows.by_ids(conn, [memory_id])
        memory = found[memory_id][1] if memory_id in found else None
        state = "current"
        if memory is None:
            old = rows.superseded(conn, [memory_id])
            memory, state = (old[0], "superseded") if old else (None, "")
        if memory is None:
            raise no_memory([memory_id])
        cited = {i: m.content for i, (_, m) in rows.by_ids(conn, evidence_of(memory)).items()}
        logged = [
            json.loads(doc)
            for (doc,) in conn.execute(
                "SELECT json FROM events WHERE id = ? OR json_extract(json, '$.into') = ? ORDER BY seq",
                (memory_id, memory_id),
            )
        ]
    injected = [e for e in logged if e.get("type") == "injected"] + [
        e for e in injections.waiting(str(ws.root)) if e.get("id") == memory_id
    ]
    events = [e for e in logged if e.get("type") != "injected"]
    chain = history(ws, memory_id)
    return {
        "memory": memory,
        "state": state,
        # the message as said; stored empty when it is the memory's content, so filled in from it here
        "sources": [
            {**s.to_dict(), "text": cited.get(s.message, "") if s.session == EVIDENCE else s.text or memory.content}
            for s in memory.sources
        ],
        "evidence": evidence_of(memory),
        "events": events,
        "reinforced": sum(1 for e in events if e.get("type") in REINFORCING and e.get("id") == memory_id),
        "merged": [e["id"] for e in events if e.get("type") == "merge" and e.get("into") == memory_id],
        "supersedes": [m for m in chain if m.id in memory.supersedes],
        "supersededBy": memory.superseded_by or None,
        "supersededAt": memory.superseded_at or None,
        "injections": {"count": len(injected), "last": injected[-1] if injected else None},
    }
