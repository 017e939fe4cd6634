"""History backfill over the SQLite transcript store a real OpenClaw 2026.9.6 wrote."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hippocampus.store import queue
from hippocampus.store.workspace import Workspace

from .conftest import ROOT, OpenClaw

pytestmark = pytest.mark.e2e


def test_preprocess_reads_real_history_with_the_live_hooks_ids(openclaw: OpenClaw, tmp_path: Path) -> None:
    statement = "Remember that my locker code is blue seven (probe-history)"
    openclaw.agent(statement)
    live = queue.rows(Workspace(openclaw.workspace))
    live_ids = {s["id"] for s in live if "probe-history" in s["text"]}
    assert live_ids, "the agent_end hook queued the statement"

    fresh = tmp_path / "fresh-workspace"
    fresh.mkdir()
    env = {**openclaw.env, "WORKSPACE": str(fresh)}

    def preprocess(*args: str) -> dict[str, object]:
        proc = subprocess.run(
            [sys.executable, "-m", "hippocampus", "preprocess", "--agent", "main", "--json", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ROOT,
        )
        assert proc.returncode == 0, proc.stderr
        return dict(json.loads(proc.stdout))

    first = preprocess("--whole")
    assert any(str(s).endswith("openclaw-agent.sqlite") for s in first["sources"])  # type: ignore[union-attr]
    queued = queue.rows(Workspace(fresh))
    history_ids = {s["id"] for s in queued if "probe-history" in s["text"]}
    assert history_ids == live_ids, "backfill and live capture agree on message ids, so nothing double-counts"
    assert all(s["role"] == "user" for s in queued)
    assert not any("FAKE-REPLY" in s["text"] for s in queued), "the assistant's words are never queued"
    assert preprocess()["queued"] == 0, "the watermark makes the next run read only what is new"
