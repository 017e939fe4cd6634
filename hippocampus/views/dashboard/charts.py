"""Inline SVG charts for the dashboard, generated here so the page needs no chart library or network.

Pure: every function takes its data (and `now`) as arguments. Colours come from CSS classes
(`t-core`, `s0`, `c-created`…) so the page's light and dark themes apply. All text is escaped.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from markupsafe import Markup, escape

from hippocampus.core.lifecycle import (
    ACTIVE_FLOOR,
    ARCHIVE_BELOW,
    BAND_FADING_BELOW,
    CORE_FLOOR,
    EBBINGHAUS,
    TIERS,
    Curve,
    effective_importance,
    tier,
)
from hippocampus.core.model import Memory, parse_time

WIDTH = 480
HEIGHT = 250
LEFT, RIGHT, TOP, BOTTOM = 46, 12, 14, 44
BINS = 20
HORIZON_DAYS = 90
CREATE_KINDS = frozenset(
    {"encode", "encoded", "create", "created", "remember", "remembered", "new", "add", "added", "import", "imported"}
)
REINFORCE_KINDS = frozenset({"reinforce", "reinforced", "review", "reviewed", "repeat", "repeated"})


@dataclass(frozen=True)
class DecaySeries:
    """One memory's projected effective importance, `points[d]` at `d` days from now."""

    memory_id: str
    label: str
    points: tuple[float, ...]


@dataclass(frozen=True)
class ActivityDay:
    """How many memories were created and reinforced on one UTC day."""

    day: date
    created: int
    reinforced: int


