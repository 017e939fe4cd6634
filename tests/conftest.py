"""Shared fixtures: every test gets its own workspace and never touches a real home."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point WORKSPACE (and HOME) at a fresh temporary folder."""
    ws = tmp_path / "workspace"
    ws.mkdir()
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("WORKSPACE", str(ws))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("HIPPOCAMPUS_NOW", raising=False)
    monkeypatch.delenv("HIPPOCAMPUS_CURVE", raising=False)
    yield ws


@pytest.fixture
def run_cli(workspace: Path):  # type: ignore[no-untyped-def]
    """Run the real `hippocampus` CLI as a subprocess: (args, env extras, stdin) -> CompletedProcess."""
    import subprocess

    def _run(
        *args: str, env: dict[str, str] | None = None, input: str | None = None, check: bool = False
    ) -> subprocess.CompletedProcess[str]:
        full = dict(os.environ)
        full["WORKSPACE"] = str(workspace)
        full.update(env or {})
        return subprocess.run(
            [sys.executable, "-m", "hippocampus", *args],
            capture_output=True,
            text=True,
            env=full,
            input=input,
            check=check,
            timeout=120,
        )

    return _run
