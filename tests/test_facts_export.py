"""History survives export and import: superseded memories travel in the export's `superseded` list."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from hippocampus import importing, memories
from hippocampus.core.config import Config
from hippocampus.errors import InputError
from hippocampus.recall import recall
from hippocampus.store import database, index_file, rows
from hippocampus.store.workspace import Workspace

NOW = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)
CONFIG = Config()
VERSIONS = ["My son is 5", "My son is 15", "My son is 16"]


def _store_with_history(root: Path) -> Workspace:
    """A store where "My son is 16" superseded "…15", which superseded "…5", plus one unrelated memory."""
    root.mkdir()
    ws = Workspace(root)
    for day, text in enumerate(VERSIONS):
        memories.remember(ws, NOW + timedelta(days=day), CONFIG, text)
    memories.remember(ws, NOW + timedelta(days=4), CONFIG, "I keep bees on the roof")
    return ws


def _export(ws: Workspace, path: Path) -> dict[str, Any]:
    document = index_file.export_document(ws)
    path.write_text(json.dumps(document), encoding="utf-8")
    return document


def _history_count(ws: Workspace) -> int:
    with database.reading(ws) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM superseded").fetchone()[0])


def _chain(ws: Workspace, content: str) -> list[str]:
    current = next(m for m in index_file.load_index(ws).memories if m.content == content)
    return [m.content for m in memories.history(ws, current.id)]


def test_the_export_lists_the_superseded_versions_with_their_successor(tmp_path: Path) -> None:
    ws = _store_with_history(tmp_path / "a")
    document = _export(ws, tmp_path / "export.json")
    assert sorted(m["content"] for m in document["memories"]) == ["I keep bees on the roof", "My son is 16"]
    old = {m["content"]: m for m in document["superseded"]}
    assert set(old) == {"My son is 5", "My son is 15"}
    ids = {m["content"]: m["id"] for m in [*document["memories"], *document["superseded"]]}
    assert old["My son is 5"]["supersededBy"] == ids["My son is 15"]
    assert old["My son is 15"]["supersededBy"] == ids["My son is 16"]
    assert all(m["supersededAt"] for m in old.values())


def test_a_round_trip_keeps_every_version_and_importing_again_adds_nothing(tmp_path: Path) -> None:
    ws = _store_with_history(tmp_path / "a")
    _export(ws, tmp_path / "export.json")
    other = Workspace(tmp_path / "b")
    (tmp_path / "b").mkdir()
    memories.remember(other, NOW - timedelta(days=9), CONFIG, "I live in Porto")  # its mem_001 is not theirs
    kind, created = importing.import_file(other, NOW + timedelta(days=5), tmp_path / "export.json")
    assert kind == "hippocampus" and len(created) == 4
    assert _chain(other, "My son is 16") == VERSIONS
    assert _history_count(other) == 2
    assert [h.memory.content for h in recall(other, "son", NOW + timedelta(days=5), CONFIG)] == ["My son is 16"]
    again = importing.import_file(other, NOW + timedelta(days=6), tmp_path / "export.json")[1]
    assert again == [] and _history_count(other) == 2 and len(index_file.load_index(other).memories) == 3
    # the store's own export imported back adds nothing either
    assert importing.import_file(ws, NOW + timedelta(days=6), tmp_path / "export.json")[1] == []
    assert _history_count(ws) == 2


def test_history_imported_later_joins_the_memory_an_older_export_brought(tmp_path: Path) -> None:
    ws = _store_with_history(tmp_path / "a")
    document = _export(ws, tmp_path / "export.json")
    without = {k: v for k, v in document.items() if k != "superseded"}  # an export made before history travelled
    (tmp_path / "old.json").write_text(json.dumps(without), encoding="utf-8")
    other = Workspace(tmp_path / "b")
    (tmp_path / "b").mkdir()
    assert len(importing.import_file(other, NOW, tmp_path / "old.json")[1]) == 2
    assert len(importing.import_file(other, NOW, tmp_path / "export.json")[1]) == 2  # just the two versions
    assert _chain(other, "My son is 16") == VERSIONS
    assert len(index_file.load_index(other).memories) == 2


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d["superseded"][0].update(supersededBy="mem_999"),  # a successor that is not there
        lambda d: d["superseded"][0].pop("supersededBy"),  # history that names no successor
        lambda d: d.update(superseded={"not": "a list"}),
        lambda d: d.update(superseded=["a string"]),
    ],
)
def test_a_broken_history_imports_nothing_and_says_so(tmp_path: Path, spoil: Any) -> None:
    ws = _store_with_history(tmp_path / "a")
    document = _export(ws, tmp_path / "export.json")
    spoil(document)
    (tmp_path / "bad.json").write_text(json.dumps(document), encoding="utf-8")
    other = Workspace(tmp_path / "b")
    (tmp_path / "b").mkdir()
    memories.remember(other, NOW - timedelta(days=9), CONFIG, "I live in Porto")
    with pytest.raises(InputError, match="nothing was imported") as error:
        importing.import_file(other, NOW, tmp_path / "bad.json")
    assert "\n" not in str(error.value)
    assert len(index_file.load_index(other).memories) == 1 and _history_count(other) == 0
    with database.reading(other) as conn:
        assert rows.superseded(conn) == []


def test_the_cli_export_carries_the_history(run_cli: Any, workspace: Path) -> None:
    for text in VERSIONS[:2]:
        assert run_cli("remember", text).returncode == 0
    exported = json.loads(run_cli("export").stdout)
    assert [m["content"] for m in exported["memories"]] == ["My son is 15"]
    assert [m["content"] for m in exported["superseded"]] == ["My son is 5"]
