"""What the installer will do, decided before anything is touched, so it can be shown, asked about and recorded.

Pure: built from the options and an observed snapshot of the machine, no I/O. Standard
library only, because the installer runs under the system `python3` before the venv exists.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hippocampus.installer.cron import cron_jobs
from hippocampus.installer.inputs import Observed, Options
from hippocampus.installer.names import (
    AGENT_ID,
    RECORD_NAME,
)
from hippocampus.installer.recall_mode import recall_step


@dataclass
class Step:
    """One line of the plan: what, where, and the old → new value for settings."""

    kind: str
    title: str
    target: str = ""
    old: Any = None
    new: Any = None
    note: str = ""
    skip: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "title": self.title,
            "target": self.target,
            "old": self.old,
            "new": self.new,
            "note": self.note,
            "skip": self.skip,
        }


def plugin_config(opts: Options, seen: Observed) -> dict[str, Any]:
    """The plugin's `config`, limited to the fields its configSchema declares."""
    wanted: dict[str, Any] = {
        "python": str(seen.python),
        "packageDir": str(opts.skill_dir),
        "excludeAgents": [AGENT_ID],
    }
    if opts.workspace is not None:
        # Only an explicit --workspace pins one store for every agent; otherwise each agent keeps
        # its memories in its own workspace (the hooks' ctx.workspaceDir), as users expect.
        wanted["workspace"] = str(seen.workspace)
    return {k: v for k, v in wanted.items() if not seen.plugin_fields or k in seen.plugin_fields}


def plugin_entry(opts: Options, seen: Observed) -> dict[str, Any]:
    """`plugins.entries.hippocampus` after install (a patch: the user's other fields are kept)."""
    return {"enabled": True, "hooks": {"allowConversationAccess": True}, "config": plugin_config(opts, seen)}


def core_item(seen: Observed) -> str:
    """The extraPaths item: HIPPOCAMPUS_CORE.md's absolute path."""
    return str((seen.workspace / "HIPPOCAMPUS_CORE.md").absolute())


def has_item(items: list[Any] | None, path: str) -> bool:
    """Is `path` already listed (as a string or a {path, pattern} object)?"""
    return any(i == path or (isinstance(i, dict) and i.get("path") == path) for i in items or [])


def transcripts_note(opts: Options, seen: Observed) -> str:
    """Which transcripts the history backfill reads."""
    state = seen.config_file.parent if seen.config_file else Path("~/.openclaw")
    where = state / "agents" / opts.agent
    amount = "every message" if opts.whole else f"the last {opts.signals} messages"
    return (
        f"{amount} of agent '{opts.agent}' from {where}/agent/openclaw-agent.sqlite (read-only) "
        f"and legacy {where}/sessions/*.jsonl; only user text is scored, assistant and cron turns are not"
    )


def build(opts: Options, seen: Observed) -> list[Step]:
    """Every step of an install, in the order it runs."""
    ws = seen.workspace
    steps: list[Step] = []
    if opts.python:
        steps.append(Step("venv", "use the given interpreter (no venv created)", str(seen.python)))
    else:
        verb = "refresh the hippocampus package in" if seen.venv_exists else "create"
        steps.append(
            Step(
                "venv",
                f"{verb} the skill's virtual environment and pip-install hippocampus "
                "(with click, jinja2, fastjsonschema, pyyaml from PyPI)",
                str(opts.skill_dir / ".venv"),
            )
        )

    steps.append(Step("recall", *recall_step(opts, seen)))
    if seen.index_exists:
        steps.append(
            Step(
                "store", f"keep the memory store as it is ({seen.memory_count} memories untouched)", str(ws / "memory")
            )
        )
    else:
        steps.append(
            Step(
                "store",
                "create memory/hippocampus.db (empty) and memory/{user,self,relationship,world}/",
                str(ws / "memory"),
            )
        )
    if opts.whole or opts.signals > 0:
        steps.append(Step("history", "backfill: read " + transcripts_note(opts, seen)))
    steps.append(
        Step(
            "file",
            "write HIPPOCAMPUS_CORE.md (core memories, for OpenClaw memory search)",
            str(ws / "HIPPOCAMPUS_CORE.md"),
        )
    )
    steps.append(Step("file", "write the brain dashboard (offline HTML)", str(ws / "brain-dashboard.html")))
    steps.append(
        Step("file", "write the install record (what was done, old values, job ids)", str(ws / "memory" / RECORD_NAME))
    )
    if seen.cli_link is not None:
        command = seen.python.parent / "hippocampus"
        taken = seen.cli_link_state == "taken"
        steps.append(
            Step(
                "file",
                f"link the `hippocampus` command to {command} (removed by --uninstall)"
                if not taken
                else f"{seen.cli_link} exists and is not ours: left alone; the CLI is {command}",
                str(seen.cli_link),
                skip=taken,
            )
        )
    if not seen.openclaw:
        steps.append(
            Step(
                "openclaw",
                "no `openclaw` on PATH: OpenClaw is left alone; the commands that wire "
                "Hippocampus in are printed at the end",
                skip=True,
            )
        )
        return steps
    steps.extend(_openclaw_steps(opts, seen))
    return steps


