"""After `forget`, OpenClaw's own memory index (the real 2026.9.6 memory-core) lets the text go too.

HIPPOCAMPUS_CORE.md is in `memory.search.extraPaths`, so memory-core indexes it into the agent's
database (`agents/<id>/agent/openclaw-agent.sqlite`). What the test shows, and hooks/README.md records:
until OpenClaw re-indexes, `memory search` still returns the forgotten line; after
`openclaw memory index`, no file under OpenClaw's state holds it. memory-core's own event log
keeps the *queries* typed into `memory search` (here one word of the memory), never the results'
text, so the test searches for one word and checks the bytes for another.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import OpenClaw, make_openclaw
from .fake_model import FakeModel

pytestmark = [pytest.mark.e2e, pytest.mark.beside]  # scripts/test.sh: the second end-to-end group
SEARCHED, UNSAID = "Zebrafruit", "Quillbarrow"
FACT = f"My locker code word is {SEARCHED} and the locker is behind the {UNSAID} shelf"


@pytest.fixture(scope="module")
def claw(openclaw_path: str, fake_model: FakeModel, tmp_path_factory: pytest.TempPathFactory) -> OpenClaw:
    claw = make_openclaw(tmp_path_factory.mktemp("forget-index"), openclaw_path, fake_model)
    claw.patch({"memory": {"search": {"extraPaths": [str(claw.workspace / "HIPPOCAMPUS_CORE.md")]}}})
    return claw


def found(claw: OpenClaw) -> bool:
    out = claw.run("memory", "search", SEARCHED, "--agent", "main", "--json", timeout=300).stdout
    return any(SEARCHED in str(hit.get("snippet", "")) for hit in json.loads(out[out.index("{") :])["results"])


def holding(root: Path, word: str) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() and word.encode() in p.read_bytes())


def test_forgotten_text_leaves_openclaws_memory_index_once_it_reindexes(claw: OpenClaw) -> None:
    claw.hippocampus("init")
    memory_id = json.loads(claw.hippocampus("remember", FACT, "--importance", "0.95", "--json").stdout)[0]["id"]
    claw.hippocampus("sync-core")
    claw.run("memory", "index", "--force", "--agent", "main", timeout=600)
    assert found(claw), "memory-core indexed HIPPOCAMPUS_CORE.md"
    assert holding(claw.state, UNSAID), "the text is in OpenClaw's index"

    forgot = claw.hippocampus("forget", memory_id)
    assert "openclaw memory index" in forgot.stdout + forgot.stderr, "the user is told what OpenClaw still holds"
    assert UNSAID not in (claw.workspace / "HIPPOCAMPUS_CORE.md").read_text()
    assert found(claw), "until it re-indexes, OpenClaw still returns the forgotten line (recorded in hooks/README.md)"

    claw.run("memory", "index", "--agent", "main", timeout=600)
    assert not found(claw)
    assert holding(claw.state, UNSAID) == [], "no byte of the forgotten text is left in OpenClaw's state"
    assert holding(claw.workspace, UNSAID) == []
