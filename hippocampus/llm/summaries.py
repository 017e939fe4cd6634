"""Memories waiting for a short summary, and applying one, so no agent ever edits index.json by hand."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from hippocampus.core.model import Index, Memory, format_time
from hippocampus.errors import InputError, no_memory
from hippocampus.store import index_file, logs
from hippocampus.store.workspace import Workspace

if TYPE_CHECKING:
    from hippocampus.llm.client import Endpoint

MAX_SUMMARY = 500


def pending(ws: Workspace, limit: int | None = None) -> list[Memory]:
    """Memories flagged `summaryPending`, oldest first."""
    waiting = [m for m in index_file.load_index(ws).memories if m.summary_pending]
    waiting.sort(key=lambda m: (m.created, m.id))
    return waiting if limit is None else waiting[:limit]


def clean_summary(summary: str) -> str:
    """One line of text, trimmed, redacted (an LLM's answer is untrusted, and a key wrapped over two
    lines must be seen before they are joined); refuses an empty or overlong summary."""
    from hippocampus.core.redact import redact

    text = " ".join(redact(str(summary)).split())
    if not text:
        raise InputError("the summary is empty")
    if len(text) > MAX_SUMMARY:
        raise InputError(f"the summary is {len(text)} characters; keep it under {MAX_SUMMARY}")
    return text


def revise(ws: Workspace, now: datetime, memory_id: str, summary: str) -> Memory:
    """Replace a memory's content with `summary`, clear the flag, keep provenance, log the change."""
    from hippocampus.core.tokens import keywords

    text = clean_summary(summary)

    def change(index: Index) -> Memory:
        memory = index.get(memory_id)
        if memory is None:
            raise no_memory([memory_id])
        before = memory.content
        memory.content = text
        memory.keywords = keywords(text)
        memory.summary_pending = False
        logs.append_events(
            ws, [{"time": format_time(now), "type": "revise", "id": memory_id, "before": before, "after": text}]
        )
        return memory

    return index_file.update_index(ws, change, now)


def summarize_pending(
    ws: Workspace, now: datetime, rewrite: Callable[[str], str], limit: int | None = None
) -> dict[str, Any]:
    """Rewrite pending memories with `rewrite` (an LLM call) and apply each through `revise`."""
    from hippocampus.errors import HippocampusError

    revised: list[str] = []
    failed: dict[str, str] = {}
    for memory in pending(ws, limit):
        try:
            revise(ws, now, memory.id, rewrite(memory.content))
            revised.append(memory.id)
        except HippocampusError as exc:
            failed[memory.id] = str(exc)
    return {"revised": revised, "failed": failed}


def summarize_with(ws: Workspace, now: datetime, endpoint: Endpoint, limit: int | None = None) -> dict[str, Any]:
    """`summarize_pending` with an OpenAI-compatible endpoint doing the rewriting."""
    from hippocampus.llm.client import summarize

    return summarize_pending(ws, now, lambda text: summarize(endpoint, text), limit)
