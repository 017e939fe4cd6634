"""Decay, archive and consolidate on the database store: what they change, and what they keep."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from stored import kept_as_is

from hippocampus import maintenance, memories
from hippocampus.core.config import Config
from hippocampus.core.lifecycle import ARCHIVE_BELOW
from hippocampus.store import index_file, logs
from hippocampus.store.workspace import Workspace

NOW = datetime(2026, 3, 1, tzinfo=timezone.utc)


def test_consolidate_merges_paraphrases_into_the_strongest_and_keeps_the_rest(workspace: Path) -> None:
    ws = Workspace(workspace)
    config = Config()
    weak = kept_as_is(ws, NOW, "I really prefer green tea in the morning", 0.5)  # remember would merge it
    strong = kept_as_is(ws, NOW, "I prefer green tea in the morning", 0.95)
    other = memories.remember(ws, NOW, config, "My sister Alma lives in Berlin", importance=0.8)
    elsewhere = kept_as_is(ws, NOW, "I prefer green tea in the morning!", 0.9, domain="world")
    report = maintenance.consolidate(ws, NOW + timedelta(days=1), config)
    assert report["merged"] == [{"from": weak.id, "into": strong.id}]
    stored = {m.id: m for m in index_file.load_index(ws).memories}
    assert set(stored) == {strong.id, other.id, elsewhere.id}, "another domain is never merged"
    assert len(stored[strong.id].sources) == 2 and stored[strong.id].created == NOW
    assert [e["into"] for e in logs.read_events(ws) if e["type"] == "merge"] == [strong.id]
    again = maintenance.consolidate(ws, NOW + timedelta(days=2), config)
    assert again["merged"] == [], "idempotent"


def test_decay_refreshes_importance_and_archives_what_faded(workspace: Path) -> None:
    ws = Workspace(workspace)
    config = Config()
    keep = memories.remember(ws, NOW, config, "I prefer green tea in the morning", importance=0.9)
    fade = memories.remember(ws, NOW, config, "The old lamp was blue", importance=0.3)
    later = NOW + timedelta(days=60)
    listed = maintenance.decay(ws, later, config)
    assert listed["candidates"] == [fade.id] and listed["archived"] == [] and listed["memories"] == 2
    stored = {m.id: m for m in index_file.load_index(ws).memories}
    assert abs(stored[keep.id].importance - 0.9 * 0.99**60) < 1e-9 and stored[fade.id].importance < ARCHIVE_BELOW
    assert stored[keep.id].anchor == 0.9, "decay never compounds: the anchor is untouched"
    moved = maintenance.decay(ws, later, config, archive=True)
    assert moved["archived"] == [fade.id] and [m.id for m in index_file.load_index(ws).memories] == [keep.id]
    legacy, archived = logs.archived(ws)
    assert legacy == "" and [m.id for _, m in archived] == [fade.id]


def test_later_consolidations_look_only_at_what_changed_and_merge_the_same_way(workspace: Path) -> None:
    ws = Workspace(workspace)
    config = Config()
    old = memories.remember(ws, NOW, config, "I prefer green tea in the morning", importance=0.6)
    other = memories.remember(ws, NOW, config, "My sister Alma lives in Berlin", importance=0.8)
    assert maintenance.consolidate(ws, NOW, config)["merged"] == []  # the first, full run
    weaker = kept_as_is(ws, NOW, "I really prefer green tea in the morning", 0.3)  # remember would merge it
    assert maintenance.consolidate(ws, NOW, config)["merged"] == [{"from": weaker.id, "into": old.id}]
    stronger = kept_as_is(ws, NOW, "My sister Alma really lives in Berlin", 0.95)
    assert maintenance.consolidate(ws, NOW, config)["merged"] == [{"from": other.id, "into": stronger.id}]
    assert maintenance.consolidate(ws, NOW, config)["merged"] == [], "nothing changed, nothing to do"
    from hippocampus.llm import summaries

    unrelated = memories.remember(ws, NOW, config, "The garden shed needs paint", importance=0.2)
    assert maintenance.consolidate(ws, NOW, config)["merged"] == []
    summaries.revise(ws, NOW, unrelated.id, "I really do prefer green tea in the morning")
    merged = maintenance.consolidate(ws, NOW, config)["merged"]
    assert merged == [{"from": unrelated.id, "into": old.id}], "a revised text is looked at again"
    ids = {m.id for m in index_file.load_index(ws).memories}
    assert ids == {old.id, stronger.id}
