"""The opt-in background agent: create it with `openclaw agents add`, give it its instructions, and undo both.

`agents add` also rewrites roster settings (`agents.ownership`, the heartbeat and system
agent owners, ...). The config file is compared before and after, and the record keeps each
changed path, so uninstall puts back exactly those values and only if nobody changed them since.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

from .openclaw import OpenClaw
from .plan import AGENT_ID, Observed, Options, agent_workspace, python_argv

MISSING = object()


def read_config(path: Path | None) -> dict[str, Any] | None:
    """openclaw.json as written by OpenClaw's own writer (plain JSON), or None if unreadable."""
    if path is None:
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError, UnicodeDecodeError):
        return None
    return data if isinstance(data, dict) else None


def config_changes(before: dict[str, Any], after: dict[str, Any], prefix: str = "") -> list[dict[str, Any]]:
    """Paths whose value differs, at the shallowest level where one side lacks the key or the values differ."""
    changes: list[dict[str, Any]] = []
    for key in sorted(set(before) | set(after)):
        path = f"{prefix}{key}"
        if path in ("meta", f"agents.entries.{AGENT_ID}"):
            continue
        old, new = before.get(key, MISSING), after.get(key, MISSING)
        if isinstance(old, dict) and isinstance(new, dict):
            changes += config_changes(old, new, path + ".")
        elif old != new:
            changes.append({"path": path, "before": None if old is MISSING else old, "hadBefore": old is not MISSING,
                            "after": None if new is MISSING else new, "hasAfter": new is not MISSING})
    return changes


def lookup(data: dict[str, Any] | None, path: str) -> Any:
    """The value at a dot path, or MISSING."""
    node: Any = data
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return MISSING
        node = node[part]
    return node


def instructions(source: Path, seen: Observed) -> str:
    """An agent/ file with `{hippocampus}` replaced by this install's exact CLI invocation."""
    cli = " ".join(shlex.quote(a) for a in python_argv(seen.python, seen.workspace))
    return source.read_text(encoding="utf-8").replace("{hippocampus}", cli)


def write_agent_files(opts: Options, seen: Observed, workspace: Path) -> list[str]:
    """Copy AGENTS.md and IDENTITY.md in; drop the first-run BOOTSTRAP.md ceremony OpenClaw seeded."""
    written = []
    for name in ("AGENTS.md", "IDENTITY.md"):
        target = workspace / name
        target.write_text(instructions(opts.skill_dir / "agent" / name, seen), encoding="utf-8")
        written.append(str(target))
    (workspace / "BOOTSTRAP.md").unlink(missing_ok=True)
    return written


def add_agent(claw: OpenClaw, opts: Options, seen: Observed, record: dict[str, Any], out: Any,
              say: Any) -> None:
    """Create the agent (once), or refresh its files when this installer made it."""
    exists = any(a.get("id") == AGENT_ID for a in seen.agents)
    entry = record.get("agent") or {}
    if exists and not entry.get("created"):
        out.not_done.append("agent 'hippocampus' exists and was not made by this installer: left alone")
        return
    workspace = Path(entry.get("workspace") or agent_workspace(seen))
    if not exists:
        say("Adding the background agent (this makes the install a multi-agent roster) ...")
        before = read_config(seen.config_file) or {}
        claw.agents_add(AGENT_ID, workspace, seen.default_model)
        after = read_config(seen.config_file) or {}
        entry = {"id": AGENT_ID, "created": True, "workspace": str(workspace),
                 "configChanges": config_changes(before, after)}
        record["agent"] = entry
    entry["files"] = write_agent_files(opts, seen, workspace)
    out.done.append(f"background agent '{AGENT_ID}' ready, workspace {workspace}")


def remove_agent(claw: OpenClaw, entry: dict[str, Any], config_file: Path | None, out: Any) -> None:
    """Delete the agent, then restore each roster setting `agents add` changed, if still as it left it."""
    if any(a.get("id") == AGENT_ID for a in claw.agents_list()):
        claw.agents_delete(AGENT_ID)
    out.done.append(f"agent '{AGENT_ID}' deleted (OpenClaw moved its workspace to the Trash)")
    current = read_config(config_file)
    for change in reversed(entry.get("configChanges", [])):
        now = lookup(current, change["path"])
        if now is MISSING and not change["hasAfter"] and change["hadBefore"]:
            claw.config_set(change["path"], change["before"])
        elif now is not MISSING and change["hasAfter"] and now == change["after"]:
            if change["hadBefore"]:
                claw.config_set(change["path"], change["before"])
            else:
                claw.config_unset(change["path"])
        else:
            continue
        out.done.append(f"restored {change['path']}")
