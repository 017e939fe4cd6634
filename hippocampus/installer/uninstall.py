"""Undo an install from its record: jobs, agent, plugin, settings; memories stay unless `--purge`."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from hippocampus.installer.apply import VENV_MARKER, Outcome, Say
from hippocampus.installer.names import PLUGIN_ID
from hippocampus.installer.plan import Step, has_item
from hippocampus.installer.record import record_path, save_record
from hippocampus.openclaw.cli import OpenClaw, command_line


def created_venv(record: dict[str, Any], skill_dir: Path) -> Path | None:
    """The venv this installer created: named by the record, else by the marker it left in `<skill>/.venv`."""
    venv = record.get("venv") or {}
    if venv.get("created") and venv.get("path"):
        return Path(venv["path"])
    default = skill_dir / ".venv"
    return default if (default / VENV_MARKER).is_file() else None


def uninstall_steps(record: dict[str, Any] | None, purge: bool, workspace: Path, skill_dir: Path) -> list[Step]:
    """What `--uninstall` will undo, from the record alone.

    After a plain `--uninstall` (the record is gone), `--uninstall --purge` still deletes the memories,
    and the venv when its marker file says the installer created it (`VENV_MARKER`).
    """
    if not record and not purge:
        return [
            Step(
                "record",
                "no install record: nothing to undo (your memories are kept: --purge deletes them)",
                str(record_path(workspace)),
                skip=True,
            )
        ]
    record = record or {}
    steps = [
        Step("cron", f"remove cron job {key}", str(job.get("id", "")))
        for key, job in record.get("cron", {}).items()
        if job.get("done")
    ]
    agent = record.get("agent") or {}
    if agent.get("created"):
        changed = ", ".join(c["path"] for c in agent.get("configChanges", []))
        steps.append(
            Step(
                "agent",
                "delete the background agent and restore the roster settings it changed",
                agent.get("workspace", ""),
                note=changed,
            )
        )
    plugin = record.get("plugin") or {}
    if plugin.get("installed"):
        steps.append(Step("plugin", "uninstall the plugin 'hippocampus'", PLUGIN_ID))
    if plugin.get("entrySet") and plugin.get("entryBefore") is None:
        steps.append(
            Step("config", "remove plugins.entries.hippocampus (absent before the install)", "plugins.entries")
        )
    elif plugin.get("entrySet"):
        steps.append(
            Step(
                "config",
                "restore plugins.entries.hippocampus to its value before the install",
                "plugins.entries.hippocampus",
                new=plugin.get("entryBefore"),
            )
        )
    extra = record.get("extraPaths") or {}
    if extra.get("added"):
        steps.append(Step("config", f"remove {extra.get('item')} from {extra.get('key')}", extra.get("key", "")))
    link = record.get("cliLink") or {}
    if link.get("created"):
        steps.append(Step("file", "remove the `hippocampus` command link", link.get("path", "")))
    from hippocampus.openclaw import workers

    pids = workers.running(skill_dir)
    if pids:
        steps.append(
            Step(
                "process",
                f"stop this skill's hook worker{'s' if len(pids) > 1 else ''} still running",
                ", ".join(f"pid {pid}" for pid in pids),
                note="the Gateway's bridge stops it when the plugin goes; if it has not by then, SIGTERM",
            )
        )
    if purge:
        steps.append(
            Step(
                "purge",
                "DELETE every memory: memory/, HIPPOCAMPUS_CORE.md, brain-dashboard.html",
                str(workspace / "memory"),
            )
        )
        venv = created_venv(record, skill_dir)
        if venv is not None:
            steps.append(Step("purge", "delete the virtual environment the installer created", str(venv)))
    else:
        steps.append(
            Step(
                "keep",
                "keep your memories (memory/, HIPPOCAMPUS_CORE.md); --purge deletes them",
                str(workspace / "memory"),
                skip=True,
            )
        )
    return steps


def uninstall(
    claw: OpenClaw | None,
    record: dict[str, Any],
    workspace: Path,
    skill_dir: Path,
    purge: bool,
    out: Outcome,
    say: Say,
) -> None:
    """Reverse the record, saving what is still left to undo when something cannot be done."""
    touched = any(record.get(k) for k in ("plugin", "extraPaths", "agent")) or record.get("cron")
    if touched and claw is not None:
        _undo_openclaw(claw, record, workspace, out, say)
    elif touched:
        out.failed = True
        out.not_done.append("`openclaw` is not on PATH: the OpenClaw changes in the record cannot be undone")
        return
    if out.not_done:
        save_record(workspace, record)
        return
    _stop_workers(skill_dir, out)
    _remove_cli_link(record, out)
    record_path(workspace).unlink(missing_ok=True)
    if purge:
        _purge(record, workspace, skill_dir, out)
    backup = record.get("backup")
    if backup and Path(backup).exists():
        out.done.append(
            f"kept {backup} (your openclaw.json before the install, with its comments); delete it when done"
        )


def _undo_openclaw(claw: OpenClaw, record: dict[str, Any], workspace: Path, out: Outcome, say: Say) -> None:
    """Jobs first (they need a Gateway), then agent, plugin and settings."""
    jobs = {k: j for k, j in record.get("cron", {}).items() if j.get("done")}
    if jobs:
        listed = claw.cron_list()
        if listed is None:
            for key, job in jobs.items():
                out.not_done.append(f"cron job {key}: no Gateway reachable")
                out.commands.append(command_line(["cron", "rm", str(job.get("id"))]))
        else:
            ids = {j.get("declarationKey"): j.get("id") for j in listed}
            for key in jobs:
                job_id = ids.get(key)
                if job_id:
                    claw.cron_rm(str(job_id))
                out.done.append(f"cron job {key} removed")
                record["cron"].pop(key)
    record["cron"] = {k: j for k, j in record.get("cron", {}).items() if j.get("done")}
    agent = record.get("agent") or {}
    config_file = Path(record["configFile"]) if record.get("configFile") else None
    if agent.get("created"):
        from hippocampus.installer.agent import remove_agent

        say("Deleting the background agent ...")
        remove_agent(claw, agent, config_file, out)
        record.pop("agent")
    plugin = record.get("plugin") or {}
    if plugin.get("installed") and claw.plugin_inspect(PLUGIN_ID) is not None:
        claw.plugin_uninstall(PLUGIN_ID)
        out.done.append("plugin 'hippocampus' uninstalled")
    if plugin.get("entrySet") or plugin.get("installed"):
        from hippocampus.openclaw.cli import SET

        state, _ = claw.config_get(f"plugins.entries.{PLUGIN_ID}")
        if plugin.get("entryBefore") is None:
            if state == SET:
                claw.config_unset(f"plugins.entries.{PLUGIN_ID}")
        else:
            claw.config_set(f"plugins.entries.{PLUGIN_ID}", plugin["entryBefore"])
        record.pop("plugin", None)
    extra = record.get("extraPaths") or {}
    if extra.get("added"):
        _remove_extra_path(claw, extra)
        out.done.append(f"{extra['item']} removed from {extra['key']}")
    record.pop("extraPaths", None)
    _prune_empty(claw, ("plugins.entries", "plugins", "memory.search", "memory"))
    valid, detail = claw.config_validate()
    if not valid:
        out.failed = True
        out.not_done.append(f"openclaw config validate fails: {detail}")


def _prune_empty(claw: OpenClaw, paths: tuple[str, ...]) -> None:
    """Unset the objects our undo left empty (`plugins.entries: {}`, `memory.search: {}`), deepest first.

    `config unset` of a leaf keeps its parents; an empty object there means nothing to OpenClaw.
    """
    from hippocampus.openclaw.cli import SET

    for path in paths:
        state, value = claw.config_get(path)
        if state == SET and value == {}:
            claw.config_unset(path)


def _remove_extra_path(claw: OpenClaw, extra: dict[str, Any]) -> None:
    """Drop our item from the list, keeping every other; unset the key if we created it and it is empty."""
    from hippocampus.openclaw.cli import SET

    state, value = claw.config_get(extra["key"])
    items = list(value) if state == SET and isinstance(value, list) else []
    if not has_item(items, extra["item"]):
        return
    kept = [i for i in items if not has_item([i], extra["item"])]
    if not kept and extra.get("before") is None:
        claw.config_unset(extra["key"])
    else:
        claw.config_set(extra["key"], kept)


def _stop_workers(skill_dir: Path, out: Outcome) -> None:
    """No hook worker of this skill outlives the plugin (hippocampus/openclaw/workers.py says how they are
    found); one still alive after SIGKILL, or restarted by a Gateway that kept the plugin loaded, is said."""
    from hippocampus.openclaw import workers

    found, left = workers.stop(skill_dir)
    if found:
        out.done.append(f"stopped {len(found) - len(left)} hook worker(s) of this skill")
    again = sorted(set(left) | set(workers.running(skill_dir)))
    if again:
        out.done.append(
            f"hook worker(s) {', '.join(map(str, again))} still run: a Gateway keeps the plugin loaded; restart it"
        )


def _remove_cli_link(record: dict[str, Any], out: Outcome) -> None:
    """Remove the `hippocampus` link the installer made, if it still is that link."""
    link = record.get("cliLink") or {}
    path = Path(link.get("path", "")) if link.get("created") else None
    if path is not None and path.is_symlink() and str(path.readlink()) == link.get("target"):
        path.unlink()
        out.done.append(f"removed the command link {path}")
    record.pop("cliLink", None)


def _purge(record: dict[str, Any], workspace: Path, skill_dir: Path, out: Outcome) -> None:
    """Delete the memories and the files generated from them (only with --purge)."""
    shutil.rmtree(workspace / "memory", ignore_errors=True)
    for name in ("HIPPOCAMPUS_CORE.md", "brain-dashboard.html"):
        (workspace / name).unlink(missing_ok=True)
    venv = created_venv(record, skill_dir)
    if venv is not None:
        shutil.rmtree(venv, ignore_errors=True)
        out.done.append(f"deleted {venv}")
    out.done.append(f"purged memories in {workspace}")
