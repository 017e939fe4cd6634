"""The dashboard's view model: what the page shows of the store at `now`, as plain values. Pure.

`dashboard/page.py` renders it; `views.write_dashboard` reads the store, builds it and writes the page.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from markupsafe import Markup

from hippocampus.core.config import Config
from hippocampus.core.lifecycle import (
    ARCHIVE_BELOW,
    CORE_FLOOR,
    TIERS,
    Curve,
    band,
    days_until_below,
    effective_importance,
    retention,
    tier,
)
from hippocampus.core.model import DOMAINS, Index, Memory, parse_time
from hippocampus.views.dashboard import charts
from hippocampus.views.dashboard.history import (
    MemoryHistory,
    SourceView,
    by_id,
    cited_ids,
    memory_history,
    origin_of,
    source_view,
)
from hippocampus.views.dashboard.injections import InjectionRow, recent_injections
from hippocampus.views.dashboard.sisters import AmygdalaView, VtaView, amygdala_view, vta_view
from hippocampus.views.dashboard.sources import Identity, SisterFile

FADING_DAYS = 7.0
FADING_SHOWN = 50
FADING_OPEN = 8


@dataclass(frozen=True)
class MemoryRow:
    """One table row: a memory as the page shows it."""

    id: str
    content: str
    domain: str
    category: str
    effective: float
    tier: str
    band: str
    last_accessed: str
    last_epoch: int
    created_epoch: int
    times_reinforced: int
    session: str
    origin: str
    source_time: str
    more_sources: int
    history: MemoryHistory | None = None
    cited: bool = False
    """An insight cites this memory: its row carries an anchor (`id="m-…"`) the insight's history links to."""


@dataclass(frozen=True)
class HistoryRow:
    """A superseded memory: what it said, where it came from, what replaced it and when (never shown as
    current). `successor_content` is empty when the successor is itself superseded or forgotten."""

    id: str
    content: str
    successor: str
    superseded_at: str
    successor_content: str = ""
    sources: tuple[SourceView, ...] = ()


@dataclass(frozen=True)
class FadingRow:
    """A memory about to cross a threshold within `FADING_DAYS`, and what to run about it."""

    id: str
    content: str
    effective: float
    what: str
    days: float
    commands: tuple[str, ...]


@dataclass(frozen=True)
class DashboardView:
    """Everything the template shows; built by `build_view`."""

    agent_name: str
    avatar: str | None
    emoji: str
    identity_note: str
    generated_at: str
    curve: Curve
    curve_text: str
    total: int
    tiers: list[tuple[str, int]]
    domains: list[tuple[str, int]]
    rows: list[MemoryRow]
    fading: list[FadingRow]
    fading_total: int
    histogram: Markup
    decay: Markup
    activity: Markup
    activity_note: str
    amygdala: AmygdalaView
    vta: VtaView
    categories: list[str] = field(default_factory=list)
    history: list[HistoryRow] = field(default_factory=list)
    settings: dict[str, float] = field(default_factory=dict)
    now_epoch: int = 0
    injections: list[InjectionRow] = field(default_factory=list)
    health: list[str] = field(default_factory=list)
    """What is wrong with Hippocampus here (`openclaw.health`: the plugin, its hooks, the settings file, sessions
    the hooks missed), one line each; shown at the top of the page."""
    health_facts: dict[str, str] = field(default_factory=dict)
    """When a turn was last captured, injected and encoded, as the page shows it."""

    def summary(self) -> dict[str, Any]:
        """Machine-readable totals for `hippocampus dashboard --json`."""
        return {
            "generated": self.generated_at,
            "curve": self.curve.kind,
            "memories": self.total,
            "tiers": dict(self.tiers),
            "domains": dict(self.domains),
            "fading": self.fading_total,
            "sisters": {"amygdala": self.amygdala.status, "vta": self.vta.status},
            "problems": list(self.health),
        }


def _stamp(value: datetime) -> str:
    """Minute-precision UTC text for the page."""
    return f"{value.astimezone(timezone.utc).isoformat(' ')[:16]} UTC"


def _minute(value: datetime) -> str:
    """Minute-precision UTC text for table cells (the column header says UTC)."""
    return value.astimezone(timezone.utc).isoformat(" ")[:16]


def _source_time(raw: str) -> str:
    """A provenance time in the page's format, or as stored when it is not ISO 8601."""
    try:
        return _minute(parse_time(raw))
    except ValueError:
        return raw


def memory_row(
    memory: Memory,
    now: datetime,
    curve: Curve,
    session_keys: Mapping[str, str] | None = None,
    superseded: Mapping[str, Memory] | None = None,
    current: Container[str] | None = None,
    cited: Container[str] = frozenset(),
) -> MemoryRow:
    """The table row of one memory at `now`, with its history (`session_keys`: OpenClaw's session id ->
    session key, to name channels; `superseded`: the superseded memories by id; `current`: the current
    memories' ids; `cited`: the ids insights cite)."""
    value = effective_importance(memory, now, curve)
    first = memory.sources[0] if memory.sources else None
    keys = session_keys or {}
    history = memory_history(memory, keys, superseded or {}, current)
    return MemoryRow(
        id=memory.id,
        content=memory.content,
        domain=memory.domain,
        category=memory.category,
        effective=value,
        tier=tier(value),
        band=band(value),
        last_accessed=_minute(memory.last_accessed),
        last_epoch=int(memory.last_accessed.timestamp()),
        created_epoch=int(memory.created.timestamp()),
        times_reinforced=memory.times_reinforced,
        session=first.session if first else "",
        origin=source_view(first, keys).origin if first else "",
        source_time=_source_time(first.time) if first else "",
        more_sources=max(0, len(memory.sources) - 1),
        history=history if history.worth_showing else None,
        cited=memory.id in cited,
    )


