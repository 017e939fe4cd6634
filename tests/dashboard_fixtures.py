"""Stores for the dashboard tests and benchmark: multilingual, hostile, sister skills, and large."""

from __future__ import annotations

import base64
import json
import random
import struct
import zlib
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from hippocampus.core.model import DOMAINS, Memory, Source
from hippocampus.store import index_file, logs
from hippocampus.store.workspace import Workspace

NOW = datetime(2026, 6, 15, 12, 0, tzinfo=timezone.utc)

HOSTILE = (
    "<script>document.title='PWNED';window.__pwned='script'</script>",
    "<img src=x onerror=\"document.title='PWNED';window.__pwned='img'\">",
    "</textarea><svg onload=\"window.__pwned='svg'\"></svg>",
    "</script><script>window.__pwned='breakout'</script>",
    '"><iframe src="javascript:parent.__pwned=\'iframe\'"></iframe>',
    '<a href="https://example.invalid/track">click</a><link rel=stylesheet href="https://example.invalid/x.css">',
    "<style>body{background:url(https://example.invalid/bg.png)}</style>{{ 7*7 }}\u2028\u2029",
)
MULTILINGUAL = (
    "我喜欢喝绿茶，记住我的生日是五月三日",
    "🦞🎉 Party on Friday with the whole team 🎂",
    "Ich mag Käsespätzle — und ŝtrange ünïcödé ﬁ ligatures",
)
TINY_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)
EMOTIONS = {
    "dimensions": {
        "valence": 0.6,
        "arousal": 0.7,
        "connection": 0.8,
        "curiosity": 0.9,
        "energy": 0.5,
        "trust": 0.75,
        "anticipation": 0.3,
    },
    "recentEmotions": [
        {"label": "joy", "intensity": 0.8, "trigger": "User shared good news"},
        {"label": "curious", "intensity": 0.6, "trigger": "<script>window.__pwned='amygdala'</script>"},
    ],
    "lastUpdated": "2026-06-15T11:00:00Z",
}
REWARDS = {
    "drive": 0.72,
    "seeking": ["finish the refactor", {"item": "learn Rust"}],
    "anticipating": ["<img src=x onerror=\"window.__pwned='vta'\">"],
    "recentRewards": [{"type": "accomplishment", "source": "shipped v1", "intensity": 0.9}],
}


def memory(
    number: int,
    content: str,
    *,
    anchor: float = 0.8,
    age_days: float = 0.0,
    domain: str = "user",
    category: str = "preference",
    reinforced: int = 0,
    now: datetime = NOW,
) -> Memory:
    """A memory last accessed `age_days` before `now`, from a fake session."""
    accessed = now - timedelta(days=age_days)
    return Memory(
        id=f"mem_{number:03d}",
        content=content,
        domain=domain,
        category=category,
        anchor=anchor,
        importance=anchor,
        created=accessed - timedelta(days=1),
        last_accessed=accessed,
        times_reinforced=reinforced,
        keywords=[],
        sources=[Source(session=f"session-{number % 7}", message=f"msg-{number}", time=accessed.isoformat())],
    )


def seed(
    ws_root: Path,
    memories: list[Memory],
    now: datetime = NOW,
    events: list[dict[str, Any]] | None = None,
) -> Workspace:
    """Write `memories` (and `events`) through the real store."""
    ws = Workspace(ws_root)

    def add(index: Any) -> None:
        index.memories.extend(memories)
        index.next_id = len(memories) + 1

    index_file.update_index(ws, add, now)
    if events:
        logs.append_events(ws, events)
    return ws


def hostile_and_multilingual(now: datetime = NOW) -> list[Memory]:
    """One memory per hostile payload and per multilingual text, spread over tiers and domains."""
    texts = list(HOSTILE) + list(MULTILINGUAL)
    return [
        memory(i + 1, text, anchor=0.95 - 0.07 * i, age_days=i * 3.0, domain=DOMAINS[i % 4], now=now)
        for i, text in enumerate(texts)
    ]


def large(count: int, now: datetime = NOW, seed_value: int = 7) -> tuple[list[Memory], list[dict[str, Any]]]:
    """`count` varied memories and an event log of their creations and reinforcements."""
    rng = random.Random(seed_value)
    words = ("coffee", "project", "deadline", "birthday", "Rust", "绿茶", "travel", "meeting", "🦞", "garden")
    memories, events = [], []
    for i in range(count):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(4, 14))) + f" #{i + 1}"
        m = memory(
            i + 1,
            text,
            anchor=rng.uniform(0.25, 1.0),
            age_days=rng.uniform(0, 150),
            domain=rng.choice(DOMAINS),
            category=rng.choice(("preference", "decision", "fact", "person")),
            reinforced=rng.randint(0, 6),
            now=now,
        )
        memories.append(m)
        events.append({"time": m.created.isoformat(), "type": "create", "id": m.id})
        if m.times_reinforced:
            events.append({"time": m.last_accessed.isoformat(), "type": "reinforce", "id": m.id})
    return memories, events


def write_identity(ws_root: Path, name: str, avatar: str | None = None) -> None:
    """An OpenClaw-style IDENTITY.md."""
    lines = ["# IDENTITY.md - Who Am I?", "", f"- **Name:** {name}", "- **Emoji:** 🦞"]
    if avatar is not None:
        lines.append(f"- **Avatar:** {avatar}")
    (ws_root / "IDENTITY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_sisters(ws_root: Path, emotional: Any = EMOTIONS, reward: Any = REWARDS) -> None:
    """Sister skill state files; a str is written as is (for broken files)."""
    memory_dir = ws_root / "memory"
    memory_dir.mkdir(parents=True, exist_ok=True)
    for name, data in (("emotional-state.json", emotional), ("reward-state.json", reward)):
        text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
        (memory_dir / name).write_text(text, encoding="utf-8")


def gradient_png(size: int = 96) -> bytes:
    """A small round-ish gradient PNG, made here so the avatar test needs no image library."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            row += bytes((90 + x * 120 // size, 60 + y * 100 // size, 200 - (x + y) * 60 // (2 * size)))
        rows.append(bytes(row))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows)))
        + chunk(b"IEND", b"")
    )
