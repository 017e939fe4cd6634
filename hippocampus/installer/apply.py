"""Carry out an install plan step by step, writing the install record after each OpenClaw change.

Every OpenClaw change goes through its CLI (`openclaw.OpenClaw`); every memory-store change
goes through the venv's `hippocampus` CLI, so this module stays standard-library only.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from hippocampus.errors import OpenClawError
from hippocampus.installer import patches
from hippocampus.installer.cron import cron_jobs
from hippocampus.installer.inputs import Observed, Options
from hippocampus.installer.names import AGENT_ID, PLUGIN_ID, python_argv
from hippocampus.installer.plan import (
    agent_workspace,
    backup_name,
    core_item,
    has_item,
    plugin_entry,
)
from hippocampus.installer.record import new_record, save_record
from hippocampus.openclaw.cli import OpenClaw, command_line


@dataclass
class Outcome:
    """What was done, what was not, and the commands a person still has to run."""

    done: list[str] = field(default_factory=list)
    not_done: list[str] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)
    failed: bool = False
    hint: str | None = None
    """What OpenClaw said its config write needs (`cli.restart_hint`; "" when it said none of its hints);
    None when nothing was written. The closing line goes by it."""


Say = Callable[[str], None]
VENV_MARKER = "created-by-hippocampus-installer"
"""A file in `<skill>/.venv` when the installer made it, so `--uninstall --purge` knows it may delete it."""


def stamp() -> str:
    """Now, for the record (the installer is an edge: it may read the clock)."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def run_python(python: Path, *args: str, timeout: float = 1800) -> subprocess.CompletedProcess[str]:
    """Run the venv's interpreter with an argument list."""
    return subprocess.run([str(python), *args], capture_output=True, text=True, timeout=timeout, check=False)


def make_venv(opts: Options, seen: Observed, say: Say) -> None:
    """Create `<skill>/.venv` if needed and pip-install the skill into it (editable with --link)."""
    venv = opts.skill_dir / ".venv"
    if not seen.python.exists():
        say(f"Creating {venv} ...")
        made = subprocess.run([sys.executable, "-m", "venv", str(venv)], capture_output=True, text=True, check=False)
        if made.returncode != 0 or not seen.python.exists():
            raise OpenClawError(
                f"python3 -m venv failed ({made.stderr.strip()[-500:]}); on Debian/Ubuntu "
                "install the venv module first: apt-get install python3-venv"
            )
        (venv / VENV_MARKER).write_text("This virtual environment was created by Hippocampus's install.py.\n")
    from hippocampus.installer.recall_mode import SEMANTIC_PACKAGES, semantic_install

    spec = str(opts.skill_dir) + ("[semantic]" if semantic_install(opts) else "")
    target = ["-e", spec] if opts.link else [spec]
    say("Installing the hippocampus package into the venv (pip) ...")
    # pip builds a local folder in place, leaving build/ and *.egg-info/ in the skill: removed again
    # unless they were there before (a developer's checkout).
    leftovers = [opts.skill_dir / "build", opts.skill_dir / "hippocampus.egg-info"]
    existed = {path for path in leftovers if path.exists()}
    # pip always rebuilds a local folder, so a re-run picks up an updated skill.
    pip = run_python(
        seen.python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-input", *target
    )
    if not opts.link:  # an editable install needs its egg-info
        for path in leftovers:
            if path not in existed:
                shutil.rmtree(path, ignore_errors=True)
    if pip.returncode != 0:
        raise OpenClawError(f"pip install failed: {pip.stderr.strip()[-1500:]}")
    if not opts.semantic:  # the opt-out holds on a venv that had the model: recall is lexical
        run_python(seen.python, "-m", "pip", "uninstall", "--quiet", "--yes", *SEMANTIC_PACKAGES)


def hippocampus(seen: Observed, *command: str) -> subprocess.CompletedProcess[str]:
    """Run one `hippocampus` command in the venv against the workspace."""
    argv = python_argv(seen.python, seen.workspace, *command)
    return run_python(Path(argv[0]), *argv[1:])


def setup_store(opts: Options, seen: Observed, out: Outcome, say: Say) -> None:
    """Backfill history (if asked and available), then initialise memory/ and write the core file."""
    if opts.whole or opts.signals > 0:
        amount = ["--whole"] if opts.whole else ["--signals", str(opts.signals)]
        state = ["--state-dir", str(seen.config_file.parent)] if seen.config_file else []
        say("Reading history (read-only) ...")
        done = hippocampus(seen, "preprocess", "--agent", opts.agent, *state, *amount, "--encode")
        if done.returncode == 0:
            out.done.append(f"history backfill: {done.stdout.strip()[-300:]}")
        else:
            out.not_done.append(f"history backfill failed: {done.stderr.strip()[-300:]}")
    init = hippocampus(seen, "init", "--json")
    if init.returncode != 0:
        raise OpenClawError(f"hippocampus init failed: {init.stderr.strip()[-1000:]}")
    out.done.append(f"memory store ready at {seen.workspace / 'memory'}")
    say(f"Memory store ready: {seen.workspace / 'memory'}")


