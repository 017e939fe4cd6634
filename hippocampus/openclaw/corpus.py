"""Hippocampus as a memory corpus supplement: what the agent's own `memory_search` and `memory_get` find.

OpenClaw 2026.9.6 lets a plugin register `api.registerMemoryCorpusSupplement({search, get})`, "an additive
memory search/read corpus" beside memory-core (`hooks/index.js` registers it; the calls come here through
the warm worker, else one process, like the hooks). Two calls, JSON in and out:

- `corpus_search`: `event = {query, maxResults}` -> a list of `MemoryCorpusSearchResult` objects: the
  same recall as the injected block's (`recall.recall`, found by meaning too wherever the model is ready
  by the payload's deadline), on the agent's own workspace, as of this call: a memory forgotten or
  superseded a moment ago is gone from the next answer, with no reindex (forget deletes its row;
  supersession moves it to its own table, which recall never reads).
- `corpus_get`: `event = {lookup, fromLine, lineCount}` -> one current memory with its provenance (where and
  when it was said, by whom, its tier, how often it was reinforced, what it replaced), or null.

One answer never shows a memory twice: memory-core indexes HIPPOCAMPUS_CORE.md (`memory.search.extraPaths`),
so the supplement serves only what that file does not hold (`held`: the ids the file names now). Both
answer only where a turn would be given the block (`payload.in_scope`: not for an excluded agent, a cron
or sub-agent session, or a group chat unless `groupChats`). Every text goes through the fence (`oneline`).
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hippocampus.openclaw.payload import as_dict, in_scope, payload_workspace

if TYPE_CHECKING:
    from hippocampus.core.config import Config
    from hippocampus.core.model import Memory

CORPUS = "hippocampus"
MAX_RESULTS = 50
LOOKUP = re.compile(r"^(?:hippocampus[/:])?([A-Za-z0-9_.-]{1,80})$")
HELD_ID = re.compile(r"`([A-Za-z0-9_.-]{1,80})`\)_\s*$", re.MULTILINE)
"""A memory id as HIPPOCAMPUS_CORE.md names it, at the end of its line (`views/templates`)."""
MAX_SOURCES = 5


def search(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """The supplement's `search` (see the module docstring)."""
    if not in_scope(payload)[0]:
        return []
    event = as_dict(payload.get("event"))
    query = str(event.get("query") or "").strip()
    if not query:
        return []
    k = _count(event.get("maxResults"))
    from hippocampus.clock import now
    from hippocampus.openclaw.payload import deadline
    from hippocampus.recall import recall
    from hippocampus.semantic import search as semantic
    from hippocampus.store import warm

    root = payload_workspace(payload)
    config = _settings(root)
    held = held_ids(Path(root) / "HIPPOCAMPUS_CORE.md")
    at = now()
    with warm.reading(root) as conn:
        if conn is None:
            return []
        with semantic.turn(deadline(payload) if semantic.has_vectors(conn, config) else None):
            hits = recall(None, query, at, config, k + len(held), conn=conn)
    top = sum((config.weight_relevance, config.weight_importance, config.weight_recency)) or 1.0
    return [_result(h.memory, h.score / top, h.effective, at) for h in hits if h.memory.id not in held][:k]


def _settings(root: str) -> Config:
    """The workspace's settings, each bad key at its default (the turn's hook logs the problem)."""
    from hippocampus.store.config_file import settings
    from hippocampus.store.workspace import settings_file

    return settings(settings_file(root)).config


