"""The brain dashboard: a pure view model of the store at `now`, rendered into one self-contained HTML page.

`build_view` and `render_html` are pure (templates ship as package data). `write_dashboard`
is the thin shell the commands call: it reads through `store` and `workspace_files`,
renders, and writes `$WORKSPACE/brain-dashboard.html` atomically.
"""

from __future__ import annotations

import base64
import hashlib
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markupsafe import Markup, escape

from . import charts
from .lifecycle import (
    ARCHIVE_BELOW,
    EBBINGHAUS,
    TIERS,
    band,
    days_until_below,
    effective_importance,
    retention,
    tier,
)
from .model import DOMAINS, Index, Memory, parse_time
from .sisters import AmygdalaView, VtaView, amygdala_view, vta_view
from .workspace_files import Identity, SisterFile

if TYPE_CHECKING:
    from jinja2 import Environment

    from .config import Config
    from .store import Workspace

FADING_DAYS = 7.0
FADING_SHOWN = 50
FADING_OPEN = 8
CORE_FLOOR = dict(TIERS)["core"]


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
    source_time: str
    more_sources: int


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
    curve: str
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

    def summary(self) -> dict[str, Any]:
        """Machine-readable totals for `hippocampus dashboard --json`."""
        return {
            "generated": self.generated_at,
            "curve": self.curve,
            "memories": self.total,
            "tiers": dict(self.tiers),
            "domains": dict(self.domains),
            "fading": self.fading_total,
            "sisters": {"amygdala": self.amygdala.status, "vta": self.vta.status},
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


def memory_row(memory: Memory, now: datetime, curve: str) -> MemoryRow:
    """The table row of one memory at `now`."""
    value = effective_importance(memory, now, curve)
    first = memory.sources[0] if memory.sources else None
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
        source_time=_source_time(first.time) if first else "",
        more_sources=max(0, len(memory.sources) - 1),
    )


def fading_rows(memories: Sequence[Memory], now: datetime, curve: str) -> list[FadingRow]:
    """Memories leaving core or falling under 0.2 within a week (soonest first), then those already under 0.2."""
    fading: list[FadingRow] = []
    faded: list[FadingRow] = []
    for memory in memories:
        value = effective_importance(memory, now, curve)
        reinforce = f"hippocampus reinforce {memory.id}"
        if value < ARCHIVE_BELOW:
            faded.append(FadingRow(memory.id, memory.content, value, "archive candidate", 0.0,
                                   (reinforce, "hippocampus decay --archive")))
            continue
        threshold, what, commands = (
            (CORE_FLOOR, "leaves core", (reinforce,)) if value >= CORE_FLOOR
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


_ROW = (
    '<tr class="mem" data-id="{id}" data-eff="{eff:.4f}" data-tier="{tier}" data-domain="{domain}"'
    ' data-last="{last}" data-times="{times}" data-created="{created}"><td class="c">{content}<br>'
    '<code>{id}</code></td><td>{domain}</td><td>{category}</td><td class="n">{eff:.2f}</td><td class="tier">'
    '<i class="dot t-{tier}"></i>{tier}{band}</td><td class="n">{last_accessed}</td>'
    '<td class="n">×{times}</td><td class="p">{prov}</td></tr>\n'
)
"""One table row; short class names because this is repeated for every memory (10,000 rows ≈ 4 MB)."""


def rows_html(rows: Sequence[MemoryRow], show_band: bool) -> Markup:
    """The memory table's rows, escaped field by field.

    Built here rather than in the template because it is the one loop that runs 10,000
    times; a format string is several times faster than jinja2 for it.
    """
    parts = []
    for r in rows:
        prov = "—"
        if r.session:
            prov = f'{escape(r.session)}<br><span class="t">{escape(r.source_time)}</span>'
            if r.more_sources:
                prov += f" (+{r.more_sources})"
        parts.append(_ROW.format(
            id=escape(r.id), eff=r.effective, tier=escape(r.tier), domain=escape(r.domain), last=r.last_epoch,
            times=r.times_reinforced, created=r.created_epoch, content=escape(r.content),
            category=escape(r.category), band=f" · {r.band}" if show_band else "",
            last_accessed=escape(r.last_accessed), prov=prov,
        ))
    return Markup("".join(parts))


def build_view(
    index: Index,
    events: Sequence[dict[str, Any]],
    now: datetime,
    curve: str,
    identity: Identity,
    sisters: dict[str, SisterFile],
) -> DashboardView:
    """The dashboard's view model of `index` at `now` under `curve`; pure."""
    rows = sorted((memory_row(m, now, curve) for m in index.memories), key=lambda r: (-r.effective, r.id))
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
        curve_text="exp(−days / stability)" if curve == EBBINGHAUS else "0.99^days",
        total=len(rows),
        tiers=[(name, tier_counts.get(name, 0)) for name, _ in TIERS],
        domains=domains,
        rows=rows,
        fading=fading[:FADING_SHOWN],
        fading_total=len(fading),
        histogram=charts.importance_histogram([r.effective for r in rows]),
        decay=charts.decay_chart(charts.decay_series(index.memories, now, curve), curve),
        activity=charts.activity_chart(days),
        activity_note="" if from_events or not rows else
        "events.jsonl records no creations, so creations are counted from the memories' created dates.",
        amygdala=amygdala_view(sisters.get("amygdala")),
        vta=vta_view(sisters.get("vta")),
        categories=sorted({r.category for r in rows}),
    )


