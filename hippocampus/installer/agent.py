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

from hippocampus.installer.inputs import Observed, Options
from hippocampus.installer.names import AGENT_ID, python_argv
from hippocampus.installer.patches import MISSING, config_changes, lookup, merged, nest, new_objects
from hippocampus.installer.plan import agent_workspace
from hippocampus.openclaw.cli import OpenClaw


def read_config(path: Path | None) -> dict[str, Any] | None:
    """openclaw.json as written by OpenClaw's own writer (plain JSON), or None if unreadable."""
    if path is None:
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError, UnicodeDecodeError):
        return None
    return data if isinstance(data, dict) else None


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


def add_agent(claw: OpenClaw, opts: Options, seen: Observed, record: dict[str, Any], out: Any, say: Any) -> None:
    """Create the agent (once), or refresh its files when this installer made it."""
    exists = seen.agent_exists
    entry = record.get("agent") or {}
    if exists and not entry.get("created"):
        out.not_done.append("agent 'hippocampus' exists and was not made by this installer: left alone")
        return
    workspace = Path(entry.get("workspace") or agent_workspace(seen))
    if not exists:
        say("Adding the background agent (this makes the install a multi-agent roster) ...")
        before = read_config(seen.config_file) if seen.config_exists else {}
        claw.agents_add(AGENT_ID, workspace, seen.default_model)
        after = read_config(seen.config_file)
        entry = {"id": AGENT_ID, "created": True, "workspace": str(workspace), "configChanges": [], "newObjects": []}
        if before is not None and after is not None:
            entry.update(configChanges=config_changes(before, after), newObjects=new_objects(before, after))
        else:  # a JSON5 file OpenClaw had not rewritten yet: never guess what to undo
            out.not_done.append(
                "could not compare openclaw.json around `agents add`: its roster settings "
                "will not be restored by --uninstall"
            )
        record["agent"] = entry
    entry["files"] = write_agent_files(opts, seen, workspace)
    out.done.append(f"background agent '{AGENT_ID}' ready, workspace {workspace}")


def remove_agent(claw: OpenClaw, entry: dict[str, Any], config_file: Path | None, out: Any) -> None:
    """Delete the agent, then restore each roster setting `agents add` changed, if still as it left it."""
    if any(a.get("id") == AGENT_ID for a in claw.agents_list()):
        claw.agents_delete(AGENT_ID)
    out.done.append(f"agent '{AGENT_ID}' deleted (OpenClaw moved its workspace to the Trash)")
    current = read_config(config_file)
    patch: dict[str, Any] = {}
    restored, kept = [], []
    for change in entry.get("configChanges", []):
        if change["path"].startswith("agents.entries."):
            kept.append(change["path"])  # OpenClaw drops roster entries only through `agents delete`
            continue
        now = lookup(current, change["path"])
        untouched = now == change["after"] if change["hasAfter"] else now is MISSING
        if untouched:  # only what is still as `agents add` left it
            patch = merged(patch, nest(change["path"], change["before"] if change["hadBefore"] else None))
            restored.append(change["path"])
    if patch:
        claw.config_patch(patch)
    current = read_config(config_file)
    empty = [p for p in entry.get("newObjects", []) if lookup(current, p) == {}]
    prune: dict[str, Any] = {}
    for path in sorted(empty, key=lambda p: p.count(".")):
        if not any(path.startswith(q + ".") for q in empty if q != path):
            prune = merged(prune, nest(path, None))
    if prune:
        claw.config_patch(prune)
    if restored:
        out.done.append("restored roster settings: " + ", ".join(restored))
    if kept:
        out.done.append(
            "kept " + ", ".join(kept) + " (OpenClaw removes roster entries only with `agents delete`; "
            "an entry for your own agent behaves like the implicit default)"
        )
