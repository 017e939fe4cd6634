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
    from hippocampus.render.context import oneline

    kind = f"[{oneline(memory.domain)}/{oneline(memory.category)}]"
    return f"{oneline(memory.id)}  {value:.2f} {lifecycle.tier(value):<10} {kind} {oneline(memory.content)}"


def recall_text(results: list[dict[str, Any]]) -> str:
    """Human-readable recall results (from their JSON forms)."""
    from hippocampus.render.context import oneline

    if not results:
        return "No memories match.\n"
    return "".join(
        f"{oneline(r['id'])}  {r['importance']:.2f} {r['tier']:<10} [{oneline(r['domain'])}/{oneline(r['category'])}] "
        f"{oneline(r['content'])}{_superseded_note(r)}\n"
        for r in results
    )


def _superseded_note(item: dict[str, Any]) -> str:
    """ " (superseded by mem_007 at …)" for a memory that is history, else ""."""
    from hippocampus.render.context import oneline

    if not item.get("supersededBy"):
        return ""
    return f"  (superseded by {oneline(item['supersededBy'])} at {oneline(str(item.get('supersededAt', '?')))})"


def history_text(chain: list[dict[str, Any]]) -> str:
    """The versions of a fact, oldest first, the current one marked."""
    from hippocampus.render.context import oneline

    out = []
    for item in chain:
        state = "superseded" if item.get("supersededBy") else "current"
        said = [s.get("text") for s in item.get("sources", []) if s.get("text")]
        out.append(f"{oneline(item['id'])}  {oneline(str(item['created']))}  {state:<10} {oneline(item['content'])}")
        out.append(_superseded_note(item).strip() and f"    {_superseded_note(item).strip()}")
        out += [f"    said: {oneline(text)}" for text in said[:3]]
    return "".join(f"{row}\n" for row in out if row)