PREVIEW_SETTINGS = (
    "weight_relevance",
    "weight_importance",
    "weight_recency",
    "recency_per_hour",
    "inject_budget",
    "inject_relevant",
    "inject_abstain",
    "core_limit",
)
"""The settings the page's "what would be injected" preview ranks with."""


def preview_settings(config: Config) -> dict[str, float]:
    """The recall settings the in-page preview uses, from the workspace's config."""
    return {name: float(getattr(config, name)) for name in PREVIEW_SETTINGS}


def fading_rows(memories: Sequence[Memory], now: datetime, curve: Curve) -> list[FadingRow]:
    """Memories leaving core or falling under 0.2 within a week (soonest first), then those already under 0.2."""
    fading: list[FadingRow] = []
    faded: list[FadingRow] = []
    for memory in memories:
        value = effective_importance(memory, now, curve)
        reinforce = f"hippocampus reinforce {memory.id}"
        if value < ARCHIVE_BELOW:
            faded.append(
                FadingRow(
                    memory.id,
                    memory.content,
                    value,
                    "archive candidate",
                    0.0,
                    (reinforce, "hippocampus decay --archive"),
                )
            )
            continue
        threshold, what, commands = (
            (CORE_FLOOR, "leaves core", (reinforce,))
            if value >= CORE_FLOOR
            else (ARCHIVE_BELOW, "below 0.2", (reinforce, "hippocampus decay --archive"))
        )
        if value * retention(FADING_DAYS, curve, memory.stability) >= threshold:
            continue
        days = days_until_below(memory, threshold, now, curve)
        if days <= FADING_DAYS:
            fading.append(FadingRow(memory.id, memory.content, value, f"{what} in {days:.1f} d", days, commands))
    fading.sort(key=lambda f: (f.days, f.id))
    faded.sort(key=lambda f: (f.effective, f.id))
    return fading + faded


def build_view(
    index: Index,
    events: Sequence[dict[str, Any]],
    now: datetime,
    curve: Curve,
    identity: Identity,
    sisters: dict[str, SisterFile],
    history: Sequence[Memory] = (),
    session_keys: Mapping[str, str] | None = None,
    settings: Mapping[str, float] | None = None,
) -> DashboardView:
    """The dashboard's view model of `index` at `now` under `curve` (and the superseded memories, `history`,
    shown apart: never among the current ones; `session_keys` names OpenClaw sessions by channel and
    agent; `settings` are the recall settings the in-page preview uses); pure."""
    keys = session_keys or {}
    old = by_id(history)
    current = by_id(index.memories)
    cited = cited_ids(index.memories)
    rows = sorted(
        (memory_row(m, now, curve, keys, old, current, cited) for m in index.memories),
        key=lambda r: (-r.effective, r.id),
    )
    tier_counts = Counter(r.tier for r in rows)
    domain_counts = Counter(r.domain for r in rows)
    domains = [(d, domain_counts.get(d, 0)) for d in DOMAINS]
    domains += sorted((d, n) for d, n in domain_counts.items() if d not in DOMAINS)
    fading = fading_rows(index.memories, now, curve)
    days, from_events = charts.count_activity(events, index.memories, now)
    return DashboardView(
        agent_name=identity.name,
        avatar=identity.avatar,
        emoji=identity.emoji,
        identity_note=identity.note,
        generated_at=_stamp(now),
        curve=curve,
        curve_text=curve.text,
        total=len(rows),
        tiers=[(name, tier_counts.get(name, 0)) for name, _ in TIERS],
        domains=domains,
        rows=rows,
        fading=fading[:FADING_SHOWN],
        fading_total=len(fading),
        histogram=charts.importance_histogram([r.effective for r in rows]),
        decay=charts.decay_chart(charts.decay_series(index.memories, now, curve), curve),
        activity=charts.activity_chart(days),
        activity_note=""
        if from_events or not rows
        else "events.jsonl records no creations, so creations are counted from the memories' created dates.",
        amygdala=amygdala_view(sisters.get("amygdala")),
        vta=vta_view(sisters.get("vta")),
        categories=sorted({r.category for r in rows}),
        history=[
            HistoryRow(
                m.id,
                m.content,
                m.superseded_by,
                _source_time(m.superseded_at),
                current[m.superseded_by].content if m.superseded_by in current else "",
                tuple(source_view(s, keys) for s in m.sources[:3]),
            )
            for m in sorted(history, key=lambda m: m.superseded_at, reverse=True)
        ],
        settings=dict(settings)
        if settings
        else preview_settings(Config(curve=curve.kind, decay_rate=curve.daily_rate)),
        now_epoch=int(now.timestamp()),
        injections=recent_injections(
            events, current, lambda session: origin_of(session, keys) if session else "", _source_time
        ),
    )