@lru_cache(maxsize=1)
def _environment() -> Environment:
    """The jinja2 environment: package templates, autoescaping, undefined names are errors."""
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

    env = Environment(
        loader=PackageLoader("hippocampus", "templates"),
        autoescape=select_autoescape(["html", "j2"], default_for_string=True, default=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["pct"] = lambda value: f"{value * 100:.0f}"
    env.filters["days"] = lambda value: "never" if math.isinf(value) else f"{value:.1f}"
    return env


EARLY_SCRIPT = "document.documentElement.classList.add('js')"
"""Runs in <head>, so the CSS can hide rows past the first page before the browser lays out 10,000 of them."""


def _csp_hash(text: str) -> str:
    """The CSP source allowing exactly this inline script or style."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def _static(name: str) -> tuple[Markup, str]:
    """A static asset's text (trusted, shipped with the package) and its CSP sha256 source."""
    env = _environment()
    assert env.loader is not None
    text = env.loader.get_source(env, name)[0]
    return Markup(text), _csp_hash(text)


def render_html(view: DashboardView) -> str:
    """Render the view into the page; script and style are allowed by hash in its Content-Security-Policy."""
    script, script_hash = _static("dashboard.js")
    style, style_hash = _static("dashboard.css")
    template = _environment().get_template("dashboard.html.j2")
    rows = rows_html(view.rows, view.curve == EBBINGHAUS)
    return template.render(v=view, rows=rows, open_fading=FADING_OPEN, script=script, style=style,
                           early=Markup(EARLY_SCRIPT), script_hash=f"{_csp_hash(EARLY_SCRIPT)} {script_hash}",
                           style_hash=style_hash)


def write_dashboard(ws: Workspace, now: datetime, config: Config | None = None, output: Path | None = None) -> Path:
    """Regenerate `$WORKSPACE/brain-dashboard.html` (or `output`) from the store; returns the path written.

    Raises `CorruptIndexError` if the index is unreadable and `OSError` if the page cannot be
    written; missing or malformed identity and sister files only show as notes on the page.
    """
    return write_view(ws, build_workspace_view(ws, now, config), output)


def build_workspace_view(ws: Workspace, now: datetime, config: Config | None = None) -> DashboardView:
    """Read everything the dashboard shows from the workspace and build its view."""
    from .store import load_index, read_events
    from .workspace_files import read_identity, read_sister_files

    if config is None:
        from .config import load_config

        config = load_config(ws)
    return build_view(load_index(ws), read_events(ws), now, config.curve, read_identity(ws), read_sister_files(ws))


def write_view(ws: Workspace, view: DashboardView, output: Path | None = None) -> Path:
    """Render `view` and write it atomically to `output` or the workspace's dashboard path."""
    from .store import write_text

    path = output or ws.dashboard_path
    write_text(path, render_html(view))
    return path
