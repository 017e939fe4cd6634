"""The one-process hook start, the bridge's fallback (`python hooks/<entry>.py`, hooks/hippocampus_hook.py):
it answers, finds the package in every kind of install, honours the settings file, and fails open.

Each test runs a real interpreter and reads which modules it loaded and from where."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from hippocampus import memories
from hippocampus.core.config import Config
from hippocampus.store import inbox
from hippocampus.store.workspace import Workspace
from tests.cold_hook import run_cold_hook

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    # core (0.9): a preference alone is 0.6 since issue 24, and a store this small injects no relevant part (issue 25)
    memories.remember(
        Workspace(root), datetime(2026, 3, 1, 9, tzinfo=timezone.utc), Config(), "I prefer green tea", importance=0.9
    )
    return root


def turn(workspace: Path, text: str) -> dict[str, Any]:
    return {
        "hook": "x",
        "workspace": str(workspace),
        "config": {},
        "ctx": {"agentId": "main", "sessionKey": "agent:main:main", "sessionId": "s1", "trigger": "user"},
        "event": {"prompt": text, "messages": [{"role": "user", "content": text}]},
    }


def test_an_ordinary_turn_gets_its_block(workspace: Path, tmp_path: Path) -> None:
    done, _, _ = run_cold_hook("request_before", turn(workspace, "what tea do I like"), tmp_path)
    assert "green tea" in done.stdout and done.stderr == ""


def test_a_settings_file_is_read_with_pyyaml_from_site_packages_and_honoured(workspace: Path, tmp_path: Path) -> None:
    (workspace / "memory" / "hippocampus.yaml").write_text("inject_budget: 40\n", encoding="utf-8")
    done, loaded, prefix = run_cold_hook("request_before", turn(workspace, "what tea do I like"), tmp_path)
    assert "failed open" not in done.stderr, done.stderr
    assert done.stdout == "", "a 40-character budget holds no block: the settings file was read"
    assert "site-packages" in (loaded.get("yaml") or "")
    assert prefix == sys.prefix, "the hook ran in the venv it was started from"


def test_a_package_installed_only_into_the_venv_is_found_through_site(workspace: Path, tmp_path: Path) -> None:
    """A packageDir without the package (pip into a venv, hooks copied elsewhere): found in site-packages."""
    empty = tmp_path / "empty"
    empty.mkdir()
    text = "I always take my tea without sugar"
    done, loaded, _ = run_cold_hook(
        "request_after", turn(workspace, text), tmp_path, HIPPOCAMPUS_PACKAGE_DIR=str(empty)
    )
    assert "failed open" not in done.stderr, done.stderr
    assert json.loads(inbox.waiting(str(workspace))[-1])["text"] == text
    assert not loaded["hippocampus"].startswith(str(empty))


def test_the_users_pythonpath_is_honoured(workspace: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    done, loaded, _ = run_cold_hook(
        "request_before",
        turn(workspace, "what tea do I like"),
        tmp_path,
        HIPPOCAMPUS_PACKAGE_DIR=str(empty),
        PYTHONPATH=str(ROOT),
    )
    assert "green tea" in done.stdout and done.stderr == ""
    assert loaded["hippocampus"] == str(ROOT / "hippocampus" / "__init__.py")


def test_a_copied_plugin_without_package_dir_finds_the_installed_package(workspace: Path, tmp_path: Path) -> None:
    """`openclaw plugins install` copies hooks/ to `extensions/hippocampus`, so with `packageDir` unset the
    folder above it puts a namespace `hippocampus` first on sys.path. The hook still imports the regular
    package installed in site-packages (it wins over a namespace folder). Here the installed package is in
    the user site of the base interpreter (a venv turns the user site off)."""
    base = Path(sys.base_prefix) / "bin" / f"python{sys.version_info.major}.{sys.version_info.minor}"
    if not base.exists():
        pytest.skip(f"no base interpreter at {base}")
    env = {"PATH": "", "HOME": str(tmp_path), "PYTHONUSERBASE": str(tmp_path / "userbase")}
    user_site = subprocess.run(
        [str(base), "-c", "import site; print(site.getusersitepackages())"], env=env, capture_output=True, text=True
    ).stdout.strip()
    Path(user_site).mkdir(parents=True)
    (Path(user_site) / "hippocampus").symlink_to(ROOT / "hippocampus")
    plugin = tmp_path / "extensions" / "hippocampus"
    plugin.mkdir(parents=True)
    for name in ("request_before.py", "hippocampus_hook.py"):
        (plugin / name).write_bytes((ROOT / "hooks" / name).read_bytes())
    done = subprocess.run(
        [str(base), str(plugin / "request_before.py")],
        input=json.dumps(turn(workspace, "what tea do I like")),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={**env, "HIPPOCAMPUS_NOW": "2026-03-02T09:00:00Z"},
    )
    assert done.returncode == 0 and "failed open" not in done.stderr, done.stderr
    assert "green tea" in done.stdout


@pytest.mark.parametrize("hook", ["request_before", "request_after", "session_end"])
def test_a_package_that_cannot_be_imported_still_fails_open(tmp_path: Path, hook: str) -> None:
    broken = tmp_path / "broken"
    (broken / "hippocampus").mkdir(parents=True)
    (broken / "hippocampus" / "__init__.py").write_text("raise RuntimeError('broken install')\n")
    done = subprocess.run(
        [sys.executable, str(ROOT / "hooks" / f"{hook}.py")],
        input=b"{}",
        capture_output=True,
        timeout=60,
        env={**os.environ, "HIPPOCAMPUS_PACKAGE_DIR": str(broken)},
    )
    assert done.returncode == 0 and done.stdout == b""
    assert f"{hook} failed open: cannot import hippocampus" in done.stderr.decode()
