"""The fact rules' pairwise question, as encoding asks it: does the newer statement find the older by its probes
(`core.facts.probes`, one of the older's features) and update it (`core.facts.updates`)? The tests of every rules
pass ask it of their own sentences (`bench/facts_rules.py` asks it of the fixtures)."""

from __future__ import annotations

from datetime import datetime

from hippocampus import encoding, memories
from hippocampus.core import facts
from hippocampus.core.config import Config
from hippocampus.core.similarity import features
from hippocampus.store import database, rows
from hippocampus.store.workspace import Workspace


def found(new: str, old: str) -> bool:
    """`new` finds `old` by its probes and updates it (what encoding does)."""
    return bool(set(facts.probes(new)) & {f.lstrip("!") for f in features(old)}) and facts.updates(new, old)


def current(ws: Workspace) -> list[str]:
    """The contents of the store's current memories."""
    with database.reading(ws) as conn:
        return [m.content for m in rows.read_index(conn).memories]


def say(path: str, ws: Workspace, text: str, at: datetime) -> None:
    """`text` said on `at` through `path`: `remember`, or one user turn through `ingest`."""
    if path == "remember":
        memories.remember(ws, at, Config(), text)
        return
    turn = {"session": f"s{at.day}", "id": f"m{at.day}", "role": "user", "text": text, "timestamp": at.isoformat()}
    encoding.ingest(ws, at, Config(), {turn["session"]: [turn]})