def _positive(value: Any, default: int) -> int:
    """A whole number of at least 1 from untrusted JSON, else `default`."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 1:
        return int(value)
    return default


def _count(value: Any) -> int:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 1:
        return min(int(value), MAX_RESULTS)
    return 10


def held_ids(path: Path) -> frozenset[str]:
    """The memory ids HIPPOCAMPUS_CORE.md holds now (none when it is missing or unreadable)."""
    from hippocampus.store.files import read_text

    try:
        text = read_text(path) or ""
    except (OSError, UnicodeDecodeError):
        return frozenset()
    return frozenset(HELD_ID.findall(text))


def _result(memory: Memory, score: float, effective: float, at: datetime) -> dict[str, Any]:
    from hippocampus.core.lifecycle import tier
    from hippocampus.core.model import format_time
    from hippocampus.views.context import oneline

    kind = f"{oneline(memory.domain)}/{oneline(memory.category)}"
    return {
        "corpus": CORPUS,
        "path": f"{CORPUS}/{oneline(memory.id)}",
        "id": oneline(memory.id),
        "title": kind,
        "kind": "memory",
        "score": round(min(1.0, max(0.0, score)), 4),
        "snippet": oneline(memory.content),
        "source": CORPUS,
        "sourceType": "hippocampus-memory",
        "provenanceLabel": f"Hippocampus memory ({kind}, {tier(effective)}), first said {_day(memory.created)}",
        "updatedAt": format_time(max(memory.created, memory.last_accessed)),
    }


def _day(value: datetime) -> str:
    return value.strftime("%Y-%m-%d")


def get(payload: dict[str, Any]) -> dict[str, Any] | None:
    """The supplement's `get`: one current memory by its path (`hippocampus/<id>`) or id, with its
    provenance, as numbered lines `fromLine`..`fromLine + lineCount - 1`; None when there is none."""
    if not in_scope(payload)[0]:
        return None
    event = as_dict(payload.get("event"))
    found = LOOKUP.match(str(event.get("lookup") or "").strip())
    if found is None:
        return None
    from hippocampus.clock import now
    from hippocampus.store import rows, warm

    root = payload_workspace(payload)
    config = _settings(root)
    with warm.reading(root) as conn:
        hit = rows.by_ids(conn, [found.group(1)]) if conn is not None else {}
    if not hit:
        return None  # never stored, forgotten, or superseded (history is not current memory)
    memory = next(iter(hit.values()))[1]
    lines = provenance_lines(memory, now(), config)
    start, size = _positive(event.get("fromLine"), 1), _positive(event.get("lineCount"), len(lines))
    chosen = lines[start - 1 : start - 1 + size]
    result = _result(memory, 1.0, 0.0, now())
    return {
        **{k: result[k] for k in ("corpus", "path", "id", "title", "kind", "sourceType", "updatedAt")},
        "provenanceLabel": result["provenanceLabel"].split(",")[0] + ")",
        "content": "\n".join(chosen),
        "fromLine": start,
        "lineCount": len(chosen),
    }


def provenance_lines(memory: Memory, at: datetime, config: Config) -> list[str]:
    """The memory, then where it came from, one fenced line each."""
    from hippocampus.core.lifecycle import effective_importance, tier
    from hippocampus.core.model import format_time
    from hippocampus.views.context import oneline

    value = effective_importance(memory, at, config.decay_curve)
    lines = [
        oneline(memory.content),
        f"Kind: {oneline(memory.domain)}/{oneline(memory.category)}; {tier(value)}, importance {value:.2f}",
        f"First said: {format_time(memory.created)}; last recalled or reinforced: {format_time(memory.last_accessed)}",
        f"Reinforced: {memory.times_reinforced} time(s)",
    ]
    if memory.context:
        lines.append(f"Said after: {oneline(memory.context)}")
    for source in memory.sources[:MAX_SOURCES]:
        said = f': "{oneline(source.text)}"' if source.text else ""
        who = f" by {oneline(source.speaker)}" if source.speaker else ""
        where = f"session {oneline(source.session)}, message {oneline(source.message)}"
        lines.append(f"Source: {where}, {oneline(source.time)}{who}{said}")
    if len(memory.sources) > MAX_SOURCES:
        lines.append(f"Sources: {len(memory.sources) - MAX_SOURCES} more")
    if memory.supersedes:
        lines.append(f"Replaces: {', '.join(oneline(i) for i in memory.supersedes)} (history: hippocampus history ID)")
    lines.append(f"Id: {oneline(memory.id)} (hippocampus why {oneline(memory.id)} shows every event)")
    return lines
