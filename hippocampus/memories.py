"""The memories themselves: remember, reinforce, review, forget. Each is lock, load, pure core, write.

Every top-level module here is a verb of the library, called by the CLI, the hooks and cron
alike; they hold no rules of their own (those are in `core/`) and touch disk only through `store/`.
"""

from __future__ import annotations

import sqlite3
import uuid
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from hippocampus.core import lifecycle
from hippocampus.core.config import Config
from hippocampus.core.model import Memory, Source, format_time
from hippocampus.core.ranking import Hit
from hippocampus.errors import InputError, LockTimeoutError, StoreError, no_memory
from hippocampus.store import index_file, logs, rows
from hippocampus.store.workspace import Workspace

if TYPE_CHECKING:
    from sqlite3 import Connection

    from hippocampus.core.scoring import Score
    from hippocampus.store.memory_space import StoreCandidates


def remember(
    ws: Workspace,
    now: datetime,
    config: Config,
    text: str,
    domain: str | None = None,
    category: str | None = None,
    importance: float | None = None,
) -> Memory:
    """Store a memory directly (the agent's "remember this"); one that says the same thing (the same text,
    or a paraphrase as encoding judges it, unless it updates a memory) is reinforced instead, and the
    memories it updates (`core.facts.updates`) are superseded by it. Junk is refused (`core.junk.noise`:
    empty, binary, mostly redacted, mash, code, taken back). One short transaction touching a few rows,
    whatever the size of the store."""
    from hippocampus.core.junk import noise
    from hippocampus.core.redact import scrub
    from hippocampus.core.scoring import score_message
    from hippocampus.store import database

    content = scrub(text)
    reason = noise(content, text)
    if reason:
        raise InputError(f"nothing to remember: the text is {reason}" + ("" if content else " after cleaning"))
    if importance is not None and not 0.0 <= importance <= 1.0:
        raise InputError("--importance must be between 0 and 1")
    from hippocampus.core.model import name_problem

    for field, given in (("domain", domain), ("category", category)):
        problem = name_problem(field, given) if given is not None else None
        if problem:
            raise InputError(f"--{problem}")
    from hippocampus.reflection import INSIGHT

    if category == INSIGHT:  # an insight cites its evidence: `reflect --add`
        raise InputError("--category insight is kept for insights: use `hippocampus reflect --add TEXT --evidence IDS`")
    score = score_message(content, "user")
    source = Source("cli", f"cli-{uuid.uuid4().hex[:12]}", format_time(now))
    changed: list[Memory] = []  # what the core list may have gained or lost: the memory and what it updates
    with database.writing(ws) as conn:
        found = rows.by_text(conn, content)
        if found is not None:
            memory = _reinforced(conn, *found, now, config, source)
            changed.append(memory)
        else:
            memory, more = _created(conn, content, now, config, source, score, importance, domain, category)
            changed += more
    _after_remember(ws, now, config, memory, changed)
    return memory


def _created(
    conn: Connection,
    content: str,
    now: datetime,
    config: Config,
    source: Source,
    score: Score | None,
    importance: float | None,
    domain: str | None,
    category: str | None,
) -> tuple[Memory, list[Memory]]:
    """`remember`'s new memory (or the paraphrase it reinforces) inside its transaction, with what the
    core list may have gained or lost: the memory and the memories it supersedes."""
    from hippocampus.core import facts, inheritance
    from hippocampus.core.junk import core_cap
    from hippocampus.core.scoring import GENERAL
    from hippocampus.core.tokens import keywords
    from hippocampus.store.memory_space import StoreCandidates

    # the statement's own importance (`core.importance`: health, closest people, dated obligations are
    # core; an ordinary preference is not, even when the agent saves it)
    value = importance if importance is not None else min(score.value if score else GENERAL, core_cap(content))
    domain = domain or (score.domain if score else "user")
    candidates = StoreCandidates(conn)
    found = list(rows.by_rids(conn, _recent(candidates, facts.probes(content), domain)).items())
    updated = [found[i] for i in facts.replaced(content, [old.content for _, old in found])]
    same = None if updated else _paraphrase_of(conn, candidates, content, domain)
    if same is not None:  # the same statement in other words: reinforced, as `ingest` does
        kept = _reinforced(conn, *same, now, config, source)
        return kept, [kept]
    memory = Memory(
        id=rows.allocate_id(conn),
        content=content,
        domain=domain,
        category=category or (score.category if score else "general"),
        anchor=value,
        importance=value,
        created=now,
        last_accessed=now,
        keywords=inheritance.inherited_keywords(
            keywords(content), content, [(o.content, o.keywords) for _, o in updated]
        ),
        sources=[source],
        supersedes=[old.id for _, old in updated],
    )
    index_file.put(conn, memory, None, now)
    events = [logs.event(now, "create", memory.id, session="cli")]
    for rid, old in updated:
        index_file.put(conn, replace(old, superseded_by=memory.id, superseded_at=format_time(now)), rid, now)
        events.append(logs.event(now, "supersede", old.id, session="cli", into=memory.id))
    logs.insert_events(conn, events)
    return memory, [memory, *(old for _, old in updated)]


