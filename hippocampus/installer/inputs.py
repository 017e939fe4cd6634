"""What a plan is built from: the installer's options and the snapshot of the machine it observed.

Below `plan`, `cron` and `recall_mode`, which all read both, so none of them imports another for its
types. Pure data; standard library only, like the rest of the installer.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class Options:
    """The installer's command-line options."""

    skill_dir: Path
    workspace: Path | None = None
    agent: str = "main"
    with_cron: bool = False
    with_agent: bool = False
    with_llm_summaries: bool = False
    with_reflection: bool = False
    signals: int = 100
    whole: bool = False
    dry_run: bool = False
    yes: bool = False
    uninstall: bool = False
    purge: bool = False
    as_json: bool = False
    link: bool = False
    python: str | None = None
    semantic: bool = True


@dataclass
class Observed:
    """What is on the machine now (read-only look)."""

    workspace: Path
    python: Path
    venv_exists: bool
    index_exists: bool
    memory_count: int
    record: dict[str, Any] | None
    openclaw: str | None = None
    version: str = ""
    config_file: Path | None = None
    config_exists: bool = False
    extra_key: str = ""
    extra_before: list[Any] | None = None
    entry_before: Any = None
    plugin_installed: bool = False
    plugin_current: bool = False
    plugin_fields: tuple[str, ...] = ()
    cron_jobs: list[dict[str, Any]] | None = None
    gateway_open: bool = False
    agent_exists: bool = False
    default_model: str | None = None
    cli_link: Path | None = None
    cli_link_state: str = "free"
    """`free`, `ours` (already our link) or `taken` (another file: left alone)."""

    @property
    def gateway(self) -> bool:
        return self.cron_jobs is not None or self.gateway_open