def _fmt(value: float) -> str:
    """Compact coordinate text."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def nice_step(maximum: float, ticks: int = 5) -> float:
    """A 1/2/5×10^k step that covers `maximum` in at most about `ticks` steps."""
    if maximum <= 0:
        return 1.0
    raw = maximum / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return float(factor * power)
    return float(10 * power)


def _svg_open(title: str, desc: str) -> list[str]:
    """The opening of a responsive, labelled SVG."""
    return [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img"'
        f' preserveAspectRatio="xMidYMid meet"><title>{escape(title)}</title><desc>{escape(desc)}</desc>'
    ]


def _plot_box() -> tuple[float, float, float, float]:
    """x0, y0 (bottom), plot width, plot height."""
    return LEFT, HEIGHT - BOTTOM, WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM


def _y_axis(parts: list[str], ticks: Iterable[tuple[float, str]], label: str) -> None:
    """Horizontal grid lines with tick labels at fractions 0..1 of the plot height, and the axis title."""
    x0, y0, width, height = _plot_box()
    for frac, text in ticks:
        y = y0 - frac * height
        parts.append(f'<line class="gridline" x1="{x0}" x2="{x0 + width}" y1="{_fmt(y)}" y2="{_fmt(y)}"/>')
        parts.append(f'<text class="lbl" x="{x0 - 6}" y="{_fmt(y + 4)}" text-anchor="end">{escape(text)}</text>')
    parts.append(f'<line class="ax" x1="{x0}" x2="{x0}" y1="{TOP}" y2="{y0}"/>')
    parts.append(f'<line class="ax" x1="{x0}" x2="{x0 + width}" y1="{y0}" y2="{y0}"/>')
    parts.append(
        f'<text class="lbl" x="14" y="{_fmt(TOP + height / 2)}" text-anchor="middle"'
        f' transform="rotate(-90 14 {_fmt(TOP + height / 2)})">{escape(label)}</text>'
    )


def _x_title(parts: list[str], label: str) -> None:
    """The x axis title under the tick labels."""
    x0, _, width, _ = _plot_box()
    parts.append(
        f'<text class="lbl" x="{_fmt(x0 + width / 2)}" y="{HEIGHT - 6}" text-anchor="middle">{escape(label)}</text>'
    )


def _count_ticks(top: int) -> tuple[int, list[tuple[float, str]]]:
    """Axis maximum and ticks for a count axis."""
    step = max(1.0, nice_step(max(top, 1), 4))
    axis_max = max(step, math.ceil(max(top, 1) / step) * step)
    ticks = [(i * step / axis_max, str(int(i * step))) for i in range(int(axis_max / step) + 1)]
    return int(axis_max), ticks


def importance_histogram(values: Sequence[float]) -> Markup:
    """Histogram of effective importance in 0.05 bins, each bar coloured by its tier."""
    bins = [0] * BINS
    for value in values:
        bins[min(BINS - 1, max(0, int(value * BINS)))] += 1
    counts = {name: 0 for name, _ in TIERS}
    for value in values:
        counts[tier(value)] += 1
    summary = ", ".join(f"{name} {counts[name]}" for name, _ in TIERS)
    parts = _svg_open("Importance distribution by tier", f"{len(values)} memories: {summary}")
    axis_max, ticks = _count_ticks(max(bins))
    _y_axis(parts, ticks, "memories")
    x0, y0, width, height = _plot_box()
    bar = width / BINS
    for i, count in enumerate(bins):
        low = i / BINS
        if count:
            h = count / axis_max * height
            parts.append(
                f'<rect class="bar t-{tier(low)}" x="{_fmt(x0 + i * bar + 1)}" y="{_fmt(y0 - h)}"'
                f' width="{_fmt(bar - 2)}" height="{_fmt(h)}"><title>{low:.2f}–{low + 1 / BINS:.2f}: '
                f"{count}</title></rect>"
            )
    for _, floor in TIERS:
        x = x0 + floor * width
        if floor > 0:
            parts.append(f'<line class="thr" x1="{_fmt(x)}" x2="{_fmt(x)}" y1="{TOP}" y2="{y0}"/>')
    for mark in (0.0, ARCHIVE_BELOW, ACTIVE_FLOOR, CORE_FLOOR, 1.0):
        parts.append(
            f'<text class="lbl" x="{_fmt(x0 + mark * width)}" y="{y0 + 16}" text-anchor="middle">{mark:.1f}</text>'
        )
    _x_title(parts, "effective importance now")
    parts.append("</svg>")
    legend = "".join(f'<li><span class="sw t-{name}"></span>{name} <b>{counts[name]}</b></li>' for name, _ in TIERS)
    return Markup("".join(parts) + f'<ul class="legend">{legend}</ul>')  # noqa: S704 - built only from escaped parts and our own static files


def decay_series(
    memories: Sequence[Memory], now: datetime, curve: Curve, top: int = 5, horizon: int = HORIZON_DAYS
) -> list[DecaySeries]:
    """The `top` memories by effective importance now, projected daily over `horizon` days."""
    ranked = heapq.nsmallest(top, memories, key=lambda m: (-effective_importance(m, now, curve), m.id))
    series = []
    for memory in ranked:
        points = tuple(effective_importance(memory, now + timedelta(days=d), curve) for d in range(horizon + 1))
        series.append(DecaySeries(memory.id, memory.content, points))
    return series


def decay_chart(series: Sequence[DecaySeries], curve: Curve) -> Markup:
    """Projected decay curves with the tier thresholds (and Ebbinghaus' fading band) marked."""
    curve_text = curve.text.replace(" / ", "/")
    parts = _svg_open(
        "Decay of the top memories over the next 90 days",
        f"curve {curve_text}; "
        + "; ".join(
            f"{s.memory_id} {s.points[0]:.2f} now, {s.points[-1]:.2f} in {len(s.points) - 1} days" for s in series
        ),
    )
    _y_axis(parts, [(v / 5, f"{v / 5:.1f}") for v in range(6)], "effective importance")
    x0, y0, width, height = _plot_box()
    horizon = max((len(s.points) - 1 for s in series), default=HORIZON_DAYS) or 1
    marks = [
        (CORE_FLOOR, f"core ≥ {CORE_FLOOR}"),
        (ACTIVE_FLOOR, f"active ≥ {ACTIVE_FLOOR}"),
        (ARCHIVE_BELOW, f"archive < {ARCHIVE_BELOW}"),
    ]
    if curve.kind == EBBINGHAUS:
        marks.append((BAND_FADING_BELOW, f"fading < {BAND_FADING_BELOW}"))
    labels = []  # drawn after the curves, with a halo, so no curve crosses them
    for value, text in marks:
        y = y0 - value * height
        parts.append(f'<line class="thr" x1="{x0}" x2="{x0 + width}" y1="{_fmt(y)}" y2="{_fmt(y)}"/>')
        labels.append(
            f'<text class="lbl thr-lbl" x="{x0 + width - 4}" y="{_fmt(y - 4)}" text-anchor="end">{escape(text)}</text>'
        )
    for day in range(0, horizon + 1, 15):
        anchor = "end" if day == horizon else "middle"  # the last tick ends at the plot's edge, inside the SVG
        x = _fmt(x0 + day / horizon * width)
        parts.append(f'<text class="lbl" x="{x}" y="{y0 + 16}" text-anchor="{anchor}">{day}</text>')
    for number, item in enumerate(series):
        coords = " ".join(
            f"{_fmt(x0 + d / horizon * width)},{_fmt(y0 - min(1.0, v) * height)}" for d, v in enumerate(item.points)
        )
        parts.append(
            f'<polyline class="line s{number % 5}" points="{coords}"><title>{escape(item.memory_id)}</title></polyline>'
        )
    parts.extend(labels)
    if not series:
        parts.append(
            f'<text class="lbl" x="{_fmt(x0 + width / 2)}" y="{_fmt(y0 - height / 2)}"'
            ' text-anchor="middle">no memories yet</text>'
        )
    _x_title(parts, f"days from now (curve {curve_text})")
    parts.append("</svg>")
    legend = "".join(
        f'<li><span class="sw s{n % 5}"></span><code>{escape(s.memory_id)}</code> '
        f'<span class="lt">{escape(s.label)}</span></li>'
        for n, s in enumerate(series)
    )  # the whole label, wrapped: a legend cut to one line hid what the memories were
    return Markup("".join(parts) + (f'<ul class="legend legend-lines">{legend}</ul>' if legend else ""))  # noqa: S704 - built only from escaped parts and our own static files


def _count(value: object) -> int:
    """Number of items an event field stands for: a list's length or a plain int."""
    if isinstance(value, list):
        return len(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return max(0, value)
    return 0


def _event_day(event: dict[str, object]) -> date | None:
    """The UTC day of an event's timestamp, whichever common key holds it."""
    for key in ("time", "ts", "at", "timestamp", "when"):
        raw = event.get(key)
        if isinstance(raw, str) and raw:
            try:
                if raw.endswith(("Z", "+00:00")) and len(raw) >= 10:
                    return date.fromisoformat(raw[:10])  # already UTC: skip the full parse (20k events)
                return parse_time(raw).date()
            except ValueError:
                return None
    return None


def event_counts(event: dict[str, object]) -> tuple[int, int]:
    """(created, reinforced) that one `events.jsonl` row records; unknown kinds count as nothing."""
    if "created" in event or "reinforced" in event:
        created, reinforced = _count(event.get("created")), _count(event.get("reinforced"))
        if created or reinforced:
            return created, reinforced
    kind = str(event.get("type") or event.get("event") or event.get("kind") or event.get("action") or "").lower()
    if kind in CREATE_KINDS or kind in REINFORCE_KINDS:
        amount = _count(event.get("ids")) or _count(event.get("count")) or 1
        return (amount, 0) if kind in CREATE_KINDS else (0, amount)
    return 0, 0


def count_activity(
    events: Iterable[dict[str, object]], memories: Sequence[Memory], now: datetime, days: int = 60
) -> tuple[list[ActivityDay], bool]:
    """Created and reinforced per day for the last `days` days, and whether creations came from events.

    When the event log records no creation at all (an index imported from the original
    skill), creations are counted from the memories' `created` dates instead.
    """
    first = (now - timedelta(days=days - 1)).date()
    created = {first + timedelta(days=i): 0 for i in range(days)}
    reinforced = dict(created)
    from_events = False
    for event in events:
        made, boosted = event_counts(event)
        from_events = from_events or made > 0
        day = _event_day(event) if made or boosted else None
        if day is None or day not in created:
            continue
        created[day] += made
        reinforced[day] += boosted
    if not from_events:
        for memory in memories:
            if memory.created.date() in created:
                created[memory.created.date()] += 1
    return [ActivityDay(day, created[day], reinforced[day]) for day in created], from_events


def activity_chart(days: Sequence[ActivityDay]) -> Markup:
    """Stacked bars per day: memories created and memories reinforced."""
    made = sum(d.created for d in days)
    boosted = sum(d.reinforced for d in days)
    span = f"{days[0].day.isoformat()} to {days[-1].day.isoformat()}" if days else "no days"
    parts = _svg_open("Activity per day", f"{span}: {made} created, {boosted} reinforced")
    axis_max, ticks = _count_ticks(max((d.created + d.reinforced for d in days), default=0))
    _y_axis(parts, ticks, "memories")
    x0, y0, width, height = _plot_box()
    bar = width / max(len(days), 1)
    label_every = max(1, math.ceil(len(days) / 6))
    for i, item in enumerate(days):
        x = x0 + i * bar
        base = y0
        for cls, count in (("c-created", item.created), ("c-reinforced", item.reinforced)):
            if count:
                h = count / axis_max * height
                parts.append(
                    f'<rect class="bar {cls}" x="{_fmt(x + 0.5)}" y="{_fmt(base - h)}"'
                    f' width="{_fmt(max(bar - 1, 0.5))}" height="{_fmt(h)}"><title>'
                    f"{item.day.isoformat()}: {count} {cls[2:]}</title></rect>"
                )
                base -= h
        if (len(days) - 1 - i) % label_every == 0:
            anchor = "end" if i == len(days) - 1 else "middle"
            parts.append(
                f'<text class="lbl" x="{_fmt(x + bar if anchor == "end" else x + bar / 2)}" y="{y0 + 16}"'
                f' text-anchor="{anchor}">{item.day.strftime("%m-%d")}</text>'
            )
    _x_title(parts, "day (UTC)")
    parts.append("</svg>")
    legend = (
        f'<li><span class="sw c-created"></span>created <b>{made}</b></li>'
        f'<li><span class="sw c-reinforced"></span>reinforced <b>{boosted}</b></li>'
    )
    return Markup("".join(parts) + f'<ul class="legend">{legend}</ul>')  # noqa: S704 - built only from escaped parts and our own static files
