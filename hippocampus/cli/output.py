"""What `recall` and `load-core` print, built without click so the fast entry point can share it."""

from __future__ import annotations

import json
from datetime import datetime

from hippocampus.core import lifecycle
from hippocampus.core.model import Memory
from hippocampus.core.ranking import Hit

TYPE_CHECKING = False  # typing costs ~10 ms of a cold start; mypy still reads the block below
if TYPE_CHECKING:
    from typing import Any


def memory_json(memory: Memory, now: datetime, curve: str) -> dict[str, Any]:
    """The public JSON form of a memory: stored fields plus effective importance and tier."""
    value = lifecycle.effective_importance(memory, now, curve)
    data = memory.to_dict()
    data.update({"importance": round(value, 4), "tier": lifecycle.tier(value)})
    if curve == lifecycle.EBBINGHAUS:
        data["band"] = lifecycle.band(value)
    return data


def hit_json(hit: Hit, now: datetime, curve: str) -> dict[str, Any]:
    """A recall hit: the memory plus its score parts."""
    data = memory_json(hit.memory, now, curve)
    data.update({"score": round(hit.score, 4), "relevance": round(hit.relevance, 4), "recency": round(hit.recency, 4)})
    return data


def json_text(data: Any) -> str:
    """Machine output, with a trailing newline."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def line(memory: Memory, value: float) -> str:
    """One human-readable line for a memory."""
    text = " ".join(memory.content.split())
    return f"{memory.id}  {value:.2f} {lifecycle.tier(value):<10} [{memory.domain}/{memory.category}] {text}"


def recall_text(results: list[dict[str, Any]]) -> str:
    """Human-readable recall results (from their JSON forms)."""
    if not results:
        return "No memories match.\n"
    return "".join(
        f"{r['id']}  {r['importance']:.2f} {r['tier']:<10} [{r['domain']}/{r['category']}] "
        f"{' '.join(r['content'].split())}{_superseded_note(r)}\n"
        for r in results
    )


def _superseded_note(item: dict[str, Any]) -> str:
    """ " (superseded by mem_007 at …)" for a memory that is history, else ""."""
    if not item.get("supersededBy"):
        return ""
    return f"  (superseded by {item['supersededBy']} at {item.get('supersededAt', '?')})"


def history_text(chain: list[dict[str, Any]]) -> str:
    """The versions of a fact, oldest first, the current one marked."""
    out = []
    for item in chain:
        state = "superseded" if item.get("supersededBy") else "current"
        said = [s.get("text") for s in item.get("sources", []) if s.get("text")]
        out.append(f"{item['id']}  {item['created']}  {state:<10} {' '.join(item['content'].split())}")
        out.append(_superseded_note(item).strip() and f"    {_superseded_note(item).strip()}")
        out += [f"    said: {' '.join(text.split())}" for text in said[:3]]
    return "".join(f"{row}\n" for row in out if row)
