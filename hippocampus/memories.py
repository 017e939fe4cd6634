"""The memories themselves: remember, reinforce, review, forget. Each is lock, load, pure core, write.

Every top-level module here is a verb of the library, called by the CLI, the hooks and cron
alike; they hold no rules of their own (those are in `core/`) and touch disk only through `store/`.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from datetime import datetime

from hippocampus.core import lifecycle
from hippocampus.core.config import Config
from hippocampus.core.model import Index, Memory, Source, format_time
from hippocampus.core.ranking import Hit
from hippocampus.errors import InputError, NotFoundError
from hippocampus.store import index_file, logs, rows
from hippocampus.store.workspace import Workspace


def _same_text(a: str, b: str) -> bool:
    return " ".join(a.casefold().split()) == " ".join(b.casefold().split())


def remember(
    ws: Workspace,
    now: datetime,
    config: Config,
    text: str,
    domain: str | None = None,
    category: str | None = None,
    importance: float | None = None,
) -> Memory:
    """Store a memory directly (the agent's "remember this"); an identical one is reinforced instead."""
    from hippocampus.core.redact import scrub
    from hippocampus.core.scoring import REMEMBER, score_message
    from hippocampus.core.tokens import keywords

    content = scrub(text)
    if not content:
        raise InputError("nothing to remember: the text is empty after cleaning")
    if importance is not None and not 0.0 <= importance <= 1.0:
        raise InputError("--importance must be between 0 and 1")
    score = score_message(content, "user")
    source = Source("cli", f"cli-{uuid.uuid4().hex[:12]}", format_time(now))

    def change(index: Index) -> Memory:
        for existing in index.memories:
            if _same_text(existing.content, content):
                updated = lifecycle.reinforce(existing, now, lifecycle.USE_RATE, config.curve)
                updated.sources.append(source)
                index.memories[index.memories.index(existing)] = updated
                logs.append_events(ws, [logs.event(now, "reinforce", updated.id, session="cli")])
                return updated
        value = importance if importance is not None else max(REMEMBER, score.value if score else 0.0)
        memory = Memory(
            id=index.new_id(),
            content=content,
            domain=domain or (score.domain if score else "user"),
            category=category or (score.category if score else "general"),
            anchor=value,
            importance=value,
            created=now,
            last_accessed=now,
            keywords=keywords(content),
            sources=[source],
        )
        index.memories.append(memory)
        logs.append_events(ws, [logs.event(now, "create", memory.id, session="cli")])
        return memory

    return index_file.update_index(ws, change, now)


def _replace_by_id(index: Index, ids: Iterable[str], fn: Callable[[Memory], Memory]) -> list[Memory]:
    """Apply `fn` to each named memory; unknown ids raise before anything is written."""
    wanted = list(dict.fromkeys(ids))
    positions = {m.id: i for i, m in enumerate(index.memories)}
    missing = [i for i in wanted if i not in positions]
    if missing:
        raise NotFoundError(f"no memory with id {', '.join(missing)}")
    out = []
    for memory_id in wanted:
        pos = positions[memory_id]
        index.memories[pos] = fn(index.memories[pos])
        out.append(index.memories[pos])
    return out


def reinforce(ws: Workspace, now: datetime, config: Config, ids: list[str], review: bool = False) -> list[Memory]:
    """Reinforce on use (`new = e + (1-e)·0.15`); a review also grows Ebbinghaus stability."""
    step = lifecycle.review if review else lifecycle.reinforce

    def change(index: Index) -> list[Memory]:
        done = _replace_by_id(index, ids, lambda m: step(m, now, curve=config.curve))
        logs.append_events(ws, [logs.event(now, "review" if review else "reinforce", m.id) for m in done])
        return done

    return index_file.update_index(ws, change, now)


def forget(ws: Workspace, now: datetime, ids: list[str], config: Config | None = None) -> list[str]:
    """Delete memories (live or archived) by id, and every copy of their text: the database files are
    scrubbed, the events keep only ids and times, and HIPPOCAMPUS_CORE.md, archive.md and the dashboard
    (where there is one) are rewritten. Ids are never reused: the counter only grows."""
    from hippocampus import views
    from hippocampus.store import database

    wanted = sorted(set(ids))
    with database.writing(ws) as conn:
        marks = ",".join("?" * len(wanted))
        known = {r[0] for r in conn.execute(f"SELECT id FROM mem WHERE id IN ({marks})", wanted)}
        known |= {r[0] for r in conn.execute(f"SELECT id FROM archived WHERE id IN ({marks})", wanted)}
        missing = [i for i in wanted if i not in known]
        if missing:
            raise NotFoundError(f"no memory with id {', '.join(missing)}")
        rows.delete(conn, wanted)
        logs.forget_text(conn, wanted)
        logs.insert_events(conn, [logs.event(now, "forget", i) for i in wanted])
    database.scrub_files(ws)
    views.refresh_after_forget(ws, now, config)
    return wanted


def recall_used(ws: Workspace, query: str, now: datetime, config: Config, k: int = 5) -> list[Hit]:
    """`recall`, then count the results as used (reinforced), so their scores show the reinforced memories."""
    from hippocampus.recall import recall

    hits = recall(ws, query, now, config, k)
    if not hits:
        return hits
    done = {m.id: m for m in reinforce(ws, now, config, [h.memory.id for h in hits])}
    return [Hit(done[h.memory.id], h.score, h.relevance, h.effective, h.recency) for h in hits]
