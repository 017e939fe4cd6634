"""Undo an install from its record: jobs, agent, plugin, settings; memories stay unless `--purge`."""

from __future__ import annotations

import copy
import os
import shutil
from pathlib import Path
from typing import Any

from hippocampus.errors import OpenClawError
from hippocampus.installer import patches
from hippocampus.installer.apply import VENV_MARKER, Outcome, Say
from hippocampus.installer.names import PLUGIN_ID
from hippocampus.installer.plan import Step, has_item
from hippocampus.installer.record import record_path, save_record
from hippocampus.openclaw.cli import OpenClaw, command_line
from hippocampus.store import user_cache
from hippocampus.store.workspace import openclaw_config_file


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

    scope = _workers_config(record)
    pids = workers.running(skill_dir, scope) if scope is not None else []
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
        steps.append(
            Step(
                "purge",
                "delete the cache of vectors derived from the shipped texts (no memory)",
                str(user_cache.folder()),
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
    scope = _workers_config(record)  # before the undo: it reads the plugin the record wired
    if touched and claw is not None:
        _undo_openclaw(claw, record, workspace, out, say)
    elif touched:
        out.failed = True
        out.not_done.append("`openclaw` is not on PATH: the OpenClaw changes in the record cannot be undone")
        return
    if out.not_done:
        save_record(workspace, record)
        return
    if scope is not None:
        _stop_workers(skill_dir, scope, out)
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
        from hippocampus.installer.apply import gateway_jobs

        listed = gateway_jobs(claw)  # retried: a Gateway restarts itself for a few seconds after a config write
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
    config_file = _config_file(record)
    if agent.get("created"):
        from hippocampus.installer.agent import remove_agent

        say("Deleting the background agent ...")
        remove_agent(claw, agent, config_file, out)
        record.pop("agent")
    plugin = record.get("plugin") or {}
    if plugin.get("installed"):
        try:
            claw.plugin_uninstall(PLUGIN_ID)
            out.done.append("plugin 'hippocampus' uninstalled")
        except OpenClawError as exc:
            if "not found" not in str(exc).lower():  # already gone (by hand): nothing to undo there
                raise
    extra = record.get("extraPaths") or {}
    patch = _settings_patch(claw, record, config_file)
    if patch:
        out.hint = claw.config_patch(patch)
    if plugin.get("entrySet") or plugin.get("installed"):
        record.pop("plugin", None)
    if extra.get("added"):
        out.done.append(f"{extra['item']} removed from {extra['key']}")
    record.pop("extraPaths", None)


def _settings_patch(claw: OpenClaw, record: dict[str, Any], config_file: Path | None) -> dict[str, Any]:
    """The one `config patch` that undoes the install's settings (read after `plugins uninstall`, which
    rewrites `plugins` itself): `plugins.entries.hippocampus` as it was, `plugins` as a whole as it was
    where the record has it (no `plugins: {entries: {}}` left behind), our extraPaths item removed and
    the objects that held only it; every other key as it is now."""
    plugin = record.get("plugin") or {}
    extra = record.get("extraPaths") or {}
    tops = (["plugins"] if plugin.get("entrySet") or plugin.get("installed") else []) + (
        [extra["key"].split(".")[0]] if extra.get("added") else []
    )
    now = _current(claw, config_file, tops)
    desired = copy.deepcopy(now)
    if "plugins" in tops:
        entries = desired.setdefault("plugins", {}).setdefault("entries", {})
        entries.pop(PLUGIN_ID, None)
        if plugin.get("entryBefore") is not None:
            entries[PLUGIN_ID] = plugin["entryBefore"]
        if "pluginsBefore" in plugin:  # an older record: only what the undo emptied goes
            before = patches.MISSING if plugin["pluginsBefore"] is None else plugin["pluginsBefore"]
        else:
            before = {k: v for k, v in now.get("plugins", {}).items() if k != "entries"} or patches.MISSING
        desired["plugins"] = patches.pruned(desired["plugins"], before)
    if extra.get("added"):
        *parents, last = extra["key"].split(".")
        holder = patches.lookup(desired, ".".join(parents))
        items = holder.get(last) if isinstance(holder, dict) else None
        if isinstance(items, list) and has_item(items, extra["item"]):
            kept = [i for i in items if not has_item([i], extra["item"])]
            if kept or extra.get("before") is not None:
                holder[last] = kept
            else:
                holder.pop(last)
                for depth in range(len(parents), 0, -1):  # the objects that held only it, deepest first
                    path = ".".join(parents[:depth])
                    if patches.lookup(desired, path) == {}:
                        parent = patches.lookup(desired, ".".join(parents[: depth - 1])) if depth > 1 else desired
                        parent.pop(parents[depth - 1])
    patch = {}
    for top in tops:
        part = patches.merge_patch(now.get(top, patches.MISSING), desired.get(top, patches.MISSING))
        if part is not patches.MISSING:
            patch[top] = part
    return patch


def _current(claw: OpenClaw, config_file: Path | None, tops: list[str]) -> dict[str, Any]:
    """The config's top-level objects `tops`, read from the file when it is plain JSON (no `openclaw`
    call), else asked of OpenClaw."""
    from hippocampus.installer.apply import UNREADABLE, read_config
    from hippocampus.openclaw.cli import SET

    data = read_config(config_file) if config_file is not None else UNREADABLE
    if isinstance(data, dict):
        return {top: data[top] for top in tops if top in data}
    found: dict[str, Any] = {}
    for top in tops:
        state, value = claw.config_get(top)
        if state == SET:
            found[top] = value
    return found


def _config_file(record: dict[str, Any]) -> Path | None:
    """The OpenClaw config the install changed (None in an older record): the agent and settings are undone
    there (its Gateways' workers: `_workers_config`)."""
    return Path(record["configFile"]) if record.get("configFile") else None


def _workers_config(record: dict[str, Any]) -> Path | None:
    """The OpenClaw config whose Gateways' hook workers an uninstall stops: the one the install changed. None
    (stop none) when the install wired no plugin (no `openclaw` on PATH): no Gateway loads this skill by its
    doing, and a worker of the same folder serves a wiring made by hand or another OpenClaw (the suite's CI
    found it: such an uninstall, run from the repository, stopped every worker of the repository, a real
    Gateway's beside it too). A record older than `configFile` that wired the plugin: the config OpenClaw
    reads in this environment, assumed to be the one that install found."""
    if record.get("configFile"):
        return Path(record["configFile"])
    if record.get("plugin"):
        return Path(openclaw_config_file(os.environ))
    return None


def _stop_workers(skill_dir: Path, config_file: Path, out: Outcome) -> None:
    """No hook worker of this skill outlives the plugin on this OpenClaw config (hippocampus/openclaw/workers.py
    says how they are found); one still alive after SIGKILL, or restarted by a Gateway that kept the plugin
    loaded, is said."""
    from hippocampus.openclaw import workers

    found, left = workers.stop(skill_dir, config_file)
    if found:
        out.done.append(f"stopped {len(found) - len(left)} hook worker(s) of this skill")
    again = sorted(set(left) | set(workers.running(skill_dir, config_file)))
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
    for folder in reversed(link.get("createdDirs") or []):  # `~/.local/bin` when the install made it
        try:
            Path(folder).rmdir()  # only when empty: anything put there since stays, with its folder
            out.done.append(f"removed the empty folder {folder} the install created")
        except OSError:
            break
    record.pop("cliLink", None)


def _purge(record: dict[str, Any], workspace: Path, skill_dir: Path, out: Outcome) -> None:
    """Delete the memories and the files generated from them (only with --purge)."""
    shutil.rmtree(workspace / "memory", ignore_errors=True)
    for name in ("HIPPOCAMPUS_CORE.md", "brain-dashboard.html"):
        (workspace / name).unlink(missing_ok=True)
    if user_cache.remove():
        out.done.append(f"deleted {user_cache.folder()}")
    venv = created_venv(record, skill_dir)
    if venv is not None:
        shutil.rmtree(venv, ignore_errors=True)
        out.done.append(f"deleted {venv}")
    out.done.append(f"purged memories in {workspace}")