def _openclaw_steps(opts: Options, seen: Observed) -> list[Step]:
    """Plugin, settings, jobs and agent steps."""
    steps: list[Step] = []
    if seen.config_exists and seen.config_file:
        steps.append(
            Step(
                "backup",
                "back up openclaw.json before the first change",
                str(seen.config_file),
                new=str(backup_name(seen.config_file)),
                note=("OpenClaw's config writer rewrites the file as plain JSON: JSON5 comments in it are dropped"),
            )
        )
    hooks = opts.skill_dir / "hooks"
    how = "link to" if opts.link else "copy of"
    verb = "keep" if seen.plugin_current else "install"
    steps.append(
        Step(
            "plugin",
            f"{verb} the plugin 'hippocampus' ({how} {hooks}; hooks before_prompt_build, "
            "agent_end, session_end, before_reset, before_compaction)",
            str(hooks),
            note="reads each turn's user message (to recall) and the finished turn (to queue what the "
            "user said); assistant text is never stored as a fact about the user",
        )
    )
    new_entry = plugin_entry(opts, seen)
    steps.append(
        Step(
            "config",
            "enable the plugin, allow it conversation access, point it at the venv",
            "plugins.entries.hippocampus",
            old=seen.entry_before,
            new=new_entry,
        )
    )
    item = core_item(seen)
    if has_item(seen.extra_before, item):
        steps.append(
            Step(
                "config",
                "memory search already indexes HIPPOCAMPUS_CORE.md",
                seen.extra_key,
                old=seen.extra_before,
                new=seen.extra_before,
                skip=True,
            )
        )
    else:
        steps.append(
            Step(
                "config",
                "let OpenClaw's memory_search index HIPPOCAMPUS_CORE.md",
                seen.extra_key,
                old=seen.extra_before,
                new=[*(seen.extra_before or []), item],
                note="takes effect after a Gateway restart",
            )
        )
    if opts.with_cron:
        for job in cron_jobs(opts, seen):
            steps.append(
                Step(
                    "cron",
                    f"{job.what}: '{job.schedule}' UTC",
                    job.key,
                    new=job.name,
                    note="" if seen.gateway else "no Gateway reachable: NOT registered, command printed",
                    skip=not seen.gateway,
                )
            )
    if opts.with_agent:
        steps.append(agent_step(opts, seen))
    return steps


def agent_workspace(seen: Observed) -> Path:
    """The background agent's own workspace, next to OpenClaw's others."""
    state = seen.config_file.parent if seen.config_file else Path.home() / ".openclaw"
    return state / f"workspace-{AGENT_ID}"


def agent_step(opts: Options, seen: Observed) -> Step:
    """The opt-in background agent, with what it changes said up front."""
    exists = seen.agent_exists
    ours = bool((seen.record or {}).get("agent", {}).get("created"))
    note = (
        'makes this install a multi-agent roster: agents.ownership becomes "explicit" and the heartbeat '
        "and system agent are pinned to your current agent; the agent may run only the hippocampus CLI "
        "(exec) on a schedule and reads only what that CLI prints; it never messages you. Remove it with "
        "`python3 install.py --uninstall` (or `openclaw agents delete hippocampus`)."
    )
    if exists and not ours:
        return Step(
            "agent",
            "an agent named 'hippocampus' already exists and was not made by this installer: left alone",
            AGENT_ID,
            skip=True,
        )
    title = (
        "refresh the background agent's AGENTS.md and IDENTITY.md"
        if exists
        else ("create the background agent 'hippocampus' with its own workspace, AGENTS.md and IDENTITY.md")
    )
    return Step("agent", title, str(agent_workspace(seen)), new={"model": seen.default_model or "(default)"}, note=note)


def backup_name(config_file: Path) -> Path:
    """Where openclaw.json is copied before the first change."""
    return config_file.with_name(config_file.name + ".hippocampus-backup")


def render(steps: list[Step], header: str) -> str:
    """The plan as text a person reads before saying yes."""
    lines = [header]
    for number, step in enumerate(steps, 1):
        mark = "  (skipped)" if step.skip else ""
        lines.append(f"{number:>2}. [{step.kind}] {step.title}{mark}")
        if step.target:
            lines.append(f"      at: {step.target}")
        if step.kind == "config" and not step.skip and (step.old is not None or step.new is not None):
            lines.append(f"      old: {json.dumps(step.old)}")
            lines.append(f"      new: {json.dumps(step.new)}")
        if step.note:
            lines.append(f"      note: {step.note}")
    return "\n".join(lines) + "\n"