def _after_remember(ws: Workspace, now: datetime, config: Config, memory: Memory, changed: list[Memory]) -> None:
    """What follows a `remember` once it is committed: the memory's vector (`embedding.after_encoding`,
    at once where this process may load the model: the CLI), so it is found by meaning as soon as the
    command returns; and HIPPOCAMPUS_CORE.md rewritten when the core list may have changed (the memory,
    or one it superseded, is core). Either failing leaves the memory stored; a failure is logged."""
    from hippocampus.core.lifecycle import CORE_FLOOR, effective_importance
    from hippocampus.semantic import embedding

    embedding.after_encoding(ws, config, [memory.id])
    if any(effective_importance(m, now, config.decay_curve) >= CORE_FLOOR for m in changed):
        from hippocampus.views.sync import sync_core

        try:
            sync_core(ws, now, config)
        except OSError as exc:
            logs.log_line(ws, f"remember could not rewrite HIPPOCAMPUS_CORE.md: {type(exc).__name__}", now)


def _reinforced(conn: Connection, rid: int, existing: Memory, now: datetime, config: Config, source: Source) -> Memory:
    """`existing` reinforced by a `remember` that says it again, with its source."""
    memory = lifecycle.reinforce(existing, now, lifecycle.USE_RATE, config.decay_curve)
    memory.sources.append(source)
    index_file.put(conn, memory, rid, now)
    logs.insert_events(conn, [logs.event(now, "reinforce", memory.id, session="cli")])
    return memory


def _paraphrase_of(
    conn: Connection, candidates: StoreCandidates, content: str, domain: str
) -> tuple[int, Memory] | None:
    """The current memory `content` says again in other words (`similarity.SAME_THRESHOLD`, as encoding
    decides, in its domain), unless the two are two facts as encoding reads them (`core.encode.two_facts`: one
    frame with another value, or another subject)."""
    from hippocampus.core import similarity
    from hippocampus.core.candidates import profile_of
    from hippocampus.core.encode import two_facts

    rid, value = candidates.best(content, profile_of(content), domain)
    if rid < 0 or value < similarity.SAME_THRESHOLD:
        return None
    found = rows.by_rids(conn, [rid]).get(rid)
    if found is None or two_facts(content, found.content):
        return None
    return rid, found


def _recent(candidates: StoreCandidates, probes: tuple[str, ...], domain: str) -> list[int]:
    """The memories `remember` checks for an update: the latest with each probe, in the domains it may update."""
    from hippocampus.core import facts

    return [rid for d in facts.domains_of(domain) for rid in candidates.recent_with(probes, d, 20)]


def history(ws: Workspace, memory_id: str) -> list[Memory]:
    """The memory with every version it superseded or that superseded it (current or not), oldest first."""
    from hippocampus.store import database

    with database.reading(ws) as conn:
        seen: dict[str, Memory] = {}
        asked: set[str] = set()  # every id looked up once, found or not (a forgotten link is never found)
        todo = [memory_id]
        while todo:
            wanted = [i for i in dict.fromkeys(todo) if i not in asked]
            asked.update(wanted)
            todo = []
            found = [m for _, m in rows.by_ids(conn, wanted).values()] + rows.superseded(conn, wanted)
            found += rows.predecessors(conn, wanted)
            for memory in found:
                seen[memory.id] = memory
                todo += [*memory.supersedes, *([memory.superseded_by] if memory.superseded_by else [])]
    if memory_id not in seen:
        raise no_memory([memory_id])
    return sorted(seen.values(), key=lambda m: (m.created, m.id))


def reinforce(ws: Workspace, now: datetime, config: Config, ids: list[str], review: bool = False) -> list[Memory]:
    """Reinforce on use (`new = e + (1-e)·0.15`); a review also grows Ebbinghaus stability. Unknown ids
    raise before anything is written; only the named rows are touched."""
    from hippocampus.store import database

    step = lifecycle.review if review else lifecycle.reinforce
    wanted = list(dict.fromkeys(ids))
    with database.writing(ws) as conn:
        found = rows.by_ids(conn, wanted)
        missing = [i for i in wanted if i not in found]
        if missing:
            raise no_memory(missing)
        done = []
        for memory_id in wanted:
            rid, memory = found[memory_id]
            updated = step(memory, now, curve=config.decay_curve)
            index_file.put(conn, updated, rid, now)
            done.append(updated)
        logs.insert_events(conn, [logs.event(now, "review" if review else "reinforce", m.id) for m in done])
    return done


