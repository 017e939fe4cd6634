"""The fact rules' pairwise question, as encoding asks it: does the newer statement find the older by its probes
(`core.facts.probes`, one of the older's features) and update it (`core.facts.updates`)? The tests of every rules
pass ask it of their own sentences (`bench/facts_rules.py` asks it of the fixtures)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

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


def one_holder(
    path: str, root: Path, meant: str, other: str, fix: str, now: datetime, other_first: bool = False
) -> None:
    """The store-level one-holder rule (`core.facts.replaced`) on `path`: in a store where `meant` is the only
    current memory `fix` can be about, `fix` replaces it; where `other` could be meant too, neither is hidden."""
    one = Workspace(root / "one")
    say(path, one, meant, now)
    say(path, one, fix, now + timedelta(days=2))
    assert meant not in current(one) and fix in current(one)
    two = Workspace(root / "two")
    for day, text in enumerate((other, meant) if other_first else (meant, other)):
        say(path, two, text, now + timedelta(days=day))
    say(path, two, fix, now + timedelta(days=2))
    assert {meant, other} <= set(current(two)), "a guess between two true facts hides neither"
