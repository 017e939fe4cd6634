"""What `recall` and `load-core` print, built without click so the fast entry point can share it."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from hippocampus.core import lifecycle
from hippocampus.core.model import Memory
from hippocampus.core.ranking import Hit


def memory_json(memory: Memory, now: datetime, curve: lifecycle.Curve) -> dict[str, Any]:
    """The public JSON form of a memory: stored fields plus effective importance and tier."""
    value = lifecycle.effective_importance(memory, now, curve)
    data = memory.to_dict()
    data.update({"importance": round(value, 4), "tier": lifecycle.tier(value)})
    if curve.kind == lifecycle.EBBINGHAUS:
        data["band"] = lifecycle.band(value)
    return data


def hit_json(hit: Hit, now: datetime, curve: lifecycle.Curve, explain: bool = False) -> dict[str, Any]:
    """A recall hit: the memory plus its score parts; with `explain`, what each term added to the score
    (`lexical` from BM25, `semantic` from the embedding's similarity, `importance`, `recency`: weight ×
    normalised value; in hybrid recall lexical and semantic share the relevance term, `core.fusion`)
    and the raw values (`similarity`: the embedding's cosine to the question, both measured from the store's
    average memory, `semantic.similar`; null when no vector was compared: lexical recall)."""
    data = memory_json(hit.memory, now, curve)
    data.update({"score": round(hit.score, 4), "relevance": round(hit.relevance, 4), "recency": round(hit.recency, 4)})
    if hit.updated:  # the newer of two current memories on one attribute (`core.newer.newer_first`)
        data["updated"] = hit.updated
    if explain:
        parts = hit.parts or (0.0, 0.0, 0.0)
        data["explain"] = {
            "lexical": round(parts[0], 4),
            "semantic": round(hit.semantic, 4),
            "importance": round(parts[1], 4),
            "recency": round(parts[2], 4),
            "bm25": round(hit.relevance, 4),
            "similarity": None if hit.similarity is None else round(hit.similarity, 4),
            "effectiveImportance": round(hit.effective, 4),
            "recencyFactor": round(hit.recency, 4),
            "ranked": hit.parts is not None,
        }
    return data


def json_text(data: Any) -> str:
    """Machine output, with a trailing newline."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def line(memory: Memory, value: float) -> str:
    """One human-readable line for a memory."""
    from hippocampus.views.context import oneline

    kind = f"[{oneline(memory.domain)}/{oneline(memory.category)}]"
    return f"{oneline(memory.id)}  {value:.2f} {lifecycle.tier(value):<10} {kind} {oneline(memory.content)}"


def recall_text(results: list[dict[str, Any]], explain: bool = False) -> str:
    """Human-readable recall results (from their JSON forms); with `explain`, each score's sum and sources."""
    from hippocampus.views.context import oneline

    if not results:
        return "No memories match.\n"
    out = []
    for r in results:
        out.append(
            f"{oneline(r['id'])}  {r['importance']:.2f} {r['tier']:<10} "
            f"[{oneline(r['domain'])}/{oneline(r['category'])}] {oneline(r['content'])}"
            f"{_updated_note(r)}{_superseded_note(r)}\n"
        )
        if explain and "explain" in r:
            e = r["explain"]
            similarity = e["similarity"]
            meaning = "" if similarity is None else f" + semantic {e['semantic']:.3f} (similarity {similarity:.2f})"
            out.append(
                f"    score {r['score']:.3f} = lexical {e['lexical']:.3f} (BM25 {e['bm25']:.2f}){meaning}"
                f" + importance {e['importance']:.3f} ({e['effectiveImportance']:.2f})"
                f" + recency {e['recency']:.3f} ({e['recencyFactor']:.2f})\n"
                if e["ranked"]
                else "    history: not ranked (superseded)\n"
            )
            out += [f"    {_source_text(s)}\n" for s in r.get("sources", [])[:3]]
    return "".join(out)


def _updated_note(result: dict[str, Any]) -> str:
    """ " (updated DATE)" on the newer of two current memories on one attribute."""
    from hippocampus.views.context import oneline

    return f" (updated {oneline(result['updated'])})" if result.get("updated") else ""


def _source_text(source: dict[str, Any]) -> str:
    """One source: when, who, where, and the message as said."""
    from hippocampus.views.context import oneline

    said = f": {oneline(source['text'])}" if source.get("text") else ""
    if source.get("session") == "reflection":  # reflection.EVIDENCE: an insight's source is a memory it cites
        return f"evidence {oneline(source.get('message', '?'))}{said or ' (no longer current)'}"
    who = oneline(source.get("speaker") or "?")
    return f"from {who} at {oneline(source.get('time', '?'))} (session {oneline(source.get('session', '?'))}){said}"


def why_text(data: dict[str, Any]) -> str:
    """`hippocampus why`: the memory, its sources, its history and its injections, for people."""
    from hippocampus.views.context import oneline

    m = data["memory"]
    out = [f"{oneline(m['id'])}  {data['state']}  {m['importance']:.2f} {m['tier']}  {oneline(m['content'])}"]
    out.append(f"created {oneline(str(m['created']))}; last accessed {oneline(str(m.get('lastAccessed', '?')))}")
    out.append("sources:" if data["sources"] else "sources: none recorded")
    out += [f"  {_source_text(s)}" for s in data["sources"]]
    out.append(
        f"reinforced {data['reinforced']} time(s)"
        + (f"; merged in: {', '.join(data['merged'])}" if data["merged"] else "")
    )
    out += [f"  {oneline(e.get('time', '?'))} {oneline(e.get('type', '?'))}" for e in data["events"]]
    for old in data["supersedes"]:
        out.append(f"supersedes {oneline(old['id'])} ({oneline(str(old['created']))}): {oneline(old['content'])}")
    if data["supersededBy"]:
        out.append(f"superseded by {oneline(data['supersededBy'])} at {oneline(str(data['supersededAt']))}")
    shots = data["injections"]
    last = shots["last"]
    out.append(
        f"injected {shots['count']} time(s); last at {oneline(last.get('time', '?'))} "
        f"(session {oneline(last.get('session') or '?')}, {oneline(last.get('section', '?'))}, "
        f"score {last.get('score', 0):.3f})"
        if last
        else "never injected before a turn"
    )
    return "".join(f"{row}\n" for row in out)


def _superseded_note(item: dict[str, Any]) -> str:
    """ " (superseded by mem_007 at …)" for a memory that is history, else ""."""
    from hippocampus.views.context import oneline

    if not item.get("supersededBy"):
        return ""
    return f"  (superseded by {oneline(item['supersededBy'])} at {oneline(str(item.get('supersededAt', '?')))})"


def history_text(chain: list[dict[str, Any]]) -> str:
    """The versions of a fact, oldest first, the current one marked."""
    from hippocampus.views.context import oneline

    out = []
    for item in chain:
        state = "superseded" if item.get("supersededBy") else "current"
        said = [s.get("text") for s in item.get("sources", []) if s.get("text")]
        cited = [s.get("message", "") for s in item.get("sources", []) if s.get("session") == "reflection"]
        out.append(f"{oneline(item['id'])}  {oneline(str(item['created']))}  {state:<10} {oneline(item['content'])}")
        out.append(f"    insight from: {oneline(', '.join(cited))}" if cited else "")
        out.append(_superseded_note(item).strip() and f"    {_superseded_note(item).strip()}")
        out += [f"    said: {oneline(text)}" for text in said[:3]]
    return "".join(f"{row}\n" for row in out if row)