def base_record(opts: Options, seen: Observed) -> dict[str, Any]:
    """The record's common part (kept from an earlier run where there is one), saved before any OpenClaw change."""
    record = new_record(seen.record)
    record.update(
        {
            "skillDir": str(opts.skill_dir),
            "workspace": str(seen.workspace),
            "python": str(seen.python),
            "agentId": opts.agent,
            "openclawVersion": seen.version or None,
            "updatedAt": stamp(),
        }
    )
    record.pop("uninstalled", None)
    record.setdefault("installedAt", stamp())
    record.setdefault(
        "venv", {"path": str(opts.skill_dir / ".venv"), "created": not opts.python and not seen.venv_exists}
    )
    if seen.config_file:
        record.setdefault("configFile", str(seen.config_file))
    save_record(seen.workspace, record)
    return record


def link_cli(opts: Options, seen: Observed, out: Outcome, say: Say) -> None:
    """Put `hippocampus` on PATH: a link in `~/.local/bin` to the venv's command (recorded; undone by
    `--uninstall`), unless something else already has that name. Always says the exact path."""
    record = base_record(opts, seen)
    target = seen.python.parent / "hippocampus"
    link = cli_link_path()
    if link.is_symlink() and str(link.readlink()) == str(target):
        made = (record.get("cliLink") or {}).get("createdDirs", [])  # a re-run keeps what the first made
        record["cliLink"] = {"path": str(link), "target": str(target), "created": True, "createdDirs": made}
    elif not link.exists() and not link.is_symlink() and target.exists():
        made = [str(p) for p in reversed([link.parent, *link.parent.parents]) if not p.exists()]
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(target)
        record["cliLink"] = {"path": str(link), "target": str(target), "created": True, "createdDirs": made}
        out.done.append(f"command link {link} -> {target}")
    else:
        out.done.append(f"{link} exists and is not ours: left alone; the CLI is {target}")
    save_record(seen.workspace, record)
    seen.record = record  # the later steps build on this record, not on the one found at the start
    on_path = str(link.parent) in os.environ.get("PATH", "").split(os.pathsep)
    say(f"The CLI: {target}" + ("" if on_path else f" (add {link.parent} to PATH to type just `hippocampus`)"))


def cli_link_path() -> Path:
    """Where the `hippocampus` command link goes: `~/.local/bin`, the XDG user bin folder on PATH."""
    return Path.home() / ".local" / "bin" / "hippocampus"


def wire_openclaw(claw: OpenClaw, opts: Options, seen: Observed, out: Outcome, say: Say) -> dict[str, Any]:
    """Plugin, config, extraPaths, cron jobs and the agent; returns the updated record."""
    record = base_record(opts, seen)

    def save() -> None:
        save_record(seen.workspace, record)

    save()
    if seen.config_file and seen.config_exists:
        backup = backup_name(seen.config_file)
        if not backup.exists():
            shutil.copy2(seen.config_file, backup)
            say(f"Backed up {seen.config_file} to {backup} (OpenClaw's writer drops JSON5 comments).")
        record.setdefault("backup", str(backup))
    if opts.with_cron:  # before the plugin: config writes make a running Gateway restart itself
        _cron(claw, opts, seen, record, out)
        save()
    plugin = record.setdefault("plugin", {"entryBefore": seen.entry_before, "wasInstalled": seen.plugin_installed})
    if "pluginsBefore" not in plugin and seen.config_file is not None:
        current = read_config(seen.config_file)
        if current is not UNREADABLE:  # so `--uninstall` restores `plugins` exactly (None: there was none)
            plugin["pluginsBefore"] = current.get("plugins")
    if seen.plugin_current:
        out.done.append("plugin 'hippocampus' already installed from this folder (unchanged)")
    else:
        claw.plugin_install(opts.skill_dir / "hooks", link=opts.link)
        out.done.append("plugin 'hippocampus' installed")
    plugin.update({"installed": True, "mode": "link" if opts.link else "copy"})
    save()
    entry = plugin_entry(opts, seen)
    patch: dict[str, Any] = {}  # the settings in one `config patch`: one validated write, one reload
    if patches.merged(seen.entry_before, entry) != seen.entry_before:
        patch = {"plugins": {"entries": {PLUGIN_ID: entry}}}
        out.done.append("plugins.entries.hippocampus: enabled, conversation access, venv interpreter")
    patch = patches.merged(patch, _extra_paths(seen, record, out))
    if patch:
        out.hint = claw.config_patch(patch)
    plugin["entrySet"] = True
    save()
    if opts.with_agent:
        from hippocampus.installer.agent import add_agent

        add_agent(claw, opts, seen, record, out, say)
        save()
    if opts.with_cron and (opts.with_llm_summaries or opts.with_reflection):  # after the agent it runs as exists
        _cron(claw, opts, seen, record, out, agent_turns=True)
        save()
    return record  # no `config validate`: `config patch` refuses a result that does not validate


