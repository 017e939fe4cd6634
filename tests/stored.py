"""A memory written straight to the store, as an import or an older version left it: for tests of
what runs over a store (consolidation) that need two paraphrases side by side, which `remember`
merges on arrival since issue 24."""

from __future__ import annotations

from datetime import datetime

from hippocampus.core.model import Memory, Source, format_time
from hippocampus.core.tokens import keywords
from hippocampus.store import database, index_file, rows
from hippocampus.store.workspace import Workspace


def kept_as_is(ws: Workspace, now: datetime, text: str, importance: float, domain: str = "user") -> Memory:
    """`text` kept as a new memory of `importance`, whatever the store already holds."""
    with database.writing(ws) as conn:
        memory = Memory(
            id=rows.allocate_id(conn),
            content=text,
            domain=domain,
            category="general",
            anchor=importance,
            importance=importance,
            created=now,
            last_accessed=now,
            keywords=keywords(text),
            sources=[Source("cli", f"cli-{rows.get_meta(conn, 'nextId')}", format_time(now))],
        )
        index_file.put(conn, memory, None, now)
    return memory
