"""Store-backed operations shared by the CLI, the hooks and cron: each is lock → load → pure core → write."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from . import lifecycle, store
from .config import Config
from .errors import InputError, NotFoundError
from .model import Index, Memory, Signal, Source, format_time, parse_time
from .store import Workspace


@dataclass
class Report:
    """What an operation did, for `--json` and for humans."""

    created: list[str] = field(default_factory=list)
    reinforced: list[str] = field(default_factory=list)
    skipped: int = 0
    malformed: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"created": self.created, "reinforced": self.reinforced, "skipped": self.skipped,
                "malformed": self.malformed, **self.extra}


def _event(now: datetime, kind: str, memory_id: str, **more: Any) -> dict[str, Any]:
    return {"time": format_time(now), "type": kind, "id": memory_id, **more}


def _same_text(a: str, b: str) -> bool:
    return " ".join(a.casefold().split()) == " ".join(b.casefold().split())


def remember(ws: Workspace, now: datetime, config: Config, text: str, domain: str | None = None,
             category: str | None = None, importance: float | None = None) -> Memory:
    """Store a memory directly (the agent's "remember this"); an identical one is reinforced instead."""
    from .redaction import scrub
    from .scoring import REMEMBER, score_message
    from .text import keywords

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
                store.append_events(ws, [_event(now, "reinforce", updated.id, session="cli")])
                return updated
        value = importance if importance is not None else max(REMEMBER, score.value if score else 0.0)
        memory = Memory(
            id=index.new_id(), content=content, domain=domain or (score.domain if score else "user"),
            category=category or (score.category if score else "general"), anchor=value, importance=value,
            created=now, last_accessed=now, keywords=keywords(content), sources=[source],
        )
        index.memories.append(memory)
        store.append_events(ws, [_event(now, "create", memory.id, session="cli")])
        return memory

    return store.update_index(ws, change, now)


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
        store.append_events(ws, [_event(now, "review" if review else "reinforce", m.id) for m in done])
        return done

    return store.update_index(ws, change, now)


def forget(ws: Workspace, now: datetime, ids: list[str]) -> list[str]:
    """Delete memories by id (ids are never reused: the counter only grows)."""

    def change(index: Index) -> list[str]:
        wanted = set(ids)
        missing = wanted - {m.id for m in index.memories}
        if missing:
            raise NotFoundError(f"no memory with id {', '.join(sorted(missing))}")
        index.memories = [m for m in index.memories if m.id not in wanted]
        store.append_events(ws, [_event(now, "forget", i) for i in sorted(wanted)])
        return sorted(wanted)

    return store.update_index(ws, change, now, allow_empty=True)


def archive_markdown(memories: list[Memory], now: datetime, curve: str) -> str:
    """Markdown entries for archived memories, in the memory-ebbinghaus archive style."""
    lines = [f"## Archived {format_time(now)}\n"]
    for m in memories:
        value = lifecycle.effective_importance(m, now, curve)
        where = ", ".join(f"{s.session}/{s.message}" for s in m.sources) or "unknown"
        lines.append(f"- **{m.id}** [{m.domain}/{m.category}] {' '.join(m.content.split())} "
                     f"(importance {value:.3f}, created {format_time(m.created)}, from {where})")
    return "\n".join(lines) + "\n\n"


def decay(ws: Workspace, now: datetime, config: Config, archive: bool = False) -> dict[str, Any]:
    """Refresh stored importance to the formula's value (idempotent); list or archive those under 0.2."""

    def change(index: Index) -> dict[str, Any]:
        index.memories = [lifecycle.refresh(m, now, config.curve) for m in index.memories]
        index.decay_last_run = format_time(now)
        fading = [m for m in index.memories if m.importance < lifecycle.ARCHIVE_BELOW]
        if archive and fading:
            store.append_archive(ws, archive_markdown(fading, now, config.curve))
            gone = {m.id for m in fading}
            index.memories = [m for m in index.memories if m.id not in gone]
            store.append_events(ws, [_event(now, "archive", m.id) for m in fading])
        return {"memories": len(index.memories), "candidates": [m.id for m in fading],
                "archived": [m.id for m in fading] if archive else []}

    return store.update_index(ws, change, now, allow_empty=True)


def encode_pending(ws: Workspace, now: datetime, config: Config) -> Report:
    """Encode queued signals; the cursor advances only after the memories are written."""
    from .capture import score_queued
    from .encode import encode

    with store.locked(ws):
        signals, end, bad = store.read_pending_signals(ws)
        signals = score_queued(signals)  # the agent_end hook queues messages unscored (capture.py)
        report = Report(malformed=bad)
        if signals:
            def change(index: Index) -> None:
                result = encode(index, signals, now, config.curve, gate=config.consolidation_gate)
                report.created, report.reinforced, report.skipped = (
                    result.created, result.reinforced, result.skipped)
                store.append_events(ws, result.events)

            store.update_index(ws, change, now)
        if end != store.read_cursor(ws):
            store.write_cursor(ws, end)
    return report


def signals_from_messages(rows: list[dict[str, Any]], now: datetime) -> list[Signal]:
    """Clean, redact and score conversation messages into signals (user turns only)."""
    from .redaction import scrub
    from .scoring import score_message

    out = []
    for row in rows:
        role = str(row.get("role", "user"))
        text = scrub(str(row.get("text", "")))
        score = score_message(text, role) if text else None
        if score is None:
            continue
        out.append(Signal(session=str(row.get("session", "")), message_id=str(row.get("id", "")), text=text,
                          timestamp=str(row.get("timestamp") or format_time(now)), score=score.value,
                          domain=score.domain, category=score.category, role=role,
                          speaker=str(row.get("speaker", ""))))
    return out


def ingest(ws: Workspace, now: datetime, config: Config, sessions: dict[str, list[dict[str, Any]]],
           progress: Callable[[int], None] | None = None) -> Report:
    """Run whole sessions of messages through capture and encoding, one session at a time."""
    from .encode import encode

    total = Report()

    def change(index: Index) -> None:
        for rows in sessions.values():
            result = encode(index, signals_from_messages(rows, now), now, config.curve,
                            gate=config.consolidation_gate)
            total.created += result.created
            total.reinforced += result.reinforced
            total.skipped += result.skipped
            store.append_events(ws, result.events)
            if progress:
                progress(1)

    store.update_index(ws, change, now)
    return total


def import_ebbinghaus(index: Index, data: dict[str, Any], now: datetime) -> list[str]:
    """Merge a memory-ebbinghaus `memory_db.json`: strength = exp(-days/stability) from `last_reviewed`."""
    created = []
    for item in data.get("items", []):
        if not isinstance(item, dict) or not str(item.get("content", "")).strip():
            continue
        reviewed = parse_time(str(item.get("last_reviewed") or item.get("created") or format_time(now)))
        stability = float(item.get("stability", 1.0)) or 1.0
        memory = Memory(
            id=index.new_id(), content=str(item["content"]).strip(), domain="user",
            category=str(item.get("category") or "general"), anchor=1.0, importance=1.0,
            created=parse_time(str(item.get("created") or format_time(reviewed))), last_accessed=reviewed,
            times_reinforced=int(item.get("review_count", 0)), stability=stability,
            sources=[Source("memory-ebbinghaus", str(item.get("id", "")), format_time(reviewed))],
        )
        memory.importance = lifecycle.effective_importance(memory, now, lifecycle.EBBINGHAUS)
        index.memories.append(memory)
        created.append(memory.id)
    return created


def import_index(index: Index, data: dict[str, Any]) -> list[str]:
    """Merge another Hippocampus index (version 1 or 2) under fresh ids."""
    other = Index.from_dict(data)
    created = []
    for memory in other.memories:
        memory.id = index.new_id()
        index.memories.append(memory)
        created.append(memory.id)
    return created


def sync_core(ws: Workspace, now: datetime, config: Config) -> str:
    """Rewrite `$WORKSPACE/HIPPOCAMPUS_CORE.md` from the core memories; returns its path."""
    from .recall import CORE_FLOOR, core_memories
    from .render import core_markdown

    hits = core_memories(ws, now, config)
    store.write_text(ws.core_path, core_markdown(hits, now, config.curve, CORE_FLOOR))
    return str(ws.core_path)


def consolidate(ws: Workspace, now: datetime, config: Config) -> dict[str, Any]:
    """Merge near-duplicates (same domain, `similarity.similarity` ≥ threshold) and list fading memories."""
    from .similarity import SAME_THRESHOLD, similarity
    from .text import tokenize

    def change(index: Index) -> dict[str, Any]:
        keep: list[Memory] = []
        buckets: dict[tuple[str, str], list[int]] = {}
        merged: list[dict[str, str]] = []
        strongest = sorted(index.memories, key=lambda m: -lifecycle.effective_importance(m, now, config.curve))
        for memory in strongest:
            words = set(tokenize(memory.content))
            seen: set[int] = set()
            target = None
            for word in words:
                for pos in buckets.get((memory.domain, word), [])[:50]:
                    if pos not in seen:
                        seen.add(pos)
                        if similarity(keep[pos].content, memory.content) >= SAME_THRESHOLD:
                            target = pos
                            break
                if target is not None:
                    break
            if target is None:
                for word in words:
                    buckets.setdefault((memory.domain, word), []).append(len(keep))
                keep.append(memory)
                continue
            into = keep[target]
            into.sources.extend(memory.sources)
            into.times_reinforced += memory.times_reinforced
            into.created = min(into.created, memory.created)
            merged.append({"from": memory.id, "into": into.id})
        index.memories = sorted(keep, key=lambda m: index_order.get(m.id, 0))
        store.append_events(ws, [_event(now, "merge", m["from"], into=m["into"]) for m in merged])
        fading = [m.id for m in index.memories
                  if lifecycle.effective_importance(m, now, config.curve) < lifecycle.ARCHIVE_BELOW]
        return {"merged": merged, "fading": fading}

    index_order: dict[str, int] = {}

    def ordered(index: Index) -> dict[str, Any]:
        index_order.update({m.id: i for i, m in enumerate(index.memories)})
        return change(index)

    return store.update_index(ws, ordered, now)


def refresh_views(ws: Workspace, now: datetime, config: Config, dashboard: bool = True) -> list[str]:
    """Re-sync HIPPOCAMPUS_CORE.md and regenerate the dashboard (if `dashboard`, or if the page exists).

    Returns warnings instead of raising: the memories are already safely written by then.
    """
    from .dashboard import write_dashboard

    warnings = []
    sync_core(ws, now, config)
    if dashboard or ws.dashboard_path.exists():
        try:
            write_dashboard(ws, now, config)
        except OSError as exc:
            warnings.append(f"dashboard not regenerated: {exc}")
    return warnings