def forget(ws: Workspace, now: datetime, ids: list[str], config: Config | None = None) -> list[str]:
    """Delete memories (live or archived) by id, with every insight drawn from them (`reflection.citing`:
    a derived copy), and every copy of their text: the database files are scrubbed, the events keep only
    ids and times, and HIPPOCAMPUS_CORE.md, archive.md and the dashboard (where there is one) are
    rewritten; every backup holding any of them is deleted (`store.backups.drop_holding`) and, if one
    was, a fresh one taken. Returns every id forgotten, the insights after the ids asked for. Ids are
    never reused: the counter only grows. What they came from is kept as tombstones, with no text
    (`store.tombstones`), so no conversation path or import stores those messages again."""
    from hippocampus.reflection import citing, merged_into
    from hippocampus.store import backups, database, tombstones
    from hippocampus.views import sync

    wanted = sorted(set(ids))
    with database.writing(ws) as conn:
        marks = ",".join("?" * len(wanted))
        known = {r[0] for r in conn.execute(f"SELECT id FROM mem WHERE id IN ({marks})", wanted)}
        known |= {r[0] for r in conn.execute(f"SELECT id FROM archived WHERE id IN ({marks})", wanted)}
        known |= {r[0] for r in conn.execute(f"SELECT id FROM superseded WHERE id IN ({marks})", wanted)}
        missing = [i for i in wanted if i not in known]
        if missing:
            raise no_memory(missing)
        wanted += citing(conn, wanted)
        held = sorted(merged_into(conn, wanted))  # what a backup may hold them as, and where they came from
        came_from = backups.sources(conn, held)
        gone = _forgotten(conn, wanted)
        tombstones.bury(conn, gone, format_time(now))  # before their text goes
        rows.delete(conn, wanted)
        rows.delete_superseded(conn, wanted)
        logs.forget_text(conn, wanted)
        tombstones.clear_contexts(conn, gone)  # no other memory keeps their words as its context
        logs.insert_events(conn, [logs.event(now, "forget", i) for i in wanted])
    database.scrub_files(ws)
    if backups.drop_holding(ws, held, came_from):  # the newest state, without them, is kept instead
        backups.take(ws, now, (config or Config()).backups_keep)
    sync.refresh_after_forget(ws, now, config)
    return wanted


def _forgotten(conn: sqlite3.Connection, ids: list[str]) -> list[Memory]:
    """The memories about to be forgotten, live, superseded or archived (their sources make the tombstones)."""
    import json

    found = [m for _, m in rows.by_ids(conn, ids).values()] + rows.superseded(conn, ids)
    marks = ",".join("?" * len(ids))
    for (doc,) in conn.execute(f"SELECT json FROM archived WHERE id IN ({marks})", ids):
        found.append(Memory.from_dict(json.loads(doc)))
    return found


def recall_marked(ws: Workspace, query: str, now: datetime, config: Config, k: int = 5) -> list[Hit]:
    """`recall`, then its results marked as used now (`mark_recalled`): retrieval refreshes what it
    returns. The hits are shown as found, before the mark (as the fast entry point shows them)."""
    from hippocampus.recall import recall

    hits = recall(ws, query, now, config, k)
    mark_recalled(ws, [h.memory.id for h in hits], now, config)
    return hits


def mark_recalled(ws: Workspace, ids: list[str], now: datetime, config: Config) -> None:
    """The memories `ids` that `recall` returned, marked as used now (`core.lifecycle.used`: last access,
    and `recall_boost`) in one short transaction. A store that cannot be written (read-only, locked past
    the wait) still answered; the failure goes to the log."""
    import sqlite3

    from hippocampus.store import database
    from hippocampus.store.index_file import mark_used

    if not ids:
        return
    try:
        with database.writing(ws) as conn:
            mark_used(conn, dict.fromkeys(ids, now), now, config.recall_boost)
    except (sqlite3.Error, OSError, StoreError, LockTimeoutError) as exc:  # a read-only or busy store answers
        logs.log_line(ws, f"recall could not mark its results as used: {type(exc).__name__}", now)


def recall_used(ws: Workspace, query: str, now: datetime, config: Config, k: int = 5) -> list[Hit]:
    """`recall`, then count the results as used (reinforced), so their scores show the reinforced memories."""
    from hippocampus.recall import recall

    hits = recall(ws, query, now, config, k)
    if not hits:
        return hits
    done = {m.id: m for m in reinforce(ws, now, config, [h.memory.id for h in hits])}
    return [replace(h, memory=done[h.memory.id]) for h in hits]
