"""Shared fixtures: every test gets its own workspace and never touches a real home."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def user_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache folder for the session (`semantic.background`'s vectors are embedded once, not per test)."""
    return tmp_path_factory.mktemp("xdg-cache")


@pytest.fixture(autouse=True)
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user_cache: Path) -> Iterator[Path]:
    """Point WORKSPACE (and HOME) at a fresh temporary folder, the user's cache at the session's."""
    ws = tmp_path / "workspace"
    ws.mkdir()
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("WORKSPACE", str(ws))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", str(user_cache))
    monkeypatch.delenv("HIPPOCAMPUS_NOW", raising=False)
    monkeypatch.delenv("HIPPOCAMPUS_CURVE", raising=False)
    yield ws


@pytest.fixture
def run_cli(workspace: Path):  # type: ignore[no-untyped-def]
    """Run the `hippocampus` click CLI in this process (click's CliRunner): (args, env extras, stdin) ->
    CompletedProcess. An uncaught exception becomes exit status 1 with its traceback on stderr, as a real
    process would show it, so "no traceback" assertions stay meaningful. The fast entry point, the console
    script and the hooks are run as real processes by their own tests (`run_process`)."""
    import subprocess
    import traceback

    from click.testing import CliRunner

    from hippocampus.cli.app import main

    def _run(
        *args: str, env: dict[str, str] | None = None, input: str | None = None, check: bool = False
    ) -> subprocess.CompletedProcess[str]:
        full = {"WORKSPACE": str(workspace), **(env or {})}
        result = CliRunner().invoke(main, list(args), env=full, input=input, prog_name="hippocampus")
        stderr, code = result.stderr, result.exit_code
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            stderr += "".join(traceback.format_exception(*result.exc_info))
            code = 1
        done = subprocess.CompletedProcess(["hippocampus", *args], code, result.stdout, stderr)
        if check:
            done.check_returncode()
        return done

    return _run


@pytest.fixture
def run_process(workspace: Path):  # type: ignore[no-untyped-def]
    """Run the real `python -m hippocampus` as a subprocess: (args, env extras, stdin) -> CompletedProcess."""
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
