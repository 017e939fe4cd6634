"""Build a realistic memory store of N memories (for the latency benchmarks); deterministic by seed."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

from hippocampus.store import index_file
from hippocampus.store.workspace import Workspace

SUBJECTS = [
    "my sister",
    "my brother",
    "my manager",
    "our team",
    "my partner",
    "my dentist",
    "the landlord",
    "my daughter",
    "my son",
    "my best friend",
    "the client",
    "my doctor",
    "my neighbour",
    "my coach",
]
VERBS = [
    "prefers",
    "decided to",
    "wants to",
    "is worried about",
    "loves",
    "hates",
    "is working on",
    "asked me to remember",
    "plans to",
    "always forgets",
]
OBJECTS = [
    "green tea",
    "the quarterly report",
    "hiking in the Alps",
    "the Falcon project",
    "jazz concerts",
    "vegetarian food",
    "early meetings",
    "the Berlin trip",
    "learning Spanish",
    "the new espresso machine",
    "weekly backups",
    "the garden shed",
    "Python type hints",
    "the wedding in June",
    "marathon training",
    "dark mode",
    "the mortgage renewal",
    "piano lessons",
    "the dentist appointment",
    "sourdough baking",
]
TAILS = [
    "next week",
    "every morning",
    "since last year",
    "before Friday",
    "on weekends",
    "at the office",
    "with the kids",
    "after the holidays",
    "when it rains",
    "for the launch",
]
CJK = ["我喜欢喝绿茶", "我妹妹叫阿尔玛", "我们决定下周去柏林", "记住我的会议在周五", "我讨厌早上开会"]
DOMAINS = ["user"] * 6 + ["relationship"] * 2 + ["world", "self"]
CATEGORIES = ["preference", "decision", "person", "project", "emotion", "general", "remember"]


def make_payload(n: int, now: datetime, seed: int = 7) -> dict[str, object]:
    """An index.json payload with `n` memories of varied text, importance and age."""
    rng = random.Random(seed)
    memories = []
    for i in range(1, n + 1):
        if rng.random() < 0.03:
            text = f"{rng.choice(CJK)}，{rng.choice(CJK)}"
        else:
            text = (
                f"{rng.choice(SUBJECTS).capitalize()} {rng.choice(VERBS)} {rng.choice(OBJECTS)} "
                f"{rng.choice(TAILS)} (note {i})"
            )
        anchor = round(min(1.0, max(0.05, rng.betavariate(2.2, 2.6))), 4)
        last = now - timedelta(days=rng.uniform(0, 400))
        created = last - timedelta(days=rng.uniform(0, 60))
        stamp = last.isoformat().replace("+00:00", "Z")
        memories.append(
            {
                "id": f"mem_{i:03d}",
                "domain": rng.choice(DOMAINS),
                "category": rng.choice(CATEGORIES),
                "content": text,
                "importance": anchor,
                "anchor": anchor,
                "created": created.isoformat().replace("+00:00", "Z"),
                "lastAccessed": stamp,
                "timesReinforced": rng.randint(0, 5),
                "keywords": text.lower().split()[:4],
                "stability": 1.0,
                "summaryPending": False,
                "sources": [{"session": f"sess-{rng.randint(1, n // 10 + 1)}", "message": f"msg-{i}", "time": stamp}],
            }
        )
    return {
        "version": 2,
        "lastUpdated": now.isoformat().replace("+00:00", "Z"),
        "decayLastRun": "",
        "nextId": n + 1,
        "memories": memories,
    }


def build(workspace: Path, n: int, now: datetime | None = None) -> Path:
    """Write a store of `n` memories into `workspace` through the real store (validated, cached)."""
    from hippocampus.core.model import Index

    now = now or datetime(2026, 11, 1, tzinfo=timezone.utc)
    ws = Workspace(workspace)
    payload = make_payload(n, now)
    index = Index.from_dict(json.loads(json.dumps(payload)))
    index_file.write_whole(ws, index, now)
    return ws.db_path
