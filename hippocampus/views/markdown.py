"""Markdown made from memories: HIPPOCAMPUS_CORE.md (jinja2), `load-core` text and archive.md entries."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from hippocampus.core import lifecycle
from hippocampus.core.model import DOMAINS, Memory, format_time
from hippocampus.core.ranking import Hit
from hippocampus.views.context import oneline

DOMAIN_TITLES = {"user": "User", "self": "Self", "relationship": "Relationship", "world": "World"}


@dataclass(frozen=True, slots=True)
class Section:
    """One domain's memories."""

    title: str
    domain: str
    hits: list[Hit]


def group_by_domain(hits: list[Hit]) -> list[Section]:
    """Sections for user, self, relationship, world, then any other domain; none dropped."""
    groups: dict[str, list[Hit]] = {}
    for hit in hits:
        groups.setdefault(hit.memory.domain, []).append(hit)
    order = [d for d in DOMAINS if d in groups] + sorted(d for d in groups if d not in DOMAINS)
    return [Section(oneline(DOMAIN_TITLES.get(d, d.replace("_", " ").title())), d, groups[d]) for d in order]


def load_core_text(hits: list[Hit]) -> str:
    """Plain-text core memories grouped by domain, for `hippocampus load-core`."""
    if not hits:
        return "No core memories yet.\n"
    lines: list[str] = []
    for section in group_by_domain(hits):
        lines.append(f"## {section.title}")
        lines.extend(f"- {oneline(h.memory.content)} ({h.effective:.2f})" for h in section.hits)
        lines.append("")
    return "\n".join(lines)


def core_markdown(hits: list[Hit], now: datetime, curve: lifecycle.Curve, floor: float) -> str:
    """HIPPOCAMPUS_CORE.md from the shipped jinja2 template."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("hippocampus.views", "templates"),
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # noqa: S701 - Markdown, not HTML; stored text goes through the oneline filter
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["oneline"] = oneline
    context: dict[str, Any] = {
        "generated": format_time(now),
        "floor": floor,
        "curve": curve.kind,
        "total": len(hits),
        "sections": group_by_domain(hits),
    }
    return env.get_template("HIPPOCAMPUS_CORE.md.j2").render(**context)


def archive_markdown(memories: list[Memory], now: datetime, curve: lifecycle.Curve) -> str:
    """Markdown entries for archived memories, in the memory-ebbinghaus archive style."""
    lines = [f"## Archived {format_time(now)}\n"]
    for m in memories:
        value = lifecycle.effective_importance(m, now, curve)
        where = oneline(", ".join(f"{s.session}/{s.message}" for s in m.sources)) or "unknown"
        lines.append(
            f"- **{oneline(m.id)}** [{oneline(m.domain)}/{oneline(m.category)}] {oneline(m.content)} "
            f"(importance {value:.3f}, created {format_time(m.created)}, from {where})"
        )
    return "\n".join(lines) + "\n\n"