def _extra_paths(seen: Observed, record: dict[str, Any], out: Outcome) -> dict[str, Any]:
    """The patch that appends HIPPOCAMPUS_CORE.md to the memory-search extra paths, keeping what is there
    (an array replaces as a whole); {} when it is listed already."""
    item = core_item(seen)
    entry = record.setdefault(
        "extraPaths", {"key": seen.extra_key, "item": item, "before": seen.extra_before, "added": False}
    )
    current = seen.extra_before
    if has_item(current, item):
        return {}
    entry["added"] = True
    out.done.append(f"{seen.extra_key} += {item}")
    return patches.nest(seen.extra_key, [*(current or []), item])


UNREADABLE = object()
"""`read_config`'s answer for a file that is not plain JSON (a hand-edited JSON5 file)."""


def read_config(path: Path) -> Any:
    """OpenClaw's config as a dict, read from the file (OpenClaw's own writer leaves plain JSON): no
    `openclaw` call, each of which starts Node for seconds; `UNREADABLE` when it is not plain JSON."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError):
        return UNREADABLE
    return data if isinstance(data, dict) else UNREADABLE


def _cron(
    claw: OpenClaw, opts: Options, seen: Observed, record: dict[str, Any], out: Outcome, agent_turns: bool = False
) -> None:
    """Register (or update, by declaration key) the command jobs, or the agent-turn ones; print them when no
    Gateway answers."""
    jobs = record.setdefault("cron", {})
    if seen.cron_jobs is None:
        seen.cron_jobs = gateway_jobs(claw, tries=3 if seen.gateway_open else 1)
    for job in cron_jobs(opts, seen):
        if bool(job.message) != agent_turns:
            continue
        args = ["cron", "add", *job.add_args()]
        registered: dict[str, Any] | None = None
        why = "no Gateway reachable"
        if seen.cron_jobs is not None:
            try:
                registered = add_job(claw, job.add_args())
            except OpenClawError as exc:
                why = str(exc)
        if registered is None:
            jobs.setdefault(job.key, {})
            jobs[job.key].update({"done": jobs[job.key].get("done", False), "command": command_line(args)})
            out.not_done.append(f"cron job {job.key}: {why}")
            out.commands.append(command_line(args))
            continue
        jobs[job.key] = {"done": True, "id": registered.get("id"), "name": job.name, "schedule": job.schedule}
        out.done.append(f"cron job {job.key} ({job.schedule} UTC) id {registered.get('id')}")


def gateway_restarting(message: str) -> bool:
    """Whether an `openclaw` failure is a Gateway restarting itself after a config write: it refuses
    connections (ECONNREFUSED, "not reachable"), or, while it shuts down, answers the websocket upgrade
    with HTTP 503 "Gateway websocket admission closed"."""
    return any(w in message for w in ("not reachable", "ECONNREFUSED", "closed", "restart"))


def add_job(claw: OpenClaw, args: list[str], tries: int = 4, delay: float = 5.0) -> dict[str, Any]:
    """`cron add`, retried while a Gateway restarts itself after the installer's config writes."""
    for attempt in range(tries):
        try:
            return claw.cron_add(args)
        except OpenClawError as exc:
            if not gateway_restarting(str(exc)) or attempt == tries - 1:
                raise
            time.sleep(delay)
    raise OpenClawError("unreachable")


def gateway_jobs(claw: OpenClaw, tries: int = 3, delay: float = 5.0) -> list[dict[str, Any]] | None:
    """The cron job list, retrying briefly: a Gateway restarts itself for a few seconds after config writes."""
    for attempt in range(tries):
        jobs = claw.cron_list()
        if jobs is not None or attempt == tries - 1:
            return jobs
        time.sleep(delay)
    return None


def offline_commands(opts: Options, seen: Observed) -> list[str]:
    """What to run once OpenClaw is installed (printed when there is no `openclaw`)."""
    entry = json.dumps({"plugins": {"entries": {PLUGIN_ID: plugin_entry(opts, seen)}}})
    lines = [
        command_line(["plugins", "install", str(opts.skill_dir / "hooks"), "--force", "--accept-capabilities"]),
        f"echo {shlex.quote(entry)} | openclaw config patch --stdin",
        "openclaw config get memory.search.extraPaths --json   # then append: " + core_item(seen),
    ]
    if opts.with_cron:
        lines += [command_line(["cron", "add", *j.add_args()]) for j in cron_jobs(opts, seen)]
    if opts.with_agent:
        lines.append(
            command_line(
                ["agents", "add", AGENT_ID, "--non-interactive", "--workspace", str(agent_workspace(seen)), "--json"]
            )
        )
    lines.append(f"# or simply re-run: python3 {opts.skill_dir / 'install.py'} once openclaw is on PATH")
    return lines
