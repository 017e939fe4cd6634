"""View models of the sister brain skills' state (amygdala-memory, vta-memory) for the dashboard tabs.

Pure and forgiving: these files are written by other skills (and by hand), so every field
is checked for type and range, and anything unexpected becomes "—" instead of an error.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from hippocampus.views.dashboard.sources import SisterFile

ITEM_CHARS = 200
RECENT = 5
DIMENSIONS: tuple[tuple[str, str, float, float], ...] = (
    ("valence", "Valence", -1.0, 1.0),
    ("arousal", "Arousal", 0.0, 1.0),
    ("connection", "Connection", 0.0, 1.0),
    ("curiosity", "Curiosity", 0.0, 1.0),
    ("energy", "Energy", 0.0, 1.0),
    ("trust", "Trust", 0.0, 1.0),
    ("anticipation", "Anticipation", 0.0, 1.0),
)
"""(key, label, min, max) of amygdala-memory's dimensions, in the original dashboard's order."""
INSTALL = {
    "amygdala": "clawhub install amygdala-memory",
    "vta": "clawhub install vta-memory",
}


@dataclass(frozen=True)
class Dimension:
    """One emotional dimension: its value (None when absent or not a number) and bar fraction 0..1."""

    key: str
    label: str
    value: float | None
    fraction: float


@dataclass(frozen=True)
class Entry:
    """A recent emotion or reward: a badge, a text and an intensity (None when not recorded)."""

    badge: str
    text: str
    intensity: float | None


@dataclass(frozen=True)
class SisterBase:
    """What every sister tab needs: status ("ok", "missing", "malformed"), file, error, install command."""

    status: str
    path: str
    error: str
    install: str


@dataclass(frozen=True)
class AmygdalaView(SisterBase):
    """amygdala-memory's emotional state."""

    dimensions: list[Dimension] = field(default_factory=list)
    mood: str = ""
    recent: list[Entry] = field(default_factory=list)
    updated: str = ""


@dataclass(frozen=True)
class VtaView(SisterBase):
    """vta-memory's drive and rewards."""

    drive: float | None = None
    seeking: list[str] = field(default_factory=list)
    anticipating: list[str] = field(default_factory=list)
    recent: list[Entry] = field(default_factory=list)


def number(value: Any) -> float | None:
    """A finite float from a JSON number (not a bool), else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) else None


def text_of(value: Any) -> str:
    """Readable text for a list item that may be a string, an object or anything else."""
    if value is None:
        return ""
    if isinstance(value, str):
        text = value
    elif isinstance(value, dict):
        for key in ("item", "what", "text", "label", "name", "goal", "description", "source", "trigger"):
            if isinstance(value.get(key), str) and value[key]:
                text = value[key]
                break
        else:
            text = json.dumps(value, ensure_ascii=False)
    else:
        text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= ITEM_CHARS else text[: ITEM_CHARS - 1] + "…"


def _list(value: Any) -> list[Any]:
    """`value` if it is a list, else empty."""
    return value if isinstance(value, list) else []


def _entries(items: list[Any], badge_key: str, text_keys: tuple[str, ...]) -> list[Entry]:
    """The last `RECENT` items, newest first, as entries."""
    found: list[Entry] = []
    for item in reversed(items[-RECENT:]):
        if isinstance(item, dict):
            text = next((text_of(item[k]) for k in text_keys if item.get(k)), "")
            found.append(Entry(text_of(item.get(badge_key)) or "—", text or "—", number(item.get("intensity"))))
        else:
            found.append(Entry("—", text_of(item) or "—", None))
    return found


def mood(valence: float | None, arousal: float | None) -> str:
    """The original dashboard's mood quadrant from valence and arousal."""
    if valence is None or arousal is None:
        return ""
    if valence >= 0:
        return "Energized" if arousal >= 0.5 else "Content"
    return "Stressed" if arousal >= 0.5 else "Depleted"


def _base(source: SisterFile | None, skill: str) -> tuple[str, str, str, str]:
    """Status, path, error and install command; a None source counts as missing."""
    if source is None:
        return "missing", "", "", INSTALL[skill]
    return source.status, source.path, source.error, INSTALL[skill]


def amygdala_view(source: SisterFile | None) -> AmygdalaView:
    """The Emotions tab from `memory/emotional-state.json`."""
    base = _base(source, "amygdala")
    if source is None or source.status != "ok":
        return AmygdalaView(*base)
    data = source.data
    raw = data.get("dimensions")
    values = raw if isinstance(raw, dict) else {}
    dims = []
    for key, label, low, high in DIMENSIONS:
        value = number(values.get(key))
        fraction = 0.0 if value is None else min(1.0, max(0.0, (value - low) / (high - low)))
        dims.append(Dimension(key, label, value, fraction))
    updated = data.get("lastUpdated")
    return AmygdalaView(
        *base,
        dimensions=dims,
        mood=mood(number(values.get("valence")), number(values.get("arousal"))),
        recent=_entries(_list(data.get("recentEmotions")), "label", ("trigger", "text", "note")),
        updated=updated if isinstance(updated, str) else "",
    )


def vta_view(source: SisterFile | None) -> VtaView:
    """The Drive tab from `memory/reward-state.json`."""
    base = _base(source, "vta")
    if source is None or source.status != "ok":
        return VtaView(*base)
    data = source.data
    drive = number(data.get("drive"))
    return VtaView(
        *base,
        drive=None if drive is None else min(1.0, max(0.0, drive)),
        seeking=[t for t in (text_of(x) for x in _list(data.get("seeking"))) if t][:20],
        anticipating=[t for t in (text_of(x) for x in _list(data.get("anticipating"))) if t][:20],
        recent=_entries(_list(data.get("recentRewards")), "type", ("source", "text", "note")),
    )
