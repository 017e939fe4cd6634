"""The names the installer and OpenClaw agree on, its exit codes, and how a job runs the venv's CLI.

The bottom of the installer: every other installer module may import it; it imports nothing of ours.
"""

from __future__ import annotations

from pathlib import Path

PLUGIN_ID = "hippocampus"
AGENT_ID = "hippocampus"
RECORD_NAME = "install-record.json"
EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_NO_GATEWAY = 3
EXIT_DECLINED = 4


def python_argv(python: Path, workspace: Path, *command: str) -> tuple[str, ...]:
    """How a job or the installer runs the venv's `hippocampus` CLI."""
    return (str(python), "-m", "hippocampus", "--workspace", str(workspace), *command)
